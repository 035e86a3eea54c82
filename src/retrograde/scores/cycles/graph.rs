//! The graph of a tier's positions not valued yet: a node for each index of the range
//! solved (numbered from the range's start, built piece by piece on every core, a position
//! valued already or an index that names none a node of kind `Valued` with no moves), then
//! one for each position outside the range that their moves reach (breadth first).

use super::super::super::RetroError;
use super::super::super::workers::Workers;
use super::super::expected::worth;
use crate::chance::fixed_point::Values;
use crate::game::{ChanceGame, Child, Game, Place, Tiers};
use rustc_hash::FxHashMap as HashMap;
use std::ops::Range;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};

/// What a node is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// A chance node: its value is `constant + Σ coef · v(child)` over its edges.
    Chance,
    /// A player's node: the largest of `constant` and, over its edges,
    /// `margin + coef · v(child)`.
    Player,
    /// Valued already, or no position: no edge, never swept.
    Valued,
}

/// A node: its kind, and the part of its value that the moves out of the graph give.
#[derive(Debug, Clone, Copy)]
pub(super) struct Node {
    kind: Kind,
    constant: f64,
}

impl Node {
    const VALUED: Self = Self {
        kind: Kind::Valued,
        constant: 0.0,
    };
}

/// A move that stays in the graph: `coef` is ±1 at a player's node (+ if the move keeps the
/// turn), ±weight/total at a chance node (whose margins are in the constant).
#[derive(Debug, Clone, Copy)]
struct Edge {
    child: u32,
    coef: f64,
    margin: f64,
}

/// The buffers of a position's moves: a player's, and a chance node's with their weights.
type Scratch<M> = (Vec<M>, Vec<(M, u32)>);

/// An edge's child not numbered yet: a position outside the range.
const PENDING: u32 = u32::MAX;

/// The bytes a node takes beside its edges, at most: itself, its edges' start, its value, and
/// the components' search (its order, low and finish, a flag, a stack entry, a frame of the
/// depth-first search, its component, its place in a component, a component's wave).
const NODE_BYTES: usize = size_of::<Node>() + 8 + 8 + 4 * 3 + 1 + 4 + 16 + 4 + 4 + 8;

/// Indices a task builds at once: a tier of fewer is built on the calling thread (the
/// threads' waking would cost more than they save).
const PIECE: usize = 1 << 15;

/// The positions of a tier not valued yet, and their moves within the graph (node `i`'s
/// edges are `edges[first[i]..first[i + 1]]`).
pub(super) struct Graph {
    nodes: Vec<Node>,
    first: Vec<usize>,
    edges: Vec<Edge>,
    /// The range's first index: node `n` below the range's length is index `start + n`.
    start: u64,
    /// The index of each node past the range's.
    extra: Vec<u64>,
}

/// Where a child stands for the graph: valued for good, or a node of it (`PENDING` with its
/// index if it is outside the range).
enum Stands {
    Valued(f64),
    Node(u32, u64),
}

/// The nodes of some indices and their edges, each edge to a position outside the range
/// listed with its index.
#[derive(Default)]
struct Part {
    nodes: Vec<Node>,
    /// Each node's edges end.
    ends: Vec<usize>,
    edges: Vec<Edge>,
    pending: Vec<(usize, u64)>,
}

impl Part {
    fn push_edge(&mut self, (child, index): (u32, u64), coef: f64, margin: f64) {
        if child == PENDING {
            self.pending.push((self.edges.len(), index));
        }
        self.edges.push(Edge {
            child,
            coef,
            margin,
        });
    }

    fn end_node(&mut self, node: Node) {
        self.nodes.push(node);
        self.ends.push(self.edges.len());
    }
}

/// The memory a build may take, and what it has taken.
struct Budget {
    max_bytes: usize,
    taken: AtomicUsize,
}

impl Budget {
    /// Takes `bytes` more, or refuses them past the bound.
    fn take(&self, bytes: usize) -> Result<(), RetroError> {
        let taken = self.taken.fetch_add(bytes, Relaxed).saturating_add(bytes);
        if taken > self.max_bytes {
            return Err(RetroError::TiersTooLarge {
                bytes: taken as u64,
                max_bytes: self.max_bytes,
            });
        }
        Ok(())
    }
}

impl Graph {
    pub(super) fn len(&self) -> usize {
        self.nodes.len()
    }

    pub(super) fn first(&self) -> &[usize] {
        &self.first
    }

    pub(super) fn child(&self, edge: usize) -> u32 {
        self.edges[edge].child
    }

    pub(super) fn kind(&self, node: usize) -> Kind {
        self.nodes[node].kind
    }

