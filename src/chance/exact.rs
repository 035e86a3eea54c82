//! Exact values of a small chance game whose positions repeat: the floating-point solve's
//! best moves evaluated exactly, component by component, and proven optimal.

use super::cyclic::{CyclicSolution, CyclicSolver, Graph};
use super::error::ChanceError;
use super::value::Expectation;
use crate::game::ChanceGame;
use num_rational::BigRational;

/// The exact values of every position a start reaches ([`CyclicSolver::solve_exact`]).
#[derive(Debug, Clone)]
pub struct ExactCyclicSolution<G: ChanceGame> {
    approximate: CyclicSolution<G>,
    values: Vec<BigRational>,
}

impl<G: ChanceGame> ExactCyclicSolution<G> {
    /// The exact value of `position` for its side to move, if the start reaches it.
    #[must_use]
    pub fn value(&self, position: &G) -> Option<&BigRational> {
        let &i = self.approximate.index.get(&position.key())?;
        self.values.get(self.approximate.rank[i as usize] as usize)
    }

    /// A best move at a player's node the start reaches; `None` at a chance node or an end.
    #[must_use]
    pub fn best_move(&self, position: &G) -> Option<G::Move> {
        self.approximate.best_move(position)
    }
}

/// The most rounds of exact evaluation and improvement a component may take.
const MAX_ROUNDS: usize = 64;

impl CyclicSolver {
    /// Every position `start` reaches, valued exactly, for small games (each component's
    /// equations are solved by elimination in rationals: cubic in the component's size).
    ///
    /// The method: the floating-point solve gives each player's node a best move. With those
    /// moves fixed, a component's values are the solution of linear equations (each position
    /// worth its move's worth, or its chance moves' mean), solved exactly. If no move anywhere
    /// in the component is then worth strictly more than the one chosen, the values satisfy
    /// the game's equations exactly, and, play ending with certainty, those have one
    /// solution: the values are the game's. Otherwise the better moves are taken and the
    /// component solved again.
    ///
    /// # Errors
    ///
    /// As [`solve`](Self::solve); [`ChanceError::NoConvergence`] if a component's moves still
    /// change after 64 rounds.
    pub fn solve_exact<G: ChanceGame>(
        &self,
        start: &G,
    ) -> Result<ExactCyclicSolution<G>, ChanceError> {
        let (mut approximate, graph, sizes) = self.solve_graph(start)?;
        let mut values = vec![BigRational::from_int(0); graph.chance.len()];
        let mut first = 0usize;
        for size in sizes {
            let component = first..first + size as usize;
            first += size as usize;
            let mut rounds = 0;
            while improve(
                &graph,
                component.clone(),
                &mut approximate.best,
                &mut values,
            ) {
                rounds += 1;
                if rounds >= MAX_ROUNDS {
                    return Err(ChanceError::NoConvergence { sweeps: rounds });
                }
            }
        }
        Ok(ExactCyclicSolution {
            approximate,
            values,
        })
    }
}

/// The worth of edge `e` of a position, from the exact values.
fn worth(graph: &Graph<impl Copy>, e: usize, values: &[BigRational]) -> BigRational {
    let edge = graph.edges[e];
    let margin = BigRational::from_int(edge.margin as i64);
    let child = values[edge.child as usize].clone();
    if edge.keeps {
        margin + child
    } else {
        margin - child
    }
}

/// The chosen edge of a player's node: its best move's.
fn chosen<M: Copy + PartialEq>(graph: &Graph<M>, i: usize, best: Option<M>) -> Option<usize> {
    (graph.first[i]..graph.first[i + 1]).find(|&e| Some(graph.moves[e]) == best)
}

/// Solves the component's equations with its best moves fixed, then takes any move worth
/// strictly more; whether one was.
fn improve<M: Copy + PartialEq>(
    graph: &Graph<M>,
    component: std::ops::Range<usize>,
    best: &mut [Option<M>],
    values: &mut [BigRational],
) -> bool {
    solve_fixed(graph, component.clone(), best, values);
    let mut improved = false;
    for i in component {
        if graph.chance[i] {
            continue;
        }
        let Some(current) = chosen(graph, i, best[i]) else {
            continue;
        };
        let now = worth(graph, current, values);
        for e in graph.first[i]..graph.first[i + 1] {
            if worth(graph, e, values) > now {
                best[i] = Some(graph.moves[e]);
                improved = true;
                break;
            }
        }
    }
    improved
}

/// The component's values with its best moves fixed: `v = A v + b` over its positions,
/// solved by Gauss-Jordan elimination in rationals; positions outside it are final.
fn solve_fixed<M: Copy + PartialEq>(
    graph: &Graph<M>,
    component: std::ops::Range<usize>,
    best: &[Option<M>],
    values: &mut [BigRational],
) {
    let (start, n) = (component.start, component.len());
    let zero = BigRational::from_int(0);
    // Row r: coefficients of the component's values, then the constant; (I - A) v = b.
    let mut rows = vec![vec![zero.clone(); n + 1]; n];
    for (r, i) in component.clone().enumerate() {
        rows[r][r] = BigRational::from_int(1);
        let edges: Vec<(usize, BigRational)> = if graph.chance[i] {
            let range = graph.first[i]..graph.first[i + 1];
            let total: f64 = graph.edges[range.clone()].iter().map(|e| e.weight).sum();
            let total = BigRational::from_int(total as i64);
            range
                .map(|e| {
                    (
                        e,
                        BigRational::from_int(graph.edges[e].weight as i64) / total.clone(),
                    )
                })
                .collect()
        } else {
            chosen(graph, i, best[i])
                .map(|e| (e, BigRational::from_int(1)))
                .into_iter()
                .collect()
        };
        for (e, share) in edges {
            let edge = graph.edges[e];
            let sign = BigRational::from_int(if edge.keeps { 1 } else { -1 });
            let margin = BigRational::from_int(edge.margin as i64);
            rows[r][n] = rows[r][n].clone() + share.clone() * margin;
            let c = edge.child as usize;
            if component.contains(&c) {
                rows[r][c - start] = rows[r][c - start].clone() - share * sign;
            } else {
                rows[r][n] = rows[r][n].clone() + share * sign * values[c].clone();
            }
        }
    }
    eliminate(&mut rows);
    for (r, row) in rows.iter().enumerate() {
        values[start + r] = row[n].clone() / row[r].clone();
    }
}

/// Gauss-Jordan elimination of the augmented rows, a non-zero pivot taken in each column
/// (the system has one solution when play ends with certainty).
fn eliminate(rows: &mut [Vec<BigRational>]) {
    let n = rows.len();
    let zero = BigRational::from_int(0);
    for column in 0..n {
        let Some(pivot) = (column..n).find(|&r| rows[r][column] != zero) else {
            continue;
        };
        rows.swap(column, pivot);
        let pivot_row = rows[column].clone();
        for (r, row) in rows.iter_mut().enumerate() {
            if r == column || row[column] == zero {
                continue;
            }
            let factor = row[column].clone() / pivot_row[column].clone();
            for (cell, above) in row.iter_mut().zip(&pivot_row).skip(column) {
                *cell = cell.clone() - factor.clone() * above.clone();
            }
        }
    }
}
