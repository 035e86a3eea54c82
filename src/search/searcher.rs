//! The searcher: the one interface through which the front-ends ([`Solver`](crate::Solver),
//! [`Engine`](crate::Engine)) search. It owns the main search, whose result counts, and on
//! several threads the helpers that run the same search on copies of the position.
//!
//! The threads share one table, and a helper puts off a move whose subtree another thread is
//! searching (simplified ABDADA), so the helpers spread over the tree ahead of the main
//! search, which finds stored what they proved. The main search keeps its own order. Any game
//! searches on several threads: keys that give words and moves that are small integers share
//! a lock-free table, others a table of locked buckets.

use crate::game::{Evaluator, Game, Knowledge, ScoringGame, TableKey};
pub(crate) use crate::search::negamax::{EXACT_DEPTH, NullWindows, Scored};
use crate::search::negamax::{Negamax, ProgressFn, Settings, TurnGain, order_key};
use crate::search::table::{
    LockedTable, SearchTable, SharedTable, TranspositionTable, move_type_packs,
};
use crate::search::{Budget, SearchConfig, SearchStats, Stage};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether the game's keys and moves pack into the lock-free table.
fn packs<G: Game>(position: &G) -> bool {
    position.key().words().is_some() && move_type_packs::<G::Move>()
}

/// A search and its helpers, behind the few calls a front-end makes: settings for the next
/// search, the searches themselves, and what they found.
pub(crate) struct Searcher<G: Game, E, K> {
    /// The search whose result counts.
    core: Negamax<G, E, K>,
    /// The settings of the next searches but the table cut-offs, which `config` holds: with
    /// them, the one source of what the main search and its helpers run by
    /// ([`search_settings`](Self::search_settings)).
    settings: Settings,
    /// Searches that run beside it on other threads (none on one thread).
    helpers: Vec<Negamax<G, E, K>>,
    /// Tells the helpers that the main search is done.
    stop: Arc<AtomicBool>,
    pool: Option<rayon::ThreadPool>,
    config: SearchConfig,
    /// Whether the table has been made (at the first search, when the position says which
    /// table threads share).
    table_ready: bool,
    /// Leaves the helpers idle: for many small searches, which waking them would slow down.
    helpers_idle: bool,
    /// Makes a one-thread table whole at once rather than growing it as it fills: for
    /// searches under deadlines.
    whole_table: bool,
}

impl<G: ScoringGame, E: Evaluator<G> + Clone, K: Knowledge<G>> Searcher<G, E, K> {
    /// A search set up by `config`. Its table is made by [`prepare`](Self::prepare) or at
    /// the first search (when the position says which table threads share).
    pub fn new(config: SearchConfig, knowledge: K, evaluator: E) -> Self {
        let mut searcher = Self {
            core: Negamax::new(0, knowledge, evaluator),
            settings: Settings::default(),
            helpers: Vec::new(),
            stop: Arc::new(AtomicBool::new(false)),
            pool: None,
            config,
            table_ready: false,
            helpers_idle: false,
            whole_table: false,
        };
        searcher.set_threads(config.threads);
        searcher
    }

    /// The same search with other knowledge; a one-thread table is kept.
    pub fn with_knowledge<K2: Knowledge<G>>(mut self, knowledge: K2) -> Searcher<G, E, K2> {
        let local = self.table_ready && matches!(self.core.table(), SearchTable::Local(_));
        let table = self.core.take_table();
        let settings = self.settings;
        let (evaluator, progress) = self.core.into_parts();
        let mut other = Searcher::new(self.config, knowledge, evaluator);
        if local {
            other.core.set_table(table);
            other.table_ready = true;
        }
        other.settings = settings;
        other.core.set_progress(progress);
        other
    }

    /// Makes a one-thread table now, so that a first search under a deadline does not pay
    /// for it (a table for threads waits for the first position).
    pub fn prepare(&mut self) {
        if !self.table_ready && self.config.threads == 1 {
            self.core.set_table(self.one_thread_table());
            self.table_ready = true;
        }
    }

