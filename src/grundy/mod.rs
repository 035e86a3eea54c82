//! Sprague–Grundy theory: Grundy values of heap games with their periods, and a memoized
//! solver for any impartial game under normal or misère play.

mod mex;
mod outcome;
pub(crate) mod period;
mod solver;
mod sparse;
mod table;
mod take_break;

pub use mex::mex;
pub(crate) use mex::mex_into;
pub use outcome::Outcome;
pub use solver::{DEFAULT_MEMO_BYTES, DEFAULT_MEMO_LIMIT, ImpartialError, ImpartialSolver};
pub use sparse::extend_sparse;
pub use table::{GrundyError, GrundyTable, MAX_TABLE_LEN, Period};
pub use take_break::extend_by_definition;

/// The Grundy value of a sum of independent games: the XOR of their values.
///
/// # Examples
///
/// ```
/// assert_eq!(gamesolver::grundy::grundy_sum([1, 3, 5, 7]), 0);
/// ```
pub fn grundy_sum(values: impl IntoIterator<Item = u32>) -> u32 {
    values.into_iter().fold(0, |sum, value| sum ^ value)
}
