//! The search both chance front-ends share: alpha-beta at the players' nodes, the chance nodes
//! in `star`, a table of what each position is proven worth to a depth, the horizon (an
//! evaluator) and the clock.

use super::brute::estimate;
use super::error::{ChanceError, MAX_PLIES};
use super::table::{Entry, NO_MOVE, Table};
use super::value::{Expectation, max, min};
use super::worth::{child_window, through};
use crate::game::{ChanceGame, Evaluator, Knowledge, NoKnowledge};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The depth of a search that goes to the end of the game: it never reaches a horizon.
pub(super) const TO_THE_END: u16 = u16::MAX;

/// How often, in nodes, a search with a deadline reads the clock.
const CLOCK_EVERY: u64 = 1 << 10;

/// How a chance node is cut (the module docs give each method and its proof). The values are
/// the same with each; the nodes are not. [`ChanceSolver`](super::ChanceSolver) uses Star1 by
/// default, [`ChanceEngine`](super::ChanceEngine) Star2: a probe pays when the first move it
/// searches is good, which the engine's ordering by the evaluator gives (in BENCHMARKS.md, a
/// bearoff race searched three moves deep: Star2 5 to 15 times fewer nodes than no pruning),
/// and costs nodes where the first move is a guess (an exact solve of a race, unordered: 1.3
/// times more nodes than Star1; ordered by an estimate,
/// [`ChanceSolver::with_move_ordering`](super::ChanceSolver::with_move_ordering), 2.1 times
/// fewer than no pruning).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ChancePruning {
    /// No cut: every chance move searched whole, as plain expectiminimax does (with a table).
    Off,
    /// Ballard's Star1: each chance move searched within the window its share of the mean
    /// leaves, from the bounds of the chance moves not yet searched.
    Star1,
    /// Star1 after a probe of each chance move (Ballard's Star2): the first move of the
    /// position after it searched alone, a bound on that position's value, which tightens the
    /// chance move's bounds before any is searched whole.
    Star2,
}

/// Why a search stopped without a value: the game's fault, or the clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Halt {
    Failed(ChanceError),
    OutOfTime,
}

impl From<ChanceError> for Halt {
    fn from(error: ChanceError) -> Self {
        Halt::Failed(error)
    }
}

/// A player's node's moves with their margins and turns, and the moves as generated.
pub(super) type MoveLists<M> = (Vec<(M, i64, bool)>, Vec<M>);

/// One chance move of a chance node (searched in `star`): the position after it (played
/// once, for its bounds and its search), its weight, margin, whether it keeps the turn, and
/// the bounds of its worth.
#[derive(Debug)]
pub(super) struct ChanceMove<G, V> {
    pub(super) child: G,
    pub(super) weight: V,
    pub(super) margin: V,
    pub(super) keeps: bool,
    pub(super) lower: V,
    pub(super) upper: V,
}

/// The search's state: its table, its settings, its count of nodes, its evaluator and the
/// game's knowledge.
#[derive(Debug)]
pub(super) struct Search<G: ChanceGame, V, E, K = NoKnowledge> {
    pub(super) table: Table<G::Key, V>,
    pub(super) pruning: ChancePruning,
    pub(super) entries_after_chance: bool,
    pub(super) nodes: u64,
    deadline: Option<Instant>,
    /// The node count past which the search stops, if any.
    max_nodes: Option<u64>,
    /// The node count at which the budget is next looked at.
    next_check: u64,
    /// Raised when another thread's search of the same iteration stopped: this one stops
    /// too at its next look at the budget.
    pub(super) stop: Option<Arc<AtomicBool>>,
    /// The estimates taken so far, the evaluator's and the table's: a search that took none
    /// found the game's own value.
    pub(super) estimates: u64,
    pub(super) evaluator: E,
    /// What is proven of the positions (their bounds, **sound**) and a move to try first (a
    /// **hint**).
    pub(super) knowledge: K,
    /// Whether moves deep enough are ordered by the evaluator's estimates.
    pub(super) order_by_estimate: bool,
    move_lists: Vec<MoveLists<G::Move>>,
    /// The estimates of a node's moves, kept between nodes.
    estimated: Vec<Estimated<G::Move>>,
    /// The chance nodes' lists of chance moves, kept between nodes.
    pub(super) chance_lists: Vec<Vec<ChanceMove<G, V>>>,
    /// A chance node's chance moves as the game draws them, kept between nodes.
    pub(super) drawn: Vec<(G::Move, u32)>,
}

/// The bounds a table entry proves, if one is deep enough, and the place of the best move
/// it holds.
type KnownBounds<V> = (Option<(V, V)>, Option<u16>);