    /// A one-thread table: grown as it fills, or whole at once (see
    /// [`set_whole_table`](Self::set_whole_table)).
    fn one_thread_table(&self) -> SearchTable<G> {
        let bytes = self.config.table_bytes;
        SearchTable::Local(if self.whole_table {
            TranspositionTable::whole(bytes)
        } else {
            TranspositionTable::with_bytes(bytes)
        })
    }

    /// A table for threads to share: lock-free if the game's keys and moves `pack`, else
    /// locked.
    fn threads_table(&self, pack: bool) -> SearchTable<G> {
        let bytes = self.config.table_bytes;
        if pack {
            SearchTable::Shared(Arc::new(SharedTable::with_bytes(bytes)))
        } else {
            SearchTable::Locked(Arc::new(LockedTable::with_bytes(bytes)))
        }
    }

    /// Makes one-thread tables whole at once, from the next table made on: searches under
    /// deadlines should not pay for a table's doubling (a pass over the whole table).
    pub fn set_whole_table(&mut self) {
        self.whole_table = true;
    }

    /// The configuration.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Searches on `threads` threads from the next search on, with an empty table (a
    /// one-thread table stays as it is while the count stays 1).
    pub fn set_threads(&mut self, threads: usize) {
        let threads = threads.max(1);
        if threads == 1 && self.config.threads == 1 && self.table_ready {
            return;
        }
        self.config.threads = threads;
        self.drop_table();
    }

    /// A new, empty table of at most `bytes`, made at the next search.
    pub fn set_table_bytes(&mut self, bytes: usize) {
        self.config.table_bytes = bytes;
        self.drop_table();
    }

    /// Drops the table and the helpers that share it: both are made again at the next search.
    fn drop_table(&mut self) {
        self.helpers.clear();
        self.pool = None;
        self.core.take_table();
        self.table_ready = false;
    }

    /// The number of threads that search.
    pub fn threads(&self) -> usize {
        self.config.threads
    }

    /// Nodes visited over every thread.
    pub fn nodes(&self) -> u64 {
        self.core.nodes() + self.helpers.iter().map(Negamax::nodes).sum::<u64>()
    }

    /// What every thread did, summed.
    pub fn stats(&self) -> SearchStats {
        self.helpers
            .iter()
            .fold(self.core.stats(), |sum, helper| sum.plus(&helper.stats()))
    }

    /// Entries the table holds (once made).
    pub fn table_capacity(&self) -> usize {
        self.core.table().capacity()
    }

    /// Forgets every stored result. A one-thread table is wiped where it is: it keeps its
    /// size and memory, so that the next search touches no new pages (each a page fault). A
    /// table for threads is made anew, shared with the same helpers.
    pub fn clear(&mut self) {
        if !self.table_ready {
            return;
        }
        let table = match self.core.table_mut() {
            SearchTable::Local(table) => return table.wipe(),
            SearchTable::Shared(_) => self.threads_table(true),
            SearchTable::Locked(_) => self.threads_table(false),
        };
        for helper in &mut self.helpers {
            helper.set_table(table.share());
        }
        self.core.set_table(table);
    }

    /// Starts a budgeted call on `position`; at the first, makes the table and the helpers.
    /// If the system gives no threads, the search runs on one.
    pub fn begin_on(&mut self, position: &G) {
        self.core.set_settings(self.search_settings());
        self.core.begin_on(position);
        self.prepare();
        if self.table_ready {
            return;
        }
        self.table_ready = true;
        let pool = (self.config.threads > 1)
            .then(|| {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(self.config.threads - 1)
                    .thread_name(|i| format!("gamesolver-helper-{i}"))
                    .build()
                    .ok()
            })
            .flatten();
        let Some(pool) = pool else {
            self.config.threads = 1;
            self.core.set_table(self.one_thread_table());
            return;
        };
        self.core.set_table(self.threads_table(packs(position)));
        self.helpers = (1..self.config.threads)
            .map(|_| self.core.helper(&self.stop))
            .collect();
        self.pool = Some(pool);
    }

