//! Kalah(m, n) as a user writes it on the crate's root imports: m pits a side, n seeds in
//! each at the start, the rules of Irving, Donkers and Uiterwijk, "Solving Kalah" (ICGA
//! Journal 23(3), 2000):
//! - a move takes every seed of one of the mover's pits and sows them one by one, counter-
//!   clockwise, into the next pits and the mover's own store, skipping the opponent's store;
//! - a last seed in the mover's own store: the mover moves again;
//! - a last seed in one of the mover's own pits that was empty: that seed and every seed of
//!   the opposite pit go to the mover's store (even if the opposite pit is empty: the "empty
//!   capture" rule of the paper);
//! - once either side's pits are all empty the game ends, and the seeds left on each side go
//!   to that side's owner.
//!
//! A point is a seed into one's store, so the value of the start is the first player's winning
//! margin. The position is kept from the side to move's point of view (its pits first), so
//! the stores, which do not change what is left to play, are not part of it.
//!
//! Solve it with [`solver`]: the seeds left bound every value ([`SeedsLeft`]), and Kalah's
//! settings find the value by null-window tests from 0 and try pits of equal margin by the
//! history heuristic ([`tune_solver`]); larger boards gain from an endgame table
//! ([`Endgame`]) under the same settings.

mod by_seeds;
mod endgame;
mod knowledge;

pub use by_seeds::BySeeds;
pub use endgame::{Endgame, EndgameError, MAX_ENDGAME_SEEDS};
pub use knowledge::{SeedsLeft, solver, tune_solver};

use crate::{CheckedPlay, Game, Points, ScoringGame};
use std::fmt;

/// The most pits a side may have.
pub const MAX_PITS: usize = 8;

/// The most seeds a pit may start with: a pit then never holds more than 2 * 8 * 15 = 240.
pub const MAX_SEEDS: u8 = 15;

/// A Kalah position, the side to move's pits first.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Kalah {
    /// The mover's pits, then the opponent's, each side counted from its own left.
    pits: [u8; 2 * MAX_PITS],
    /// Pits a side.
    m: usize,
}

/// Why a position or a move was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum KalahError {
    /// A side of 0 pits or more than `MAX_PITS`, or more than `MAX_SEEDS` seeds a pit.
    #[error("Kalah(m, n) takes 1..={MAX_PITS} pits a side and 1..={MAX_SEEDS} seeds a pit")]
    Size,
    /// The move names no pit of the mover's, or an empty one.
    #[error("pit {0} is not a non-empty pit of the side to move")]
    NotAMove(u8),
}

/// What a move did: the seeds it brought each side, and whether the mover moves again.
struct Sowing {
    points: Points,
    again: bool,
}

impl Kalah {
    /// The start of Kalah(m, n).
    ///
    /// # Errors
    ///
    /// [`KalahError::Size`] unless 1 <= m <= `MAX_PITS` and 1 <= n <= `MAX_SEEDS`.
    #[inline]
    pub fn new(m: usize, n: u8) -> Result<Self, KalahError> {
        if !(1..=MAX_PITS).contains(&m) || !(1..=MAX_SEEDS).contains(&n) {
            return Err(KalahError::Size);
        }
        let mut pits = [0; 2 * MAX_PITS];
        pits[..2 * m].fill(n);
        Ok(Self { pits, m })
    }

    /// Pits a side.
    #[inline]
    pub fn pits_a_side(&self) -> usize {
        self.m
    }

    /// The pits: the side to move's, then the opponent's.
    #[inline]
    pub fn pits(&self) -> &[u8] {
        &self.pits[..2 * self.m]
    }

    /// Plays the move `pit` (a legal move) and returns its margin and whether the mover moves
    /// again: in one sowing what [`Game::play_unchecked`] and a reckoning
    /// ([`ScoringGame::margin_and_turn`]) take two steps for.
    #[inline]
    pub fn play_sowing(&mut self, pit: u8) -> (i64, bool) {
        let Sowing { points, again } = self.sow(usize::from(pit));
        (points.margin(), again)
    }

    /// The seeds still in play.
    #[inline]
    pub fn seeds_left(&self) -> u32 {
        self.pits.iter().map(|&s| u32::from(s)).sum()
    }

