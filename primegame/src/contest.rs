//! The engine as it plays the contest: PrimeGame's evaluation, and endgames solved exactly on
//! the 256-bit board.

use gamesolver::games::prime::{PrimeEvaluator, PrimeGame, PrimeKnowledge, WidePrimeGame};
use gamesolver::games::prime::{engine, tune_solver};
use gamesolver::search::EndgameSolver;
use gamesolver::{Budget, Engine, SearchConfig, Solver};

/// The table of the engine and of its endgame solver: 64 MiB each.
const CONTEST_TABLE_BYTES: usize = 64 << 20;

/// An exact solver for the engine's endgames on boards of numbers up to 256: the position is
/// copied to a [`WidePrimeGame`], where a node costs several times less than on
/// [`PrimeGame`], and solved there on `threads` threads within the deadline. Larger numbers
/// leave the endgame to the engine's own search.
#[must_use]
pub fn wide_endgame_solver(table_bytes: usize, threads: usize) -> EndgameSolver<PrimeGame> {
    let config = SearchConfig::default()
        .with_table_bytes(table_bytes)
        .with_threads(threads);
    let mut solver =
        tune_solver(Solver::<WidePrimeGame>::with_config(config).with_knowledge(PrimeKnowledge));
    solver.prepare();
    Box::new(move |position, deadline| {
        let wide = WidePrimeGame::try_from(position).ok()?;
        solver.set_budget(Budget::default().with_deadline(deadline));
        solver.best_move(&wide).ok().flatten()
    })
}

/// The engine of `primegame engine` and `primegame match`: [`PrimeEvaluator`], a 64 MiB
/// table, `threads` threads, and endgames solved by [`wide_endgame_solver`].
///
/// # Examples
///
/// ```
/// use primegame::contest::contest_engine;
/// use gamesolver::Budget;
/// use gamesolver::games::prime::PrimeGame;
/// use std::time::Duration;
///
/// let endgame = PrimeGame::from_numbers(200, [6, 12, 18, 97, 194, 200])?;
/// let mut engine = contest_engine(1);
/// // The clock starts once the engine is made (its tables take a moment): an exact answer
/// // returns at once, long before this deadline.
/// let result = engine
///     .search(&endgame, Budget::default().with_time(Duration::from_secs(1)))
///     .unwrap();
/// assert!(result.exact);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn contest_engine(threads: usize) -> Engine<PrimeGame, PrimeEvaluator, PrimeKnowledge> {
    engine(CONTEST_TABLE_BYTES)
        .with_threads(threads)
        .with_endgame_solver(wide_endgame_solver(CONTEST_TABLE_BYTES, threads))
}
