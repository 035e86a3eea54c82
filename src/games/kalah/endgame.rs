//! An endgame table for Kalah, as a user builds one (the endgame databases of Irving, Donkers
//! and Uiterwijk): the exact value of every position with at most `S` seeds in play, a byte
//! each, given to the search as sound knowledge. The table is filled as the search asks: a
//! position's value, once computed, is kept for every later question.
//!
//! **Why the values are exact.** The value of a position depends only on the seeds in its
//! pits (the stores do not change what is left to play), and no move adds seeds to the pits.
//! So the positions with at most `S` seeds are closed under moves, and the table fills each
//! by the negamax recurrence over all its moves,
//! `v(p) = max over moves (margin + v(child))` when the mover moves again and
//! `max (margin - v(child))` when the turn passes, 0 where no move is left: the definition of
//! the value, computed over every move, with no bound or guess. Kalah never repeats a
//! position (every move carries seeds forward, toward a store), so the recursion ends.
//! Threads that search together may compute one position at once: each writes the same
//! value, so the race is harmless.
//! `tests/all/games/kalah.rs` checks the table against the solver on random positions.
//!
//! **The index.** The pits of a position, with a last "slack" part holding the `S - seeds`
//! seeds not in play, are a composition of `S` into `2m + 1` parts: stars and bars, whose
//! `2m` bars sit at increasing places `b_0 < b_1 < ...` below `S + 2m`. The index is the
//! combinatorial number system's `sum C(b_i, i + 1)`, dense in `0..C(S + 2m, 2m)`.

use super::{BySeeds, Kalah, MAX_PITS, SeedsLeft};
use crate::{Facts, Game, Knowledge, Retrograde, Tiers};
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};

/// The code of a value not computed yet; a value `v` (within -S..=S) is kept as `v + OFFSET`.
const UNKNOWN: u8 = 0;

/// What a value is kept as more than itself, so that every value's code is positive.
const OFFSET: i64 = 1 + MAX_ENDGAME_SEEDS as i64;

/// The most seeds in play a table may cover, so that a value fits a byte.
pub const MAX_ENDGAME_SEEDS: u32 = 100;

/// The exact value of every position of Kalah with `m` pits a side and at most `seeds` seeds
/// in play, computed when first asked. Clones share the values.
#[derive(Debug, Clone)]
pub struct Endgame {
    m: usize,
    seeds: u32,
    /// The numbering by seeds in play, whose tiers end to end are the index.
    numbering: BySeeds,
    /// A code a position: [`UNKNOWN`] or its value plus [`OFFSET`].
    values: Arc<Vec<AtomicU8>>,
}

/// Why a table was not built.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum EndgameError {
    /// The table would take more bytes than allowed, or more seeds than a byte's values hold.
    #[error(
        "an endgame table of {seeds} seeds takes {bytes} bytes, more than the {max_bytes} allowed (or more than {MAX_ENDGAME_SEEDS} seeds)"
    )]
    TooLarge {
        /// The seeds asked for.
        seeds: u32,
        /// The bytes such a table takes (`u64::MAX` if past counting).
        bytes: u64,
        /// The bytes allowed.
        max_bytes: u64,
    },
}

impl Endgame {
    /// The table of every position of Kalah with `start`'s pits and at most `seeds` seeds in
    /// play, in at most `max_bytes` bytes (a byte a position, taken now), its values computed
    /// as they are asked for.
    ///
    /// # Errors
    ///
    /// [`EndgameError::TooLarge`] if the table takes more than `max_bytes`, or `seeds` is past
    /// [`MAX_ENDGAME_SEEDS`] (checked before any memory is taken), or the system refuses the
    /// memory.
    pub fn build(start: &Kalah, seeds: u32, max_bytes: u64) -> Result<Self, EndgameError> {
        let m = start.pits_a_side();
        let too_large = |bytes| EndgameError::TooLarge {
            seeds,
            bytes,
            max_bytes,
        };
        if seeds > MAX_ENDGAME_SEEDS {
            return Err(too_large(u64::MAX));
        }
        // At most MAX_ENDGAME_SEEDS: a byte.
        let numbering = BySeeds::new(start, seeds as u8);
        let bytes = numbering.positions();
        if bytes > max_bytes {
            return Err(too_large(bytes));
        }
        let count = usize::try_from(bytes).map_err(|_| too_large(bytes))?;
        let mut values = Vec::new();
        values
            .try_reserve_exact(count)
            .map_err(|_| too_large(bytes))?;
        values.extend(std::iter::repeat_with(|| AtomicU8::new(UNKNOWN)).take(count));
        Ok(Self {
            m,
            seeds,
            numbering,
            values: Arc::new(values),
        })
    }

