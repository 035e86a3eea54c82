//! A move's worth and window seen through its margin: `margin + v` if the move keeps the turn,
//! `margin - v` if it passes it, `v` the value of the position after it.

use super::value::{Expectation, max, min};
use crate::game::ScoringGame;

/// The worth of `mv` to the side to move at `position`, the position after it being worth
/// `child` to its own side to move.
pub(crate) fn move_worth<G: ScoringGame, V: Expectation>(position: &G, mv: G::Move, child: V) -> V {
    let (margin, keeps) = position.margin_and_turn(mv);
    let margin = V::from_int(margin);
    if keeps {
        margin + child
    } else {
        margin - child
    }
}

/// The window on the position after a move of `margin` that is the window (`alpha`, `beta`)
/// on the move's worth: `margin + v` with the turn kept, `margin - v` (sides swapped) without.
pub(crate) fn child_window<V: Expectation>(margin: &V, keeps: bool, alpha: &V, beta: &V) -> (V, V) {
    if keeps {
        (
            alpha.clone() - margin.clone(),
            beta.clone() - margin.clone(),
        )
    } else {
        (
            margin.clone() - beta.clone(),
            margin.clone() - alpha.clone(),
        )
    }
}

/// The worth of a move of `margin` whose child searched within the child's window `(a, b)`
/// gave `child`, in the move's window `(alpha, beta)`. A bound stays a bound on the right side
/// of the move's window: with exact numbers it lands there anyway; in floating point the
/// margin's addition could round it back inside, where it would pass for the value.
pub(crate) fn through<V: Expectation>(
    margin: &V,
    keeps: bool,
    child: V,
    (a, b): (&V, &V),
    (alpha, beta): (&V, &V),
) -> V {
    let (failed_low, failed_high) = (child <= *a, child >= *b);
    let worth = if keeps {
        margin.clone() + child
    } else {
        margin.clone() - child
    };
    // Failing low in the child's window is failing high in the move's when the turn passes.
    let (upper_bound, lower_bound) = if keeps {
        (failed_low, failed_high)
    } else {
        (failed_high, failed_low)
    };
    if upper_bound {
        min(worth, alpha.clone())
    } else if lower_bound {
        max(worth, beta.clone())
    } else {
        worth
    }
}
