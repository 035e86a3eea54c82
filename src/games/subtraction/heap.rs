//! A subtraction set as a heap game: a move takes s tokens for some s in the set and leaves
//! one heap.

use crate::game::{HeapGame, HeapOption};
use crate::games::subtraction::SubtractionSet;
use crate::grundy::copy_by_proven_period;
use crate::grundy::mex::{OptionSet, Word};
use crate::grundy::{HeapTheory, Period};

/// Values computed one by one before the rest of a long table is copied by its period.
const PROBE: usize = 1 << 16;

impl HeapGame for SubtractionSet {
    /// Any heap: it has at most |S| moves.
    fn max_heap(&self) -> u64 {
        u64::MAX
    }

    fn option_count(&self, heap: u64) -> u64 {
        self.moves()
            .iter()
            .take_while(|&&s| u64::from(s) <= heap)
            .count() as u64
    }

    fn options(&self, heap: u64, out: &mut Vec<HeapOption>) {
        out.extend(
            self.moves()
                .iter()
                .map(|&s| u64::from(s))
                .take_while(|&s| s <= heap)
                .map(|take| HeapOption {
                    take,
                    remain: [heap - take, 0],
                }),
        );
    }
}

/// The window rule proves periods; values by a one-word mex, equal to the definition's.
impl HeapTheory for SubtractionSet {
    /// g(n) depends only on the max(S) values before it once n >= max(S), so a window of
    /// max(S) values at e repeated at e + p proves the period p from e: values agreeing from
    /// e up to e + p + max(S).
    fn period_proof_len(&self, period: Period) -> Option<u64> {
        period
            .preperiod
            .checked_add(period.period)?
            .checked_add(u64::from(self.max()))
    }

    /// A one-word mex per value once every move applies; past 2^16 values, once the period
    /// is proven, the rest is copied block by block, so a long table costs little more than
    /// its memory.
    fn extend_grundy(&self, values: &mut Vec<u32>, len: usize) {
        let (moves, max) = (self.moves(), self.max() as usize);
        values.reserve(len.saturating_sub(values.len()));
        while values.len() < len.min(PROBE.max(values.len())) {
            values.push(next_value(values, moves, max));
        }
        if values.len() >= len {
            return;
        }
        if copy_by_proven_period(self, values, len) {
            return;
        }
        while values.len() < len {
            values.push(next_value(values, moves, max));
        }
    }
}

/// g(n) for n = `values.len()`, from the values before it; `moves` ascending, `max` the
/// largest.
fn next_value(values: &[u32], moves: &[u32], max: usize) -> u32 {
    let n = values.len();
    if n >= max && moves.len() < 64 {
        // Every move applies and every value is at most |S| < 64: a one-word mex.
        let mut seen = Word(0);
        for &s in moves {
            seen.insert(values[n - s as usize]);
        }
        return seen.mex();
    }
    crate::grundy::mex::mex(
        moves
            .iter()
            .take_while(|&&s| s as usize <= n)
            .map(|&s| values[n - s as usize]),
    )
}
