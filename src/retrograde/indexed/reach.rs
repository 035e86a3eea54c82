//! The positions of an [`Numbering`] reachable from a start: the part of an indexed solve
//! that play can meet, as published solutions count it (Dobutsu shogi: 246,803,167 of its
//! 1,567,925,964 positions).
//!
//! Breadth first from the start, a ply at a time, on several threads: a bit an index says
//! which positions were found (set by one atomic or, so two threads never both take a
//! position), and the positions of the ply being expanded wait in a list, 8 bytes each. A
//! position where the game has ended is reached but not expanded.

use super::bits::Bits;
use super::{IndexedTablebase, index_in};
use crate::game::{Game, Numbering, WinLossGame};
use crate::retrograde::workers::Workers;
use crate::retrograde::{Counts, RetroError, RetroProgress, RetroProgressFn};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// The positions reachable from a start: see [`Retrograde::reach`](crate::Retrograde::reach).
pub struct Reached {
    found: Bits,
    len: usize,
    plies: usize,
}

impl std::fmt::Debug for Reached {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reached")
            .field("len", &self.len)
            .field("plies", &self.plies)
            .finish_non_exhaustive()
    }
}

impl Reached {
    /// How many positions are reachable, the start included.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no position is reachable (never: the start is).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether the position of `index` is reachable.
    #[must_use]
    pub fn contains(&self, index: u64) -> bool {
        usize::try_from(index).is_ok_and(|index| self.found.contains(index))
    }

    /// The most plies any position is from the start, by its shortest way.
    #[must_use]
    pub fn depth(&self) -> usize {
        self.plies
    }
}

impl IndexedTablebase {
    /// How many of the positions `reached` holds have each verdict.
    #[must_use]
    pub fn counts_in(&self, reached: &Reached) -> Counts {
        let reachable = (0..self.codes().len() as u64).filter(|&index| reached.contains(index));
        reachable
            .filter_map(|index| self.value_at(index))
            .map(|value| value.verdict)
            .collect()
    }
}

/// Every position reachable from `start` (see the module docs).
pub(crate) fn reach<N: Numbering + Sync>(
    numbering: &N,
    start: &N::Game,
    (max_bytes, threads): (usize, usize),
    progress: &mut Option<RetroProgressFn>,
) -> Result<Reached, RetroError> {
    let n = usize::try_from(numbering.index_count()).unwrap_or(usize::MAX);
    let too_large = |found| RetroError::TooLarge {
        max_bytes,
        positions: found,
        moves: 0,
    };
    if n / 8 > max_bytes {
        return Err(too_large(0));
    }
    let workers = Workers::new(threads);
    let found = Bits::new(n, workers.shared()).map_err(|()| too_large(0))?;
    let first = index_in(numbering, start, n)?;
    found.insert(first);
    let (mut ply, mut len, mut plies) = (vec![first as u64], 1, 0);
    // Room for two lists of a ply (the one expanded and the next), 8 bytes a position.
    let room = (max_bytes - n / 8) / 16;
    while !ply.is_empty() {
        let (next, listed) = (Mutex::new(Vec::new()), AtomicUsize::new(ply.len()));
        workers.run_pieces(0..ply.len(), 1 << 12, |piece| {
            let children = unfound_children(numbering, &ply[piece], &found, n)?;
            if listed.fetch_add(children.len(), Relaxed) + children.len() > room {
                return Err(too_large(len));
            }
            if let Ok(mut next) = next.lock() {
                next.extend(children);
            }
            Ok(0)
        })?;
        ply = next
            .into_inner()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        len += ply.len();
        plies += usize::from(!ply.is_empty());
        if let Some(report) = progress {
            report(RetroProgress::Reach { plies, found: len });
        }
    }
    Ok(Reached { found, len, plies })
}

/// The children of the positions of `indices` (of `game`'s `n`) not found before, each
/// marked found now: the next ply's part that these positions give. An end has no children.
fn unfound_children<N: Numbering>(
    numbering: &N,
    indices: &[u64],
    found: &Bits,
    n: usize,
) -> Result<Vec<u64>, RetroError> {
    let mut children = Vec::new();
    let mut moves = Vec::new();
    for &index in indices {
        let Some(position) = numbering.position_at(index) else {
            continue;
        };
        if position.ending().is_some() {
            continue;
        }
        moves.clear();
        position.generate_moves(&mut moves);
        for &mv in &moves {
            let child = index_in(numbering, &position.after(mv), n)?;
            if found.insert(child) {
                children.push(child as u64);
            }
        }
    }
    Ok(children)
}
