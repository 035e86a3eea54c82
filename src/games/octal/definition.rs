//! The Grundy values of an octal game by the definition: every option of every heap.

use crate::games::octal::OctalGame;
use crate::grundy::mex::{OptionSet, ValueSet, Word};

/// Extends `values` (g(0), g(1), ... of `game`) to `len` values by the definition: g(n) is the
/// mex of the values of every option of a heap of n, a split's value being the XOR of its two
/// heaps. O(n) a heap for a code that splits, O(digits) for one that does not.
pub fn extend_by_definition(game: &OctalGame, values: &mut Vec<u32>, len: usize) {
    let mut max = values.iter().copied().max().unwrap_or(0);
    let mut seen = ValueSet::default();
    while values.len() < len {
        // Values below 32 XOR below 64: one register holds the options.
        let value = if max < 32 {
            heap_value(game, values, &mut Word(0))
        } else {
            seen.reset(max);
            heap_value(game, values, &mut seen)
        };
        max = max.max(value);
        values.push(value);
    }
}

/// g(n) for n = `values.len()` from every option.
fn heap_value(game: &OctalGame, values: &[u32], seen: &mut impl OptionSet) -> u32 {
    let n = values.len();
    insert_simple_options(game, values, seen);
    for &take in game.takes_splitting() {
        let Some(rest) = (n as u64).checked_sub(take).filter(|&r| r >= 2) else {
            continue;
        };
        let rest = rest as usize;
        for a in 1..=rest / 2 {
            seen.insert(values[a] ^ values[rest - a]);
        }
    }
    seen.mex()
}

/// Inserts the values of the moves of heap `values.len()` that leave at most one heap.
pub(crate) fn insert_simple_options(game: &OctalGame, values: &[u32], seen: &mut impl OptionSet) {
    let n = values.len() as u64;
    if game.takes_whole().contains(&n) {
        seen.insert(0);
    }
    for &take in game.takes_leaving_one() {
        if take >= n {
            break;
        }
        seen.insert(values[(n - take) as usize]);
    }
}
