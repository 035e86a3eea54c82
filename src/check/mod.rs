//! Checks of a game's [`Knowledge`](crate::Knowledge) against a plain search, of a game's
//! claim that its positions never repeat ([`repetition`], or repeat only where the knowledge
//! values them: [`uncovered_repetition`]), of a numbering's un-moves against the moves
//! ([`unmoves`]), of a tiered numbering against the rules ([`tiers`], [`chance_tiers`]), of a
//! heap game's Grundy theory against the definition ([`heap_theory`]), and of a chance game's
//! rules and bounds against its values ([`chance`], [`chance_knowledge`]), for a user's own
//! tests.
//!
//! [`knowledge`] plays random games from a start position and, at every position on the way,
//! compares what the knowledge claims with what a hint-free negamax of the rules finds: the
//! bounds and the floor must hold the value, a closed form must equal it, the search moves
//! must be legal and keep the value, the key after a move must be the key of the position
//! after it, positions that share a canonical key must have one value, the hinted move must be legal, and the solver with the knowledge must find the
//! same value and optimal moves. Each random game's positions are checked deepest first, and
//! where the solver with the knowledge goes wrong, the positions below are searched (deepest
//! first, up to [`LIE_SEARCH_POSITIONS`]) for the fact that is false, so that the report names
//! the lie itself (a bound, a floor, an exact value, a left-out move, a key) and not the wrong
//! answer it causes above. Nothing the knowledge claims makes the check panic. Hints (the order
//! of moves, the best-move hint's quality) are only checked for legality: they may be poor,
//! never wrong.
//!
//! Plain negamax visits every position below each one checked, so start from positions that
//! a plain search solves in milliseconds.
//!
//! # Examples
//!
//! PrimeGame's own knowledge passes:
//!
//! ```
//! use gamesolver::check;
//! use gamesolver::games::prime::{PrimeKnowledge, SmallPrimeGame};
//!
//! let start = SmallPrimeGame::new(14)?;
//! check::knowledge(&start, &PrimeKnowledge, &check::Checks::default())?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod chance;
mod heap_theory;
mod knowledge;
mod repetition;
mod tiers;
mod unmoves;

pub use chance::{ChanceLie, chance, chance_knowledge};
pub use heap_theory::{TheoryLie, heap_theory};
pub use knowledge::{CheckError, Claim, Disagreement, LIE_SEARCH_POSITIONS, knowledge};
pub use repetition::{REPETITION_PLIES, Repetition, repetition, uncovered_repetition};
pub use tiers::{TiersLie, chance_tiers, tiers};
pub use unmoves::{UNMOVE_INDICES, UnmoveLie, unmoves};

/// How much [`knowledge`] checks.
///
/// # Examples
///
/// ```
/// use gamesolver::check::Checks;
///
/// let checks = Checks::default().with_games(4).with_seed(7);
/// assert_eq!((checks.games, checks.seed), (4, 7));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Checks {
    /// Random games played from the start position (8); every position of each is checked.
    pub games: usize,
    /// Seed of the random moves (1), so that a failure can be replayed.
    pub seed: u64,
    /// The table of each solver (4 MiB).
    pub table_bytes: usize,
    /// The indices [`unmoves`] checks ([`UNMOVE_INDICES`]): every index of a game with at most
    /// this many, else this many drawn at random; [`tiers`] checks as many in each tier.
    pub indices: u64,
}

impl Default for Checks {
    fn default() -> Self {
        Self {
            games: 8,
            seed: 1,
            table_bytes: 4 << 20,
            indices: UNMOVE_INDICES,
        }
    }
}

impl Checks {
    /// Plays `games` random games.
    #[must_use]
    pub fn with_games(mut self, games: usize) -> Self {
        self.games = games;
        self
    }

    /// Seeds the random moves.
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Checks `indices` indices of a numbering ([`unmoves`]); `u64::MAX` checks them all.
    #[must_use]
    pub fn with_indices(mut self, indices: u64) -> Self {
        self.indices = indices;
        self
    }
}

/// A small generator for the random games: the same seed, the same games.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        // Truncation is fine: a draw below n.
        (crate::game::mix64(self.0) % n as u64) as usize
    }
}
