use crate::game::ScoringGame;
use crate::search::negamax::{INFINITY, Scored, order_key};
use crate::search::parallel::{Parallel, all_cores};
use crate::search::table::PROVEN;
use crate::search::{Budget, NoEvaluator, Progress, Stage};
use thiserror::Error;

/// The default transposition-table size of a [`Solver`]: 64 MiB.
pub const DEFAULT_TABLE_BYTES: usize = 64 << 20;

/// The deepest the exact solver goes: longer games cannot be solved.
const EXACT_DEPTH: u16 = PROVEN - 1;

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
/// of bounded size and the game's proven [`value_bounds`](ScoringGame::value_bounds), which end
/// the search of a node as soon as they decide its window.
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
/// use gamesolver::{PrimeGame, Solver};
///
/// let game = PrimeGame::new(10)?;
/// let solution = Solver::new().solve(&game)?;
/// assert_eq!(solution.value, 3);
/// assert_eq!(solution.best_moves, vec![7]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Solver<G: ScoringGame> {
    search: Parallel<G, NoEvaluator>,
}

impl<G: ScoringGame> Default for Solver<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: ScoringGame> std::fmt::Debug for Solver<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("table_capacity", &self.search.table_capacity())
            .field("budget", &self.search.core.budget)
            .finish_non_exhaustive()
    }
}

impl<G: ScoringGame> Solver<G> {
    /// A solver with a [`DEFAULT_TABLE_BYTES`] table, no budget, and a thread for every core.
    #[must_use]
    pub fn new() -> Self {
        Self::with_table_bytes(DEFAULT_TABLE_BYTES)
    }

    /// A solver whose transposition table takes at most `bytes` of memory, clamped to
    /// [`MAX_TABLE_BYTES`](crate::search::MAX_TABLE_BYTES) and halved while the system refuses
    /// it (see [`TranspositionTable::with_bytes`](crate::search::TranspositionTable::with_bytes)).
    #[must_use]
    pub fn with_table_bytes(bytes: usize) -> Self {
        Self {
            search: Parallel::new(
                bytes,
                NoEvaluator,
                all_cores(),
                Some(Box::new(|| NoEvaluator)),
            ),
        }
    }

    /// Searches on `threads` threads (at least 1; the default is one a core). Each search runs
    /// on every thread, sharing one table without locks; a helper thread puts off a move whose
    /// subtree another is searching, so the helpers spread over the tree (simplified ABDADA).
    /// Every answer is exact, so values and optimal moves do not depend on the thread count;
    /// nodes, times and the principal variation may. The table starts empty.
    ///
    /// A game searches on more than one thread only if its key gives
    /// [`words`](crate::TableKey::words) and its moves [`encode_move`](crate::Game::encode_move), as
    /// PrimeGame's do; otherwise on one. If the system gives no threads, on one as well.
    ///
    /// # Examples
    ///
    /// ```
    /// use gamesolver::{SmallPrimeGame, Solver};
    ///
    /// let game = SmallPrimeGame::new(40)?;
    /// let one = Solver::new().with_threads(1).solve(&game)?;
    /// let two = Solver::new().with_threads(2).solve(&game)?;
    /// assert_eq!((one.value, &one.best_moves), (two.value, &two.best_moves));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.search
            .set_threads(threads, Some(Box::new(|| NoEvaluator)));
        self
    }

    /// The number of threads asked for.
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
        self.search.core.budget = Budget {
            depth: None,
            ..budget
        };
    }

    /// Calls `report` about once a second (by elapsed time, read every 1024 nodes), to show
    /// that a long solve is working.
    #[must_use]
    pub fn on_progress(mut self, report: impl FnMut(&Progress) + Send + 'static) -> Self {
        self.search.core.progress = Some(Box::new(report));
        self
    }

    /// Nodes visited by this solver so far, over all its solves and threads.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.search.nodes()
    }

    /// Forgets every stored result.
    pub fn clear(&mut self) {
        self.search.clear();
    }

    /// The value of a finished search, or why it has none: the budget ran out, or the game
    /// is too long to be proven.
    fn checked(&self, result: Scored) -> Result<i64, SolveError> {
        if self.search.core.aborted {
            Err(SolveError::BudgetExhausted {
                nodes: self.search.core.nodes,
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

    fn exact_value(&mut self, position: &G) -> Result<i64, SolveError> {
        self.search.core.stage = Stage::Value;
        let result = self.search.run(&mut position.clone(), |core, position| {
            core.search(position, EXACT_DEPTH, -INFINITY, INFINITY, 0)
        });
        self.checked(result)
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
    /// use gamesolver::{Solver, WidePrimeGame};
    ///
    /// let game = WidePrimeGame::new(30)?;
    /// assert_eq!(Solver::new().best_move(&game)?, Some((29, 15)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn best_move(&mut self, position: &G) -> Result<Option<(G::Move, i64)>, SolveError> {
        self.search.begin_on(position);
        self.search.core.stage = Stage::Value;
        let (result, best) = self.search.run(&mut position.clone(), |core, position| {
            core.search_root(position, EXACT_DEPTH, -INFINITY, INFINITY)
        });
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
        let result = self.search.run(&mut position.clone(), |core, position| {
            core.move_value(position, mv, EXACT_DEPTH, alpha, beta)
        });
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
        let table_move = self.search.core.table_move(position);
        let mut moves = legal.clone();
        moves.sort_by_key(|&mv| std::cmp::Reverse(order_key(mv, position.margin(mv), table_move)));
        let mut best = 0;
        let mut optimal: Vec<G::Move> = Vec::new();
        for (done, &mv) in moves.iter().enumerate() {
            self.search.core.stage = Stage::RootMoves {
                done,
                total: moves.len(),
            };
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
            self.search.core.stage = Stage::Line(line.len());
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
        self.search.alone = true;
        let line = self.principal_line(position, value, best_moves.first().copied());
        self.search.alone = false;
        let principal_variation = line?;
        Ok(Solution {
            value,
            best_moves,
            principal_variation,
            nodes: self.nodes() - start_nodes,
        })
    }
}
