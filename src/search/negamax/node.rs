//! The search of one node: the cheap ways to decide it first, then its moves.

use super::cycle::DEEP_PLY;
use super::moves::{Made, NO_CHILD};
use super::{Candidate, INFINITY, Keyed, Negamax, Node, Scored, narrow};
use crate::game::Evaluator;
use crate::game::{Knowledge, ScoringGame};
use crate::search::table::{Entry, PROVEN};
use std::ops::RangeInclusive;

impl<G: ScoringGame, E: Evaluator<G>, K: Knowledge<G>> Negamax<G, E, K> {
    /// The value of `position` for the side to move, searched `depth` plies deep within the
    /// window (`alpha`, `beta`). Fail-soft: a value at or below `alpha` is an upper bound, one at
    /// or above `beta` a lower bound. After an abort the result is meaningless.
    ///
    /// In order, each step returning as soon as it decides the node: the proven bounds of the
    /// game's knowledge (no memory access), the table, a closed-form value, the horizon, the
    /// most promising move alone ([`try_first`](Self::try_first)), then every move
    /// ([`expand`](Self::expand)).
    pub fn search(
        &mut self,
        position: &mut G,
        depth: u16,
        alpha: i64,
        beta: i64,
        ply: usize,
    ) -> Scored {
        self.search_keyed(position, None, depth, (alpha, beta), ply)
    }

    /// [`search`](Self::search) of a position whose table key (and whether it is canonical)
    /// its parent may have worked out already.
    pub(super) fn search_keyed(
        &mut self,
        position: &mut G,
        key: Option<&Keyed<G::Key>>,
        depth: u16,
        window: (i64, i64),
        ply: usize,
    ) -> Scored {
        if ply >= DEEP_PLY {
            return self.search_deep(position, key, depth, window, ply);
        }
        self.search_node(position, key, depth, window, ply)
    }

    /// [`search_keyed`](Self::search_keyed) of one node, its path's keys kept by the caller
    /// from ply `DEEP_PLY` on (see `cycle`).
    pub(super) fn search_node(
        &mut self,
        position: &mut G,
        key: Option<&Keyed<G::Key>>,
        depth: u16,
        (alpha, beta): (i64, i64),
        ply: usize,
    ) -> Scored {
        self.count_node(ply);
        if self.tick() {
            return Scored {
                value: 0,
                proven: false,
            };
        }
        let mut window = (alpha, beta);
        let facts = self.knowledge.facts(position);
        if let Some(cut) = facts
            .bounds
            .as_ref()
            .and_then(|bounds| narrow(&mut window, (*bounds.start(), *bounds.end()), true))
        {
            return cut;
        }
        let Keyed {
            key,
            canonical,
            hash,
        } = self.node_key(position, key);
        let table_move = match self.probe((&key, hash), depth, &mut window) {
            // A canonical key's move may be a symmetric image's: played only if legal here.
            Ok(table_move) => table_move.filter(|&mv| !canonical || position.is_legal(mv)),
            Err(cut) => return cut,
        };
        if let Some(value) = self.knowledge.exact_value(position) {
            return Scored {
                value,
                proven: true,
            };
        }
        if depth == 0 {
            return self.leaf(position, facts.bounds);
        }
        let node = Node {
            key,
            hash,
            depth,
            window,
            ply,
            nodes_before: self.nodes,
            floor: self.knowledge.value_floor(position),
        };
        match self.try_first(position, &node, table_move.or(facts.best_move)) {
            Ok(result) => result,
            Err(searched) => self.expand(position, &node, table_move, searched),
        }
    }

    /// The table key of `position`, whether it is canonical, and its hash: the ones its parent
    /// made, else worked out now.
    #[inline]
    fn node_key(&self, position: &G, made: Option<&Keyed<G::Key>>) -> Keyed<G::Key> {
        // Only a made child comes with its key: a game that makes none compiles the branch away.
        match made.filter(|_| G::SCORES_BY_PLAYING) {
            Some(keyed) => keyed.clone(),
            None => self.keyed(position),
        }
    }

