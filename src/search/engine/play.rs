//! The engine's search: iterative deepening with aspiration windows within the budget, an
//! exact attempt at endgames, the width of each position, and the line of play.

use super::{Engine, SearchResult};
use crate::game::{Evaluator, Knowledge, ScoringGame};
use crate::search::UNBOUNDED as INFINITY;
use crate::search::searcher::{EXACT_DEPTH, Scored};
use crate::search::table::PROVEN;
use crate::search::{Budget, Stage, time};
use std::time::Instant;

impl<G: ScoringGame, E: Evaluator<G>, K: Knowledge<G>> Engine<G, E, K> {
    /// Searches `position` within `budget`: deeper and deeper until the value is proven, the
    /// depth limit is reached, or the next iteration would not fit in the time left. `None` when
    /// the position has no legal move.
    ///
    /// A game that can undo moves is searched on a copy; [`search_in_place`](Self::search_in_place)
    /// saves the copy.
    pub fn search(&mut self, position: &G, budget: Budget) -> Option<SearchResult<G::Move>> {
        self.search_in_place(&mut position.clone(), budget)
    }

    /// As [`search`](Self::search), playing and taking back moves on `position` itself (for a
    /// game that can undo), which it leaves as it was.
    pub fn search_in_place(
        &mut self,
        position: &mut G,
        budget: Budget,
    ) -> Option<SearchResult<G::Move>> {
        let start = Instant::now();
        let budget = budget.started_at(start);
        let fallback = self.first_move(position)?;
        self.searcher.set_budget(budget);
        self.searcher.begin_on(position);
        let nodes_before = self.searcher.nodes();
        if self.choose_width(position) <= self.plan.exact_endgame_moves {
            if let Some(solved) = self.exact_endgame(position, budget, start) {
                return Some(solved);
            }
            self.searcher.begin_on(position);
        }
        let max_depth = budget.depth.unwrap_or(PROVEN - 1).min(PROVEN - 1);
        let mut done: Option<(Scored, G::Move, u16)> = None;
        for depth in 1..=max_depth {
            self.searcher.set_stage(Stage::Depth(depth));
            let iteration_start = Instant::now();
            let Some((result, best)) = self.iterate(position, depth, done.map(|(r, ..)| r.value))
            else {
                break;
            };
            done = Some((result, best, depth));
            if result.proven {
                break;
            }
            // Do not start an iteration that cannot end (one costs about `iteration_growth`
            // times the one before).
            if let Some(deadline) = budget.deadline
                && !time::next_iteration_fits(
                    iteration_start.elapsed(),
                    self.plan.iteration_growth,
                    deadline,
                )
            {
                break;
            }
        }
        let (result, best_move, depth) = done.unwrap_or((
            Scored {
                value: position.margin(fallback),
                proven: false,
            },
            fallback,
            0,
        ));
        Some(SearchResult {
            best_move,
            value: result.value,
            exact: result.proven,
            depth,
            nodes: self.searcher.nodes() - nodes_before,
            principal_variation: self.principal_variation(position, best_move, depth),
            elapsed: start.elapsed(),
        })
    }

    /// Full width, or the candidates of a large position (asked of the knowledge once,
    /// lazily). Returns how many search moves the position has, or more than either threshold
    /// (`usize::MAX` when neither is set).
    fn choose_width(&mut self, position: &G) -> usize {
        let config = self.plan;
        let large = config.large_board.map_or(0, |(moves, _)| moves);
        let enough = large.max(config.exact_endgame_moves);
        let mut probe = Vec::new();
        if enough > 0 {
            self.searcher.knowledge().promising_moves(
                position,
                enough.saturating_add(1),
                &mut probe,
            );
        }
        let pruned = config
            .large_board
            .filter(|&(moves, _)| probe.len() > moves)
            .map(|(_, candidates)| candidates);
        self.searcher
            .set_breadths(pruned, pruned.or(self.plan.breadth));
        if enough == 0 { usize::MAX } else { probe.len() }
    }

