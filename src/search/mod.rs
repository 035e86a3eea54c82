//! Alpha-beta search: one negamax with a transposition table, used both to solve positions
//! exactly ([`Solver`]) and, depth-limited with an [`Evaluator`], to play.

mod budget;
mod engine;
mod eval;
mod negamax;
mod parallel;
mod progress;
mod search_table;
mod shared_table;
mod solver;
mod table;

pub use budget::Budget;
pub use engine::{
    EXACT_ENDGAME_MOVES, EndgameSolver, Engine, LARGE_BOARD_CANDIDATES, LARGE_BOARD_MOVES,
    SearchResult,
};
pub use eval::{Evaluator, NoEvaluator};
pub use progress::{Progress, Stage};
pub use solver::{DEFAULT_TABLE_BYTES, Solution, SolveError, Solver};
pub use table::{Entry, MAX_TABLE_BYTES, PROVEN, TranspositionTable};
