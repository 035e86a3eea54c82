//! The exact solver's front-end: `Solver` and its builder here, with `Solution` and
//! `SolveError`; its queries (value, windows, every optimal move, a principal line) in
//! `queries`; its results saved and loaded in `saved`, in the file format of `results_file`.

mod queries;
mod results_file;
mod saved;

pub use results_file::ResultsError;

use crate::game::{Knowledge, NoEvaluator, NoKnowledge, ScoringGame};
use crate::search::searcher::{EXACT_DEPTH, Searcher};
use crate::search::{Budget, Progress, SearchConfig, SearchStats};
use thiserror::Error;

/// Why a solve gave no answer.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Error)]
pub enum SolveError {
    /// The node or time budget ran out first.
    #[error("search budget exhausted after {nodes} nodes")]
    BudgetExhausted {
        /// Nodes visited before the stop.
        nodes: u64,
    },
    /// The game lasts more plies than the solver can count (65,534).
    #[error("the game is longer than the exact solver's depth limit of {EXACT_DEPTH} plies")]
    TooLong,
    /// No move reaches the value the search found: the search's knowledge, or the game's
    /// keys, contradict the rules ([`check::knowledge`](crate::check::knowledge) names the
    /// false fact).
    #[error(
        "no move reaches the value {value} the search found: the knowledge or the keys contradict the rules"
    )]
    Inconsistent {
        /// The value found.
        value: i64,
    },
    /// The game says its positions can repeat ([`Game::POSITIONS_REPEAT`](crate::Game::POSITIONS_REPEAT)):
    /// alpha-beta with a table would give wrong values. Solve it with
    /// [`Retrograde`](crate::Retrograde), or give the solver knowledge that values a position
    /// on every cycle ([`Knowledge::covers_repetitions`](crate::Knowledge::covers_repetitions)):
    /// a solved table of the part of the game that repeats.
    #[error("the game's positions can repeat: solve it by retrograde analysis")]
    PositionsRepeat,
    /// Play came back to a position, named by its key: the game's positions repeat though
    /// it does not say so ([`Game::POSITIONS_REPEAT`](crate::Game::POSITIONS_REPEAT)), or
    /// knowledge that claims to value a position on every cycle
    /// ([`Knowledge::covers_repetitions`](crate::Knowledge::covers_repetitions)) left this
    /// one open. Found within 64 plies of the repetition's second round (from ply 128 on),
    /// before the search's stack runs out.
    #[error(
        "play comes back to the position of key {key}: the game's positions repeat (say so in Game::POSITIONS_REPEAT and solve it by retrograde analysis)"
    )]
    Cycle {
        /// The position's key ([`Game::key`](crate::Game::key)), as its `Debug` text (at most
        /// 200 characters).
        key: String,
    },
}

/// The exact solution of a position of a scoring game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Solution<M> {
    /// The best future margin (mover minus opponent) the side to move can force.
    pub value: i64,
    /// Every legal move that reaches `value`, in the game's move order. Empty when the game
    /// is over.
    pub best_moves: Vec<M>,
    /// One optimal line of play to the end of the game: the first of `best_moves`, then at
    /// each step the optimal move of largest margin (the first in the game's move order among
    /// equals), so it does not depend on the thread count. In a game whose positions repeat,
    /// it stops at the first position the knowledge values (a solved table takes over there).
    pub principal_variation: Vec<M>,
    /// Nodes visited for this solve.
    pub nodes: u64,
}

/// Exact solver for any [`ScoringGame`]: the optimal margin, every optimal move, and a
/// principal variation.
///
/// It is the crate's alpha-beta search run to the end of the game, with a transposition table
/// of bounded size, and whatever the game's [`Knowledge`] proves
/// (bounds that end the search of a node as soon as they decide its window, dominated moves
/// left out). Set up by a [`SearchConfig`]; any game searches on any number of threads.
///
/// The table outlives a solve, which makes a sequence of related solves cheap, and it trusts
/// every key it has seen: keys must follow the [`TableKey`](crate::TableKey) contract across
/// every position the solver is given, or the solver must be [`clear`](Self::clear)ed between
/// unrelated ones (a key that is unique only within one game would otherwise read another
/// game's values).
///
/// # Examples
///
/// ```
/// use gamesolver::Solver;
/// use gamesolver::games::prime::PrimeGame;
///
/// let game = PrimeGame::new(10)?;
/// let solution = Solver::new().solve(&game)?;
/// assert_eq!(solution.value, 3);
/// assert_eq!(solution.best_moves, vec![7]);
/// // The same with PrimeGame's proven knowledge and tuned settings: far fewer nodes.
/// let tuned = gamesolver::games::prime::solver().solve(&game)?;
/// assert_eq!((tuned.value, tuned.best_moves), (3, vec![7]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Solver<G: ScoringGame, K = NoKnowledge> {
    search: Searcher<G, NoEvaluator, K>,
    /// Proven root bounds at most this wide are narrowed by null-window tests.
    null_window_range: Option<i64>,
    /// Where the root's bounds are not halved, null-window tests from this guess (MTD(f)).
    first_guess: Option<i64>,
}

