//! [`heap_theory`]: a heap game's Grundy theory ([`HeapTheory`]) against the definition.

use crate::grundy::period::{best_candidate, still_holds};
use crate::grundy::theory::extend_by_options;
use crate::grundy::{HeapTheory, MAX_GRUNDY_VALUES, Period};
use thiserror::Error;

/// The first lie of a heap game's theory that [`heap_theory`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum TheoryLie {
    /// [`extend_grundy`](HeapTheory::extend_grundy) gave a value the definition does not.
    #[error("extend_grundy gives g({heap}) = {claimed}; by the definition it is {definition}")]
    Value {
        /// The heap.
        heap: u64,
        /// What `extend_grundy` gave.
        claimed: u32,
        /// The mex of the heap's options.
        definition: u32,
    },
    /// [`period_proof_len`](HeapTheory::period_proof_len) called `period` proven by
    /// `proof_len` values, and the definition breaks it at `heap`.
    #[error("{period} is proven by {proof_len} values, says the rule, but breaks at heap {heap}")]
    Period {
        /// The period the rule proves.
        period: Period,
        /// The values the rule says prove it.
        proof_len: u64,
        /// The first heap past the proof whose value the period does not give.
        heap: u64,
    },
    /// More heaps asked than a Grundy table holds ([`MAX_GRUNDY_VALUES`]).
    #[error("a check of {asked} heaps: a table holds at most {MAX_GRUNDY_VALUES}")]
    TooManyHeaps {
        /// The heaps asked.
        asked: u64,
    },
}

/// Checks a heap game's theory on heaps 0..=`upto` against the definition (the mex of each
/// heap's options): every value [`extend_grundy`](HeapTheory::extend_grundy) gives, asked in
/// two pieces as a table grows, and every period its rule
/// ([`period_proof_len`](HeapTheory::period_proof_len)) calls proven on the values up to each
/// power of two, held against all the values. Takes 8 bytes a heap, and the time of the
/// definition: O(options) a heap.
///
/// # Errors
///
/// The first [`TheoryLie`]: a value, or a period, that the definition contradicts.
///
/// # Examples
///
/// ```
/// use gamesolver::check;
/// use gamesolver::games::octal::OctalGame;
///
/// check::heap_theory(&OctalGame::kayles(), 2_000)?;
/// # Ok::<(), check::TheoryLie>(())
/// ```
pub fn heap_theory<H: HeapTheory + ?Sized>(game: &H, upto: u64) -> Result<(), TheoryLie> {
    let asked = upto.saturating_add(1);
    if asked > MAX_GRUNDY_VALUES {
        return Err(TheoryLie::TooManyHeaps { asked });
    }
    // Within MAX_GRUNDY_VALUES: the casts below do not truncate.
    let len = asked as usize;
    let mut definition = Vec::with_capacity(len);
    extend_by_options(game, &mut definition, len);
    let mut claimed = Vec::with_capacity(len);
    game.extend_grundy(&mut claimed, len / 2);
    game.extend_grundy(&mut claimed, len);
    let first_wrong = (0..len).find(|&n| claimed.get(n) != Some(&definition[n]));
    if let Some(heap) = first_wrong {
        return Err(TheoryLie::Value {
            heap: heap as u64,
            claimed: claimed.get(heap).copied().unwrap_or(u32::MAX),
            definition: definition[heap],
        });
    }
    let mut seen = 2;
    while seen <= len {
        if let Some(candidate) = best_candidate(game, &definition[..seen])
            && candidate.proof_len <= seen as u64
            && !still_holds(&definition, candidate.period, seen)
        {
            let (e, p) = (candidate.period.preperiod, candidate.period.period);
            let heap = (seen as u64..asked)
                .find(|&n| n >= e + p && definition[n as usize] != definition[(n - p) as usize])
                .unwrap_or(asked);
            return Err(TheoryLie::Period {
                period: candidate.period,
                proof_len: candidate.proof_len,
                heap,
            });
        }
        seen *= 2;
    }
    Ok(())
}
