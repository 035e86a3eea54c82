//! Solitaire Yahtzee: one player, five dice, thirteen turns, the expected final score to
//! maximise (254.5896 with optimal play: Verhoeff, "How to maximize your score in solitaire
//! Yahtzee", 1999; Glenn, "An optimal strategy for Yahtzee", 2006).
//!
//! A turn rolls the five dice, then twice may roll again any of them (keeping all five skips
//! the roll), then scores the five in an empty box of the [`Card`] (the rules as Verhoeff
//! states them: an assembly phase of a roll and two modification attempts, then a scoring
//! phase; the Joker rule and both bonuses included: [`Card::may_score`], [`Card::points`]).
//! Every move keeps the turn: the game is a [`ChanceGame`] with one side, whose value is the
//! expected score still to come.
//!
//! # The rules as moves
//!
//! The dice are rolled one at a time (a chance node of six faces, each of weight 1), and the
//! dice to roll again are set aside one at a time ([`YahtzeeMove::Drop`]) before the roll
//! ([`YahtzeeMove::Roll`]). Both leave the values of the game as its rules have them:
//!
//! - *Rolling one die at a time.* Dice rolled together and dice rolled one after the other
//!   show the same multiset with the same chance (the dice are independent and the order is
//!   forgotten), and nothing is decided between the dice of one roll, so the expected value
//!   after a roll is the same mean either way.
//! - *Dropping one die at a time.* The dice kept for a roll are any sub-multiset of the five
//!   rolled; dropping one die at a time reaches each of them (drop what is not kept, in any
//!   order) and nothing else, and dropping decides nothing else, so the best over the ways
//!   to drop is the best over the keeps.
//!
//! A box is scored after the third roll: scoring sooner is keeping all five twice
//! ([`YahtzeeMove::Roll`] with none set aside), so the five dice of a turn are scored from one
//! position, not three.
//!
//! What it buys: the mean over a roll of `k` dice is taken a die at a time through the
//! multisets between (462 multisets of up to five dice, six faces each), not over the up to
//! 252 outcomes of each keep, and the best keep likewise (Glenn's and every fast solver's
//! sharing, here from the rules alone).
//!
//! # Solved
//!
//! [`ByTurns`] numbers the positions in tiers by the boxes filled and the step of the turn;
//! [`Retrograde::solve_expected`](crate::Retrograde::solve_expected) then values every one,
//! and the start is worth 254.5896 ([`Joker::Free`], the papers' rules; 254.5877 under
//! Hasbro's, [`Joker::Forced`]). [`expected_scores`] is the same by a hand-written dynamic
//! programme, the tests' and the bench's baseline. With one box left, Chance, the value is
//! 70/3 (each die kept or rolled again on its own):
//!
//! ```
//! use gamesolver::games::yahtzee::{ByTurns, Card, Category, Joker, Yahtzee};
//! use gamesolver::Retrograde;
//!
//! let all_but_chance = (1 << 13) - 1 - (1 << Category::Chance as u16);
//! let card = Card::new(Joker::Free, all_but_chance, 0, false).expect("a card");
//! let tiers = ByTurns::endgame(Joker::Free, 12); // the positions of the last turn
//! let table = Retrograde::new().solve_expected(&tiers, ByTurns::is_turn_tier)?;
//! let value = table.value(&tiers, &Yahtzee::turn(card)).expect("a turn's start is kept");
//! assert!((value - 70.0 / 3.0).abs() < 1e-12);
//! # Ok::<(), gamesolver::RetroError>(())
//! ```

mod by_hand;
mod by_turns;
mod card;
mod card_numbering;
mod dice;

pub use by_hand::{ExpectedScores, expected_scores};
pub use by_turns::ByTurns;
pub use card::{Card, Category, Joker, UPPER_BONUS, UPPER_GOAL, YAHTZEE_BONUS};
pub use dice::{DICE, Dice, MULTISETS};

use crate::{ChanceGame, CheckedPlay, Game, Points, ScoringGame};
use thiserror::Error;

/// A move of Yahtzee.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum YahtzeeMove {
    /// Chance: the next die rolled shows this face (1 to 6).
    Die(u8),
    /// Set aside a die showing this face, to be rolled again.
    Drop(u8),
    /// Roll the dice set aside (with none set aside: keep all five, and skip the roll).
    Roll,
    /// Score the five dice in this box, after the third roll, ending the turn.
    Score(Category),
}

/// Why a move was refused, or a position could not be set up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum YahtzeeError {
    /// The move is no move here.
    #[error("{0:?} is no move here")]
    IllegalMove(YahtzeeMove),
    /// The roll is not 1 to 3.
    #[error("a roll of 1 to 3, not {0}")]
    Roll(u8),
    /// The choice after the third roll without five dice: nothing could be scored.
    #[error("the choice after the third roll is of five dice, not {0}")]
    FewDice(u8),
}

/// A position of solitaire Yahtzee: the card, the dice held, the roll of the turn (1 to 3)
/// and whether it is under way (the dice not held still rolling, a die at a time) or done
/// (the player chooses).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Yahtzee {
    card: Card,
    dice: Dice,
    roll: u8,
    rolling: bool,
}

impl Default for Yahtzee {
    fn default() -> Self {
        Self::new()
    }
}