    /// Counts a node at `ply`, with the node and before it may abort, so that the plies add up
    /// to the nodes.
    #[inline]
    fn count_node(&mut self, ply: usize) {
        if let Some(nodes) = self.nodes_by_ply.get_mut(ply) {
            *nodes += 1;
        } else {
            self.nodes_by_ply.resize(ply, 0);
            self.nodes_by_ply.push(1);
        }
    }

    /// Looks `key` up in the table: `Err` with the stored bound that decides the node searched
    /// `depth` deep in `window`, else `Ok` with the stored move, `window` narrowed by proven
    /// bounds.
    #[inline]
    fn probe(
        &mut self,
        (key, hash): (&G::Key, u64),
        depth: u16,
        window: &mut (i64, i64),
    ) -> Result<Option<G::Move>, Scored> {
        self.table_counts.probes += 1;
        let Some(entry) = self.table.probe_hashed(key, hash) else {
            return Ok(None);
        };
        self.table_counts.hits += 1;
        if entry.depth >= depth
            && let Some(cut) = narrow(window, (entry.lower, entry.upper), entry.depth == PROVEN)
        {
            self.table_counts.cutoffs += 1;
            return Err(cut);
        }
        Ok(entry.best)
    }

    /// A leaf of a depth-limited search: over, or the evaluator's estimate inside the proven
    /// bounds (an estimate outside them is wrong by at least that much). Only whether the game
    /// is over is asked, without generating its moves.
    pub(super) fn leaf(&mut self, position: &G, bounds: Option<RangeInclusive<i64>>) -> Scored {
        if position.is_over() {
            return Scored {
                value: 0,
                proven: true,
            };
        }
        let estimate = self.evaluator.evaluate(position);
        Scored {
            value: bounds.map_or(estimate, |bounds| {
                estimate.max(*bounds.start()).min(*bounds.end())
            }),
            proven: false,
        }
    }

    /// The margin at or below which no move that passes the turn can beat alpha, given the
    /// node's value floor (`i64::MIN` without one): such moves are not even generated. (A
    /// move that keeps the turn adds the next position's value, which the floor does not bound
    /// from above: it is always searched.)
    pub(super) fn threshold(node: &Node<G::Key>) -> i64 {
        node.floor
            .map_or(i64::MIN, |floor| node.window.0.saturating_add(floor))
    }

    /// What bounds the moves of `node` left out by the threshold (each worth at most its
    /// margin less the node's floor, at most alpha): the fail-soft value a node starts from,
    /// `-INFINITY` if none was left out. A fail-low result is then an upper bound as tight as
    /// the floor allows, not alpha itself, which a later search with a lower window can use
    /// (Kalah(4,6) with the seeds left: 3.98 M nodes against 4.65 M, BENCHMARKS.md).
    fn left_out_bound(&self, node: &Node<G::Key>) -> i64 {
        match node.floor {
            Some(floor) if self.left_out[node.ply] > i64::MIN => {
                self.left_out[node.ply].saturating_sub(floor).max(-INFINITY)
            }
            _ => -INFINITY,
        }
    }

    /// Searches the move most likely to refute the node (the table's, else the knowledge's),
    /// alone, before any other is generated: `Ok` with the node's result if it cuts (or a
    /// stored child cuts for it, or the search aborted), else `Err` with the move and its
    /// result for [`expand`](Self::expand).
    pub(super) fn try_first(
        &mut self,
        position: &mut G,
        node: &Node<G::Key>,
        first: Option<G::Move>,
    ) -> Result<Scored, Option<(G::Move, Scored)>> {
        let Some(mv) = first.filter(|_| self.settings.breadth.is_none()) else {
            return Err(None);
        };
        // Made and scored in one pass where the game scores by playing.
        let mut made = self.makes_children().then(|| position.clone());
        let (margin, keeps) = match &mut made {
            Some(child) => child.play_and_score(mv),
            None => position.margin_and_turn(mv),
        };
        if !keeps && margin <= Self::threshold(node) {
            return Err(None);
        }
        let (depth, window) = (node.depth, node.window);
        let candidate = Candidate {
            order: 0,
            margin,
            mv,
            keeps,
            deferred: false,
            child: NO_CHILD,
        };
        if self.settings.transposition_cutoffs
            && let Some(cut) = self.child_cutoff(
                position,
                (candidate, node.ply),
                (depth, window.1),
                node.floor,
            )
        {
            return Ok(cut);
        }
        let claim = self.table.enter(&node.key);
        let result = match &mut made {
            Some(child) => self.child(child, None, depth, candidate, window, node.ply),
            None => self.with_child(position, mv, |core, child| {
                core.child(child, None, depth, candidate, window, node.ply)
            }),
        };
        self.table.leave(claim);
        if self.aborted {
            return Ok(result);
        }
        if result.value >= window.1 {
            self.remember(node, result, Some(mv));
            return Ok(result);
        }
        Err(Some((mv, result)))
    }

