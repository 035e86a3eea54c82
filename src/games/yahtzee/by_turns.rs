//! `ByTurns`: Yahtzee's positions numbered in tiers for the retrograde solve of expected
//! values, by the boxes filled and the step of the turn.
//!
//! A tier is a number of boxes filled `n` (0 to 12) and a step of the turn: a roll under way
//! with `k` dice out (roll 1 to 3, `k` 0 to 4), or the choice after a roll with `s` dice held
//! (roll 1 or 2, `s` 0 to 5; roll 3, five). Every move leaves its tier: a die comes up (one
//! more die out, or the roll done), a die is set aside (one fewer held), the dice are rolled
//! (the next roll), the dice are scored after the third roll (the next `n`). The last tier
//! holds the full cards.
//! Within a tier, a position is its card's index among the cards of `n` boxes times the
//! multisets of the tier's size, plus its dice's rank. The cards are numbered densely
//! (`card_numbering`): by their boxes (the sets of `n` of 13 in colex order), then by the
//! upper totals and Yahtzee flags that can arise with them ([`Card::new`]), so that every
//! index names a position and a tier takes no memory for cards that cannot arise.
//!
//! # Upper totals alike, one index
//!
//! Cards alike but for upper totals that the turns to come cannot tell apart share one index
//! (`card_numbering`'s docs give the rule and its proof): 310,656 of the 536,448 cards that
//! can arise are solved, a third of those with nine boxes filled or more, and each card is a
//! turn's 1,806 positions.

use super::card::{Card, Category, Joker};
use super::card_numbering::{BOXES, CardNumbering};
use super::dice::{DICE, Dice, FIRST_OF_SIZE, MULTISETS, every_dice};
use super::{Yahtzee, YahtzeeMove};
use crate::{ChanceGame, Child, Place, Tiers};
use std::ops::Range;

/// The steps of a turn, a tier each: 15 of rolls under way, 13 of choices.
const STEPS: usize = 28;
/// The tier of the full cards, the last.
const END: usize = BOXES as usize * STEPS;

/// A step of a turn: the roll (1 to 3), whether it is under way, and the dice out or held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Step {
    roll: u8,
    rolling: bool,
    dice: u8,
}

impl Step {
    #[inline]
    fn of(step: usize) -> Step {
        let (roll, rolling, dice) = match step {
            0..15 => (step / 5 + 1, true, step % 5),
            15..27 => ((step - 15) / 6 + 1, false, (step - 15) % 6),
            _ => (3, false, 5),
        };
        Step {
            roll: roll as u8,
            rolling,
            dice: dice as u8,
        }
    }

    #[inline]
    fn number(self) -> usize {
        let (roll, dice) = (usize::from(self.roll - 1), usize::from(self.dice));
        match (self.rolling, self.roll) {
            (true, _) => roll * 5 + dice,
            (false, 3) => 27,
            (false, _) => 15 + roll * 6 + dice,
        }
    }
}

/// Yahtzee numbered by the boxes filled and the step of the turn (the module docs give the
/// numbering), under a [`Joker`] rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ByTurns {
    joker: Joker,
    /// The fewest boxes filled of a position numbered.
    fewest: u32,
    /// Every multiset of dice ([`every_dice`]): the stepping's look-up.
    dice: Vec<Dice>,
    /// For each multiset of dice, by its number: the rank of the dice one more of each face
    /// makes, and of those one fewer of each face it shows leaves (0 where there is none),
    /// so that a position's children are placed from its own rank alone.
    steps: Vec<DiceSteps>,
    /// The cards of each number of boxes, numbered.
    cards: CardNumbering,
}

/// The ranks one more or one fewer die of each face gives (see [`ByTurns`]'s `steps`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct DiceSteps {
    with: [u8; 6],
    without: [u8; 6],
}

