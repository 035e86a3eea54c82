//! [`HeapTheory`]: what the theory knows of a heap game beyond its rules, a rule that proves a
//! period of its Grundy values and a faster way to compute them, opt-in, each item sound.

use super::Period;
use super::mex::{OptionSet, ValueSet};
use crate::game::HeapGame;

/// What the theory knows of a heap game beyond its rules ([`HeapGame`]): what a
/// [`GrundyValues`](super::GrundyValues) may use to compute the game's Grundy values. Both
/// methods are provided, so a game that knows nothing more opts in with an empty
/// `impl HeapTheory for MyGame {}` and gets its values by the definition.
///
/// Both items are **sound**: a lie changes values. [`check::heap_theory`](crate::check::heap_theory)
/// compares them with the definition and names the first lie.
///
/// # Examples
///
/// ```
/// use gamesolver::grundy::HeapTheory;
/// use gamesolver::{GrundyValues, HeapGame, HeapOption};
///
/// /// Take 1 or 2 tokens.
/// struct TakeOneOrTwo;
///
/// impl HeapGame for TakeOneOrTwo {
///     fn options(&self, heap: u64, out: &mut Vec<HeapOption>) {
///         for take in 1..=heap.min(2) {
///             out.push(HeapOption { take, remain: [heap - take, 0] });
///         }
///     }
/// }
///
/// impl HeapTheory for TakeOneOrTwo {}
///
/// let table = GrundyValues::compute(&TakeOneOrTwo, 5)?;
/// assert_eq!(table.as_slice(), [0, 1, 2, 0, 1, 2]);
/// // No rule proves a period here, so none is ever claimed.
/// assert!(GrundyValues::periodic(&TakeOneOrTwo, 1_000).is_err());
/// # Ok::<(), gamesolver::GrundyError>(())
/// ```
pub trait HeapTheory: HeapGame {
    /// How many values g(0), g(1), ... must agree with `period` (from its preperiod on) for the
    /// period to be proven for every heap; `None` when the game knows no such rule (then no
    /// period is ever claimed). Sound: a rule that proves a period too soon makes every value
    /// past it wrong. Subtraction sets and octal codes give their proven rules (see the
    /// [module docs](crate::grundy#proven-periods)).
    fn period_proof_len(&self, period: Period) -> Option<u64> {
        let _ = period;
        None
    }

    /// Extends `values` (g(0), g(1), ... so far) to `len` values. Sound: the values must be the
    /// definition's. The default follows the definition with a bitset mex, O(options) a value;
    /// games with more structure override it with a faster method giving the same values.
    fn extend_grundy(&self, values: &mut Vec<u32>, len: usize) {
        extend_by_options(self, values, len);
    }
}

/// Extends `values` to `len` by the definition: each heap's options, the mex of the XOR of the
/// values of the heaps each leaves. Heaps a move leaves are smaller than the heap (the
/// contract of [`HeapGame::options`]), so already computed.
pub(crate) fn extend_by_options<H: HeapGame + ?Sized>(game: &H, values: &mut Vec<u32>, len: usize) {
    let mut options = Vec::new();
    let mut seen = ValueSet::default();
    let mut max = values.iter().copied().max().unwrap_or(0);
    while values.len() < len {
        let heap = values.len() as u64;
        options.clear();
        game.options(heap, &mut options);
        seen.reset(max);
        for option in &options {
            let [a, b] = option.remain.map(|h| values[h as usize]);
            seen.insert(a ^ b);
        }
        let value = seen.mex();
        max = max.max(value);
        values.push(value);
    }
}
