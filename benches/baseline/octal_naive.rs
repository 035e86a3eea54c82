//! The naive baseline of the octal bench: every option of every heap by the definition, the
//! reachable values in a fresh `HashSet`, then the mex by counting up.

use std::collections::HashSet;

/// g(0..len) of the octal game with `digits` (the one before the point first).
pub fn octal_naive(digits: &[u8], len: usize) -> Vec<u32> {
    let mut values: Vec<u32> = Vec::with_capacity(len);
    for n in 0..len {
        let mut reachable = HashSet::new();
        for (take, &digit) in digits.iter().enumerate().take(n + 1) {
            let rest = n - take;
            if digit & 1 != 0 && take > 0 && rest == 0 {
                reachable.insert(0);
            }
            if digit & 2 != 0 && take > 0 && rest > 0 {
                reachable.insert(values[rest]);
            }
            if digit & 4 != 0 {
                for a in 1..=rest / 2 {
                    reachable.insert(values[a] ^ values[rest - a]);
                }
            }
        }
        let mut mex = 0;
        while reachable.contains(&mex) {
            mex += 1;
        }
        values.push(mex);
    }
    values
}
