//! What a user proves of Kalah beyond the rules: the seeds left bound every value; and the
//! solver settings that suit Kalah.

use super::Kalah;
use crate::{Facts, Knowledge, ScoringGame, Solver};

/// What a user proves of Kalah, as sound knowledge: every seed still in play ends in one store
/// or the other, so the side to move's future margin lies within minus and plus the seeds left
/// (the bounds), and so does that of every later position, which has no more seeds (the floor,
/// for this position and all that follow).
#[derive(Debug, Clone, Copy, Default)]
pub struct SeedsLeft;

impl Knowledge<Kalah> for SeedsLeft {
    #[inline]
    fn value_floor(&self, position: &Kalah) -> Option<i64> {
        Some(-i64::from(position.seeds_left()))
    }

    /// The default search moves: every legal move.
    #[inline]
    fn leaves_out_by_threshold(&self) -> bool {
        false
    }

    #[inline]
    fn facts(&self, position: &Kalah) -> Facts<u8> {
        let seeds = i64::from(position.seeds_left());
        Facts {
            bounds: Some(-seeds..=seeds),
            best_move: None,
        }
    }
}

/// Kalah's tuned solver settings on any solver (the rules alone, [`SeedsLeft`], an
/// [`Endgame`](super::Endgame) table): the value by null-window tests stepping from 0 by what
/// each proves ([`Solver::with_first_guess`]), never by halving the bounds of the seeds left.
/// Kalah's margins lie near 0 and a search's fail-soft bounds are tight, so a few cheap tests
/// find the value where one open window searches more: with the seeds left, Kalah(4,6)
/// 2.68 M nodes against 3.98 M, (6,3) 5.31 M against 5.54 M, (4,4) 205 K against 308 K
/// by halving (BENCHMARKS.md).
#[must_use]
pub fn tune_solver<G: ScoringGame, K: Knowledge<G>>(solver: Solver<G, K>) -> Solver<G, K> {
    solver
        .with_null_window_range(None)
        .with_first_guess(Some(0))
}

/// The exact solver tuned for Kalah: [`tune_solver`] and [`SeedsLeft`], one thread (add
/// more with [`Solver::with_threads`]).
///
/// # Examples
///
/// ```
/// use gamesolver::games::kalah::{self, Kalah};
///
/// assert_eq!(kalah::solver().value(&Kalah::new(4, 3)?)?, 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn solver() -> Solver<Kalah, SeedsLeft> {
    tune_solver(Solver::new().with_knowledge(SeedsLeft))
}
