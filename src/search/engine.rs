use crate::game::{Game, ScoringGame};
use crate::search::negamax::{INFINITY, Scored};
use crate::search::parallel::Parallel;
use crate::search::solver::DEFAULT_TABLE_BYTES;
use crate::search::table::PROVEN;
use crate::search::{Budget, Evaluator, Progress, Stage};
use std::time::{Duration, Instant};

/// The half-width of the first aspiration window around the previous iteration's value.
const ASPIRATION: i64 = 12;

/// A position with more search moves than this is a *large board*: the engine searches only
/// its best candidates (see [`Engine::with_candidates`]). Contest boards (150 to 250 numbers)
/// stay below it and are searched full width.
pub const LARGE_BOARD_MOVES: usize = 512;

/// How many candidate moves the engine searches at each node of a large board, root
/// included: the best by the game's move order.
pub const LARGE_BOARD_CANDIDATES: usize = 12;

/// A position with at most this many search moves gets an exact solve first, with a third of
/// the time left (a search with a deadline and no depth or node limit): PrimeGame endgames of
/// about 50 numbers solve in a fraction of a contest's 500 ms.
pub const EXACT_ENDGAME_MOVES: usize = 64;

/// The depth of an exact solve: the end of any game the table can tell apart.
const EXACT_DEPTH: u16 = PROVEN - 1;

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
/// It works for any [`ScoringGame`]; it shares its search with the exact [`Solver`](crate::Solver)
/// and stops deepening as soon as the value is proven, so on small positions it plays
/// perfectly. It returns a legal move whenever one exists, within the deadline: a fallback
/// move (the table's, else the largest margin) is chosen before the search starts, the clock
/// is read about every quarter of a millisecond whatever a node costs, and an iteration that
/// cannot finish in time is not started.
///
/// **Endgames.** A position with at most [`EXACT_ENDGAME_MOVES`] search moves is first solved
/// exactly, full width, in a third of the time to the deadline (a budget of time alone); if
/// that finishes, its value is exact and its depth is the length of its line. An
/// [`EndgameSolver`] may take these solves over ([`Engine::with_endgame_solver`]); its answers
/// come with depth 1 and a line of one move.
///
/// **Large boards.** A position with more than [`LARGE_BOARD_MOVES`] search moves is searched
/// over its [`LARGE_BOARD_CANDIDATES`] best moves at each node, root included, asked of the
/// game lazily ([`ScoringGame::best_search_moves`]), so a node costs what its moves change, not
/// the board. Why: a full-width search of 10^4 root moves does not finish one iteration in a
/// contest's time, while the best few moves by immediate margin hold the good ones (on
/// PrimeGame, the large primes and the numbers whose divisors are gone). Such a search is
/// forward-pruned, so its value is never called exact. [`with_candidates`](Engine::with_candidates)
/// changes both numbers; [`with_breadth`](Engine::with_breadth) prunes every position.
///
/// # Examples
///
/// ```
/// use gamesolver::{Budget, Engine, PrimeEvaluator, PrimeGame};
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
pub struct Engine<G: ScoringGame, E: Evaluator<G>> {
    parallel: Parallel<G, E>,
    /// Forward pruning below the root on every position, if set.
    breadth: Option<usize>,
    /// Positions with more search moves than `.0` are searched over `.1` candidates a node.
    large_board: (usize, usize),
    /// Solves endgames in place of the engine's own exact search, if set.
    endgame: Option<EndgameSolver<G>>,
}

/// An exact solver an [`Engine`] hands its endgames to ([`Engine::with_endgame_solver`]):
/// given a position and a deadline, an optimal move and the exact value, or `None` if it does
/// not finish in time or does not take the position. Called once a move, so boxed.
pub type EndgameSolver<G> = Box<dyn FnMut(&G, Instant) -> Option<(<G as Game>::Move, i64)> + Send>;

impl<G: ScoringGame, E: Evaluator<G>> std::fmt::Debug for Engine<G, E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("table_capacity", &self.parallel.table_capacity())
            .finish_non_exhaustive()
    }
}

