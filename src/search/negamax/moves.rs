//! The moves of a node: generated, with their margins, into the buffer of its ply, and put in
//! order.

use super::Negamax;
use crate::game::Evaluator;
use crate::game::{Knowledge, ScoringGame};

/// Where a move goes in the search order, larger first: the table's move, then the moves that
/// keep the turn (the mover chooses again after them: in Kalah they cut 4 times the nodes of
/// Kalah(5, 4) when tried first), then by immediate margin.
pub(crate) fn order_key<M: PartialEq>(
    mv: M,
    margin: i64,
    keeps: bool,
    table_move: Option<M>,
) -> i64 {
    if Some(mv) == table_move {
        i64::MAX
    } else if keeps {
        margin.saturating_add(KEEPS_TURN_FIRST)
    } else {
        margin
    }
}

/// What a move that keeps the turn adds to its margin in the order: more than any margin.
const KEEPS_TURN_FIRST: i64 = 1 << 50;

/// A move to search, with its immediate margin and its place in the order.
#[derive(Debug, Clone, Copy)]
pub(super) struct Candidate<M> {
    pub(super) order: i64,
    pub(super) margin: i64,
    pub(super) mv: M,
    /// The mover moves again after it ([`ScoringGame::keeps_turn`]).
    pub(super) keeps: bool,
    /// Put off to after the other moves: another thread is searching its child.
    pub(super) deferred: bool,
}

impl<G: ScoringGame, K: Knowledge<G>, E: Evaluator<G>> Negamax<G, K, E> {
    /// Fills the buffer of `ply` with the search moves of `position` whose margin exceeds
    /// `threshold` and their place in the order, in the game's move order.
    pub(super) fn collect_moves(
        &mut self,
        position: &G,
        ply: usize,
        table_move: Option<G::Move>,
        threshold: i64,
    ) {
        self.scratch.clear();
        self.knowledge
            .search_moves(position, threshold, &mut self.scratch);
        self.fill_buffer(position, ply, table_move, threshold);
    }

    /// Fills the buffer of `ply` with at most `limit` search moves of `position`, asked of the
    /// game best first, the table's move among them; returns whether none was left out.
    pub(super) fn collect_best(
        &mut self,
        position: &G,
        ply: usize,
        table_move: Option<G::Move>,
        limit: usize,
    ) -> bool {
        self.scratch.clear();
        // One more than asked says whether any was left out.
        self.knowledge
            .best_moves(position, limit.saturating_add(1), &mut self.scratch);
        let mut complete = self.scratch.len() <= limit;
        if let Some(table_move) = table_move
            && !complete
            && !self.scratch.contains(&table_move)
        {
            self.scratch.insert(0, table_move);
        }
        if self.scratch.len() > limit {
            self.scratch.truncate(limit);
            complete = false;
        }
        self.fill_buffer(position, ply, table_move, i64::MIN);
        complete
    }

    /// The moves in `scratch` whose margin exceeds `threshold` or that keep the turn, with
    /// their margins and places in the order, into the buffer of `ply`.
    pub(super) fn fill_buffer(
        &mut self,
        position: &G,
        ply: usize,
        table_move: Option<G::Move>,
        threshold: i64,
    ) {
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, Vec::new);
            self.keeping.resize(ply + 1, false);
        }
        let buffer = &mut self.buffers[ply];
        buffer.clear();
        let mut keeping = false;
        buffer.extend(self.scratch.iter().filter_map(|&mv| {
            let margin = position.margin(mv);
            let keeps = position.keeps_turn(mv);
            keeping |= keeps;
            let order = order_key(mv, margin, keeps, table_move);
            (margin > threshold || keeps).then_some(Candidate {
                order,
                margin,
                mv,
                keeps,
                deferred: false,
            })
        }));
        self.keeping[ply] = keeping;
    }

    /// Sorts the buffer of `ply` best first.
    pub(super) fn sort_moves(&mut self, ply: usize) {
        // A stable sort: among equal keys the game's move order stands, which matters (the
        // solver is several times slower on PrimeGame with ties scrambled).
        self.buffers[ply].sort_by_key(|candidate| std::cmp::Reverse(candidate.order));
    }

    /// The move the sort would put first: the first of the largest order keys.
    pub(super) fn first_in_order(&self, ply: usize) -> Option<Candidate<G::Move>> {
        let mut first: Option<Candidate<G::Move>> = None;
        for &candidate in &self.buffers[ply] {
            if first.is_none_or(|best| candidate.order > best.order) {
                first = Some(candidate);
            }
        }
        first
    }
}
