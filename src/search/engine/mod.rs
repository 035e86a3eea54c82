//! The playing front-end: `Engine` and its builder here, with its `SearchResult` and the hook
//! for an exact endgame solver; the search itself (iterative deepening with an evaluator at
//! the horizon within a `Budget`, exact endgames, the line of play) in `play`.

mod play;

use crate::game::Evaluator;
use crate::game::{Game, Knowledge, NoKnowledge, ScoringGame};
use crate::search::searcher::Searcher;
use crate::search::{Progress, SearchConfig};
use std::time::{Duration, Instant};

/// What a search found.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SearchResult<M> {
    /// The move to play: always legal.
    pub best_move: M,
    /// The value of the position for the side to move, exact or heuristic (see `exact`).
    pub value: i64,
    /// Whether `value` is proven (the search reached the end of the game everywhere).
    pub exact: bool,
    /// The depth of the last completed iteration, in plies (0 if none completed).
    pub depth: u16,
    /// Nodes visited.
    pub nodes: u64,
    /// The expected line of play, from the table, starting with `best_move`.
    pub principal_variation: Vec<M>,
    /// Time spent.
    pub elapsed: Duration,
}

/// The search engine: iterative deepening over the crate's alpha-beta negamax, with an
/// [`Evaluator`] at the horizon, aspiration windows, and a budget of depth, nodes and time.
///
/// It works for any [`ScoringGame`], with the game's [`Knowledge`] if it has some, set up by
/// a [`SearchConfig`]; it shares its search with the exact [`Solver`](crate::Solver) and stops
/// deepening as soon as the value is proven, so on small positions it plays perfectly. It returns a legal move whenever one exists, within the deadline: a fallback
/// move (the table's, else the largest margin) is chosen before the search starts, the clock
/// is read about every quarter of a millisecond whatever a node costs, and an iteration that
/// cannot finish in time is not started.
///
/// **Endgames.** A position with at most the search moves set by
/// [`with_exact_endgame`](Engine::with_exact_endgame) is first solved exactly, full width, in a share of the time to the deadline (a
/// budget of time alone); if that finishes, its value is exact and its depth is the length of
/// its line. An [`EndgameSolver`] may take these solves over
/// ([`Engine::with_endgame_solver`]); its answers come with depth 1 and a line of one move.
///
/// **Large positions.** With [`with_large_board`](Engine::with_large_board) set to
/// `(moves, candidates)`, a position with more than `moves` search moves is searched over its
/// `candidates` best moves at each node, root included, asked of the knowledge lazily
/// ([`Knowledge::promising_moves`]), so a node costs what its moves change, not the board. Why: a
/// full-width search of 10^4 root moves does not finish one iteration in a contest's time,
/// while the best few moves by immediate margin hold the good ones (on PrimeGame, the large
/// primes and the numbers whose divisors are gone). Such a search is forward-pruned, so its
/// value is never called exact. [`with_breadth`](Engine::with_breadth) prunes every position.
///
/// # Examples
///
/// ```
/// use gamesolver::{Budget, Engine};
/// use gamesolver::games::prime::{PrimeEvaluator, PrimeGame};
/// use std::time::Duration;
///
/// let game = PrimeGame::new(200)?;
/// let mut engine = Engine::new(PrimeEvaluator::default());
/// let result = engine
///     .search(&game, Budget::default().with_time(Duration::from_millis(100)))
///     .expect("the board is not empty");
/// assert!(game.contains(result.best_move));
/// assert!(result.depth >= 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Engine<G: ScoringGame, E: Evaluator<G>, K = NoKnowledge> {
    searcher: Searcher<G, E, K>,
    /// The engine's own options.
    plan: Plan,
    /// Solves endgames in place of the engine's own exact search, if set.
    endgame: Option<EndgameSolver<G>>,
}

