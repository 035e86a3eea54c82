//! Connect 4 (7 columns, 6 rows) written as a user of the crate would: the rules on bitboards
//! ([`Connect4`]), and two pieces of knowledge for the searches: [`StonesLeft`], the bounds any
//! player can see, and [`Threats`], the hints a dedicated solver uses.
//!
//! Scores follow Pascal Pons' solver: a win with one's own k-th stone scores 22 - k. Here that
//! is the margin of the winning move, (43 - stones on the board before it) / 2, the only move
//! that scores.

use gamesolver::{Facts, Game, Knowledge, Points, PositionText, ScoringGame};
use std::fmt;

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

const fn bottoms() -> u64 {
    let mut mask = 0;
    let mut col = 0;
    while col < WIDTH {
        mask |= 1 << (col * (HEIGHT + 1));
        col += 1;
    }
    mask
}

fn column_mask(col: u32) -> u64 {
    ((1 << HEIGHT) - 1) << (col * (HEIGHT + 1))
}

fn top_cell(col: u32) -> u64 {
    1 << (HEIGHT - 1 + col * (HEIGHT + 1))
}

/// The cells that would complete a four for the stones `own`.
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

/// Why a text names no position ([`PositionText`]).
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

    fn can_play(&self, col: u8) -> bool {
        u32::from(col) < WIDTH && self.mask & top_cell(u32::from(col)) == 0
    }

    /// The cell a stone in `col` lands on.
    fn landing(&self, col: u8) -> u64 {
        (self.mask + (1 << (u32::from(col) * (HEIGHT + 1)))) & column_mask(u32::from(col))
    }

    /// The cells where a stone can land now.
    fn playable(&self) -> u64 {
        (self.mask + BOTTOM) & BOARD
    }

    /// Whether a stone in the playable column `col` makes a four.
    fn wins(&self, col: u8) -> bool {
        self.own_wins & self.landing(col) != 0
    }

    /// The first column, center first, where a stone makes a four now, if any: one test of
    /// the board for the common case of none.
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
    type Error = MoveError;

    fn generate_moves(&self, out: &mut Vec<u8>) {
        if !self.over {
            out.extend(CENTER_FIRST.into_iter().filter(|&col| self.can_play(col)));
        }
    }

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

    fn key(&self) -> u64 {
        // An exact key in one word (whether the game is over follows from the stones): in
        // each column `mask + BOTTOM` is one bit, just above the top stone, which gives the
        // column's height, and the mover's stones lie below it, apart from it.
        self.current | (self.mask + BOTTOM)
    }
}

impl ScoringGame for Connect4 {
    fn points(&self, col: u8) -> Points {
        let mover = if self.wins(col) {
            u64::from((CELLS + 1 - self.moves) / 2)
        } else {
            0
        };
        Points { mover, opponent: 0 }
    }
}

/// The bounds that follow from the stones left: at best a win with the next stone, at worst
/// a loss to the opponent's next. Sound: no stone scores more than its win.
#[derive(Debug, Clone, Copy, Default)]
pub struct StonesLeft;

impl StonesLeft {
    /// The table the example and its bench search with these bounds: 4 MiB. A node costs
    /// little beside a probe that misses the caches, so a table the caches come near to
    /// holding pays, up to where the search needs more room (BENCHMARKS.md).
    pub const TABLE_BYTES: usize = 4 << 20;
}

fn stones_left_bounds(position: &Connect4) -> std::ops::RangeInclusive<i64> {
    let left = i64::from(CELLS - position.moves);
    -(left / 2)..=(left + 1) / 2
}

impl Knowledge<Connect4> for StonesLeft {
    fn facts(&self, position: &Connect4) -> Facts<u8> {
        let bounds = if position.over || position.moves == CELLS {
            0..=0
        } else {
            stones_left_bounds(position)
        };
        Facts {
            bounds: Some(bounds),
            best_move: None,
        }
    }
}

/// Pons' hints, each proven below: a win now is played at once; a move that lets the opponent
/// win at once is left out (it loses with the opponent's next stone, the worst loss there is)
/// unless every move does; the others go first by the threats they make.
#[derive(Debug, Clone, Copy, Default)]
pub struct Threats;

impl Threats {
    /// The table the example and its bench search with the hints: 1 MiB, which the caches
    /// hold. The hints search a tenth of the nodes the bounds alone do, or fewer, and need
    /// less room (BENCHMARKS.md).
    pub const TABLE_BYTES: usize = 1 << 20;
}

/// The cells where a stone does not let the opponent win at once: the one forced block if the
/// opponent has a cell to win on now (none if it has two), and never a cell under one of its
/// winning cells.
fn non_losing(position: &Connect4) -> u64 {
    let threats = position.their_wins & !position.mask;
    let mut safe = position.playable();
    let forced = safe & threats;
    if forced != 0 {
        if forced.count_ones() > 1 {
            return 0;
        }
        safe = forced;
    }
    safe & !(threats >> 1)
}

impl Knowledge<Connect4> for Threats {
    fn facts(&self, position: &Connect4) -> Facts<u8> {
        if position.over || position.moves == CELLS {
            return Facts::exactly(0);
        }
        if let Some(col) = position.winning_column() {
            // The best a move can score, and it ends the game.
            let win = i64::from((CELLS + 1 - position.moves) / 2);
            return Facts {
                bounds: Some(win..=win),
                best_move: Some(col),
            };
        }
        // No win now: the next own stone comes two plies on. And with a move that does not
        // lose at once, the opponent cannot win with its next stone either.
        let left = i64::from(CELLS - position.moves);
        let upper = (left - 1) / 2;
        let lower = if non_losing(position) != 0 {
            -(left - 2) / 2
        } else {
            -left / 2
        };
        Facts {
            bounds: Some(lower..=upper.max(lower)),
            best_move: None,
        }
    }

    fn search_moves(&self, position: &Connect4, _threshold: i64, out: &mut Vec<u8>) {
        if position.over || position.playable() == 0 {
            return;
        }
        if let Some(win) = position.winning_column() {
            out.push(win);
            return;
        }
        // The landing cells, center first, that do not let the opponent win at once.
        let safe = non_losing(position);
        let landings = CENTER_FIRST.map(|col| (col, position.landing(col)));
        let mut ranked = [(0u32, 0u8); WIDTH as usize];
        let mut count = 0;
        for (col, cell) in landings.into_iter().filter(|&(_, cell)| cell & safe != 0) {
            // More threats first; each move's count is made once, not at every comparison.
            let own = position.current | cell;
            let threats = (winning_cells(own) & !(position.mask | cell)).count_ones();
            ranked[count] = (threats, col);
            count += 1;
        }
        if count == 0 {
            // Every move loses at once, all alike: one stands for them (a column not full).
            if let Some(&(col, _)) = landings.iter().find(|&&(_, cell)| cell != 0) {
                out.push(col);
            }
            return;
        }
        // The sort is stable, so ties stay center-first.
        let ranked = &mut ranked[..count];
        ranked.sort_by_key(|&(threats, _)| std::cmp::Reverse(threats));
        out.extend(ranked.iter().map(|&(_, col)| col));
    }
}

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