    pub(super) fn children(&self, node: usize) -> impl Iterator<Item = u32> + '_ {
        self.edges[self.first[node]..self.first[node + 1]]
            .iter()
            .map(|e| e.child)
    }

    /// The index in the tier of `node`, unless it was valued already.
    pub(super) fn index_of(&self, node: usize) -> Option<u64> {
        if self.nodes[node].kind == Kind::Valued {
            return None;
        }
        let range = self.len() - self.extra.len();
        Some(match node.checked_sub(range) {
            Some(extra) => self.extra[extra],
            None => self.start + node as u64,
        })
    }

    /// Node `i`'s value from the latest values of its children.
    #[inline]
    pub(super) fn value_of<V: Values + ?Sized>(&self, i: usize, values: &V) -> f64 {
        let node = &self.nodes[i];
        let edges = &self.edges[self.first[i]..self.first[i + 1]];
        if node.kind == Kind::Chance {
            let sum: f64 = edges
                .iter()
                .map(|e| e.coef * values.get(e.child as usize))
                .sum();
            return node.constant + sum;
        }
        edges.iter().fold(node.constant, |best, e| {
            best.max(e.margin + e.coef * values.get(e.child as usize))
        })
    }
}

impl Graph {
    /// The graph of the positions of `tier` not valued yet in `cells`: those of `roots`,
    /// built in pieces on `workers`, and those outside it that their moves reach; `read`
    /// gives a place's value (`None` for one of this tier not valued yet). Its memory is
    /// counted a piece at a time (the edges twice: the pieces' and the graph they are joined
    /// into) and refused past `max_bytes`.
    pub(super) fn build<T: Tiers + Sync>(
        tiers: &T,
        (tier, roots): (usize, Range<u64>),
        cells: &[AtomicU64],
        read: &(impl Fn(Place) -> Result<Option<f64>, RetroError> + Sync),
        (workers, max_bytes): (&Workers, usize),
    ) -> Result<Self, RetroError>
    where
        T::Game: ChanceGame,
    {
        let len = usize::try_from(roots.end - roots.start).unwrap_or(usize::MAX);
        if len >= PENDING as usize {
            return Err(RetroError::TooManyPositions);
        }
        let budget = Budget {
            max_bytes,
            taken: AtomicUsize::new(0),
        };
        budget.take(len.saturating_mul(NODE_BYTES))?;
        let parts = Mutex::new(Vec::new());
        workers.run_pieces(0..len, PIECE, |piece| {
            let start = piece.start;
            let part = build_part(tiers, (tier, &roots), piece, cells, read, &budget)?;
            let mut parts = parts
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            parts.push((start, part));
            Ok(0)
        })?;
        let mut parts = parts
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        parts.sort_unstable_by_key(|&(start, _)| start);
        let edges = parts.iter().map(|(_, part)| part.edges.len()).sum();
        let mut graph = Graph {
            nodes: Vec::with_capacity(len),
            first: Vec::with_capacity(len + 1),
            edges: Vec::with_capacity(edges),
            start: roots.start,
            extra: Vec::new(),
        };
        graph.first.push(0);
        let mut pending = Vec::new();
        for (_, part) in parts {
            let offset = graph.edges.len();
            graph.nodes.extend(part.nodes);
            graph.first.extend(part.ends.iter().map(|end| end + offset));
            graph.edges.extend(part.edges);
            pending.extend(
                part.pending
                    .iter()
                    .map(|&(edge, index)| (edge + offset, index)),
            );
        }
        graph.reach_outside(tiers, (tier, &roots), read, pending, &budget)?;
        Ok(graph)
    }

    /// Numbers the positions outside the range that `pending` edges lead to, and those
    /// their moves reach in turn, breadth first, and adds their nodes.
    fn reach_outside<T: Tiers>(
        &mut self,
        tiers: &T,
        (tier, roots): (usize, &Range<u64>),
        read: &impl Fn(Place) -> Result<Option<f64>, RetroError>,
        pending: Vec<(usize, u64)>,
        budget: &Budget,
    ) -> Result<(), RetroError>
    where
        T::Game: ChanceGame,
    {
        let range = self.nodes.len();
        let mut numbered: HashMap<u64, u32> = HashMap::default();
        let mut number = |index: u64, extra: &mut Vec<u64>| -> Result<u32, RetroError> {
            if let Some(&node) = numbered.get(&index) {
                return Ok(node);
            }
            let node = u32::try_from(range + extra.len())
                .ok()
                .filter(|&n| n != PENDING);
            let node = node.ok_or(RetroError::TooManyPositions)?;
            numbered.insert(index, node);
            extra.push(index);
            Ok(node)
        };
        for (edge, index) in pending {
            self.edges[edge].child = number(index, &mut self.extra)?;
        }
        let mut scratch = (Vec::new(), Vec::new());
        while self.nodes.len() < range + self.extra.len() {
            let index = self.extra[self.nodes.len() - range];
            let place = Place { tier, index };
            let position = tiers.position_at(tier, index);
            let position = position.ok_or(RetroError::NotAPosition(place))?;
            let mut part = Part::default();
            let stands = |child: &Child| stands(child, roots, read);
            let node = node_of(tiers, (&position, place), &mut scratch, stands, &mut part)?;
            for &(edge, index) in &part.pending {
                part.edges[edge].child = number(index, &mut self.extra)?;
            }
            budget.take(NODE_BYTES + 16 + part.edges.len() * size_of::<Edge>())?;
            self.edges.extend(part.edges);
            self.nodes.push(node);
            self.first.push(self.edges.len());
        }
        Ok(())
    }
}