/// A move with the key it is ordered by: not the table's best, and minus its estimated worth.
type Estimated<M> = (bool, f64, (M, i64, bool));

/// The game's bounds on the value of `position`.
pub(super) fn bounds_of<G: ChanceGame, V: Expectation>(position: &G) -> (V, V) {
    let bounds = position.value_bounds();
    (V::from_int(*bounds.start()), V::from_int(*bounds.end()))
}

/// The place of `mv` among the moves as generated, if an entry can hold it.
pub(super) fn place<M: PartialEq>(generated: &[M], mv: M) -> Option<u16> {
    let place = generated.iter().position(|other| *other == mv)?;
    u16::try_from(place).ok().filter(|&place| place != NO_MOVE)
}

/// The depth left after a player's move.
pub(super) fn after_move(depth: u16) -> u16 {
    if depth == TO_THE_END {
        depth
    } else {
        depth - 1
    }
}

impl<G: ChanceGame, V: Expectation, E: Evaluator<G>, K: Knowledge<G>> Search<G, V, E, K> {
    pub(super) fn new(
        evaluator: E,
        knowledge: K,
        max_entries: usize,
        pruning: ChancePruning,
    ) -> Self {
        Self {
            table: Table::new(max_entries),
            pruning,
            entries_after_chance: true,
            nodes: 0,
            deadline: None,
            max_nodes: None,
            next_check: u64::MAX,
            stop: None,
            estimates: 0,
            evaluator,
            knowledge,
            order_by_estimate: false,
            move_lists: Vec::new(),
            estimated: Vec::new(),
            chance_lists: Vec::new(),
            drawn: Vec::new(),
        }
    }

    /// The bounds on the value of `position` that the game gives, narrowed by its
    /// knowledge's, whole ([`Facts::bounds`](crate::Facts)) and fractional
    /// ([`Knowledge::expected_bounds`]).
    pub(super) fn bounds(&self, position: &G) -> (V, V) {
        let (mut lower, mut upper) = bounds_of::<G, V>(position);
        if let Some(known) = self.knowledge.facts(position).bounds {
            lower = max(lower, V::from_int(*known.start()));
            upper = min(upper, V::from_int(*known.end()));
        }
        if let Some(known) = self.knowledge.expected_bounds(position) {
            // A bound that is not a finite number bounds nothing.
            if known.start().is_finite() {
                lower = max(lower, V::from_f64(*known.start()));
            }
            if known.end().is_finite() {
                upper = min(upper, V::from_f64(*known.end()));
            }
        }
        (lower, upper)
    }

    pub(super) fn table_len(&self) -> usize {
        self.table.len()
    }

    pub(super) fn clear(&mut self) {
        self.table.clear();
    }

    /// The place among its moves of the best move the table holds for `position`, searched
    /// to any depth.
    pub(super) fn best_place(&self, position: &G) -> Option<u16> {
        let best = self
            .table
            .with_entry(&position.key(), |entry| entry.map(|entry| entry.best));
        best.filter(|&best| best != NO_MOVE)
    }

    /// The best move the table holds for `position`, searched to any depth.
    pub(super) fn best_move(&self, position: &G) -> Option<G::Move> {
        let place = self.best_place(position)?;
        position.legal_moves().get(usize::from(place)).copied()
    }

    /// Fail-soft, `depth` players' moves deep: a result at or below `alpha` bounds the value
    /// from above, one at or above `beta` from below, one between them is the value. Unless
    /// `remember`, the table is neither asked nor given the position.
    pub(super) fn search(
        &mut self,
        position: &G,
        (alpha, beta): (V, V),
        depth: u16,
        ply: usize,
        remember: bool,
    ) -> Result<V, Halt> {
        self.count_node(ply)?;
        if depth == 0 {
            return Ok(self.horizon(position));
        }
        let key = position.key();
        let estimates = self.estimates;
        let (known, first) = match self.bounds_and_best(&key, depth, remember) {
            Ok(known) => known,
            Err(value) => return Ok(value),
        };
        let (mut lower, mut upper) = self.bounds(position);
        if let Some((known_lower, known_upper)) = known {
            (lower, upper) = (max(lower, known_lower), min(upper, known_upper));
        }
        if lower >= beta || lower.same(&upper) {
            return Ok(lower);
        }
        if upper <= alpha {
            return Ok(upper);
        }
        let (alpha, beta) = (max(alpha, lower.clone()), min(beta, upper.clone()));
        let (value, best) = if position.is_chance() {
            (self.chance_node(position, &alpha, &beta, depth, ply)?, None)
        } else {
            self.player_node(position, (alpha.clone(), &beta), (first, None), depth, ply)?
        };
        if value <= alpha {
            upper = value.clone();
        } else if value >= beta {
            lower = value.clone();
        } else {
            (lower, upper) = (value.clone(), value.clone());
        }
        if remember {
            // Searched without an estimate below: the game's own value, at any depth.
            let entry_depth = if self.estimates == estimates {
                TO_THE_END
            } else {
                depth
            };
            let entry = Entry {
                lower,
                upper,
                depth: entry_depth,
                best: best.or(first).unwrap_or(NO_MOVE),
            };
            self.table.store(key, entry);
        }
        Ok(value)
    }

