//! The history heuristic (Schaeffer, "The history heuristic and alpha-beta search
//! enhancements in practice", IEEE PAMI 11(11), 1989): a move that cut a node where the order
//! had put another first is tried earlier, among moves the order ranks equal, at every node
//! after.
//!
//! A move is known by its hash alone, in one of [`SLOTS`] counters, so that any game's moves
//! fit; two moves that share a counter share their credit, which changes an order, never a
//! value. A cut earns `2^((20 - ply) / 2)` (ply counted from the search's root; 1 from ply 20
//! on): Schaeffer weighs a cut by the depth left below it, which an exact solve does not
//! know, and a cut nearer the root saves a larger subtree. Only a cut by a move the order did
//! not put first earns: a cut by the first says the order had it right already.
//!
//! It is a hint: it only orders moves, so values never depend on it. Whether it pays depends on
//! how much the game's own order leaves tied and how good that order is: over random
//! positions of Kalah it saves up to 24% of the nodes, where Connect 4 and Dots and Boxes
//! search 15 and 1.6 to 2.5 times the nodes with it (BENCHMARKS.md, "Kalah"). So it is off by
//! default ([`SearchConfig::history_heuristic`](crate::SearchConfig::history_heuristic)).

use std::hash::{Hash, Hasher};

/// Counters of the table: 1024 of 8 bytes, 8 KiB, within the first-level cache.
const SLOTS: usize = 1 << 10;

/// The plies from the root over which a cut's credit halves twice: past this every cut
/// earns 1.
const WEIGHTED_PLIES: usize = 20;

/// The credit of the moves that cut, by their hashes; empty until a move first earns. A
/// search keeps it from one search to the next (its null-window tests, a solver's later
/// positions), as it keeps its table.
#[derive(Debug, Default)]
pub(crate) struct History {
    credit: Vec<u64>,
}

impl History {
    /// The counter of `mv`.
    #[inline]
    fn slot<M: Hash>(mv: &M) -> usize {
        let mut hasher = rustc_hash::FxHasher::default();
        mv.hash(&mut hasher);
        // Fibonacci hashing: the top bits of the product mix every bit of the hash.
        let mixed = hasher.finish().wrapping_mul(0x9E37_79B9_7F4A_7C15);
        // The shift leaves 10 bits: the conversion cannot truncate.
        (mixed >> (64 - SLOTS.trailing_zeros())) as usize
    }

    /// What `mv` has earned so far: larger is tried first among equals.
    #[inline]
    pub(crate) fn credit<M: Hash>(&self, mv: &M) -> u64 {
        self.credit.get(Self::slot(mv)).copied().unwrap_or(0)
    }

    /// Credits `mv` with a cut at `ply` from the root.
    pub(crate) fn reward<M: Hash>(&mut self, mv: &M, ply: usize) {
        if self.credit.is_empty() {
            self.credit = vec![0; SLOTS];
        }
        let halvings = WEIGHTED_PLIES.saturating_sub(ply) / 2;
        let counter = &mut self.credit[Self::slot(mv)];
        *counter = counter.saturating_add(1 << halvings);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_nearer_the_root_earns_more_and_deep_cuts_earn_one() {
        let mut history = History::default();
        assert_eq!(history.credit(&3u8), 0);
        history.reward(&3u8, 0);
        assert_eq!(history.credit(&3u8), 1 << 10);
        history.reward(&3u8, 19);
        assert_eq!(history.credit(&3u8), (1 << 10) + 1);
        history.reward(&5u8, 40);
        assert_eq!(history.credit(&5u8), 1);
        assert_eq!(history.credit(&4u8), 0);
    }

    #[test]
    fn moves_spread_over_the_counters() {
        let slots: std::collections::HashSet<usize> =
            (0u32..256).map(|mv| History::slot(&mv)).collect();
        // 256 moves in 1024 counters: a few may share, most do not.
        assert!(slots.len() > 200, "{} counters for 256 moves", slots.len());
    }
}
