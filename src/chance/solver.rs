//! `ChanceSolver`: the exact expected value of a chance game (the search in `search` and
//! `star`), and every move worth it.

use super::error::ChanceError;
use super::search::{ChancePruning, Halt, Search, TO_THE_END};
use super::split::Threads;
use super::value::Expectation;
use super::worth::move_worth;
use crate::game::{ChanceGame, Evaluator, Knowledge, NoEvaluator, NoKnowledge};

/// The most positions the table holds unless told ([`ChanceSolver::with_max_entries`]):
/// about 100 bytes each with `f64` values, so about 400 MiB.
pub const DEFAULT_MAX_ENTRIES: usize = 1 << 22;

/// A chance game's value, and every move that reaches it.
#[derive(Debug, Clone, PartialEq)]
pub struct ChanceSolution<V, M> {
    /// The expected value for the side to move.
    pub value: V,
    /// Every move worth the value, in the game's order (none at a chance node or an end).
    pub best_moves: Vec<M>,
}

/// The exact solver of a [`ChanceGame`] without cycles, in the numbers `V` the user chooses
/// (see [`Expectation`]); the module docs give the method and its proof. `E` is the evaluator
/// that orders a player's moves ([`with_move_ordering`](Self::with_move_ordering)) and `K`
/// the game's knowledge ([`with_knowledge`](Self::with_knowledge)); by default neither.
#[derive(Debug)]
pub struct ChanceSolver<G: ChanceGame, V, E = NoEvaluator, K = NoKnowledge> {
    search: Search<G, V, E, K>,
    threads: Threads<G, V, E, K>,
}

impl<G: ChanceGame, V: Expectation> Default for ChanceSolver<G, V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: ChanceGame, V: Expectation> ChanceSolver<G, V> {
    /// A solver with Star1 at chance nodes ([`ChancePruning`] says why not Star2) and a table
    /// of at most [`DEFAULT_MAX_ENTRIES`] positions.
    #[must_use]
    pub fn new() -> Self {
        Self {
            search: Search::new(
                NoEvaluator,
                NoKnowledge,
                DEFAULT_MAX_ENTRIES,
                ChancePruning::Star1,
            ),
            threads: Threads::one(),
        }
    }
}

impl<G: ChanceGame, V: Expectation, K: Knowledge<G>> ChanceSolver<G, V, NoEvaluator, K> {
    /// The same solver (its settings, an empty table) with each player's moves searched in
    /// the order of `evaluator`'s estimates of the positions after them, the table's best
    /// move first. A hint: the evaluator orders moves and is never a value, so the values
    /// stay exact whatever it says; only the nodes change. A good order is what Star2's
    /// probes need ([`ChancePruning`]): on a bearoff race of six checkers a side, ordered
    /// by the one-sided database's expected rolls, Star2 searches 2.1 times fewer nodes
    /// than no pruning and 2.0 times fewer than Star1 unordered (BENCHMARKS.md).
    ///
    /// ```
    /// use gamesolver::chance::{ChancePruning, ChanceSolver};
    /// use gamesolver::games::bearoff::{BearoffRace, Checkers, PipCount};
    ///
    /// let race = BearoffRace::new(Checkers::new([0, 1, 0, 0, 0, 1])?, Checkers::new([1, 0, 0, 1, 0, 0])?);
    /// let mut ordered = ChanceSolver::<_, f64>::new()
    ///     .with_chance_pruning(ChancePruning::Star2)
    ///     .with_move_ordering(PipCount);
    /// let value = ordered.value(&race)?;
    /// assert!((value - ChanceSolver::<_, f64>::new().value(&race)?).abs() < 1e-12);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_move_ordering<E: Evaluator<G>>(self, evaluator: E) -> ChanceSolver<G, V, E, K> {
        let old = self.search;
        let mut search = Search::new(
            evaluator,
            old.knowledge,
            old.table.max_entries(),
            old.pruning,
        );
        search.entries_after_chance = old.entries_after_chance;
        search.order_by_estimate = true;
        ChanceSolver::on_threads(search, self.threads.count())
    }
}