impl<G: ScoringGame, E: Evaluator<G>> Engine<G, E> {
    /// An engine with a [`DEFAULT_TABLE_BYTES`] table.
    #[must_use]
    pub fn new(evaluator: E) -> Self {
        Self::with_table_bytes(DEFAULT_TABLE_BYTES, evaluator)
    }

    /// An engine whose transposition table takes at most `bytes`, clamped as the
    /// [`Solver`](crate::Solver)'s is.
    #[must_use]
    pub fn with_table_bytes(bytes: usize, evaluator: E) -> Self {
        // One thread until `with_threads`, which gives evaluators for more.
        let mut parallel = Parallel::new(bytes, evaluator, 1, None);
        parallel.core.transposition_cutoffs = false;
        Self {
            parallel,
            breadth: None,
            large_board: (LARGE_BOARD_MOVES, LARGE_BOARD_CANDIDATES),
            endgame: None,
        }
    }

    /// Forward pruning: below the root, searches only the `breadth` best moves of each node by
    /// the move order, on every position. Deeper, narrower search; a pruned search never claims
    /// to be exact.
    #[must_use]
    pub fn with_breadth(mut self, breadth: usize) -> Self {
        self.breadth = Some(breadth.max(1));
        self
    }

    /// Searches a position with more than `moves` search moves over its `candidates` best
    /// moves at each node, root included (defaults: [`LARGE_BOARD_MOVES`],
    /// [`LARGE_BOARD_CANDIDATES`]). `usize::MAX` moves turns this off.
    ///
    /// # Examples
    ///
    /// ```
    /// use gamesolver::{Budget, Engine, PrimeEvaluator, PrimeGame};
    ///
    /// let game = PrimeGame::new(100_000)?;
    /// let mut engine = Engine::new(PrimeEvaluator::default()).with_candidates(512, 8);
    /// let result = engine.search(&game, Budget::default().with_depth(4)).unwrap();
    /// assert_eq!(result.depth, 4);
    /// assert!(!result.exact); // forward-pruned
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_candidates(mut self, moves: usize, candidates: usize) -> Self {
        self.large_board = (moves, candidates.max(1));
        self
    }

    /// Searches on `threads` threads (at least 1; the default is 1, since an engine in a
    /// contest may share its machine). The threads run each iteration together over one table
    /// shared without locks, each with a copy of the evaluator, and the main thread's answer
    /// is played (see [`Solver::with_threads`](crate::Solver::with_threads) for how they
    /// divide the work). A game whose key or moves do not pack into words searches on one
    /// thread. The table starts empty.
    ///
    /// # Examples
    ///
    /// ```
    /// use gamesolver::{Budget, Engine, PrimeEvaluator, PrimeGame};
    ///
    /// let game = PrimeGame::new(200)?;
    /// let mut engine = Engine::new(PrimeEvaluator::default()).with_threads(2);
    /// let result = engine.search(&game, Budget::default().with_depth(3)).unwrap();
    /// assert!(game.contains(result.best_move));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Self
    where
        E: Clone + 'static,
    {
        let evaluator = self.parallel.core.evaluator.clone();
        self.parallel
            .set_threads(threads, Some(Box::new(move || evaluator.clone())));
        self
    }