    /// An exact solve of `position` in a third of the time to the deadline, full width: the
    /// result if it finishes (its depth is the length of its line), else `None` and the
    /// caller searches as usual with the rest. Only for a budget of time alone.
    fn exact_endgame(
        &mut self,
        position: &mut G,
        budget: Budget,
        start: Instant,
    ) -> Option<SearchResult<G::Move>> {
        let deadline = budget.deadline?;
        if budget.depth.is_some() || budget.nodes.is_some() {
            return None;
        }
        let now = Instant::now();
        let until = time::endgame_deadline(now, deadline, self.plan.endgame_share);
        if let Some(solve) = self.endgame.as_mut() {
            let (best_move, value) = solve(position, until)?;
            return Some(SearchResult {
                best_move,
                value,
                exact: true,
                depth: 1,
                nodes: 0,
                principal_variation: vec![best_move],
                elapsed: start.elapsed(),
            });
        }
        let widths = self.searcher.breadths();
        self.searcher.set_breadths(None, None);
        self.searcher
            .set_budget(Budget::default().with_deadline(until));
        self.searcher.begin_on(position);
        self.searcher.set_stage(Stage::Value);
        let nodes_before = self.searcher.nodes();
        let (result, best) = self
            .searcher
            .root(position, EXACT_DEPTH, -INFINITY, INFINITY);
        let solved = !self.searcher.aborted() && result.proven;
        self.searcher.set_breadths(widths.0, widths.1);
        self.searcher.set_budget(budget);
        let best_move = best.filter(|_| solved)?;
        let line = self.principal_variation(position, best_move, EXACT_DEPTH);
        Some(SearchResult {
            best_move,
            value: result.value,
            exact: true,
            // A line of play is shorter than 2^16 plies.
            depth: line.len() as u16,
            nodes: self.searcher.nodes() - nodes_before,
            principal_variation: line,
            elapsed: start.elapsed(),
        })
    }

    /// One iteration at `depth`, with an aspiration window around the previous value. `None`
    /// if the budget ran out before it finished.
    fn iterate(
        &mut self,
        position: &mut G,
        depth: u16,
        previous: Option<i64>,
    ) -> Option<(Scored, G::Move)> {
        let (mut alpha, mut beta) = match (previous, self.plan.aspiration) {
            (Some(value), Some(width)) if depth >= 3 => (value - width, value + width),
            _ => (-INFINITY, INFINITY),
        };
        loop {
            let (result, best) = self.searcher.root(position, depth, alpha, beta);
            if self.searcher.aborted() {
                return None;
            }
            // Outside the window the value is only a bound: widen that side and search again.
            if result.value <= alpha && alpha > -INFINITY {
                alpha = -INFINITY;
            } else if result.value >= beta && beta < INFINITY {
                beta = INFINITY;
            } else {
                return best.map(|mv| (result, mv));
            }
        }
    }

    /// The move played if no iteration completes: the table's, else the largest immediate
    /// margin (asked of the game lazily).
    fn first_move(&self, position: &G) -> Option<G::Move> {
        self.searcher
            .table_move(position)
            .filter(|&mv| position.is_legal(mv))
            .or_else(|| {
                let mut best = Vec::with_capacity(1);
                self.searcher
                    .knowledge()
                    .promising_moves(position, 1, &mut best);
                best.first().copied()
            })
    }

    /// The line the table expects after `best_move`, as long as it stays legal.
    fn principal_variation(
        &self,
        position: &mut G,
        best_move: G::Move,
        depth: u16,
    ) -> Vec<G::Move> {
        let mut line = vec![best_move];
        let mut copy = (!G::CAN_UNDO).then(|| position.clone());
        let current = copy.as_mut().unwrap_or(position);
        current.play_unchecked(best_move);
        while line.len() < usize::from(depth.max(1)) {
            match self.searcher.table_move(current) {
                Some(mv) if current.is_legal(mv) => {
                    line.push(mv);
                    current.play_unchecked(mv);
                }
                _ => break,
            }
        }
        if G::CAN_UNDO {
            for &mv in line.iter().rev() {
                current.undo_unchecked(mv);
            }
        }
        line
    }
}
