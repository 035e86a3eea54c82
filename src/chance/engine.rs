//! `ChanceEngine`: a chance game played within a budget, by iterative deepening over the
//! chance search with an evaluator at the horizon.

use super::error::ChanceError;
use super::search::{ChancePruning, Halt, Search};
use super::solver::DEFAULT_MAX_ENTRIES;
use super::split::Threads;
use super::value::Expectation;
use crate::game::{ChanceGame, Evaluator, NoKnowledge};
use crate::search::Budget;
use std::time::{Duration, Instant};

/// What a [`ChanceEngine`] search found.
#[derive(Debug, Clone, PartialEq)]
pub struct ChanceSearchResult<V, M> {
    /// The move to play (none at a chance node, where the dice choose).
    pub best_move: Option<M>,
    /// The expected value for the side to move, exact or estimated (see `exact`).
    pub value: V,
    /// Whether `value` is proven: the last iteration reached the end of the game everywhere.
    pub exact: bool,
    /// The depth of the last completed iteration, in players' moves (chance moves are not
    /// counted); 0 if none completed, when `best_move` is the first move in the search's order.
    pub depth: u16,
    /// Nodes visited, probes included.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
}

/// A chance game's engine: iterative deepening over the [`ChanceSolver`](super::ChanceSolver)'s
/// search (alpha-beta, Star1 or Star2 at chance nodes, a table of bounds by depth), an
/// [`Evaluator`] at the horizon ([`Evaluator::expected`]), within a [`Budget`] of depth (in
/// players' moves), nodes and time. The clock is read every thousand nodes or so; an iteration
/// cut short is thrown away, and the move of the last one completed is played. It stops
/// deepening once an iteration reaches no horizon: the value is then exact.
///
/// # Examples
///
/// ```
/// use gamesolver::chance::ChanceEngine;
/// use gamesolver::games::bearoff::{BearoffRace, Checkers, PipCount};
/// use gamesolver::Budget;
///
/// let side = Checkers::new([2, 1, 1, 0, 0, 1])?;
/// let race = BearoffRace::new(side, side);
/// let mut engine = ChanceEngine::<_, _, f64>::new(PipCount);
/// let result = engine.search(&race, Budget::default().with_depth(2))?.expect("a race to run");
/// assert_eq!(result.best_move, None); // the race starts with a roll
/// assert!(result.value > 0.0); // equal sides: the side on roll is ahead
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct ChanceEngine<G: ChanceGame, E: Evaluator<G>, V = f64> {
    // No knowledge: its bounds hold for the game's values, not for those searched to a
    // horizon, which Star1 would then cut by wrongly.
    search: Search<G, V, E>,
    threads: Threads<G, V, E>,
}

impl<G: ChanceGame, E: Evaluator<G>, V: Expectation> ChanceEngine<G, E, V> {
    /// An engine with `evaluator` at the horizon, Star2 at the chance nodes and a table of at
    /// most [`DEFAULT_MAX_ENTRIES`] positions.
    #[must_use]
    pub fn new(evaluator: E) -> Self {
        let pruning = ChancePruning::Star2;
        let mut search = Search::new(evaluator, NoKnowledge, DEFAULT_MAX_ENTRIES, pruning);
        search.order_by_estimate = true;
        Self {
            search,
            threads: Threads::one(),
        }
    }

    /// Holds at most `entries` positions in the table (see
    /// [`ChanceSolver::with_max_entries`](super::ChanceSolver::with_max_entries)).
    #[must_use]
    pub fn with_max_entries(mut self, entries: usize) -> Self {
        self.search.table.set_max_entries(entries);
        self.alone()
    }

    /// How chance nodes are cut (Star2 by default). The values are the same with each.
    #[must_use]
    pub fn with_chance_pruning(mut self, pruning: ChancePruning) -> Self {
        self.search.pruning = pruning;
        self.alone()
    }

    /// Whether the positions right after a chance move go into the table (on by default; see
    /// [`ChanceSolver::with_entries_after_chance`](super::ChanceSolver::with_entries_after_chance)).
    /// Off suits a game where such a position is reached from its chance node alone (bearoff
    /// races searched three players' moves deep: the same nodes within 4%, Star2 4 to 8%
    /// faster on 10 and 15 checkers a side, within the noise on 6, BENCHMARKS.md). The values
    /// are the same.
    #[must_use]
    pub fn with_entries_after_chance(mut self, on: bool) -> Self {
        self.search.entries_after_chance = on;
        self.alone()
    }

