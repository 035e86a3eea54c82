//! One tier solved, on every core: each index valued from its children, those in tiers
//! solved before read from their codes, those in its own tier searched first, depth first.

use super::super::RetroError;
use super::super::workers::Workers;
use super::{UNKNOWN, code_of, value_of};
use crate::game::{Game, Place, Tiers};
use std::ops::Range;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

/// Indices a task takes at once.
const PIECE: usize = 1 << 16;

/// The codes of `tier`, its indices `range` valued, given `held`, the codes of the tiers
/// solved and still held (`None` for the others): [`UNKNOWN`] where an index names no
/// position. The whole tier's codes are held, for the moves within the tier; in `spare`, the
/// codes of a tier let go, if any, whose memory is taken again (its pages are the process's
/// already: no fault, no zeroing by the system).
///
/// Threads that meet one position of the tier at once (a move within the tier) both value
/// it, and write the same code: the race costs time, never a value.
pub(super) fn solve<T: Tiers + Sync>(
    tiers: &T,
    tier: usize,
    range: Range<u64>,
    held: &[Option<Vec<AtomicU8>>],
    spare: Option<Vec<AtomicU8>>,
    workers: &Workers,
) -> Result<Vec<AtomicU8>, RetroError> {
    let len = tiers.tier_len(tier);
    let too_large = RetroError::TierTooLarge { tier, indices: len };
    let len = usize::try_from(len).map_err(|_| too_large)?;
    let codes = unknown_codes(len, spare).ok_or(too_large)?;
    let known = Known {
        tier,
        codes: &codes,
        held,
    };
    let out_of_range = RetroError::IndexOutOfRange { index: range.end };
    let end = usize::try_from(range.end).ok().filter(|&end| end <= len);
    let start = usize::try_from(range.start).unwrap_or(usize::MAX);
    let indices = start.min(len)..end.ok_or(out_of_range)?;
    workers.run_pieces(indices, PIECE, |piece| {
        let mut search = Search {
            tiers,
            known: &known,
            stack: Vec::new(),
            moves: Vec::new(),
        };
        let mut failure = Ok(0);
        let indices = piece.start as u64..piece.end as u64;
        tiers.for_each_position(tier, indices, |index, position| {
            // An index valued already, as the child of one before it, is not valued again.
            if failure.is_ok()
                && codes[index as usize].load(Relaxed) == UNKNOWN
                && let Err(error) = search.value(index, position)
            {
                failure = Err(error);
            }
        });
        failure
    })?;
    Ok(codes)
}

/// `len` codes [`UNKNOWN`], in `spare`'s memory if there is one (grown or shrunk to fit).
fn unknown_codes(len: usize, spare: Option<Vec<AtomicU8>>) -> Option<Vec<AtomicU8>> {
    let Some(mut codes) = spare else {
        return bytemuck::allocation::try_zeroed_vec(len).ok();
    };
    codes.clear();
    codes.try_reserve_exact(len).ok()?;
    codes.shrink_to(len);
    codes.resize_with(len, || AtomicU8::new(UNKNOWN));
    Some(codes)
}

/// One task's search: the positions of the tier it values, depth first.
struct Search<'a, T: Tiers> {
    tiers: &'a T,
    known: &'a Known<'a>,
    /// The indices waiting, the top first, each with whether it was looked at once and found
    /// to wait for children of its tier (then its ancestors are the others so marked).
    stack: Vec<(u64, bool)>,
    /// A buffer for the moves of a position.
    moves: Vec<<T::Game as Game>::Move>,
}

