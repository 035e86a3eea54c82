//! Alpha-beta search: one negamax with a transposition table, used both to solve positions
//! exactly ([`Solver`]) and, depth-limited with an [`Evaluator`](crate::Evaluator), to play.

mod budget;
mod config;
mod engine;
mod negamax;
mod progress;
mod results;
mod searcher;
mod solver;
mod stats;
mod table;

pub use budget::Budget;
pub use config::{DEFAULT_TABLE_BYTES, SearchConfig};
pub use engine::{EndgameSolver, Engine, SearchResult};
pub use progress::{Progress, Stage};
pub use results::ResultsError;
pub use solver::{DEFAULT_NULL_WINDOW_RANGE, Solution, SolveError, Solver};
pub use stats::{SearchStats, TableCounts};
pub use table::{FALLBACK_TABLE_BYTES, TableTooLarge, max_table_bytes};
