//! `ImpartialGame`: a game whose moves are the same for both sides, and `PlayConvention`
//! (normal or misère play).

use crate::game::Game;
use std::fmt;

/// Who wins an impartial game when no move is left. The default is normal play, the
/// convention of Sprague–Grundy theory; the subtraction game keeps misère as its own default,
/// as its rules say.
///
/// # Examples
///
/// ```
/// use gamesolver::PlayConvention;
///
/// assert_eq!(PlayConvention::default(), PlayConvention::Normal);
/// assert_eq!(PlayConvention::Misere.to_string(), "misère");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum PlayConvention {
    /// Normal play: the player who cannot move loses (whoever moves last wins).
    #[default]
    Normal,
    /// Misère play: the player who cannot move wins (whoever moves last loses).
    Misere,
}

impl fmt::Display for PlayConvention {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PlayConvention::Normal => "normal",
            PlayConvention::Misere => "misère",
        })
    }
}

/// An impartial game: both players have the same moves in every position, and the game is over
/// when no move is left. Who then wins is set by a [`PlayConvention`].
///
/// Implementing it states that the moves do not depend on whose turn it is, which is what
/// Sprague–Grundy theory needs. Its three methods are provided:
/// - a game whose rules fix who wins at the end says so in
///   [`convention`](Self::convention), and every solver honours it (a solver of the other
///   convention refuses the position);
/// - a game that is a sum of independent components (rows of Kayles, say) may split itself in
///   [`components`](Self::components), and the [`ImpartialSolver`](crate::grundy::ImpartialSolver)
///   then values each component once (normal play);
/// - a game whose positions can have very many moves may count them without listing them in
///   [`move_count`](Self::move_count) (a hint), so that a solver with a memory bound refuses a
///   position before it lists its moves, not after.
///
/// A game that is a sum of heaps, each move changing one heap into at most two, is best
/// written as a [`HeapGame`](crate::HeapGame): its Grundy values then come from a
/// [`GrundyValues`](crate::GrundyValues) with proven periods, instantly for heaps in the
/// millions, and [`Heaps`](crate::games::heaps::Heaps) plays its sums.
pub trait ImpartialGame: Game {
    /// The convention the game's own rules fix, or `None` (the default) when any solver's
    /// convention may value it.
    fn convention(&self) -> Option<PlayConvention> {
        None
    }

    /// Splits the position into independent components whose sum it is, appended to `out`,
    /// and returns `true`; or returns `false` (the default) when it does not split into two
    /// or more. A move of the sum is a move in exactly one component, and a component's key
    /// must identify it among components as [`Game::key`] identifies positions.
    fn components(&self, out: &mut Vec<Self>) -> bool {
        let _ = out;
        false
    }

    /// How many moves the position has, if the game can tell without listing them; `None`
    /// (the default) if not. A *hint*: the [`ImpartialSolver`](crate::grundy::ImpartialSolver)
    /// checks its memory bound against it before it lists the moves, and counts the list again
    /// once it is made, so a wrong count changes no value (one too low lets the list pass the
    /// bound by its size, one too high refuses a position that would fit).
    fn move_count(&self) -> Option<u64> {
        None
    }
}
