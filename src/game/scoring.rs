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
    /// The points a legal move gives each side.
    fn points(&self, mv: Self::Move) -> Points;

    /// The move's margin for the mover: [`Points::margin`] of [`points`](ScoringGame::points).
    fn margin(&self, mv: Self::Move) -> i64 {
        self.points(mv).margin()
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
}
