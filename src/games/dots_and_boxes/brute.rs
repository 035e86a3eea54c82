//! Every value of a small board by the definition, with no search: one pass over every set
//! of lines, largest first (a child has one line more, so a larger number), each set valued
//! from its children. It is the independent computation the solver is checked against, and
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
    let mut values = vec![0i8; 1 << lines];
    for drawn in (0..(1u64 << lines) - 1).rev() {
        let position = board.with_lines(drawn);
        let mut best = i8::MIN;
        // Sets of at most 31 lines index the values, and a line completes at most 2 boxes:
        // the casts below cannot wrap.
        for line in 0..lines as u8 {
            if drawn >> line & 1 == 1 {
                continue;
            }
            let next = values[(drawn | 1 << line) as usize];
            let boxes = position.completed_by(line) as i8;
            best = best.max(if boxes > 0 { boxes + next } else { -next });
        }
        values[drawn as usize] = best;
    }
    Ok(values)
}