impl DiceSteps {
    fn of(dice: Dice) -> Self {
        let rank = |dice: Option<Dice>| dice.map_or(0, |dice| dice.rank() as u8);
        Self {
            with: std::array::from_fn(|f| rank(dice.with(f as u8 + 1))),
            without: std::array::from_fn(|f| rank(dice.without(f as u8 + 1))),
        }
    }
}

impl Default for ByTurns {
    fn default() -> Self {
        Self::new(Joker::default())
    }
}

impl ByTurns {
    /// The numbering of the game under `joker`.
    #[must_use]
    pub fn new(joker: Joker) -> Self {
        Self::endgame(joker, 0)
    }

    /// The numbering of the positions with `fewest` boxes filled or more, the rest left out
    /// (their tiers empty): an endgame, solved alone.
    #[must_use]
    pub fn endgame(joker: Joker, fewest: u32) -> Self {
        let dice = every_dice();
        let steps = dice.iter().map(|&d| DiceSteps::of(d)).collect();
        Self {
            joker,
            fewest,
            dice,
            steps,
            cards: CardNumbering::new(),
        }
    }

    /// The Joker rule of the game numbered.
    #[must_use]
    pub fn joker(&self) -> Joker {
        self.joker
    }

    /// The dice of `size` and rank `rank` (below the size's count), from the table.
    #[inline]
    fn dice_at(&self, size: u8, rank: u64) -> Dice {
        self.dice[FIRST_OF_SIZE[usize::from(size)] + rank as usize]
    }

    /// The tier of the start of a turn with `n` boxes filled.
    #[must_use]
    pub fn turn_tier(n: u32) -> usize {
        if n >= BOXES { END } else { n as usize * STEPS }
    }

    /// Whether `tier` holds the starts of turns (or the full cards): the tiers to keep for
    /// the expected score of every card.
    #[must_use]
    pub fn is_turn_tier(tier: usize) -> bool {
        tier.is_multiple_of(STEPS)
    }

    /// The card at `index` among the cards of `n` boxes, if there is one.
    #[inline]
    fn card(&self, n: u32, index: u64) -> Option<Card> {
        self.cards.card(self.joker, n, index)
    }
}

/// An index of a tier of dice of `size` split into its card's index and its dice's rank.
/// Each arm divides by a constant: a multiplication, not a division.
#[inline]
fn split_index(index: u64, size: u8) -> (u64, u64) {
    match size {
        0 => (index, 0),
        1 => (index / MULTISETS[1], index % MULTISETS[1]),
        2 => (index / MULTISETS[2], index % MULTISETS[2]),
        3 => (index / MULTISETS[3], index % MULTISETS[3]),
        4 => (index / MULTISETS[4], index % MULTISETS[4]),
        _ => (index / MULTISETS[5], index % MULTISETS[5]),
    }
}

/// A card's share of its positions' places, worked out once for all of them.
#[derive(Debug, Clone, Copy)]
enum CardAt {
    /// A card the tiers number: the tier of its turn's first step, and its index among the
    /// cards of as many boxes.
    Numbered { first_tier: usize, index: u64 },
    /// A full card (the last tier), or one the numbering leaves out (past the tiers): where
    /// each of its positions stands.
    Fixed(Place),
}

impl CardAt {
    /// Where each position at `step` with dice of `size` stands, given its dice's rank: the
    /// tier and the first index worked out once.
    #[inline]
    fn places(self, step: Step, size: u8) -> impl Fn(u64) -> Place {
        let (tier, first, fixed) = match self {
            CardAt::Numbered { first_tier, index } => {
                let first = index * MULTISETS[usize::from(size)];
                (first_tier + step.number(), first, None)
            }
            CardAt::Fixed(place) => (place.tier, place.index, Some(place)),
        };
        move |rank: u64| {
            fixed.unwrap_or(Place {
                tier,
                index: first + rank,
            })
        }
    }
}