    /// The value of `position` searched `depth` deep, if the table holds it.
    pub(super) fn known_value(&mut self, position: &G, depth: u16) -> Option<V> {
        self.bounds_and_best(&position.key(), depth, true).err()
    }

    /// Keeps the `value` of `position` searched `depth` deep, and the place of its best move:
    /// the game's own value if `estimated` is false.
    pub(super) fn remember(
        &mut self,
        position: &G,
        value: V,
        (depth, estimated): (u16, bool),
        best: Option<u16>,
    ) {
        let entry = Entry {
            lower: value.clone(),
            upper: value,
            depth: if estimated { depth } else { TO_THE_END },
            best: best.unwrap_or(NO_MOVE),
        };
        self.table.store(position.key(), entry);
    }

    /// The bounds the table proves of the position of `key` searched `depth` deep, if any,
    /// and its best move to search first; `Err` with the value if the table knows it.
    fn bounds_and_best(
        &mut self,
        key: &G::Key,
        depth: u16,
        remember: bool,
    ) -> Result<KnownBounds<V>, V> {
        if !remember {
            return Ok((None, None));
        }
        let (known, estimated) = self.table.with_entry(key, |entry| {
            let Some(entry) = entry else {
                return (Ok((None, None)), false);
            };
            let first = (entry.best != NO_MOVE).then_some(entry.best);
            if entry.depth < depth {
                return (Ok((None, first)), false);
            }
            // An exact entry answers at once, without the game's bounds.
            let known = if entry.lower.same(&entry.upper) {
                Err(entry.lower.clone())
            } else {
                Ok((Some((entry.lower.clone(), entry.upper.clone())), first))
            };
            (known, entry.depth != TO_THE_END)
        });
        // A bound searched to a horizon is an estimate, and so is what is built on it.
        self.estimates += u64::from(estimated);
        known
    }