    /// Runs `work` on `position` in the main search and, on other threads, on copies of it in
    /// every helper, until the main search is done. A helper searches with the main search's
    /// settings, its budget a burst of nodes from the root at a time (the main search's end
    /// stops it, so it needs no clock of its own).
    fn run<R>(
        &mut self,
        position: &mut G,
        work: impl Fn(&mut Negamax<G, E, K>, &mut G) -> R + Sync,
    ) -> R {
        self.core.set_settings(self.search_settings());
        let Some(pool) = self.pool.as_ref().filter(|_| !self.helpers_idle) else {
            return work(&mut self.core, position);
        };
        self.stop.store(false, Ordering::Relaxed);
        let settings = Settings {
            budget: Budget::default().with_nodes(self.config.helper_burst),
            ..self.search_settings()
        };
        let (core, stop, work) = (&mut self.core, &self.stop, &work);
        pool.in_place_scope(|scope| {
            for helper in &mut self.helpers {
                helper.set_settings(settings);
                let mut copy = position.clone();
                scope.spawn(move |_| {
                    // Bursts from the root, so that a helper follows the main search rather
                    // than sinking into a subtree it has left behind (at n = 128 a helper
                    // left to run searched a single node at each of the first 30 plies).
                    loop {
                        helper.begin_on(&copy);
                        work(helper, &mut copy);
                        if !helper.aborted() || stop.load(Ordering::Relaxed) {
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

    /// The value of `position` searched `depth` plies within (`alpha`, `beta`), fail-soft.
    pub fn value(&mut self, position: &mut G, depth: u16, alpha: i64, beta: i64) -> Scored {
        self.run(position, |core, position| {
            core.search(position, depth, alpha, beta, 0)
        })
    }

    /// The exact value of `position`, by null-window `tests` within its proven `bounds`.
    pub fn narrowed(&mut self, position: &mut G, bounds: (i64, i64), tests: NullWindows) -> Scored {
        self.run(position, |core, position| {
            core.narrowed(position, bounds, tests)
        })
    }

    /// The value of `position` searched `depth` plies within (`alpha`, `beta`), fail-soft, and
    /// its best move (`None` when the game is over).
    pub fn root(
        &mut self,
        position: &mut G,
        depth: u16,
        alpha: i64,
        beta: i64,
    ) -> (Scored, Option<G::Move>) {
        self.run(position, |core, position| {
            core.search_root(position, depth, alpha, beta)
        })
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
        self.run(position, |core, position| {
            core.move_value(position, mv, depth, alpha, beta)
        })
    }

    /// Leaves the helpers idle (or not) from the next search on: for many small searches,
    /// which waking them would slow down.
    pub fn set_helpers_idle(&mut self, idle: bool) {
        self.helpers_idle = idle;
    }

    /// What the next searches run by: the settings set here, and the table cut-offs of the
    /// configuration.
    fn search_settings(&self) -> Settings {
        Settings {
            transposition_cutoffs: self.config.transposition_cutoffs,
            history_heuristic: self.config.history_heuristic,
            ..self.settings
        }
    }

    /// The budget of the next searches.
    pub fn budget(&self) -> Budget {
        self.settings.budget
    }

    /// Sets the budget of the next searches (counted from the next [`begin_on`](Self::begin_on)).
    pub fn set_budget(&mut self, budget: Budget) {
        self.settings.budget = budget;
    }

    /// Where the caller is, reported with progress.
    pub fn set_stage(&mut self, stage: Stage) {
        self.settings.stage = stage;
    }

    /// The forward pruning of the next searches: at most `root` moves at the root and `inner`
    /// below it (`None`: every move).
    pub fn set_breadths(&mut self, root: Option<usize>, inner: Option<usize>) {
        (self.settings.root_breadth, self.settings.breadth) = (root, inner);
    }

    /// The forward pruning, as [`set_breadths`](Self::set_breadths) takes it.
    pub fn breadths(&self) -> (Option<usize>, Option<usize>) {
        (self.settings.root_breadth, self.settings.breadth)
    }

    /// Whether the next searches look up children for table cut-offs.
    pub fn set_transposition_cutoffs(&mut self, on: bool) {
        self.config.transposition_cutoffs = on;
    }

    /// Whether the next searches order moves the order ranks equal by the history heuristic.
    pub fn set_history_heuristic(&mut self, on: bool) {
        self.config.history_heuristic = on;
    }

    /// Calls `report` about once a second.
    pub fn set_progress(&mut self, report: Option<ProgressFn>) {
        self.core.set_progress(report);
    }

    /// The key of a position the last search met twice on one line of play, as text: the
    /// game's positions repeat.
    pub fn cycle(&self) -> Option<&str> {
        self.core.cycle()
    }

    /// Whether the last search was stopped (its budget, or a position met twice on a line).
    pub fn aborted(&self) -> bool {
        self.core.aborted()
    }

    /// The main search's nodes so far (the helpers' left out).
    pub fn main_nodes(&self) -> u64 {
        self.core.nodes()
    }

    /// The legal moves of `position` in the order the search tries them at a node: the
    /// table's move first, then by what each move's turn can score (its margin, and for a move
    /// that keeps the turn the rest of the turn's best by margins).
    pub fn ordered_root_moves(&self, position: &G) -> Vec<G::Move> {
        let table_move = self.table_move(position);
        let mut moves = position.legal_moves();
        let mut turn_gain = TurnGain::default();
        turn_gain.start_node();
        moves.sort_by_cached_key(|&mv| {
            let (margin, keeps) = position.margin_and_turn(mv);
            let gain = turn_gain.of_move(position, (mv, None), margin, keeps);
            std::cmp::Reverse(order_key(mv, gain, table_move))
        });
        moves
    }

    /// The table's move for `position`, if it holds one.
    pub fn table_move(&self, position: &G) -> Option<G::Move> {
        self.core.table_move(position)
    }

    /// The game's knowledge.
    pub fn knowledge(&self) -> &K {
        self.core.knowledge()
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        self.core.evaluator()
    }

    /// The table, to save results from.
    pub fn table(&self) -> &SearchTable<G> {
        self.core.table()
    }

    /// The table, to load results into.
    pub fn table_mut(&mut self) -> &mut SearchTable<G> {
        self.core.table_mut()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{NoEvaluator, NoKnowledge, Points};
    use std::time::{Duration, Instant};

    /// A row of `n` tokens; a move takes 1 or 2 and scores them.
    #[derive(Debug, Clone, Copy)]
    struct Row(u32);

    impl Game for Row {
        type Move = u32;
        type Key = u64;
        const NAME: &'static str = "row";

        fn generate_moves(&self, out: &mut Vec<u32>) {
            out.extend(1..=self.0.min(2));
        }
        fn play_unchecked(&mut self, take: u32) {
            self.0 -= take;
        }
        fn key(&self) -> u64 {
            u64::from(self.0)
        }
    }

    impl ScoringGame for Row {
        fn points(&self, take: u32) -> Points {
            Points {
                mover: u64::from(take),
                opponent: 0,
            }
        }
    }

    /// Every helper searches with the main search's settings and a burst of nodes for budget,
    /// whatever budget it was made with: a helper that kept the deadline of the first search
    /// would give up at once on every later one.
    #[test]
    fn helpers_take_the_main_settings_and_a_burst() {
        let config = SearchConfig::default()
            .with_threads(2)
            .with_table_bytes(1 << 20)
            .with_helper_burst(1000);
        let mut searcher = Searcher::new(config, NoKnowledge, NoEvaluator);
        let first = Budget::default().with_deadline(Instant::now() + Duration::from_millis(5));
        searcher.set_budget(first);
        searcher.begin_on(&Row(30));
        if searcher.threads() < 2 {
            return; // the system gave no thread: nothing runs beside the main search
        }
        let later = Budget::default().with_deadline(Instant::now() + Duration::from_secs(60));
        searcher.set_budget(later);
        searcher.set_breadths(Some(1), Some(2));
        searcher.set_transposition_cutoffs(true);
        searcher.set_history_heuristic(true);
        // v(n) = max(1 - v(n - 1), 2 - v(n - 2)) runs 0, 1, 2, 1 with period 4: v(30) = 2.
        let value = searcher.value(&mut Row(30), 100, -1000, 1000);
        assert_eq!(value.value, 2);
        for helper in &searcher.helpers {
            let settings = helper.current_settings();
            assert_eq!(settings.budget, Budget::default().with_nodes(1000));
            assert_eq!(
                (settings.root_breadth, settings.breadth),
                (Some(1), Some(2))
            );
            assert!(settings.transposition_cutoffs && settings.history_heuristic);
        }
    }
}
