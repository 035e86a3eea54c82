//! The chance nodes: Star1 (each chance move searched within the window its share of the mean
//! leaves, given what the chance moves before proved and the bounds of those after), after
//! Star2's probes (a bound on each chance move from one move of the position after it).

use super::search::{ChanceMove, ChancePruning, Halt, Search};
use super::value::{Expectation, max, min};
use super::worth::{child_window, through};
use crate::game::{ChanceGame, Evaluator, Knowledge};

impl<G: ChanceGame, V: Expectation, E: Evaluator<G>, K: Knowledge<G>> Search<G, V, E, K> {
    /// The node's mean, fail-soft within (`alpha`, `beta`) (see the module docs for the
    /// proofs): Star2's probes, then Star1; without pruning, every chance move's exact worth.
    pub(super) fn chance_node(
        &mut self,
        position: &G,
        alpha: &V,
        beta: &V,
        depth: u16,
        ply: usize,
    ) -> Result<V, Halt> {
        // A list of each ply's chance moves, kept between nodes: no allocation a node.
        let mut drawn = self.chance_lists.pop().unwrap_or_default();
        self.chance_moves_of(position, &mut drawn);
        let result = self.mean(&mut drawn, alpha, beta, depth, ply);
        drawn.clear();
        self.chance_lists.push(drawn);
        result
    }

    /// [`chance_node`](Self::chance_node) over its chance moves, `drawn`.
    fn mean(
        &mut self,
        drawn: &mut [ChanceMove<G, V>],
        alpha: &V,
        beta: &V,
        depth: u16,
        ply: usize,
    ) -> Result<V, Halt> {
        if drawn.is_empty() {
            return Ok(V::from_int(0));
        }
        let total = weighted(drawn, |_| V::from_int(1));
        if self.pruning == ChancePruning::Star2 {
            let node = Node {
                alpha,
                beta,
                total: &total,
                depth,
                ply,
            };
            if let Some(bound) = self.probe(drawn, &node)? {
                return Ok(bound);
            }
        }
        self.star1(drawn, alpha, beta, &total, depth, ply)
    }

    /// Star1 over the chance moves, or their plain mean without pruning.
    fn star1(
        &mut self,
        drawn: &[ChanceMove<G, V>],
        alpha: &V,
        beta: &V,
        total: &V,
        depth: u16,
        ply: usize,
    ) -> Result<V, Halt> {
        let total = total.clone();
        let prunes = self.pruning != ChancePruning::Off;
        // Over the chance moves after the one searched: their weighted upper and lower bounds.
        let mut rest_upper = weighted(drawn, |o| o.upper.clone());
        let mut rest_lower = weighted(drawn, |o| o.lower.clone());
        let mut done = V::from_int(0);
        for chance_move in drawn {
            rest_upper = rest_upper - chance_move.weight.clone() * chance_move.upper.clone();
            rest_lower = rest_lower - chance_move.weight.clone() * chance_move.lower.clone();
            // The worth below which the node fails low, above which it fails high.
            let fail_low = (alpha.clone() * total.clone() - done.clone() - rest_upper.clone())
                / chance_move.weight.clone();
            let fail_high = (beta.clone() * total.clone() - done.clone() - rest_lower.clone())
                / chance_move.weight.clone();
            // Decided before any search when the chance move's bounds already put the node
            // outside; else by the chance move's worth within the window.
            let worth =
                if prunes && (chance_move.upper <= fail_low || chance_move.lower >= fail_high) {
                    if chance_move.upper <= fail_low {
                        chance_move.upper.clone()
                    } else {
                        chance_move.lower.clone()
                    }
                } else {
                    let (a, b) = window_of(prunes, chance_move, &fail_low, &fail_high);
                    self.chance_move_worth(chance_move, (&a, &b), depth, ply)?
                };
            let share = chance_move.weight.clone() * worth.clone();
            // A bound on the node stays on its side of the window (see `through`).
            if prunes && worth <= fail_low {
                return Ok(min((done + share + rest_upper) / total, alpha.clone()));
            }
            if prunes && worth >= fail_high {
                return Ok(max((done + share + rest_lower) / total, beta.clone()));
            }
            done = done + share;
        }
        Ok(done / total)
    }

