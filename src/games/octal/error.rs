//! `OctalError`: why an octal code was refused.

use thiserror::Error;

/// Why an octal code was rejected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
pub enum OctalError {
    /// No digit after the point (or no point at all).
    #[error("an octal code needs a point and at least one digit after it, as in 0.77")]
    NoDigits,
    /// A character that is not an octal digit, at a 0-based position in the code.
    #[error("{found:?} at position {position} is not an octal digit 0-7")]
    NotOctal {
        /// The character found.
        found: char,
        /// Its position in the code, from 0.
        position: usize,
    },
    /// The digit before the point is neither 0 nor 4 (a move that takes nothing may only
    /// split a heap in two; leaving it whole would let a game go on forever).
    #[error("the digit before the point must be 0 or 4, not {digit}")]
    BadLeadingDigit {
        /// The digit given.
        digit: u8,
    },
    /// More than one character before the point.
    #[error("an octal code has one digit before the point, not {digits}")]
    LongLead {
        /// Characters found before the point.
        digits: usize,
    },
    /// More digits after the point than the crate supports.
    #[error("{digits} digits after the point exceed the limit of {limit}")]
    TooLong {
        /// Digits given.
        digits: usize,
        /// The limit.
        limit: usize,
    },
}
