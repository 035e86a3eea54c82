use crate::game::{Game, Knowledge, ScoringGame};
use crate::search::search_table::SearchTable;
use crate::search::table::{Entry, PROVEN, TranspositionTable};
use crate::search::{Budget, Evaluator, Progress, SearchStats, Stage, TableCounts};
use std::ops::RangeInclusive;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A value beyond any margin a game can reach; windows are kept inside ±`INFINITY`.
pub(crate) const INFINITY: i64 = 1 << 62;

/// The depth of an exact search: the end of any game the table can tell apart.
pub(crate) const EXACT_DEPTH: u16 = PROVEN - 1;

/// A search result: a value and whether it is proven (searched to the end of the game, no
/// heuristic leaf involved).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Scored {
    pub value: i64,
    pub proven: bool,
}

/// How often a progress callback is called: by elapsed time, not node count, since a node's
/// cost varies a thousandfold between games and board sizes.
pub(crate) const PROGRESS_EVERY: Duration = Duration::from_secs(1);

/// How often the clock is read, by elapsed time: a node costs from a tenth of a microsecond
/// (a small exact solve) to milliseconds (a move that changes half of a large board), so a
/// fixed node count would overshoot a deadline on one game and waste time on another.
const CLOCK_EVERY: Duration = Duration::from_micros(250);

/// The most nodes between two readings of the clock: node costs vary within one search (a
/// move on a large board can change thousands of gains), so the interval stays short and
/// drops to one node after a long gap. A reading costs about 25 ns.
const MAX_CLOCK_INTERVAL: u64 = 32;

/// A progress callback: boxed, as it is called only once a second.
pub(crate) type ProgressFn = Box<dyn FnMut(&Progress) + Send>;

/// Where a move goes in the search order, larger first: the table's move, then by immediate
/// margin.
pub(crate) fn order_key<M: PartialEq>(mv: M, margin: i64, table_move: Option<M>) -> i64 {
    if Some(mv) == table_move {
        i64::MAX
    } else {
        margin
    }
}

/// A node being searched: what storing its result needs.
struct Node<K> {
    key: K,
    depth: u16,
    /// The window after the proven bounds and the table narrowed it.
    window: (i64, i64),
    ply: usize,
    /// The node count when it began, for the work behind its result.
    nodes_before: u64,
}

/// Narrows `window` by known bounds `(lower, upper)` of the value, or returns the value's
/// bound that already decides the node: one at or below the window, at or above it, or exact.
/// Bounds that do not cut narrow the window only if they are `proven` (those of a shallower
/// search hold only to its depth).
fn narrow(window: &mut (i64, i64), (lower, upper): (i64, i64), proven: bool) -> Option<Scored> {
    let (alpha, beta) = *window;
    let value = if upper <= alpha || lower == upper {
        upper
    } else if lower >= beta {
        lower
    } else {
        if proven {
            *window = (alpha.max(lower), beta.min(upper));
        }
        return None;
    };
    Some(Scored { value, proven })
}

/// A move to search, with its immediate margin and its place in the order.
#[derive(Debug, Clone, Copy)]
struct Candidate<M> {
    order: i64,
    margin: i64,
    mv: M,
    /// Put off to after the other moves: another thread is searching its child.
    deferred: bool,
}

/// What a caller sets for the next searches of a [`Negamax`]: plain values, read at every
/// node.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Settings {
    pub budget: Budget,
    /// Where the caller is, reported with the node count.
    pub stage: Stage,
    /// Forward pruning: at most this many moves are searched at a node below the root (the
    /// best by the move order, asked of the knowledge lazily); a node that drops moves is not
    /// proven.
    pub breadth: Option<usize>,
    /// The same at the root.
    pub root_breadth: Option<usize>,
    /// Whether to look up every child for a table cut-off before searching a node. It pays in
    /// exact solving, where most children are stored; in a depth-limited search it mostly
    /// costs the lookups.
    pub transposition_cutoffs: bool,
}

