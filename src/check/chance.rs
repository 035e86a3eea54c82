//! `chance`: a chance game's rules checked against themselves, and its sound bounds
//! ([`ChanceGame::value_bounds`]) and its knowledge's ([`chance_knowledge`]) against its
//! values, each lie named.

use crate::chance::{ChanceError, CyclicSolver};
use crate::game::{ChanceGame, Knowledge};
use std::collections::{HashSet, VecDeque};
use thiserror::Error;

/// What [`chance`] found wrong with a chance game, at the position whose key it names.
#[derive(Debug, Clone, PartialEq, Error)]
#[non_exhaustive]
pub enum ChanceLie<M: std::fmt::Debug> {
    /// A chance move of weight 0: it could never be drawn, and a mean by the weights would
    /// divide by nothing.
    #[error("at {key}: the chance move {chance_move:?} has weight 0")]
    ZeroWeight {
        /// The position's key, as its `Debug` text.
        key: String,
        /// The chance move.
        chance_move: M,
    },
    /// The weighted chance moves are not the moves the rules list there, each once.
    #[error("at {key}: the weighted chance moves are not the legal moves, each once")]
    ChanceMovesDiffer {
        /// The position's key, as its `Debug` text.
        key: String,
    },
    /// A player's node lists weighted chance moves.
    #[error("at {key}: a player's node lists chance moves")]
    ChanceMovesAtPlayersNode {
        /// The position's key, as its `Debug` text.
        key: String,
    },
    /// A position's value lies outside the bounds the game claims for it (a sound claim: the
    /// search's values go wrong).
    #[error("at {key}: the value {value} is outside the claimed bounds {lower}..={upper}")]
    OutOfBounds {
        /// The position's key, as its `Debug` text.
        key: String,
        /// The value, by value iteration, which asks no bounds.
        value: f64,
        /// The claimed lower bound.
        lower: i64,
        /// The claimed upper bound.
        upper: i64,
    },
    /// A position's value lies outside the bounds its knowledge proves (a sound claim: the
    /// solver's values go wrong).
    #[error("at {key}: the value {value} is outside the knowledge's bounds {lower}..={upper}")]
    KnowledgeOutOfBounds {
        /// The position's key, as its `Debug` text.
        key: String,
        /// The value, by value iteration, which asks no bounds.
        value: f64,
        /// The knowledge's lower bound.
        lower: i64,
        /// The knowledge's upper bound.
        upper: i64,
    },
    /// A position's value lies outside the fractional bounds its knowledge proves
    /// ([`Knowledge::expected_bounds`], a sound claim: the solver's values go wrong).
    #[error("at {key}: the value {value} is outside the knowledge's bounds {lower}..={upper}")]
    KnowledgeOutOfExpectedBounds {
        /// The position's key, as its `Debug` text.
        key: String,
        /// The value, by value iteration, which asks no bounds.
        value: f64,
        /// The knowledge's lower bound.
        lower: f64,
        /// The knowledge's upper bound.
        upper: f64,
    },
    /// The values could not be computed to check the bounds.
    #[error("the values could not be computed: {0}")]
    Unsolved(ChanceError),
}

/// Checks every position `start` reaches, up to `max_positions` of them: at a chance node the
/// weighted chance moves must be the legal moves, each once, with weights above 0, and a
/// player's node lists none; and every position's value, computed without the bounds (by
/// [`CyclicSolver`], which takes any chance game, its positions repeating or not), must lie
/// within [`value_bounds`](ChanceGame::value_bounds). Start from a position whose game a full
/// solve handles. The number of positions checked.
///
/// # Errors
///
/// The first [`ChanceLie`] found, the rules' before the bounds'.
pub fn chance<G: ChanceGame>(start: &G, max_positions: usize) -> Result<usize, ChanceLie<G::Move>>
where
    G::Move: Ord,
{
    let positions = reachable(start, max_positions);
    for position in &positions {
        check_rules(position)?;
    }
    check_bounds(start, &positions, max_positions, |position, value| {
        let bounds = position.value_bounds();
        let (lower, upper) = (*bounds.start(), *bounds.end());
        outside(value, lower as f64, upper as f64).then(|| ChanceLie::OutOfBounds {
            key: format!("{:?}", position.key()),
            value,
            lower,
            upper,
        })
    })
}

