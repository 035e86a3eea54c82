//! The forward pass of a retrograde solve: every position reachable from the start numbered,
//! breadth first, with the numbers of its children, in memory counted against a bound before
//! it is taken.

use super::{RETRO_PROGRESS_EVERY, RetroError, RetroProgress, RetroProgressFn};
use crate::game::{Game, TableKey, Verdict, WinLossGame};
use std::collections::{HashMap, VecDeque};
use std::mem::size_of;

/// The game as a graph: position `i`'s children are `children[offsets[i]..offsets[i + 1]]`
/// (one entry a legal move, so two moves to one child give two), numbered in the order found.
pub(crate) struct Graph<K> {
    /// Each position's number, by key.
    pub ids: HashMap<K, u32>,
    /// How the game ended at each position, if it did (no legal move: as the rules say), and in how
    /// many plies ([`WinLossGame::ending_plies`]).
    pub endings: Vec<Option<(Verdict, u16)>>,
    pub offsets: Vec<u64>,
    pub children: Vec<u32>,
}

impl<K> Graph<K> {
    /// The children of position `id`.
    pub fn children_of(&self, id: usize) -> &[u32] {
        // The offsets index `children`, so they fit a usize.
        &self.children[self.offsets[id] as usize..self.offsets[id + 1] as usize]
    }

    /// The positions numbered.
    pub fn len(&self) -> usize {
        self.endings.len()
    }
}

/// Bytes a position costs the backward pass beyond the graph: its verdict, plies, moves left
/// to count, the offset of its parents, and a cursor while the parents are listed.
pub(crate) const BACKWARD_BYTES_PER_POSITION: usize = 1 + 2 + 4 + 8 + 8;

/// Bytes of the backward pass's list of parents, a move.
pub(crate) const BACKWARD_BYTES_PER_MOVE: usize = 4;

/// What the solve would hold, in bytes, with these capacities: the hash map (a control byte
/// an entry, an eighth of its buckets left empty), the per-position arrays of both passes,
/// the edges of both, and the positions waiting in the queue.
fn projected_bytes<G: Game>(map: usize, positions: usize, moves: usize, queued: usize) -> usize {
    let buckets = (map.saturating_mul(8) / 7).next_power_of_two();
    let entry = size_of::<(G::Key, u32)>() + 1;
    let per_position =
        size_of::<Option<(Verdict, u16)>>() + size_of::<u64>() + BACKWARD_BYTES_PER_POSITION;
    buckets
        .saturating_mul(entry)
        .saturating_add(positions.saturating_mul(per_position))
        .saturating_add(moves.saturating_mul(size_of::<u32>() + BACKWARD_BYTES_PER_MOVE))
        .saturating_add(queued.saturating_mul(size_of::<(G, usize)>()))
}

/// Numbers every position reachable from the starts, breadth first, the starts first in
/// their order (a start met twice numbered once; see the module docs).
pub(crate) fn explore<G: WinLossGame>(
    starts: &[G],
    max_bytes: usize,
    progress: &mut Option<RetroProgressFn>,
) -> Result<Graph<G::Key>, RetroError> {
    let mut explorer = Explorer {
        graph: Graph {
            ids: HashMap::new(),
            endings: Vec::new(),
            offsets: vec![0],
            children: Vec::new(),
        },
        heap: Heap { keys: 0, queued: 0 },
        queue: VecDeque::new(),
        max_bytes,
    };
    for start in starts {
        // No room is reserved for the starts: their memory is checked whatever their keys.
        explorer.number(start.clone(), true)?;
    }
    let mut moves = Vec::new();
    while let Some((position, owned)) = explorer.queue.pop_front() {
        explorer.heap.queued -= owned;
        explorer.expand(&position, &mut moves)?;
        let graph = &explorer.graph;
        if graph.endings.len().is_multiple_of(RETRO_PROGRESS_EVERY)
            && let Some(report) = progress
        {
            report(RetroProgress::Explore {
                found: graph.ids.len(),
                expanded: graph.endings.len(),
            });
        }
    }
    Ok(explorer.graph)
}

/// The forward pass under way: the graph so far, the heap memory counted, the positions
/// found and not yet expanded (each with the heap bytes it was counted as owning).
struct Explorer<G: Game> {
    graph: Graph<G::Key>,
    heap: Heap,
    queue: VecDeque<(G, usize)>,
    max_bytes: usize,
}