/// The one alpha-beta negamax in the crate, shared by the exact [`Solver`](crate::Solver) and
/// the depth-limited engine: a transposition table, the table's move first, then the rest by
/// immediate margin, principal-variation search with null windows. Its state is its own; a
/// caller sets [`Settings`] and reads the node count, whether the last call aborted, and the
/// table's move.
pub(crate) struct Negamax<G: Game, K, E> {
    table: SearchTable<G>,
    knowledge: K,
    evaluator: E,
    settings: Settings,
    nodes: u64,
    /// Nodes at each ply from the root of their search.
    nodes_by_ply: Vec<u64>,
    /// How the table served.
    table_counts: TableCounts,
    /// The node count at which the current budget runs out.
    node_limit: u64,
    aborted: bool,
    /// One move buffer per ply, so no node allocates.
    buffers: Vec<Vec<Candidate<G::Move>>>,
    scratch: Vec<G::Move>,
    /// Called about once every `PROGRESS_EVERY`, the clock read with the budget's.
    progress: Option<ProgressFn>,
    /// When the next progress report is due (set at the first clock reading).
    next_report: Option<Instant>,
    /// How many nodes pass between readings of the clock: adapted at every reading.
    clock_interval: u64,
    /// Nodes left until the next reading.
    until_clock: u64,
    /// When the clock was last read.
    last_clock: Option<Instant>,
    /// Whether children are searched by make/unmake (else copy-make): set by `begin_on`.
    undo: bool,
    /// Set when the search of a helper thread is to stop (its only budget).
    stop: Option<Arc<AtomicBool>>,
    /// Whether to put off a move whose child another thread is searching: helpers do, so
    /// that they spread over the tree; the main search keeps its order.
    defers_busy_moves: bool,
}

impl<G: ScoringGame, K: Knowledge<G>, E: Evaluator<G>> Negamax<G, K, E> {
    /// A search with its own table of at most `table_bytes`.
    pub fn new(table_bytes: usize, knowledge: K, evaluator: E) -> Self {
        Self::with_table(
            SearchTable::Local(TranspositionTable::with_bytes(table_bytes)),
            knowledge,
            evaluator,
        )
    }

    fn with_table(table: SearchTable<G>, knowledge: K, evaluator: E) -> Self {
        Self {
            table,
            knowledge,
            evaluator,
            settings: Settings {
                budget: Budget::default(),
                stage: Stage::Value,
                breadth: None,
                root_breadth: None,
                transposition_cutoffs: true,
            },
            nodes: 0,
            nodes_by_ply: Vec::new(),
            table_counts: TableCounts::default(),
            node_limit: u64::MAX,
            aborted: false,
            buffers: Vec::new(),
            scratch: Vec::new(),
            progress: None,
            next_report: None,
            clock_interval: 1,
            until_clock: 1,
            last_clock: None,
            undo: false,
            stop: None,
            defers_busy_moves: false,
        }
    }

    /// A helper of this search on another thread: the same table (one that threads share),
    /// knowledge and settings, stopped by `stop`, putting off moves another thread searches.
    pub fn helper(&self, stop: &Arc<AtomicBool>) -> Self
    where
        E: Clone,
    {
        let mut helper = Self::with_table(
            self.table.share(),
            self.knowledge.clone(),
            self.evaluator.clone(),
        );
        helper.settings = self.settings;
        helper.stop = Some(Arc::clone(stop));
        helper.defers_busy_moves = true;
        helper
    }

    /// The settings, to change for the next searches.
    pub fn settings(&mut self) -> &mut Settings {
        &mut self.settings
    }

    /// The settings as they are.
    pub fn current_settings(&self) -> &Settings {
        &self.settings
    }

    /// The table.
    pub fn table(&self) -> &SearchTable<G> {
        &self.table
    }

    /// The table, to load results into.
    pub fn table_mut(&mut self) -> &mut SearchTable<G> {
        &mut self.table
    }

    /// Replaces the table (say, by one that threads share).
    pub fn set_table(&mut self, table: SearchTable<G>) {
        self.table = table;
    }

    /// Forgets every stored result.
    pub fn clear_table(&mut self) {
        self.table.clear();
    }

    /// Takes the table out, leaving an empty one.
    pub fn take_table(&mut self) -> SearchTable<G> {
        std::mem::replace(
            &mut self.table,
            SearchTable::Local(TranspositionTable::with_bytes(0)),
        )
    }

    /// The game's knowledge.
    pub fn knowledge(&self) -> &K {
        &self.knowledge
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        &self.evaluator
    }

    /// The search's parts that outlive a change of knowledge: evaluator and progress callback.
    pub fn into_parts(self) -> (E, Option<ProgressFn>) {
        (self.evaluator, self.progress)
    }

    /// Calls `report` about once a second.
    pub fn set_progress(&mut self, report: Option<ProgressFn>) {
        self.progress = report;
    }

    /// Nodes visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// What this search did so far.
    pub fn stats(&self) -> SearchStats {
        SearchStats {
            nodes: self.nodes,
            nodes_by_ply: self.nodes_by_ply.clone(),
            table: self.table_counts,
        }
    }

