//! `PrimeError`: why a PrimeGame board or move was refused.

use thiserror::Error;

/// Why a PrimeGame board or move was rejected. Nothing is changed when one is returned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
pub enum PrimeError {
    /// A board of size 0: it must hold at least the number 1.
    #[error("the board size must be at least 1")]
    EmptyBoard,
    /// A board larger than the position type supports.
    #[error("board size {n} exceeds the limit of {max} for this position type")]
    BoardTooLarge {
        /// The size asked for.
        n: u64,
        /// The largest size supported.
        max: u32,
    },
    /// A number outside 1..=n.
    #[error("{number} is not on a board of 1..={n}")]
    OutOfRange {
        /// The number given.
        number: u64,
        /// The board size.
        n: u32,
    },
    /// A number listed twice in a position.
    #[error("{number} is listed more than once")]
    Repeated {
        /// The repeated number.
        number: u32,
    },
    /// A move that takes a number no longer on the board.
    #[error("{number} is not on the board")]
    NotOnBoard {
        /// The number asked for.
        number: u32,
    },
}

/// Checks a board size against a type's limit.
pub(crate) fn check_size(n: u64, max: u32) -> Result<u32, PrimeError> {
    match u32::try_from(n) {
        _ if n == 0 => Err(PrimeError::EmptyBoard),
        Ok(n) if n <= max => Ok(n),
        _ => Err(PrimeError::BoardTooLarge { n, max }),
    }
}

/// Validates the numbers of a position on a board of 1..=n, calling `insert` for each; `insert`
/// reports whether the number was new.
pub(crate) fn check_numbers(
    n: u32,
    numbers: impl IntoIterator<Item = u64>,
    mut insert: impl FnMut(u32) -> bool,
) -> Result<(), PrimeError> {
    for number in numbers {
        let x = u32::try_from(number)
            .ok()
            .filter(|&x| (1..=n).contains(&x))
            .ok_or(PrimeError::OutOfRange { number, n })?;
        if !insert(x) {
            return Err(PrimeError::Repeated { number: x });
        }
    }
    Ok(())
}