/// The nodes of the indices `piece` of the range `roots` (counted from its start).
fn build_part<T: Tiers>(
    tiers: &T,
    (tier, roots): (usize, &Range<u64>),
    piece: Range<usize>,
    cells: &[AtomicU64],
    read: &impl Fn(Place) -> Result<Option<f64>, RetroError>,
    budget: &Budget,
) -> Result<Part, RetroError>
where
    T::Game: ChanceGame,
{
    let (from, to) = (
        roots.start + piece.start as u64,
        roots.start + piece.end as u64,
    );
    let (mut part, mut scratch, mut failure) = (Part::default(), (Vec::new(), Vec::new()), Ok(()));
    let mut next = from;
    tiers.for_each_position(tier, from..to, |index, position| {
        if failure.is_err() {
            return;
        }
        // The indices between that name no position.
        for _ in next..index {
            part.end_node(Node::VALUED);
        }
        next = index + 1;
        if cells[index as usize].load(Relaxed) != 0 {
            part.end_node(Node::VALUED);
            return;
        }
        let stands = |child: &Child| stands(child, roots, read);
        let place = Place { tier, index };
        match node_of(tiers, (position, place), &mut scratch, stands, &mut part) {
            Ok(node) => part.end_node(node),
            Err(error) => failure = Err(error),
        }
    });
    failure?;
    for _ in next..to {
        part.end_node(Node::VALUED);
    }
    budget.take(2 * part.edges.len() * size_of::<Edge>())?;
    Ok(part)
}

/// Where `child` stands: its value if `read` has one, else its node (pending if it is
/// outside `roots`).
fn stands(
    child: &Child,
    roots: &Range<u64>,
    read: &impl Fn(Place) -> Result<Option<f64>, RetroError>,
) -> Result<Stands, RetroError> {
    let index = child.place.index;
    Ok(match read(child.place)? {
        Some(value) => Stands::Valued(value),
        None if roots.contains(&index) => Stands::Node((index - roots.start) as u32, index),
        None => Stands::Node(PENDING, index),
    })
}

/// The node of `position` (at `place`), its edges pushed on `part`: each child that `stands`
/// makes a node kept as an edge, the others' worths folded into the constant.
fn node_of<T: Tiers>(
    tiers: &T,
    (position, place): (&T::Game, Place),
    (moves, chance_moves): &mut Scratch<<T::Game as Game>::Move>,
    mut stands: impl FnMut(&Child) -> Result<Stands, RetroError>,
    part: &mut Part,
) -> Result<Node, RetroError>
where
    T::Game: ChanceGame,
{
    if position.is_chance() {
        return chance_node(tiers, (position, place), chance_moves, stands, part);
    }
    let (mut failure, mut constant, mut any) = (Ok(()), f64::NEG_INFINITY, false);
    tiers.children(position, place, moves, |child| {
        any = true;
        let sign = if child.keeps_turn { 1.0 } else { -1.0 };
        match stands(&child) {
            Ok(Stands::Valued(value)) => {
                constant = constant.max(worth(child.margin, child.keeps_turn, value));
            }
            Ok(Stands::Node(node, index)) => {
                part.push_edge((node, index), sign, child.margin as f64);
            }
            Err(error) => failure = Err(error),
        }
    });
    // No move left: the game is over, and nothing more is scored.
    let constant = if any { constant } else { 0.0 };
    failure.map(|()| Node {
        kind: Kind::Player,
        constant,
    })
}

/// [`node_of`] a chance node: its constant the mean of its chance moves' worths that are
/// valued and margins of those that are not, each weighted; each edge's coefficient its
/// weight's share, negative if the chance move hands the turn over.
fn chance_node<T: Tiers>(
    tiers: &T,
    (position, place): (&T::Game, Place),
    chance_moves: &mut Vec<(<T::Game as Game>::Move, u32)>,
    mut stands: impl FnMut(&Child) -> Result<Stands, RetroError>,
    part: &mut Part,
) -> Result<Node, RetroError>
where
    T::Game: ChanceGame,
{
    let (mut failure, start) = (Ok(()), part.edges.len());
    let (mut sum, mut total) = (0.0, 0u64);
    tiers.chance_children(position, place, chance_moves, |child, weight| {
        total += u64::from(weight);
        let weight = f64::from(weight);
        match stands(&child) {
            Ok(Stands::Valued(value)) => {
                sum += weight * worth(child.margin, child.keeps_turn, value);
            }
            Ok(Stands::Node(node, index)) => {
                sum += weight * child.margin as f64;
                let sign = if child.keeps_turn { 1.0 } else { -1.0 };
                part.push_edge((node, index), weight * sign, 0.0);
            }
            Err(error) => failure = Err(error),
        }
    });
    let total = if total == 0 { 1.0 } else { total as f64 };
    for edge in &mut part.edges[start..] {
        edge.coef /= total;
    }
    let constant = sum / total;
    failure.map(|()| Node {
        kind: Kind::Chance,
        constant,
    })
}
