//! The indexed path of a retrograde solve: a game whose positions are numbered densely
//! ([`IndexedGame`]) solved in arrays over its indices, a layer of plies at a time, with no
//! graph: backwards from each layer through the un-moves, or, without them, by a sweep of
//! every index a layer.
//!
//! Layer `d` holds the positions won or lost in `d` plies. From it, layer `d + 1` gets every
//! undecided position with a move into a position lost in `d` (won: the fastest win, since
//! no earlier layer had such a move), and every undecided position whose last unrefuted move
//! leads into a position won in `d` (lost: the longest loss, every other move refuted in an
//! earlier layer or this one). That is the queue of the forward path (`backward`), taken a
//! layer at a time; what no layer decides is a draw. Without un-moves a position's moves are
//! counted again at each sweep instead of kept in a counter: the naive value iteration.

use super::{ProgressFn, RetroError, RetroProgress, RetroValue};
use crate::game::{IndexedGame, Verdict};

/// An index not decided yet (a draw once the solve is over).
const UNDECIDED: u16 = 0;
/// An index that names no position.
const NO_POSITION: u16 = 1;
/// A position whose game ended in a draw.
const DRAWN_END: u16 = 2;
/// The first code of a win or a loss: `FIRST + 2 * plies`, plus 1 for a loss.
const FIRST: u16 = 4;

/// The code of a win or a loss in `plies`.
fn decided(verdict: Verdict, plies: u16) -> Result<u16, RetroError> {
    let loss = u16::from(verdict == Verdict::Loss);
    plies
        .checked_mul(2)
        .and_then(|twice| twice.checked_add(FIRST + loss))
        .ok_or(RetroError::TooDeep)
}

/// Whether `code` is one the solver writes (a damaged file may hold others): any but 3.
pub(crate) fn is_code(code: u16) -> bool {
    code != 3
}

/// The value a code stands for, `None` for no position.
pub(crate) fn value_of(code: u16) -> Option<RetroValue> {
    let draw = RetroValue {
        verdict: Verdict::Draw,
        plies: 0,
    };
    match code {
        NO_POSITION => None,
        UNDECIDED | DRAWN_END => Some(draw),
        _ => Some(RetroValue {
            verdict: if (code - FIRST) % 2 == 1 {
                Verdict::Loss
            } else {
                Verdict::Win
            },
            plies: (code - FIRST) / 2,
        }),
    }
}

/// Every index of an [`IndexedGame`] solved: see
/// [`Retrograde::solve_indexed`](super::Retrograde::solve_indexed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexedSolved {
    codes: Vec<u16>,
}

impl IndexedSolved {
    /// The table of these codes (read from a file).
    pub(crate) fn from_codes(codes: Vec<u16>) -> Self {
        Self { codes }
    }

    /// The codes, an index each.
    pub(crate) fn codes(&self) -> &[u16] {
        &self.codes
    }

    /// The value of the position of `index`; `None` if the index names none or is out of
    /// range.
    #[must_use]
    pub fn value_at(&self, index: u64) -> Option<RetroValue> {
        let code = *self.codes.get(usize::try_from(index).ok()?)?;
        value_of(code)
    }

    /// The value of `position`.
    #[must_use]
    pub fn value<G: IndexedGame>(&self, position: &G) -> Option<RetroValue> {
        self.value_at(position.index())
    }

    /// How many positions (indices that name one) have each verdict.
    #[must_use]
    pub fn counts(&self) -> super::Counts {
        let values = self.codes.iter().filter_map(|&code| value_of(code));
        values.map(|value| value.verdict).collect()
    }
}

/// The bytes the indexed path takes for `count` indices: a code each, and with un-moves a
/// counter of unrefuted moves each.
pub(crate) fn bytes_for<G: IndexedGame>(count: u64) -> Option<usize> {
    let count = usize::try_from(count).ok()?;
    if G::HAS_PREDECESSORS {
        // The code and the counter, and a bit in each of the two layers' sets.
        count.checked_mul(4)?.checked_add(count / 4 + 16)
    } else {
        count.checked_mul(2)
    }
}

/// A set of indices, a bit each: the positions of one layer, so that a layer visits its own
/// positions and not every index (a game can have thousands of layers).
struct Bits(Vec<u64>);

impl Bits {
    fn new(n: usize) -> Self {
        Self(vec![0; n.div_ceil(64)])
    }

    fn insert(&mut self, index: usize) {
        self.0[index / 64] |= 1 << (index % 64);
    }

    fn clear(&mut self) {
        self.0.fill(0);
    }

    /// The indices in the set, in increasing order.
    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    w * 64 + bit
                })
            })
        })
    }
}

