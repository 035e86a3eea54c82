//! Games won, lost or drawn whose positions may repeat: the rules the retrograde solver
//! ([`retrograde`](crate::retrograde)) takes.

use super::Game;

/// Who wins a position with perfect play, for the side to move: it wins, it loses, or neither
/// side can force a win (a draw, by the rules or by play that goes on for ever).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Verdict {
    /// The side to move wins.
    Win,
    /// Neither side can force a win.
    Draw,
    /// The side to move loses.
    Loss,
}

impl std::fmt::Display for Verdict {
    /// `win`, `draw` or `loss`, for the side to move.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(match self {
            Self::Win => "win",
            Self::Draw => "draw",
            Self::Loss => "loss",
        })
    }
}

impl Verdict {
    /// The same result seen by the other side.
    #[must_use]
    pub fn flip(self) -> Self {
        match self {
            Self::Win => Self::Loss,
            Self::Draw => Self::Draw,
            Self::Loss => Self::Win,
        }
    }
}

/// A game that ends in a win, a loss or a draw, and whose positions may come back (pieces
/// that move to and fro): Three Men's Morris, animal shogi, a token moved on a graph.
///
/// The rules only, on top of [`Game`]: where the game ends and how. A position where
/// [`ending`](Self::ending) says `None` and no move is legal ends as
/// [`without_moves`](Self::without_moves) says: lost by the side to move (it cannot move) by
/// default, drawn where the rules call it stalemate; so a game whose only ending is that
/// needs nothing but [`Game`]. Set
/// [`Game::POSITIONS_REPEAT`] if positions can repeat: the alpha-beta solvers then refuse the
/// game, and the retrograde solver takes it, scoring play that never ends as a draw.
///
/// # Examples
///
/// A token on a ring of five points and a dead end: a move takes it one point on (or, from
/// point 0, to the dead end, point 5). Whoever cannot move loses. A game only solved takes no
/// move from outside, so it writes no [`CheckedPlay`](crate::game::CheckedPlay).
///
/// ```
/// use gamesolver::retrograde::Retrograde;
/// use gamesolver::{Game, Verdict, WinLossGame};
///
/// #[derive(Clone, Debug)]
/// struct Ring(u8);
///
/// impl Game for Ring {
///     type Move = u8;
///     type Key = u8;
///     const NAME: &'static str = "a token on a ring";
///     const POSITIONS_REPEAT: bool = true;
///
///     fn generate_moves(&self, out: &mut Vec<u8>) {
///         match self.0 {
///             0 => out.extend([1, 5]),
///             5 => {}
///             p => out.push((p + 1) % 5),
///         }
///     }
///     fn play_unchecked(&mut self, to: u8) { self.0 = to; }
///     fn key(&self) -> u8 { self.0 }
/// }
///
/// impl WinLossGame for Ring {}
///
/// let solved = Retrograde::new().solve(&Ring(0))?;
/// // From 0 the mover goes to the dead end and wins at once.
/// assert_eq!(solved.value(&Ring(0)).map(|v| (v.verdict, v.plies)), Some((Verdict::Win, 1)));
/// // From 1 the token must go round to 0, four moves on: the side to move then wins.
/// assert_eq!(solved.value(&Ring(1)).map(|v| v.verdict), Some(Verdict::Win));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait WinLossGame: Game {
    /// The result for the side to move of a position where the rules end the game (a line
    /// of three formed, a king taken), or `None` while play goes on. Asked before the moves:
    /// a position that has ended is not played on. The default, `None`: the game ends only
    /// when the side to move has no legal move ([`without_moves`](Self::without_moves)).
    fn ending(&self) -> Option<Verdict> {
        None
    }

    /// The result for the side to move of a position where play goes on
    /// ([`ending`](Self::ending) is `None`) but no move is legal: a loss by default (it
    /// cannot move); a draw under a stalemate rule. Asked only of such positions, once the
    /// solver has generated their moves, so a stalemate rule costs no second generation.
    fn without_moves(&self) -> Verdict {
        Verdict::Loss
    }

    /// How many plies from this position the game is over, where [`ending`](Self::ending)
    /// says it has ended: 0 by default (it is over). A rule that ends the game with a move
    /// that needs no search (a king that can be taken is taken: a win in 1) says so here, so
    /// that the retrograde solver counts that move in its distances without the position after
    /// it (which may have no place in the game's index). Asked only where `ending` is `Some`.
    fn ending_plies(&self) -> u16 {
        0
    }

    /// [`ending`](Self::ending) and, where it is `Some`, [`ending_plies`](Self::ending_plies),
    /// in one call: what the retrograde solver asks of every position and every move's child.
    /// Provided by the two; a game that finds both in one look at the board gives it, and it
    /// must agree with them.
    fn ending_and_plies(&self) -> Option<(Verdict, u16)> {
        self.ending().map(|verdict| (verdict, self.ending_plies()))
    }
}