impl Yahtzee {
    /// The start under the rules of the papers ([`Joker::Free`]): an empty card, the first
    /// roll under way.
    #[must_use]
    pub fn new() -> Self {
        Self::turn(Card::empty(Joker::Free))
    }

    /// The start of a turn with `card`.
    #[must_use]
    pub fn turn(card: Card) -> Self {
        Self {
            card,
            dice: Dice::NONE,
            roll: 1,
            rolling: true,
        }
    }

    /// The position of `card` with `dice` held in roll `roll` (1 to 3): under way if
    /// `rolling` (the rest of the five still to come), else the player's choice after it.
    ///
    /// # Errors
    ///
    /// [`YahtzeeError::Roll`] for a roll other than 1 to 3; [`YahtzeeError::FewDice`] for the
    /// choice after the third roll with fewer than five dice.
    #[inline]
    pub fn at(card: Card, dice: Dice, roll: u8, rolling: bool) -> Result<Self, YahtzeeError> {
        if !(1..=3).contains(&roll) {
            return Err(YahtzeeError::Roll(roll));
        }
        if roll == 3 && !rolling && dice.len() < DICE {
            return Err(YahtzeeError::FewDice(dice.len()));
        }
        // Five dice have nothing left to roll: the roll is done.
        let rolling = rolling && dice.len() < DICE;
        Ok(Self {
            card,
            dice,
            roll,
            rolling,
        })
    }

    /// The card.
    #[inline]
    #[must_use]
    pub fn card(&self) -> Card {
        self.card
    }

    /// The dice held.
    #[inline]
    #[must_use]
    pub fn dice(&self) -> Dice {
        self.dice
    }

    /// The roll of the turn, 1 to 3.
    #[inline]
    #[must_use]
    pub fn roll(&self) -> u8 {
        self.roll
    }

    /// Whether a roll is under way: a chance node.
    #[inline]
    #[must_use]
    pub fn is_rolling(&self) -> bool {
        self.rolling
    }
}

impl Game for Yahtzee {
    type Move = YahtzeeMove;
    type Key = u64;
    const NAME: &'static str = "yahtzee";

    fn generate_moves(&self, out: &mut Vec<YahtzeeMove>) {
        if self.card.is_full() {
            return;
        }
        if self.rolling {
            out.extend((1..=6).map(YahtzeeMove::Die));
            return;
        }
        if self.roll < 3 {
            out.push(YahtzeeMove::Roll);
            out.extend(self.dice.faces().map(YahtzeeMove::Drop));
        } else {
            let scores = Category::ALL
                .iter()
                .filter(|&&c| self.card.may_score(self.dice, c));
            out.extend(scores.map(|&c| YahtzeeMove::Score(c)));
        }
    }

    fn play_unchecked(&mut self, mv: YahtzeeMove) {
        match mv {
            YahtzeeMove::Die(face) => {
                self.dice = self.dice.with(face).unwrap_or(self.dice);
                self.rolling = self.dice.len() < DICE;
            }
            YahtzeeMove::Drop(face) => self.dice = self.dice.without(face).unwrap_or(self.dice),
            YahtzeeMove::Roll => {
                self.roll += 1;
                self.rolling = self.dice.len() < DICE;
            }
            YahtzeeMove::Score(category) => {
                *self = Self::turn(self.card.after(self.dice, category))
            }
        }
    }

    fn key(&self) -> u64 {
        let card = self.card;
        let dice = (1..=6).fold(0u64, |key, face| {
            key << 3 | u64::from(self.dice.count(face))
        });
        u64::from(card.filled())
            | u64::from(card.upper()) << 13
            | u64::from(card.yahtzee_fifty()) << 19
            | dice << 20
            | u64::from(self.roll) << 38
            | u64::from(self.rolling) << 40
            | (card.joker() as u64) << 41
    }
}

impl CheckedPlay for Yahtzee {
    type Error = YahtzeeError;
    fn check_move(&self, mv: YahtzeeMove) -> Result<(), YahtzeeError> {
        let legal = self.legal_moves().contains(&mv);
        legal.then_some(()).ok_or(YahtzeeError::IllegalMove(mv))
    }
}

impl ScoringGame for Yahtzee {
    /// A box scored: its points and bonuses ([`Card::points`]); nothing else scores.
    fn points(&self, mv: YahtzeeMove) -> Points {
        let mover = match mv {
            YahtzeeMove::Score(category) => u64::from(self.card.points(self.dice, category)),
            _ => 0,
        };
        Points { mover, opponent: 0 }
    }

    /// One player: every move keeps the turn.
    fn keeps_turn(&self, _: YahtzeeMove) -> bool {
        true
    }
}

impl ChanceGame for Yahtzee {
    fn is_chance(&self) -> bool {
        self.rolling && !self.card.is_full()
    }

    fn chance_moves(&self, out: &mut Vec<(YahtzeeMove, u32)>) {
        if self.is_chance() {
            out.extend((1..=6).map(|face| (YahtzeeMove::Die(face), 1)));
        }
    }

    /// No box scores more than 50, a Yahtzee bonus 100, the upper bonus 35 once: each turn
    /// left at most 185 (loose, and sound).
    fn value_bounds(&self) -> std::ops::RangeInclusive<i64> {
        0..=185 * i64::from(13 - self.card.turns_played())
    }
}
