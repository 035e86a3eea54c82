//! Retrograde analysis: every position of a [`WinLossGame`] reachable from a start solved at
//! once, whether its positions repeat or not, with the distance to the end.
//!
//! # The method
//!
//! [`Retrograde::solve`] first explores the game forward, breadth first from the start
//! (`explore`): each position reachable is given a number, its moves are played once, and the
//! numbers of its children are kept (a graph, a few bytes a move), while the positions
//! themselves are dropped once expanded. Then it goes backwards (`backward`), from the ends:
//!
//! - a position where the game has ended ([`WinLossGame::ending`], or no legal move:
//!   [`WinLossGame::without_moves`], a loss unless the rules say stalemate)
//!   has its verdict at 0 plies;
//! - a position with a child lost for its side to move is won, in one ply more than the
//!   nearest such child;
//! - a position all of whose children are won for their side to move is lost, in one ply
//!   more than the farthest;
//! - whatever is left when nothing more follows is a draw: neither side can force a win, and
//!   the side that cannot win can keep the game going (or reach a drawn ending).
//!
//! Positions are decided in order of plies, smallest first (a queue: a position decided from
//! a child of p plies has p + 1, never fewer than any decided before it). So the first lost
//! child seen gives the *fastest* win, and the last won child seen the *longest* loss: the
//! distance to the end as endgame tablebases give it, each side playing to win soonest or to
//! lose latest. A position is counted lost only when every move was counted (edge by edge, so
//! two moves to one child count twice), so a cycle never makes a loss: play that can go round
//! for ever with no side able to force a win stays a draw.
//!
//! A game too large for a graph can have its positions numbered densely (a [`Numbering`],
//! which gives the un-moves too): [`Retrograde::solve_indexed`] then keeps 2.25 bytes an
//! index and no graph (a code of 2 bytes, which counts an undecided position's moves not yet
//! refuted, and a bit in each of two layers' sets) and takes the same queue a layer of plies
//! at a time, each layer's positions listing their parents, on every core (atomics: one
//! compare-and-swap decides a position, so the order within a layer changes nothing). An end
//! a few plies from the game's end ([`WinLossGame::ending_plies`]: a king that can be taken)
//! joins the queue at its plies.
//! [`Retrograde::reach`] then marks the positions play can meet from a start, and
//! [`IndexedTablebase::counts_in`] counts their verdicts: Dobutsu shogi, numbered up to its
//! mirror image (855,232,344 indices), solves so in about 3 minutes on two cores and 2.2 GiB
//! (the `dobutsu` example). A numbering may fold such a symmetry in: positions equal up to it
//! share an index, and the un-moves list each parent class as often as it has moves into the
//! class ([`Numbering::predecessors`]; `games::dobutsu::UpToMirror` works one through).
//!
//! A table of the indexed path is saved with [`IndexedTablebase::save`] and read back whole
//! ([`IndexedTablebase::load`]) or a position at a time without loading it ([`TablebaseFile`]);
//! one of the forward path with [`Tablebase::save`] and [`Tablebase::load`], each position by
//! its key's [`words`](crate::TableKey::words). The first names the numbering
//! ([`Numbering::NAME`], [`Numbering::rules_id`]), the second the game
//! ([`Game::NAME`](crate::game::Game::NAME), [`Game::rules_id`](crate::game::Game::rules_id));
//! a table of another game, numbering, rule set or size, cut short or damaged, is refused.
//!
//! A solved table serves the alpha-beta searches as knowledge ([`TablebaseKnowledge`]: the exact
//! value of each position it holds) and the engine as a player ([`tablebase_endgames`]: a win
//! soonest, a loss latest), so that the part of a game that repeats, solved once backwards,
//! lets the [`Solver`](crate::Solver) search the rest forwards.
//!
//! # Values of scoring games, by tiers
//!
//! A [`ScoringGame`](crate::ScoringGame) whose positions never repeat, numbered in tiers
//! ([`Tiers`]: by the lines drawn, the seeds in play), is solved by
//! [`Retrograde::solve_scores`]: the exact value of every index. The value of a position is
//! the best, over its moves, of the move's margin plus the child's value (the move keeps the
//! turn) or minus it (the turn passes), and 0 where no move is left: the definition, over
//! every move, with no bound or guess. A tier is solved once every tier its moves lead to is
//! (the order is worked out first), its indices on every core; a move within the tier is
//! searched depth first and its value kept, and a move that comes back round is refused
//! ([`RetroError::TierCycle`]). A tier is let go once every tier whose moves lead to it is
//! solved, unless the caller keeps it, so memory is a byte for each index of the tiers held
//! at once, counted before the first is taken: Dots and Boxes of 3 x 4 boxes by the lines
//! drawn holds two tiers, 600 MB, where a pass over every set of lines takes 2 GiB. The
//! memory of a tier let go is taken again by the tiers after it, within that count, so that
//! the system does not fault it in and zero it again (a fifth of a whole Yahtzee solve's
//! processor time went to that; a twentieth since, its numbering dense too). A value
//! is kept in a byte, -127 to 127 ([`RetroError::ValueOutOfRange`] past them). The values
//! serve the searches as knowledge ([`ScoreKnowledge`]).
//!
//! A [`ChanceGame`] numbered so is solved in expected values by
//! [`Retrograde::solve_expected`], by the same search: a chance node's value is the mean, each
//! chance move weighted, of the chance moves' worths (margin and value after), a player's node
//! the best of its moves' worths, in `f64`, eight bytes an index ([`ExpectedTablebase`]; each
//! value a weighted mean of values rounded once, so within about `2⁻⁵³` times the plies to
//! the end times the largest margin sum of the exact one, as [`Expectation`] states for the
//! searches). A chance node's children and weights come from
//! [`Tiers::chance_children`] (by default the rules' chance moves, each played and placed), a
//! player's node's from [`Tiers::children`]. Solitaire Yahtzee
//! (`games::yahtzee::ByTurns`) is solved so whole, 254.5896 (Verhoeff).
//!
//! Where a chance game's positions go round within a tier (Pig, by the scores banked:
//! `games::pig::ByBanked`), the depth-first search meets a position on its own path; the
//! positions of the tier it has not valued then become a graph of their moves within the
//! tier, every move out of it (to a tier solved before, or a position valued) folded into a
//! constant once, and the graph's strongly connected components are settled each after
//! those it leads to, by value iteration on the component alone, as `chance::CyclicSolver`
//! settles a game explored by keys ([`Retrograde::with_tolerance`] for when a sweep has
//! settled; [`ExpectedTablebase::residual`] the largest change of a last sweep). The values
//! are the fixed point of the game's equations where play ends with certainty; a cycle play
//! need not leave is refused ([`RetroError::NoConvergence`]). The graph takes about 90 bytes
//! a position and 24 a move within the tier, beside 4 an index of the tier, counted as it
//! grows against [`Retrograde::with_max_bytes`] and refused past it.
//!
//! [`Expectation`]: crate::chance::Expectation
//!
//! Memory: about 30 bytes a position plus 8 a move for a game of small keys (the numbering's
//! hash map, the forward and backward edges, the verdicts and plies), bounded by
//! [`Retrograde::with_max_bytes`] and counted as the graph grows; past the bound the solve
//! stops with [`RetroError::TooLarge`], before it takes the memory.

