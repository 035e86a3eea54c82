//! Alpha-beta search: one negamax with a transposition table, used both to solve positions
//! exactly ([`Solver`]) and, depth-limited with an [`Evaluator`](crate::Evaluator), to play
//! ([`Engine`]). Both front-ends search through one searcher, set up by one [`SearchConfig`];
//! an option of one front-end only is on its builder.
//!
//! # How the search works
//!
//! One negamax with alpha-beta serves every game. It keeps a fixed-size transposition table
//! (two slots a bucket, the costlier result kept; each entry holds a lower and an upper bound,
//! so results of searches with different windows add up), tries the table's move first and the
//! others by their immediate margin, searches all but the first move with a null window
//! (principal-variation search), and, where asked
//! ([`SearchConfig::transposition_cutoffs`](crate::SearchConfig::transposition_cutoffs): a
//! game whose nodes cost much more than a memory access), looks up a node's children before
//! searching it for an *enhanced transposition cut-off*, the first move's child before the
//! rest are sorted. Where asked too
//! ([`SearchConfig::history_heuristic`](crate::SearchConfig::history_heuristic): a game whose
//! order leaves many moves tied, Kalah's tuned settings), moves of equal margin are tried by
//! the cuts each made before (the history heuristic). The window of a child is the parent's,
//! seen from the other side and shifted by the points the move hands out.
//!
//! **Huge pages.** A table that misses the caches at every probe (Kalah's) misses the
//! processor's cache of addresses too: a 64 MiB table spans 16,384 pages of 4 KiB. Where a
//! game's keys say how many words they take ([`TableKey::WORDS`](crate::TableKey::WORDS): the
//! integers and PrimeGame's masks do) and its moves are unsigned integers, the one-thread
//! table moves its slots, once past 2 MiB, to a mapping of its own that the system is asked
//! to back with huge pages (Linux's transparent huge pages, `always` or `madvise`), and grows
//! there in place at a quarter full. Kalah's larger boards solve 6 to 13% faster so, PrimeGame
//! (`solve 150`) 10%; Connect 4 and Dots and Boxes within 5% (BENCHMARKS.md, "Kalah"). Below
//! 2 MiB the slots stay in a `Vec`: a small search reuses the allocator's memory, where a new
//! mapping's pages are each a fault (a search of Dots and Boxes 2x2 took 30% longer so); so
//! does a table made whole at once (the engine's), every page written as it is made. The
//! rest of a process gets huge pages where glibc's `GLIBC_TUNABLES=glibc.malloc.hugetlb=1` is
//! set (glibc 2.35 or later); the threads' shared table is allocated as before.
//!
//! **The value at the root.** The solver finds an exact value by null-window tests where they
//! pay, each cheap and each leaving in the table what it proved: halving the root's proven
//! bounds when they are narrow ([`Solver::with_null_window_range`]: Connect 4, as Pons' solver
//! does), or stepping from a first guess to the bound each test proved
//! ([`Solver::with_first_guess`], MTD(f): Kalah's tuned settings). Else one open window, the
//! default for a game without narrow bounds: PrimeGame's values span hundreds, and Dots and
//! Boxes 3x3 searched 6% more nodes by stepping, 16% with its knowledge (BENCHMARKS.md).
//!
//! **What a game's knowledge buys.** Everything beyond the rules comes from the game's
//! [`Knowledge`](crate::Knowledge), and each item is proven by the game beside its code:
//!
//! - *Dominated moves* left out ([`search_moves`](crate::Knowledge::search_moves)): the search
//!   tries only the moves the game keeps.
//! - *Proven bounds* on a position's value ([`facts`](crate::Knowledge::facts)): the search
//!   returns at once from a node whose bounds already decide its window. An exact value
//!   ([`exact_value`](crate::Knowledge::exact_value)) ends the node with no search at all.
//! - A *floor* under the values of a position and all that can follow it
//!   ([`value_floor`](crate::Knowledge::value_floor)): a move of margin m that passes the turn
//!   is worth m minus its child's value, so at most m minus the floor. A move whose margin
//!   cannot beat alpha that way cannot raise the node's value, and since moves are tried by
//!   falling margin, neither can any after it: the search stops there (or, at a node where
//!   some move keeps the turn, skips each such move), asks the game only for the moves above
//!   that margin (`search_moves` with a threshold) and looks up only the children that could
//!   cut (a margin of at least beta). A move that keeps the turn is worth m plus the next
//!   position's value, which the floor does not bound from above: it is always searched.
//! - A *best move* ([`facts`](crate::Knowledge::facts)): tried first, before the other moves
//!   are generated, so a node refuted by it costs one child.
//! - A *canonical key* ([`canonical_key`](crate::Knowledge::canonical_key)): positions equal up
//!   to a symmetry of the rules share one table entry. Their values are equal, their moves are
//!   not: a move read back from the table is checked before it is played, and only orders the
//!   moves.
//!
//! [`games::prime`](crate::games::prime) shows what each of these buys on one game, with the
//! proofs. [`check::knowledge`](crate::check::knowledge) compares a game's knowledge with plain
//! negamax.
//!
//! **Threads.** On several threads ([`Solver::with_threads`], [`Engine::with_threads`]) every
//! thread runs the same search over one table. The table is shared without locks: each bucket
//! of two entries carries a sequence number, odd while a thread writes it; a reader that sees
//! it odd or changed treats the bucket as empty, and a writer that finds it odd drops its
//! result, so nobody waits and no torn entry is ever read (whole keys are compared, as on one
//! thread). A helper thread that reaches a move whose child another thread is searching puts it
//! off to the end of the node (*simplified ABDADA*): the helpers spread over the tree ahead of
//! the main search, which finds stored what they proved. The main search keeps its own order:
//! putting moves off there too made it search moves its order never needs before the one that
//! cuts the node. The marks of positions being searched sit in the table's buckets, on a cache
//! line the probe has just read. Helpers search in bursts of nodes
//! ([`SearchConfig::helper_burst`]), each from the root: one left to run on goes deep into a
//! subtree and stays there long after the main search has moved on, while a restarted one
//! walks the stored line back down to where the main search works. Values and optimal moves
//! are exact whatever the thread count. A game shares this lock-free table if its key packs
//! into at most four 64-bit words ([`TableKey::words`](crate::TableKey::words)) and its moves
//! are unsigned integers of at most 32 bits; any other game shares a table of locked buckets.
//!
//! **Tried and left out**, each measured on the crate's games (a default must suit every game,
//! and none of these did; the figures were in BENCHMARKS.md at 0.2 and 0.3-dev):
//!
//! - Killer moves and a history of cut-offs: 2 to 9 times *more* nodes on Connect 4, 10-35%
//!   more on PrimeGame; a Connect 4 move is a column, another cell at every height.
//! - Child look-ups by default: they save 15-30% of the nodes but cost 13-34% more time on the
//!   cheap nodes of Kalah, Connect 4 and Dots and Boxes; PrimeGame's tuned settings keep them.
//! - Reading the buckets of a node's children before searching them, so that their cache
//!   misses overlap: 10 to 110% slower on Connect 4 (making the keys costs more than the
//!   misses), and PrimeGame 8% slower where it helped Kalah.
//! - Probing the table only where the turn has passed, or only above a ply: 31% to 26 times
//!   more nodes on Kalah, no gain in time.
//! - A tag a slot, in an array of its own that a probe reads before the slot: the miss moves
//!   to the store, which the processor commits in order; a node of Kalah cost 20% more (0.3).
//!   (Entries with bounds in 32 bits, once left out here because PrimeGame's engine has values
//!   past them, are the one-thread table's since 0.3: such a bound is kept relaxed, never
//!   wrong, and the engine's values on a million numbers stay near 500,000.)

/// The bound of every search window: a value beyond any margin a game can reach. Windows are
/// kept inside ±`UNBOUNDED`, and a job's or a claim's window written as `inf` is this.
pub const UNBOUNDED: i64 = 1 << 62;

mod config;
mod engine;
mod move_bounds;
mod negamax;
mod progress;
mod searcher;
mod solver;
mod stats;
mod table;
mod time;

pub use config::{DEFAULT_TABLE_BYTES, SearchConfig};
pub use engine::{ENGINE_MAX_TABLE_BYTES, EndgameSolver, Engine, SearchResult};
pub use move_bounds::MoveBounds;
pub use progress::{Progress, Stage};
pub use solver::{DEFAULT_NULL_WINDOW_RANGE, ResultsError, Solution, SolveError, Solver};
pub use stats::{SearchStats, TableCounts};
pub use table::{FALLBACK_TABLE_BYTES, TableTooLarge, max_table_bytes};
pub use time::{Budget, ReplyDeadline};