    /// Star2's probes: each chance move's bounds tightened by one move of the position after
    /// it (a lower bound on that position's value, so a lower bound on the chance move's
    /// worth if it keeps the turn, an upper bound if it passes it), the node's bound returned
    /// as soon as the chance moves' bounds put it outside the window.
    fn probe(
        &mut self,
        drawn: &mut [ChanceMove<G, V>],
        node: &Node<'_, V>,
    ) -> Result<Option<V>, Halt> {
        let total = node.total.clone();
        let mut sum_lower = weighted(drawn, |o| o.lower.clone());
        let mut sum_upper = weighted(drawn, |o| o.upper.clone());
        // A probe raises a lower bound (a chance move that keeps the turn) or lowers an
        // upper one (one that passes it): worth it only if the node could then fail. Where
        // the window's edge is the node's own bound (`Σ wᵢ Uᵢ = βW`: the window of a node
        // searched whole), failing needs every chance move proven at that bound, which Star1
        // proves as well: a probe there is a node spent for nothing (the module docs).
        let (high, low) = (
            node.beta.clone() * total.clone(),
            node.alpha.clone() * total.clone(),
        );
        let (may_fail_high, may_fail_low) = (sum_upper > high, sum_lower < low);
        for chance_move in drawn.iter_mut() {
            let useful = if chance_move.keeps {
                may_fail_high
            } else {
                may_fail_low
            };
            if !useful
                || chance_move.child.is_chance()
                || chance_move.lower.same(&chance_move.upper)
            {
                continue;
            }
            let weight = chance_move.weight.clone();
            let one = V::from_int(1);
            // The worth at which the node fails, the other chance moves at their bounds.
            let window = if chance_move.keeps {
                let others = sum_lower.clone() - weight.clone() * chance_move.lower.clone();
                let fail_high = (high.clone() - others) / weight.clone();
                (
                    chance_move.lower.clone(),
                    min(fail_high, chance_move.upper.clone() + one),
                )
            } else {
                let others = sum_upper.clone() - weight.clone() * chance_move.upper.clone();
                let fail_low = (low.clone() - others) / weight.clone();
                (
                    max(fail_low, chance_move.lower.clone() - one),
                    chance_move.upper.clone(),
                )
            };
            let (old_lower, old_upper) = (chance_move.lower.clone(), chance_move.upper.clone());
            self.probe_one(chance_move, window, node.depth, node.ply)?;
            sum_lower = sum_lower + weight.clone() * (chance_move.lower.clone() - old_lower);
            sum_upper = sum_upper + weight * (chance_move.upper.clone() - old_upper);
            if sum_lower >= high {
                return Ok(Some(max(sum_lower / total, node.beta.clone())));
            }
            if sum_upper <= low {
                return Ok(Some(min(sum_upper / total, node.alpha.clone())));
            }
        }
        Ok(None)
    }

    /// The first move of the position after `chance_move` searched within the window
    /// (`a`, `b`) on the chance move's worth; its result, unless it failed low in the child's
    /// window, is a lower bound on the child's value, which tightens the chance move's bounds.
    fn probe_one(
        &mut self,
        chance_move: &mut ChanceMove<G, V>,
        (a, b): (V, V),
        depth: u16,
        ply: usize,
    ) -> Result<(), Halt> {
        let (child_a, child_b) = child_window(&chance_move.margin, chance_move.keeps, &a, &b);
        self.count_node(ply + 1)?;
        let first = self.best_place(&chance_move.child);
        let window = (child_a.clone(), &child_b);
        let (value, _) =
            self.player_node(&chance_move.child, window, (first, Some(1)), depth, ply + 1)?;
        if value <= child_a {
            return Ok(());
        }
        let margin = chance_move.margin.clone();
        if chance_move.keeps {
            chance_move.lower = max(chance_move.lower.clone(), margin + value);
        } else {
            chance_move.upper = min(chance_move.upper.clone(), margin - value);
        }
        Ok(())
    }

    /// The chance moves of `position`, each with the game's bounds on its worth, added to
    /// `out`. (The table's bounds on the positions after them cut a few nodes more and cost
    /// more time than that: a lookup for each chance move.)
    fn chance_moves_of(&mut self, position: &G, out: &mut Vec<ChanceMove<G, V>>) {
        let mut drawn = std::mem::take(&mut self.drawn);
        drawn.clear();
        heaviest_first(position, &mut drawn);
        out.extend(drawn.iter().map(|&(mv, weight)| {
            let (margin, keeps) = position.margin_and_turn(mv);
            let margin = V::from_int(margin);
            let child = position.after(mv);
            let (lower, upper) = self.bounds(&child);
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
        }));
        self.drawn = drawn;
    }

    /// The chance move's worth, fail-soft within (`alpha`, `beta`).
    fn chance_move_worth(
        &mut self,
        chance_move: &ChanceMove<G, V>,
        (alpha, beta): (&V, &V),
        depth: u16,
        ply: usize,
    ) -> Result<V, Halt> {
        let (margin, keeps) = (&chance_move.margin, chance_move.keeps);
        let (a, b) = child_window(margin, keeps, alpha, beta);
        let window = (a.clone(), b.clone());
        let child = self.search_after_chance(&chance_move.child, window, depth, ply + 1)?;
        Ok(through(margin, keeps, child, (&a, &b), (alpha, beta)))
    }
}

/// A chance node's window, the total of its weights and where it stands in the search.
struct Node<'a, V> {
    alpha: &'a V,
    beta: &'a V,
    total: &'a V,
    depth: u16,
    ply: usize,
}

/// The window a chance move's worth is searched in: with pruning, between the worths at which
/// the node fails, clipped to the move's bounds; without, just outside its bounds.
fn window_of<G, V: Expectation>(
    prunes: bool,
    chance_move: &ChanceMove<G, V>,
    fail_low: &V,
    fail_high: &V,
) -> (V, V) {
    let one = V::from_int(1);
    let (below, above) = (
        chance_move.lower.clone() - one.clone(),
        chance_move.upper.clone() + one,
    );
    if prunes {
        (max(fail_low.clone(), below), min(fail_high.clone(), above))
    } else {
        (below, above)
    }
}

/// The chance moves of `position` in the order the search takes them: heaviest first, the
/// game's order among equal weights (see the module docs of `chance`).
pub(super) fn heaviest_first<G: ChanceGame>(position: &G, out: &mut Vec<(G::Move, u32)>) {
    position.chance_moves(out);
    if !out.is_sorted_by(|a, b| a.1 >= b.1) {
        out.sort_by_key(|&(_, weight)| std::cmp::Reverse(weight));
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
