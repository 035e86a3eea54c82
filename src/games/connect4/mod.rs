//! Connect 4 (7 columns, 6 rows) written as a user of the crate would: the rules on bitboards
//! ([`Connect4`]), and two pieces of knowledge for the searches: [`StonesLeft`], the bounds any
//! player can see, and [`Threats`], the hints a dedicated solver uses.
//!
//! Scores follow Pascal Pons' solver: a win with one's own k-th stone scores 22 - k. Here that
//! is the margin of the winning move, (43 - stones on the board before it) / 2, the only move
//! that scores.

mod knowledge;
mod text;

pub use knowledge::{StonesLeft, Threats};

use crate::{CheckedPlay, Game, Points, ScoringGame};

/// Columns.
pub const WIDTH: u32 = 7;
/// Rows.
pub const HEIGHT: u32 = 6;
/// Cells.
const CELLS: u32 = WIDTH * HEIGHT;
/// Columns from the center out: the usual first guess at the best move.
const CENTER_FIRST: [u8; 7] = [3, 2, 4, 1, 5, 0, 6];
/// The bottom cell of every column (each column takes HEIGHT + 1 bits, the top one empty).
const BOTTOM: u64 = bottoms();
/// Every playable cell.
const BOARD: u64 = BOTTOM * ((1 << HEIGHT) - 1);

#[inline]
const fn bottoms() -> u64 {
    let mut mask = 0;
    let mut col = 0;
    while col < WIDTH {
        mask |= 1 << (col * (HEIGHT + 1));
        col += 1;
    }
    mask
}

#[inline]
fn column_mask(col: u32) -> u64 {
    ((1 << HEIGHT) - 1) << (col * (HEIGHT + 1))
}

#[inline]
fn top_cell(col: u32) -> u64 {
    1 << (HEIGHT - 1 + col * (HEIGHT + 1))
}

/// The cells that would complete a four for the stones `own`.
#[inline]
fn winning_cells(own: u64) -> u64 {
    let mut cells = (own << 1) & (own << 2) & (own << 3); // vertical
    for shift in [HEIGHT + 1, HEIGHT, HEIGHT + 2] {
        // horizontal and both diagonals
        let pair = (own << shift) & (own << (2 * shift));
        cells |= pair & (own << (3 * shift));
        cells |= pair & (own >> shift);
        let pair = (own >> shift) & (own >> (2 * shift));
        cells |= pair & (own << shift);
        cells |= pair & (own >> (3 * shift));
    }
    cells & BOARD
}

/// Why a move was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Columns are 0..=6.
    #[error("column {0} is not on the board (columns are 0..=6)")]
    NoColumn(u8),
    /// The column is full.
    #[error("column {0} is full")]
    Full(u8),
    /// The game is over.
    #[error("the game is over")]
    Over,
}

/// Why a line of moves (columns 1..=7, as people and Pons' sets write them) was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MovesError {
    /// A game has at most 42 moves.
    #[error("a game has at most 42 moves, not {count}")]
    TooLong {
        /// The moves given.
        count: usize,
    },
    /// Not a column.
    #[error("move {at}: {found:?} is not a column (columns are 1..=7)")]
    NotAColumn {
        /// The move's place, from 1.
        at: usize,
        /// What stood there.
        found: char,
    },
    /// The column is full.
    #[error("move {at}: column {column} is full")]
    Full {
        /// The move's place, from 1.
        at: usize,
        /// The column, 1..=7.
        column: u32,
    },
    /// The game was over before the move.
    #[error("move {at}: the game is already over")]
    Over {
        /// The move's place, from 1.
        at: usize,
    },
}

/// Why a text names no position ([`PositionText`](crate::PositionText)).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    /// A position is seven columns.
    #[error("a position is 7 columns separated by '/', not {0}")]
    Columns(usize),
    /// A column is at most six stones, `x` or `o`, from the bottom.
    #[error("column {column}: {text:?} is not at most 6 stones, 'x' (the side to move) or 'o'")]
    Column {
        /// The column, 1..=7.
        column: usize,
        /// What it held.
        text: String,
    },
    /// The sides' stones do not alternate.
    #[error("the side to move has {to_move} stones and the other side {other}: not a game's")]
    Counts {
        /// The side to move's stones.
        to_move: u32,
        /// The other side's.
        other: u32,
    },
    /// The side to move has four in a row: the game ended before its turn.
    #[error("the side to move has four in a row: the game ended before its turn")]
    MoverWon,
}

/// Whether `stones` hold four in a row.
#[inline]
fn has_four(stones: u64) -> bool {
    [1, HEIGHT + 1, HEIGHT, HEIGHT + 2]
        .into_iter()
        .any(|shift| {
            let pairs = stones & (stones >> shift);
            pairs & (pairs >> (2 * shift)) != 0
        })
}