mod backward;
mod explore;
mod indexed;
mod knowledge;
mod scores;
mod tablebase;
mod tablebase_file;
mod words;
mod workers;

pub use indexed::{IndexedTablebase, Reached, TablebaseFile, TablebaseFileError};
pub use knowledge::{TablebaseKnowledge, tablebase_endgames, tablebase_move};
pub(crate) use scores::tier_order;
pub use scores::{ExpectedTablebase, ScoreKnowledge, ScoreTablebase, TierValues};
pub use tablebase::{Counts, RetroValue, Tablebase};

use crate::chance::fixed_point::Settle;
use crate::game::{ChanceGame, Numbering, Place, Tiers, WinLossGame};
use crate::search::max_table_bytes;
use thiserror::Error;

/// Why a retrograde solve gave no answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum RetroError {
    /// The positions and moves found so far already take the memory allowed.
    #[error(
        "the game takes more than the {} MiB allowed ({positions} positions and {moves} moves found so far)",
        max_bytes >> 20
    )]
    TooLarge {
        /// The bound: [`Retrograde::with_max_bytes`].
        max_bytes: usize,
        /// Positions numbered when the bound was passed.
        positions: usize,
        /// Moves kept when the bound was passed.
        moves: usize,
    },
    /// More positions than the solver numbers (2^32 - 1).
    #[error("more than {} positions", u32::MAX - 1)]
    TooManyPositions,
    /// A position is decided further from the end than the solver counts (65,535 plies on
    /// the forward path, 32,636 on the indexed one).
    #[error("a position is further from the end than the solver counts")]
    TooDeep,
    /// A solve from a set of starts was given none ([`Retrograde::solve_from`]).
    #[error("no start to solve from")]
    NoStart,
    /// A [`Numbering`] gave an index at or past its `index_count` (or a [`Tiers`]
    /// numbering one at or past its tier's length).
    #[error("index {index} is out of the game's range")]
    IndexOutOfRange {
        /// The index given.
        index: u64,
    },
    /// A [`Tiers`] numbering named a tier at or past its `tier_count`.
    #[error("tier {tier} is out of the numbering's range")]
    TierOutOfRange {
        /// The tier named.
        tier: usize,
    },
    /// The moves of a [`Tiers`] numbering go round: through tiers, or within this tier (of a
    /// scoring game solved exactly; a chance game's are settled).
    #[error("the moves go round, through tier {tier}")]
    TierCycle {
        /// A tier on the cycle.
        tier: usize,
    },
    /// The tiers held at once would take more than the bytes allowed.
    #[error("the tiers held at once take {bytes} bytes, more than the {max_bytes} allowed")]
    TiersTooLarge {
        /// The bytes they would take.
        bytes: u64,
        /// The bound: [`Retrograde::with_max_bytes`].
        max_bytes: usize,
    },
    /// The system refused the memory of a tier.
    #[error("tier {tier}, of {indices} indices, could not be given memory")]
    TierTooLarge {
        /// The tier.
        tier: usize,
        /// Its indices.
        indices: u64,
    },
    /// A move led to a place that names no position.
    #[error("a move leads to tier {}, index {}, which names no position", .0.tier, .0.index)]
    NotAPosition(Place),
    /// A move led from one tier into another that the first's `tiers_after` did not name.
    #[error("a move leads from tier {from} into tier {to}, which its tiers_after leaves out")]
    TierNotListed {
        /// The tier the move is from.
        from: usize,
        /// The tier it leads into.
        to: usize,
    },
    /// The values of positions that go round within a tier still moved by more than the
    /// tolerance after the most sweeps allowed (2^20): a cycle that play need not leave.
    #[error("the values of tier {tier} still move after {sweeps} sweeps")]
    NoConvergence {
        /// The tier.
        tier: usize,
        /// The sweeps done.
        sweeps: usize,
    },
    /// A value past what a solve of scores keeps (-127 to 127).
    #[error("the position at tier {}, index {}, is worth {value}, past -127 to 127", .place.tier, .place.index)]
    ValueOutOfRange {
        /// Where.
        place: Place,
        /// Its value.
        value: i64,
    },
}

