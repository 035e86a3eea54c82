//! `expectiminimax`: a chance game's value by the definition, every node searched, nothing
//! pruned or remembered (OpenSpiel's `ExpectiminimaxSearch` does the same), to the end of the
//! game or to a depth with an evaluator at the horizon: the tests' oracle and the benches'
//! baseline.

use super::error::{ChanceError, MAX_PLIES};
use super::value::{Expectation, max};
use super::worth::move_worth;
use crate::game::{ChanceGame, Evaluator, NoEvaluator};

/// The value of `position` by the definition (see [`ChanceGame`]): the best move's worth at a
/// player's node, the weighted mean of the chance moves' at a chance node, 0 where the game ends.
/// It visits every node of the game tree, as many times as it is reached: for small games.
///
/// # Errors
///
/// [`ChanceError::PositionsRepeat`] for a game whose positions repeat;
/// [`ChanceError::TooDeep`] past [`MAX_PLIES`] plies (a cycle the game does not declare).
pub fn expectiminimax<G: ChanceGame, V: Expectation>(position: &G) -> Result<V, ChanceError> {
    if G::POSITIONS_REPEAT {
        return Err(ChanceError::PositionsRepeat);
    }
    value(position, 0, u32::MAX, &NoEvaluator)
}

/// The value of `position` searched `depth` players' moves deep (chance moves are not
/// counted), by the definition: at the horizon, 0 where the game ends, else the evaluator's
/// [`expected`](Evaluator::expected) estimate within the game's
/// [`value_bounds`](ChanceGame::value_bounds) (a NaN read as 0). This is the value a
/// [`ChanceEngine`](super::ChanceEngine) search of that depth finds without a table; it visits
/// every node of the tree, as OpenSpiel's depth-limited `ExpectiminimaxSearch` does.
///
/// # Errors
///
/// [`ChanceError::TooDeep`] past [`MAX_PLIES`] chance moves in a row.
pub fn expectiminimax_to_depth<G: ChanceGame, E: Evaluator<G>, V: Expectation>(
    position: &G,
    depth: u32,
    evaluator: &E,
) -> Result<V, ChanceError> {
    value(position, 0, depth, evaluator)
}

/// The evaluator's estimate of `position` within the game's bounds (which are sound, so an
/// estimate outside them is surely wrong), a NaN read as 0: a horizon's value.
pub(super) fn estimate<G: ChanceGame, E: Evaluator<G>>(position: &G, evaluator: &E) -> f64 {
    let bounds = position.value_bounds();
    let estimate = evaluator.expected(position);
    let estimate = if estimate.is_nan() { 0.0 } else { estimate };
    estimate.clamp(*bounds.start() as f64, *bounds.end() as f64)
}

fn value<G: ChanceGame, E: Evaluator<G>, V: Expectation>(
    position: &G,
    ply: usize,
    depth: u32,
    evaluator: &E,
) -> Result<V, ChanceError> {
    if ply > MAX_PLIES {
        return Err(ChanceError::TooDeep { plies: MAX_PLIES });
    }
    let moves = position.legal_moves();
    if moves.is_empty() {
        return Ok(V::from_int(0));
    }
    if depth == 0 {
        return Ok(V::from_f64(estimate(position, evaluator)));
    }
    if position.is_chance() {
        let mut drawn = Vec::new();
        position.chance_moves(&mut drawn);
        if drawn.is_empty() {
            return Ok(V::from_int(0));
        }
        let mut sum = V::from_int(0);
        let mut total = 0u64;
        for (chance_move, weight) in drawn {
            let child = value(&position.after(chance_move), ply + 1, depth, evaluator)?;
            sum = sum + V::from_int(i64::from(weight)) * move_worth(position, chance_move, child);
            total += u64::from(weight);
        }
        return Ok(sum / V::from_int(total as i64));
    }
    let deeper = if depth == u32::MAX { depth } else { depth - 1 };
    let mut best: Option<V> = None;
    for mv in moves {
        let child = value(&position.after(mv), ply + 1, deeper, evaluator)?;
        let worth = move_worth(position, mv, child);
        best = Some(match best {
            Some(best) => max(best, worth),
            None => worth,
        });
    }
    Ok(best.unwrap_or_else(|| V::from_int(0)))
}