impl ByTurns {
    /// `card`'s share of its positions' places: the full cards in the last tier, a card of
    /// fewer boxes than the numbering holds past the tiers.
    #[inline]
    fn card_at(&self, card: &Card) -> CardAt {
        let (n, index) = self.cards.numbered(card);
        if n == BOXES {
            CardAt::Fixed(Place { tier: END, index })
        } else if n < self.fewest {
            CardAt::Fixed(Place {
                tier: END + 1,
                index: 0,
            })
        } else {
            CardAt::Numbered {
                first_tier: n as usize * STEPS,
                index,
            }
        }
    }

    /// Of the position at `place`, its card's share of places and its dice's number, read
    /// from the place (no card placed, no dice ranked); `None` past the tiers.
    #[inline]
    fn read_place(&self, place: Place) -> Option<(CardAt, usize)> {
        let n = place.tier / STEPS;
        if place.tier >= END || n < self.fewest as usize {
            return None;
        }
        let size = Step::of(place.tier % STEPS).dice;
        let (card, rank) = split_index(place.index, size);
        let at = CardAt::Numbered {
            first_tier: n * STEPS,
            index: card,
        };
        Some((at, FIRST_OF_SIZE[usize::from(size)] + rank as usize))
    }

    /// [`read_place`](Self::read_place), else worked out from `position`.
    #[inline]
    fn card_and_dice(&self, position: &Yahtzee, place: Place) -> (CardAt, usize) {
        self.read_place(place)
            .unwrap_or_else(|| (self.card_at(&position.card()), position.dice().number()))
    }

    /// The child of each face of the next die of `position` (a roll under way, at `place`),
    /// with its weight, 1.
    #[inline]
    fn rolled(&self, position: &Yahtzee, place: Place, mut visit: impl FnMut(Child, u32)) {
        let ((at, number), dice) = (self.card_and_dice(position, place), position.dice());
        let size = dice.len() + 1;
        let step = Step {
            roll: position.roll(),
            rolling: size < DICE,
            dice: size,
        };
        let place_of = at.places(step, size);
        let steps = self.steps[number];
        for rank in steps.with {
            let place = place_of(u64::from(rank));
            visit(
                Child {
                    margin: 0,
                    keeps_turn: true,
                    place,
                },
                1,
            );
        }
    }
}

impl Tiers for ByTurns {
    type Game = Yahtzee;
    const NAME: &'static str = "yahtzee by turns, upper totals alike as one";

    fn rules_id(&self) -> u64 {
        self.joker as u64
    }

    fn tier_count(&self) -> usize {
        END + 1
    }

    fn tier_len(&self, tier: usize) -> u64 {
        if tier >= END {
            return if tier == END {
                self.cards.count(BOXES)
            } else {
                0
            };
        }
        let n = (tier / STEPS) as u32;
        if n < self.fewest {
            return 0;
        }
        self.cards.count(n) * MULTISETS[usize::from(Step::of(tier % STEPS).dice)]
    }

    fn position_at(&self, tier: usize, index: u64) -> Option<Yahtzee> {
        if tier >= END {
            let full = self.card(BOXES, index).filter(|_| tier == END)?;
            return Some(Yahtzee::turn(full));
        }
        let (n, step) = ((tier / STEPS) as u32, Step::of(tier % STEPS));
        if n < self.fewest {
            return None;
        }
        let (card, rank) = split_index(index, step.dice);
        let card = self.card(n, card)?;
        let dice = Dice::unrank(step.dice, rank)?;
        Yahtzee::at(card, dice, step.roll, step.rolling).ok()
    }

    fn place(&self, position: &Yahtzee) -> Place {
        let dice = position.dice();
        let step = Step {
            roll: position.roll(),
            rolling: position.is_rolling(),
            dice: dice.len(),
        };
        self.card_at(&position.card()).places(step, dice.len())(dice.rank())
    }

