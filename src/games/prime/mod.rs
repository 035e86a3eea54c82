//! PrimeGame: take a number, score it, and hand your opponent its divisors still on the board.
//!
//! The board holds 1..=n. The mover picks any number x on the board and scores x; the opponent
//! scores the sum of x's divisors below x that are still on the board; x and those divisors
//! leave the board. The game ends when the board is empty, and the higher score wins.
//!
//! Two position types share these rules: [`PrimeGame`], a board for any n up to [`MAX_N`]
//! whose moves cost what they change, and [`MaskPrimeGame`], one fixed-width mask
//! ([`SmallPrimeGame`] for n <= 128, [`WidePrimeGame`] for n <= 256) that the exact solver runs
//! several times faster on.
//!
//! # What the search exploits
//!
//! [`PrimeKnowledge`] gives the search (see [`search`](crate::search) for how it uses each
//! item) what these rules allow it to prove:
//!
//! - **Dominated moves.** A number with no multiple left and a given set of divisors left is
//!   never better than the largest number with the same two properties (taking either leaves
//!   the other one *isolated*, a pure point move), so the search tries only the largest of
//!   each such group. Once every number left is isolated, the value is the alternating sum of
//!   the numbers, largest first, with no search at all (`isolated`).
//! - **Bounds.** The side to move never loses, and never gains more than the best single
//!   move's margin: 0 <= value <= max over x of (x minus its divisors on the board), on every
//!   board. The upper bound follows from the lower one. The lower bound is proven by induction
//!   on the size of the board, together with a lemma: adding a number y none of whose divisors
//!   is on the board changes the value by at most y. For the lower bound, let y be the smallest
//!   number on the board: either taking y (worth y, nothing handed over) already leaves the
//!   opponent at most y, or the opponent's best reply on the board without y is worth more
//!   than y, and the mover plays that reply itself; with y still on the board (by the lemma) or
//!   taken along as a divisor, it keeps more than 0. The full proof is in `bounds`; the tests
//!   check the theorem and the lemma against the exhaustive values of all 262,144 boards inside
//!   1..=18. With these bounds the full solve of n = 50 visits 18 thousand nodes instead of 314
//!   million.
//! - **A floor of 0** under every value (the lower bound): with it the search stops at the first
//!   move whose margin cannot beat alpha and asks only for the numbers above that margin (a
//!   margin is at most its number). This took the value of 1..=128 from 4.4 million nodes to
//!   0.58 million.
//! - **A best move.** PrimeGame finds its best margin while computing its upper bound, so the
//!   search tries that move (or the table's) first, before generating the others: most nodes
//!   are refuted by it alone. That visits more nodes (0.95 million at 128: the other children
//!   are no longer looked up in the table before it) but halves the time.
//!
//! The tests compare every answer with plain negamax on every position reachable from 1..=12
//! and on random boards up to 18 and across 1..=256.

mod board;
mod bounds;
mod divisors;
mod error;
mod eval;
mod isolated;
mod knowledge;
mod mask;
mod mask_game;
mod max_tree;
mod text;

pub use board::{MAX_N, PrimeGame};
pub use divisors::Sieve;
pub use error::PrimeError;
pub use eval::PrimeEvaluator;
pub use knowledge::{PrimeKnowledge, engine, solver, tune_engine, tune_solver};
pub use mask::BoardMask;
pub use mask_game::{MaskPrimeGame, SMALL_MAX_N, SmallPrimeGame, WIDE_MAX_N, WidePrimeGame};
pub use text::BoardTextError;