/// Where a retrograde solve stands, as its progress callback sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum RetroProgress {
    /// Exploring forward: positions numbered, and of them expanded.
    Explore {
        /// Positions found.
        found: usize,
        /// Positions whose moves were played.
        expanded: usize,
    },
    /// Going backwards: positions decided, of all found.
    Backward {
        /// Positions given a win or a loss.
        decided: usize,
        /// Positions in all.
        positions: usize,
    },
    /// The indexed path's first pass (the ends, and each position's moves counted): indices
    /// done, of all.
    Ends {
        /// Indices done.
        done: usize,
        /// Indices in all.
        indices: usize,
    },
    /// Finding the positions reachable from a start ([`Retrograde::reach`]): a ply done.
    Reach {
        /// The ply: the most plies from the start found so far.
        plies: usize,
        /// Positions found, the start included.
        found: usize,
    },
    /// A solve of scores finished a tier.
    Tier {
        /// Tiers solved.
        solved: usize,
        /// Tiers in all.
        tiers: usize,
    },
    /// The indexed path finished a layer: the positions won or lost in `plies`.
    Layer {
        /// The layer's distance to the end.
        plies: u16,
        /// Positions it decided.
        decided: usize,
        /// Positions won or lost so far, the ends and this layer included.
        total: usize,
    },
}

/// A progress callback: called every [`RETRO_PROGRESS_EVERY`] positions.
pub type RetroProgressFn = Box<dyn FnMut(RetroProgress) + Send>;

/// The progress callback of a solve by tiers: told each tier solved, of how many.
fn tier_progress(progress: &mut Option<RetroProgressFn>) -> impl FnMut(usize, usize) + '_ {
    move |solved, tiers| {
        if let Some(report) = progress.as_mut() {
            report(RetroProgress::Tier { solved, tiers });
        }
    }
}

