//! The fixed point of a chance game's equations where its positions repeat, shared by the
//! solve by keys ([`CyclicSolver`](super::CyclicSolver)) and the solve by tiers
//! (`Retrograde::solve_expected`, where a tier's positions go round): a graph's strongly
//! connected components, each after every one it leads to, and a component's values swept
//! until they stop moving.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// How long a component is swept: until no value moves by more than `tolerance` (or by more
/// than [`ROUNDING`] of itself, what rounding leaves), at most `max_sweeps` times.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Settle {
    pub(crate) tolerance: f64,
    pub(crate) max_sweeps: usize,
}

impl Default for Settle {
    fn default() -> Self {
        Self {
            tolerance: 1e-12,
            max_sweeps: 1 << 20,
        }
    }
}

/// What settling a component took: its sweeps, and the largest change of its last sweep
/// (0 for a component without a cycle, swept once).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct Settled {
    pub(crate) sweeps: u64,
    pub(crate) residual: f64,
}

/// The values a sweep reads and writes, by position number: a slice of one thread's, or
/// [`SharedValues`].
pub(crate) trait Values {
    /// Position `i`'s value.
    fn get(&self, i: usize) -> f64;
    /// Gives position `i` the value `value`.
    fn set(&mut self, i: usize, value: f64);
}

impl Values for [f64] {
    #[inline]
    fn get(&self, i: usize) -> f64 {
        self[i]
    }
    #[inline]
    fn set(&mut self, i: usize, value: f64) {
        self[i] = value;
    }
}

/// Values that threads settling different components at once share, each an `f64`'s bits:
/// a thread writes only its own component's, and reads the others' only once they are
/// settled.
pub(crate) struct SharedValues<'a>(pub(crate) &'a [AtomicU64]);

impl Values for SharedValues<'_> {
    #[inline]
    fn get(&self, i: usize) -> f64 {
        f64::from_bits(self.0[i].load(Relaxed))
    }
    #[inline]
    fn set(&mut self, i: usize, value: f64) {
        self.0[i].store(value.to_bits(), Relaxed);
    }
}

/// The share of a value by which a sweep may still move it once it has settled: a sweep's
/// sums round, so a large value can go on moving by a few units in the last place (a value
/// near 10 by 1.8e-14, seen: 2⁻⁴⁹ of it), which no absolute tolerance below that would accept.
///
/// Eight times that, not more: a value is left as far from its limit as its last change over
/// one less the rate at which the changes shrink, so a loose share costs accuracy where the
/// sweeps close in slowly. At 2⁻⁴⁰, a value near 59 closing in by 0.96 a sweep stopped at a
/// change of 4.5e-11 and 1.5e-9 from its limit.
pub(crate) const ROUNDING: f64 = 1.0 / (1u64 << 46) as f64;

/// Sweeps between two extrapolations of a component's values.
const EXTRAPOLATE_EVERY: usize = 4;

impl Settle {
    /// Sweeps `component` (positions numbered in `values`), each position given the value
    /// `value_of` computes from the latest values, until no value moves by more than the
    /// tolerance; once if the component is `single`, a position that cannot come back to
    /// itself. `Err` with the sweeps done if the values still move after the most allowed.
    ///
    /// Two things make the sweeps few: the component's positions are taken in the order given
    /// (descendants first, as [`components`] gives them, so that one sweep carries a value
    /// down a chain of positions at once); and every four sweeps each value is extrapolated
    /// from its sequence (Aitken's Δ², a guess the following sweeps confirm or correct). On
    /// Pig to 100 the two take the sweeps from 482,806 to 54,791.
    pub(crate) fn settle<V: Values + ?Sized>(
        &self,
        component: &[u32],
        single: bool,
        values: &mut V,
        mut value_of: impl FnMut(usize, &V) -> f64,
    ) -> Result<Settled, usize> {
        // The component's values two and four sweeps ago, for the extrapolation.
        let (mut before, mut last) = (Vec::new(), Vec::new());
        // The sweep's change when the last guess was made.
        let mut guessed_at = f64::INFINITY;
        let mut sweeps: usize = 0;
        loop {
            let (mut change, mut moving): (f64, bool) = (0.0, false);
            for &i in component {
                let value = value_of(i as usize, values);
                let moved = (value - values.get(i as usize)).abs();
                change = change.max(moved);
                moving |= moved > self.tolerance && moved > ROUNDING * value.abs();
                values.set(i as usize, value);
            }
            sweeps += 1;
            if single || !moving {
                let residual = if single { 0.0 } else { change };
                let sweeps = sweeps as u64;
                return Ok(Settled { sweeps, residual });
            }
            if sweeps >= self.max_sweeps {
                return Err(sweeps);
            }
            // Every other sweep: around a cycle that hands the turn over, the error changes
            // sign each sweep in two modes, and every other sweep it shrinks in one.
            if !sweeps.is_multiple_of(2) {
                continue;
            }
            if sweeps.is_multiple_of(EXTRAPOLATE_EVERY)
                && change < guessed_at
                && extrapolate(component, values, &last, &before)
            {
                guessed_at = change;
            }
            std::mem::swap(&mut before, &mut last);
            last.clear();
            last.extend(component.iter().map(|&i| values.get(i as usize)));
        }
    }
}

