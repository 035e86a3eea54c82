//! One tier solved, on every core: each index valued from its children, those in tiers
//! solved before read from their cells, those in its own tier searched first, depth first.
//! The same search for every [`Valuation`]; where the moves within the tier go round, the
//! positions left are the valuation's to value (`cycles`).

use super::super::RetroError;
use super::super::workers::Workers;
use super::cycles::Cycles;
use super::valuation::Valuation;
use crate::game::{Place, Tiers};
use std::ops::Range;

/// Indices a task takes at once.
const PIECE: usize = 1 << 16;

/// The cells of `tier`, its indices `range` valued, given `held`, the cells of the tiers
/// solved and still held (`None` for the others): empty where an index names no position.
/// The whole tier's cells are held, for the moves within the tier; in `spare`, the cells of
/// a tier let go, if any, whose memory is taken again (its pages are the process's
/// already: no fault, no zeroing by the system).
///
/// Threads that meet one position of the tier at once (a move within the tier) both value
/// it, and write the same value: the race costs time, never a value.
pub(super) fn solve<T: Tiers + Sync, V: Valuation<T>>(
    tiers: &T,
    tier: usize,
    range: Range<u64>,
    held: &[Option<Vec<V::Cell>>],
    spare: Option<Vec<V::Cell>>,
    (workers, cycles): (&Workers, &Cycles),
) -> Result<Vec<V::Cell>, RetroError> {
    let len = tiers.tier_len(tier);
    let too_large = RetroError::TierTooLarge { tier, indices: len };
    let len = usize::try_from(len).map_err(|_| too_large)?;
    let cells = empty_cells::<T, V>(len, spare).ok_or(too_large)?;
    let known = Known::<T, V> {
        tier,
        cells: &cells,
        held,
    };
    let out_of_range = RetroError::IndexOutOfRange { index: range.end };
    let end = usize::try_from(range.end).ok().filter(|&end| end <= len);
    let start = usize::try_from(range.start).unwrap_or(usize::MAX);
    let indices = start.min(len)..end.ok_or(out_of_range)?;
    let searched = workers.run_pieces(indices.clone(), PIECE, |piece| {
        let mut search = Search {
            tiers,
            known: &known,
            stack: Vec::new(),
            scratch: V::Scratch::default(),
        };
        let mut failure = Ok(0);
        let indices = piece.start as u64..piece.end as u64;
        tiers.for_each_position(tier, indices, |index, position| {
            // An index valued already, as the child of one before it, is not valued again.
            if failure.is_ok()
                && V::load(&cells[index as usize]).is_none()
                && let Err(error) = search.value(index, position)
            {
                failure = Err(error);
            }
        });
        failure
    });
    match searched {
        // Moves within the tier that go round: the positions left are valued by cycles.
        Err(RetroError::TierCycle { tier: at }) if at == tier => {
            let roots = indices.start as u64..indices.end as u64;
            let read = |place| known.value(place);
            V::go_round(tiers, (tier, roots), &cells, read, (workers, cycles))?;
        }
        searched => {
            searched?;
        }
    }
    Ok(cells)
}

/// `len` empty cells, in `spare`'s memory if there is one (grown or shrunk to fit).
fn empty_cells<T: Tiers, V: Valuation<T>>(
    len: usize,
    spare: Option<Vec<V::Cell>>,
) -> Option<Vec<V::Cell>> {
    let Some(mut cells) = spare else {
        return bytemuck::allocation::try_zeroed_vec(len).ok();
    };
    cells.clear();
    cells.try_reserve_exact(len).ok()?;
    cells.shrink_to(len);
    cells.resize_with(len, bytemuck::Zeroable::zeroed);
    Some(cells)
}

/// One task's search: the positions of the tier it values, depth first.
struct Search<'a, T: Tiers, V: Valuation<T>> {
    tiers: &'a T,
    known: &'a Known<'a, T, V>,
    /// The indices waiting, the top first, each with whether it was looked at once and found
    /// to wait for children of its tier (then its ancestors are the others so marked).
    stack: Vec<(u64, bool)>,
    /// Buffers for the moves of a position.
    scratch: V::Scratch,
}

