//! Finding and proving the eventual period of a Grundy sequence.
//!
//! The values alone never prove a period: a game's own rule does
//! ([`HeapTheory::period_proof_len`]). This module finds the candidate that such a rule proves
//! with the fewest values, checks it against new values as they come, and reduces a proven
//! pair to the smallest preperiod and period.

use super::HeapTheory;
use num_integer::Roots;
use std::fmt;

/// The eventual period of a Grundy sequence: g(n + period) = g(n) for every n >= preperiod,
/// with both numbers the smallest that hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Period {
    /// The first index from which the sequence repeats.
    pub preperiod: u64,
    /// The length of the repeating block.
    pub period: u64,
}

impl fmt::Display for Period {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "preperiod={} period={}", self.preperiod, self.period)
    }
}

/// A period seen in the values so far, with the number of values that would prove it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Candidate {
    pub period: Period,
    pub proof_len: u64,
}

/// The smallest e such that `values[n] == values[n + period]` for every n in e..len - period.
fn preperiod_for(values: &[u32], period: usize) -> usize {
    let mut start = values.len() - period;
    while start > 0 && values[start - 1] == values[start - 1 + period] {
        start -= 1;
    }
    start
}

/// The candidate with the smallest proof length among the periods seen at least twice in a
/// row at the end of `values`, or `None`.
///
/// Multiples of a period already seen are skipped: they repeat from about the same point and
/// would be proven later, and scanning each of them back to its preperiod would cost
/// O(values) apiece, quadratic in all on a long nearly periodic sequence.
pub(crate) fn best_candidate<H: HeapTheory + ?Sized>(
    game: &H,
    values: &[u32],
) -> Option<Candidate> {
    let len = values.len();
    let mut best: Option<Candidate> = None;
    let mut seen_periods: Vec<usize> = Vec::new();
    for period in 1..=len / 2 {
        // Proof lengths grow with the period (every rule here is monotone), so once the
        // shortest possible proof for this period is no better, no longer period can be.
        let floor = game.period_proof_len(Period {
            preperiod: 0,
            period: period as u64,
        })?;
        if best.is_some_and(|b| floor >= b.proof_len) {
            break;
        }
        if seen_periods.iter().any(|&q| period % q == 0) {
            continue;
        }
        let preperiod = preperiod_for(values, period);
        if len - preperiod < 2 * period {
            continue;
        }
        seen_periods.push(period);
        let period = Period {
            preperiod: preperiod as u64,
            period: period as u64,
        };
        if let Some(proof_len) = game.period_proof_len(period)
            && best.is_none_or(|b| proof_len < b.proof_len)
        {
            best = Some(Candidate { period, proof_len });
        }
    }
    best
}

/// Whether `values[from..]` keeps to the candidate's period.
pub(crate) fn still_holds(values: &[u32], period: Period, from: usize) -> bool {
    let (e, p) = (period.preperiod as usize, period.period as usize);
    (from.max(e + p)..values.len()).all(|n| values[n] == values[n - p])
}

/// The smallest preperiod and period of a sequence known to repeat with `period` from its
/// preperiod on, given at least its first preperiod + period values.
///
/// The smallest eventual period divides every eventual period, so it is among the divisors of
/// `period.period`; a divisor q works if g(n + q) = g(n) over one block of `period` (both sides
/// repeat with it). The preperiod is then lowered while the value before it still repeats.
pub(crate) fn minimal(values: &[u32], period: Period) -> Period {
    let (e, p) = (period.preperiod as usize, period.period as usize);
    let at = |n: usize| {
        if n < e + p {
            values[n]
        } else {
            values[e + (n - e) % p]
        }
    };
    let mut divisors: Vec<usize> = (1..=p.sqrt())
        .filter(|q| p % q == 0)
        .flat_map(|q| [q, p / q])
        .collect();
    divisors.sort_unstable();
    let q = divisors
        .into_iter()
        .find(|&q| (e..e + p).all(|n| at(n) == at(n + q)))
        .unwrap_or(p);
    let mut start = e;
    while start > 0 && at(start - 1) == at(start - 1 + q) {
        start -= 1;
    }
    Period {
        preperiod: start as u64,
        period: q as u64,
    }
}

/// Extends `values` (g(0), g(1), ... of `game`) to `len` by their period when the game's rule
/// ([`HeapTheory::period_proof_len`]) proves one on the values so far; `false` (and `values`
/// unchanged) when it does not. A heap game's [`extend_grundy`](HeapTheory::extend_grundy) calls
/// it before computing values one by one, as the crate's octal and subtraction games do.
pub fn copy_by_proven_period<H: HeapTheory + ?Sized>(
    game: &H,
    values: &mut Vec<u32>,
    len: usize,
) -> bool {
    let Some(candidate) =
        best_candidate(game, values).filter(|c| c.proof_len <= values.len() as u64)
    else {
        return false;
    };
    // A proven period is at most the number of values.
    let period = minimal(values, candidate.period).period as usize;
    values.reserve(len.saturating_sub(values.len()));
    while values.len() < len {
        let start = values.len() - period;
        let take = period.min(len - values.len());
        values.extend_from_within(start..start + take);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minimal_reduces_to_the_smallest_pair() {
        // 5, 9, then 1 2 3 repeating; stated with a period of 6 from 3.
        let values = [5, 9, 1, 2, 3, 1, 2, 3, 1, 2, 3];
        let stated = Period {
            preperiod: 3,
            period: 6,
        };
        assert_eq!(
            minimal(&values, stated),
            Period {
                preperiod: 2,
                period: 3
            }
        );
        assert_eq!(preperiod_for(&values, 3), 2);
        assert!(still_holds(&values, minimal(&values, stated), 0));
    }
}
