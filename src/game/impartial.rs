use crate::game::Game;
use std::fmt;

/// Who wins an impartial game when no move is left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum PlayConvention {
    /// Normal play: the player who cannot move loses (whoever moves last wins).
    Normal,
    /// Misère play: the player who cannot move wins (whoever moves last loses).
    #[default]
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
/// The trait adds no method: implementing it states that the moves do not depend on whose turn
/// it is, which is what Sprague–Grundy theory needs.
pub trait ImpartialGame: Game {}
