//! Backgammon bearoff: checkers on the six home points borne off with two dice, as
//! GNU Backgammon's bearoff databases count it (`makebearoff`).
//!
//! The rules: a roll of two dice is played whole (doubles as four moves of the die), each
//! die moving one checker that many points down, or off the board from the point of its
//! number; a die above the highest point that holds a checker bears off a checker from that
//! point. Every die can be played while a checker is left (one of the three applies), so a
//! roll is always played whole until the last checker is off.
//!
//! Two games: [`Bearoff`], one side alone, whose value is minus the expected number of rolls
//! to bear off (each roll costs a point); and [`BearoffRace`], two sides in turn, whose value
//! is `2p - 1`, p the side on roll's chance to bear off first (the move that bears off the
//! last checker scores 1; no doubling cube). Each side holds at most
//! [`MAX_CHECKERS`]; the positions of one side are the `C(21, 6) = 54,264` ways to put up to
//! 15 checkers on six points ([`every_side`]).
//!
//! Their databases, solved by tiers of pips (no hash table, no search), saved and read back
//! checked: [`OneSidedDatabase`] (every side's expected rolls, up to 15 checkers, by
//! [`ByPips`]) and [`TwoSidedDatabase`] (every race's chance to win, up to
//! [`MAX_RACE_CHECKERS`] a side, by [`RaceByPips`]). The chance search solves any one
//! position ([`ChanceSolver`](crate::chance::ChanceSolver)).

mod by_pips;
mod database;
mod evaluators;
mod race_bounds;
mod race_by_pips;
mod race_database;
mod rules;

pub use by_pips::ByPips;
pub use database::{DatabaseError, OneSidedDatabase};
pub use evaluators::{ExactRaces, ExpectedRolls, PipCount};
pub use race_bounds::RaceBounds;
pub use race_by_pips::{MAX_RACE_CHECKERS, RaceByPips};
pub use race_database::TwoSidedDatabase;
pub use rules::{BearoffError, Checkers, MAX_CHECKERS, Roll, every_side};

use crate::{ChanceGame, CheckedPlay, Game, Points, ScoringGame};

/// A move of a bearoff game: a roll of the dice at a chance node, or the checkers after a
/// play at a player's node (packed, [`Checkers::packed`]).
pub type BearoffMove = u32;

/// The bit that marks a roll among moves.
const ROLL: u32 = 1 << 31;

#[inline]
fn roll_move(roll: Roll) -> BearoffMove {
    ROLL | roll.code()
}

/// The 21 rolls of two dice with their weights out of 36: a double once, any other roll
/// twice.
fn weighted_dice() -> impl Iterator<Item = (Roll, u32)> {
    (1..=6).flat_map(|a| {
        (a..=6).map(move |b| {
            let roll = Roll::new(a, b).unwrap_or_else(|_| unreachable!("dice of 1 to 6"));
            (roll, if a == b { 1 } else { 2 })
        })
    })
}

/// The 21 rolls as chance moves, with their weights.
fn weighted_rolls() -> impl Iterator<Item = (BearoffMove, u32)> {
    weighted_dice().map(|(roll, weight)| (roll_move(roll), weight))
}

/// The 21 rolls as chance moves, the 15 of weight 2 first: the order the chance search takes
/// them in, so that it has none to sort.
fn rolls(out: &mut Vec<(BearoffMove, u32)>) {
    out.extend(weighted_rolls().filter(|&(_, weight)| weight == 2));
    out.extend(weighted_rolls().filter(|&(_, weight)| weight == 1));
}

/// A move is legal where the rules list it: a roll at a chance node, a play of the roll after.
fn check_in<G: Game<Move = BearoffMove>>(
    position: &G,
    mv: BearoffMove,
) -> Result<(), BearoffError> {
    let legal = position.legal_moves().contains(&mv);
    legal.then_some(()).ok_or(BearoffError::IllegalMove(mv))
}

/// One side bearing off alone: its value is minus the expected number of rolls it needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bearoff {
    checkers: Checkers,
    roll: Option<Roll>,
}

impl Bearoff {
    /// The side's checkers, before a roll.
    #[must_use]
    pub fn new(checkers: Checkers) -> Self {
        Self {
            checkers,
            roll: None,
        }
    }

    /// The checkers on the board.
    #[must_use]
    pub fn checkers(&self) -> Checkers {
        self.checkers
    }
}

impl Game for Bearoff {
    type Move = BearoffMove;
    type Key = u32;
    const NAME: &'static str = "backgammon bearoff, one side";

    fn generate_moves(&self, out: &mut Vec<BearoffMove>) {
        match self.roll {
            None if !self.checkers.is_empty() => out.extend(weighted_rolls().map(|(mv, _)| mv)),
            None => {}
            Some(roll) => self.checkers.packed_plays(roll, out),
        }
    }

