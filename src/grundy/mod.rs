//! Sprague–Grundy theory: Grundy values of heap games with their periods, and a memoized
//! solver for any impartial game under normal or misère play.
//!
//! A [`GrundyValues`] holds g(0), g(1), ... of any [`HeapGame`], by what the theory knows of
//! the game ([`HeapTheory`]: its [`extend_grundy`](HeapTheory::extend_grundy)): octal games by the rare/common method
//! ([`games::octal::extend_sparse`](crate::games::octal::extend_sparse)), checked equal to
//! the definition, subtraction sets by a one-word mex.
//!
//! # Proven periods
//!
//! Values alone never prove a period; each game's rule does
//! ([`HeapTheory::period_proof_len`]):
//!
//! - **Subtraction set S**, m = max(S): for n >= m every move applies, so g(n) is a function of
//!   the m values before it. If g(n + p) = g(n) for e <= n < e + m (values up to e + p + m),
//!   induction carries the equality to every n >= e.
//! - **Octal code**, t the most tokens a move takes (Guy and Smith's theorem, for every code
//!   here, 4 before the point included). Suppose g(n + p) = g(n) for e <= n <= N = 2e + p + t,
//!   that is, values through heap 2e + 2p + t. Take n > N and assume the equality below n. A
//!   move on n + p takes k <= t and leaves a + b = n + p - k >= 2e + 2p + 1 with a <= b (a = 0
//!   when it leaves one heap). Then b >= e + p + 1, so g(b) = g(b - p) with b - p >= e + 1:
//!   the move that takes k from n and leaves a + (b - p) is of the same kind (both heaps
//!   still non-empty, or still one heap) and has the same value. Conversely a move on n
//!   leaving a + b, a <= b, has b >= (n - k) / 2 >= e, and taking k from n + p to leave
//!   a + (b + p) is of the same kind and value. No move takes a whole heap of n or n + p (both
//!   exceed t). So both heaps have the same option values, and g(n + p) = g(n). A code that
//!   never splits leaves one heap n - k > e from n > e + t: values through heap e + p + t
//!   suffice. (The one heap more than the classical 2e + 2p + t - 1 closes the case e = 0, in
//!   which a split of n + p into p + p would map to a move leaving one heap.)
//!
//! [`GrundyValues::periodic`] finds the candidate such a rule proves with the fewest values,
//! computes that far, checks, and reduces the proven pair to the smallest preperiod and
//! period (the smallest eventual period divides every eventual period).
//!
//! [`mex`] holds the minimum excludant and the option sets a heap game's own
//! [`extend_grundy`](HeapTheory::extend_grundy) can build on, the ones the crate's games use.
//!
//! [`HeapGame`]: crate::HeapGame

pub mod mex;
pub mod misere;
mod outcome;
pub(crate) mod period;
mod solver;
pub(crate) mod theory;
mod values;

pub use outcome::{Outcome, winning_moves};
pub use period::{Period, copy_by_proven_period};
pub use solver::{DEFAULT_MEMO_BYTES, DEFAULT_MEMO_LIMIT, ImpartialError, ImpartialSolver};
pub use theory::HeapTheory;
pub use values::{GrundyError, GrundyValues, MAX_GRUNDY_VALUES};

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