    /// The number of threads asked for.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.parallel.threads()
    }

    /// Hands the exact solve of endgames (positions of at most [`EXACT_ENDGAME_MOVES`] search
    /// moves, in a third of the time left) to `solver` instead of the engine's own search: for a
    /// game with a faster board for exact solving, such as PrimeGame's
    /// [`WidePrimeGame`](crate::WidePrimeGame) (see
    /// [`contest_engine`](crate::games::prime::contest_engine)). If it gives no answer, the
    /// engine searches as usual with the rest of the time. Its result has depth 1, a line of
    /// one move and no nodes counted.
    #[must_use]
    pub fn with_endgame_solver(mut self, solver: EndgameSolver<G>) -> Self {
        self.endgame = Some(solver);
        self
    }

    /// Calls `report` about once a second during a search (with the depth under way).
    #[must_use]
    pub fn on_progress(mut self, report: impl FnMut(&Progress) + Send + 'static) -> Self {
        self.parallel.core.progress = Some(Box::new(report));
        self
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        &self.parallel.core.evaluator
    }

    /// Forgets every stored result (say, between games).
    pub fn clear(&mut self) {
        self.parallel.clear();
    }

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
        let fallback = self.first_move(position)?;
        self.parallel.core.budget = budget;
        self.parallel.begin_on(position);
        let nodes_before = self.parallel.nodes();
        if self.choose_width(position) <= EXACT_ENDGAME_MOVES {
            if let Some(solved) = self.exact_endgame(position, budget, start) {
                return Some(solved);
            }
            self.parallel.begin_on(position);
        }
        let max_depth = budget.depth.unwrap_or(PROVEN - 1).min(PROVEN - 1);
        let mut done: Option<(Scored, G::Move, u16)> = None;
        for depth in 1..=max_depth {
            self.parallel.core.stage = Stage::Depth(depth);
            let iteration_start = Instant::now();
            let Some((result, best)) = self.iterate(position, depth, done.map(|(r, ..)| r.value))
            else {
                break;
            };
            done = Some((result, best, depth));
            if result.proven {
                break;
            }
            // An iteration costs about four times the one before (measured on PrimeGame): do
            // not start one that cannot end.
            if let Some(deadline) = budget.deadline {
                let left = deadline.saturating_duration_since(Instant::now());
                if iteration_start.elapsed() * 4 > left {
                    break;
                }
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
            nodes: self.parallel.nodes() - nodes_before,
            principal_variation: self.principal_variation(position, best_move, depth),
            elapsed: start.elapsed(),
        })
    }

    /// Full width, or the candidates of a large board (asked of the game once, lazily).
    /// Returns how many search moves the position has, or more than either threshold.
    fn choose_width(&mut self, position: &G) -> usize {
        let (large, candidates) = self.large_board;
        let mut probe = Vec::new();
        position.best_search_moves(large.max(EXACT_ENDGAME_MOVES).saturating_add(1), &mut probe);
        let pruned = (probe.len() > large).then_some(candidates);
        self.parallel.core.root_breadth = pruned;
        self.parallel.core.breadth = pruned.or(self.breadth);
        probe.len()
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
        let share = deadline.saturating_duration_since(now) / 3;
        if let Some(solve) = self.endgame.as_mut() {
            let (best_move, value) = solve(position, now + share)?;
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
        let widths = (
            self.parallel.core.breadth.take(),
            self.parallel.core.root_breadth.take(),
        );
        self.parallel.core.budget = Budget::default().with_deadline(now + share);
        self.parallel.begin_on(position);
        self.parallel.core.stage = Stage::Value;
        let nodes_before = self.parallel.nodes();
        let (result, best) = self.parallel.run(position, |core, position| {
            core.search_root(position, EXACT_DEPTH, -INFINITY, INFINITY)
        });
        let solved = !self.parallel.core.aborted && result.proven;
        (self.parallel.core.breadth, self.parallel.core.root_breadth) = widths;
        self.parallel.core.budget = budget;
        let best_move = best.filter(|_| solved)?;
        let line = self.principal_variation(position, best_move, EXACT_DEPTH);
        Some(SearchResult {
            best_move,
            value: result.value,
            exact: true,
            // A line of play is shorter than 2^16 plies.
            depth: line.len() as u16,
            nodes: self.parallel.nodes() - nodes_before,
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
        let (mut alpha, mut beta) = match previous {
            Some(value) if depth >= 3 => (value - ASPIRATION, value + ASPIRATION),
            _ => (-INFINITY, INFINITY),
        };
        loop {
            let (result, best) = self.parallel.run(position, |core, position| {
                core.search_root(position, depth, alpha, beta)
            });
            if self.parallel.core.aborted {
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
        self.parallel
            .core
            .table_move(position)
            .filter(|&mv| position.is_legal(mv))
            .or_else(|| {
                let mut best = Vec::with_capacity(1);
                position.best_search_moves(1, &mut best);
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
            match self.parallel.core.table_move(current) {
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