    /// Generates, orders and searches the node's moves (`searched`, if any, done already),
    /// after a last look for a stored child that cuts; stores the result.
    pub(super) fn expand(
        &mut self,
        position: &mut G,
        node: &Node<G::Key>,
        table_move: Option<G::Move>,
        searched: Option<(G::Move, Scored)>,
    ) -> Scored {
        let (depth, ply, beta) = (node.depth, node.ply, node.window.1);
        let complete = match self.settings.breadth {
            Some(breadth) => self.collect_best(position, ply, table_move, breadth),
            None => {
                self.collect_moves(position, ply, table_move, Self::threshold(node));
                true
            }
        };
        if searched.is_none() {
            if self.buffers[ply].is_empty() {
                // No move left: the game is over, or no move can beat alpha (a fail-low
                // bound).
                return Scored {
                    value: if position.is_over() { 0 } else { node.window.0 },
                    proven: true,
                };
            }
            // Most refutations found in the table are the first move's: try it before
            // sorting the rest.
            if self.settings.transposition_cutoffs
                && let Some(first) = self.first_in_order(ply)
                && let Some(cut) =
                    self.child_cutoff(position, (first, ply), (depth, beta), node.floor)
            {
                return cut;
            }
        }
        self.sort_moves(ply);
        if self.settings.transposition_cutoffs {
            let (cut, probes) = self.transposition_cutoff(position, node);
            self.table_counts.child_probes += probes;
            if let Some(cut) = cut {
                self.table_counts.child_cutoffs += 1;
                return cut;
            }
        }
        let claim = self.table.enter(&node.key);
        let (result, best_move) = self.search_children(position, node, complete, searched);
        self.table.leave(claim);
        if !self.aborted {
            self.remember(node, result, best_move);
        }
        result
    }

