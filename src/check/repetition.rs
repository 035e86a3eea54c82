//! [`repetition`] and [`uncovered_repetition`]: a game's claim that its positions never
//! repeat, or repeat only where its knowledge values them.

use super::{Checks, Random};
use crate::game::{Game, Knowledge, ScoringGame};
use std::fmt;
use thiserror::Error;

/// The most plies of a random game [`repetition`] plays.
pub const REPETITION_PLIES: usize = 10_000;

/// Moves from a start that bring a position back: the game's positions repeat.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Error)]
#[error("the position after move {first} comes back after move {again}: {moves:?}")]
pub struct Repetition<M: fmt::Debug> {
    /// The moves from the start.
    pub moves: Vec<M>,
    /// How many of them reach the position the first time.
    pub first: usize,
    /// How many reach it again: all of them.
    pub again: usize,
}

/// Plays random games from `start` (as many as `checks` says, each at most
/// [`REPETITION_PLIES`] plies) and returns the first position that comes back in one of them,
/// with the moves that show it: a game that says its positions never repeat
/// ([`Game::POSITIONS_REPEAT`] is `false`) and has one contradicts its rules, and its
/// alpha-beta values can be wrong. Finding none proves nothing; the more games, the more
/// likely a repetition is seen.
///
/// # Errors
///
/// The first [`Repetition`] found.
///
/// # Examples
///
/// ```
/// use gamesolver::check::{self, Checks};
/// use gamesolver::games::prime::SmallPrimeGame;
///
/// // A number taken never comes back.
/// check::repetition(&SmallPrimeGame::new(12)?, &Checks::default())?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn repetition<G: Game>(start: &G, checks: &Checks) -> Result<(), Repetition<G::Move>> {
    repetition_before(start, checks, |_| false)
}

/// As [`repetition`], for a game whose positions repeat and a `knowledge` that says it
/// values every position that can ([`Knowledge::covers_repetitions`]): each random game stops
/// at the first position the knowledge values ([`Knowledge::exact_value`]), where a search
/// stops too, and a position that comes back before that is a cycle the knowledge leaves open.
/// Finding none proves nothing.
///
/// # Errors
///
/// The first [`Repetition`] found among the positions the knowledge does not value.
pub fn uncovered_repetition<G, K>(
    start: &G,
    knowledge: &K,
    checks: &Checks,
) -> Result<(), Repetition<G::Move>>
where
    G: ScoringGame,
    K: Knowledge<G>,
{
    repetition_before(start, checks, |position| {
        knowledge.exact_value(position).is_some()
    })
}

/// Random games from `start` that stop where `stop` says (or at the end, or after
/// [`REPETITION_PLIES`]): the first position that comes back in one of them.
fn repetition_before<G: Game>(
    start: &G,
    checks: &Checks,
    stop: impl Fn(&G) -> bool,
) -> Result<(), Repetition<G::Move>> {
    let mut random = Random(checks.seed);
    let mut moves = Vec::new();
    for _ in 0..checks.games.max(1) {
        let mut position = start.clone();
        let mut seen = std::collections::HashMap::from([(position.key(), 0)]);
        let mut played = Vec::new();
        if stop(&position) {
            continue;
        }
        while played.len() < REPETITION_PLIES {
            moves.clear();
            position.generate_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[random.below(moves.len())];
            position.play_unchecked(mv);
            played.push(mv);
            if stop(&position) {
                break;
            }
            if let Some(&first) = seen.get(&position.key()) {
                let again = played.len();
                return Err(Repetition {
                    moves: played,
                    first,
                    again,
                });
            }
            seen.insert(position.key(), played.len());
        }
    }
    Ok(())
}
