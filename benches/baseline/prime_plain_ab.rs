//! The naive baseline of the engine bench: plain fail-hard alpha-beta to a fixed depth on the
//! same position type and evaluator, with no transposition table and no move ordering.

use gamesolver::{Evaluator, Game, ScoringGame};

use gamesolver::games::prime::{PrimeEvaluator, PrimeGame};

/// Plain alpha-beta search state.
pub struct PlainAlphaBeta {
    evaluator: PrimeEvaluator,
    /// Nodes visited.
    pub nodes: u64,
}

impl PlainAlphaBeta {
    /// A searcher with the crate's evaluator.
    pub fn new() -> Self {
        Self {
            evaluator: PrimeEvaluator::default(),
            nodes: 0,
        }
    }

    /// The value of `position` searched `depth` plies, moves in ascending order.
    pub fn search(&mut self, position: &PrimeGame, depth: u32, mut alpha: i64, beta: i64) -> i64 {
        self.nodes += 1;
        if position.is_over() {
            return 0;
        }
        if depth == 0 {
            return self.evaluator.evaluate(position);
        }
        for x in position.legal_moves() {
            let margin = position.margin(x);
            let value =
                margin - self.search(&position.after(x), depth - 1, margin - beta, margin - alpha);
            if value >= beta {
                return beta;
            }
            alpha = alpha.max(value);
        }
        alpha
    }
}