    /// The moves of `position` in the buffer of `ply` (all of its search moves if `complete`),
    /// searched with principal-variation search: the first with the full window, the rest with
    /// a null window and a re-search if they beat it. Returns the fail-soft value and the best
    /// move.
    ///
    /// In a helper, a move whose child another thread is searching waits for a second pass, by
    /// when that child is likely stored (simplified ABDADA). The first move never waits: it
    /// sets the window. The main search never puts a move off: it would search moves that its
    /// own order may never need, before one that may cut the node.
    pub(super) fn search_children(
        &mut self,
        position: &mut G,
        node: &Node<G::Key>,
        complete: bool,
        searched: Option<(G::Move, Scored)>,
    ) -> (Scored, Option<G::Move>) {
        let (depth, (mut alpha, beta), ply) = (node.depth, node.window, node.ply);
        // The fail-soft value starts at what bounds the moves left out by the floor.
        let mut best = Best::starting_at(self.left_out_bound(node), complete);
        // A move searched already, with the full window (and below beta).
        if let Some((mv, result)) = searched {
            best.add(mv, result, &mut alpha, beta);
        }
        let searched_move = searched.map(|(mv, _)| mv);
        let mut any_deferred = false;
        'passes: for second_pass in [false, true] {
            if second_pass && !any_deferred {
                break;
            }
            for i in 0..self.buffers[ply].len() {
                let candidate = self.buffers[ply][i];
                match self.turn(position, node, i, alpha, second_pass, searched_move) {
                    Step::Search => {}
                    Step::Skip => continue,
                    Step::Below { bound, stop } => {
                        best.bound(bound);
                        if stop {
                            break;
                        }
                        continue;
                    }
                    Step::Defer => {
                        any_deferred = true;
                        continue;
                    }
                }
                let leads = i == 0 && searched_move.is_none();
                let result = self.pvs_child(position, candidate, depth, (alpha, beta), ply, leads);
                if self.aborted {
                    break 'passes;
                }
                if best.add(candidate.mv, result, &mut alpha, beta) {
                    // A cut by a move the order did not put first teaches it.
                    if i > 0 && self.settings.history_heuristic {
                        self.history.reward(&candidate.mv, ply);
                    }
                    break 'passes;
                }
            }
        }
        best.result(self.aborted)
    }

    /// What to do with the `i`-th move of the buffer of `ply` in this pass: search it, skip it
    /// (searched already, or not in this pass), put it off to the second pass, or count it
    /// by the bound the floor gives it, which cannot beat alpha (and stop, if no later move
    /// can).
    #[inline]
    fn turn(
        &mut self,
        position: &G,
        node: &Node<G::Key>,
        i: usize,
        alpha: i64,
        second_pass: bool,
        searched_move: Option<G::Move>,
    ) -> Step {
        let ply = node.ply;
        let Candidate {
            margin,
            mv,
            keeps,
            deferred,
            ..
        } = self.buffers[ply][i];
        if second_pass != deferred || Some(mv) == searched_move {
            return Step::Skip;
        }
        // A move that passes the turn and cannot beat alpha, even if the child is worth its
        // floor, is worth at most its margin less the floor, which is at most alpha: so is
        // every later one, by falling margin (the first move may be the table's, out of that
        // order), unless some move keeps the turn.
        if let Some(floor) = node.floor
            && !keeps
            && margin.saturating_sub(floor) <= alpha
        {
            return Step::Below {
                bound: margin.saturating_sub(floor),
                stop: i > 0 && !self.keeping[ply],
            };
        }
        if !second_pass
            && self.defers_busy_moves
            && (i > 0 || searched_move.is_some())
            && self.table.is_busy(&self.knowledge.key_after(position, mv))
        {
            self.buffers[ply][i].deferred = true;
            return Step::Defer;
        }
        Step::Search
    }

    /// The value of playing the `candidate` move, by principal-variation search: the full
    /// window if it `leads`, else a null window at alpha and a re-search if it beats it (see
    /// [`child`](Self::child) for the child's window); the move is played once for the probe
    /// and a re-search, or not at all if its child was made as the moves were collected.
    #[inline]
    fn pvs_child(
        &mut self,
        position: &mut G,
        candidate: Candidate<G::Move>,
        depth: u16,
        window: (i64, i64),
        ply: usize,
        leads: bool,
    ) -> Scored {
        let made = match candidate.child {
            NO_CHILD => None,
            // Never reached where the game makes no children: compiled away for it.
            _ if !G::SCORES_BY_PLAYING => None,
            place => self.children[ply][place as usize].take(),
        };
        match made {
            Some(Made { mut position, key }) => self.pvs(
                &mut position,
                Some(&key),
                candidate,
                depth,
                window,
                (ply, leads),
            ),
            None => self.with_child(position, candidate.mv, |core, child| {
                core.pvs(child, None, candidate, depth, window, (ply, leads))
            }),
        }
    }

    /// [`pvs_child`](Self::pvs_child) on the `child` the move reached, of table `key` if known.
    #[inline]
    fn pvs(
        &mut self,
        child: &mut G,
        key: Option<&Keyed<G::Key>>,
        candidate: Candidate<G::Move>,
        depth: u16,
        (alpha, beta): (i64, i64),
        (ply, leads): (usize, bool),
    ) -> Scored {
        if leads {
            return self.child(child, key, depth, candidate, (alpha, beta), ply);
        }
        let probe = self.child(child, key, depth, candidate, (alpha, alpha + 1), ply);
        if probe.value > alpha && probe.value < beta && !self.aborted {
            self.child(child, key, depth, candidate, (alpha, beta), ply)
        } else {
            probe
        }
    }

    /// Stores the result of `node`, its bound read off the window it was searched with.
    pub(super) fn remember(
        &mut self,
        node: &Node<G::Key>,
        result: Scored,
        best_move: Option<G::Move>,
    ) {
        let (alpha, beta) = node.window;
        // Fail-soft: a result at or below alpha bounds the value from above, one at or above
        // beta from below; in between it is exact.
        let lower = if result.value > alpha {
            result.value
        } else {
            i64::MIN
        };
        let upper = if result.value < beta {
            result.value
        } else {
            i64::MAX
        };
        self.table_counts.stores += 1;
        let evicted = self.table.store_hashed(
            Entry {
                key: node.key.clone(),
                lower,
                upper,
                best: best_move,
                depth: if result.proven { PROVEN } else { node.depth },
                // ilog2 of a u64 is below 64.
                work: (self.nodes - node.nodes_before).max(1).ilog2() as u8,
            },
            node.hash,
        );
        self.table_counts.evictions += u64::from(evicted);
    }

    /// Runs `work` on the child of `position` reached by `mv`: on `position` itself, taking
    /// the move back after, if the game can undo, else on a copy.
    pub(super) fn with_child<R>(
        &mut self,
        position: &mut G,
        mv: G::Move,
        work: impl FnOnce(&mut Self, &mut G) -> R,
    ) -> R {
        if self.undo {
            position.play_unchecked(mv);
            let result = work(self, position);
            position.undo_unchecked(mv);
            result
        } else {
            work(self, &mut position.after(mv))
        }
    }

    /// Searches `child`, reached by the move of `candidate`, returning the move's value for
    /// the parent within (`alpha`, `beta`). The child's window is the parent's shifted by the
    /// points the move hands out, and seen from the other side when the turn passes.
    pub(super) fn child(
        &mut self,
        child: &mut G,
        key: Option<&Keyed<G::Key>>,
        depth: u16,
        candidate: Candidate<G::Move>,
        (alpha, beta): (i64, i64),
        ply: usize,
    ) -> Scored {
        let margin = candidate.margin;
        let clamp = |bound: i64| bound.clamp(-INFINITY, INFINITY);
        let (lower, upper) = if candidate.keeps {
            (alpha.saturating_sub(margin), beta.saturating_sub(margin))
        } else {
            (margin.saturating_sub(beta), margin.saturating_sub(alpha))
        };
        let window = (clamp(lower), clamp(upper));
        let inner = self.search_keyed(child, key, depth - 1, window, ply + 1);
        let value = if candidate.keeps {
            margin.saturating_add(inner.value)
        } else {
            margin.saturating_sub(inner.value)
        };
        Scored {
            value,
            proven: inner.proven,
        }
    }
}

