//! Enhanced transposition cut-offs: a stored child that refutes the node without a search.

use super::{Candidate, Negamax, Scored};
use crate::game::Evaluator;
use crate::game::{Knowledge, ScoringGame};
use crate::search::table::PROVEN;

impl<G: ScoringGame, K: Knowledge<G>, E: Evaluator<G>> Negamax<G, K, E> {
    /// Enhanced transposition cut-off: a child whose stored upper bound (deep enough) already
    /// puts the move at or above `beta` refutes the node without a search. The first move of
    /// the sorted buffer has been tried already. Also returns how many children were looked up.
    pub(super) fn transposition_cutoff(
        &self,
        position: &G,
        depth: u16,
        ply: usize,
        beta: i64,
    ) -> (Option<Scored>, u64) {
        let mut probes = 0;
        // By falling margin: once a move cannot reach beta even if its child is worth the
        // game's floor, no later one can.
        let cut = self.buffers[ply][1..]
            .iter()
            .take_while(|candidate| {
                K::VALUE_FLOOR.is_none_or(|floor| candidate.margin.saturating_sub(floor) >= beta)
            })
            .find_map(|&candidate| {
                probes += 1;
                self.child_cutoff(position, candidate, depth, beta)
            });
        (cut, probes)
    }

    /// Whether the child reached by `candidate` has a stored upper bound, deep enough, that
    /// puts the move at or above `beta`.
    pub(super) fn child_cutoff(
        &self,
        position: &G,
        candidate: Candidate<G::Move>,
        depth: u16,
        beta: i64,
    ) -> Option<Scored> {
        if K::VALUE_FLOOR.is_some_and(|floor| candidate.margin.saturating_sub(floor) < beta) {
            return None;
        }
        let entry = self
            .table
            .probe(&self.knowledge.key_after(position, candidate.mv))?;
        let value = candidate.margin.saturating_sub(entry.upper);
        (entry.depth >= depth - 1 && value >= beta).then_some(Scored {
            value,
            proven: entry.depth == PROVEN,
        })
    }
}
