//! Connect 4 positions as text: the columns for the files of a split solve, the board for
//! people.

use super::{Connect4, HEIGHT, TextError, WIDTH, has_four, winning_cells};
use crate::PositionText;
use std::fmt;

/// A position as the columns' stones from the bottom, `x` for the side to move and `o` for
/// the other, columns 1 to 7 separated by `/`: `xo/o///x//` (the files of a split solve).
impl PositionText for Connect4 {
    type TextError = TextError;

    fn write_text(&self) -> String {
        let column = |col: u32| -> String {
            let cells = (0..HEIGHT).map(|row| 1u64 << (row + col * (HEIGHT + 1)));
            let stones = cells.take_while(|&cell| self.mask & cell != 0);
            stones
                .map(|cell| if self.current & cell != 0 { 'x' } else { 'o' })
                .collect()
        };
        let columns: Vec<String> = (0..WIDTH).map(column).collect();
        columns.join("/")
    }

    fn read_text(text: &str) -> Result<Self, TextError> {
        let columns: Vec<&str> = text.split('/').collect();
        if columns.len() != WIDTH as usize {
            return Err(TextError::Columns(columns.len()));
        }
        let (mut current, mut mask) = (0u64, 0u64);
        for (col, stones) in (0..WIDTH).zip(&columns) {
            let bad = || TextError::Column {
                column: col as usize + 1,
                text: (*stones).to_owned(),
            };
            if stones.chars().count() > HEIGHT as usize {
                return Err(bad());
            }
            for (row, stone) in (0..).zip(stones.chars()) {
                let cell = 1u64 << (row + col * (HEIGHT + 1));
                match stone {
                    'x' => current |= cell,
                    'o' => {}
                    _ => return Err(bad()),
                }
                mask |= cell;
            }
        }
        let (moves, to_move) = (mask.count_ones(), current.count_ones());
        if to_move != moves / 2 {
            let other = moves - to_move;
            return Err(TextError::Counts { to_move, other });
        }
        if has_four(current) {
            return Err(TextError::MoverWon);
        }
        let other = mask ^ current;
        Ok(Self {
            current,
            mask,
            moves,
            over: has_four(other),
            own_wins: winning_cells(current),
            their_wins: winning_cells(other),
        })
    }
}

impl fmt::Display for Connect4 {
    /// The board, top row first: `x` for the side to move, `o` for the other.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..HEIGHT).rev() {
            for col in 0..WIDTH {
                let cell = 1u64 << (row + col * (HEIGHT + 1));
                let c = if self.current & cell != 0 {
                    'x'
                } else if self.mask & cell != 0 {
                    'o'
                } else {
                    '.'
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