/// What [`Negamax::search_children`] does with a move.
enum Step {
    Search,
    Skip,
    Defer,
    /// Not searched: worth at most `bound` (at most alpha), and so is every later move if
    /// `stop`.
    Below {
        bound: i64,
        stop: bool,
    },
}

/// The best result at a node so far, fail-soft.
struct Best<M> {
    value: i64,
    mv: Option<M>,
    /// Whether every result counted is proven (and the node's moves all searched).
    proven: bool,
}

impl<M: Copy> Best<M> {
    /// Nothing searched yet: the fail-soft value starts at `value`, proven if the node's moves
    /// are `complete`.
    #[inline]
    fn starting_at(value: i64, complete: bool) -> Self {
        Self {
            value,
            mv: None,
            proven: complete,
        }
    }

    /// The node's result (0 if no move was searched and nothing bounds it) and best move; not
    /// proven if the search was `aborted`.
    #[inline]
    fn result(self, aborted: bool) -> (Scored, Option<M>) {
        let value = if self.value > -INFINITY {
            self.value
        } else {
            0
        };
        let proven = self.proven && !aborted;
        (Scored { value, proven }, self.mv)
    }

    /// Counts a move left unsearched, worth at most `bound` (at most alpha): the node's
    /// fail-soft value is then at least that bound.
    #[inline]
    fn bound(&mut self, bound: i64) {
        self.value = self.value.max(bound);
    }

    /// Counts the `result` of `mv`, raising `alpha` past a better value: `true` when the node
    /// is cut (alpha reached beta).
    #[inline]
    fn add(&mut self, mv: M, result: Scored, alpha: &mut i64, beta: i64) -> bool {
        self.proven &= result.proven;
        if result.value > self.value {
            self.value = result.value;
            self.mv = Some(mv);
            if self.value > *alpha {
                *alpha = self.value;
                return *alpha >= beta;
            }
        }
        false
    }
}
