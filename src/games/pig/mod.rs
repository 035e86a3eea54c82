//! Pig, the dice game of Neller and Presser ("Optimal play of the dice game Pig", UMAP
//! Journal 25(1), 2004), and Piglet, its version with a coin.
//!
//! The side to move rolls a die as often as it likes, adding each roll to its turn total,
//! and either holds, banking the turn total, or rolls a 1 (a *bust*), banking nothing; either
//! way the turn passes. The first to bank the goal (100) wins. In Piglet a coin is flipped:
//! heads adds 1, tails busts. Positions repeat (two busts in a row give the start back), so
//! the game is solved by the strongly connected components of its graph, not a tree search:
//! by keys from a start ([`CyclicSolver`](crate::chance::CyclicSolver)), or numbered in tiers
//! by the scores banked ([`ByBanked`], [`Retrograde::solve_expected`](crate::Retrograde::solve_expected)),
//! without a hash map and on every core.
//!
//! Only winning counts: the hold that reaches the goal scores 1, so a position's value is
//! `2p - 1`, p the side to move's chance to win ([`Pig::chance_to_win`]). A side may hold only
//! after a roll of its turn (holding a turn total of 0 only hands the turn over, which a roll
//! does at least as well: a bust hands it over too, and any other roll leaves more).

mod by_banked;

pub use by_banked::ByBanked;

use crate::{ChanceGame, CheckedPlay, Game, Points, ScoringGame};
use thiserror::Error;

/// A move of Pig: hold or roll at the side's choice, or the face that came up.
pub type PigMove = u8;

/// Bank the turn total.
pub const HOLD: PigMove = 0;
/// Roll again.
pub const ROLL: PigMove = 1;

/// The largest goal: scores and turn totals fit in 11 bits of the key.
pub const MAX_GOAL: u16 = 1000;

/// Why a game of Pig could not be set up, or a move was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PigError {
    /// The goal is 0 or past [`MAX_GOAL`].
    #[error("a goal of 1 to {MAX_GOAL}, not {0}")]
    Goal(u16),
    /// The move is no move here.
    #[error("{0} is no move here")]
    IllegalMove(PigMove),
}

/// A position of Pig or Piglet: the scores of the side to move and the other, the turn
/// total, and whether a roll is under way (a chance node).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pig {
    goal: u16,
    coin: bool,
    mover: u16,
    other: u16,
    turn: u16,
    rolling: bool,
}

impl Pig {
    /// The start of Pig to `goal` (100 in the paper).
    ///
    /// # Errors
    ///
    /// [`PigError::Goal`] for a goal of 0 or past [`MAX_GOAL`].
    pub fn new(goal: u16) -> Result<Self, PigError> {
        Self::start(goal, false)
    }

    /// The start of Piglet to `goal`: a coin instead of a die, heads adding 1, tails busting.
    ///
    /// # Errors
    ///
    /// As [`new`](Self::new).
    pub fn piglet(goal: u16) -> Result<Self, PigError> {
        Self::start(goal, true)
    }

    fn start(goal: u16, coin: bool) -> Result<Self, PigError> {
        if goal == 0 || goal > MAX_GOAL {
            return Err(PigError::Goal(goal));
        }
        Ok(Self {
            goal,
            coin,
            mover: 0,
            other: 0,
            turn: 0,
            rolling: false,
        })
    }

    /// The position where the side to move has banked `mover`, the other `other`, and the
    /// side to move has `turn` this turn (before it decides).
    #[must_use]
    pub fn at(self, mover: u16, other: u16, turn: u16) -> Self {
        let goal = self.goal;
        Self {
            mover: mover.min(goal),
            other: other.min(goal),
            turn: turn.min(goal),
            rolling: false,
            ..self
        }
    }

    /// The score that wins.
    #[must_use]
    pub fn goal(&self) -> u16 {
        self.goal
    }

    /// The side to move's chance to win, from its value `v = 2p - 1`.
    #[must_use]
    pub fn chance_to_win(value: f64) -> f64 {
        (1.0 + value) / 2.0
    }

    /// Whether the game is over: a side has banked the goal.
    fn over(&self) -> bool {
        self.mover >= self.goal || self.other >= self.goal
    }

    /// The faces: the die's six (1 busts) or the coin's two (1 busts, 2 adds 1).
    fn faces(&self) -> u8 {
        if self.coin { 2 } else { 6 }
    }

    /// What face `face` adds to the turn total; 0 for a bust.
    fn adds(&self, face: u8) -> u16 {
        match (face, self.coin) {
            (1, _) => 0,
            (_, true) => 1,
            (face, false) => u16::from(face),
        }
    }
}

impl Game for Pig {
    type Move = PigMove;
    type Key = u64;
    const NAME: &'static str = "pig";
    const POSITIONS_REPEAT: bool = true;

    fn generate_moves(&self, out: &mut Vec<PigMove>) {
        if self.over() {
            return;
        }
        if self.rolling {
            out.extend(1..=self.faces());
        } else {
            if self.turn > 0 {
                out.push(HOLD);
            }
            out.push(ROLL);
        }
    }

    fn play_unchecked(&mut self, mv: PigMove) {
        let pass = |pig: &mut Pig, banked: u16| {
            (pig.mover, pig.other) = (pig.other, banked.min(pig.goal));
            (pig.turn, pig.rolling) = (0, false);
        };
        match (self.rolling, mv) {
            (false, HOLD) => pass(self, self.mover + self.turn),
            (false, _) => self.rolling = true,
            (true, face) => match self.adds(face) {
                0 => pass(self, self.mover),
                more => {
                    // A turn total that reaches the goal wins by a hold: more is the same.
                    self.turn = (self.turn + more).min(self.goal - self.mover);
                    self.rolling = false;
                }
            },
        }
    }

    fn key(&self) -> u64 {
        u64::from(self.mover)
            | u64::from(self.other) << 11
            | u64::from(self.turn) << 22
            | u64::from(self.rolling) << 33
    }

    /// The goal, and whether the die is a coin (Piglet): the key holds neither.
    fn rules_id(&self) -> u64 {
        u64::from(self.goal) | u64::from(self.coin) << 16
    }
}

impl CheckedPlay for Pig {
    type Error = PigError;
    fn check_move(&self, mv: PigMove) -> Result<(), PigError> {
        let legal = self.legal_moves().contains(&mv);
        legal.then_some(()).ok_or(PigError::IllegalMove(mv))
    }
}

impl ScoringGame for Pig {
    /// The hold that reaches the goal wins: 1.
    fn points(&self, mv: PigMove) -> Points {
        let wins = !self.rolling && mv == HOLD && self.mover + self.turn >= self.goal;
        Points {
            mover: u64::from(wins),
            opponent: 0,
        }
    }

    /// A roll keeps the turn, and so does a face that adds; a hold and a bust pass it.
    fn keeps_turn(&self, mv: PigMove) -> bool {
        if self.rolling {
            self.adds(mv) > 0
        } else {
            mv == ROLL
        }
    }
}

impl ChanceGame for Pig {
    fn is_chance(&self) -> bool {
        self.rolling
    }

    fn chance_moves(&self, out: &mut Vec<(PigMove, u32)>) {
        if self.rolling && !self.over() {
            out.extend((1..=self.faces()).map(|face| (face, 1)));
        }
    }

    /// Only the winning hold scores, 1: every value lies in [-1, 1].
    fn value_bounds(&self) -> std::ops::RangeInclusive<i64> {
        if self.over() { 0..=0 } else { -1..=1 }
    }
}
