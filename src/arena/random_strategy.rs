//! `RandomStrategy`: a uniformly random legal move, from a seeded generator.

use super::Strategy;
use crate::game::Game;
use std::time::Instant;

/// Plays a uniformly random legal move, from a seeded generator (reproducible).
#[derive(Debug, Clone)]
pub struct RandomStrategy {
    rng: fastrand::Rng,
}

impl RandomStrategy {
    /// A random player with a fixed seed.
    #[must_use]
    pub fn with_seed(seed: u64) -> Self {
        Self {
            rng: fastrand::Rng::with_seed(seed),
        }
    }
}

impl<G: Game> Strategy<G> for RandomStrategy {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, position: &G, _: Instant) -> Option<G::Move> {
        let moves = position.legal_moves();
        (!moves.is_empty()).then(|| moves[self.rng.usize(..moves.len())])
    }
}
