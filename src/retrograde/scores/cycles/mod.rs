//! A tier of a chance game whose positions go round (Pig: a roll of 1 hands the turn back),
//! in expected values: the positions the depth-first search could not value, as a graph of
//! their moves within the tier (`graph`), built on every core; its strongly connected
//! components settled each after those it leads to (`chance::fixed_point`), side by side
//! where none leads to another.
//!
//! Every move out of the graph (into a tier solved before, or to a position of this tier the
//! search valued) has a final value, so it is folded into a constant of its position once:
//! a sweep reads only the moves that stay in the graph.

mod graph;

use super::super::RetroError;
use super::super::workers::Workers;
use crate::chance::fixed_point::{Settle, Settled, SharedValues, components, is_single};
use crate::game::{ChanceGame, Place, Tiers};
use graph::{Graph, Kind};
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

/// Values each position of `roots` (indices of `tier`) that `cells` does not hold yet, and
/// every position of the tier not valued yet that its moves reach, in `cells`; `read` gives
/// a place's value (`None` for one of this tier not valued yet).
///
/// # Errors
///
/// [`RetroError::TiersTooLarge`] if the graph would take more than the bytes allowed;
/// [`RetroError::NoConvergence`] if a component's values still move after the most sweeps
/// allowed; the failures of `read`.
pub(super) fn solve<T: Tiers + Sync>(
    tiers: &T,
    (tier, roots): (usize, Range<u64>),
    cells: &[AtomicU64],
    read: impl Fn(Place) -> Result<Option<f64>, RetroError> + Sync,
    (workers, cycles): (&Workers, &Cycles),
) -> Result<(), RetroError>
where
    T::Game: ChanceGame,
{
    let graph = Graph::build(
        tiers,
        (tier, roots),
        cells,
        &read,
        (workers, cycles.max_bytes),
    )?;
    let values: Vec<AtomicU64> = (0..graph.len()).map(|_| AtomicU64::new(0)).collect();
    for wave in waves(&graph) {
        // Pieces of a wave, a few for each thread (components differ in size), if it is
        // large enough to be worth the threads' waking.
        let nodes: usize = wave.iter().map(Vec::len).sum();
        let pieces = if nodes < SHARED_WAVE {
            1
        } else {
            4 * workers.threads()
        };
        let piece = wave.len().div_ceil(pieces).max(1);
        workers.run_pieces(0..wave.len(), piece, |piece| {
            let mut shared = SharedValues(&values);
            for component in &wave[piece] {
                let single = is_single(component, graph.first(), |e| graph.child(e));
                let settled = cycles
                    .settle
                    .settle(component, single, &mut shared, |i, values| {
                        graph.value_of(i, values)
                    })
                    .map_err(|sweeps| RetroError::NoConvergence { tier, sweeps })?;
                cycles.add(settled);
            }
            Ok(0)
        })?;
    }
    for (node, value) in values.into_iter().enumerate() {
        if let Some(index) = graph.index_of(node) {
            let value = f64::from_bits(value.into_inner());
            cells[index as usize].store(!value.to_bits(), Relaxed);
        }
    }
    Ok(())
}

/// The fewest positions a wave has for its components to be settled on several threads.
const SHARED_WAVE: usize = 1 << 15;

/// The graph's strongly connected components in waves, those of a position valued already
/// left out: a wave's components lead only to components of the waves before it (a
/// component's wave is one past the latest its moves lead to), so they are settled side by
/// side once those are.
fn waves(graph: &Graph) -> Vec<Vec<Vec<u32>>> {
    let found = components(graph.first(), |e| graph.child(e));
    let mut component_of = vec![0u32; graph.len()];
    for (c, component) in found.iter().enumerate() {
        for &node in component {
            component_of[node as usize] = c as u32;
        }
    }
    let mut wave_of = vec![0usize; found.len()];
    let mut waves: Vec<Vec<Vec<u32>>> = Vec::new();
    for (c, component) in found.into_iter().enumerate() {
        if let [node] = *component
            && graph.kind(node as usize) == Kind::Valued
        {
            continue;
        }
        let after = component
            .iter()
            .flat_map(|&node| graph.children(node as usize));
        let wave = after
            .map(|child| component_of[child as usize] as usize)
            .filter(|&other| other != c)
            .map(|other| wave_of[other] + 1)
            .max()
            .unwrap_or(0);
        wave_of[c] = wave;
        if waves.len() <= wave {
            waves.resize_with(wave + 1, Vec::new);
        }
        waves[wave].push(component);
    }
    waves
}
