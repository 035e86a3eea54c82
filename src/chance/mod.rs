//! Games with chance ([`ChanceGame`](crate::game::ChanceGame)): their exact expected values, by a
//! search that prunes chance nodes ([`ChanceSolver`]) or by the definition
//! ([`expectiminimax`]), in exact rationals or floating point ([`Expectation`]); their play
//! within a budget, to a depth with an evaluator at the horizon ([`ChanceEngine`], and
//! [`expectiminimax_to_depth`] by the definition); and games whose positions repeat
//! ([`CyclicSolver`], [`ExactCyclicSolution`]).
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
//! `Lᵢ ≤ xᵢ ≤ Uᵢ` ([`ChanceGame::value_bounds`](crate::game::ChanceGame::value_bounds), through the
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
//! Star2 (Ballard's probing) first tightens the bounds `Lᵢ`, `Uᵢ` themselves. The position
//! after chance move `i` is a player's node (else it is not probed); its value is the largest
//! of its moves' worths, so the worth `p` of any one of them is a lower bound on it. Through
//! the chance move's margin `m`, `p` bounds the chance move's worth: `xᵢ ≥ m + p` if the chance
//! move keeps the turn, `xᵢ ≤ m - p` if it passes it. The probe searches the node's first
//! move in the search's order, within the window on `xᵢ` from `Lᵢ` (or the worth at which the
//! node fails low) to the worth at which the node fails high with the other chance moves at
//! their bounds (or `Uᵢ`); a result that fails low in it tells nothing and is dropped, any
//! other is a lower bound on the node's value by fail-softness. After each probe, if
//! `Σ wᵢ Lᵢ ≥ βW` the node's value is at least `β` and that is returned; if `Σ wᵢ Uᵢ ≤ αW`, at
//! most `α`. Star1 then runs on the tightened bounds, which the proof above allows, since
//! it assumes only that they hold. A probe pays when the first move is good and costs a
//! search when it is not ([`ChancePruning`] gives the measurements). No chance move is probed
//! on a side where `Σ wᵢ Uᵢ = βW` (or `Σ wᵢ Lᵢ = αW`), as at a node whose window is its own
//! bounds: the node then fails high only if every `xᵢ = Uᵢ`, which a probe cannot prove
//! sooner than Star1's search of each chance move, and Star1 cuts nothing with bounds
//! tightened within a window it cannot leave (a bearoff race of 6 checkers a side searched two
//! players' moves deep: 7% fewer nodes; its exact solve, 21% fewer, BENCHMARKS.md).
//!
//! The chance moves are searched heaviest first (the game's order among equal weights): the
//! more of the mean the first ones hold, the sooner the bounds of the rest decide the node
//! (two dice's 15 rolls of weight 2 before the 6 doubles: races searched to depth 2 with Star2
//! in 9% to 27% fewer nodes, BENCHMARKS.md). The proofs above hold in any order; a sum's
//! order changes nothing in exact rationals and moves only the last bits in floating point.
//!
//! A player's moves are searched the table's best first, then by their margins; an exact
//! solve may order them by an evaluator's estimates instead
//! ([`ChanceSolver::with_move_ordering`]), which gives Star2 its good first move. The order
//! changes which bounds are proven on the way, never a value: each move's worth is still
//! searched, or cut by the bounds above.
//!
//! # To a depth
//!
//! [`ChanceEngine`] searches a depth of players' moves (chance moves are not counted); at the
//! horizon a position is worth 0 if the game is over there, else the evaluator's estimate
//! ([`Evaluator::expected`](crate::game::Evaluator::expected)) clipped to the game's bounds. Its
//! table keeps, with each bound, the depth it was searched to; a bound searched to a horizon
//! answers only searches as shallow or shallower. A search that met no horizon and read no
//! table entry that did is the game's own value, stored as such and reported `exact`. The
//! same Star1 and Star2 apply: a depth-limited value is the definition's with the horizon's
//! estimates as terminal values, and the bounds still hold for them because the estimates
//! are clipped to them. The tests check it against [`expectiminimax_to_depth`] without a table
//! (where a deeper entry cannot stand in for a shallower search).
//!
//! # On threads
//!
//! [`ChanceEngine::with_threads`] and [`ChanceSolver::with_threads`] split a search at the
//! nodes it searches whole, the root and its first move's subtree: a chance node's chance
//! moves, a player's moves after the first, each on the first thread free, over one table the
//! threads share behind locks. On two threads a bearoff race took 0.50 to 0.69 of the time
//! of one thread searched to a depth, 0.67 to 0.72 solved exactly (BENCHMARKS.md).
//!
//! [`Solver`]: crate::search::Solver

mod brute;
mod cyclic;
mod engine;
mod error;
mod exact;
pub(crate) mod fixed_point;
mod search;
mod solver;
mod split;
mod star;
mod table;
mod value;
mod worth;

pub use brute::{expectiminimax, expectiminimax_to_depth};
pub use cyclic::{CyclicSolution, CyclicSolver, DEFAULT_MAX_POSITIONS};
pub use engine::{ChanceEngine, ChanceSearchResult};
pub use error::{ChanceError, MAX_PLIES};
pub use exact::ExactCyclicSolution;
/// Exact rationals of any size, for exact values ([`Expectation`]).
pub use num_rational::BigRational;
pub use search::ChancePruning;
pub use solver::{ChanceSolution, ChanceSolver, DEFAULT_MAX_ENTRIES};
pub use value::Expectation;