    /// Sows from the mover's pit `pit` (a legal move), turning the board to the next side to
    /// move unless the mover moves again.
    ///
    /// The pits are sown as one word, a byte a pit (see [`ONES`]): no loop a seed or a pit.
    #[inline]
    fn sow(&mut self, pit: usize) -> Sowing {
        let m = self.m;
        // The cycle of places: the mover's pits 0..m, its store at m, the opponent's pits
        // after it. Each whole lap puts a seed in every place, the rest one in each place
        // after `pit` (a range of places, wrapping once at most).
        let cycle = 2 * m + 1;
        let mut word = u128::from_le_bytes(self.pits);
        let seeds = usize::from(self.pits[pit]);
        word &= !(0xff << (8 * pit));
        let (laps, rest) = laps_and_rest(seeds, cycle);
        // At most MAX_SEEDS * 2 * MAX_PITS seeds in all, so no byte carries into the next.
        word += laps as u128 * ONES[2 * m];
        let end = pit + 1 + rest;
        let (from, to) = (pit + 1, end.min(cycle));
        // The range's own pits, its opponent's pits (places m + 1.. are pits m..), and the
        // own pits it reaches again past the opponent's.
        word += ONES[to.min(m)] - ONES[from.min(m)];
        word += ONES[to.max(m + 1) - 1] - ONES[from.max(m + 1) - 1];
        word += ONES[end.saturating_sub(cycle)];
        let mut store = (laps + usize::from(from <= m && m < to)) as u64;
        let at = last_place(pit, rest, cycle);
        let byte = |word: u128, at: usize| (word >> (8 * at)) as u8;
        if at < m && byte(word, at) == 1 {
            let opposite = m + (m - 1 - at);
            store += 1 + u64::from(byte(word, opposite));
            word &= !((0xff << (8 * at)) | (0xff << (8 * opposite)));
        }
        let bits = 8 * m;
        let (own, other) = (word & ((1 << bits) - 1), word >> bits);
        let mut points = Points {
            mover: store,
            opponent: 0,
        };
        if own == 0 || other == 0 {
            // The end: each side's seeds go to its owner.
            let (own_seeds, other_seeds) = side_sums(word, bits);
            points.mover += own_seeds as u64;
            points.opponent += other_seeds as u64;
            self.pits = [0; 2 * MAX_PITS];
            return Sowing {
                points,
                again: false,
            };
        }
        let again = at == m;
        self.pits = if again { word } else { (own << bits) | other }.to_le_bytes();
        Sowing { points, again }
    }

    /// What sowing from the mover's pit `pit` (a legal move) gives, reckoned from the counts
    /// without moving a seed or copying the position: the search asks it of every move it
    /// orders, and plays only the moves it searches. The same places as in `sow`: each whole
    /// lap puts a seed in every place, and the rest one in each place of the range after `pit`.
    #[inline]
    fn sowing_of(&self, pit: usize) -> Sowing {
        let m = self.m;
        let cycle = 2 * m + 1;
        let seeds = usize::from(self.pits[pit]);
        let (laps, rest) = laps_and_rest(seeds, cycle);
        // The range, in the order it is sown: own pits up to the store, the store, the
        // opponent's pits, own pits again (never back to `pit`, since rest < cycle).
        let own_first = rest.min(m - 1 - pit);
        let past_own = rest - own_first;
        let (to_store, past_store) = (usize::from(past_own > 0), past_own.saturating_sub(1));
        let to_other = past_store.min(m);
        let (own_before, other_before) = self.side_seeds();
        let mut store = laps + to_store;
        let mut own = own_before + laps * m + own_first + (past_store - to_other) - seeds;
        let mut other = other_before + laps * m + to_other;
        let at = last_place(pit, rest, cycle);
        if at < m {
            // The seeds in the last pit sown: it took one seed (the sown pit only its laps).
            let landed = if at == pit {
                laps
            } else {
                usize::from(self.pits[at]) + laps + 1
            };
            if landed == 1 {
                // The opposite pit, m + (m - 1 - at): the range sowed it only if the range
                // went round past the opponent's pits back to `at`.
                let ranged = usize::from(pit + rest >= cycle);
                let opposite = usize::from(self.pits[2 * m - 1 - at]) + laps + ranged;
                store += 1 + opposite;
                own -= 1;
                other -= opposite;
            }
        }
        let over = own == 0 || other == 0;
        let (mover, opponent) = if over {
            (store + own, other)
        } else {
            (store, 0)
        };
        Sowing {
            points: Points {
                mover: mover as u64,
                opponent: opponent as u64,
            },
            again: at == m && !over,
        }
    }

