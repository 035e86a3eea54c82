//! `Outcome`: who wins a position with perfect play, N (the next player) or P (the previous).

use crate::game::{Game, Verdict};
use std::fmt;

/// Who wins an impartial game under perfect play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The previous player wins: the player to move loses.
    P,
    /// The next player (the one to move) wins.
    N,
}

impl Outcome {
    /// Whether the player to move wins.
    #[must_use]
    pub fn mover_wins(self) -> bool {
        self == Outcome::N
    }
}

/// The same answer as a verdict for the side to move: N is a win, P a loss (an impartial game
/// never ends in a draw).
///
/// # Examples
///
/// ```
/// use gamesolver::{Outcome, Verdict};
///
/// assert_eq!(Verdict::from(Outcome::N), Verdict::Win);
/// assert_eq!(Verdict::from(Outcome::P), Verdict::Loss);
/// ```
impl From<Outcome> for Verdict {
    fn from(outcome: Outcome) -> Self {
        match outcome {
            Outcome::N => Verdict::Win,
            Outcome::P => Verdict::Loss,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::P => "P",
            Outcome::N => "N",
        })
    }
}

/// The winning moves of `position`: those whose child `outcome_of` calls a P-position (the
/// opponent then loses), in the game's move order. The one routine behind every solver's
/// winning moves, for a solver of a user's own too.
///
/// # Errors
///
/// The first error of `outcome_of`.
pub fn winning_moves<G: Game, E>(
    position: &G,
    mut outcome_of: impl FnMut(&G) -> Result<Outcome, E>,
) -> Result<Vec<G::Move>, E> {
    let mut winning = Vec::new();
    for mv in position.legal_moves() {
        if outcome_of(&position.after(mv))? == Outcome::P {
            winning.push(mv);
        }
    }
    Ok(winning)
}
