//! `ChanceError`: why a chance game could not be solved, and the depth a search gives up at.

use thiserror::Error;

/// The most plies a search goes down before it gives up ([`ChanceError::TooDeep`]): deeper
/// than any game without cycles it can finish, and far within the stack.
pub const MAX_PLIES: usize = 1_000;

/// Why a chance game could not be solved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ChanceError {
    /// The game says its positions repeat (`Game::POSITIONS_REPEAT`): a search of the tree
    /// would not end.
    #[error("the game's positions repeat: a tree search would not end")]
    PositionsRepeat,
    /// The play went deeper than the search goes: a cycle the game does not declare, or a
    /// game longer than [`MAX_PLIES`].
    #[error("the play went past {plies} plies: a cycle, or a game too long to search")]
    TooDeep {
        /// The most plies searched.
        plies: usize,
    },
    /// The start reaches more positions than the solver may hold.
    #[error("the start reaches more than {positions} positions")]
    TooLarge {
        /// The most positions allowed.
        positions: usize,
    },
    /// A cycle's values still moved after this many sweeps: play need not leave it.
    #[error("the values of a cycle still moved after {sweeps} sweeps")]
    NoConvergence {
        /// The sweeps made.
        sweeps: usize,
    },
}
