//! `CyclicSolver`: the expected values of a chance game whose positions repeat (Pig: a roll
//! of 1 hands the turn back with nothing banked), by the strongly connected components of its
//! graph, each solved after every component it leads to.

use super::error::ChanceError;
use super::fixed_point::{Settle, components, is_single};
use crate::game::ChanceGame;
use rustc_hash::FxHashMap as HashMap;
use std::collections::hash_map::Entry;

/// The most positions a solve explores unless told ([`CyclicSolver::with_max_positions`]):
/// a solve takes about 280 bytes a position (Pig to 100: 271 MB for 980,595 positions, its
/// graph copied once when it is numbered again), so about 4.5 GiB at most.
pub const DEFAULT_MAX_POSITIONS: usize = 1 << 24;

/// Solves a [`ChanceGame`] whose positions may repeat: every position reachable from a start,
/// its expected value (for the side to move) and its best move, in floating point.
///
/// # The method
///
/// The positions reachable from the start are numbered and their moves kept as edges. The
/// graph's strongly connected components (Tarjan's algorithm) come out in reverse
/// topological order: each after every component its positions lead to. A component of one
/// position without a move back to itself is valued at once from its children, as a tree
/// search would. A component with a cycle is solved by value iteration on its own (its
/// positions' values swept in turn, each from the latest values, until no value moves by
/// more than the tolerance), as Glenn, Fang and Kruskal solve Can't Stop; the values outside it
/// are final by then, so a sweep goes over the component alone, not the whole game. Two
/// things make the sweeps few: a component's positions are swept descendants first (in the
/// order their depth-first search ended), so one sweep carries a value down a chain of
/// positions at once; and every four sweeps each value is extrapolated from its sequence
/// (Aitken's Δ², a guess the following sweeps confirm or correct). On Pig to 100 the two take
/// the sweeps from 482,806 to 54,791.
///
/// The result is the fixed point of the game's equations where the iteration converges to
/// one (a game in which play ends with certainty under every strategy: each cycle is left
/// with positive probability), to within what the tolerance leaves:
/// [`CyclicSolution::residual`] is the largest change of the last sweep of any component.
/// It is not the error: where a component's changes shrink by a rate `r` a sweep, its
/// values are about `residual / (1 − r)` from their limits (ten times the residual at 0.9),
/// so a game whose cycles are left with small probability wants a smaller tolerance.
///
/// A game numbered densely in tiers is solved the same way by `Retrograde::solve_expected`,
/// a tier at a time, without a hash map and on every core (Pig to 100: 0.22 s and 12 MiB
/// against this solver's 0.83 s and 265 MiB; BENCHMARKS.md).
#[derive(Debug, Clone)]
pub struct CyclicSolver {
    settle: Settle,
    max_positions: usize,
}

/// The values of every position a start reaches.
#[derive(Debug, Clone)]
pub struct CyclicSolution<G: ChanceGame> {
    /// Each position's number when it was found, and that number's place in `values`.
    pub(super) index: HashMap<G::Key, u32>,
    pub(super) rank: Vec<u32>,
    pub(super) values: Vec<f64>,
    pub(super) best: Vec<Option<G::Move>>,
    residual: f64,
    components: usize,
    sweeps: u64,
}

/// One move or chance move of a numbered position (its margin and weight integers, held as
/// floating point, exactly: they are far below 2^53).
#[derive(Debug, Clone, Copy)]
pub(super) struct Edge {
    pub(super) child: u32,
    pub(super) margin: f64,
    pub(super) keeps: bool,
    pub(super) weight: f64,
}

/// The game as numbered positions and their edges.
pub(super) struct Graph<M> {
    pub(super) chance: Vec<bool>,
    /// Position i's edges are `edges[first[i]..first[i + 1]]`, its moves beside them.
    pub(super) first: Vec<usize>,
    pub(super) edges: Vec<Edge>,
    pub(super) moves: Vec<M>,
}

impl Default for CyclicSolver {
    fn default() -> Self {
        Self::new()
    }
}

impl CyclicSolver {
    /// A solver to a tolerance of 10⁻¹² and at most [`DEFAULT_MAX_POSITIONS`] positions.
    #[must_use]
    pub fn new() -> Self {
        Self {
            settle: Settle::default(),
            max_positions: DEFAULT_MAX_POSITIONS,
        }
    }

