//! `expectiminimax`: a chance game's value by the definition, every node searched, nothing
//! pruned or remembered (OpenSpiel's `ExpectiminimaxSearch` does the same): the tests'
//! oracle and the benches' baseline.

use super::solver::{ChanceError, MAX_PLIES, move_worth};
use super::value::{Expectation, max};
use crate::game::ChanceGame;

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
    value(position, 0)
}

fn value<G: ChanceGame, V: Expectation>(position: &G, ply: usize) -> Result<V, ChanceError> {
    if ply > MAX_PLIES {
        return Err(ChanceError::TooDeep { plies: MAX_PLIES });
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
            let child = value(&position.after(chance_move), ply + 1)?;
            sum = sum + V::from_int(i64::from(weight)) * move_worth(position, chance_move, child);
            total += u64::from(weight);
        }
        return Ok(sum / V::from_int(total as i64));
    }
    let moves = position.legal_moves();
    let mut best: Option<V> = None;
    for mv in moves {
        let child = value(&position.after(mv), ply + 1)?;
        let worth = move_worth(position, mv, child);
        best = Some(match best {
            Some(best) => max(best, worth),
            None => worth,
        });
    }
    Ok(best.unwrap_or_else(|| V::from_int(0)))
}