/// How often the progress callback is called, in positions.
pub const RETRO_PROGRESS_EVERY: usize = 1 << 16;

/// The retrograde solver: its memory bound and progress callback.
///
/// ```
/// use gamesolver::retrograde::Retrograde;
///
/// let solver = Retrograde::new().with_max_bytes(1 << 30);
/// assert_eq!(solver.max_bytes(), 1 << 30);
/// ```
pub struct Retrograde {
    max_bytes: usize,
    threads: usize,
    checks_moves: bool,
    settle: Settle,
    progress: Option<RetroProgressFn>,
}

impl std::fmt::Debug for Retrograde {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Retrograde")
            .field("max_bytes", &self.max_bytes)
            .field("threads", &self.threads)
            .field("checks_moves", &self.checks_moves)
            .field("tolerance", &self.settle.tolerance)
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

impl Default for Retrograde {
    fn default() -> Self {
        Self::new()
    }
}

impl Retrograde {
    /// A solver bounded by [`max_table_bytes`] (three quarters of the machine's memory), on
    /// every core for the indexed path.
    #[must_use]
    pub fn new() -> Self {
        Self {
            max_bytes: max_table_bytes(),
            threads: std::thread::available_parallelism().map_or(1, usize::from),
            checks_moves: true,
            settle: Settle::default(),
            progress: None,
        }
    }

    /// The same solver running the indexed path on `threads` threads (at least 1). The
    /// forward path runs on one.
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// The same solver with the indexed path's check of the moves on or off (on by default).
    /// With un-moves, the backward pass meets a child only as the un-move of an index, so a
    /// move to an index past the count would go unseen and its position be valued wrongly;
    /// the first pass therefore numbers every move's child and refuses one past the count
    /// ([`RetroError::IndexOutOfRange`]). That numbering costs time (the indexed solve of a
    /// Dobutsu shogi of two chicks and a giraffe, one thread, best of five: 0.76 s against
    /// 0.67 s without it, 2026-12-05): turn it off only for a game whose
    /// numbering [`check::unmoves`](crate::check::unmoves) has passed. The sweeps number
    /// every child anyway.
    #[must_use]
    pub fn with_moves_checked(mut self, checks: bool) -> Self {
        self.checks_moves = checks;
        self
    }

    /// The same solver settling the positions of a chance game that go round within a tier
    /// ([`solve_expected`](Self::solve_expected)) until no value moves by more than
    /// `tolerance` in a sweep (10⁻¹² by default), or than 2⁻⁴⁶ of itself (rounding alone
    /// moves a large value by a few units in the last place).
    #[must_use]
    pub fn with_tolerance(mut self, tolerance: f64) -> Self {
        self.settle.tolerance = tolerance.abs();
        self
    }

    /// The threads the indexed path runs on.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The same solver bounded by `bytes` of memory for its graph and results (capped at
    /// [`max_table_bytes`]), the heap memory its keys own included, as
    /// [`TableKey::heap_bytes`](crate::TableKey::heap_bytes) says (a position waiting in the
    /// queue is taken to own as much as its key).
    #[must_use]
    pub fn with_max_bytes(mut self, bytes: usize) -> Self {
        self.max_bytes = bytes.min(max_table_bytes());
        self
    }

    /// The memory bound, in bytes: stated before a solve starts, and never passed.
    #[must_use]
    pub fn max_bytes(&self) -> usize {
        self.max_bytes
    }

    /// The same solver calling `progress` every [`RETRO_PROGRESS_EVERY`] positions.
    #[must_use]
    pub fn with_progress(mut self, progress: impl FnMut(RetroProgress) + Send + 'static) -> Self {
        self.progress = Some(Box::new(progress));
        self
    }

    /// Solves every position reachable from `start`: see the [module docs](self).
    ///
    /// # Errors
    ///
    /// [`RetroError::TooLarge`] when the graph would pass [`max_bytes`](Self::max_bytes),
    /// [`RetroError::TooManyPositions`] past 2^32 - 1 positions, [`RetroError::TooDeep`] for
    /// a position more than 65,535 plies from the end.
    pub fn solve<G: WinLossGame>(&mut self, start: &G) -> Result<Tablebase<G::Key>, RetroError> {
        self.solve_from(std::slice::from_ref(start))
    }

