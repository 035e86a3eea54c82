//! The search both chance front-ends share: alpha-beta at the players' nodes, the chance nodes
//! in `star`, a table of what each position is proven worth to a depth, the horizon (an
//! evaluator) and the clock.

use super::brute::estimate;
use super::error::{ChanceError, MAX_PLIES};
use super::value::{Expectation, max, min};
use super::worth::{child_window, through};
use crate::game::{ChanceGame, Evaluator, Knowledge, NoKnowledge};
use rustc_hash::FxHashMap;
use std::time::Instant;

/// The depth of a search that goes to the end of the game: it never reaches a horizon.
pub(super) const TO_THE_END: u16 = u16::MAX;

/// How often, in nodes, a search with a deadline reads the clock.
const CLOCK_EVERY: u64 = 1 << 10;

/// How a chance node is cut (the module docs give each method and its proof). The values are
/// the same with each; the nodes are not. [`ChanceSolver`](super::ChanceSolver) uses Star1 by
/// default, [`ChanceEngine`](super::ChanceEngine) Star2: a probe pays when the first move it
/// searches is good, which the engine's ordering by the evaluator gives (in BENCHMARKS.md, a
/// bearoff race searched three moves deep: Star2 4 to 11 times fewer nodes than no pruning),
/// and costs nodes where the first move is a guess (an exact solve of a race, unordered: 1.5
/// times more nodes than Star1; ordered by an estimate,
/// [`ChanceSolver::with_move_ordering`](super::ChanceSolver::with_move_ordering), 1.7 times
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

/// What is proven of a position's value to a depth (of players' moves; [`TO_THE_END`] for
/// the game's own value), and its best move if one was searched: its place among the moves
/// as the game generates them ([`NO_MOVE`] if none), which keeps an entry of `f64` values
/// in 24 bytes whatever a move is.
#[derive(Debug, Clone)]
struct Entry<V> {
    lower: V,
    upper: V,
    depth: u16,
    best: u16,
}

/// No best move in an entry.
const NO_MOVE: u16 = u16::MAX;

/// A player's node's moves with their margins and turns, and the moves as generated.
pub(super) type MoveLists<M> = (Vec<(M, i64, bool)>, Vec<M>);

/// The search's state: its table, its settings, its count of nodes, its evaluator and the
/// game's knowledge.
#[derive(Debug)]
pub(super) struct Search<G: ChanceGame, V, E, K = NoKnowledge> {
    // Fx: a position's key is hashed at every node, and SipHash's guard against chosen keys
    // buys nothing here.
    table: FxHashMap<G::Key, Entry<V>>,
    pub(super) max_entries: usize,
    pub(super) pruning: ChancePruning,
    pub(super) entries_after_chance: bool,
    pub(super) nodes: u64,
    deadline: Option<Instant>,
    /// The node count past which the search stops, if any.
    max_nodes: Option<u64>,
    /// The node count at which the budget is next looked at.
    next_check: u64,
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

/// The depth left after a player's move.
fn after_move(depth: u16) -> u16 {
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
            table: FxHashMap::default(),
            max_entries,
            pruning,
            entries_after_chance: true,
            nodes: 0,
            deadline: None,
            max_nodes: None,
            next_check: u64::MAX,
            estimates: 0,
            evaluator,
            knowledge,
            order_by_estimate: false,
            move_lists: Vec::new(),
            estimated: Vec::new(),
        }
    }

    /// The bounds on the value of `position` that the game gives, narrowed by its
    /// knowledge's.
    pub(super) fn bounds(&self, position: &G) -> (V, V) {
        let (lower, upper) = bounds_of::<G, V>(position);
        match self.knowledge.facts(position).bounds {
            Some(known) => (
                max(lower, V::from_int(*known.start())),
                min(upper, V::from_int(*known.end())),
            ),
            None => (lower, upper),
        }
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
        let entry = self.table.get(&position.key())?;
        (entry.best != NO_MOVE).then_some(entry.best)
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
            let depth = if self.estimates == estimates {
                TO_THE_END
            } else {
                depth
            };
            self.store(
                key,
                Entry {
                    lower,
                    upper,
                    depth,
                    best: best.or(first).unwrap_or(NO_MOVE),
                },
            );
        }
        Ok(value)
    }

    /// The bounds the table proves of the position of `key` searched `depth` deep, if any,
    /// and its best move to search first; `Err` with the value if the table knows it.
    fn bounds_and_best(
        &mut self,
        key: &G::Key,
        depth: u16,
        remember: bool,
    ) -> Result<KnownBounds<V>, V> {
        let entry = self.table.get(key).filter(|_| remember);
        let first = entry
            .map(|entry| entry.best)
            .filter(|&best| best != NO_MOVE);
        let Some(entry) = entry.filter(|entry| entry.depth >= depth) else {
            return Ok((None, first));
        };
        // A bound searched to a horizon is an estimate, and so is what is built on it.
        self.estimates += u64::from(entry.depth != TO_THE_END);
        // An exact entry answers at once, without the game's bounds.
        if entry.lower.same(&entry.upper) {
            return Err(entry.lower.clone());
        }
        Ok((Some((entry.lower.clone(), entry.upper.clone())), first))
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
        if late || self.max_nodes.is_some_and(|most| self.nodes > most) {
            return Err(Halt::OutOfTime);
        }
        self.set_budget(self.deadline, self.max_nodes);
        Ok(())
    }

    /// Stops the search at `deadline` (the clock read every [`CLOCK_EVERY`] nodes) and past
    /// `max_nodes` nodes in all, if given.
    pub(super) fn set_budget(&mut self, deadline: Option<Instant>, max_nodes: Option<u64>) {
        (self.deadline, self.max_nodes) = (deadline, max_nodes);
        let clock = deadline.map_or(u64::MAX, |_| self.nodes.saturating_add(CLOCK_EVERY));
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

    fn store(&mut self, key: G::Key, entry: Entry<V>) {
        if self.table.len() < self.max_entries || self.table.contains_key(&key) {
            self.table.insert(key, entry);
        }
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
        let searched = &moves[..only.unwrap_or(moves.len()).min(moves.len())];
        let result = self.search_moves(position, searched, window, depth, ply);
        let place = |best| generated.iter().position(|&mv| mv == best);
        let result = result.map(|(value, best)| {
            let place = best.and_then(place).and_then(|i| u16::try_from(i).ok());
            (value, place.filter(|&place| place != NO_MOVE))
        });
        self.move_lists.push((moves, generated));
        result
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
    fn search_moves(
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
