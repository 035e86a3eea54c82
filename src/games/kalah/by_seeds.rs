//! [`BySeeds`]: Kalah numbered in tiers by the seeds in play, for the retrograde solve of
//! exact values: an endgame table solved whole, where [`Endgame`](super::Endgame) fills
//! itself as a search asks.

use super::{Kalah, MAX_PITS};
use crate::game::{Place, Tiers};

/// Kalah with m pits a side numbered by the seeds in play, up to a bound, for
/// [`Retrograde::solve_scores`](crate::Retrograde::solve_scores).
///
/// **The numbering.** Tier s holds the positions with s seeds in the 2m pits (the stores do
/// not change what is left to play: the module docs of [`Kalah`]). Its pits are a composition
/// of s into 2m parts: stars and bars, whose 2m - 1 bars sit at increasing places
/// `b_0 < b_1 < ...` below `s + 2m - 1` (bar i after the first i + 1 pits, `b_i` = their
/// seeds plus i), and its index is the combinatorial number system's `sum C(b_i, i + 1)`,
/// dense in `0..C(s + 2m - 1, 2m - 1)`.
///
/// **The tiers a move leads to.** No move adds seeds to the pits: a sowing moves them on,
/// some into the mover's store, a capture takes some off, and the end of the game sweeps the
/// rest. So a move from tier s leads to tier s or below, and within a tier the solve searches
/// depth first; Kalah never repeats a position (every move carries seeds forward), so it ends.
#[derive(Debug, Clone)]
pub struct BySeeds {
    /// Pits a side.
    m: usize,
    /// The most seeds in play.
    seeds: usize,
    /// `C(n, k)` at `n * (2m + 1) + k`, for n up to `seeds + 2m` and k up to 2m (saturated
    /// past `u64`).
    binomial: Vec<u64>,
    /// `2m + 1`: the length of a row of `binomial`.
    row: usize,
}

impl BySeeds {
    /// The numbering of Kalah with `start`'s pits a side, up to `seeds` seeds in play.
    #[must_use]
    pub fn new(start: &Kalah, seeds: u8) -> Self {
        let (m, seeds) = (start.pits_a_side(), usize::from(seeds));
        let (rows, row) = (seeds + 2 * m + 1, 2 * m + 1);
        let mut binomial = vec![0u64; rows * row];
        for n in 0..rows {
            binomial[n * row] = 1;
            for k in 1..row.min(n + 1) {
                binomial[n * row + k] =
                    binomial[(n - 1) * row + k - 1].saturating_add(binomial[(n - 1) * row + k]);
            }
        }
        Self {
            m,
            seeds,
            binomial,
            row,
        }
    }

    /// `C(n, k)`, for n up to `seeds + 2m` and k up to 2m.
    fn choose(&self, n: usize, k: usize) -> u64 {
        self.binomial[n * self.row + k]
    }

    /// The positions of every tier together, `C(seeds + 2m, 2m)` (saturated past `u64`).
    pub(super) fn positions(&self) -> u64 {
        self.choose(self.seeds + 2 * self.m, 2 * self.m)
    }

    /// Where the pits of a position of at most the bound's seeds stand among every tier's
    /// positions, the tiers end to end: the terms of all 2m bars, the last (after every pit,
    /// at `s + 2m - 1`) adding `C(s + 2m - 1, 2m)`, the positions of fewer seeds, to the index
    /// in tier s of the first 2m - 1. [`Endgame`](super::Endgame)'s index.
    #[inline]
    pub(super) fn index_in_all(&self, pits: &[u8]) -> u64 {
        let (mut bar, mut index) = (0usize, 0u64);
        for (i, &seeds) in pits.iter().enumerate() {
            bar += usize::from(seeds);
            index += self.choose(bar + i, i + 1);
        }
        index
    }
}

impl Tiers for BySeeds {
    type Game = Kalah;

    const NAME: &'static str = "kalah by seeds in play";

    /// Pits a side.
    fn rules_id(&self) -> u64 {
        self.m as u64
    }

    fn tier_count(&self) -> usize {
        self.seeds + 1
    }

    fn tier_len(&self, tier: usize) -> u64 {
        if tier > self.seeds {
            0
        } else {
            self.choose(tier + 2 * self.m - 1, 2 * self.m - 1)
        }
    }

    fn position_at(&self, tier: usize, index: u64) -> Option<Kalah> {
        if index >= self.tier_len(tier) {
            return None;
        }
        // The bars from the top: the largest place b with C(b, i + 1) <= what is left.
        let parts = 2 * self.m;
        let mut bars = [0usize; 2 * MAX_PITS];
        let (mut rest, mut top) = (index, tier + parts - 1);
        for i in (0..parts - 1).rev() {
            top -= 1;
            while self.choose(top, i + 1) > rest {
                top -= 1;
            }
            rest -= self.choose(top, i + 1);
            bars[i] = top;
        }
        let mut pits = [0u8; 2 * MAX_PITS];
        let mut before = 0;
        for (i, pit) in pits[..parts].iter_mut().enumerate() {
            // Pit i's seeds: the stars between bar i - 1 and bar i (the last, to the end).
            let bar = if i + 1 < parts {
                bars[i]
            } else {
                tier + parts - 1
            };
            // At most the tier's seeds, a bound below 256.
            *pit = (bar - before) as u8;
            before = bar + 1;
        }
        Some(Kalah { pits, m: self.m })
    }

    /// A position of more seeds, or of another number of pits, is placed past the tiers.
    fn place(&self, position: &Kalah) -> Place {
        let tier = position.seeds_left() as usize;
        if tier > self.seeds || position.pits_a_side() != self.m {
            let tier = self.tier_count() + tier;
            return Place { tier, index: 0 };
        }
        let parts = 2 * self.m;
        let fewer = self.choose(tier + parts - 1, parts);
        let index = self.index_in_all(position.pits()) - fewer;
        Place { tier, index }
    }

    fn tiers_after(&self, tier: usize, out: &mut Vec<usize>) {
        out.extend(0..tier);
    }
}
