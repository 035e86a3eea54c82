//! `ChanceGame`: a scoring game some of whose positions are chance nodes, where dice (or a
//! coin, or a shuffle) choose the move, each chance move with an integer weight.

use super::scoring::ScoringGame;
use std::ops::RangeInclusive;

/// The rules of a [`ScoringGame`] with chance: at a *chance node* the move is not chosen but
/// drawn, each chance move with a weight (one die: six chance moves of weight 1; two dice: 21 of
/// weight 1 or 2). A position's value is then the *expected* best future margin for its side
/// to move: at a player's node the largest over the moves, as in every scoring game; at a
/// chance node the mean over the drawn, each weighted, of the chance move's margin and the
/// value after it (added if the chance move keeps the turn, as a roll usually does, subtracted if
/// it passes it: [`ScoringGame::keeps_turn`]). A game where only winning counts gives the
/// winning move a margin of 1 and the losing side's none: its value v is then `2p - 1`, p the
/// side to move's chance to win.
///
/// The chance moves are the chance node's moves: [`Game::generate_moves`](crate::Game) lists
/// them (without weights) and `play` plays each, so one set of rules serves every tool;
/// [`chance_moves`](Self::chance_moves) adds the weights. A game with no chance never implements this
/// trait, and its searches pay nothing for it.
///
/// # Examples
///
/// A coin flipped once: heads scores 1 for the side to move, tails nothing.
///
/// ```
/// use gamesolver::{ChanceGame, Game, Points, ScoringGame};
/// use gamesolver::chance::ChanceSolver;
///
/// #[derive(Clone, Debug)]
/// struct Coin { flipped: bool }
///
/// impl Game for Coin {
///     type Move = u8; // 0 tails, 1 heads
///     type Key = u8;
///     const NAME: &'static str = "coin";
///     fn generate_moves(&self, out: &mut Vec<u8>) {
///         if !self.flipped { out.extend([0, 1]) }
///     }
///     fn play_unchecked(&mut self, _: u8) { self.flipped = true }
///     fn key(&self) -> u8 { u8::from(self.flipped) }
/// }
///
/// impl ScoringGame for Coin {
///     fn points(&self, mv: u8) -> Points { Points { mover: u64::from(mv), opponent: 0 } }
///     fn keeps_turn(&self, _: u8) -> bool { true }
/// }
///
/// impl ChanceGame for Coin {
///     fn is_chance(&self) -> bool { !self.flipped }
///     fn chance_moves(&self, out: &mut Vec<(u8, u32)>) {
///         if !self.flipped { out.extend([(0, 1), (1, 1)]) }
///     }
///     fn value_bounds(&self) -> std::ops::RangeInclusive<i64> { 0..=1 }
/// }
///
/// let value: f64 = ChanceSolver::new().value(&Coin { flipped: false })?;
/// assert_eq!(value, 0.5);
/// # Ok::<(), gamesolver::chance::ChanceError>(())
/// ```
pub trait ChanceGame: ScoringGame {
    /// Whether chance moves here: the position's moves are then its drawn, drawn with
    /// the weights [`chance_moves`](Self::chance_moves) gives.
    fn is_chance(&self) -> bool;

    /// The chance moves of a chance node, each with its weight (more than 0): the moves
    /// [`Game::generate_moves`](crate::Game::generate_moves) lists there, each once. Nothing
    /// at a player's node.
    fn chance_moves(&self, out: &mut Vec<(Self::Move, u32)>);

    /// Bounds on the position's value (**sound**: a value outside them changes the values the
    /// search finds). The search of a chance node prunes with them (Star1): the tighter,
    /// the more it cuts. The sum of the margins still to come bounds any game's value.
    fn value_bounds(&self) -> RangeInclusive<i64>;
}
