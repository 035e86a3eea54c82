//! `CheckedPlay`: moves from outside a search (a player's, a file's) checked by the rules,
//! with the game's own error.

use crate::game::Game;

/// A [`Game`] that checks a move from outside and says why it is refused, in its own error:
/// what a program that takes moves from a player or a file needs (the contest tool, an arena,
/// [`Record`](crate::game::Record)). The searches and solvers need only [`Game`], so a game
/// only searched or solved (a retrograde table's) leaves this out.
///
/// # Examples
///
/// ```
/// use gamesolver::games::kalah::Kalah;
/// use gamesolver::CheckedPlay;
///
/// let mut game = Kalah::new(6, 4)?;
/// let start = game.clone();
/// assert!(game.play(9).is_err()); // no such pit: refused, and nothing changes
/// assert_eq!(game, start);
/// game.play(2)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait CheckedPlay: Game {
    /// Why a move was refused.
    type Error: std::error::Error;

    /// Checks that `mv` is legal here; it must agree with [`Game::is_legal`].
    ///
    /// # Errors
    ///
    /// The game's own error, saying why the move is illegal.
    fn check_move(&self, mv: Self::Move) -> Result<(), Self::Error>;

    /// Checks and plays a move.
    ///
    /// # Errors
    ///
    /// The error of [`check_move`](Self::check_move); the position is then unchanged.
    fn play(&mut self, mv: Self::Move) -> Result<(), Self::Error> {
        self.check_move(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }
}