/// Checks the bounds that `knowledge` proves ([`Facts::bounds`](crate::Facts) and
/// [`Knowledge::expected_bounds`], **sound**: the [`ChanceSolver`](crate::chance::ChanceSolver)
/// cuts by them) of every position `start` reaches, up to `max_positions` of them, against
/// its value computed without any bounds (by [`CyclicSolver`]). The number of positions
/// checked.
///
/// # Errors
///
/// [`ChanceLie::KnowledgeOutOfBounds`] or [`ChanceLie::KnowledgeOutOfExpectedBounds`] for
/// the first value outside its knowledge's bounds; [`ChanceLie::Unsolved`] if the values
/// could not be computed.
pub fn chance_knowledge<G: ChanceGame, K: Knowledge<G>>(
    start: &G,
    knowledge: &K,
    max_positions: usize,
) -> Result<usize, ChanceLie<G::Move>> {
    let positions = reachable(start, max_positions);
    check_bounds(start, &positions, max_positions, |position, value| {
        let key = || format!("{:?}", position.key());
        if let Some(bounds) = knowledge.facts(position).bounds {
            let (lower, upper) = (*bounds.start(), *bounds.end());
            if outside(value, lower as f64, upper as f64) {
                let key = key();
                return Some(ChanceLie::KnowledgeOutOfBounds {
                    key,
                    value,
                    lower,
                    upper,
                });
            }
        }
        let bounds = knowledge.expected_bounds(position)?;
        let (lower, upper) = (*bounds.start(), *bounds.end());
        outside(value, lower, upper).then(|| ChanceLie::KnowledgeOutOfExpectedBounds {
            key: key(),
            value,
            lower,
            upper,
        })
    })
}

/// Each of `positions`' values (a solve from `start`) given to `lie_at`, which names a
/// position whose value lies outside its bounds.
fn check_bounds<G: ChanceGame>(
    start: &G,
    positions: &[G],
    max_positions: usize,
    lie_at: impl Fn(&G, f64) -> Option<ChanceLie<G::Move>>,
) -> Result<usize, ChanceLie<G::Move>> {
    let solution = CyclicSolver::new()
        .with_max_positions(max_positions)
        .solve(start)
        .map_err(ChanceLie::Unsolved)?;
    for position in positions {
        let Some(value) = solution.value(position) else {
            continue;
        };
        if let Some(lie) = lie_at(position, value) {
            return Err(lie);
        }
    }
    Ok(positions.len())
}

/// Whether `value`, computed by value iteration, lies outside `lower..=upper` by more than
/// the iteration's rounding.
fn outside(value: f64, lower: f64, upper: f64) -> bool {
    let slack = 1e-9 * value.abs().max(1.0);
    value < lower - slack || value > upper + slack
}

/// The positions `start` reaches, breadth first, at most `max_positions`.
fn reachable<G: ChanceGame>(start: &G, max_positions: usize) -> Vec<G> {
    let mut seen = HashSet::from([start.key()]);
    let (mut queue, mut found) = (VecDeque::from([start.clone()]), Vec::new());
    while let Some(position) = queue.pop_front() {
        for mv in position.legal_moves() {
            let child = position.after(mv);
            if seen.len() < max_positions && seen.insert(child.key()) {
                queue.push_back(child);
            }
        }
        found.push(position);
    }
    found
}

/// The rules of one position against themselves.
fn check_rules<G: ChanceGame>(position: &G) -> Result<(), ChanceLie<G::Move>>
where
    G::Move: Ord,
{
    let key = || format!("{:?}", position.key());
    let mut drawn = Vec::new();
    position.chance_moves(&mut drawn);
    if !position.is_chance() {
        return match drawn.is_empty() {
            true => Ok(()),
            false => Err(ChanceLie::ChanceMovesAtPlayersNode { key: key() }),
        };
    }
    if let Some(&(chance_move, _)) = drawn.iter().find(|&&(_, weight)| weight == 0) {
        return Err(ChanceLie::ZeroWeight {
            key: key(),
            chance_move,
        });
    }
    let mut weighted: Vec<G::Move> = drawn.iter().map(|&(mv, _)| mv).collect();
    let mut legal = position.legal_moves();
    weighted.sort_unstable();
    legal.sort_unstable();
    if weighted != legal || weighted.windows(2).any(|pair| pair[0] == pair[1]) {
        return Err(ChanceLie::ChanceMovesDiffer { key: key() });
    }
    Ok(())
}
