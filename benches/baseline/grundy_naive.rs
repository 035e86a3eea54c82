//! The naive baseline of the Grundy bench: for each n, the reachable values in a fresh
//! `HashSet`, then the mex by counting up.

use std::collections::HashSet;

/// g(0..=upto) for the subtraction set `set`.
pub fn grundy_naive(set: &[u32], upto: usize) -> Vec<u32> {
    let mut values: Vec<u32> = Vec::new();
    for n in 0..=upto {
        let reachable: HashSet<u32> = set
            .iter()
            .filter(|&&s| s as usize <= n)
            .map(|&s| values[n - s as usize])
            .collect();
        let mut mex = 0;
        while reachable.contains(&mex) {
            mex += 1;
        }
        values.push(mex);
    }
    values
}
