use crate::game::Game;
use std::ops::RangeInclusive;

/// The points one move gives to each side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Points {
    /// Points for the side that moves.
    pub mover: u64,
    /// Points for the other side.
    pub opponent: u64,
}

impl Points {
    /// Mover's points minus opponent's points.
    ///
    /// Saturates at the ends of `i64`, which no real game comes near (PrimeGame with a million
    /// numbers totals about 5 * 10^11).
    #[must_use]
    pub fn margin(self) -> i64 {
        let mover = i64::try_from(self.mover).unwrap_or(i64::MAX);
        let opponent = i64::try_from(self.opponent).unwrap_or(i64::MAX);
        mover.saturating_sub(opponent)
    }
}

/// A zero-sum scoring game: every move gives points to one side or both, and the game ends
/// when no move is left.
///
/// The value of a position is the best future score margin (mover minus opponent) the side
/// to move can force. Implementing this one method on top of [`Game`] gives the exact
/// [`Solver`](crate::Solver) and the search engine.
pub trait ScoringGame: Game {
    /// A proven lower bound on the value of every position of the game, if it has one
    /// (`None`, the default, claims nothing). The search then skips, all at once, the moves
    /// whose margin minus this floor cannot reach its window, and never probes the table for
    /// them: since moves are tried by falling margin, the rest of a node's moves go with the
    /// first such one. PrimeGame's floor is 0: the mover never loses (see its bounds).
    const VALUE_FLOOR: Option<i64> = None;

    /// The points a legal move gives each side.
    fn points(&self, mv: Self::Move) -> Points;

    /// The move's margin for the mover: [`Points::margin`] of [`points`](ScoringGame::points).
    fn margin(&self, mv: Self::Move) -> i64 {
        self.points(mv).margin()
    }

    /// Appends to `out` (which the caller clears) the [search moves](Game::generate_search_moves)
    /// whose margin may exceed `threshold`: a game may leave out any move it knows has a
    /// margin of at most `threshold`. The search asks for these when no smaller margin can
    /// matter (see [`VALUE_FLOOR`](ScoringGame::VALUE_FLOOR)). The default leaves out none.
    ///
    /// # Examples
    ///
    /// ```
    /// use gamesolver::{ScoringGame, SmallPrimeGame};
    ///
    /// let game = SmallPrimeGame::new(10)?;
    /// let mut moves = Vec::new();
    /// game.generate_search_moves_above(5, &mut moves); // a margin is at most its number
    /// assert_eq!(moves, [10, 9, 8, 7, 6]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn generate_search_moves_above(&self, threshold: i64, out: &mut Vec<Self::Move>) {
        let _ = threshold;
        self.generate_search_moves(out);
    }

    /// Appends to `out` (which the caller clears) at most `limit` of the
    /// [search moves](Game::generate_search_moves), the largest margins first, so a search that
    /// looks at only the first few moves of a node need not generate the rest.
    ///
    /// The default generates every search move and sorts them by margin (ties in the game's
    /// order). A game that can find its best moves without looking at all of them overrides
    /// it; the set must be the `limit` largest margins, though ties may go another way.
    ///
    /// # Examples
    ///
    /// ```
    /// use gamesolver::{PrimeGame, ScoringGame};
    ///
    /// let game = PrimeGame::new(1_000_000)?;
    /// let mut best = Vec::new();
    /// game.best_search_moves(3, &mut best); // from the max tree, not a scan of the board
    /// assert_eq!(best, [999_983, 999_979, 999_961]); // the largest primes, each giving up 1
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn best_search_moves(&self, limit: usize, out: &mut Vec<Self::Move>) {
        let start = out.len();
        self.generate_search_moves(out);
        // A stable sort: ties keep the game's order.
        out[start..].sort_by_key(|&mv| std::cmp::Reverse(self.margin(mv)));
        out.truncate(start.saturating_add(limit));
    }

    /// The exact value of the position when the game knows it in closed form (say, once only
    /// independent moves are left), or `None` to let the search find it. Lets a solver stop
    /// early; the default knows nothing.
    fn known_value(&self) -> Option<i64> {
        None
    }

    /// Proven bounds on the value of the position, `lower..=upper` for the side to move, or
    /// `None` when the game knows none (the default). A search returns at once from a node
    /// whose bounds already decide its window, and narrows the window otherwise, so good
    /// bounds can shrink a search enormously; but they must hold for every position, or the
    /// solver's answers are wrong.
    ///
    /// # Examples
    ///
    /// ```
    /// use gamesolver::{ScoringGame, SmallPrimeGame};
    ///
    /// // PrimeGame: the mover never loses, nor gains more than the best move's margin.
    /// let game = SmallPrimeGame::new(10)?;
    /// assert_eq!(game.value_bounds(), Some(0..=6)); // taking 7 hands over only 1
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn value_bounds(&self) -> Option<RangeInclusive<i64>> {
        None
    }

    /// [`value_bounds`](ScoringGame::value_bounds), and the search move of largest margin (the
    /// first in the game's move order among equals) if the game finds it on the way; the
    /// default finds none. The search asks this at every node, and tries that move before
    /// generating the others: most of the time it refutes the node alone. PrimeGame finds it
    /// for free, as its upper bound is the largest margin.
    ///
    /// # Examples
    ///
    /// ```
    /// use gamesolver::{ScoringGame, SmallPrimeGame};
    ///
    /// let game = SmallPrimeGame::new(10)?;
    /// assert_eq!(game.bounds_and_best_move(), (Some(0..=6), Some(7))); // 7 hands over only 1
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn bounds_and_best_move(&self) -> (Option<RangeInclusive<i64>>, Option<Self::Move>) {
        (self.value_bounds(), None)
    }
}