impl<T: Tiers, V: Valuation<T>> Search<'_, T, V> {
    /// Values the position at `index`, and first each position of the tier it needs.
    fn value(&mut self, index: u64, position: &T::Game) -> Result<(), RetroError> {
        if self.try_value(index, position)? {
            return Ok(());
        }
        self.stack.clear();
        self.stack.push((index, false));
        self.push_unknown(index, position)?;
        while let Some(&(index, _)) = self.stack.last() {
            let place = Place {
                tier: self.known.tier,
                index,
            };
            if self.known.value(place)?.is_some() {
                self.stack.pop();
                continue;
            }
            let position = self.tiers.position_at(place.tier, index);
            let position = position.ok_or(RetroError::NotAPosition(place))?;
            if !self.try_value(index, &position)? {
                self.push_unknown(index, &position)?;
            }
        }
        Ok(())
    }

    /// Values `position` from its children if each is valued: whether it could.
    fn try_value(&mut self, index: u64, position: &T::Game) -> Result<bool, RetroError> {
        let known = self.known;
        // The cells of the tier the last child was in, other than this one: most children
        // are in one tier, looked up once.
        let mut last: (usize, &[V::Cell]) = (known.tier, &[]);
        let mut failure = None;
        let read = |place: Place| {
            let cached = usize::try_from(place.index)
                .ok()
                .filter(|_| place.tier == last.0);
            let read = match cached.and_then(|at| last.1.get(at)) {
                Some(cell) => V::load(cell)
                    .map(Some)
                    .ok_or(RetroError::NotAPosition(place)),
                None => {
                    if let Some(cells) = known.held_cells(place.tier) {
                        last = (place.tier, cells);
                    }
                    known.value(place)
                }
            };
            read.unwrap_or_else(|error| {
                failure = Some(error);
                None
            })
        };
        let place = Place {
            tier: known.tier,
            index,
        };
        let value = V::value(self.tiers, (position, place), &mut self.scratch, read);
        if let Some(error) = failure {
            return Err(error);
        }
        let Some(value) = value else {
            return Ok(false);
        };
        V::store(&known.cells[index as usize], value, place)?;
        Ok(true)
    }

    /// Marks the top of the stack (`position`, at `index`) as waiting, and pushes its
    /// children of the tier not valued yet. One that waits already is an ancestor: the moves
    /// go round.
    fn push_unknown(&mut self, index: u64, position: &T::Game) -> Result<(), RetroError> {
        if let Some(top) = self.stack.last_mut() {
            top.1 = true;
        }
        let known = self.known;
        let (stack, mut failure) = (&mut self.stack, Ok(()));
        let at = Place {
            tier: known.tier,
            index,
        };
        V::each_place(self.tiers, (position, at), &mut self.scratch, |place| {
            if let Ok(None) = known.value(place) {
                if stack
                    .iter()
                    .any(|&(index, waits)| waits && index == place.index)
                {
                    failure = Err(RetroError::TierCycle { tier: known.tier });
                }
                stack.push((place.index, false));
            }
        });
        failure
    }
}

/// The cells a search reads: its own tier's, being written, and those of the tiers held.
struct Known<'a, T: Tiers, V: Valuation<T>> {
    tier: usize,
    cells: &'a [V::Cell],
    held: &'a [Option<Vec<V::Cell>>],
}

impl<T: Tiers, V: Valuation<T>> Known<'_, T, V> {
    /// The cells of `tier` if it is held and not this search's own.
    #[inline]
    fn held_cells(&self, tier: usize) -> Option<&[V::Cell]> {
        if tier == self.tier {
            return None;
        }
        self.held.get(tier)?.as_deref()
    }

    /// The value at `place`: `None` if it is in this tier and not valued yet.
    #[inline]
    fn value(&self, place: Place) -> Result<Option<V::Value>, RetroError> {
        let out_of_range = RetroError::IndexOutOfRange { index: place.index };
        let at = usize::try_from(place.index).map_err(|_| out_of_range)?;
        if place.tier == self.tier {
            return Ok(V::load(self.cells.get(at).ok_or(out_of_range)?));
        }
        let cells = self.held.get(place.tier).and_then(Option::as_ref);
        let cells = cells.ok_or(RetroError::TierNotListed {
            from: self.tier,
            to: place.tier,
        })?;
        let value = V::load(cells.get(at).ok_or(out_of_range)?);
        value.map(Some).ok_or(RetroError::NotAPosition(place))
    }
}
