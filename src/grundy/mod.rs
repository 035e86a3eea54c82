//! Sprague–Grundy theory: Grundy values of heap games with their periods, and a memoized
//! solver for any impartial game under normal or misère play.
//!
//! A [`GrundyTable`] holds g(0), g(1), ... of any [`HeapGame`](crate::HeapGame). Octal games
//! are computed by the rare/common method ([`extend_sparse`]), checked equal to the definition
//! ([`extend_by_definition`]); subtraction sets by a one-word mex.
//!
//! # Proven periods
//!
//! Values alone never prove a period; each game's rule does
//! ([`HeapGame::period_proof_len`](crate::HeapGame::period_proof_len)):
//!
//! - **Subtraction set S**, m = max(S): for n >= m every move applies, so g(n) is a function of
//!   the m values before it. If g(n + p) = g(n) for e <= n < e + m (values up to e + p + m),
//!   induction carries the equality to every n >= e.
//! - **Octal code**, t the most tokens a move takes (Guy and Smith's theorem, as every code
//!   here may also take nothing and split, digit 4 before the point). Suppose
//!   g(n + p) = g(n) for e <= n < 2e + p + t, that is, values up to 2e + 2p + t. Take
//!   n >= 2e + p + t and assume the equality below n. A move on n + p takes k <= t and leaves
//!   a + b = n + p - k, a <= b (a = 0 for one heap or none; n + p > t, so some heap remains).
//!   Then b >= (n + p - k) / 2 >= e + p, so g(b) = g(b - p) with b - p >= e, and the option
//!   (a, b) of n + p has the value of the option (a, b - p) of n. Conversely an option (a, b)
//!   of n has b >= (n - k) / 2 >= e, and (a, b + p) is an option of n + p of the same value.
//!   The two heaps have the same option values, so g(n + p) = g(n). A code that never splits
//!   leaves one heap n - k >= e from n >= e + t, and values up to e + p + t suffice.
//!
//! [`GrundyTable::periodic`] finds the candidate such a rule proves with the fewest values,
//! computes that far, checks, and reduces the proven pair to the smallest preperiod and
//! period (the smallest eventual period divides every eventual period).

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
