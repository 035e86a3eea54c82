//! `EngineStrategy`: the search engine as a player, searching until shortly before the deadline.

use crate::game::Evaluator;
use crate::game::{Knowledge, NoKnowledge, ScoringGame};
use crate::search::{Budget, Engine, SearchResult};
use crate::strategy::Strategy;
use std::time::{Duration, Instant};

/// The search engine as a player: it searches until shortly before the deadline, keeping a
/// margin for the time it takes to hand the move over.
pub struct EngineStrategy<G: ScoringGame, E: Evaluator<G>, K = NoKnowledge> {
    engine: Engine<G, E, K>,
    last: Option<SearchResult<G::Move>>,
}

impl<G: ScoringGame, E: Evaluator<G>, K: Knowledge<G>> std::fmt::Debug for EngineStrategy<G, E, K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EngineStrategy")
            .field("engine", &self.engine)
            .finish_non_exhaustive()
    }
}

impl<G: ScoringGame, E: Evaluator<G>, K: Knowledge<G>> EngineStrategy<G, E, K> {
    /// A player around `engine`.
    #[must_use]
    pub fn new(engine: Engine<G, E, K>) -> Self {
        Self { engine, last: None }
    }

    /// What the last search found (depth, nodes, value, line).
    pub fn last_search(&self) -> Option<&SearchResult<G::Move>> {
        self.last.as_ref()
    }

    /// The part of the time to the deadline the search may use: 80 %, less 2 ms, so that
    /// a late clock read, the last node and the reply stay inside it.
    #[must_use]
    pub fn search_deadline(now: Instant, deadline: Instant) -> Instant {
        let total = deadline.saturating_duration_since(now);
        let usable = (total * 4 / 5).saturating_sub(Duration::from_millis(2));
        now + usable
    }
}

impl<G: ScoringGame, E: Evaluator<G>, K: Knowledge<G>> Strategy<G> for EngineStrategy<G, E, K> {
    fn name(&self) -> &str {
        "engine"
    }

    fn choose(&mut self, position: &G, deadline: Instant) -> Option<G::Move> {
        let budget =
            Budget::default().with_deadline(Self::search_deadline(Instant::now(), deadline));
        self.last = self.engine.search(position, budget);
        self.last.as_ref().map(|result| result.best_move)
    }

    fn new_game(&mut self) {
        self.engine.clear();
    }
}