    /// Sweeps each cyclic component until no value moves by more than `tolerance` (or than
    /// 2⁻⁴⁶ of itself: rounding alone moves a large value by a few units in the last place).
    #[must_use]
    pub fn with_tolerance(mut self, tolerance: f64) -> Self {
        self.settle.tolerance = tolerance.abs();
        self
    }

    /// Explores at most `positions` positions ([`ChanceError::TooLarge`] past them, before
    /// the memory is taken).
    #[must_use]
    pub fn with_max_positions(mut self, positions: usize) -> Self {
        self.max_positions = positions;
        self
    }

    /// Every position `start` reaches, valued.
    ///
    /// # Errors
    ///
    /// [`ChanceError::TooLarge`] past the positions allowed; [`ChanceError::NoConvergence`]
    /// if a component's values still move after 2^20 sweeps (a cycle that play need not
    /// leave).
    pub fn solve<G: ChanceGame>(&self, start: &G) -> Result<CyclicSolution<G>, ChanceError> {
        self.solve_graph(start).map(|(solution, ..)| solution)
    }

    /// As [`solve`](Self::solve), with the numbered graph and its components' sizes, in the
    /// order solved (each component's positions numbered side by side).
    pub(super) fn solve_graph<G: ChanceGame>(&self, start: &G) -> Result<Solved<G>, ChanceError> {
        let (graph, index) = explore(start, self.max_positions)?;
        let found = components(&graph.first, |e| graph.edges[e].child);
        // Numbered again in the order solved: a component's positions side by side, so that a
        // sweep reads its values from the cache, not from all over the game.
        let (graph, sizes, rank) = renumbered(&graph, &found);
        let count = graph.chance.len();
        let mut solution = CyclicSolution {
            index,
            rank,
            values: vec![0.0; count],
            best: vec![None; count],
            residual: 0.0,
            components: 0,
            sweeps: 0,
        };
        let mut first = 0u32;
        for &size in &sizes {
            let component: Vec<u32> = (first..first + size).collect();
            first += size;
            solution.components += 1;
            self.solve_component(&graph, &component, &mut solution)?;
        }
        Ok((solution, graph, sizes))
    }

    fn solve_component<M: Copy>(
        &self,
        graph: &Graph<M>,
        component: &[u32],
        solution: &mut CyclicSolution<impl ChanceGame<Move = M>>,
    ) -> Result<(), ChanceError> {
        let single = is_single(component, &graph.first, |e| graph.edges[e].child);
        let best = &mut solution.best;
        let settled = self
            .settle
            .settle(
                component,
                single,
                solution.values.as_mut_slice(),
                |i, values| {
                    let (value, move_) = graph.value_of(i, values);
                    best[i] = move_;
                    value
                },
            )
            .map_err(|sweeps| ChanceError::NoConvergence { sweeps })?;
        solution.residual = solution.residual.max(settled.residual);
        solution.sweeps += settled.sweeps;
        Ok(())
    }
}

impl<M: Copy> Graph<M> {
    /// Position `i`'s value from the values of its children: the mean of its chance moves' worth
    /// at a chance node, the best move's at a player's (and that move); 0 with no move.
    fn value_of(&self, i: usize, values: &[f64]) -> (f64, Option<M>) {
        let range = self.first[i]..self.first[i + 1];
        if range.is_empty() {
            return (0.0, None);
        }
        let worth = |e: &Edge| {
            let child = values[e.child as usize];
            if e.keeps {
                e.margin + child
            } else {
                e.margin - child
            }
        };
        if self.chance[i] {
            let (sum, total) = self.edges[range]
                .iter()
                .fold((0.0, 0.0), |(sum, total), e| {
                    (sum + e.weight * worth(e), total + e.weight)
                });
            return (sum / total, None);
        }
        let mut best = (f64::NEG_INFINITY, None);
        for (e, &mv) in self.edges[range.clone()].iter().zip(&self.moves[range]) {
            let w = worth(e);
            if w > best.0 {
                best = (w, Some(mv));
            }
        }
        best
    }
}

/// A solve, its numbered graph, and its components' sizes in the order solved.
pub(super) type Solved<G> = (
    CyclicSolution<G>,
    Graph<<G as crate::game::Game>::Move>,
    Vec<u32>,
);

/// The numbered graph of a game, and each position's number by its key.
type Explored<G> = (
    Graph<<G as crate::game::Game>::Move>,
    HashMap<<G as crate::game::Game>::Key, u32>,
);

