//! Dots and Boxes on m x n boxes, as a user writes it on the crate's root imports: a move
//! draws a line between two neighbouring dots; a line that completes a box (or two) scores it
//! for the mover, who then moves again. The game ends when every line is drawn; the value of
//! the start is the first player's margin in boxes.
//!
//! The position is the set of lines drawn, a bit each: what is left to play does not depend
//! on who took the boxes so far, so the score is not part of it.

mod brute;
mod by_lines;
mod free_boxes;
mod symmetries;

pub use brute::{MAX_BRUTE_LINES, brute_value, every_value};
pub use by_lines::ByLines;
pub use free_boxes::TakeFreeBoxes;
pub use symmetries::Symmetries;

use crate::{CheckedPlay, Game, Points, ScoringGame};
use std::fmt;

/// A board of at most 64 lines: m x n boxes have m(n + 1) + n(m + 1) of them.
pub const MAX_LINES: usize = 64;

/// A Dots and Boxes position: the lines drawn.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DotsAndBoxes {
    /// Boxes a row, and rows.
    width: usize,
    height: usize,
    /// Bit i: line i is drawn. The horizontal lines first, row by row from the top
    /// ((height + 1) rows of `width`), then the vertical ones, row by row (`height` rows of
    /// width + 1).
    drawn: u64,
}

/// Why a board or a move was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BoxesError {
    /// No box, or more than 64 lines.
    #[error("a board needs at least one box and at most {MAX_LINES} lines")]
    Size,
    /// The line is not on the board, or is drawn already.
    #[error("line {0} is not a line left to draw")]
    NotAMove(u8),
    /// A board too large for the pass over every set of lines ([`every_value`]).
    #[error("the brute force takes boards of at most {max} lines, not {lines}")]
    TooManyLines {
        /// The board's lines.
        lines: usize,
        /// The most the pass takes, [`MAX_BRUTE_LINES`].
        max: usize,
    },
}

impl DotsAndBoxes {
    /// The empty board of `width` x `height` boxes.
    ///
    /// # Errors
    ///
    /// [`BoxesError::Size`] for no box or more than 64 lines.
    #[inline]
    pub fn new(width: usize, height: usize) -> Result<Self, BoxesError> {
        let lines = width * (height + 1) + height * (width + 1);
        if width == 0 || height == 0 || lines > MAX_LINES {
            return Err(BoxesError::Size);
        }
        Ok(Self {
            width,
            height,
            drawn: 0,
        })
    }

    /// The same board with exactly the lines of `drawn` (bit i: line i), those past the
    /// board's lines left out.
    #[inline]
    pub fn with_lines(&self, drawn: u64) -> Self {
        let all = if self.lines() == 64 {
            u64::MAX
        } else {
            (1 << self.lines()) - 1
        };
        Self {
            drawn: drawn & all,
            ..self.clone()
        }
    }

    /// The board's size: boxes a row, and rows.
    #[inline]
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// How many lines the board has.
    #[inline]
    pub fn lines(&self) -> usize {
        self.width * (self.height + 1) + self.height * (self.width + 1)
    }

    /// Whether line `line` is drawn (never, for a number past the 64 a board can have).
    #[inline]
    pub fn is_drawn(&self, line: u8) -> bool {
        self.drawn
            .checked_shr(u32::from(line))
            .is_some_and(|rest| rest & 1 == 1)
    }

    /// The four lines of the box in row `row`, column `column`: top, bottom, left, right.
    #[inline]
    fn sides(&self, row: usize, column: usize) -> [usize; 4] {
        let vertical = self.width * (self.height + 1);
        [
            row * self.width + column,
            (row + 1) * self.width + column,
            vertical + row * (self.width + 1) + column,
            vertical + row * (self.width + 1) + column + 1,
        ]
    }

    /// The boxes (one or two) that line `line` is a side of.
    #[inline]
    fn boxes_of(&self, line: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        let vertical = self.width * (self.height + 1);
        let (a, b) = if line < vertical {
            let (row, column) = (line / self.width, line % self.width);
            // Above the line and below it.
            (
                row.checked_sub(1).map(|r| (r, column)),
                (row < self.height).then_some((row, column)),
            )
        } else {
            let (row, column) = (
                (line - vertical) / (self.width + 1),
                (line - vertical) % (self.width + 1),
            );
            // Left of the line and right of it.
            (
                column.checked_sub(1).map(|c| (row, c)),
                (column < self.width).then_some((row, column)),
            )
        };
        a.into_iter().chain(b)
    }

    /// For each line, the sides (four lines, a bit each) of each box beside it; 0 where there
    /// is one box only.
    pub(crate) fn box_sides(&self) -> Vec<[u64; 2]> {
        (0..self.lines())
            .map(|line| {
                let mut sides = self.boxes_of(line).map(|(row, column)| {
                    let sides = self.sides(row, column);
                    sides.iter().fold(0, |set, &side| set | 1 << side)
                });
                [sides.next().unwrap_or(0), sides.next().unwrap_or(0)]
            })
            .collect()
    }