/// A Connect 4 position: the side to move's stones and every stone, as bitboards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Connect4 {
    current: u64,
    mask: u64,
    moves: u32,
    /// The last move made a four: nothing more to play.
    over: bool,
    /// The cells that would complete a four for the side to move, and for the other side:
    /// kept up as stones are played, as a search asks for them at every node, several times.
    own_wins: u64,
    their_wins: u64,
}

impl Connect4 {
    /// The position after `columns` (each 1..=7, Pons' notation), or why one cannot be played,
    /// in the input's own numbering: the move's place from 1, the column as written.
    #[inline]
    pub fn from_moves(columns: &str) -> Result<Self, MovesError> {
        let count = columns.chars().count();
        if count > (WIDTH * HEIGHT) as usize {
            return Err(MovesError::TooLong { count });
        }
        let mut position = Self::default();
        for (at, c) in (1..).zip(columns.chars()) {
            let column = c
                .to_digit(10)
                .filter(|column| (1..=WIDTH).contains(column))
                .ok_or(MovesError::NotAColumn { at, found: c })?;
            let col = (column - 1) as u8;
            position.play(col).map_err(|cause| match cause {
                MoveError::Over => MovesError::Over { at },
                MoveError::Full(_) | MoveError::NoColumn(_) => MovesError::Full { at, column },
            })?;
        }
        Ok(position)
    }

    #[inline]
    fn can_play(&self, col: u8) -> bool {
        u32::from(col) < WIDTH && self.mask & top_cell(u32::from(col)) == 0
    }

    /// The cell a stone in `col` lands on.
    #[inline]
    fn landing(&self, col: u8) -> u64 {
        (self.mask + (1 << (u32::from(col) * (HEIGHT + 1)))) & column_mask(u32::from(col))
    }

    /// The cells where a stone can land now.
    #[inline]
    fn playable(&self) -> u64 {
        (self.mask + BOTTOM) & BOARD
    }

    /// Whether a stone in the playable column `col` makes a four.
    #[inline]
    fn wins(&self, col: u8) -> bool {
        self.own_wins & self.landing(col) != 0
    }

    /// The first column, center first, where a stone makes a four now, if any: one test of
    /// the board for the common case of none.
    #[inline]
    fn winning_column(&self) -> Option<u8> {
        let wins_now = self.own_wins & self.playable();
        if wins_now == 0 {
            return None;
        }
        CENTER_FIRST
            .into_iter()
            .find(|&col| wins_now & column_mask(u32::from(col)) != 0)
    }
}

impl Game for Connect4 {
    type Move = u8;
    type Key = u64;
    const NAME: &'static str = "connect 4";

    #[inline]
    fn generate_moves(&self, out: &mut Vec<u8>) {
        if !self.over {
            out.extend(CENTER_FIRST.into_iter().filter(|&col| self.can_play(col)));
        }
    }

    /// The rules' own check, cheaper than listing the moves (and the same).
    #[inline]
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.check_move(mv).is_ok()
    }

    #[inline]
    fn play_unchecked(&mut self, col: u8) {
        let cell = self.landing(col);
        self.over = self.own_wins & cell != 0;
        // The mover's stones are the other side's from now on; the opponent's are unchanged.
        let mover_wins = winning_cells(self.current | cell);
        self.own_wins = self.their_wins;
        self.their_wins = mover_wins;
        self.current ^= self.mask;
        self.mask |= cell;
        self.moves += 1;
    }

    #[inline]
    fn key(&self) -> u64 {
        // An exact key in one word (whether the game is over follows from the stones): in
        // each column `mask + BOTTOM` is one bit, just above the top stone, which gives the
        // column's height, and the mover's stones lie below it, apart from it.
        self.current | (self.mask + BOTTOM)
    }
}

impl CheckedPlay for Connect4 {
    type Error = MoveError;
    #[inline]
    fn check_move(&self, col: u8) -> Result<(), MoveError> {
        if self.over {
            Err(MoveError::Over)
        } else if u32::from(col) >= WIDTH {
            Err(MoveError::NoColumn(col))
        } else if !self.can_play(col) {
            Err(MoveError::Full(col))
        } else {
            Ok(())
        }
    }
}

impl ScoringGame for Connect4 {
    #[inline]
    fn points(&self, col: u8) -> Points {
        let mover = if self.wins(col) {
            u64::from((CELLS + 1 - self.moves) / 2)
        } else {
            0
        };
        Points { mover, opponent: 0 }
    }
}