/// Solves every index of `game`'s space (see the module docs).
pub(crate) fn solve<G: IndexedGame>(
    game: &G,
    max_bytes: usize,
    progress: &mut Option<ProgressFn>,
) -> Result<IndexedSolved, RetroError> {
    let count = game.index_count();
    let too_large = RetroError::TooLarge {
        max_bytes,
        positions: usize::try_from(count).unwrap_or(usize::MAX),
        moves: 0,
    };
    if bytes_for::<G>(count).is_none_or(|bytes| bytes > max_bytes) {
        return Err(too_large);
    }
    let n = usize::try_from(count).map_err(|_| too_large)?;
    let (mut codes, mut unrefuted) = ends(game, n)?;
    // With un-moves, the positions of the layer being left and of the next.
    let (mut layer, mut next) = if G::HAS_PREDECESSORS {
        let mut ends = Bits::new(n);
        for (index, &code) in codes.iter().enumerate() {
            if code >= FIRST {
                ends.insert(index);
            }
        }
        (ends, Bits::new(n))
    } else {
        (Bits(Vec::new()), Bits(Vec::new()))
    };
    for plies in 0u16.. {
        let decided = if G::HAS_PREDECESSORS {
            next.clear();
            let size =
                layer_backward(game, (&mut codes, &mut unrefuted), plies, &layer, &mut next)?;
            std::mem::swap(&mut layer, &mut next);
            size
        } else {
            layer_by_sweep(game, &mut codes, plies)?
        };
        if let Some(report) = progress {
            report(RetroProgress::Layer {
                plies: plies + 1,
                decided,
            });
        }
        if decided == 0 {
            break;
        }
    }
    Ok(IndexedSolved { codes })
}

/// The codes of the ends (and of the indices that name no position), and with un-moves each
/// position's number of moves.
fn ends<G: IndexedGame>(game: &G, n: usize) -> Result<(Vec<u16>, Vec<u16>), RetroError> {
    let mut codes = vec![UNDECIDED; n];
    let mut unrefuted = if G::HAS_PREDECESSORS {
        vec![0u16; n]
    } else {
        Vec::new()
    };
    let mut moves = Vec::new();
    for (index, code) in codes.iter_mut().enumerate() {
        let Some(position) = game.position_at(index as u64) else {
            *code = NO_POSITION;
            continue;
        };
        moves.clear();
        *code = match position.ending() {
            Some(Verdict::Draw) => DRAWN_END,
            Some(verdict) => decided(verdict, 0)?,
            None => {
                position.generate_moves(&mut moves);
                if moves.is_empty() {
                    decided(Verdict::Loss, 0)?
                } else {
                    if let Some(count) = unrefuted.get_mut(index) {
                        *count =
                            u16::try_from(moves.len()).map_err(|_| RetroError::TooManyMoves)?;
                    }
                    UNDECIDED
                }
            }
        };
    }
    Ok((codes, unrefuted))
}

/// Layer `plies + 1` (into `next`) from layer `plies` (`layer`), backwards through the
/// un-moves; returns its size.
fn layer_backward<G: IndexedGame>(
    game: &G,
    (codes, unrefuted): (&mut [u16], &mut [u16]),
    plies: u16,
    layer: &Bits,
    next: &mut Bits,
) -> Result<usize, RetroError> {
    let (won, lost) = (
        decided(Verdict::Win, plies)?,
        decided(Verdict::Loss, plies)?,
    );
    let plus_one = plies.checked_add(1).ok_or(RetroError::TooDeep)?;
    let (win_next, loss_next) = (
        decided(Verdict::Win, plus_one)?,
        decided(Verdict::Loss, plus_one)?,
    );
    let mut size = 0;
    let mut parents = Vec::new();
    for index in layer.iter() {
        let code = codes[index];
        debug_assert!(code == won || code == lost);
        let Some(position) = game.position_at(index as u64) else {
            continue;
        };
        parents.clear();
        position.predecessors(&mut parents);
        for parent in &parents {
            let at = index_in(parent, codes.len())?;
            if codes[at] != UNDECIDED {
                continue;
            }
            if code == lost {
                codes[at] = win_next;
            } else {
                unrefuted[at] = unrefuted[at].saturating_sub(1);
                if unrefuted[at] > 0 {
                    continue;
                }
                codes[at] = loss_next;
            }
            next.insert(at);
            size += 1;
        }
    }
    Ok(size)
}

/// Layer `plies + 1` from layer `plies`, by a sweep of every undecided position's moves;
/// returns its size.
fn layer_by_sweep<G: IndexedGame>(
    game: &G,
    codes: &mut [u16],
    plies: u16,
) -> Result<usize, RetroError> {
    let (won, lost) = (
        decided(Verdict::Win, plies)?,
        decided(Verdict::Loss, plies)?,
    );
    let next = plies.checked_add(1).ok_or(RetroError::TooDeep)?;
    let (win_next, loss_next) = (decided(Verdict::Win, next)?, decided(Verdict::Loss, next)?);
    let mut size = 0;
    let mut moves = Vec::new();
    for index in 0..codes.len() {
        if codes[index] != UNDECIDED {
            continue;
        }
        let Some(position) = game.position_at(index as u64) else {
            continue;
        };
        moves.clear();
        position.generate_moves(&mut moves);
        let (mut any_lost, mut all_won, mut one_now) = (false, true, false);
        for &mv in &moves {
            let child = codes[index_in(&position.after(mv), codes.len())?];
            any_lost |= child == lost;
            // Won in at most `plies` plies (a win decided in this sweep has one more).
            let won_by_now = child >= FIRST && child.is_multiple_of(2) && child <= won;
            all_won &= won_by_now;
            one_now |= child == won;
        }
        if any_lost {
            codes[index] = win_next;
            size += 1;
        } else if all_won && one_now {
            codes[index] = loss_next;
            size += 1;
        }
    }
    Ok(size)
}

/// The index of `position`, checked against the number of indices.
fn index_in<G: IndexedGame>(position: &G, count: usize) -> Result<usize, RetroError> {
    usize::try_from(position.index())
        .ok()
        .filter(|&index| index < count)
        .ok_or(RetroError::IndexOutOfRange {
            index: position.index(),
        })
}
