//! A tier of a chance game whose positions go round (Pig: a roll of 1 hands the turn back),
//! in expected values: the positions the depth-first search could not value, as a graph of
//! their moves within the tier, each strongly connected component settled after those it
//! leads to (`chance::fixed_point`).
//!
//! Every move out of the graph (into a tier solved before, or to a position of this tier the
//! search valued) has a final value, so it is folded into a constant of its position once:
//! a sweep reads only the moves that stay in the graph.

use super::super::RetroError;
use super::expected::worth;
use super::valuation::ChanceScratch;
use crate::chance::fixed_point::{Settle, Settled, components, is_single};
use crate::game::{ChanceGame, Child, Game, Place, Tiers};
use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// How a solve by tiers settles the tiers whose positions go round, and what it took.
#[derive(Debug)]
pub(crate) struct Cycles {
    settle: Settle,
    /// The most bytes one tier's graph may take.
    max_bytes: usize,
    /// The largest change of a last sweep (an `f64`'s bits: non-negative, they order as the
    /// values do), and the sweeps in all.
    residual: AtomicU64,
    sweeps: AtomicU64,
}

impl Cycles {
    pub(crate) fn new(settle: Settle, max_bytes: usize) -> Self {
        Self {
            settle,
            max_bytes,
            residual: AtomicU64::new(0),
            sweeps: AtomicU64::new(0),
        }
    }

    /// The largest change of the last sweep of any component settled, and the sweeps.
    pub(crate) fn work(&self) -> Settled {
        Settled {
            residual: f64::from_bits(self.residual.load(Relaxed)),
            sweeps: self.sweeps.load(Relaxed),
        }
    }

    fn add(&self, settled: Settled) {
        self.residual.fetch_max(settled.residual.to_bits(), Relaxed);
        self.sweeps.fetch_add(settled.sweeps, Relaxed);
    }
}

/// A position of the graph: at a chance node its value is `constant + Σ coef · v(child)`
/// over its edges, at a player's node the largest of `constant` and, over its edges,
/// `margin + coef · v(child)`.
struct Node {
    chance: bool,
    constant: f64,
}

/// A move that stays in the graph: `coef` is ±1 at a player's node (+ if the move keeps the
/// turn), ±weight/total at a chance node (whose margins are in the constant).
struct Edge {
    child: u32,
    coef: f64,
    margin: f64,
}

/// The bytes a position of the graph takes, beside its edges: its node, its index, its edges'
/// start, its value, and the components' search (order, low, finish, a flag, a stack entry,
/// its place in a component).
const NODE_BYTES: usize = size_of::<Node>() + 8 + 8 + 8 + 4 * 3 + 1 + 4 + 4;

/// The graph of the positions of `tier` not valued yet that `roots` reach.
struct Graph {
    nodes: Vec<Node>,
    first: Vec<usize>,
    edges: Vec<Edge>,
    /// Each node's index in the tier.
    index: Vec<u64>,
}

/// Values each position of `roots` (indices of `tier`) that `cells` does not hold yet, and
/// every position of the tier not valued yet that its moves reach, in `cells`; `read` gives
/// a place's value (`None` for one of this tier not valued yet).
///
/// # Errors
///
/// [`RetroError::TiersTooLarge`] if the graph would take more than the bytes allowed;
/// [`RetroError::NoConvergence`] if a component's values still move after the most sweeps
/// allowed; the failures of `read`.
pub(super) fn solve<T: Tiers>(
    tiers: &T,
    (tier, roots): (usize, Range<u64>),
    cells: &[AtomicU64],
    read: impl Fn(Place) -> Result<Option<f64>, RetroError>,
    cycles: &Cycles,
) -> Result<(), RetroError>
where
    T::Game: ChanceGame,
{
    let graph = build(tiers, (tier, roots), cells, read, cycles.max_bytes)?;
    let mut values = vec![0.0; graph.nodes.len()];
    let child_of = |e: usize| graph.edges[e].child;
    for component in components(&graph.first, child_of) {
        let single = is_single(&component, &graph.first, child_of);
        let settled = cycles
            .settle
            .settle(&component, single, &mut values, |i, values| {
                graph.value_of(i, values)
            })
            .map_err(|sweeps| RetroError::NoConvergence { tier, sweeps })?;
        cycles.add(settled);
    }
    for (&index, value) in graph.index.iter().zip(values) {
        cells[index as usize].store(!value.to_bits(), Relaxed);
    }
    Ok(())
}

impl Graph {
    /// Node `i`'s value from the latest values of its children.
    #[inline]
    fn value_of(&self, i: usize, values: &[f64]) -> f64 {
        let node = &self.nodes[i];
        let edges = &self.edges[self.first[i]..self.first[i + 1]];
        if node.chance {
            let sum: f64 = edges
                .iter()
                .map(|e| e.coef * values[e.child as usize])
                .sum();
            return node.constant + sum;
        }
        edges.iter().fold(node.constant, |best, e| {
            best.max(e.margin + e.coef * values[e.child as usize])
        })
    }
}

/// Each index of a tier's node in its graph, if it has one, and each node's index.
struct Numbering {
    slot: Vec<u32>,
    index: Vec<u64>,
}

impl Numbering {
    const NONE: u32 = u32::MAX;

    /// The node of `index`, numbered now if it has none yet.
    fn node(&mut self, index: u64) -> Result<u32, RetroError> {
        let at = self.slot.get_mut(index as usize);
        let at = at.ok_or(RetroError::IndexOutOfRange { index })?;
        if *at == Self::NONE {
            *at = u32::try_from(self.index.len()).map_err(|_| RetroError::TooManyPositions)?;
            self.index.push(index);
        }
        Ok(*at)
    }
}