    /// The boxes that drawing line `line` completes.
    #[inline]
    pub fn completed_by(&self, line: u8) -> u64 {
        let with = self.drawn | 1 << line;
        self.boxes_of(usize::from(line))
            .filter(|&(row, column)| {
                self.sides(row, column)
                    .iter()
                    .all(|&side| with >> side & 1 == 1)
            })
            .count() as u64
    }

    /// The lines left that would give a box its third side (a side of a box of two sides
    /// drawn), so that the other side could take it.
    #[inline]
    pub fn giving_lines(&self) -> u64 {
        self.capturing_and_giving_lines().1
    }

    /// The lines left that complete a box (the last side of a box of three sides drawn), and
    /// those that would give a box its third side, from one pass over the boxes.
    #[inline]
    fn capturing_and_giving_lines(&self) -> (u64, u64) {
        let (mut capturing, mut giving) = (0, 0);
        for open in self.open_sides() {
            match open.count_ones() {
                1 => capturing |= open,
                2 => giving |= open,
                _ => {}
            }
        }
        (capturing, giving)
    }

    /// The sides not drawn yet of each box, a bit each.
    #[inline]
    fn open_sides(&self) -> impl Iterator<Item = u64> + '_ {
        (0..self.height).flat_map(move |row| {
            (0..self.width).map(move |column| {
                let sides = self.sides(row, column).map(|line| 1u64 << line);
                sides.into_iter().fold(0, |all, line| all | line) & !self.drawn
            })
        })
    }

    /// Where a box can be taken, lines among which one is optimal ([`TakeFreeBoxes`] has the
    /// proofs), a bit each: a *free capture* alone if there is one (the lowest line that
    /// completes a box and gives no box its third side), else every line that completes a box
    /// and the line that declines them all, if one does. `None` where no box can be taken.
    #[inline]
    pub fn capture_lines(&self) -> Option<u64> {
        let (capturing, giving) = self.capturing_and_giving_lines();
        let free = capturing & !giving;
        if capturing == 0 || free != 0 {
            return (free != 0).then_some(free & free.wrapping_neg());
        }
        // Every capture gives the box across it its third side: the decline of a capture is
        // that box's other open line, and a line declines them all if it is each one's.
        let mut declines_all = u64::MAX;
        for open in self.open_sides().filter(|open| open.count_ones() == 2) {
            for capture in [open & open.wrapping_neg(), open & (open - 1)] {
                if capture & capturing != 0 {
                    declines_all &= open & !capture;
                }
            }
        }
        Some(capturing | declines_all)
    }
}

impl Game for DotsAndBoxes {
    /// A line, numbered as in [`DotsAndBoxes`].
    type Move = u8;
    /// The lines drawn.
    type Key = u64;
    const NAME: &'static str = "dots and boxes";

    #[inline]
    fn generate_moves(&self, out: &mut Vec<u8>) {
        out.extend((0..self.lines() as u8).filter(|&line| !self.is_drawn(line)));
    }

    /// The rules' own check, cheaper than listing the moves (and the same).
    #[inline]
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.check_move(mv).is_ok()
    }

    #[inline]
    fn play_unchecked(&mut self, line: u8) {
        self.drawn |= 1 << line;
    }

    #[inline]
    fn key(&self) -> u64 {
        self.drawn
    }

    /// The boxes a row and the rows: the key's lines are numbered by them.
    #[inline]
    fn rules_id(&self) -> u64 {
        (self.width as u64) << 8 | self.height as u64
    }
}

impl CheckedPlay for DotsAndBoxes {
    type Error = BoxesError;
    #[inline]
    fn check_move(&self, line: u8) -> Result<(), BoxesError> {
        if usize::from(line) < self.lines() && !self.is_drawn(line) {
            Ok(())
        } else {
            Err(BoxesError::NotAMove(line))
        }
    }
}

impl ScoringGame for DotsAndBoxes {
    #[inline]
    fn points(&self, line: u8) -> Points {
        Points {
            mover: self.completed_by(line),
            opponent: 0,
        }
    }

    /// A line that completes a box keeps the turn.
    #[inline]
    fn keeps_turn(&self, line: u8) -> bool {
        self.completed_by(line) > 0
    }

    /// Both from one count of the boxes the line completes (at most 2: the cast is exact).
    #[inline]
    fn margin_and_turn(&self, line: u8) -> (i64, bool) {
        let boxes = self.completed_by(line);
        (boxes as i64, boxes > 0)
    }
}

impl fmt::Display for DotsAndBoxes {
    /// `.-.` for a drawn horizontal line, `|` for a vertical one, row by row.
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let vertical = self.width * (self.height + 1);
        let on = |line: usize| self.drawn >> line & 1 == 1;
        for row in 0..=self.height {
            for column in 0..self.width {
                let line = row * self.width + column;
                write!(f, ".{}", if on(line) { "-" } else { " " })?;
            }
            writeln!(f, ".")?;
            if row < self.height {
                for column in 0..=self.width {
                    let line = vertical + row * (self.width + 1) + column;
                    write!(f, "{} ", if on(line) { "|" } else { " " })?;
                }
                writeln!(f)?;
            }
        }
        Ok(())
    }
}