    /// Solves every position reachable from any of `starts` (the openings of a game that has
    /// several, or a set of endgames): one graph, each position solved once. The table's
    /// [`start`](Tablebase::start) is the first start's value; the others are read by
    /// [`value`](Tablebase::value).
    ///
    /// # Errors
    ///
    /// [`RetroError::NoStart`] if `starts` is empty; else as [`solve`](Self::solve).
    pub fn solve_from<G: WinLossGame>(
        &mut self,
        starts: &[G],
    ) -> Result<Tablebase<G::Key>, RetroError> {
        if starts.is_empty() {
            return Err(RetroError::NoStart);
        }
        let graph = explore::explore(starts, self.max_bytes, &mut self.progress)?;
        let (verdicts, plies) = backward::solve(&graph, &mut self.progress)?;
        Ok(Tablebase::new(graph.ids, verdicts, plies))
    }

    /// Solves every index of `numbering` ([`Numbering::index_count`], whether reachable or
    /// not), on [`threads`](Self::threads) threads, in arrays of 2 bytes an index, 2.25
    /// with un-moves ([`Numbering::HAS_PREDECESSORS`]): backwards through the un-moves a
    /// layer of plies at a time, or without them by sweeping every index a layer (see the
    /// module docs). The same values as [`solve`](Self::solve) on every position both reach.
    ///
    /// # Errors
    ///
    /// [`RetroError::TooLarge`] when the arrays would pass [`max_bytes`](Self::max_bytes)
    /// (checked before anything is allocated), [`RetroError::IndexOutOfRange`] for a position
    /// or a move's child whose index is not below the count (see
    /// [`with_moves_checked`](Self::with_moves_checked)), [`RetroError::TooDeep`].
    pub fn solve_indexed<N: Numbering + Sync>(
        &mut self,
        numbering: &N,
    ) -> Result<IndexedTablebase, RetroError> {
        let settings = (self.max_bytes, self.threads, self.checks_moves);
        indexed::solve(numbering, settings, &mut self.progress)
    }

    /// The indices of `numbering` that play reaches from `start` (not played on where the
    /// game has ended), breadth first on [`threads`](Self::threads) threads: a bit an index,
    /// and 8 bytes a position of the widest ply, twice. With
    /// [`IndexedTablebase::counts_in`], the verdicts of the part of a solve that play can meet.
    ///
    /// # Errors
    ///
    /// [`RetroError::TooLarge`] when the bits or a ply's list would pass
    /// [`max_bytes`](Self::max_bytes), [`RetroError::IndexOutOfRange`] for a position whose
    /// index is not below the count.
    pub fn reach<N: Numbering + Sync>(
        &mut self,
        numbering: &N,
        start: &N::Game,
    ) -> Result<Reached, RetroError> {
        let settings = (self.max_bytes, self.threads);
        indexed::reach(numbering, start, settings, &mut self.progress)
    }

    /// Solves every position of `tiers`, tier by tier, and keeps them all: the exact value of
    /// every index ([module docs](self)). As
    /// [`solve_scores_keeping`](Self::solve_scores_keeping) keeping every tier.
    ///
    /// # Errors
    ///
    /// As [`solve_scores_keeping`](Self::solve_scores_keeping).
    pub fn solve_scores<T: Tiers + Sync>(
        &mut self,
        tiers: &T,
    ) -> Result<ScoreTablebase, RetroError> {
        self.solve_scores_keeping(tiers, |_| true)
    }

    /// Solves every position of `tiers`, tier by tier on [`threads`](Self::threads)
    /// threads, and keeps the tiers `keep` says (the start's, say): a tier not kept is let go
    /// once the tiers that need it are solved, so memory is the tiers held at once, a byte an
    /// index, not the game.
    ///
    /// # Errors
    ///
    /// [`RetroError::TiersTooLarge`] when the tiers held at once would pass
    /// [`max_bytes`](Self::max_bytes) (checked before anything is allocated),
    /// [`RetroError::TierTooLarge`] if the system refuses a tier's memory;
    /// for a numbering that breaks its contract, [`RetroError::TierCycle`],
    /// [`RetroError::TierOutOfRange`], [`RetroError::TierNotListed`],
    /// [`RetroError::IndexOutOfRange`] and [`RetroError::NotAPosition`]; and
    /// [`RetroError::ValueOutOfRange`] for a value past -127 to 127.
    pub fn solve_scores_keeping<T: Tiers + Sync>(
        &mut self,
        tiers: &T,
        keep: impl Fn(usize) -> bool,
    ) -> Result<ScoreTablebase, RetroError> {
        let workers = workers::Workers::new(self.threads);
        let max_bytes = self.max_bytes;
        scores::solve(
            tiers,
            &keep,
            max_bytes,
            &workers,
            tier_progress(&mut self.progress),
        )
    }