    /// One more node, the depth and, now and then, the clock checked.
    pub(super) fn count_node(&mut self, ply: usize) -> Result<(), Halt> {
        if ply > MAX_PLIES {
            return Err(ChanceError::TooDeep { plies: MAX_PLIES }.into());
        }
        self.nodes += 1;
        // One comparison a node; the budget is looked at only at the next check.
        if self.nodes < self.next_check {
            return Ok(());
        }
        let late = self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline);
        let stopped = self
            .stop
            .as_ref()
            .is_some_and(|stop| stop.load(Ordering::Relaxed));
        if late || stopped || self.max_nodes.is_some_and(|most| self.nodes > most) {
            return Err(Halt::OutOfTime);
        }
        self.set_budget(self.deadline, self.max_nodes);
        Ok(())
    }

    /// Stops the search at `deadline` (the clock, and the flag of a search on threads, read
    /// every [`CLOCK_EVERY`] nodes) and past `max_nodes` nodes in all, if given.
    pub(super) fn set_budget(&mut self, deadline: Option<Instant>, max_nodes: Option<u64>) {
        (self.deadline, self.max_nodes) = (deadline, max_nodes);
        let looks = deadline.is_some() || self.stop.is_some();
        let clock = if looks {
            self.nodes.saturating_add(CLOCK_EVERY)
        } else {
            u64::MAX
        };
        let count = max_nodes.map_or(u64::MAX, |most| most.saturating_add(1));
        self.next_check = clock.min(count);
    }

    /// The value at the horizon: 0 where the game ends, else the evaluator's estimate within
    /// the game's bounds ([`estimate`]).
    pub(super) fn horizon(&mut self, position: &G) -> V {
        let (mut moves, mut generated) = self.move_lists.pop().unwrap_or_default();
        generated.clear();
        position.generate_moves(&mut generated);
        let over = generated.is_empty();
        moves.clear();
        self.move_lists.push((moves, generated));
        if over {
            return V::from_int(0);
        }
        self.estimates += 1;
        V::from_f64(estimate(position, &self.evaluator))
    }

    /// The search of the position after a chance move, remembered in the table as
    /// `entries_after_chance` says.
    pub(super) fn search_after_chance(
        &mut self,
        position: &G,
        window: (V, V),
        depth: u16,
        ply: usize,
    ) -> Result<V, Halt> {
        self.search(position, window, depth, ply, self.entries_after_chance)
    }

    /// Alpha-beta over the moves, the table's best first (`first`, its place among the moves
    /// generated), then the largest margin; only the first `only` of them if given (a probe).
    /// With the value, the place of the best move.
    pub(super) fn player_node(
        &mut self,
        position: &G,
        window: (V, &V),
        (first, only): (Option<u16>, Option<usize>),
        depth: u16,
        ply: usize,
    ) -> Result<(V, Option<u16>), Halt> {
        let (moves, generated) = self.ordered_moves(position, first, depth);
        let searched = &moves[..only.unwrap_or(moves.len()).min(moves.len())];
        let result = self.search_moves(position, searched, window, depth, ply);
        let result = result.map(|(value, best)| (value, best.and_then(|mv| place(&generated, mv))));
        self.give_back((moves, generated));
        result
    }

    /// Gives back the lists of [`ordered_moves`](Self::ordered_moves), to use again.
    pub(super) fn give_back(&mut self, lists: MoveLists<G::Move>) {
        self.move_lists.push(lists);
    }

    /// The moves of a player's node `depth` deep in the order they are searched in, the
    /// table's best first (`first`, its place among the moves generated), with the moves as
    /// generated: lists to give back to `move_lists` once searched.
    pub(super) fn ordered_moves(
        &mut self,
        position: &G,
        first: Option<u16>,
        depth: u16,
    ) -> MoveLists<G::Move> {
        // A list of each ply's moves, kept between nodes: no allocation a node.
        let (mut moves, mut generated) = self.move_lists.pop().unwrap_or_default();
        generated.clear();
        position.generate_moves(&mut generated);
        // The table's best move, else the knowledge's if it is legal here.
        let first = first
            .and_then(|place| generated.get(usize::from(place)).copied())
            .or_else(|| {
                let hint = self.knowledge.facts(position).best_move;
                hint.filter(|mv| generated.contains(mv))
            });
        moves.clear();
        moves.extend(generated.iter().map(|&mv| {
            let (margin, keeps) = position.margin_and_turn(mv);
            (mv, margin, keeps)
        }));
        let order = |&(mv, margin, _): &(G::Move, i64, bool)| {
            (Some(mv) != first, std::cmp::Reverse(margin))
        };
        // At depth 1 the children are the horizon, valued by the same estimates: ordering
        // them would estimate each twice. An exact solve (`TO_THE_END`) orders everywhere.
        if self.order_by_estimate && depth >= 2 {
            self.sort_by_estimate(position, &mut moves, first);
        } else if !moves.is_sorted_by_key(order) {
            moves.sort_by_key(order);
        }
        (moves, generated)
    }

    /// The moves in the order of their estimated worth (the margin and the evaluator's
    /// estimate of the position after), the table's best first: one estimate a move, which
    /// pays where the moves' subtrees are deep.
    fn sort_by_estimate(
        &mut self,
        position: &G,
        moves: &mut [(G::Move, i64, bool)],
        first: Option<G::Move>,
    ) {
        let mut estimated = std::mem::take(&mut self.estimated);
        estimated.clear();
        estimated.extend(moves.iter().map(|&(mv, margin, keeps)| {
            let after = self.evaluator.expected(&position.after(mv));
            let worth = margin as f64 + if keeps { after } else { -after };
            (Some(mv) != first, -worth, (mv, margin, keeps))
        }));
        estimated.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
        for (slot, &(_, _, mv)) in moves.iter_mut().zip(&estimated) {
            *slot = mv;
        }
        self.estimated = estimated;
    }

    /// The moves of a player's node searched in the order given.
    pub(super) fn search_moves(
        &mut self,
        position: &G,
        moves: &[(G::Move, i64, bool)],
        (mut alpha, beta): (V, &V),
        depth: u16,
        ply: usize,
    ) -> Result<(V, Option<G::Move>), Halt> {
        let mut best: Option<(V, G::Move)> = None;
        for &(mv, margin, keeps) in moves {
            let margin = V::from_int(margin);
            let (a, b) = child_window(&margin, keeps, &alpha, beta);
            let child = position.after(mv);
            let window = (a.clone(), b.clone());
            let child = self.search(&child, window, after_move(depth), ply + 1, true)?;
            let worth = through(&margin, keeps, child, (&a, &b), (&alpha, beta));
            if best.as_ref().is_none_or(|(value, _)| worth > *value) {
                best = Some((worth.clone(), mv));
            }
            alpha = max(alpha, worth);
            if alpha >= *beta {
                break;
            }
        }
        Ok(best.map_or((V::from_int(0), None), |(value, mv)| (value, Some(mv))))
    }
}
