//! `Player`: the first or the second player.

use std::fmt;

/// One of the two players: `First` moves first from the start position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The player who makes the first move (A).
    First,
    /// The player who replies (B).
    Second,
}

impl Player {
    /// The other player.
    #[must_use]
    pub const fn other(self) -> Self {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::First => "A",
            Player::Second => "B",
        })
    }
}
