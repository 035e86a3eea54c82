//! What PrimeGame's searches exploit beyond the rules, and its tuned settings.
//!
//! Every sound item is proven beside its code: the bounds in `bounds`, the move reductions
//! and the closed form in `isolated`; the tests check each against exhaustive values of every
//! board inside 1..=18 and with [`check::knowledge`](crate::check::knowledge).

use crate::game::{Evaluator, Facts, Knowledge, ScoringGame};
use crate::games::prime::mask::BoardMask;
use crate::games::prime::{MaskPrimeGame, PrimeEvaluator, PrimeGame};
use crate::search::{Engine, SearchConfig, Solver};

/// PrimeGame's proven knowledge, for [`PrimeGame`] and the mask boards: the value is never
/// negative (the floor) nor above the largest margin (the bounds), the isolated numbers reduce
/// to one (or one per divisor set), and a board of isolated numbers has a closed-form value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PrimeKnowledge;

impl Knowledge<PrimeGame> for PrimeKnowledge {
    /// The lower bound of the value bounds: the mover never loses, on any board.
    #[inline]
    fn value_floor(&self, _: &PrimeGame) -> Option<i64> {
        Some(0)
    }

    #[inline]
    fn facts(&self, game: &PrimeGame) -> Facts<u32> {
        Facts {
            bounds: Some(game.value_bounds()),
            best_move: None,
        }
    }

    fn exact_value(&self, game: &PrimeGame) -> Option<i64> {
        game.known_value()
    }

    #[inline]
    fn search_moves(&self, game: &PrimeGame, _threshold: i64, out: &mut Vec<u32>) {
        game.search_moves(out);
    }

    fn promising_moves(&self, game: &PrimeGame, limit: usize, out: &mut Vec<u32>) {
        game.best_search_moves(limit, out);
    }

    #[inline]
    fn key_after(&self, game: &PrimeGame, x: u32) -> u128 {
        game.key_after(x)
    }

    fn undo_pays(&self, game: &PrimeGame) -> bool {
        game.undo_pays()
    }
}

impl<M: BoardMask> Knowledge<MaskPrimeGame<M>> for PrimeKnowledge {
    #[inline]
    fn value_floor(&self, _: &MaskPrimeGame<M>) -> Option<i64> {
        Some(0)
    }

    #[inline]
    fn facts(&self, game: &MaskPrimeGame<M>) -> Facts<u32> {
        let (bounds, best_move) = game.bounds_and_best_move();
        Facts {
            bounds: Some(bounds),
            best_move,
        }
    }

    fn exact_value(&self, game: &MaskPrimeGame<M>) -> Option<i64> {
        game.known_value()
    }

    #[inline]
    fn search_moves(&self, game: &MaskPrimeGame<M>, threshold: i64, out: &mut Vec<u32>) {
        game.search_moves(threshold, out);
    }
}

/// PrimeGame's tuned solver settings on any solver (a wrapper of a PrimeGame board, say): no
/// null-window narrowing, since values span hundreds; children looked up for table cut-offs,
/// since a PrimeGame node costs several look-ups (n = 140: 12.1 M nodes with them, 15.8 M
/// without, 14% less time).
#[must_use]
pub fn tune_solver<G: ScoringGame, K: Knowledge<G>>(solver: Solver<G, K>) -> Solver<G, K> {
    solver
        .with_null_window_range(None)
        .with_transposition_cutoffs(true)
}

/// PrimeGame's tuned engine settings on any engine (a wrapper of a PrimeGame board, say): an
/// aspiration window of 12 points, forward pruning of boards of more than 512 search moves to
/// 12 candidates a node, an exact attempt at endgames of at most 64 search moves in a third of
/// the time (about 50 numbers solve in a fraction of 500 ms), and iterations expected to cost 4
/// times the one before.
#[must_use]
pub fn tune_engine<G: ScoringGame, E: Evaluator<G>, K: Knowledge<G>>(
    engine: Engine<G, E, K>,
) -> Engine<G, E, K> {
    engine
        .with_aspiration(Some(12))
        .with_large_board(Some((512, 12)))
        .with_exact_endgame(64, 3)
        .with_iteration_growth(4)
}

/// The exact solver tuned for PrimeGame boards of any type: [`tune_solver`] and
/// [`PrimeKnowledge`], one thread (add more with [`Solver::with_threads`]).
///
/// # Examples
///
/// ```
/// use gamesolver::games::prime::SmallPrimeGame;
///
/// let solution = gamesolver::games::prime::solver().solve(&SmallPrimeGame::new(20)?)?;
/// assert_eq!((solution.value, solution.best_moves), (6, vec![19]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn solver<G>() -> Solver<G, PrimeKnowledge>
where
    G: ScoringGame,
    PrimeKnowledge: Knowledge<G>,
{
    tune_solver(Solver::new().with_knowledge(PrimeKnowledge))
}

/// The engine tuned for PrimeGame: [`tune_engine`], a `table_bytes` table, [`PrimeKnowledge`]
/// and [`PrimeEvaluator`], one thread.
#[must_use]
pub fn engine(table_bytes: usize) -> Engine<PrimeGame, PrimeEvaluator, PrimeKnowledge> {
    let config = SearchConfig::default().with_table_bytes(table_bytes);
    tune_engine(
        Engine::with_config(config, PrimeEvaluator::default()).with_knowledge(PrimeKnowledge),
    )
}
