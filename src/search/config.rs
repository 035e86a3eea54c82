//! The settings the [`Solver`](crate::Solver) and the [`Engine`](crate::Engine) share, in one
//! place: the searcher takes them, and every helper thread searches by them. An option that
//! concerns one front-end only is on that front-end's builder.

use crate::search::table::{TableTooLarge, max_table_bytes};

/// The default transposition-table size: 64 MiB.
pub const DEFAULT_TABLE_BYTES: usize = 64 << 20;

/// How a [`Solver`](crate::Solver) or an [`Engine`](crate::Engine) searches: table size,
/// threads, table cut-offs, the helper threads' bursts. The defaults suit any game. The options
/// of one front-end are on its builder: the solver's null windows
/// ([`Solver::with_null_window_range`](crate::Solver::with_null_window_range),
/// [`Solver::with_first_guess`](crate::Solver::with_first_guess)), the engine's
/// time plan and pruning ([`Engine::with_aspiration`](crate::Engine::with_aspiration) and the
/// methods beside it). Values tuned for one game live with that game (PrimeGame's in
/// [`games::prime::solver`](crate::games::prime::solver) and
/// [`games::prime::engine`](crate::games::prime::engine), Kalah's in
/// [`games::kalah::solver`](crate::games::kalah::solver)).
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
/// assert!(!config.transposition_cutoffs);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct SearchConfig {
    /// Most bytes of the transposition table ([`DEFAULT_TABLE_BYTES`]); a table never takes
    /// more than [`max_table_bytes`], three quarters of the physical memory.
    ///
    /// How a table takes its memory: the solver's one-thread table starts small and doubles
    /// as it fills; the table threads share (for keys that give words and moves of at most 32
    /// bits) is asked of the system zeroed, which gives pages as they are written; so a small
    /// solve stays small whatever this limit. The engine's one-thread table, and the locked
    /// table threads share for other keys and moves, are made whole at once (a search under a
    /// deadline should not pay for growth).
    ///
    /// Larger is not always faster: where a node costs little beside its probe, a table the
    /// caches hold can win though it keeps fewer results (Connect 4 with Pons' hints: 1 MiB
    /// against 16 MiB, an eighth to a half less time), and where results are dear, room wins
    /// (Kalah(5,4): 64 MiB against 8 MiB, 1.7 times faster). BENCHMARKS.md has both ("Tables
    /// the caches hold"); measure your game.
    pub table_bytes: usize,
    /// Threads that search together (1).
    pub threads: usize,
    /// Whether the exact search looks up every child in the table before it searches a node,
    /// for a stored bound that already cuts it (enhanced transposition cut-offs): `false`.
    /// Each look-up is a memory access, and a node of a cheap game costs about as much: on
    /// Kalah, Dots and Boxes and Connect 4 the look-ups save 18 to 45% of the nodes and cost
    /// more time than that (BENCHMARKS.md, "Child look-ups"). A game whose nodes cost much
    /// more than a look-up gains by them (PrimeGame's tuned solver turns them on). The engine
    /// never does (in a depth-limited search they mostly cost the look-ups).
    pub transposition_cutoffs: bool,
    /// Whether moves that the order ranks equal (the same margin, say) are tried by the
    /// credit each earned cutting nodes where the order had put another first, more for a cut
    /// nearer the root: the history heuristic (Schaeffer, IEEE PAMI 11(11), 1989): `false`. A
    /// hint, never a value changed. It pays where the game's order leaves many moves tied and
    /// a move that refutes one position refutes others (Kalah's pits: up to 24% fewer nodes
    /// over random positions of Kalah(4,4) to (5,5), on no board more than 0.1% more); it
    /// costs where the game's order among ties is already good (Connect 4's columns from the
    /// centre: 15 times the nodes; Dots and Boxes 1.6 to 2.5 times). Kalah's tuned solver
    /// turns it on.
    pub history_heuristic: bool,
    /// Nodes a helper thread searches before it starts again from the root (20,000).
    pub helper_burst: u64,
}

impl Default for SearchConfig {
    fn default() -> Self {
        Self {
            table_bytes: DEFAULT_TABLE_BYTES,
            threads: 1,
            transposition_cutoffs: false,
            history_heuristic: false,
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

    /// Searches on `threads` threads (at least 1). Threads share one table: lock-free for a
    /// game whose keys give words ([`TableKey::words`](crate::TableKey::words)) and whose moves
    /// are unsigned integers (`u8` to `u64`, `usize`; a move whose value passes 32 bits is not
    /// kept as the table's best move, which only orders moves), else one lock a bucket, which
    /// nobody waits for but which costs more a node.
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

    /// Orders moves the order ranks equal by the history heuristic, or not (see
    /// [`history_heuristic`](Self::history_heuristic)).
    #[must_use]
    pub fn with_history_heuristic(mut self, on: bool) -> Self {
        self.history_heuristic = on;
        self
    }

    /// Nodes a helper thread searches between restarts from the root.
    #[must_use]
    pub fn with_helper_burst(mut self, nodes: u64) -> Self {
        self.helper_burst = nodes.max(1);
        self
    }
}
