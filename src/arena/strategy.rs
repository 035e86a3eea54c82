//! [`Strategy`]: anything that picks a move for a position within a deadline, from a random
//! player to the search engine. The match runner plays them against each other.

use crate::game::Game;
use std::time::Instant;

/// A player: picks a move for `position` before `deadline`.
///
/// # Examples
///
/// ```
/// use gamesolver::arena::{RandomStrategy, Strategy};
/// use gamesolver::games::prime::PrimeGame;
/// use std::time::{Duration, Instant};
///
/// let game = PrimeGame::new(30)?;
/// let mut random = RandomStrategy::with_seed(7);
/// let mv = random.choose(&game, Instant::now() + Duration::from_millis(10)).unwrap();
/// assert!(game.contains(mv));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Strategy<G: Game> {
    /// A short name, as the match runner prints it.
    fn name(&self) -> &str;

    /// The move to play, or `None` when the game is over. Must return before `deadline`.
    fn choose(&mut self, position: &G, deadline: Instant) -> Option<G::Move>;

    /// Called before each new game, to drop what the last one left (tables, say).
    fn new_game(&mut self) {}
}