    /// A card once for each run of its indices, the cards stepped through, the dice from a
    /// table.
    fn for_each_position(
        &self,
        tier: usize,
        indices: Range<u64>,
        mut visit: impl FnMut(u64, &Yahtzee),
    ) {
        if tier >= END || (tier / STEPS) < self.fewest as usize {
            indices.for_each(|index| {
                self.position_at(tier, index)
                    .iter()
                    .for_each(|p| visit(index, p))
            });
            return;
        }
        let (n, step) = ((tier / STEPS) as u32, Step::of(tier % STEPS));
        let multisets = MULTISETS[usize::from(step.dice)];
        let end = indices.end.min(self.tier_len(tier));
        let cards = indices.start / multisets..end.div_ceil(multisets);
        self.cards
            .for_each_card(self.joker, n, cards, |card_index, card| {
                let first = card_index * multisets;
                for at in first.max(indices.start)..(first + multisets).min(end) {
                    let dice = self.dice_at(step.dice, at - first);
                    if let Ok(position) = Yahtzee::at(card, dice, step.roll, step.rolling) {
                        visit(at, &position);
                    }
                }
            });
    }

    /// The children placed from the position's place (its card's index and its dice's rank
    /// read from it), no move played but a box scored.
    fn children(
        &self,
        position: &Yahtzee,
        place: Place,
        _: &mut Vec<YahtzeeMove>,
        mut visit: impl FnMut(Child),
    ) {
        let (card, dice, roll) = (position.card(), position.dice(), position.roll());
        let child = |place, margin| Child {
            margin,
            keeps_turn: true,
            place,
        };
        if card.is_full() {
            // The game is over: no move.
        } else if position.is_rolling() {
            self.rolled(position, place, |child, _| visit(child));
        } else if roll == 3 {
            // Every card after has one box more: its tier is known once.
            let next = card.turns_played() + 1;
            let numbered = next >= self.fewest;
            for category in Category::ALL
                .into_iter()
                .filter(|&c| card.may_score(dice, c))
            {
                let (points, after) = card.score(dice, category);
                let to = if numbered {
                    Place {
                        tier: Self::turn_tier(next),
                        index: self.cards.index(&after),
                    }
                } else {
                    Place {
                        tier: END + 1,
                        index: 0,
                    }
                };
                visit(child(to, i64::from(points)));
            }
        } else {
            let ((at, number), size) = (self.card_and_dice(position, place), dice.len());
            let after_roll = Step {
                roll: roll + 1,
                rolling: size < DICE,
                dice: size,
            };
            let rank = (number - FIRST_OF_SIZE[usize::from(size)]) as u64;
            visit(child(at.places(after_roll, size)(rank), 0));
            let fewer = Step {
                roll,
                rolling: false,
                dice: size.saturating_sub(1),
            };
            let place_of = at.places(fewer, size.saturating_sub(1));
            let steps = self.steps[number];
            for face in dice.faces() {
                let rank = steps.without[usize::from(face - 1)];
                visit(child(place_of(u64::from(rank)), 0));
            }
        }
    }

    /// The six faces placed from the position's place, not played.
    fn chance_children(
        &self,
        position: &Yahtzee,
        place: Place,
        _: &mut Vec<(YahtzeeMove, u32)>,
        visit: impl FnMut(Child, u32),
    ) {
        if position.is_chance() {
            self.rolled(position, place, visit);
        }
    }

    fn tiers_after(&self, tier: usize, out: &mut Vec<usize>) {
        if tier >= END || tier / STEPS < self.fewest as usize {
            return;
        }
        let (n, step) = (tier / STEPS, Step::of(tier % STEPS));
        let at = |step: Step| n * STEPS + step.number();
        let next = |roll, rolling, dice| {
            at(Step {
                roll,
                rolling,
                dice,
            })
        };
        if step.rolling {
            out.push(match step.dice + 1 {
                DICE => next(step.roll, false, DICE),
                more => next(step.roll, true, more),
            });
            return;
        }
        if step.roll == 3 {
            out.push(Self::turn_tier(n as u32 + 1));
        } else {
            if step.dice > 0 {
                out.push(next(step.roll, false, step.dice - 1));
            }
            out.push(next(step.roll + 1, step.dice < DICE, step.dice));
        }
    }
}
