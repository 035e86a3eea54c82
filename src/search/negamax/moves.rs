//! The moves of a node: generated, with their margins, into the buffer of its ply, and put in
//! order.

use super::{History, Keyed, Negamax};
use crate::game::Evaluator;
use crate::game::{Game, Knowledge, ScoringGame};
use std::cmp::Reverse;

/// Where a move goes in the search order, larger first: the table's move, then by `gain`: the
/// move's margin, or for a move that keeps the turn what the turn can gain
/// ([`TurnGain`](super::turn_gain::TurnGain)).
pub(crate) fn order_key<M: PartialEq>(mv: M, gain: i64, table_move: Option<M>) -> i64 {
    if Some(mv) == table_move {
        i64::MAX
    } else {
        gain
    }
}

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
    /// Where its child waits in the children of its ply, made as the moves were collected
    /// ([`NO_CHILD`]: made when it is searched). 32 bits: a 16-bit place, which keeps a
    /// candidate of a 32-bit move in 24 bytes, made PrimeGame's small solves 8% slower and
    /// its solve of 140 no faster (BENCHMARKS.md, "PrimeGame: speed").
    pub(super) child: u32,
}

/// A candidate whose child is made when it is searched.
pub(super) const NO_CHILD: u32 = u32::MAX;

/// A child made as its parent's moves were collected, with its table key and whether that
/// is the knowledge's canonical key: what its node would work out again.
pub(super) struct Made<G: Game> {
    pub(super) position: G,
    pub(super) key: Keyed<G::Key>,
}

