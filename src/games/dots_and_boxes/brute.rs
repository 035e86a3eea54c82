//! Every value of a small board by the definition, with no search: one pass over every set
//! of lines, largest first (a child has one line more, so a larger number), each set valued
//! from its children, the boxes a line completes read from the sides of the boxes beside it
//! (as a user writes the pass by hand). It is the independent computation the solver is checked against, and
//! the naive baseline of the Dots and Boxes bench.

use super::{BoxesError, DotsAndBoxes};

/// The most lines a board may have for [`every_value`]: 2^31 values of a byte take 2 GiB
/// (3x4 boxes).
pub const MAX_BRUTE_LINES: usize = 31;

/// The value of the empty board of `width` x `height` boxes, by [`every_value`].
///
/// # Errors
///
/// [`BoxesError::Size`] for a board of no box or more than 64 lines, and
/// [`BoxesError::TooManyLines`] for one of more than [`MAX_BRUTE_LINES`].
pub fn brute_value(width: usize, height: usize) -> Result<i64, BoxesError> {
    let board = DotsAndBoxes::new(width, height)?;
    Ok(i64::from(every_value(&board)?[0]))
}

/// The value of every set of lines of `board`'s shape, indexed by the set's bits, for the
/// side to move: 2^lines bytes, stated before they are taken.
///
/// # Errors
///
/// [`BoxesError::TooManyLines`] when `board` has more than [`MAX_BRUTE_LINES`] lines.
pub fn every_value(board: &DotsAndBoxes) -> Result<Vec<i8>, BoxesError> {
    let lines = board.lines();
    if lines > MAX_BRUTE_LINES {
        return Err(BoxesError::TooManyLines {
            lines,
            max: MAX_BRUTE_LINES,
        });
    }
    let boxes = board.box_sides();
    let all = (1u64 << lines) - 1;
    let mut values = vec![0i8; 1 << lines];
    for drawn in (0..all).rev() {
        let mut best = i8::MIN;
        let mut free = !drawn & all;
        while free != 0 {
            let line = free.trailing_zeros() as usize;
            free &= free - 1;
            let with = drawn | 1 << line;
            // A line completes at most 2 boxes: the cast cannot wrap.
            let completed = boxes[line]
                .iter()
                .filter(|&&sides| sides != 0 && with & sides == sides)
                .count() as i8;
            let next = values[with as usize];
            best = best.max(if completed > 0 {
                completed + next
            } else {
                -next
            });
        }
        values[drawn as usize] = best;
    }
    Ok(values)
}
