//! The indexed path of a retrograde solve, for a game numbered densely ([`Numbering`]): the
//! solve by layers (`layers`), the positions a start reaches (`reach`), the table saved and
//! read back (`file`), and here the result, a code of 2 bytes an index, and what each code
//! stands for.

mod bits;
mod file;
mod layers;
mod reach;

pub use file::{TablebaseFile, TablebaseFileError};
pub use reach::Reached;

pub(super) use layers::solve;
pub(super) use reach::reach;

use super::{RetroError, RetroValue};
use crate::game::{Numbering, Verdict};

/// An index not decided yet (a draw once the solve is over).
const UNDECIDED: u16 = 0;
/// While a solve with un-moves runs, the code of an undecided position is this plus the
/// number of its moves not yet refuted (1 to 255): the counter lives in the code, so that a
/// parent's refutation reads and writes one word. The solve's last pass turns each back into
/// [`UNDECIDED`]; no saved table holds one.
const UNREFUTED: u16 = 0xFF00;
/// An index that names no position.
const NO_POSITION: u16 = 1;
/// A position whose game ended in a draw.
const DRAWN_END: u16 = 2;
/// The first code of a win or a loss: `FIRST + 2 * plies`, plus 1 for a loss.
const FIRST: u16 = 4;

/// The code of a win or a loss in `plies` (the codes below [`UNREFUTED`]: 32,637 plies at
/// most, and a solve decides 32,636, since each layer makes the codes of the next).
fn decided(verdict: Verdict, plies: u16) -> Result<u16, RetroError> {
    let loss = u16::from(verdict == Verdict::Loss);
    plies
        .checked_mul(2)
        .and_then(|twice| twice.checked_add(FIRST + loss))
        .filter(|&code| code < UNREFUTED)
        .ok_or(RetroError::TooDeep)
}

/// Whether `code` is one a solved table holds (a damaged file may hold others): any but 3
/// below [`UNREFUTED`].
fn is_code(code: u16) -> bool {
    code != 3 && code < UNREFUTED
}

/// The value a code stands for, `None` for no position.
fn value_of(code: u16) -> Option<RetroValue> {
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

/// Every index of an [`Numbering`] solved: see
/// [`Retrograde::solve_indexed`](super::Retrograde::solve_indexed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexedTablebase {
    codes: Vec<u16>,
}

impl IndexedTablebase {
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

    /// The value of `position`, numbered by `numbering` (the numbering solved).
    #[must_use]
    pub fn value<N: Numbering>(&self, numbering: &N, position: &N::Game) -> Option<RetroValue> {
        self.value_at(numbering.index(position))
    }

    /// How many positions (indices that name one) have each verdict.
    #[must_use]
    pub fn counts(&self) -> super::Counts {
        self.iter().map(|(_, value)| value.verdict).collect()
    }

    /// How many positions have each verdict, by plies to the end
    /// ([`Counts::by_plies`](super::Counts::by_plies)).
    #[must_use]
    pub fn counts_by_plies(&self) -> Vec<super::Counts> {
        super::Counts::by_plies(self.iter().map(|(_, value)| value))
    }

    /// Every index that names a position, with its value, in order.
    pub fn iter(&self) -> impl Iterator<Item = (u64, RetroValue)> + '_ {
        (0u64..)
            .zip(&self.codes)
            .filter_map(|(index, &code)| value_of(code).map(|value| (index, value)))
    }
}

/// The index of `position`, checked against the number of indices.
fn index_in<N: Numbering>(
    numbering: &N,
    position: &N::Game,
    count: usize,
) -> Result<usize, RetroError> {
    // Numbered once: a game's numbering can be most of a solve's time.
    let index = numbering.index(position);
    usize::try_from(index)
        .ok()
        .filter(|&at| at < count)
        .ok_or(RetroError::IndexOutOfRange { index })
}