/// Where a child stands for the graph: valued for good, or a node of it.
enum Stands {
    Valued(f64),
    Node(u32),
}

/// The graph of the positions of `tier` not valued yet that `roots` reach, breadth first;
/// its memory counted as it grows (4 bytes an index of the tier first) and refused past
/// `max_bytes`.
fn build<T: Tiers>(
    tiers: &T,
    (tier, roots): (usize, Range<u64>),
    cells: &[AtomicU64],
    read: impl Fn(Place) -> Result<Option<f64>, RetroError>,
    max_bytes: usize,
) -> Result<Graph, RetroError>
where
    T::Game: ChanceGame,
{
    let too_large = |bytes: usize| RetroError::TiersTooLarge {
        bytes: bytes as u64,
        max_bytes,
    };
    let slots_bytes = cells.len().saturating_mul(4);
    if slots_bytes > max_bytes {
        return Err(too_large(slots_bytes));
    }
    let mut numbering = Numbering {
        slot: vec![Numbering::NONE; cells.len()],
        index: Vec::new(),
    };
    for index in roots {
        if cells[index as usize].load(Relaxed) == 0 && tiers.position_at(tier, index).is_some() {
            numbering.node(index)?;
        }
    }
    let (mut nodes, mut first, mut edges) = (Vec::new(), vec![0], Vec::new());
    let mut scratch = (Vec::new(), Vec::new());
    while nodes.len() < numbering.index.len() {
        let place = Place {
            tier,
            index: numbering.index[nodes.len()],
        };
        let position = tiers.position_at(tier, place.index);
        let position = position.ok_or(RetroError::NotAPosition(place))?;
        let stands = |child: &Child| match read(child.place)? {
            Some(value) => Ok(Stands::Valued(value)),
            None => numbering.node(child.place.index).map(Stands::Node),
        };
        nodes.push(node_of(tiers, &position, &mut scratch, stands, &mut edges)?);
        first.push(edges.len());
        let bytes = slots_bytes + nodes.len() * NODE_BYTES + edges.len() * size_of::<Edge>();
        if bytes > max_bytes {
            return Err(too_large(bytes));
        }
    }
    let index = numbering.index;
    Ok(Graph {
        nodes,
        first,
        edges,
        index,
    })
}

/// The node of `position`, its edges pushed on `edges`: each child that `stands` numbers (of
/// this tier, not valued yet) kept as an edge, the others' worths folded into the constant.
fn node_of<T: Tiers>(
    tiers: &T,
    position: &T::Game,
    (moves, chance_moves): &mut ChanceScratch<<T::Game as Game>::Move>,
    mut stands: impl FnMut(&Child) -> Result<Stands, RetroError>,
    edges: &mut Vec<Edge>,
) -> Result<Node, RetroError>
where
    T::Game: ChanceGame,
{
    let mut failure = Ok(());
    if !position.is_chance() {
        let (mut constant, mut any) = (f64::NEG_INFINITY, false);
        tiers.children(position, moves, |child| {
            any = true;
            match stands(&child) {
                Ok(Stands::Valued(value)) => {
                    constant = constant.max(worth(child.margin, child.keeps_turn, value));
                }
                Ok(Stands::Node(node)) => edges.push(Edge {
                    child: node,
                    coef: if child.keeps_turn { 1.0 } else { -1.0 },
                    margin: child.margin as f64,
                }),
                Err(error) => failure = Err(error),
            }
        });
        // No move left: the game is over, and nothing more is scored.
        let constant = if any { constant } else { 0.0 };
        return failure.map(|()| Node {
            chance: false,
            constant,
        });
    }
    chance_node(tiers, position, chance_moves, stands, edges)
}

/// [`node_of`] a chance node: its constant the mean of its chance moves' worths that are
/// valued and margins of those that are not, each weighted; each edge's coefficient its
/// weight's share, negative if the chance move hands the turn over.
fn chance_node<T: Tiers>(
    tiers: &T,
    position: &T::Game,
    chance_moves: &mut Vec<(<T::Game as Game>::Move, u32)>,
    mut stands: impl FnMut(&Child) -> Result<Stands, RetroError>,
    edges: &mut Vec<Edge>,
) -> Result<Node, RetroError>
where
    T::Game: ChanceGame,
{
    let mut failure = Ok(());
    let sign = |child: &Child| if child.keeps_turn { 1.0 } else { -1.0 };
    let (start, mut sum, mut total) = (edges.len(), 0.0, 0u64);
    tiers.chance_children(position, chance_moves, |child, weight| {
        total += u64::from(weight);
        let weight = f64::from(weight);
        match stands(&child) {
            Ok(Stands::Valued(value)) => {
                sum += weight * worth(child.margin, child.keeps_turn, value);
            }
            Ok(Stands::Node(node)) => {
                sum += weight * child.margin as f64;
                let coef = weight * sign(&child);
                edges.push(Edge {
                    child: node,
                    coef,
                    margin: 0.0,
                });
            }
            Err(error) => failure = Err(error),
        }
    });
    let total = if total == 0 { 1.0 } else { total as f64 };
    for edge in &mut edges[start..] {
        edge.coef /= total;
    }
    let constant = sum / total;
    failure.map(|()| Node {
        chance: true,
        constant,
    })
}