impl<T: Tiers> Search<'_, T> {
    /// Values the position at `index`, and first each position of the tier it needs.
    fn value(&mut self, index: u64, position: &T::Game) -> Result<(), RetroError> {
        if self.try_value(index, position)? {
            return Ok(());
        }
        self.stack.clear();
        self.stack.push((index, false));
        self.push_unknown(position)?;
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
                self.push_unknown(&position)?;
            }
        }
        Ok(())
    }

    /// Values `position` from its children if each is valued: whether it could.
    fn try_value(&mut self, index: u64, position: &T::Game) -> Result<bool, RetroError> {
        let (mut best, mut any, mut waits) = (i64::MIN, false, false);
        let mut failure = Ok(());
        let known = self.known;
        // The codes of the tier the last child was in, other than this one: most children
        // are in one tier, looked up once.
        let mut last: (usize, &[AtomicU8]) = (known.tier, &[]);
        self.tiers.children(position, &mut self.moves, |child| {
            any = true;
            let place = child.place;
            let cached = usize::try_from(place.index)
                .ok()
                .filter(|_| place.tier == last.0);
            let read = match cached.and_then(|at| last.1.get(at)) {
                Some(code) => match code.load(Relaxed) {
                    UNKNOWN => Err(RetroError::NotAPosition(place)),
                    code => Ok(Some(value_of(code))),
                },
                None => {
                    if let Some(codes) = known.held_codes(place.tier) {
                        last = (place.tier, codes);
                    }
                    known.value(place)
                }
            };
            match read {
                Ok(Some(next)) => {
                    best = best.max(if child.keeps_turn {
                        child.margin.saturating_add(next)
                    } else {
                        child.margin.saturating_sub(next)
                    });
                }
                Ok(None) => waits = true,
                Err(error) => failure = Err(error),
            }
        });
        failure?;
        if waits {
            return Ok(false);
        }
        // No move left: the game is over, and nothing more is scored.
        let value = if any { best } else { 0 };
        let place = Place {
            tier: known.tier,
            index,
        };
        let code = code_of(value).ok_or(RetroError::ValueOutOfRange { place, value })?;
        known.codes[index as usize].store(code, Relaxed);
        Ok(true)
    }

    /// Marks the top of the stack (`position`) as waiting, and pushes its children of the
    /// tier not valued yet. One that waits already is an ancestor: the moves go round.
    fn push_unknown(&mut self, position: &T::Game) -> Result<(), RetroError> {
        if let Some(top) = self.stack.last_mut() {
            top.1 = true;
        }
        let known = self.known;
        let (stack, mut failure) = (&mut self.stack, Ok(()));
        self.tiers.children(position, &mut self.moves, |child| {
            if let Ok(None) = known.value(child.place) {
                if stack
                    .iter()
                    .any(|&(index, waits)| waits && index == child.place.index)
                {
                    failure = Err(RetroError::TierCycle { tier: known.tier });
                }
                stack.push((child.place.index, false));
            }
        });
        failure
    }
}

/// The codes a search reads: its own tier's, being written, and those of the tiers held.
struct Known<'a> {
    tier: usize,
    codes: &'a [AtomicU8],
    held: &'a [Option<Vec<AtomicU8>>],
}

impl Known<'_> {
    /// The codes of `tier` if it is held and not this search's own.
    #[inline]
    fn held_codes(&self, tier: usize) -> Option<&[AtomicU8]> {
        if tier == self.tier {
            return None;
        }
        self.held.get(tier)?.as_deref()
    }

    /// The value at `place`: `None` if it is in this tier and not valued yet.
    #[inline]
    fn value(&self, place: Place) -> Result<Option<i64>, RetroError> {
        let out_of_range = RetroError::IndexOutOfRange { index: place.index };
        let at = usize::try_from(place.index).map_err(|_| out_of_range)?;
        if place.tier == self.tier {
            let code = self.codes.get(at).ok_or(out_of_range)?.load(Relaxed);
            return Ok((code != UNKNOWN).then(|| value_of(code)));
        }
        let codes = self.held.get(place.tier).and_then(Option::as_ref);
        let codes = codes.ok_or(RetroError::TierNotListed {
            from: self.tier,
            to: place.tier,
        })?;
        match codes.get(at).ok_or(out_of_range)?.load(Relaxed) {
            UNKNOWN => Err(RetroError::NotAPosition(place)),
            code => Ok(Some(value_of(code))),
        }
    }
}
