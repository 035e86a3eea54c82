//! Star1 at a chance node: each chance move searched within the window its share of the mean
//! leaves, given what the chance moves before proved and the bounds of those after.

use super::solver::{ChanceError, ChanceSolver, child_window, through};
use super::value::{Expectation, max, min};
use crate::game::ChanceGame;

/// One chance move of a chance node: the position after it (played once, for its bounds and
/// its search), its weight, margin, whether it keeps the turn, and the bounds of its worth.
struct ChanceMove<G, V> {
    child: G,
    weight: V,
    margin: V,
    keeps: bool,
    lower: V,
    upper: V,
}

impl<G: ChanceGame, V: Expectation> ChanceSolver<G, V> {
    /// The node's mean, fail-soft within (`alpha`, `beta`) (see the module docs for the
    /// proof): with pruning, Star1; without, every chance move's exact worth.
    pub(super) fn chance_node(
        &mut self,
        position: &G,
        alpha: &V,
        beta: &V,
        ply: usize,
    ) -> Result<V, ChanceError> {
        let drawn = self.chance_moves_of(position);
        if drawn.is_empty() {
            return Ok(V::from_int(0));
        }
        let total = weighted(&drawn, |_| V::from_int(1));
        // Over the chance moves after the one searched: their weighted upper and lower bounds.
        let mut rest_upper = weighted(&drawn, |o| o.upper.clone());
        let mut rest_lower = weighted(&drawn, |o| o.lower.clone());
        let mut done = V::from_int(0);
        for chance_move in &drawn {
            rest_upper = rest_upper - chance_move.weight.clone() * chance_move.upper.clone();
            rest_lower = rest_lower - chance_move.weight.clone() * chance_move.lower.clone();
            // The worth below which the node fails low, above which it fails high.
            let fail_low = (alpha.clone() * total.clone() - done.clone() - rest_upper.clone())
                / chance_move.weight.clone();
            let fail_high = (beta.clone() * total.clone() - done.clone() - rest_lower.clone())
                / chance_move.weight.clone();
            // Decided before any search: the chance move's bounds already put the node outside.
            if self.prunes_chance() && chance_move.upper <= fail_low {
                let share = chance_move.weight.clone() * chance_move.upper.clone();
                return Ok(min((done + share + rest_upper) / total, alpha.clone()));
            }
            if self.prunes_chance() && chance_move.lower >= fail_high {
                let share = chance_move.weight.clone() * chance_move.lower.clone();
                return Ok(max((done + share + rest_lower) / total, beta.clone()));
            }
            let (a, b) = self.window_of(chance_move, &fail_low, &fail_high);
            let worth = self.chance_move_worth(chance_move, &a, &b, ply)?;
            let share = chance_move.weight.clone() * worth.clone();
            // A bound on the node stays on its side of the window (see `through`).
            if self.prunes_chance() && worth <= fail_low {
                return Ok(min((done + share + rest_upper) / total, alpha.clone()));
            }
            if self.prunes_chance() && worth >= fail_high {
                return Ok(max((done + share + rest_lower) / total, beta.clone()));
            }
            done = done + share;
        }
        Ok(done / total)
    }

    /// The window a chance move's worth is searched in: with pruning, between the worths at
    /// which the node fails, clipped to the move's bounds; without, just outside its bounds.
    fn window_of(&self, chance_move: &ChanceMove<G, V>, fail_low: &V, fail_high: &V) -> (V, V) {
        let one = V::from_int(1);
        let (below, above) = (
            chance_move.lower.clone() - one.clone(),
            chance_move.upper.clone() + one,
        );
        if self.prunes_chance() {
            (max(fail_low.clone(), below), min(fail_high.clone(), above))
        } else {
            (below, above)
        }
    }

    /// The chance moves of `position`, each with the bounds of its worth.
    fn chance_moves_of(&self, position: &G) -> Vec<ChanceMove<G, V>> {
        let mut drawn = Vec::new();
        position.chance_moves(&mut drawn);
        drawn
            .into_iter()
            .map(|(mv, weight)| {
                let (margin, keeps) = position.margin_and_turn(mv);
                let margin = V::from_int(margin);
                let child = position.after(mv);
                let bounds = child.value_bounds();
                let (lower, upper) = (V::from_int(*bounds.start()), V::from_int(*bounds.end()));
                let (lower, upper) = if keeps {
                    (margin.clone() + lower, margin.clone() + upper)
                } else {
                    (margin.clone() - upper, margin.clone() - lower)
                };
                ChanceMove {
                    child,
                    weight: V::from_int(i64::from(weight)),
                    margin,
                    keeps,
                    lower,
                    upper,
                }
            })
            .collect()
    }

    /// The chance move's worth, fail-soft within (`alpha`, `beta`).
    fn chance_move_worth(
        &mut self,
        chance_move: &ChanceMove<G, V>,
        alpha: &V,
        beta: &V,
        ply: usize,
    ) -> Result<V, ChanceError> {
        let (margin, keeps) = (&chance_move.margin, chance_move.keeps);
        let (a, b) = child_window(margin, keeps, alpha, beta);
        let child = self.search_after_chance(&chance_move.child, a.clone(), b.clone(), ply + 1)?;
        Ok(through(margin, keeps, child, (&a, &b), (alpha, beta)))
    }
}

/// The sum over the chance moves of each one's weight times `of` it.
fn weighted<M, V: Expectation>(
    drawn: &[ChanceMove<M, V>],
    of: impl Fn(&ChanceMove<M, V>) -> V,
) -> V {
    drawn
        .iter()
        .fold(V::from_int(0), |sum, o| sum + o.weight.clone() * of(o))
}
