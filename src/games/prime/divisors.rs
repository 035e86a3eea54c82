//! `Sieve`: the smallest prime factor of 1..=n, and the proper divisors it gives.

/// A smallest-prime-factor sieve of 1..=n, so the proper divisors of any number on a board
/// come from its factorization without trial division. A [`PrimeGame`](super::PrimeGame) and
/// its copies share one through an `Arc`; hold it ([`PrimeGame::sieve`](super::PrimeGame::sieve))
/// to build the next board without building the sieve again
/// ([`PrimeGame::from_numbers_with_sieve`](super::PrimeGame::from_numbers_with_sieve)): 10 ms
/// at n = 10^6. It is freed with the last board that holds it.
///
/// # Examples
///
/// ```
/// use gamesolver::games::prime::PrimeGame;
/// use std::sync::Arc;
///
/// let first = PrimeGame::new(1000)?;
/// let next = PrimeGame::from_numbers_with_sieve(1000, [6, 12, 997], first.sieve())?;
/// assert!(Arc::ptr_eq(first.sieve(), next.sieve()));
/// assert!(first.sieve().covers(1000));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Sieve {
    smallest_factor: Vec<u32>,
}

impl Sieve {
    /// Whether the sieve covers the numbers 1..=n.
    #[must_use]
    pub fn covers(&self, n: u32) -> bool {
        self.smallest_factor.len() > n as usize
    }

    /// The sieve of 1..=n.
    #[must_use]
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
    pub(crate) fn is_prime(&self, x: u32) -> bool {
        self.smallest_factor[x as usize] == x
    }

    /// Calls `visit` with every divisor of `x` (1 <= x <= n) below `x`, in no set order.
    pub(crate) fn for_each_proper_divisor(&self, x: u32, mut visit: impl FnMut(u32)) {
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
