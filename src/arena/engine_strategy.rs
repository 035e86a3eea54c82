//! `EngineStrategy`: the search engine as a player, searching until shortly before the deadline.

use super::Strategy;
use crate::game::Evaluator;
use crate::game::{Knowledge, NoKnowledge, ScoringGame};
use crate::search::{Budget, Engine, ReplyDeadline, SearchResult};
use std::time::Instant;

/// The search engine as a player: it searches until shortly before the deadline, keeping back
/// time to hand the move over, more when its moves come back late ([`ReplyDeadline`]).
pub struct EngineStrategy<G: ScoringGame, E: Evaluator<G>, K = NoKnowledge> {
    engine: Engine<G, E, K>,
    last: Option<SearchResult<G::Move>>,
    reply_deadline: ReplyDeadline,
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
        Self {
            engine,
            last: None,
            reply_deadline: ReplyDeadline::default(),
        }
    }

    /// What the last search found (depth, nodes, value, line).
    pub fn last_search(&self) -> Option<&SearchResult<G::Move>> {
        self.last.as_ref()
    }
}

impl<G: ScoringGame, E: Evaluator<G>, K: Knowledge<G>> Strategy<G> for EngineStrategy<G, E, K> {
    fn name(&self) -> &str {
        "engine"
    }

    fn choose(&mut self, position: &G, deadline: Instant) -> Option<G::Move> {
        let now = Instant::now();
        let search_until = self
            .reply_deadline
            .search_deadline(now, deadline.saturating_duration_since(now));
        self.last = self
            .engine
            .search(position, Budget::default().with_deadline(search_until));
        self.reply_deadline
            .record_reply(search_until, Instant::now());
        self.last.as_ref().map(|result| result.best_move)
    }

    fn new_game(&mut self) {
        self.engine.clear();
    }
}
