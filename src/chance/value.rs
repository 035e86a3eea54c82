//! `Expectation`: the numbers a chance game's values are computed in, exact rationals or
//! floating point, as the user chooses.

use num_bigint::BigInt;
use num_rational::BigRational;
use std::fmt;
use std::ops::{Add, Div, Mul, Sub};

/// The numbers a [`ChanceSolver`](super::ChanceSolver) computes expected values in.
///
/// - [`BigRational`]: exact, whatever the game (a value is a fraction whose denominator
///   divides a product of the chance nodes' total weights); each operation costs more as the
///   fractions grow, so it suits games of up to a few million positions.
/// - [`f64`]: fast, for large games. Each value is a sum of weighted means, each operation
///   within half an ulp, so a value is within about `2⁻⁵³ · d · M` of the exact one, `d` the
///   plies from the position to the end and `M` the largest magnitude of a margin sum: about
///   `10⁻¹⁴` for a game of a hundred plies and margins near 1. A cut decided by a rounded
///   bound is off by as much, no more.
pub trait Expectation:
    Clone
    + PartialOrd
    + fmt::Debug
    + fmt::Display
    + Send
    + Sync
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
{
    /// The integer `value`.
    fn from_int(value: i64) -> Self;

    /// The finite `value` (an evaluator's estimate): itself in floating point, the same
    /// number exactly as a rational.
    fn from_f64(value: f64) -> Self;

    /// Whether `self` and `other` are the same value: exactly for exact numbers; within the
    /// rounding of the computation (a relative `10⁻⁹`) for floating point, so that moves of
    /// equal value are found equal.
    fn same(&self, other: &Self) -> bool;
}

impl Expectation for f64 {
    fn from_int(value: i64) -> Self {
        value as f64
    }

    fn from_f64(value: f64) -> Self {
        value
    }

    fn same(&self, other: &Self) -> bool {
        (self - other).abs() <= 1e-9 * self.abs().max(other.abs()).max(1.0)
    }
}

impl Expectation for BigRational {
    fn from_int(value: i64) -> Self {
        BigRational::from_integer(BigInt::from(value))
    }

    fn from_f64(value: f64) -> Self {
        // Every finite double is a rational; a non-finite one has no value to give.
        BigRational::from_float(value).unwrap_or_else(|| Self::from_int(0))
    }

    fn same(&self, other: &Self) -> bool {
        self == other
    }
}

/// The larger of two values (the first if they are equal or unordered).
pub(crate) fn max<V: Expectation>(a: V, b: V) -> V {
    if b > a { b } else { a }
}

/// The smaller of two values (the first if they are equal or unordered).
pub(crate) fn min<V: Expectation>(a: V, b: V) -> V {
    if b < a { b } else { a }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_values_are_the_same_only_when_equal_and_floating_ones_within_rounding() {
        let third = BigRational::from_int(1) / BigRational::from_int(3);
        assert!(third.same(&(BigRational::from_int(2) / BigRational::from_int(6))));
        assert!(!third.same(&(BigRational::from_int(1) / BigRational::from_int(4))));
        assert!((0.1 + 0.2).same(&0.3));
        assert!(!0.3.same(&0.3000001));
        assert_eq!(max(1.0, 2.0), 2.0);
        assert_eq!(min(1.0, 2.0), 1.0);
    }
}