/// The solver's default [`null_window_range`](Solver::with_null_window_range): 64.
pub const DEFAULT_NULL_WINDOW_RANGE: Option<i64> = Some(64);

impl<G: ScoringGame> Default for Solver<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: ScoringGame> Solver<G> {
    /// A solver with the default [`SearchConfig`] (a 64 MiB table, one thread) and no
    /// knowledge of the game beyond its rules.
    ///
    /// For a game of the crate, start from the solver its module gives, with the game's proven
    /// knowledge and tuned settings (see the example above): the rules alone can be thousands
    /// of times slower.
    #[must_use]
    pub fn new() -> Self {
        Self::with_config(SearchConfig::default())
    }

    /// A solver set up by `config`, with no knowledge of the game beyond its rules.
    #[must_use]
    pub fn with_config(config: SearchConfig) -> Self {
        Self {
            search: Searcher::new(config, NoKnowledge, NoEvaluator),
            null_window_range: DEFAULT_NULL_WINDOW_RANGE,
            first_guess: None,
        }
    }
}

impl<G: ScoringGame, K: Knowledge<G>> std::fmt::Debug for Solver<G, K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("table_capacity", &self.search.table_capacity())
            .field("budget", &self.search.budget())
            .finish_non_exhaustive()
    }
}

impl<G: ScoringGame, K: Knowledge<G>> Solver<G, K> {
    /// The same solver with `knowledge` of the game: what it proves, the search relies on
    /// (check it with [`check::knowledge`](crate::check::knowledge)). A one-thread table is
    /// kept (sound knowledge changes no value it holds); a table for threads is made anew.
    #[must_use]
    pub fn with_knowledge<K2: Knowledge<G>>(self, knowledge: K2) -> Solver<G, K2> {
        Solver {
            search: self.search.with_knowledge(knowledge),
            null_window_range: self.null_window_range,
            first_guess: self.first_guess,
        }
    }

    /// Finds an exact value by null-window tests that halve the root's proven bounds (when
    /// the game's [`Knowledge`] gives them, at most `range` wide), rather than by the tests
    /// of [`with_first_guess`](Self::with_first_guess) or one open window
    /// ([`DEFAULT_NULL_WINDOW_RANGE`]; `None`: never). A test whose fail-soft result lies past
    /// its own edge is followed by a test at that result, not at the middle. Pays in games of
    /// a small score range.
    #[must_use]
    pub fn with_null_window_range(mut self, range: Option<i64>) -> Self {
        self.null_window_range = range;
        self
    }

    /// Finds an exact value whose root bounds are not halved (see
    /// [`with_null_window_range`](Self::with_null_window_range)) by null-window tests from
    /// `guess`, each asking whether the value reaches the bound the last one proved (MTD(f):
    /// Plaat, Schaeffer, Pijls and de Bruin, Artificial Intelligence 87, 1996), rather than by
    /// one open window (`None`, the default). Pays where values lie near the guess and a
    /// search's fail-soft bounds are tight: Kalah's margins from 0 (Kalah(4,6) with the rules
    /// alone, 2.56 M nodes against 3.66 M), not PrimeGame's, which span hundreds, nor Dots and
    /// Boxes' (BENCHMARKS.md); the values are the same either way.
    ///
    /// # Examples
    ///
    /// ```
    /// use gamesolver::Solver;
    /// use gamesolver::games::kalah::Kalah;
    ///
    /// let start = Kalah::new(4, 3)?;
    /// assert_eq!(Solver::new().with_first_guess(Some(0)).value(&start)?, 8);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_first_guess(mut self, guess: Option<i64>) -> Self {
        self.first_guess = guess;
        self
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> &SearchConfig {
        self.search.config()
    }

    /// Makes the table now rather than at the first solve. A solver's table takes memory as
    /// the solve uses it: on one thread it starts small and doubles as it fills, up to
    /// [`SearchConfig::table_bytes`]; a table for several threads is asked of the system
    /// zeroed, which gives its pages as they are written, and waits for the first position,
    /// which says which table the threads share.
    pub fn prepare(&mut self) {
        self.search.prepare();
    }