impl<G: ChanceGame, V: Expectation, E: Evaluator<G>> ChanceSolver<G, V, E, NoKnowledge> {
    /// The same solver (its settings, its evaluator, an empty table) with what `knowledge`
    /// proves of the positions: its bounds (**sound**: a bound that lies changes the values;
    /// [`check::chance_knowledge`](crate::check::chance_knowledge) finds such a lie) narrow
    /// the game's own ([`ChanceGame::value_bounds`]) at every node, so Star1 and Star2 cut
    /// sooner; its best move (a **hint**) is searched first where the table has none.
    #[must_use]
    pub fn with_knowledge<K: Knowledge<G>>(self, knowledge: K) -> ChanceSolver<G, V, E, K> {
        let old = self.search;
        let mut search = Search::new(
            old.evaluator,
            knowledge,
            old.table.max_entries(),
            old.pruning,
        );
        search.entries_after_chance = old.entries_after_chance;
        search.order_by_estimate = old.order_by_estimate;
        ChanceSolver::on_threads(search, self.threads.count())
    }
}

impl<G: ChanceGame, V: Expectation, E: Evaluator<G>, K: Knowledge<G>> ChanceSolver<G, V, E, K> {
    /// Holds at most `entries` positions in the table: once it is full, new positions are not
    /// remembered (the values stay exact; the search may take longer).
    #[must_use]
    pub fn with_max_entries(mut self, entries: usize) -> Self {
        self.search.table.set_max_entries(entries);
        self.threads.leave(&mut self.search);
        self
    }

    /// How chance nodes are cut (Star1 by default). The values are the same with each.
    #[must_use]
    pub fn with_chance_pruning(mut self, pruning: ChancePruning) -> Self {
        self.search.pruning = pruning;
        self.threads.leave(&mut self.search);
        self
    }

    /// Whether the positions right after a chance move go into the table (on by default).
    /// Off suits a game where such a position is reached from its chance node alone, as
    /// after a roll of the dice that the side then plays (backgammon's): the chance node's
    /// entry then stands for them, and the table holds a fraction of the positions (a bearoff
    /// race of six checkers a side solved exactly: 1.2 times the nodes, 0.6 times the time, 16
    /// MiB where it took 400, BENCHMARKS.md). The values are the same.
    #[must_use]
    pub fn with_entries_after_chance(mut self, on: bool) -> Self {
        self.search.entries_after_chance = on;
        self.threads.leave(&mut self.search);
        self
    }

    /// Solves on `threads` threads (at least 1; the default is 1), as
    /// [`ChanceEngine::with_threads`](super::ChanceEngine::with_threads) searches: the nodes
    /// searched whole split between them, over one table they share behind locks (of at most
    /// the [`with_max_entries`](Self::with_max_entries) limit). The values are the same. It
    /// pays on a deep solve (a race of six checkers a side: 0.67 to 0.72 of the time on two
    /// threads), not on a database of positions each of which finds the table holding what
    /// it leads to (every race of up to six a side: 1.4 times the time), where the locks
    /// cost more than the little there is to split.
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads.set_count(&mut self.search, threads);
        self
    }

    /// The number of threads that solve.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads.count()
    }

    /// `search` on `threads` threads.
    fn on_threads(mut search: Search<G, V, E, K>, threads: usize) -> Self {
        let mut on = Threads::one();
        on.set_count(&mut search, threads);
        Self {
            search,
            threads: on,
        }
    }

    /// The nodes searched since the solver was made.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.threads.nodes(&self.search)
    }

    /// The positions the table holds.
    #[must_use]
    pub fn table_len(&self) -> usize {
        self.threads.table_len(&self.search)
    }

    /// The expected value of `position` for its side to move. The table is kept for the
    /// next position (a database of many positions shares it).
    ///
    /// # Errors
    ///
    /// [`ChanceError::PositionsRepeat`] for a game whose positions repeat;
    /// [`ChanceError::TooDeep`] for play past [`MAX_PLIES`](super::MAX_PLIES).
    pub fn value(&mut self, position: &G) -> Result<V, ChanceError> {
        if G::POSITIONS_REPEAT {
            return Err(ChanceError::PositionsRepeat);
        }
        self.threads.prepare(&mut self.search);
        match self.threads.search(&mut self.search, position, TO_THE_END) {
            Ok(value) => Ok(value),
            Err(Halt::Failed(error)) => Err(error),
            Err(Halt::OutOfTime) => unreachable!("an exact solve has no deadline"),
        }
    }

    /// The value of `position` and every move worth it: each move's worth searched exactly.
    ///
    /// # Errors
    ///
    /// As [`value`](Self::value).
    pub fn solve(&mut self, position: &G) -> Result<ChanceSolution<V, G::Move>, ChanceError> {
        let value = self.value(position)?;
        let mut best_moves = Vec::new();
        if !position.is_chance() {
            for mv in position.legal_moves() {
                let worth = move_worth(position, mv, self.value(&position.after(mv))?);
                if worth.same(&value) {
                    best_moves.push(mv);
                }
            }
        }
        Ok(ChanceSolution { value, best_moves })
    }
}