    /// Whether the last call ran out of budget (its result is then meaningless).
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// Starts a new budgeted call on `position`: the node budget counts from here, the clock
    /// is read at the first node, and the position says whether to undo moves or copy it.
    pub fn begin_on(&mut self, position: &G) {
        self.undo = G::CAN_UNDO && self.knowledge.undo_pays(position);
        self.aborted = false;
        self.node_limit = self
            .settings
            .budget
            .nodes
            .map_or(u64::MAX, |limit| self.nodes.saturating_add(limit));
        self.clock_interval = 1;
        self.until_clock = 1;
        self.last_clock = None;
    }

    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            self.aborted = true;
        }
        self.until_clock -= 1;
        if self.until_clock == 0 {
            self.read_clock();
        }
        if self
            .stop
            .as_ref()
            .is_some_and(|stop| stop.load(Ordering::Relaxed))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// Checks the budget and the progress report, and sets how many nodes pass before the
    /// next reading so that readings come about every `CLOCK_EVERY`, whatever a node costs.
    fn read_clock(&mut self) {
        let now = Instant::now();
        if let Some(last) = self.last_clock {
            let gap = now.saturating_duration_since(last);
            if gap < CLOCK_EVERY / 2 && self.clock_interval < MAX_CLOCK_INTERVAL {
                self.clock_interval *= 2;
            } else if gap > CLOCK_EVERY {
                self.clock_interval = 1;
            }
        }
        self.last_clock = Some(now);
        self.until_clock = self.clock_interval;
        if self
            .settings
            .budget
            .deadline
            .is_some_and(|deadline| now >= deadline)
        {
            self.aborted = true;
        }
        if let Some(report) = self.progress.as_mut() {
            let due = *self.next_report.get_or_insert(now + PROGRESS_EVERY);
            if now >= due {
                report(&Progress {
                    nodes: self.nodes,
                    stage: self.settings.stage,
                    table: self.table_counts,
                });
                self.next_report = Some(now + PROGRESS_EVERY);
            }
        }
    }

    /// Fills the buffer of `ply` with the search moves of `position` whose margin exceeds
    /// `threshold` and their place in the order, in the game's move order.
    fn collect_moves(
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
    fn collect_best(
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

    /// The moves in `scratch` whose margin exceeds `threshold`, with their margins and places
    /// in the order, into the buffer of `ply`.
    fn fill_buffer(
        &mut self,
        position: &G,
        ply: usize,
        table_move: Option<G::Move>,
        threshold: i64,
    ) {
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, Vec::new);
        }
        let buffer = &mut self.buffers[ply];
        buffer.clear();
        buffer.extend(self.scratch.iter().filter_map(|&mv| {
            let margin = position.margin(mv);
            let order = order_key(mv, margin, table_move);
            (margin > threshold).then_some(Candidate {
                order,
                margin,
                mv,
                deferred: false,
            })
        }));
    }

    /// Sorts the buffer of `ply` best first.
    fn sort_moves(&mut self, ply: usize) {
        // A stable sort: among equal keys the game's move order stands, which matters (the
        // solver is several times slower on PrimeGame with ties scrambled).
        self.buffers[ply].sort_by_key(|candidate| std::cmp::Reverse(candidate.order));
    }

    /// The move the sort would put first: the first of the largest order keys.
    fn first_in_order(&self, ply: usize) -> Option<Candidate<G::Move>> {
        let mut first: Option<Candidate<G::Move>> = None;
        for &candidate in &self.buffers[ply] {
            if first.is_none_or(|best| candidate.order > best.order) {
                first = Some(candidate);
            }
        }
        first
    }

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
        // Counted with the node, before it may abort, so the plies add up to the nodes.
        if let Some(nodes) = self.nodes_by_ply.get_mut(ply) {
            *nodes += 1;
        } else {
            self.nodes_by_ply.resize(ply, 0);
            self.nodes_by_ply.push(1);
        }
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
        let key = position.key();
        let mut table_move = None;
        self.table_counts.probes += 1;
        if let Some(entry) = self.table.probe(&key) {
            self.table_counts.hits += 1;
            table_move = entry.best;
            if entry.depth >= depth
                && let Some(cut) = narrow(
                    &mut window,
                    (entry.lower, entry.upper),
                    entry.depth == PROVEN,
                )
            {
                self.table_counts.cutoffs += 1;
                return cut;
            }
        }
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
            depth,
            window,
            ply,
            nodes_before: self.nodes,
        };
        match self.try_first(position, &node, table_move.or(facts.best_move)) {
            Ok(result) => result,
            Err(searched) => self.expand(position, &node, table_move, searched),
        }
    }

    /// A leaf of a depth-limited search: over, or the evaluator's estimate inside the proven
    /// bounds (an estimate outside them is wrong by at least that much). Only whether the game
    /// is over is asked, without generating its moves.
    fn leaf(&mut self, position: &G, bounds: Option<RangeInclusive<i64>>) -> Scored {
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

    /// The margin below which no move can beat alpha, given the value floor (`i64::MIN`
    /// without one): such moves are not even generated.
    fn threshold(node: &Node<G::Key>) -> i64 {
        K::VALUE_FLOOR.map_or(i64::MIN, |floor| node.window.0.saturating_add(floor))
    }

    /// Searches the move most likely to refute the node (the table's, else the knowledge's),
    /// alone, before any other is generated: `Ok` with the node's result if it cuts (or a
    /// stored child cuts for it, or the search aborted), else `Err` with the move and its
    /// result for [`expand`](Self::expand).
    fn try_first(
        &mut self,
        position: &mut G,
        node: &Node<G::Key>,
        first: Option<G::Move>,
    ) -> Result<Scored, Option<(G::Move, Scored)>> {
        let Some(mv) = first.filter(|_| self.settings.breadth.is_none()) else {
            return Err(None);
        };
        let margin = position.margin(mv);
        if margin <= Self::threshold(node) {
            return Err(None);
        }
        let (depth, window) = (node.depth, node.window);
        let candidate = Candidate {
            order: 0,
            margin,
            mv,
            deferred: false,
        };
        if self.settings.transposition_cutoffs
            && let Some(cut) = self.child_cutoff(position, candidate, depth, window.1)
        {
            return Ok(cut);
        }
        let claim = self.table.enter(&node.key);
        let result = self.with_child(position, mv, |core, child| {
            core.child(child, depth, margin, window, node.ply)
        });
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
    fn expand(
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
            let Some(first) = self.first_in_order(ply) else {
                // No move left: the game is over, or no move can beat alpha (a fail-low
                // bound).
                return Scored {
                    value: if position.is_over() { 0 } else { node.window.0 },
                    proven: true,
                };
            };
            // Most refutations found in the table are the first move's: try it before
            // sorting the rest.
            if self.settings.transposition_cutoffs
                && let Some(cut) = self.child_cutoff(position, first, depth, beta)
            {
                return cut;
            }
        }
        self.sort_moves(ply);
        if self.settings.transposition_cutoffs {
            let (cut, probes) = self.transposition_cutoff(position, depth, ply, beta);
            self.table_counts.child_probes += probes;
            if let Some(cut) = cut {
                self.table_counts.child_cutoffs += 1;
                return cut;
            }
        }
        let claim = self.table.enter(&node.key);
        let (result, best_move) =
            self.search_moves(position, depth, node.window, ply, complete, searched);
        self.table.leave(claim);
        if !self.aborted {
            self.remember(node, result, best_move);
        }
        result
    }

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
        let node = Node {
            key: position.key(),
            depth,
            window: (alpha, beta),
            ply: 0,
            nodes_before: self.nodes,
        };
        let (result, best_move) =
            self.search_moves(position, depth, node.window, 0, complete, None);
        if !self.aborted {
            self.remember(&node, result, best_move);
        }
        (result, best_move)
    }

    /// The moves of `position` in the buffer of `ply` (all of its search moves if `complete`),
    /// searched with principal-variation search: the first with the full window, the rest with
    /// a null window and a re-search if they beat it. Returns the fail-soft value and the best
    /// move.
    fn search_moves(
        &mut self,
        position: &mut G,
        depth: u16,
        (mut alpha, beta): (i64, i64),
        ply: usize,
        complete: bool,
        searched: Option<(G::Move, Scored)>,
    ) -> (Scored, Option<G::Move>) {
        // With a floor on values, moves that cannot beat alpha are left out (or skipped
        // below), worth at most alpha: the fail-soft value starts there.
        let mut best = if K::VALUE_FLOOR.is_some() {
            alpha
        } else {
            -INFINITY
        };
        let mut best_move = None;
        let mut proven = complete;
        // A move searched already, with the full window (and below beta).
        if let Some((mv, result)) = searched {
            proven &= result.proven;
            if result.value > best {
                best = result.value;
                best_move = Some(mv);
                alpha = alpha.max(best);
            }
        }
        let searched_move = searched.map(|(mv, _)| mv);
        // In a helper, a move whose child another thread is searching waits for a second
        // pass, by when that child is likely stored (simplified ABDADA). The first move never
        // waits: it sets the window. The main search never puts a move off: it would search
        // moves that its own order may never need, before one that may cut the node.
        let mut any_deferred = false;
        'passes: for second_pass in [false, true] {
            if second_pass && !any_deferred {
                break;
            }
            for i in 0..self.buffers[ply].len() {
                let Candidate {
                    margin,
                    mv,
                    deferred,
                    ..
                } = self.buffers[ply][i];
                if second_pass != deferred || Some(mv) == searched_move {
                    continue;
                }
                // A move that cannot beat alpha, even if the child is worth its floor, is
                // worth at most alpha: so is every later one, by falling margin (the first
                // move may be the table's, out of that order).
                if K::VALUE_FLOOR.is_some_and(|floor| margin.saturating_sub(floor) <= alpha) {
                    if i == 0 {
                        continue;
                    }
                    break;
                }
                if !second_pass
                    && self.defers_busy_moves
                    && (i > 0 || searched_move.is_some())
                    && self.table.is_busy(&self.knowledge.key_after(position, mv))
                {
                    self.buffers[ply][i].deferred = true;
                    any_deferred = true;
                    continue;
                }
                // The child's window is the parent's, seen from the other side and shifted by
                // the points this move hands out. The move is played once for the probe and a
                // re-search.
                let leads = i == 0 && searched_move.is_none();
                let result = self.with_child(position, mv, |core, child| {
                    if leads {
                        return core.child(child, depth, margin, (alpha, beta), ply);
                    }
                    let probe = core.child(child, depth, margin, (alpha, alpha + 1), ply);
                    if probe.value > alpha && probe.value < beta && !core.aborted {
                        core.child(child, depth, margin, (alpha, beta), ply)
                    } else {
                        probe
                    }
                });
                if self.aborted {
                    break 'passes;
                }
                proven &= result.proven;
                if result.value > best {
                    best = result.value;
                    best_move = Some(mv);
                    if best > alpha {
                        alpha = best;
                        if alpha >= beta {
                            break 'passes;
                        }
                    }
                }
            }
        }
        let proven = proven && !self.aborted;
        (
            Scored {
                value: if best > -INFINITY { best } else { 0 },
                proven,
            },
            best_move,
        )
    }

    /// Stores the result of `node`, its bound read off the window it was searched with.
    fn remember(&mut self, node: &Node<G::Key>, result: Scored, best_move: Option<G::Move>) {
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
        let evicted = self.table.store(Entry {
            key: node.key.clone(),
            lower,
            upper,
            best: best_move,
            depth: if result.proven { PROVEN } else { node.depth },
            // ilog2 of a u64 is below 64.
            work: (self.nodes - node.nodes_before).max(1).ilog2() as u8,
        });
        self.table_counts.evictions += u64::from(evicted);
    }

    /// Enhanced transposition cut-off: a child whose stored upper bound (deep enough) already
    /// puts the move at or above `beta` refutes the node without a search. The first move of
    /// the sorted buffer has been tried already. Also returns how many children were looked up.
    fn transposition_cutoff(
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
    fn child_cutoff(
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

    /// Runs `work` on the child of `position` reached by `mv`: on `position` itself, taking
    /// the move back after, if the game can undo, else on a copy.
    fn with_child<R>(
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

    /// Searches `child`, reached by a move worth `margin`, returning its value for the parent.
    fn child(
        &mut self,
        child: &mut G,
        depth: u16,
        margin: i64,
        (alpha, beta): (i64, i64),
        ply: usize,
    ) -> Scored {
        let inner = self.search(
            child,
            depth - 1,
            margin.saturating_sub(beta).max(-INFINITY),
            margin.saturating_sub(alpha).min(INFINITY),
            ply + 1,
        );
        Scored {
            value: margin.saturating_sub(inner.value),
            proven: inner.proven,
        }
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
        let margin = position.margin(mv);
        self.with_child(position, mv, |core, child| {
            core.child(child, depth, margin, (alpha, beta), 0)
        })
    }

    /// The stored best move of `position`, if the table still has it.
    pub fn table_move(&self, position: &G) -> Option<G::Move> {
        self.table
            .probe(&position.key())
            .and_then(|entry| entry.best)
    }
}
