//! The settings of the [`Solver`](crate::Solver) and the [`Engine`](crate::Engine), in one
//! place.

use crate::search::table::{TableTooLarge, max_table_bytes};

/// The default transposition-table size: 64 MiB.
pub const DEFAULT_TABLE_BYTES: usize = 64 << 20;

/// How a [`Solver`](crate::Solver) or an [`Engine`](crate::Engine) searches: table size,
/// threads, move ordering, and the engine's time plan. The defaults suit any game; values tuned
/// for one game live with that game (PrimeGame's in
/// [`games::prime::search_config`](crate::games::prime::search_config)).
///
/// Built with the `with_` methods from [`SearchConfig::default`]; the fields can be read.
///
/// # Examples
///
/// ```
/// use gamesolver::SearchConfig;
///
/// let config = SearchConfig::default().with_threads(2).with_table_bytes(16 << 20);
/// assert_eq!((config.threads, config.table_bytes), (2, 16 << 20));
/// assert!(config.transposition_cutoffs);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct SearchConfig {
    /// Most bytes of the transposition table ([`DEFAULT_TABLE_BYTES`]); a table never takes
    /// more than [`max_table_bytes`], three quarters of the physical memory.
    pub table_bytes: usize,
    /// Threads that search together (1).
    pub threads: usize,
    /// Whether the exact search looks up every child in the table before it searches a node,
    /// for a stored bound that already cuts it (enhanced transposition cut-offs): `true`. It
    /// saves nodes where most children are stored; a game whose nodes are cheap to search may
    /// save time without it. The engine never does (in a depth-limited search it mostly costs
    /// the lookups).
    pub transposition_cutoffs: bool,
    /// Whether an exact value is found by null-window tests that narrow proven root bounds
    /// (when the game's [`Knowledge`](crate::Knowledge) gives them, at most this wide),
    /// rather than by one open window: `Some(64)`. Pays in games of a small score range.
    pub null_window_range: Option<i64>,
    /// The engine's first aspiration window around the previous iteration's value, if any
    /// (`None`: every iteration searches the open window). A width in the game's points.
    pub aspiration: Option<i64>,
    /// The engine's forward pruning of large positions: a position with more search moves
    /// than `.0` is searched over its `.1` best moves (by
    /// [`Knowledge::best_moves`](crate::Knowledge::best_moves)) at each node. `None`: never.
    pub large_board: Option<(usize, usize)>,
    /// The engine first solves a position of at most this many search moves exactly, in
    /// `1 / endgame_share` of its time (0: never).
    pub exact_endgame_moves: usize,
    /// The part of the time left an exact endgame attempt may take: one in this many (3).
    pub endgame_share: u32,
    /// How many times the cost of the last iteration the engine expects the next to cost; it
    /// starts no iteration that cannot end before the deadline (4).
    pub iteration_growth: u32,
    /// Nodes a helper thread searches before it starts again from the root (20,000).
    pub helper_burst: u64,
}

impl Default for SearchConfig {
    fn default() -> Self {
        Self {
            table_bytes: DEFAULT_TABLE_BYTES,
            threads: 1,
            transposition_cutoffs: true,
            null_window_range: Some(64),
            aspiration: None,
            large_board: None,
            exact_endgame_moves: 0,
            endgame_share: 3,
            iteration_growth: 4,
            helper_burst: 20_000,
        }
    }
}

impl SearchConfig {
    /// The table takes at most `bytes`, and never more than this machine allows
    /// ([`max_table_bytes`]: a larger request gets that much). To be told instead, use
    /// [`try_with_table_bytes`](Self::try_with_table_bytes).
    #[must_use]
    pub fn with_table_bytes(mut self, bytes: usize) -> Self {
        self.table_bytes = bytes;
        self
    }

    /// The table takes at most `bytes`, if this machine allows that much.
    ///
    /// # Errors
    ///
    /// [`TableTooLarge`] if `bytes` is more than [`max_table_bytes`] (three quarters of the
    /// physical memory); the configuration is not changed.
    ///
    /// # Examples
    ///
    /// ```
    /// use gamesolver::SearchConfig;
    /// use gamesolver::search::max_table_bytes;
    ///
    /// let config = SearchConfig::default().try_with_table_bytes(256 << 20)?;
    /// assert_eq!(config.table_bytes, 256 << 20);
    /// let too_much = SearchConfig::default().try_with_table_bytes(max_table_bytes() + 1);
    /// assert!(too_much.is_err());
    /// # Ok::<(), gamesolver::search::TableTooLarge>(())
    /// ```
    pub fn try_with_table_bytes(self, bytes: usize) -> Result<Self, TableTooLarge> {
        let limit = max_table_bytes();
        if bytes > limit {
            return Err(TableTooLarge { bytes, limit });
        }
        Ok(self.with_table_bytes(bytes))
    }

    /// Searches on `threads` threads (at least 1).
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// Searches on a thread for every core.
    #[must_use]
    pub fn with_all_cores(self) -> Self {
        self.with_threads(std::thread::available_parallelism().map_or(1, usize::from))
    }

    /// Looks up children for table cut-offs in exact searches, or not.
    #[must_use]
    pub fn with_transposition_cutoffs(mut self, on: bool) -> Self {
        self.transposition_cutoffs = on;
        self
    }

    /// Narrows proven root bounds at most `range` wide by null-window tests (`None`: never).
    #[must_use]
    pub fn with_null_window_range(mut self, range: Option<i64>) -> Self {
        self.null_window_range = range;
        self
    }

    /// The engine's aspiration window (`None`: none).
    #[must_use]
    pub fn with_aspiration(mut self, width: Option<i64>) -> Self {
        self.aspiration = width.map(|width| width.max(1));
        self
    }

    /// The engine searches a position of more than `moves` search moves over `candidates`
    /// moves a node (`None`: never).
    #[must_use]
    pub fn with_large_board(mut self, large: Option<(usize, usize)>) -> Self {
        self.large_board = large.map(|(moves, candidates)| (moves, candidates.max(1)));
        self
    }

    /// The engine first solves positions of at most `moves` search moves exactly, in one
    /// `share`-th of its time.
    #[must_use]
    pub fn with_exact_endgame(mut self, moves: usize, share: u32) -> Self {
        self.exact_endgame_moves = moves;
        self.endgame_share = share.max(1);
        self
    }

    /// The engine's expected cost of an iteration, in iterations before it.
    #[must_use]
    pub fn with_iteration_growth(mut self, growth: u32) -> Self {
        self.iteration_growth = growth.max(1);
        self
    }

    /// Nodes a helper thread searches between restarts from the root.
    #[must_use]
    pub fn with_helper_burst(mut self, nodes: u64) -> Self {
        self.helper_burst = nodes.max(1);
        self
    }
}
