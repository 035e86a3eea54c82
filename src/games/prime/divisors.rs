use std::sync::{Arc, Mutex, PoisonError, Weak};

/// Smallest-prime-factor sieve of 1..=n, built once per board size, so the proper divisors of
/// any number on the board come from its factorization without trial division.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Sieve {
    smallest_factor: Vec<u32>,
}

/// The sieve most recently built, while some position still uses it.
static LATEST: Mutex<Weak<Sieve>> = Mutex::new(Weak::new());

impl Sieve {
    /// A sieve covering 1..=n: the one a live position already shares if it is large enough
    /// (a sieve of N serves every n <= N), else a new one. Building a board of 10^6 numbers
    /// again, as the engine protocol does for every move, then skips the sieve.
    pub fn shared(n: u32) -> Arc<Self> {
        // A poisoned lock only means another thread panicked while holding a `Weak`.
        let mut latest = LATEST.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(sieve) = latest.upgrade()
            && sieve.smallest_factor.len() > n as usize
        {
            return sieve;
        }
        let sieve = Arc::new(Self::new(n));
        *latest = Arc::downgrade(&sieve);
        sieve
    }

    pub fn new(n: u32) -> Self {
        let len = n as usize + 1;
        let mut smallest_factor = vec![0u32; len];
        for p in 2..len {
            if smallest_factor[p] == 0 {
                for multiple in (p..len).step_by(p) {
                    if smallest_factor[multiple] == 0 {
                        // p < len <= u32::MAX + 1, so it fits.
                        smallest_factor[multiple] = p as u32;
                    }
                }
            }
        }
        Self { smallest_factor }
    }

    /// Whether `x` (2 <= x <= n) is prime.
    pub fn is_prime(&self, x: u32) -> bool {
        self.smallest_factor[x as usize] == x
    }

    /// Calls `visit` with every divisor of `x` (1 <= x <= n) below `x`, in no set order.
    pub fn for_each_proper_divisor(&self, x: u32, mut visit: impl FnMut(u32)) {
        // At most 9 distinct primes multiply to below 2^32.
        let mut factors = [(0u32, 0u32); 10];
        let mut count = 0;
        let mut rest = x;
        while rest > 1 {
            let p = self.smallest_factor[rest as usize];
            let mut exponent = 0;
            while rest.is_multiple_of(p) {
                rest /= p;
                exponent += 1;
            }
            factors[count] = (p, exponent);
            count += 1;
        }
        fn walk(factors: &[(u32, u32)], divisor: u32, x: u32, visit: &mut impl FnMut(u32)) {
            match factors.split_first() {
                None if divisor < x => visit(divisor),
                None => {}
                Some((&(p, exponent), rest)) => {
                    let mut d = divisor;
                    for _ in 0..=exponent {
                        walk(rest, d, x, visit);
                        d = d.wrapping_mul(p);
                    }
                }
            }
        }
        walk(&factors[..count], 1, x, &mut visit);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divisors_match_trial_division() {
        let sieve = Sieve::new(400);
        for x in 1..=400u32 {
            let mut found = Vec::new();
            sieve.for_each_proper_divisor(x, |d| found.push(d));
            found.sort_unstable();
            let expected: Vec<u32> = (1..x).filter(|&d| x.is_multiple_of(d)).collect();
            assert_eq!(found, expected, "divisors of {x}");
        }
    }
}