    /// The rules' own check, cheaper than listing the moves (and the same).
    #[inline]
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.check_move(mv).is_ok()
    }

    #[inline]
    fn play_unchecked(&mut self, mv: BearoffMove) {
        if mv & ROLL != 0 {
            self.roll = Roll::from_code(mv & !ROLL);
        } else {
            self.checkers = Checkers::unpacked(mv);
            self.roll = None;
        }
    }

    #[inline]
    fn key(&self) -> u32 {
        self.checkers.packed() | self.roll.map_or(0, |roll| roll.code() << 24)
    }
}

impl CheckedPlay for Bearoff {
    type Error = BearoffError;
    fn check_move(&self, mv: BearoffMove) -> Result<(), BearoffError> {
        check_in(self, mv)
    }
}

impl ScoringGame for Bearoff {
    /// A roll costs the side a point; a play scores nothing.
    #[inline]
    fn points(&self, mv: BearoffMove) -> Points {
        Points {
            mover: 0,
            opponent: u64::from(mv & ROLL != 0),
        }
    }

    #[inline]
    fn keeps_turn(&self, _: BearoffMove) -> bool {
        true
    }
}

impl ChanceGame for Bearoff {
    #[inline]
    fn is_chance(&self) -> bool {
        self.roll.is_none()
    }

    fn chance_moves(&self, out: &mut Vec<(BearoffMove, u32)>) {
        if self.roll.is_none() && !self.checkers.is_empty() {
            rolls(out);
        }
    }

    /// A roll takes at least one pip off (each die moves a checker down or off), so at most
    /// as many rolls as pips are left; and a side with a checker left rolls at least once.
    #[inline]
    fn value_bounds(&self) -> std::ops::RangeInclusive<i64> {
        let pips = i64::from(self.checkers.pips());
        let at_least_one = i64::from(self.roll.is_none() && pips > 0);
        -pips..=-at_least_one
    }
}

/// Two sides bearing off in turn: the side on roll's value is `2p - 1`, p its chance to bear
/// off first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BearoffRace {
    mover: Checkers,
    other: Checkers,
    roll: Option<Roll>,
}

impl BearoffRace {
    /// The side on roll's checkers and the other side's, before the roll.
    #[must_use]
    pub fn new(on_roll: Checkers, other: Checkers) -> Self {
        Self {
            mover: on_roll,
            other,
            roll: None,
        }
    }

    /// Whether the race is over: the side that just moved bore off its last checker.
    #[inline]
    fn over(&self) -> bool {
        self.other.is_empty() || self.mover.is_empty()
    }
}

impl Game for BearoffRace {
    type Move = BearoffMove;
    type Key = u64;
    const NAME: &'static str = "backgammon bearoff race";

    fn generate_moves(&self, out: &mut Vec<BearoffMove>) {
        if self.over() {
            return;
        }
        match self.roll {
            None => out.extend(weighted_rolls().map(|(mv, _)| mv)),
            Some(roll) => self.mover.packed_plays(roll, out),
        }
    }

    /// The rules' own check, cheaper than listing the moves (and the same).
    #[inline]
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.check_move(mv).is_ok()
    }

    #[inline]
    fn play_unchecked(&mut self, mv: BearoffMove) {
        if mv & ROLL != 0 {
            self.roll = Roll::from_code(mv & !ROLL);
        } else {
            (self.mover, self.other) = (self.other, Checkers::unpacked(mv));
            self.roll = None;
        }
    }

    #[inline]
    fn key(&self) -> u64 {
        u64::from(self.mover.packed())
            | u64::from(self.other.packed()) << 24
            | u64::from(self.roll.map_or(0, Roll::code)) << 48
    }
}

impl CheckedPlay for BearoffRace {
    type Error = BearoffError;
    fn check_move(&self, mv: BearoffMove) -> Result<(), BearoffError> {
        check_in(self, mv)
    }
}

impl ScoringGame for BearoffRace {
    /// The play that bears off the side's last checker scores 1.
    #[inline]
    fn points(&self, mv: BearoffMove) -> Points {
        Points {
            mover: u64::from(mv & ROLL == 0 && Checkers::unpacked(mv).is_empty()),
            opponent: 0,
        }
    }

    /// A roll keeps the turn (the side that rolls plays it); a play passes it.
    #[inline]
    fn keeps_turn(&self, mv: BearoffMove) -> bool {
        mv & ROLL != 0
    }
}

impl ChanceGame for BearoffRace {
    #[inline]
    fn is_chance(&self) -> bool {
        self.roll.is_none()
    }

    fn chance_moves(&self, out: &mut Vec<(BearoffMove, u32)>) {
        if self.roll.is_none() && !self.over() {
            rolls(out);
        }
    }

    /// Only the last play scores, 1 for the winner: every value lies in [-1, 1].
    #[inline]
    fn value_bounds(&self) -> std::ops::RangeInclusive<i64> {
        if self.over() { 0..=0 } else { -1..=1 }
    }
}
