//! `Evaluator`: the heuristic at the horizon of a depth-limited search, and `NoEvaluator`.

use crate::game::ScoringGame;

/// A heuristic for the leaves of a depth-limited search: an estimate of the future margin
/// (mover minus opponent) of a position, from the side to move.
///
/// Kept apart from the rules ([`ScoringGame`]) and from the search, so one game can be played
/// with several evaluators. `Clone` and `Send`, so that each thread of a search has its own.
pub trait Evaluator<G: ScoringGame>: Clone + Send {
    /// The estimated future margin for the side to move.
    fn evaluate(&self, position: &G) -> i64;

    /// The estimate in finer steps than a whole point, for a search of expected values (a
    /// game with chance, [`ChanceEngine`](crate::chance::ChanceEngine)), where a margin's
    /// mean is rarely whole: a backgammon side's `2p - 1`, p its chance to win. By default,
    /// [`evaluate`](Self::evaluate).
    fn expected(&self, position: &G) -> f64 {
        self.evaluate(position) as f64
    }
}

/// The evaluator of exact search: it is never trusted, every leaf is scored as 0 and marked
/// unproven. [`Solver`](crate::Solver) searches to the end of the game, where it is not needed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct NoEvaluator;

impl<G: ScoringGame> Evaluator<G> for NoEvaluator {
    fn evaluate(&self, _: &G) -> i64 {
        0
    }
}
