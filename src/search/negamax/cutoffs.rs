//! Enhanced transposition cut-offs: a stored child that refutes the node without a search.

use super::{Candidate, Negamax, Node, Scored};
use crate::game::Evaluator;
use crate::game::{Knowledge, ScoringGame};
use crate::search::table::PROVEN;

impl<G: ScoringGame, E: Evaluator<G>, K: Knowledge<G>> Negamax<G, E, K> {
    /// Enhanced transposition cut-off: a child whose stored bound (deep enough) already puts
    /// its move at or above beta refutes the node without a search. The first move of the
    /// sorted buffer has been tried already. Also returns how many children were looked up.
    pub(super) fn transposition_cutoff(
        &self,
        position: &G,
        node: &Node<G::Key>,
    ) -> (Option<Scored>, u64) {
        let (depth, beta) = (node.depth, node.window.1);
        let mut probes = 0;
        // By falling margin: once a move that passes the turn cannot reach beta even if its
        // child is worth the floor, no later one can (a move that keeps the turn ends the
        // look-ups early, which only leaves a cut-off unfound).
        let cut = self.buffers[node.ply][1..]
            .iter()
            .take_while(|candidate| {
                candidate.keeps
                    || node
                        .floor
                        .is_none_or(|floor| candidate.margin.saturating_sub(floor) >= beta)
            })
            .find_map(|&candidate| {
                probes += 1;
                self.child_cutoff(position, (candidate, node.ply), (depth, beta), node.floor)
            });
        (cut, probes)
    }

    /// Whether the child reached by `candidate` has a stored bound, deep enough (the node's
    /// depth less one), that puts the move at or above `beta`: an upper bound on the child
    /// when the turn passes, a lower bound when the mover moves again. `floor` is the node's
    /// value floor.
    pub(super) fn child_cutoff(
        &self,
        position: &G,
        (candidate, ply): (Candidate<G::Move>, usize),
        (depth, beta): (u16, i64),
        floor: Option<i64>,
    ) -> Option<Scored> {
        if !candidate.keeps
            && floor.is_some_and(|floor| candidate.margin.saturating_sub(floor) < beta)
        {
            return None;
        }
        // The key of a child made as the moves were collected is at hand; a game that does
        // not make its children skips the look (it costs PrimeGame's solve measurable time).
        let made = if G::SCORES_BY_PLAYING {
            self.children
                .get(ply)
                .and_then(|children| children.get(candidate.child as usize))
                .and_then(|made| made.as_ref().map(|made| &made.key))
        } else {
            None
        };
        let entry = match made {
            Some(made) => self.table.probe_hashed(&made.key, made.hash)?,
            None => self
                .table
                .probe(&self.knowledge.key_after(position, candidate.mv))?,
        };
        let value = if candidate.keeps {
            candidate.margin.saturating_add(entry.lower)
        } else {
            candidate.margin.saturating_sub(entry.upper)
        };
        (entry.depth >= depth - 1 && value >= beta).then_some(Scored {
            value,
            proven: entry.depth == PROVEN,
        })
    }
}
