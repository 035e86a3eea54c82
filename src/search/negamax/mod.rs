//! The one alpha-beta negamax in the crate: its state and settings here; the parts of a
//! search each in its own file.

mod clock;
mod cutoffs;
mod cycle;
mod history;
mod moves;
mod node;
mod root;
mod turn_gain;

pub(crate) use moves::order_key;
pub(crate) use root::NullWindows;
pub(crate) use turn_gain::TurnGain;

use crate::game::Evaluator;
use crate::game::{Game, Knowledge, ScoringGame};
use crate::search::table::SearchTable;
use crate::search::table::{PROVEN, TranspositionTable};
use crate::search::time::Clock;
use crate::search::{Budget, Progress, SearchStats, Stage, TableCounts};
use history::History;
use moves::Candidate;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

pub(crate) use crate::search::UNBOUNDED as INFINITY;

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

/// A progress callback: boxed, as it is called only once a second.
pub(crate) type ProgressFn = Box<dyn FnMut(&Progress) + Send>;

/// A position's table key, whether it is the knowledge's canonical key, and the key's
/// [`hash64`](crate::game::TableKey::hash64): worked out once a node, for its probe and its
/// store (or by its parent, which asked for its bucket ahead).
#[derive(Clone)]
pub(super) struct Keyed<K> {
    key: K,
    canonical: bool,
    hash: u64,
}

/// A node being searched: what storing its result needs.
struct Node<K> {
    key: K,
    /// The key's hash.
    hash: u64,
    depth: u16,
    /// The window after the proven bounds and the table narrowed it.
    window: (i64, i64),
    ply: usize,
    /// The node count when it began, for the work behind its result.
    nodes_before: u64,
    /// The knowledge's floor under the value of every position from here
    /// ([`Knowledge::value_floor`]).
    floor: Option<i64>,
}

/// Narrows `window` by known bounds `(lower, upper)` of the value, or returns the value's
/// bound that already decides the node: one at or below the window, at or above it, or exact.
/// Bounds that do not cut narrow the window only if they are `proven` (those of a shallower
/// search hold only to its depth).
#[inline]
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

/// What the next searches of a [`Negamax`] run by: plain values, read at every node. The
/// searcher is their one source (its configuration and its setters); a negamax is given a copy
/// at each search and changes none.
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
    /// Whether moves the order ranks equal are tried by what they cut before
    /// ([`History`]).
    pub history_heuristic: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            budget: Budget::default(),
            stage: Stage::Value,
            breadth: None,
            root_breadth: None,
            transposition_cutoffs: false,
            history_heuristic: false,
        }
    }
}

/// The one alpha-beta negamax in the crate, shared by the exact [`Solver`](crate::Solver) and
/// the depth-limited engine: a transposition table, the table's move first, then the rest by
/// immediate margin, principal-variation search with null windows. Its state is its own; a
/// caller sets [`Settings`] and reads the node count, whether the last call aborted, and the
/// table's move.
pub(crate) struct Negamax<G: Game, E, K> {
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
    /// When the current budget runs out (its deadline, or its time from the call's start),
    /// read at a rate that suits the cost of a node.
    clock: Clock,
    aborted: bool,
    /// The keys of the positions on the path from ply `cycle::DEEP_PLY` on.
    deep_path: Vec<G::Key>,
    /// The key of a position the last search met twice on one line, as text.
    cycle: Option<String>,
    /// One move buffer per ply, so no node allocates.
    buffers: Vec<Vec<Candidate<G::Move>>>,
    /// The children of each ply's moves, made as the moves were collected where
    /// [`makes_children`](Self::makes_children); each taken when it is searched.
    children: Vec<Vec<Option<moves::Made<G>>>>,
    /// Whether some move of the buffer of each ply keeps the turn.
    keeping: Vec<bool>,
    /// The largest margin among the moves of each ply's node left out by the threshold
    /// (`i64::MIN`: none), the threshold itself where the knowledge may have left out moves
    /// unseen: what bounds them (see `moves`).
    left_out: Vec<i64>,
    scratch: Vec<G::Move>,
    /// Orders the moves that keep the turn.
    turn_gain: TurnGain<G::Move>,
    /// Orders moves the order ranks equal, where the settings ask for it.
    history: History,
    /// Called about once every `PROGRESS_EVERY`, the clock read with the budget's.
    progress: Option<ProgressFn>,
    /// When the next progress report is due (set at the first clock reading).
    next_report: Option<Instant>,
    /// Whether children are searched by make/unmake (else copy-make): set by `begin_on`.
    undo: bool,
    /// Set when the search of a helper thread is to stop (its only budget).
    stop: Option<Arc<AtomicBool>>,
    /// Whether to put off a move whose child another thread is searching: helpers do, so
    /// that they spread over the tree; the main search keeps its order.
    defers_busy_moves: bool,
}

impl<G: ScoringGame, E: Evaluator<G>, K: Knowledge<G>> Negamax<G, E, K> {
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
            settings: Settings::default(),
            nodes: 0,
            nodes_by_ply: Vec::new(),
            table_counts: TableCounts::default(),
            node_limit: u64::MAX,
            aborted: false,
            deep_path: Vec::new(),
            cycle: None,
            clock: Clock::default(),
            buffers: Vec::new(),
            children: Vec::new(),
            keeping: Vec::new(),
            left_out: Vec::new(),
            scratch: Vec::new(),
            turn_gain: TurnGain::default(),
            history: History::default(),
            progress: None,
            next_report: None,
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

    /// The settings of the next searches, as the searcher, their one source, gives them.
    pub fn set_settings(&mut self, settings: Settings) {
        self.settings = settings;
    }

    /// The settings as they are.
    #[cfg(test)]
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
}