impl<G: WinLossGame> Explorer<G> {
    /// The number of `position`, numbered now and queued if it is new. Its memory is checked
    /// against the bound if it owns heap memory or if `check` (no room was reserved for it).
    fn number(&mut self, position: G, check: bool) -> Result<u32, RetroError> {
        let key = position.key();
        if let Some(&id) = self.graph.ids.get(&key) {
            return Ok(id);
        }
        let next = u32::try_from(self.graph.ids.len()).map_err(|_| RetroError::TooManyPositions)?;
        let owned = key.heap_bytes();
        if owned > 0 || check {
            // Keys of words own nothing: `reserve` has their room already.
            self.heap.keys = self.heap.keys.saturating_add(owned);
            self.heap.queued = self.heap.queued.saturating_add(owned);
            check_heap::<G>(&self.graph, self.heap.total(), self.max_bytes)?;
        }
        self.graph.ids.insert(key, next);
        self.queue.push_back((position, owned));
        Ok(next)
    }

    /// Lists `position`'s ending or its children (by number, found ones numbered), with room
    /// made for them first; `moves` is a buffer.
    fn expand(&mut self, position: &G, moves: &mut Vec<G::Move>) -> Result<(), RetroError> {
        moves.clear();
        let ending = position.ending_and_plies().or_else(|| {
            position.generate_moves(moves);
            moves.is_empty().then(|| (position.without_moves(), 0))
        });
        let queued = self.queue.len();
        reserve::<G>(
            &mut self.graph,
            (moves.len(), queued),
            self.heap.total(),
            self.max_bytes,
        )?;
        if ending.is_none() {
            for &mv in moves.iter() {
                let id = self.number(position.after(mv), false)?;
                self.graph.children.push(id);
            }
        }
        self.graph.endings.push(ending);
        self.graph.offsets.push(self.graph.children.len() as u64);
        Ok(())
    }
}

/// The heap memory beyond the stores' own: the keys' and the queued positions'.
struct Heap {
    keys: usize,
    queued: usize,
}

impl Heap {
    fn total(&self) -> usize {
        self.keys.saturating_add(self.queued)
    }
}

/// Whether the stores as they are and `heap` bytes more stay within `max_bytes`; checked
/// before a new position's key and copy are kept.
fn check_heap<G: Game>(
    graph: &Graph<G::Key>,
    heap: usize,
    max_bytes: usize,
) -> Result<(), RetroError> {
    let (map, positions) = (graph.ids.capacity(), graph.endings.capacity());
    let held = projected_bytes::<G>(map, positions, graph.children.capacity(), 0);
    if held.saturating_add(heap) > max_bytes {
        return Err(RetroError::TooLarge {
            max_bytes,
            positions: graph.ids.len(),
            moves: graph.children.len(),
        });
    }
    Ok(())
}

/// Makes room for a position with `moves` moves, each possibly a new position, growing each
/// store by doubling, but only if what the solve would then hold (both passes, the `queued`
/// positions, and `heap` bytes that keys and positions own) stays within `max_bytes`.
fn reserve<G: Game>(
    graph: &mut Graph<G::Key>,
    (moves, queued): (usize, usize),
    heap: usize,
    max_bytes: usize,
) -> Result<(), RetroError> {
    let grown = |len: usize, capacity: usize, more: usize| {
        if len + more <= capacity {
            capacity
        } else {
            (len + more).max(2 * capacity).max(16)
        }
    };
    let map = grown(graph.ids.len(), graph.ids.capacity(), moves);
    let positions = grown(graph.endings.len(), graph.endings.capacity(), 1);
    let edges = grown(graph.children.len(), graph.children.capacity(), moves);
    let found = graph.ids.len() + moves;
    let (numbered, kept) = (graph.ids.len(), graph.children.len());
    let too_large = move || RetroError::TooLarge {
        max_bytes,
        positions: numbered,
        moves: kept,
    };
    let projected = projected_bytes::<G>(map, positions.max(found), edges, queued + moves);
    if projected.saturating_add(heap) > max_bytes {
        return Err(too_large());
    }
    graph
        .ids
        .try_reserve(map - numbered)
        .map_err(|_| too_large())?;
    let (len, offsets) = (graph.endings.len(), graph.offsets.len());
    graph
        .endings
        .try_reserve_exact(positions - len)
        .map_err(|_| too_large())?;
    graph
        .offsets
        .try_reserve_exact(positions + 1 - offsets)
        .map_err(|_| too_large())?;
    graph
        .children
        .try_reserve_exact(edges - kept)
        .map_err(|_| too_large())
}
