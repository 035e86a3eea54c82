//! `ScoredWinLoss`: a [`WinLossGame`] read as a [`ScoringGame`] worth 1, 0 or -1, so that
//! the alpha-beta [`Solver`](crate::Solver) and [`Engine`](crate::Engine) take it.

use super::{CheckedPlay, Game, Points, ScoringGame, Verdict, WinLossGame};
use thiserror::Error;

/// A [`WinLossGame`] played for a score: the move that ends the game scores 1 for the side
/// that wins by it, every other move nothing. A position's value is then 1 if the side to
/// move wins, 0 for a draw, -1 if it loses, the [`Verdict`] that
/// [`Retrograde`](crate::Retrograde) finds ([`verdict_value`]), wherever play goes on. A
/// position where the game is over (an ending, or no legal move) is worth 0: the move into it
/// scored the result.
///
/// Why it is sound: negamax gives a position the best over its moves of the move's margin
/// minus the value after it. A move that ends the game leads to a position worth 0 (no move
/// is left there), so its margin alone is its value: 1 when the position it leads to is lost
/// for its side to move (an ending of [`Verdict::Loss`], or no move, no ending and
/// [`WinLossGame::without_moves`] a loss), -1 when
/// it is won for that side, 0 for a drawn end. A move that does not end the game scores 0,
/// and its value is minus the value after it. By induction on the plies to the end, the
/// value is the verdict's.
///
/// A position where the rules have ended the game has no move here, whatever the inner
/// game's move generator says. The positions still repeat if the inner game's do
/// ([`Game::POSITIONS_REPEAT`]): the solvers take such a game only with knowledge that values
/// a position on every cycle ([`Knowledge::covers_repetitions`](crate::Knowledge::covers_repetitions)),
/// a solved table for instance ([`TablebaseKnowledge`](crate::retrograde::TablebaseKnowledge)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ScoredWinLoss<G>(pub G);

/// The value a [`ScoredWinLoss`] position has for a verdict: 1, 0 or -1.
#[must_use]
pub fn verdict_value(verdict: Verdict) -> i64 {
    match verdict {
        Verdict::Win => 1,
        Verdict::Draw => 0,
        Verdict::Loss => -1,
    }
}

/// Why a [`ScoredWinLoss`] refused a move.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum ScoredMoveError<E: std::error::Error> {
    /// The rules have ended the game here.
    #[error("the game is over")]
    Over,
    /// The inner game refused the move.
    #[error(transparent)]
    Rules(E),
}

impl<G: WinLossGame> Game for ScoredWinLoss<G> {
    type Move = G::Move;
    type Key = G::Key;
    const NAME: &'static str = G::NAME;
    const CAN_UNDO: bool = G::CAN_UNDO;
    const POSITIONS_REPEAT: bool = G::POSITIONS_REPEAT;

    fn generate_moves(&self, out: &mut Vec<G::Move>) {
        if self.0.ending().is_none() {
            self.0.generate_moves(out);
        }
    }

    fn play_unchecked(&mut self, mv: G::Move) {
        self.0.play_unchecked(mv);
    }

    fn rules_id(&self) -> u64 {
        self.0.rules_id()
    }

    fn undo_unchecked(&mut self, mv: G::Move) {
        self.0.undo_unchecked(mv);
    }

    fn key(&self) -> G::Key {
        self.0.key()
    }
}

impl<G: WinLossGame + CheckedPlay> CheckedPlay for ScoredWinLoss<G> {
    type Error = ScoredMoveError<G::Error>;
    fn check_move(&self, mv: G::Move) -> Result<(), Self::Error> {
        if self.0.ending().is_some() {
            return Err(ScoredMoveError::Over);
        }
        self.0.check_move(mv).map_err(ScoredMoveError::Rules)
    }
}

impl<G: WinLossGame> ScoringGame for ScoredWinLoss<G> {
    fn points(&self, mv: G::Move) -> Points {
        let after = self.0.after(mv);
        let verdict = after.ending().or_else(|| {
            let mut moves = Vec::new();
            after.generate_moves(&mut moves);
            moves.is_empty().then(|| after.without_moves())
        });
        // The verdict is the next side's: its loss is the mover's point.
        match verdict {
            Some(Verdict::Loss) => Points {
                mover: 1,
                opponent: 0,
            },
            Some(Verdict::Win) => Points {
                mover: 0,
                opponent: 1,
            },
            Some(Verdict::Draw) | None => Points::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;

    /// A pile of stones: take one or two; with `STALEMATE_DRAWS`, an empty pile is a draw.
    #[derive(Clone, Debug)]
    struct Pile<const STALEMATE_DRAWS: bool>(u8);

    impl<const STALEMATE_DRAWS: bool> Game for Pile<STALEMATE_DRAWS> {
        type Move = u8;
        type Key = u8;
        const NAME: &'static str = "a pile";
        fn generate_moves(&self, out: &mut Vec<u8>) {
            out.extend((1..=2).filter(|&take| take <= self.0));
        }
        fn play_unchecked(&mut self, take: u8) {
            self.0 -= take;
        }
        fn key(&self) -> u8 {
            self.0
        }
    }

    impl<const STALEMATE_DRAWS: bool> CheckedPlay for Pile<STALEMATE_DRAWS> {
        type Error = std::fmt::Error;
        fn check_move(&self, take: u8) -> Result<(), std::fmt::Error> {
            (1..=2.min(self.0))
                .contains(&take)
                .then_some(())
                .ok_or(std::fmt::Error)
        }
    }

    impl<const STALEMATE_DRAWS: bool> WinLossGame for Pile<STALEMATE_DRAWS> {
        fn without_moves(&self) -> Verdict {
            if STALEMATE_DRAWS {
                Verdict::Draw
            } else {
                Verdict::Loss
            }
        }
    }

    #[test]
    fn a_position_without_moves_scores_as_the_rules_say() {
        // Whoever cannot move loses: a pile of 3 is lost, of 4 won (take 1).
        let value = |pile| Solver::new().value(&ScoredWinLoss(Pile::<false>(pile)));
        assert_eq!((value(3).unwrap(), value(4).unwrap()), (-1, 1));
        // Under a stalemate rule every pile is drawn: no move wins or loses.
        let value = |pile| Solver::new().value(&ScoredWinLoss(Pile::<true>(pile)));
        assert_eq!((value(3).unwrap(), value(4).unwrap()), (0, 0));
    }
}