    /// Looks up children for table cut-offs before searching a node, or not (see
    /// [`SearchConfig::transposition_cutoffs`]: off by default).
    #[must_use]
    pub fn with_transposition_cutoffs(mut self, on: bool) -> Self {
        self.search.set_transposition_cutoffs(on);
        self
    }

    /// Orders moves that the order ranks equal by the history heuristic, or not (see
    /// [`SearchConfig::history_heuristic`]: off by default).
    #[must_use]
    pub fn with_history_heuristic(mut self, on: bool) -> Self {
        self.search.set_history_heuristic(on);
        self
    }

    /// A new, empty table of at most `bytes` (see [`SearchConfig::table_bytes`]), made at the
    /// first solve. A request past this machine's limit gets the limit; to be told instead,
    /// check it first with [`SearchConfig::try_with_table_bytes`].
    #[must_use]
    pub fn with_table_bytes(mut self, bytes: usize) -> Self {
        self.search.set_table_bytes(bytes);
        self
    }

    /// Searches on `threads` threads (at least 1; the default is 1). Each search runs on
    /// every thread, sharing one table; a helper thread puts off a move whose subtree another
    /// is searching, so the helpers spread over the tree (simplified ABDADA). Every answer is
    /// exact, so values and optimal moves do not depend on the thread count; nodes, times and
    /// the principal variation may. The table starts empty.
    ///
    /// Any game searches on several threads: keys that give [`words`](crate::TableKey::words)
    /// and moves that are unsigned integers of at most 32 bits share a lock-free table, other
    /// games a table of locked buckets. If the system gives no threads, the first search
    /// falls back to one, and [`threads`](Self::threads) says so.
    ///
    /// # Examples
    ///
    /// ```
    /// use gamesolver::games::prime::SmallPrimeGame;
    /// use gamesolver::games::prime::solver;
    ///
    /// let game = SmallPrimeGame::new(40)?;
    /// let one = solver().with_threads(1).solve(&game)?;
    /// let two = solver().with_threads(2).solve(&game)?;
    /// assert_eq!((one.value, &one.best_moves), (two.value, &two.best_moves));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.search.set_threads(threads);
        self
    }

    /// The number of threads that search (which table they share: see
    /// [`SearchConfig::with_threads`]).
    #[must_use]
    pub fn threads(&self) -> usize {
        self.search.threads()
    }

    /// Limits each solve by nodes or a deadline (its depth limit is ignored: solving is to the
    /// end of the game).
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.set_budget(budget);
        self
    }

    /// As [`with_budget`](Self::with_budget), on a solver in use (say, a new deadline for
    /// each move of a game).
    pub fn set_budget(&mut self, budget: Budget) {
        self.search.set_budget(Budget {
            depth: None,
            ..budget
        });
    }

    /// Calls `report` about once a second (the clock is read about every quarter of a
    /// millisecond, whatever a node costs), to show that a long solve is working.
    #[must_use]
    pub fn on_progress(mut self, report: impl FnMut(&Progress) + Send + 'static) -> Self {
        self.search.set_progress(Some(Box::new(report)));
        self
    }

    /// Nodes visited by this solver so far, over all its solves and threads.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.search.nodes()
    }

    /// What this solver's searches did so far: nodes by ply and how the table served, over
    /// all its solves, as [`nodes`](Self::nodes) counts them (the helper threads' counts
    /// start again when a new table is made).
    ///
    /// # Examples
    ///
    /// ```
    /// use gamesolver::Solver;
    /// use gamesolver::games::prime::SmallPrimeGame;
    ///
    /// let mut solver = Solver::new();
    /// solver.value(&SmallPrimeGame::new(30)?)?;
    /// let stats = solver.stats();
    /// assert_eq!(stats.nodes, solver.nodes());
    /// assert_eq!(stats.nodes_by_ply.iter().sum::<u64>(), stats.nodes);
    /// assert!(stats.table.hits <= stats.table.probes);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn stats(&self) -> SearchStats {
        self.search.stats()
    }

    /// Forgets every stored result. On one thread the table keeps its size and the memory it
    /// has grown into, as [`Vec::clear`] keeps its capacity: the next solve of a set of
    /// positions solved one after another starts at the size the largest before it needed,
    /// without growing again, and pays no page faults. Only the parts of the table written since the last clear are emptied, so a
    /// clear after a small solve costs little whatever the table's size.
    pub fn clear(&mut self) {
        self.search.clear();
    }
}
