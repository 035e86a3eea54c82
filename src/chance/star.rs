//! Star1 at a chance node: each outcome searched within the window its share of the mean
//! leaves, given what the outcomes before proved and the bounds of those after.

use super::solver::{ChanceError, ChanceSolver, through};
use super::value::{Expectation, max, min};
use crate::game::ChanceGame;

/// One outcome of a chance node: its move, weight, margin, whether it keeps the turn, and the
/// bounds of its worth.
struct Outcome<M, V> {
    mv: M,
    weight: V,
    margin: V,
    keeps: bool,
    lower: V,
    upper: V,
}

impl<G: ChanceGame, V: Expectation> ChanceSolver<G, V> {
    /// The node's mean, fail-soft within (`alpha`, `beta`) (see the module docs for the
    /// proof): with pruning, Star1; without, every outcome's exact worth.
    pub(super) fn chance_node(
        &mut self,
        position: &G,
        alpha: &V,
        beta: &V,
        ply: usize,
    ) -> Result<V, ChanceError> {
        let outcomes = self.outcomes_of(position);
        if outcomes.is_empty() {
            return Ok(V::from_int(0));
        }
        let total = outcomes
            .iter()
            .fold(V::from_int(0), |sum, o| sum + o.weight.clone());
        // Over the outcomes after the one searched: their weighted upper and lower bounds.
        let mut rest_upper = outcomes.iter().fold(V::from_int(0), |sum, o| {
            sum + o.weight.clone() * o.upper.clone()
        });
        let mut rest_lower = outcomes.iter().fold(V::from_int(0), |sum, o| {
            sum + o.weight.clone() * o.lower.clone()
        });
        let mut done = V::from_int(0);
        let one = V::from_int(1);
        for outcome in &outcomes {
            rest_upper = rest_upper - outcome.weight.clone() * outcome.upper.clone();
            rest_lower = rest_lower - outcome.weight.clone() * outcome.lower.clone();
            // The worth below which the node fails low, above which it fails high.
            let fail_low = (alpha.clone() * total.clone() - done.clone() - rest_upper.clone())
                / outcome.weight.clone();
            let fail_high = (beta.clone() * total.clone() - done.clone() - rest_lower.clone())
                / outcome.weight.clone();
            // Decided before any search: the outcome's bounds already put the node outside.
            if self.prunes_chance() && outcome.upper <= fail_low {
                let share = outcome.weight.clone() * outcome.upper.clone();
                return Ok(min((done + share + rest_upper) / total, alpha.clone()));
            }
            if self.prunes_chance() && outcome.lower >= fail_high {
                let share = outcome.weight.clone() * outcome.lower.clone();
                return Ok(max((done + share + rest_lower) / total, beta.clone()));
            }
            let (a, b) = if self.prunes_chance() {
                (
                    max(fail_low.clone(), outcome.lower.clone() - one.clone()),
                    min(fail_high.clone(), outcome.upper.clone() + one.clone()),
                )
            } else {
                (
                    outcome.lower.clone() - one.clone(),
                    outcome.upper.clone() + one.clone(),
                )
            };
            let worth = self.outcome_worth(position, outcome, &a, &b, ply)?;
            let share = outcome.weight.clone() * worth.clone();
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

    /// The outcomes of `position`, each with the bounds of its worth.
    fn outcomes_of(&self, position: &G) -> Vec<Outcome<G::Move, V>> {
        let mut drawn = Vec::new();
        position.outcomes(&mut drawn);
        drawn
            .into_iter()
            .map(|(mv, weight)| {
                let (margin, keeps) = position.margin_and_turn(mv);
                let margin = V::from_int(margin);
                let bounds = position.after(mv).value_bounds();
                let (lower, upper) = (V::from_int(*bounds.start()), V::from_int(*bounds.end()));
                let (lower, upper) = if keeps {
                    (margin.clone() + lower, margin.clone() + upper)
                } else {
                    (margin.clone() - upper, margin.clone() - lower)
                };
                Outcome {
                    mv,
                    weight: V::from_int(i64::from(weight)),
                    margin,
                    keeps,
                    lower,
                    upper,
                }
            })
            .collect()
    }

    /// The outcome's worth, fail-soft within (`alpha`, `beta`).
    fn outcome_worth(
        &mut self,
        position: &G,
        outcome: &Outcome<G::Move, V>,
        alpha: &V,
        beta: &V,
        ply: usize,
    ) -> Result<V, ChanceError> {
        let margin = &outcome.margin;
        let (a, b) = if outcome.keeps {
            (
                alpha.clone() - margin.clone(),
                beta.clone() - margin.clone(),
            )
        } else {
            (
                margin.clone() - beta.clone(),
                margin.clone() - alpha.clone(),
            )
        };
        let child =
            self.search_outcome(&position.after(outcome.mv), a.clone(), b.clone(), ply + 1)?;
        Ok(through(
            margin,
            outcome.keeps,
            child,
            (&a, &b),
            (alpha, beta),
        ))
    }
}
