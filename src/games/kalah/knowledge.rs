//! What a user proves of Kalah beyond the rules: the seeds left bound every value; and the
//! solver settings that suit Kalah.

use super::Kalah;
use crate::{Facts, Knowledge, ScoringGame, Solver};

/// What a user proves of Kalah, as sound knowledge: every seed still in play ends in one store
/// or the other, so the side to move's future margin lies within minus and plus the seeds left
/// (the bounds).
///
/// The same proof gives a floor under every later position's value (no later position has
/// more seeds: [`Knowledge::value_floor`]), which this knowledge does not claim: measured, the
/// moves it leaves out cost more nodes than they save (Kalah(6,3) 3.7% slower with it under
/// null-window tests from 0, no board faster; BENCHMARKS.md).
///
/// Take it with Kalah's settings ([`solver`], [`tune_solver`]). Under the solver's defaults
/// its root bounds, where at most 64 wide (Kalah(4,3) to (5,3)), turn on the halving of
/// [`Solver::with_null_window_range`], which on Kalah(4,4) searches 300 K nodes where the
/// rules alone search 210 K.
#[derive(Debug, Clone, Copy, Default)]
pub struct SeedsLeft;

impl Knowledge<Kalah> for SeedsLeft {
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
/// 2.66 M nodes against 3.99 M, (6,3) 5.23 M against 5.49 M, (4,4) 199 K against 307 K
/// by halving (BENCHMARKS.md). Moves of the same margin are tried by the history heuristic
/// ([`Solver::with_history_heuristic`]): a pit that refuted one position often refutes
/// others, where the rules' order (pit by pit) says nothing; over two samples of random
/// positions of Kalah(4,4) to (5,5), up to 24% fewer nodes and on no board more than 0.1%
/// more (BENCHMARKS.md).
#[must_use]
pub fn tune_solver<G: ScoringGame, K: Knowledge<G>>(solver: Solver<G, K>) -> Solver<G, K> {
    solver
        .with_null_window_range(None)
        .with_first_guess(Some(0))
        .with_history_heuristic(true)
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
