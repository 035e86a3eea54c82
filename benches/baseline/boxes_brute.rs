//! The brute-force baseline of the Dots-and-Boxes bench: one pass over every set of lines,
//! largest first (a child has one line more, so a larger number), each valued from its
//! children by the definition. No search, no table: 2^lines values of one byte.

use crate::game::DotsAndBoxes;

/// The value of the empty board of `width` x `height` boxes, by a pass over every set of
/// lines.
pub fn brute_value(width: usize, height: usize) -> i64 {
    let board = DotsAndBoxes::new(width, height).expect("a board of at most 64 lines");
    i64::from(every_value(&board)[0])
}

/// The most lines a board may have here: 2^31 values take 2 GiB (3x4 boxes).
pub const MAX_LINES: usize = 31;

/// The value of every set of lines of `board`, indexed by the set's bits (at most
/// [`MAX_LINES`] lines).
pub fn every_value(board: &DotsAndBoxes) -> Vec<i8> {
    let lines = board.lines();
    assert!(
        lines <= MAX_LINES,
        "a table of 2^{lines} values is too large"
    );
    let mut values = vec![0i8; 1 << lines];
    for drawn in (0..(1u64 << lines) - 1).rev() {
        let position = board.with_lines(drawn);
        let mut best = i8::MIN;
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
    values
}