/// The largest table an [`Engine`] takes: 1 GiB. An engine's table is made whole when the
/// engine is built (a table that doubled as it filled would stall a move under its deadline),
/// so a larger request would take its memory, and the seconds of making it, before any search:
/// 1 GiB holds about 22 million entries (of 48 bytes), what a search of two minutes at
/// 200,000 nodes a second stores. The exact [`Solver`](crate::Solver), whose table grows as it fills,
/// takes up to [`max_table_bytes`](crate::search::max_table_bytes).
pub const ENGINE_MAX_TABLE_BYTES: usize = 1 << 30;

/// The engine's own options, set by its builder: none of them concern the exact solver.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Plan {
    /// Forward pruning below the root on every position, if set.
    breadth: Option<usize>,
    /// The first aspiration window's width, if any.
    aspiration: Option<i64>,
    /// Positions of more than `.0` search moves are searched over `.1` moves a node.
    large_board: Option<(usize, usize)>,
    /// Positions of at most this many search moves are first solved exactly (0: never)...
    exact_endgame_moves: usize,
    /// ...in one this-many-th of the time left.
    endgame_share: u32,
    /// The cost of an iteration, in costs of the one before.
    iteration_growth: u32,
}

impl Default for Plan {
    fn default() -> Self {
        Self {
            breadth: None,
            aspiration: None,
            large_board: None,
            exact_endgame_moves: 0,
            endgame_share: 3,
            iteration_growth: 4,
        }
    }
}

/// An exact solver an [`Engine`] hands its endgames to ([`Engine::with_endgame_solver`]):
/// given a position and a deadline, an optimal move and the exact value, or `None` if it does
/// not finish in time or does not take the position. Called once a move, so boxed.
pub type EndgameSolver<G> = Box<dyn FnMut(&G, Instant) -> Option<(<G as Game>::Move, i64)> + Send>;

impl<G: ScoringGame, E: Evaluator<G>, K: Knowledge<G>> std::fmt::Debug for Engine<G, E, K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("table_capacity", &self.searcher.table_capacity())
            .finish_non_exhaustive()
    }
}

impl<G: ScoringGame, E: Evaluator<G>> Engine<G, E> {
    /// An engine with the default [`SearchConfig`] and no knowledge of the game beyond its
    /// rules.
    #[must_use]
    pub fn new(evaluator: E) -> Self {
        Self::with_config(SearchConfig::default(), evaluator)
    }

    /// An engine set up by `config`, its table at most [`ENGINE_MAX_TABLE_BYTES`] (see
    /// there).
    #[must_use]
    pub fn with_config(config: SearchConfig, evaluator: E) -> Self {
        let table_bytes = config.table_bytes.min(ENGINE_MAX_TABLE_BYTES);
        let config = config.with_table_bytes(table_bytes);
        let mut searcher = Searcher::new(config, NoKnowledge, evaluator);
        // Table cut-offs pay in exact solving, where most children are stored; in a
        // depth-limited search they mostly cost the lookups.
        searcher.set_transposition_cutoffs(false);
        // Made whole and now, so that no search under a deadline pays for it.
        searcher.set_whole_table();
        searcher.prepare();
        Self {
            searcher,
            plan: Plan::default(),
            endgame: None,
        }
    }
}

