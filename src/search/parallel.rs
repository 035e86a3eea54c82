//! Searches on several threads: the main search, whose result counts, and helpers that run
//! the same search on copies of the position. They share one table without locks, and a
//! helper puts off a move whose subtree another thread is searching (simplified ABDADA), so
//! the helpers spread over the tree ahead of the main search, which finds stored what they
//! proved. The main search keeps its own order.

use crate::game::{Game, ScoringGame, TableKey};
use crate::search::Evaluator;
use crate::search::negamax::Negamax;
use crate::search::search_table::SearchTable;
use crate::search::shared_table::SharedTable;
use crate::search::table::TranspositionTable;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The number of threads the machine can run at once (1 if it cannot tell).
pub(crate) fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// Nodes a helper searches before it starts again from the root. A helper that runs on
/// alone goes deep into one subtree and stays there long after the main search has moved
/// on (at n = 128 it searched a single node at each of the first 30 plies); restarted, it
/// walks the stored line back down to where the main search works and spreads from there.
/// `primegame solve 140` on 2 threads: 3.40 s with bursts of 20,000 nodes against 3.74 s
/// without (medians of three).
const HELPER_BURST: u64 = 20_000;

/// Whether the game's keys and moves pack into the table that threads share.
fn can_share<G: Game>(position: &G) -> bool {
    position.key().words().is_some()
        && position
            .legal_moves()
            .first()
            .is_none_or(|&mv| G::encode_move(mv).is_some())
}

/// Makes the evaluator of a helper.
type EvaluatorFactory<E> = Box<dyn Fn() -> E + Send>;

/// A search and its helpers.
pub(crate) struct Parallel<G: Game, E> {
    /// The search whose result counts.
    pub core: Negamax<G, E>,
    /// Searches that run beside it on other threads (none on one thread).
    helpers: Vec<Negamax<G, E>>,
    /// Tells the helpers that the main search is done.
    stop: Arc<AtomicBool>,
    pool: Option<rayon::ThreadPool>,
    threads: usize,
    /// Evaluators for the helpers; without it, one thread.
    make_evaluator: Option<EvaluatorFactory<E>>,
    table_bytes: usize,
    /// Whether the table has been made (at the first search, when the position says whether
    /// threads can share it).
    table_ready: bool,
    /// Leaves the helpers idle: for many small searches, which waking them would slow down.
    pub alone: bool,
}

impl<G: ScoringGame, E: Evaluator<G>> Parallel<G, E> {
    /// `threads` threads and a table of at most `table_bytes`: made now for one thread, at
    /// the first search for more (when the position says whether they can share it).
    pub fn new(
        table_bytes: usize,
        evaluator: E,
        threads: usize,
        make_evaluator: Option<EvaluatorFactory<E>>,
    ) -> Self {
        let mut parallel = Self {
            core: Negamax::new(0, evaluator),
            helpers: Vec::new(),
            stop: Arc::new(AtomicBool::new(false)),
            pool: None,
            threads: 1,
            make_evaluator: None,
            table_bytes,
            table_ready: false,
            alone: false,
        };
        parallel.set_threads(threads, make_evaluator);
        parallel
    }

    /// Searches on `threads` threads from the next search on (helpers take their evaluators
    /// from `make_evaluator`; without it, one thread). The table starts empty, unless it stays
    /// the one-thread table it was.
    pub fn set_threads(&mut self, threads: usize, make_evaluator: Option<EvaluatorFactory<E>>) {
        self.threads = threads.max(1);
        self.make_evaluator = make_evaluator;
        self.helpers.clear();
        self.pool = None;
        let local = matches!(self.core.table, SearchTable::Local(_)) && self.table_ready;
        if self.threads == 1 && !local {
            // Made now, so that a first search under a deadline does not pay for it.
            self.core.table = SearchTable::Local(TranspositionTable::with_bytes(self.table_bytes));
            self.table_ready = true;
        } else if self.threads > 1 {
            self.core.table = SearchTable::Local(TranspositionTable::with_bytes(0));
            self.table_ready = false;
        }
    }

    /// The number of threads asked for.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Nodes visited over every thread.
    pub fn nodes(&self) -> u64 {
        self.core.nodes + self.helpers.iter().map(|helper| helper.nodes).sum::<u64>()
    }

    /// Entries the table holds (once made).
    pub fn table_capacity(&self) -> usize {
        self.core.table.capacity()
    }

    /// Forgets every stored result.
    pub fn clear(&mut self) {
        self.core.table.clear();
    }

    /// Starts a budgeted call on `position`; at the first, makes the table and the helpers.
    pub fn begin_on(&mut self, position: &G) {
        self.core.begin_on(position);
        if self.table_ready {
            return;
        }
        self.table_ready = true;
        let pool = (self.threads > 1 && self.make_evaluator.is_some() && can_share(position))
            .then(|| {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(self.threads - 1)
                    .thread_name(|i| format!("gamesolver-helper-{i}"))
                    .build()
                    .ok()
            })
            .flatten();
        match (pool, &self.make_evaluator) {
            (Some(pool), Some(make_evaluator)) => {
                let table = Arc::new(SharedTable::with_bytes(self.table_bytes));
                self.core.table = SearchTable::Shared(Arc::clone(&table));
                self.helpers = (1..self.threads)
                    .map(|_| {
                        let mut helper = Negamax::new(0, make_evaluator());
                        helper.table = SearchTable::Shared(Arc::clone(&table));
                        helper.stop = Some(Arc::clone(&self.stop));
                        helper.defers_busy_moves = true;
                        helper
                    })
                    .collect();
                self.pool = Some(pool);
            }
            _ => {
                self.core.table =
                    SearchTable::Local(TranspositionTable::with_bytes(self.table_bytes));
            }
        }
    }

    /// Runs `work` on `position` in the main search and, on other threads, on copies of it in
    /// every helper (set up as the main search is), until the main search is done.
    pub fn run<R>(
        &mut self,
        position: &mut G,
        work: impl Fn(&mut Negamax<G, E>, &mut G) -> R + Sync,
    ) -> R {
        let Some(pool) = self.pool.as_ref().filter(|_| !self.alone) else {
            return work(&mut self.core, position);
        };
        self.stop.store(false, Ordering::Relaxed);
        let (core, stop, work) = (&mut self.core, &self.stop, &work);
        pool.in_place_scope(|scope| {
            for helper in &mut self.helpers {
                helper.breadth = core.breadth;
                helper.root_breadth = core.root_breadth;
                helper.transposition_cutoffs = core.transposition_cutoffs;
                let mut copy = position.clone();
                scope.spawn(move |_| {
                    // Bursts from the root, so that a helper follows the main search rather
                    // than sinking into a subtree it has left behind.
                    helper.budget.nodes = Some(HELPER_BURST);
                    loop {
                        helper.begin_on(&copy);
                        work(helper, &mut copy);
                        if !helper.aborted || stop.load(Ordering::Relaxed) {
                            break;
                        }
                    }
                });
            }
            let result = work(core, position);
            stop.store(true, Ordering::Relaxed);
            result
        })
    }
}