    /// The seeds in the mover's pits and in the opponent's.
    #[inline]
    fn side_seeds(&self) -> (usize, usize) {
        side_sums(u128::from_le_bytes(self.pits), 8 * self.m)
    }
}

/// `ONES[k]`: a word of pits (a byte a pit, the first pit lowest) with one seed in each of
/// the first `k` pits.
const ONES: [u128; 2 * MAX_PITS + 1] = {
    let mut ones = [0; 2 * MAX_PITS + 1];
    let mut k = 1;
    while k < ones.len() {
        ones[k] = ones[k - 1] | 1 << (8 * (k - 1));
        k += 1;
    }
    ones
};

/// The seeds of the first side (the low `bits` of `word`, 8 a pit) and of the second: a
/// multiplication by 0x0101... sums a word's bytes into its top byte, exactly, since the
/// largest game has 240 seeds in all (no partial sum passes a byte).
#[inline]
fn side_sums(word: u128, bits: usize) -> (usize, usize) {
    let side = u64::MAX >> (64 - bits);
    let sum = |bytes: u64| (bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize;
    (sum(word as u64 & side), sum((word >> bits) as u64 & side))
}

/// The whole laps of `seeds` round a cycle of `cycle` places, and the seeds left over: most
/// sowings make no lap, and then no division is needed.
#[inline]
fn laps_and_rest(seeds: usize, cycle: usize) -> (usize, usize) {
    if seeds < cycle {
        (0, seeds)
    } else {
        (seeds / cycle, seeds % cycle)
    }
}

/// The place of the last seed sown from `pit` with `rest` seeds past the whole laps (the place
/// `pit` itself when there are none): `(pit + seeds) % cycle`, with `rest < cycle`.
#[inline]
fn last_place(pit: usize, rest: usize, cycle: usize) -> usize {
    if pit + rest >= cycle {
        pit + rest - cycle
    } else {
        pit + rest
    }
}

impl Game for Kalah {
    /// A pit of the side to move, counted from its left from 0.
    type Move = u8;
    /// The pits, 8 bits each, the mover's first.
    type Key = u128;
    const NAME: &'static str = "kalah";

    #[inline]
    fn generate_moves(&self, out: &mut Vec<u8>) {
        out.extend((0..self.m as u8).filter(|&pit| self.pits[pit as usize] > 0));
    }

    /// The rules' own check, cheaper than listing the moves (and the same).
    #[inline]
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.check_move(mv).is_ok()
    }

    #[inline]
    fn play_unchecked(&mut self, pit: u8) {
        self.sow(usize::from(pit));
    }

    #[inline]
    fn key(&self) -> u128 {
        u128::from_le_bytes(self.pits)
    }

    /// The pits a side: the key packs the pits of every size alike.
    #[inline]
    fn rules_id(&self) -> u64 {
        self.m as u64
    }
}

impl CheckedPlay for Kalah {
    type Error = KalahError;
    #[inline]
    fn check_move(&self, pit: u8) -> Result<(), KalahError> {
        if usize::from(pit) < self.m && self.pits[usize::from(pit)] > 0 {
            Ok(())
        } else {
            Err(KalahError::NotAMove(pit))
        }
    }
}

impl ScoringGame for Kalah {
    #[inline]
    fn points(&self, pit: u8) -> Points {
        self.sowing_of(usize::from(pit)).points
    }

    /// The last seed falls in the mover's store, and the game goes on.
    #[inline]
    fn keeps_turn(&self, pit: u8) -> bool {
        self.sowing_of(usize::from(pit)).again
    }

    /// Both from one reckoning of the sowing.
    #[inline]
    fn margin_and_turn(&self, pit: u8) -> (i64, bool) {
        let Sowing { points, again } = self.sowing_of(usize::from(pit));
        (points.margin(), again)
    }

    /// A move's margin is reckoned by sowing it.
    const SCORES_BY_PLAYING: bool = true;

    /// One sowing ([`Kalah::play_sowing`]).
    #[inline]
    fn play_and_score(&mut self, pit: u8) -> (i64, bool) {
        self.play_sowing(pit)
    }
}

impl fmt::Display for Kalah {
    /// The opponent's pits above, right to left, the mover's below.
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (own, other) = self.pits[..2 * self.m].split_at(self.m);
        for s in other.iter().rev() {
            write!(f, "{s:3}")?;
        }
        writeln!(f)?;
        for s in own {
            write!(f, "{s:3}")?;
        }
        Ok(())
    }
}