    /// The table of [`build`](Self::build) with every value computed now, by retrograde
    /// analysis in tiers of seeds ([`BySeeds`], on `threads` threads) rather than as a search
    /// asks. The index above is the tiers' end to end: with s seeds in play, the slack's bar
    /// sits at `s + 2m - 1` and adds `C(s + 2m - 1, 2m)`, the positions of fewer seeds, to the
    /// index of the first `2m - 1` bars, [`BySeeds`]' own. `tests/all/games/kalah.rs` checks
    /// the two tables agree.
    ///
    /// # Errors
    ///
    /// As [`build`](Self::build); [`EndgameError::TooLarge`] also when the solve refuses (its
    /// tiers are held beside the table: twice the bytes at most).
    pub fn solve(
        start: &Kalah,
        seeds: u32,
        max_bytes: u64,
        threads: usize,
    ) -> Result<Self, EndgameError> {
        let table = Self::build(start, seeds, max_bytes)?;
        let tiers = &table.numbering;
        let bytes = usize::try_from(max_bytes).unwrap_or(usize::MAX);
        let solved = Retrograde::new()
            .with_threads(threads)
            .with_max_bytes(bytes)
            .solve_scores(tiers)
            .map_err(|_| EndgameError::TooLarge {
                seeds,
                bytes: 2 * table.values.len() as u64,
                max_bytes,
            })?;
        let mut at = 0;
        for tier in 0..tiers.tier_count() {
            for (_, value) in solved.iter_tier(tier) {
                // |value| <= seeds <= 100: the code is a byte.
                table.values[at].store((value + OFFSET) as u8, Ordering::Relaxed);
                at += 1;
            }
        }
        Ok(table)
    }

    /// The most seeds in play (up to the start's) whose table holds at most `positions`
    /// positions: 23 for 4 pits a side and 8 M positions, 16 for 5, 13 for 6.
    pub fn seeds_within(start: &Kalah, positions: u64) -> u32 {
        let parts = 2 * start.pits_a_side() as u64;
        // C(s + parts, parts), built up from C(parts, parts) = 1.
        let mut count = 1u64;
        let mut seeds = 0;
        while seeds < start.seeds_left().min(MAX_ENDGAME_SEEDS) {
            let next = count.saturating_mul(u64::from(seeds + 1) + parts) / u64::from(seeds + 1);
            if next > positions {
                break;
            }
            count = next;
            seeds += 1;
        }
        seeds
    }

    /// Positions the table covers.
    pub fn positions(&self) -> usize {
        self.values.len()
    }

    /// Positions whose value is computed.
    pub fn computed(&self) -> usize {
        let known = |code: &&AtomicU8| code.load(Ordering::Relaxed) != UNKNOWN;
        self.values.iter().filter(known).count()
    }

    /// The value of `position` (at most the table's seeds in play), whose index is `index`,
    /// computed by the recurrence of the module docs where it is not known yet.
    fn fill(&self, position: &Kalah, index: usize) -> i64 {
        let code = self.values[index].load(Ordering::Relaxed);
        if code != UNKNOWN {
            return i64::from(code) - OFFSET;
        }
        // Every child is made before any entry is read, and the reads come one after another:
        // they are independent, so their waits on memory overlap (nearly all miss the caches).
        let mut children: [_; MAX_PITS] = std::array::from_fn(|_| (position.clone(), 0, false, 0));
        let mut moves = 0;
        let pits = 0..u8::try_from(self.m).expect("at most MAX_PITS");
        // The game's own rule says which pits are moves (no list made a position).
        for pit in pits.filter(|&pit| position.is_legal(pit)) {
            let (child, margin, again, child_index) = &mut children[moves];
            (*margin, *again) = child.play_sowing(pit);
            *child_index = self.index(child);
            moves += 1;
        }
        let mut codes = [UNKNOWN; MAX_PITS];
        for (code, (_, _, _, child_index)) in codes.iter_mut().zip(&children[..moves]) {
            *code = self.values[*child_index].load(Ordering::Relaxed);
        }
        let mut best = None;
        for ((child, margin, again, child_index), code) in children[..moves].iter().zip(codes) {
            let rest = match code {
                UNKNOWN => self.fill(child, *child_index),
                code => i64::from(code) - OFFSET,
            };
            let value = if *again { margin + rest } else { margin - rest };
            best = Some(best.map_or(value, |b: i64| b.max(value)));
        }
        let value = best.unwrap_or(0);
        let code = u8::try_from(value + OFFSET).expect("|value| <= seeds <= 100");
        self.values[index].store(code, Ordering::Relaxed);
        value
    }

    /// The index of a position of at most the table's seeds (module docs).
    fn index(&self, position: &Kalah) -> usize {
        let index = self.numbering.index_in_all(position.pits());
        usize::try_from(index).expect("below the table's length")
    }

    /// The exact value of `position`, if the table covers it.
    pub fn value(&self, position: &Kalah) -> Option<i64> {
        (position.pits_a_side() == self.m && position.seeds_left() <= self.seeds)
            .then(|| self.fill(position, self.index(position)))
    }
}

/// Knowledge from an endgame table: the exact value where the table covers the position, the
/// bounds of [`SeedsLeft`] elsewhere (both sound: see their docs).
impl Knowledge<Kalah> for Endgame {
    fn facts(&self, position: &Kalah) -> Facts<u8> {
        match self.value(position) {
            Some(value) => Facts {
                bounds: Some(value..=value),
                best_move: None,
            },
            None => SeedsLeft.facts(position),
        }
    }
}
