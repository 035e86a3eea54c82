//! The entry points at the root: null-window narrowing of an exact value, the root of a
//! depth-limited search, one move's value, the stored best move.

use super::moves::NO_CHILD;
use super::{Candidate, EXACT_DEPTH, Keyed, Negamax, Node, Scored};
use crate::game::Evaluator;
use crate::game::{Knowledge, ScoringGame, TableKey};

impl<G: ScoringGame, E: Evaluator<G>, K: Knowledge<G>> Negamax<G, E, K> {
    /// The exact value of `position`, known to lie in `lower..=upper`, by null-window tests
    /// that halve the range (nearer 0 first, where most values of small games lie), as Pascal
    /// Pons' Connect 4 solver does: each test is cheap, and the table keeps what the others
    /// proved. Fail-soft bounds narrow the range by more than half when they can.
    pub fn narrowed(&mut self, position: &mut G, (mut lower, mut upper): (i64, i64)) -> Scored {
        let mut proven = true;
        while lower < upper {
            let mut mid = lower + (upper - lower) / 2;
            if mid <= 0 && lower / 2 < mid {
                mid = lower / 2;
            } else if mid >= 0 && upper / 2 > mid {
                mid = upper / 2;
            }
            let result = self.search(position, EXACT_DEPTH, mid, mid + 1, 0);
            if self.aborted {
                return result;
            }
            proven &= result.proven;
            if result.value <= mid {
                upper = result.value.min(mid).max(lower);
            } else {
                lower = result.value.max(mid + 1).min(upper);
            }
        }
        Scored {
            value: lower,
            proven,
        }
    }

    /// The root of a depth-limited search: the value and the best move, with no table cut-off
    /// (the caller wants the move), over the game's search moves or the best `root_breadth`.
    pub fn search_root(
        &mut self,
        position: &mut G,
        depth: u16,
        alpha: i64,
        beta: i64,
    ) -> (Scored, Option<G::Move>) {
        let table_move = self.table_move(position);
        let complete = match self.settings.root_breadth {
            Some(breadth) => self.collect_best(position, 0, table_move, breadth),
            None => {
                self.collect_moves(position, 0, table_move, i64::MIN);
                true
            }
        };
        self.sort_moves(0);
        let Keyed { key, hash, .. } = self.keyed(position);
        let node = Node {
            key,
            hash,
            depth,
            window: (alpha, beta),
            ply: 0,
            nodes_before: self.nodes,
            floor: self.knowledge.value_floor(position),
        };
        let (result, best_move) = self.search_children(position, &node, complete, None);
        if !self.aborted {
            self.remember(&node, result, best_move);
        }
        (result, best_move)
    }

    /// The value of playing `mv` in `position`, searched `depth` plies within (`alpha`,
    /// `beta`), fail-soft.
    pub fn move_value(
        &mut self,
        position: &mut G,
        mv: G::Move,
        depth: u16,
        alpha: i64,
        beta: i64,
    ) -> Scored {
        let (margin, keeps) = position.margin_and_turn(mv);
        let candidate = Candidate {
            order: 0,
            margin,
            mv,
            keeps,
            deferred: false,
            child: NO_CHILD,
        };
        self.with_child(position, mv, |core, child| {
            core.child(child, None, depth, candidate, (alpha, beta), 0)
        })
    }

    /// The stored best move of `position`, if the table still has it (under a canonical key,
    /// a symmetric image's move may come back: a caller checks it before playing it).
    pub fn table_move(&self, position: &G) -> Option<G::Move> {
        self.table
            .probe(&self.table_key(position).0)
            .and_then(|entry| entry.best)
    }

    /// [`table_key`](Self::table_key) of `position` with its hash.
    #[inline]
    pub(super) fn keyed(&self, position: &G) -> Keyed<G::Key> {
        let (key, canonical) = self.table_key(position);
        let hash = key.hash64();
        Keyed {
            key,
            canonical,
            hash,
        }
    }

    /// The key `position` is stored under, and whether it is the knowledge's canonical key
    /// ([`Knowledge::canonical_key`]) rather than the game's.
    #[inline]
    pub(super) fn table_key(&self, position: &G) -> (G::Key, bool) {
        match self.knowledge.canonical_key(position) {
            Some(key) => (key, true),
            None => (position.key(), false),
        }
    }
}
