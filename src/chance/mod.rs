//! Games with chance ([`ChanceGame`](crate::ChanceGame)): their exact expected values, by a
//! search that prunes chance nodes ([`ChanceSolver`]) or by the definition
//! ([`expectiminimax`]), in exact rationals or floating point ([`Expectation`]).
//!
//! # The search
//!
//! Negamax with fail-soft windows at the players' nodes, as the crate's [`Solver`] does, and
//! Ballard's Star1 at the chance nodes ("The *-minimax search procedure for trees containing
//! chance nodes", Artificial Intelligence 21, 1983), with a table that holds what is proven
//! of both kinds of node (a lower and an upper bound, and the best move of a player's node).
//!
//! Star1: a chance node's value is `(Σ wᵢ xᵢ) / W`, `xᵢ` the worth of chance move `i` (its margin
//! and the value after it), `wᵢ` its weight, `W` their sum. The game bounds every worth:
//! `Lᵢ ≤ xᵢ ≤ Uᵢ` ([`ChanceGame::value_bounds`](crate::ChanceGame::value_bounds), through the
//! chance move's margin). With the chance moves before `i` searched exactly (their weighted sum `S`),
//!
//! - the node's value is at most `(S + wᵢ xᵢ + Σⱼ₍ⱼ>ᵢ₎ wⱼ Uⱼ) / W`, which is at most `α` as
//!   soon as `xᵢ ≤ Aᵢ = (αW - S - Σⱼ₍ⱼ>ᵢ₎ wⱼ Uⱼ) / wᵢ`;
//! - it is at least `(S + wᵢ xᵢ + Σⱼ₍ⱼ>ᵢ₎ wⱼ Lⱼ) / W`, at least `β` as soon as
//!   `xᵢ ≥ Bᵢ = (βW - S - Σⱼ₍ⱼ>ᵢ₎ wⱼ Lⱼ) / wᵢ`.
//!
//! So chance move `i` is searched within (`Aᵢ`, `Bᵢ`) (clipped to its own bounds), not the full
//! window: a fail-soft result `r ≤ Aᵢ` means `xᵢ ≤ r`, and the first bound, with `r` for
//! `xᵢ`, is a fail-soft upper bound on the node at or below `α`, returned at once; `r ≥ Bᵢ`
//! likewise gives a lower bound at or above `β`; a result between them is `xᵢ` itself, added
//! to `S`. If every chance move is exact, `S / W` is the value. Nothing else is assumed, so the
//! values are those of the definition, which the tests check against [`expectiminimax`] on
//! random games in exact rationals.
//!
//! [`Solver`]: crate::Solver

mod brute;
mod cyclic;
mod exact;
mod solver;
mod star;
mod value;

pub use brute::expectiminimax;
pub use cyclic::{CyclicSolution, CyclicSolver, DEFAULT_MAX_POSITIONS};
pub use exact::ExactCyclicSolution;
/// Exact rationals of any size, for exact values ([`Expectation`]).
pub use num_rational::BigRational;
pub use solver::{ChanceError, ChanceSolution, ChanceSolver, DEFAULT_MAX_ENTRIES, MAX_PLIES};
pub use value::Expectation;
