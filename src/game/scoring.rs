//! `ScoringGame`: the points a move hands out, and `Points`.

use crate::game::Game;

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
/// [`Solver`](crate::Solver) and the search [`Engine`](crate::Engine), on any number of
/// threads; what else a search may exploit goes in a [`Knowledge`](crate::Knowledge).
///
/// A game whose results are only win, draw or loss scores the last move 1 for a win, and
/// nothing otherwise: its values are then 1, 0 and -1 (see [`Outcome`](crate::Outcome) for
/// impartial games).
pub trait ScoringGame: Game {
    /// The points a legal move gives each side.
    fn points(&self, mv: Self::Move) -> Points;

    /// The move's margin for the mover: [`Points::margin`] of [`points`](ScoringGame::points).
    fn margin(&self, mv: Self::Move) -> i64 {
        self.points(mv).margin()
    }
}