    /// Whether a player's moves are searched in the order of the evaluator's estimates of
    /// them (on by default), where two or more players' moves are left to search: one
    /// estimate a move buys a good first move, which Star2's probes and alpha-beta need. Off,
    /// the table's best move first, then the largest margin.
    #[must_use]
    pub fn with_ordering_by_estimate(mut self, on: bool) -> Self {
        self.search.order_by_estimate = on;
        self.alone()
    }

    /// Searches on `threads` threads (at least 1; the default is 1). Each iteration is split
    /// between them at the nodes it searches whole: the root's chance moves, or a player's
    /// moves after the first, each within the best worth found so far, and the first move's
    /// subtree split the same way (the module `split` of the source gives the proof). Each
    /// thread has its own copy of the evaluator; they share one table, of at most the
    /// [`with_max_entries`](Self::with_max_entries) limit, behind locks. A node budget is
    /// shared out between the threads, each stopping one node past its share at most. If the
    /// system gives no threads, the first search falls back to one, and
    /// [`threads`](Self::threads) says so.
    ///
    /// On two threads, bearoff races searched three and four players' moves deep took 0.50
    /// to 0.69 of the time of one (BENCHMARKS.md, "Games with chance").
    ///
    /// # Examples
    ///
    /// ```
    /// use gamesolver::chance::ChanceEngine;
    /// use gamesolver::games::bearoff::{BearoffRace, Checkers, PipCount};
    /// use gamesolver::Budget;
    ///
    /// let race = BearoffRace::new(Checkers::new([2, 1, 1, 0, 0, 1])?, Checkers::new([1, 1, 1, 1, 0, 1])?);
    /// let budget = Budget::default().with_depth(2);
    /// let one = ChanceEngine::<_, _, f64>::new(PipCount).search(&race, budget)?.expect("a race");
    /// let mut engine = ChanceEngine::<_, _, f64>::new(PipCount).with_threads(2);
    /// let two = engine.search(&race, budget)?.expect("a race");
    /// assert!((one.value - two.value).abs() < 1e-12); // as on one thread
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads.set_count(&mut self.search, threads);
        self
    }

    /// The number of threads that search.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads.count()
    }

    /// The engine without its helpers (made again, with the settings then, at the next
    /// search on threads).
    fn alone(mut self) -> Self {
        self.threads.leave(&mut self.search);
        self
    }

    /// Forgets what earlier searches proved (the tables); the next search starts afresh.
    pub fn clear(&mut self) {
        self.threads.clear(&mut self.search);
    }

    /// Searches `position` within `budget`; `None` if the game is over there.
    ///
    /// # Errors
    ///
    /// [`ChanceError::TooDeep`] if play goes past [`MAX_PLIES`](super::MAX_PLIES) chance
    /// moves without a player's move.
    pub fn search(
        &mut self,
        position: &G,
        budget: Budget,
    ) -> Result<Option<ChanceSearchResult<V, G::Move>>, ChanceError> {
        let start = Instant::now();
        let moves = position.legal_moves();
        let Some(&first) = moves.first() else {
            return Ok(None);
        };
        self.threads.prepare(&mut self.search);
        let nodes_before = self.threads.nodes(&self.search);
        let deadline = budget.started_at(start).deadline;
        self.threads
            .set_budget(&mut self.search, deadline, budget.nodes);
        let chance = position.is_chance();
        let best_move = |search: &Search<G, V, E>| {
            (!chance).then(|| search.best_move(position).unwrap_or(first))
        };
        let mut found = ChanceSearchResult {
            best_move: best_move(&self.search),
            value: self.search.horizon(position),
            exact: false,
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
        };
        for depth in 1..=budget.depth.unwrap_or(u16::MAX) {
            let estimates = self.threads.estimates(&self.search);
            let value = match self.threads.search(&mut self.search, position, depth) {
                Ok(value) => value,
                Err(Halt::Failed(error)) => return Err(error),
                Err(Halt::OutOfTime) => break,
            };
            found.exact = self.threads.estimates(&self.search) == estimates;
            found.value = value;
            found.depth = depth;
            found.best_move = best_move(&self.search);
            if found.exact {
                break;
            }
        }
        found.nodes = self.threads.nodes(&self.search) - nodes_before;
        found.elapsed = start.elapsed();
        Ok(Some(found))
    }
}