/// Numbers every position `start` reaches and lists its edges.
fn explore<G: ChanceGame>(start: &G, max_positions: usize) -> Result<Explored<G>, ChanceError> {
    let mut index = HashMap::default();
    index.insert(start.key(), 0u32);
    let mut queue = vec![start.clone()];
    let mut graph = Graph {
        chance: Vec::new(),
        first: vec![0],
        edges: Vec::new(),
        moves: Vec::new(),
    };
    let (mut next, mut weighted, mut moves) = (0, Vec::new(), Vec::new());
    while next < queue.len() {
        let position = std::mem::replace(&mut queue[next], start.clone());
        next += 1;
        let chance = position.is_chance();
        weighted.clear();
        if chance {
            position.chance_moves(&mut weighted);
        } else {
            moves.clear();
            position.generate_moves(&mut moves);
            weighted.extend(moves.iter().map(|&mv| (mv, 1)));
        }
        for &(mv, weight) in &weighted {
            let child = position.after(mv);
            let count = u32::try_from(index.len()).unwrap_or(u32::MAX);
            let number = match index.entry(child.key()) {
                Entry::Occupied(found) => *found.get(),
                Entry::Vacant(slot) => {
                    if index_full(count, max_positions) {
                        return Err(ChanceError::TooLarge {
                            positions: max_positions,
                        });
                    }
                    slot.insert(count);
                    queue.push(child);
                    count
                }
            };
            let (margin, keeps) = position.margin_and_turn(mv);
            graph.edges.push(Edge {
                child: number,
                margin: margin as f64,
                keeps,
                weight: f64::from(weight),
            });
            graph.moves.push(mv);
        }
        graph.chance.push(chance);
        graph.first.push(graph.edges.len());
    }
    Ok((graph, index))
}

/// The graph numbered in the order of `components` (each component's positions in the order
/// found, which Tarjan's algorithm gives deepest first); the components' sizes; each old
/// number's new one.
fn renumbered<M: Copy>(
    graph: &Graph<M>,
    components: &[Vec<u32>],
) -> (Graph<M>, Vec<u32>, Vec<u32>) {
    let count = graph.chance.len();
    let mut rank = vec![0u32; count];
    let order: Vec<u32> = components.iter().flatten().copied().collect();
    for (new, &old) in order.iter().enumerate() {
        rank[old as usize] = new as u32;
    }
    let mut moved = Graph {
        chance: Vec::with_capacity(count),
        first: Vec::with_capacity(count + 1),
        edges: Vec::with_capacity(graph.edges.len()),
        moves: Vec::with_capacity(graph.moves.len()),
    };
    moved.first.push(0);
    for &old in &order {
        let (o, range) = (
            old as usize,
            graph.first[old as usize]..graph.first[old as usize + 1],
        );
        moved.chance.push(graph.chance[o]);
        moved
            .edges
            .extend(graph.edges[range.clone()].iter().map(|e| Edge {
                child: rank[e.child as usize],
                ..*e
            }));
        moved.moves.extend_from_slice(&graph.moves[range]);
        moved.first.push(moved.edges.len());
    }
    let sizes = components.iter().map(|c| c.len() as u32).collect();
    (moved, sizes, rank)
}

fn index_full(count: u32, max_positions: usize) -> bool {
    count as usize >= max_positions || count == u32::MAX
}

impl<G: ChanceGame> CyclicSolution<G> {
    /// The value of `position` for its side to move, if the start reaches it.
    #[must_use]
    pub fn value(&self, position: &G) -> Option<f64> {
        let &i = self.index.get(&position.key())?;
        Some(self.values[self.rank[i as usize] as usize])
    }

    /// The best move at a player's node the start reaches (the first of the best, in the
    /// game's order); `None` at a chance node or an end.
    #[must_use]
    pub fn best_move(&self, position: &G) -> Option<G::Move> {
        let &i = self.index.get(&position.key())?;
        self.best[self.rank[i as usize] as usize]
    }

    /// The positions valued.
    #[must_use]
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no position was valued (never: the start is).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The largest change in the last sweep of any cyclic component: 0 for a game without
    /// cycles, at most the tolerance otherwise, or 2⁻⁴⁶ of a value that rounding moves by
    /// more.
    #[must_use]
    pub fn residual(&self) -> f64 {
        self.residual
    }

    /// The strongly connected components solved, and the sweeps over them in all.
    #[must_use]
    pub fn work(&self) -> (usize, u64) {
        (self.components, self.sweeps)
    }
}
