//! The exact solver's front-end: `Solver` (its builder and the root procedures: value, every
//! optimal move, a principal variation, windows), `Solution` and `SolveError`.

use crate::game::NoEvaluator;
use crate::game::{Knowledge, NoKnowledge, ScoringGame, TableKey};
use crate::search::negamax::{EXACT_DEPTH, INFINITY, Scored, order_key};
use crate::search::results::{self, ResultsError};
use crate::search::searcher::Searcher;
use crate::search::table::PROVEN;
use crate::search::table::SharedEntry;
use crate::search::{Budget, Progress, SearchConfig, SearchStats, Stage};
use std::io::{Read, Seek, Write};
use thiserror::Error;

/// Why a solve gave no answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
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
    /// equals), so it does not depend on the thread count.
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
    search: Searcher<G, K, NoEvaluator>,
    /// Proven root bounds at most this wide are narrowed by null-window tests.
    null_window_range: Option<i64>,
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
        }
    }

    /// Finds an exact value by null-window tests that narrow the root's proven bounds (when
    /// the game's [`Knowledge`] gives them, at most `range` wide), rather than by one open
    /// window ([`DEFAULT_NULL_WINDOW_RANGE`]; `None`: never). Pays in games of a small score
    /// range.
    #[must_use]
    pub fn with_null_window_range(mut self, range: Option<i64>) -> Self {
        self.null_window_range = range;
        self
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> &SearchConfig {
        self.search.config()
    }

    /// Makes the table now rather than at the first solve, so that a solve under a deadline
    /// does not spend it on the table (a 64 MiB table takes some 20 ms to clear). A table for
    /// several threads waits for the first position, which says which table they share.
    pub fn prepare(&mut self) {
        self.search.prepare();
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

    /// The number of threads that search.
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

    /// Writes the proven results the table holds, each the result of a search of at least
    /// 2^`min_work` nodes (0: all), to `out`; returns how many. [`load_results`]
    /// reads them back, here or in another process: a solve stopped by its budget then
    /// resumes where it was, and jobs start from what another proved.
    ///
    /// The file holds each entry's key words, bounds and move (seven words), the game's type
    /// name and a checksum. Results of a depth-limited search (an [`Engine`](crate::Engine)'s)
    /// are not written: only what holds for every later search. The entries go from the table
    /// to `out` as they are read, so a save takes a few KiB beside the table, however full it
    /// is (the table is read twice: once to count the entries, once to write them).
    ///
    /// # Errors
    ///
    /// [`ResultsError::KeysWithoutWords`] if the game's keys give no
    /// [`words`](TableKey::words) (nothing is written then), [`ResultsError::Io`] if writing
    /// fails.
    ///
    /// [`load_results`]: Self::load_results
    pub fn save_results(&self, out: impl Write, min_work: u8) -> Result<u64, ResultsError> {
        let table = self.search.table();
        let saved = |entry: &SharedEntry| entry.depth == PROVEN && entry.work >= min_work;
        // Two passes over the table, counting then writing, rather than a copy of the
        // entries: the copy would take as much memory again as a full table.
        let mut count = 0u64;
        if !table.for_each_portable(|entry| count += u64::from(saved(&entry))) {
            return Err(ResultsError::KeysWithoutWords);
        }
        let mut writer = results::Writer::new(out, std::any::type_name::<G>(), count)?;
        let mut written = Ok(());
        table.for_each_portable(|entry| {
            if written.is_ok() && saved(&entry) {
                written = writer.push(&entry);
            }
        });
        written?;
        writer.finish()?;
        Ok(count)
    }

    /// Loads results written by [`save_results`](Self::save_results) into the table (made
    /// now, for `position`, if not yet made: with threads, the position says which table they
    /// share); returns how many. Each is a proven bound, so every later answer stays exact; a
    /// table smaller than the file keeps what its replacement rule keeps.
    ///
    /// The whole file is checked before anything is loaded: a refused file changes nothing.
    ///
    /// # Errors
    ///
    /// [`ResultsError::NotResults`], [`ResultsError::OtherGame`] (results of another game
    /// type), [`ResultsError::WrongLength`] (cut short or run on), [`ResultsError::Damaged`]
    /// (a checksum or an entry wrong), [`ResultsError::KeysWithoutWords`], or
    /// [`ResultsError::Io`].
    ///
    /// # Examples
    ///
    /// ```
    /// use gamesolver::games::prime::SmallPrimeGame;
    /// use gamesolver::games::prime::solver;
    /// use std::io::Cursor;
    ///
    /// let game = SmallPrimeGame::new(50)?;
    /// let mut first = solver();
    /// let value = first.value(&game)?;
    /// let mut file = Vec::new();
    /// first.save_results(&mut file, 0)?;
    ///
    /// let mut second = solver();
    /// second.load_results(&game, Cursor::new(&file))?;
    /// assert_eq!(second.value(&game)?, value);
    /// assert!(second.nodes() < 10, "the root's value was loaded");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn load_results<R: Read + Seek>(
        &mut self,
        position: &G,
        input: R,
    ) -> Result<u64, ResultsError> {
        if position.key().words().is_none() {
            return Err(ResultsError::KeysWithoutWords);
        }
        self.search.begin_on(position);
        let table = self.search.table_mut();
        results::read(
            input,
            std::any::type_name::<G>(),
            |words| G::Key::from_words(*words).is_some(),
            |entry| {
                table.store_portable(entry);
            },
        )
    }

    /// Forgets every stored result.
    pub fn clear(&mut self) {
        self.search.clear();
    }

    /// The value of a finished search, or why it has none: the budget ran out, or the game
    /// is too long to be proven.
    fn checked(&self, result: Scored) -> Result<i64, SolveError> {
        if self.search.aborted() {
            Err(SolveError::BudgetExhausted {
                nodes: self.search.main_nodes(),
            })
        } else if result.proven {
            Ok(result.value)
        } else {
            Err(SolveError::TooLong)
        }
    }

    /// The exact value of `position` for the side to move.
    ///
    /// # Errors
    ///
    /// [`SolveError::BudgetExhausted`] when the budget runs out, [`SolveError::TooLong`] for a
    /// game longer than 65,534 plies.
    pub fn value(&mut self, position: &G) -> Result<i64, SolveError> {
        self.search.begin_on(position);
        self.exact_value(position)
    }

    /// The value of `position` searched within the window (`alpha`, `beta`), fail-soft: a
    /// result at or below `alpha` is an upper bound of the value, one at or above `beta` a
    /// lower bound, one strictly between the exact value. A null window (`beta = alpha + 1`)
    /// answers "is the value above `alpha`?" at a fraction of an exact solve's cost: the
    /// building block of a solve split into independent jobs, each a window on one position.
    ///
    /// # Errors
    ///
    /// As [`value`](Solver::value).
    ///
    /// # Examples
    ///
    /// ```
    /// use gamesolver::games::prime::SmallPrimeGame;
    ///
    /// let game = SmallPrimeGame::new(20)?;
    /// let mut solver = gamesolver::games::prime::solver();
    /// // The value is 6: above 5, and not above 6.
    /// assert!(solver.value_within(&game, 5, 6)? >= 6);
    /// assert!(solver.value_within(&game, 6, 7)? <= 6);
    /// assert_eq!(solver.value_within(&game, -100, 100)?, 6);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn value_within(&mut self, position: &G, alpha: i64, beta: i64) -> Result<i64, SolveError> {
        self.search.begin_on(position);
        self.search.set_stage(Stage::Value);
        let (alpha, beta) = (
            alpha.clamp(-INFINITY, INFINITY),
            beta.clamp(-INFINITY, INFINITY),
        );
        if alpha >= beta {
            // An empty window proves nothing; an exact value answers it.
            return self.exact_value(position);
        }
        let result = self
            .search
            .value(&mut position.clone(), EXACT_DEPTH, alpha, beta);
        self.checked(result)
    }

    fn exact_value(&mut self, position: &G) -> Result<i64, SolveError> {
        self.search.set_stage(Stage::Value);
        let result = match self.narrow_bounds(position) {
            Some(bounds) => self.search.narrowed(&mut position.clone(), bounds),
            None => self
                .search
                .value(&mut position.clone(), EXACT_DEPTH, -INFINITY, INFINITY),
        };
        self.checked(result)
    }

    /// The root's proven bounds, when they are narrow enough for null-window tests to pay
    /// (see [`with_null_window_range`](Self::with_null_window_range)).
    fn narrow_bounds(&self, position: &G) -> Option<(i64, i64)> {
        let range = self.null_window_range?;
        let bounds = self.search.knowledge().facts(position).bounds?;
        let (lower, upper) = (*bounds.start(), *bounds.end());
        (upper.saturating_sub(lower) <= range).then_some((lower, upper))
    }

    /// The exact value of `position` and one optimal move (`None` when the game is over):
    /// cheaper than [`solve`](Self::solve), which finds every optimal move and a line.
    ///
    /// # Errors
    ///
    /// As [`value`](Solver::value).
    ///
    /// # Examples
    ///
    /// ```
    /// use gamesolver::Solver;
    /// use gamesolver::games::prime::WidePrimeGame;
    ///
    /// let game = WidePrimeGame::new(30)?;
    /// assert_eq!(Solver::new().best_move(&game)?, Some((29, 15)));
    /// // The same, far faster, with PrimeGame's knowledge.
    /// assert_eq!(gamesolver::games::prime::solver().best_move(&game)?, Some((29, 15)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn best_move(&mut self, position: &G) -> Result<Option<(G::Move, i64)>, SolveError> {
        self.search.begin_on(position);
        self.search.set_stage(Stage::Value);
        if let Some(bounds) = self.narrow_bounds(position) {
            // The value first, by null windows; then the root once with a window just around
            // it, which the table answers almost at once, for the move.
            let result = self.search.narrowed(&mut position.clone(), bounds);
            let value = self.checked(result)?;
            let (result, best) =
                self.search
                    .root(&mut position.clone(), EXACT_DEPTH, value - 1, value + 1);
            self.checked(result)?;
            return Ok(best.map(|mv| (mv, value)));
        }
        let (result, best) =
            self.search
                .root(&mut position.clone(), EXACT_DEPTH, -INFINITY, INFINITY);
        let value = self.checked(result)?;
        Ok(best.map(|mv| (mv, value)))
    }

    /// The exact value of playing `mv`, searched within (`alpha`, `beta`): fail-soft, so a
    /// result at or below `alpha` is an upper bound and one at or above `beta` a lower bound.
    fn move_value(
        &mut self,
        position: &G,
        mv: G::Move,
        alpha: i64,
        beta: i64,
    ) -> Result<i64, SolveError> {
        let result = self
            .search
            .move_value(&mut position.clone(), mv, EXACT_DEPTH, alpha, beta);
        self.checked(result)
    }

    /// Whether the legal move `mv` reaches `target`, exactly.
    fn reaches(&mut self, position: &G, mv: G::Move, target: i64) -> Result<bool, SolveError> {
        Ok(self.move_value(position, mv, target - 1, target)? >= target)
    }

    /// The value and every optimal move, in one pass over the root moves: the first (best by
    /// the move order) with an open window, every other with a null window at the best so far
    /// (is it as good?) and, if it is, one just above (is it better? then its exact value).
    fn value_and_optimal_moves(&mut self, position: &G) -> Result<(i64, Vec<G::Move>), SolveError> {
        let legal = position.legal_moves();
        let table_move = self.search.table_move(position);
        let mut moves = legal.clone();
        moves.sort_by_key(|&mv| std::cmp::Reverse(order_key(mv, position.margin(mv), table_move)));
        // With narrow bounds, the value first by null windows: then one test a move.
        let known = match self.narrow_bounds(position) {
            Some(_) => Some(self.exact_value(position)?),
            None => None,
        };
        let mut best = known.unwrap_or(0);
        let mut optimal: Vec<G::Move> = Vec::new();
        for (done, &mv) in moves.iter().enumerate() {
            self.search.set_stage(Stage::RootMoves {
                done,
                total: moves.len(),
            });
            if let Some(value) = known {
                // The root's value is known: a move is optimal if it reaches it.
                if self.reaches(position, mv, value)? {
                    optimal.push(mv);
                }
                continue;
            }
            if optimal.is_empty() {
                best = self.move_value(position, mv, -INFINITY, INFINITY)?;
                optimal.push(mv);
                continue;
            }
            // Null windows: is it at least as good, and then is it better?
            if !self.reaches(position, mv, best)? {
                continue;
            }
            let above = self.move_value(position, mv, best, best + 1)?;
            if above <= best {
                optimal.push(mv);
            } else {
                // A lower bound: with alpha just below it the search is exact.
                best = self.move_value(position, mv, above - 1, INFINITY)?;
                optimal = vec![mv];
            }
        }
        optimal.sort_by_key(|mv| legal.iter().position(|m| m == mv));
        Ok((best, optimal))
    }

    /// One optimal move of `position` (worth `value`): the first that reaches it by largest
    /// margin, then the game's move order. Not the table's move: the line must not depend on
    /// what the table holds, which varies with the thread count.
    fn one_optimal_move(&mut self, position: &G, value: i64) -> Result<G::Move, SolveError> {
        let mut candidates = position.legal_moves();
        candidates.sort_by_key(|&mv| std::cmp::Reverse(position.margin(mv)));
        for mv in candidates {
            if self.reaches(position, mv, value)? {
                return Ok(mv);
            }
        }
        unreachable!("the value of a position is reached by one of its moves")
    }

    /// An optimal line from `position`, worth `value`, starting with `first`.
    fn principal_line(
        &mut self,
        position: &G,
        value: i64,
        first: Option<G::Move>,
    ) -> Result<Vec<G::Move>, SolveError> {
        let mut line = Vec::new();
        let mut current = position.clone();
        let mut current_value = value;
        while let Some(mv) = match (line.is_empty(), first) {
            (true, first) => first,
            (false, _) if current.is_over() => None,
            (false, _) => Some(self.one_optimal_move(&current, current_value)?),
        } {
            self.search.set_stage(Stage::Line(line.len()));
            // An optimal move's child is worth exactly the move's margin minus the value.
            current_value = current.margin(mv) - current_value;
            current.play_unchecked(mv);
            line.push(mv);
        }
        Ok(line)
    }

    /// Solves `position`: its value, all optimal moves and a principal variation.
    ///
    /// # Errors
    ///
    /// As [`value`](Solver::value).
    pub fn solve(&mut self, position: &G) -> Result<Solution<G::Move>, SolveError> {
        self.search.begin_on(position);
        let start_nodes = self.nodes();
        let (value, best_moves) = self.value_and_optimal_moves(position)?;
        // The line asks many small questions of a table that holds most answers: the helpers
        // would cost more to wake than they save.
        self.search.set_helpers_idle(true);
        let line = self.principal_line(position, value, best_moves.first().copied());
        self.search.set_helpers_idle(false);
        let principal_variation = line?;
        Ok(Solution {
            value,
            best_moves,
            principal_variation,
            nodes: self.nodes() - start_nodes,
        })
    }
}