impl<G: ScoringGame, E: Evaluator<G>, K: Knowledge<G>> Engine<G, E, K> {
    /// The same engine with `knowledge` of the game; a one-thread table is kept, a table for
    /// threads made anew.
    #[must_use]
    pub fn with_knowledge<K2: Knowledge<G>>(self, knowledge: K2) -> Engine<G, E, K2> {
        Engine {
            searcher: self.searcher.with_knowledge(knowledge),
            plan: self.plan,
            endgame: self.endgame,
        }
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> &SearchConfig {
        self.searcher.config()
    }

    /// A new, empty table of at most `bytes` (see [`SearchConfig::table_bytes`]), and at most
    /// [`ENGINE_MAX_TABLE_BYTES`].
    #[must_use]
    pub fn with_table_bytes(mut self, bytes: usize) -> Self {
        self.searcher
            .set_table_bytes(bytes.min(ENGINE_MAX_TABLE_BYTES));
        self.searcher.prepare();
        self
    }

    /// Forward pruning: below the root, searches only the `breadth` best moves of each node by
    /// the move order, on every position. Deeper, narrower search; a pruned search never claims
    /// to be exact.
    #[must_use]
    pub fn with_breadth(mut self, breadth: usize) -> Self {
        self.plan.breadth = Some(breadth.max(1));
        self
    }

    /// The first aspiration window around the previous iteration's value, a width in the
    /// game's points (`None`, the default: every iteration searches the open window).
    #[must_use]
    pub fn with_aspiration(mut self, width: Option<i64>) -> Self {
        self.plan.aspiration = width.map(|width| width.max(1));
        self
    }

    /// Forward pruning of large positions: a position with more than `moves` search moves is
    /// searched over its `candidates` best moves at each node, root included (`None`, the
    /// default: never). See "Large positions" above.
    #[must_use]
    pub fn with_large_board(mut self, large: Option<(usize, usize)>) -> Self {
        self.plan.large_board = large.map(|(moves, candidates)| (moves, candidates.max(1)));
        self
    }

    /// Solves a position of at most `moves` search moves exactly first, in one `share`-th of
    /// the time to the deadline (the default: never, and a third). See "Endgames" above.
    #[must_use]
    pub fn with_exact_endgame(mut self, moves: usize, share: u32) -> Self {
        self.plan.exact_endgame_moves = moves;
        self.plan.endgame_share = share.max(1);
        self
    }

    /// How many times the cost of the last iteration the next is expected to cost (4): no
    /// iteration starts that cannot end before the deadline.
    #[must_use]
    pub fn with_iteration_growth(mut self, growth: u32) -> Self {
        self.plan.iteration_growth = growth.max(1);
        self
    }

    /// Searches on `threads` threads (at least 1; the default is 1, since an engine in a
    /// contest may share its machine). The threads run each iteration together over one shared
    /// table, each with a copy of the evaluator and the knowledge, and the main thread's answer
    /// is played (see [`Solver::with_threads`](crate::Solver::with_threads) for how they divide
    /// the work). The table starts empty.
    ///
    /// # Examples
    ///
    /// ```
    /// use gamesolver::{Budget, Engine};
    /// use gamesolver::games::prime::{PrimeEvaluator, PrimeGame};
    ///
    /// let game = PrimeGame::new(200)?;
    /// let mut engine = Engine::new(PrimeEvaluator::default()).with_threads(2);
    /// let result = engine.search(&game, Budget::default().with_depth(3)).unwrap();
    /// assert!(game.contains(result.best_move));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.searcher.set_threads(threads);
        self.searcher.prepare();
        self
    }

    /// The number of threads that search.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.searcher.threads()
    }

    /// Hands the exact solve of endgames (positions of at most
    /// [`with_exact_endgame`](Self::with_exact_endgame) search moves) to `solver`
    /// instead of the engine's own search: for a game with another, faster position type for
    /// exact solving (the `primegame` example's contest engine solves on a 256-bit board). If it
    /// gives no answer, the engine searches as usual with the rest of the time. Its result has depth 1, a line of
    /// one move and no nodes counted.
    #[must_use]
    pub fn with_endgame_solver(mut self, solver: EndgameSolver<G>) -> Self {
        self.endgame = Some(solver);
        self
    }

    /// Calls `report` about once a second during a search (with the depth under way).
    #[must_use]
    pub fn on_progress(mut self, report: impl FnMut(&Progress) + Send + 'static) -> Self {
        self.searcher.set_progress(Some(Box::new(report)));
        self
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        self.searcher.evaluator()
    }

    /// Forgets every stored result (say, between games).
    pub fn clear(&mut self) {
        self.searcher.clear();
    }
}
