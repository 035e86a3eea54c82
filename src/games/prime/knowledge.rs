//! What PrimeGame's searches exploit beyond the rules, and its tuned settings.
//!
//! Every sound item is proven beside its code: the bounds in `bounds`, the move reductions
//! and the closed form in `isolated`; the tests check each against exhaustive values of every
//! board inside 1..=18 and with [`check::knowledge`](crate::check::knowledge).

use crate::game::{Facts, Knowledge};
use crate::games::prime::mask::BoardMask;
use crate::games::prime::{MaskPrimeGame, PrimeEvaluator, PrimeGame};
use crate::search::{Engine, SearchConfig, Solver};

/// PrimeGame's proven knowledge, for [`PrimeGame`] and the mask boards: the value is never
/// negative (the floor) nor above the largest margin (the bounds), the isolated numbers reduce
/// to one (or one per divisor set), and a board of isolated numbers has a closed-form value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PrimeKnowledge;

impl Knowledge<PrimeGame> for PrimeKnowledge {
    // The lower bound of the value bounds: the mover never loses.
    const VALUE_FLOOR: Option<i64> = Some(0);

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

    fn best_moves(&self, game: &PrimeGame, limit: usize, out: &mut Vec<u32>) {
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
    const VALUE_FLOOR: Option<i64> = Some(0);

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

/// PrimeGame's tuned settings: no null-window narrowing (values span hundreds),
/// and for the engine an aspiration window of 12 points, forward pruning of boards of more than
/// 512 search moves to 12 candidates a node, and an exact attempt at endgames of at most 64
/// search moves in a third of the time (about 50 numbers solve in a fraction of 500 ms).
///
/// # Examples
///
/// ```
/// let config = gamesolver::games::prime::search_config();
/// assert_eq!(config.large_board, Some((512, 12)));
/// assert_eq!(config.null_window_range, None);
/// ```
#[must_use]
pub fn search_config() -> SearchConfig {
    SearchConfig::default()
        .with_null_window_range(None)
        .with_aspiration(Some(12))
        .with_large_board(Some((512, 12)))
        .with_exact_endgame(64, 3)
        .with_iteration_growth(4)
}

/// The exact solver tuned for PrimeGame boards of any type: [`search_config`] and
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
    G: crate::game::ScoringGame,
    PrimeKnowledge: Knowledge<G>,
{
    Solver::with_config(search_config()).with_knowledge(PrimeKnowledge)
}

/// The engine tuned for PrimeGame: [`search_config`] with a `table_bytes` table,
/// [`PrimeKnowledge`] and [`PrimeEvaluator`], one thread.
#[must_use]
pub fn engine(table_bytes: usize) -> Engine<PrimeGame, PrimeEvaluator, PrimeKnowledge> {
    Engine::with_config(
        search_config().with_table_bytes(table_bytes),
        PrimeEvaluator::default(),
    )
    .with_knowledge(PrimeKnowledge)
}