/// Aitken's extrapolation of each value of `component` from its last three (`before`,
/// `last`, now): where the sweeps close in on the fixed point geometrically (the error
/// shrinking by a ratio, or alternating in sign, as around a cycle of positions that hand the
/// turn over), as they do once the best moves stop changing (the sweep is then an affine
/// map), the limit of each value's sequence. Only a guess: the sweeps after it go on until
/// the values stop moving.
///
/// Guesses are made only while they pay (`settle` decides; this returns whether it had the
/// values of two and four sweeps ago to guess from, even if no value qualified): a sweep's
/// change must be smaller than it was when the last guess was made. A guess far off (Δ²
/// divides by the difference of two steps, small where a value's steps barely shrink) makes the
/// next changes larger, so no guess follows it until the sweeps alone have brought the change
/// below where it was: the changes at the guesses shrink, and guesses cannot push the values
/// further out one after another. Without this, guesses made from guesses grew without end on a
/// random graph of 40 positions (a change of 0.34 at the 8th sweep was 1.2·10⁵ at the 41st,
/// then infinite) and kept one of 22 from settling in 2²⁰ sweeps. On Pig every guess passes:
/// the sweeps are those without the check.
fn extrapolate<V: Values + ?Sized>(
    component: &[u32],
    values: &mut V,
    last: &[f64],
    before: &[f64],
) -> bool {
    if last.len() != component.len() || before.len() != component.len() {
        return false;
    }
    for ((&i, &last), &before) in component.iter().zip(last).zip(before) {
        let value = values.get(i as usize);
        let (step, previous) = (value - last, last - before);
        let bend = step - previous;
        // Steps that shrink, of one sign or alternating: a geometric approach.
        if bend.abs() > f64::MIN_POSITIVE && step.abs() < previous.abs() {
            let guess = value - step * step / bend;
            if guess.is_finite() {
                values.set(i as usize, guess);
            }
        }
    }
    true
}

/// Whether the component `[i]` cannot come back to itself: no edge of `i` leads to `i`
/// (`first` and `child_of` as in [`components`]).
pub(crate) fn is_single(
    component: &[u32],
    first: &[usize],
    child_of: impl Fn(usize) -> u32,
) -> bool {
    let [i] = *component else {
        return false;
    };
    (first[i as usize]..first[i as usize + 1]).all(|e| child_of(e) != i)
}

/// The strongly connected components of a graph of `first.len() - 1` positions, position
/// `i`'s edges numbered `first[i]..first[i + 1]` and edge `e` leading to `child_of(e)`: each
/// component after every component it leads to, its positions in the order their search
/// ended (descendants first). Tarjan's algorithm, without recursion.
pub(crate) fn components(first: &[usize], child_of: impl Fn(usize) -> u32) -> Vec<Vec<u32>> {
    const UNSEEN: u32 = u32::MAX;
    let count = first.len().saturating_sub(1);
    let (mut order, mut low) = (vec![UNSEEN; count], vec![0u32; count]);
    let (mut on_stack, mut stack) = (vec![false; count], Vec::new());
    let (mut found, mut counter) = (Vec::new(), 0u32);
    // When each position's search ended: its descendants' ended before.
    let (mut finish, mut finished) = (vec![0u32; count], 0u32);
    // Each frame: a position and the next of its edges to follow.
    let mut frames: Vec<(u32, usize)> = Vec::new();
    for root in 0..count as u32 {
        if order[root as usize] != UNSEEN {
            continue;
        }
        frames.push((root, first[root as usize]));
        (order[root as usize], low[root as usize]) = (counter, counter);
        counter += 1;
        stack.push(root);
        on_stack[root as usize] = true;
        while let Some(frame) = frames.last_mut() {
            let (at, edge) = *frame;
            let a = at as usize;
            if edge < first[a + 1] {
                frame.1 += 1;
                let c = child_of(edge);
                if order[c as usize] == UNSEEN {
                    (order[c as usize], low[c as usize]) = (counter, counter);
                    counter += 1;
                    stack.push(c);
                    on_stack[c as usize] = true;
                    frames.push((c, first[c as usize]));
                } else if on_stack[c as usize] {
                    low[a] = low[a].min(order[c as usize]);
                }
                continue;
            }
            frames.pop();
            finish[a] = finished;
            finished += 1;
            if let Some(&(parent, _)) = frames.last() {
                low[parent as usize] = low[parent as usize].min(low[a]);
            }
            if low[a] == order[a] {
                let mut component = Vec::new();
                while let Some(member) = stack.pop() {
                    on_stack[member as usize] = false;
                    component.push(member);
                    if member == at {
                        break;
                    }
                }
                // Descendants first, so that a sweep carries a value down a chain at once.
                component.sort_unstable_by_key(|&member| finish[member as usize]);
                found.push(component);
            }
        }
    }
    found
}