impl<G: ScoringGame, E: Evaluator<G>, K: Knowledge<G>> Negamax<G, E, K> {
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
            .promising_moves(position, limit.saturating_add(1), &mut self.scratch);
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
    /// their margins and places in the order, into the buffer of `ply`; the largest margin
    /// left out, into `left_out` (the threshold, if the knowledge may have left out moves).
    /// Where the game scores by playing ([`ScoringGame::SCORES_BY_PLAYING`]) each child is
    /// made here, kept for its search, and its table bucket asked for at once.
    pub(super) fn fill_buffer(
        &mut self,
        position: &G,
        ply: usize,
        table_move: Option<G::Move>,
        threshold: i64,
    ) {
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, Vec::new);
            self.children.resize_with(ply + 1, Vec::new);
            self.keeping.resize(ply + 1, false);
            self.left_out.resize(ply + 1, i64::MIN);
        }
        let mut keeping = false;
        let mut left_out = if threshold > i64::MIN && self.knowledge.leaves_out_by_threshold() {
            threshold
        } else {
            i64::MIN
        };
        let mut count = |margin: i64, keeps: bool| {
            keeping |= keeps;
            let kept = margin > threshold || keeps;
            if !kept {
                left_out = left_out.max(margin);
            }
            kept
        };
        if self.makes_children() {
            self.fill_made(position, ply, table_move, &mut count);
        } else {
            let buffer = &mut self.buffers[ply];
            buffer.clear();
            for &mv in &self.scratch {
                let (margin, keeps) = position.margin_and_turn(mv);
                if count(margin, keeps) {
                    buffer.push(Candidate {
                        order: order_key(mv, margin, table_move),
                        margin,
                        mv,
                        keeps,
                        deferred: false,
                        child: NO_CHILD,
                    });
                }
            }
        }
        self.keeping[ply] = keeping;
        self.left_out[ply] = left_out;
        if keeping {
            self.order_turns(position, ply, table_move);
        }
    }

    /// [`fill_buffer`](Self::fill_buffer) where the children are made now: each move played
    /// and scored in one pass, the child kept (with its table key) on the children of `ply`
    /// for its search, its bucket asked for at once. `count` says which moves are kept.
    fn fill_made(
        &mut self,
        position: &G,
        ply: usize,
        table_move: Option<G::Move>,
        count: &mut impl FnMut(i64, bool) -> bool,
    ) {
        self.buffers[ply].clear();
        self.children[ply].clear();
        for &mv in &self.scratch {
            let mut child = position.clone();
            let (margin, keeps) = child.play_and_score(mv);
            if !count(margin, keeps) {
                continue;
            }
            // Past the places 32 bits give, a child would be made when it is searched.
            let place = u32::try_from(self.children[ply].len()).unwrap_or(NO_CHILD);
            if place != NO_CHILD {
                let key = self.keyed(&child);
                self.table.prefetch(key.hash);
                self.children[ply].push(Some(Made {
                    position: child,
                    key,
                }));
            }
            self.buffers[ply].push(Candidate {
                order: order_key(mv, margin, table_move),
                margin,
                mv,
                keeps,
                deferred: false,
                child: place,
            });
        }
    }

    /// Whether a node's children are made as its moves are collected: where the game scores
    /// by playing and the search copies positions rather than undoing moves.
    #[inline]
    pub(super) fn makes_children(&self) -> bool {
        G::SCORES_BY_PLAYING && !self.undo
    }

    /// Orders the moves of the buffer of `ply` that keep the turn by what their turn can gain
    /// ([`TurnGain`]), at the nodes where the look-ahead is likely to pay.
    fn order_turns(&mut self, position: &G, ply: usize, table_move: Option<G::Move>) {
        if !self.turn_gain.worth_looking() {
            return;
        }
        let buffer = &mut self.buffers[ply];
        let children = &self.children[ply];
        let before = first_in_order(buffer, None);
        let turn_gain = &mut self.turn_gain;
        turn_gain.start_node();
        for candidate in buffer.iter_mut().filter(|candidate| candidate.keeps) {
            let child = children
                .get(candidate.child as usize)
                .and_then(|made| made.as_ref().map(|made| &made.position));
            let gain = turn_gain.of_move(position, (candidate.mv, child), candidate.margin, true);
            candidate.order = order_key(candidate.mv, gain, table_move);
        }
        turn_gain.record(first_in_order(buffer, None) != before);
    }

    /// The move the sort would put first.
    pub(super) fn first_in_order(&self, ply: usize) -> Option<Candidate<G::Move>> {
        let history = self.settings.history_heuristic.then_some(&self.history);
        first_in_order(&self.buffers[ply], history).map(|i| self.buffers[ply][i])
    }

    /// Sorts the buffer of `ply` best first.
    pub(super) fn sort_moves(&mut self, ply: usize) {
        // A stable sort: among equal keys the game's move order stands, which matters (the
        // solver is several times slower on PrimeGame with ties scrambled).
        let buffer = &mut self.buffers[ply];
        if self.settings.history_heuristic {
            let history = &self.history;
            buffer
                .sort_by_key(|candidate| Reverse((candidate.order, history.credit(&candidate.mv))));
        } else {
            buffer.sort_by_key(|candidate| Reverse(candidate.order));
        }
    }
}

/// Where the move a sort would put first stands in `buffer`: the first of the largest order
/// keys, ties broken by the `history` heuristic's credit where it is on.
fn first_in_order<M: std::hash::Hash>(
    buffer: &[Candidate<M>],
    history: Option<&History>,
) -> Option<usize> {
    match history {
        None => first_by(buffer, |candidate| candidate.order),
        Some(history) => first_by(buffer, |candidate| {
            (candidate.order, history.credit(&candidate.mv))
        }),
    }
}

/// Where the first of the largest `rank`s stands in `buffer`.
#[inline]
fn first_by<M, R: Ord>(
    buffer: &[Candidate<M>],
    rank: impl Fn(&Candidate<M>) -> R,
) -> Option<usize> {
    let mut first: Option<usize> = None;
    for (i, candidate) in buffer.iter().enumerate() {
        if first.is_none_or(|best| rank(candidate) > rank(&buffer[best])) {
            first = Some(i);
        }
    }
    first
}