    /// Solves every position of a chance game numbered by `tiers`, tier by tier on
    /// [`threads`](Self::threads) threads, in expected values, and keeps the tiers `keep`
    /// says: the value of a player's node is the best worth of its moves, of a chance node
    /// the mean of its chance moves' worths, each weighted, and 0 where no move is left
    /// ([`ChanceGame`]'s definition, in `f64`: [module docs](self)). Eight bytes an index of
    /// the tiers held at once. Positions that go round within a tier are settled to the
    /// [tolerance](Self::with_tolerance).
    ///
    /// # Errors
    ///
    /// As [`solve_scores_keeping`](Self::solve_scores_keeping), but for
    /// [`RetroError::ValueOutOfRange`] (every value fits) and [`RetroError::TierCycle`]
    /// within a tier (settled); [`RetroError::NoConvergence`] for values that go round and
    /// still move after 2^20 sweeps; [`RetroError::TiersTooLarge`] also for the graph of a
    /// tier's cycles past [`max_bytes`](Self::max_bytes).
    pub fn solve_expected<T: Tiers + Sync>(
        &mut self,
        tiers: &T,
        keep: impl Fn(usize) -> bool,
    ) -> Result<ExpectedTablebase, RetroError>
    where
        T::Game: ChanceGame,
    {
        let workers = workers::Workers::new(self.threads);
        let max_bytes = self.max_bytes;
        let cycles = scores::Cycles::new(self.settle, max_bytes);
        let progress = tier_progress(&mut self.progress);
        scores::solve_expected(tiers, &keep, max_bytes, (&workers, &cycles), progress)
    }

    /// Solves the indices `range` of `tier` alone, on [`threads`](Self::threads) threads,
    /// given `children`: the whole values of each tier its moves lead to (its
    /// [`tiers_after`](Tiers::tiers_after), read back from the jobs that solved them). A job
    /// of the tier path ([`jobs::tiers`](crate::jobs::tiers)). The whole tier's codes are held
    /// while it runs (a byte an index), for the moves within the tier.
    ///
    /// # Errors
    ///
    /// [`RetroError::TiersTooLarge`] if the tier, its children and the range's copy pass
    /// [`max_bytes`](Self::max_bytes) (checked before the tier's memory is taken),
    /// [`RetroError::TierOutOfRange`] for a child that is not a whole tier of the numbering,
    /// [`RetroError::IndexOutOfRange`] for a range past the tier; else as
    /// [`solve_scores_keeping`](Self::solve_scores_keeping).
    pub fn solve_tier<T: Tiers + Sync>(
        &mut self,
        tiers: &T,
        tier: usize,
        range: std::ops::Range<u64>,
        children: Vec<TierValues>,
    ) -> Result<TierValues, RetroError> {
        let workers = workers::Workers::new(self.threads);
        let cycles = scores::Cycles::new(self.settle, self.max_bytes);
        let (at, run) = ((tier, range), (&workers, &cycles));
        scores::solve_range::<T, scores::Exact>(tiers, at, children, self.max_bytes, run)
    }

    /// [`solve_tier`](Self::solve_tier) in expected values: the indices `range` of `tier` of
    /// a chance game, given `children`, the whole expected values of each tier its moves lead
    /// to; eight bytes an index. A job of the tier path
    /// ([`jobs::tiers::run_expected_tier_job`](crate::jobs::tiers::run_expected_tier_job)).
    ///
    /// # Errors
    ///
    /// As [`solve_tier`](Self::solve_tier); a child of exact values is refused as
    /// [`RetroError::TierOutOfRange`].
    pub fn solve_expected_tier<T: Tiers + Sync>(
        &mut self,
        tiers: &T,
        tier: usize,
        range: std::ops::Range<u64>,
        children: Vec<TierValues>,
    ) -> Result<TierValues, RetroError>
    where
        T::Game: ChanceGame,
    {
        let workers = workers::Workers::new(self.threads);
        let cycles = scores::Cycles::new(self.settle, self.max_bytes);
        let (at, run) = ((tier, range), (&workers, &cycles));
        scores::solve_range::<T, scores::Expected>(tiers, at, children, self.max_bytes, run)
    }
}
