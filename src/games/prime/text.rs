//! PrimeGame boards as one line of text (`PositionText`): the board size, then the numbers
//! left, `n: x,y,z`.

use super::BoardMask;
use super::{MaskPrimeGame, PrimeError, PrimeGame};
use crate::game::PositionText;
use thiserror::Error;

/// Why a text names no PrimeGame board.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum BoardTextError {
    /// Not `n: x,y,z`.
    #[error("a board is written `n: x,y,z`, not {0:?}")]
    Syntax(String),
    /// The numbers do not make a board of that size.
    #[error(transparent)]
    Board(#[from] PrimeError),
}

/// `n: x,y,z`: the board size, then the numbers left.
fn board_text(n: u32, numbers: impl Iterator<Item = u32>) -> String {
    let numbers: Vec<String> = numbers.map(|x| x.to_string()).collect();
    format!("{n}: {}", numbers.join(","))
}

/// The board size and the numbers of a text `n: x,y,z`.
fn read_board(text: &str) -> Result<(u32, Vec<u64>), BoardTextError> {
    let syntax = || BoardTextError::Syntax(text.chars().take(80).collect());
    let (n, numbers) = text.split_once(':').ok_or_else(syntax)?;
    let n: u32 = n.trim().parse().map_err(|_| syntax())?;
    let numbers: Vec<u64> = numbers
        .split(',')
        .map(str::trim)
        .filter(|x| !x.is_empty())
        .map(|x| x.parse().map_err(|_| syntax()))
        .collect::<Result<_, _>>()?;
    Ok((n, numbers))
}

impl<M: BoardMask> PositionText for MaskPrimeGame<M> {
    type TextError = BoardTextError;

    fn write_text(&self) -> String {
        board_text(self.size(), self.numbers())
    }

    fn read_text(text: &str) -> Result<Self, BoardTextError> {
        let (n, numbers) = read_board(text)?;
        Ok(Self::from_numbers(n, numbers)?)
    }
}

/// The same text as the mask boards': a position reads back as any board it fits.
impl PositionText for PrimeGame {
    type TextError = BoardTextError;

    fn write_text(&self) -> String {
        board_text(self.size(), self.numbers())
    }

    fn read_text(text: &str) -> Result<Self, BoardTextError> {
        let (n, numbers) = read_board(text)?;
        Ok(Self::from_numbers(n, numbers)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::prime::SmallPrimeGame;
    use crate::{CheckedPlay, Game};

    #[test]
    fn a_board_read_back_is_the_board_written() {
        let mut board = SmallPrimeGame::new(20).unwrap();
        for mv in [19, 12, 17] {
            board.play(mv).unwrap();
            let text = board.write_text();
            assert_eq!(
                SmallPrimeGame::read_text(&text).unwrap().key(),
                board.key(),
                "{text}"
            );
        }
        board.play(board.legal_moves()[0]).unwrap();
        assert_eq!(
            SmallPrimeGame::read_text(&board.write_text())
                .unwrap()
                .key(),
            board.key()
        );
    }

    #[test]
    fn bad_text_is_an_error() {
        for text in ["", "20", "x: 1", "20: 1,,y", "5: 6", "5: 2,2", "0: "] {
            assert!(SmallPrimeGame::read_text(text).is_err(), "{text:?}");
        }
    }
}
