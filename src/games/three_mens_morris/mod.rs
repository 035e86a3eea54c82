//! The rules of Three Men's Morris, as a user of the crate writes them: a [`WinLossGame`]
//! whose positions repeat once the pieces are placed.
//!
//! The board is 3 x 3 points, joined along its rows, its columns and the two diagonals
//! through the centre. Each side has three pieces. First the sides take turns placing a piece
//! on an empty point, until all six are on the board; then a move slides one of one's own
//! pieces along a line to a neighbouring empty point. Three of one's pieces on a row or a
//! column win. A side that cannot move loses (in some rule books it passes instead).
//!
//! A position is kept from the side to move's view (its pieces and the other side's, as two
//! sets of points), so that one key serves both sides.

use crate::{CheckedPlay, Game, Verdict, WinLossGame};
use std::fmt;

/// The rows and columns, as sets of points (point = 3 * row + column).
const MILLS: [u16; 6] = [0o7, 0o70, 0o700, 0o111, 0o222, 0o444];

/// The neighbours of each point along the board's lines.
const NEIGHBOURS: [u16; 9] = [
    0b000_011_010, // 0: 1, 3, 4
    0b000_010_101, // 1: 0, 2, 4
    0b000_110_010, // 2: 1, 4, 5
    0b001_010_001, // 3: 0, 4, 6
    0b111_101_111, // 4: every other point
    0b100_010_100, // 5: 2, 4, 8
    0b010_011_000, // 6: 3, 4, 7
    0b101_010_000, // 7: 4, 6, 8
    0b010_110_000, // 8: 4, 5, 7
];

/// A piece placed from the hand: the `from` of a placement.
const HAND: u8 = 15;

/// A move: a piece from point `from` (or from the hand) to point `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Slide {
    /// The point left, or `None` for a piece placed from the hand.
    pub from: Option<u8>,
    /// The point reached.
    pub to: u8,
}

/// A move packed into a byte for the search's tables: `from * 16 + to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MorrisMove(u8);

impl MorrisMove {
    /// The move as a slide.
    #[inline]
    pub fn slide(self) -> Slide {
        let from = self.0 >> 4;
        Slide {
            from: (from != HAND).then_some(from),
            to: self.0 & 15,
        }
    }

    #[inline]
    fn new(from: Option<u8>, to: u8) -> Self {
        Self((from.unwrap_or(HAND) << 4) | to)
    }
}

/// Why a move was refused: it is not a legal move of the position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{:?} is not a legal move here", .0.slide())]
pub struct IllegalMove(pub MorrisMove);

/// A position: the points of the side to move and of the other side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Morris {
    mine: u16,
    theirs: u16,
}

impl Morris {
    /// The empty board.
    #[inline]
    pub fn new() -> Self {
        Self::default()
    }

    /// The position of these points, the side to move's and the other side's; `None` if a
    /// point is off the board or taken twice, or the counts cannot arise in play.
    #[inline]
    pub fn from_points(mine: u16, theirs: u16) -> Option<Self> {
        let (a, b) = (mine.count_ones(), theirs.count_ones());
        let counts_fit = a <= 3 && (b == a || (b == a + 1 && a < 3));
        (mine | theirs < 1 << 9 && mine & theirs == 0 && counts_fit)
            .then_some(Self { mine, theirs })
    }

    /// Whether the six pieces are all on the board (the game's second phase).
    #[inline]
    pub fn placed(&self) -> bool {
        (self.mine | self.theirs).count_ones() == 6
    }

    /// The side to move's points and the other side's.
    #[inline]
    pub fn points(&self) -> (u16, u16) {
        (self.mine, self.theirs)
    }
}

#[inline]
fn has_mill(points: u16) -> bool {
    MILLS.into_iter().any(|mill| points & mill == mill)
}

#[inline]
fn each_point(set: u16) -> impl Iterator<Item = u8> {
    (0..9u8).filter(move |&p| set >> p & 1 == 1)
}

impl Game for Morris {
    type Move = MorrisMove;
    type Key = u32;
    const NAME: &'static str = "three men's morris";
    const POSITIONS_REPEAT: bool = true;

    #[inline]
    fn generate_moves(&self, out: &mut Vec<MorrisMove>) {
        let empty = !(self.mine | self.theirs) & 0o777;
        if self.placed() {
            for from in each_point(self.mine) {
                let reach = NEIGHBOURS[usize::from(from)] & empty;
                out.extend(each_point(reach).map(|to| MorrisMove::new(Some(from), to)));
            }
        } else {
            out.extend(each_point(empty).map(|to| MorrisMove::new(None, to)));
        }
    }

    /// The rules' own check, cheaper than listing the moves (and the same).
    #[inline]
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.check_move(mv).is_ok()
    }

    #[inline]
    fn play_unchecked(&mut self, mv: MorrisMove) {
        let Slide { from, to } = mv.slide();
        let mut mine = self.mine | 1 << to;
        if let Some(from) = from {
            mine &= !(1 << from);
        }
        // The other side moves next: the view turns round.
        *self = Self {
            mine: self.theirs,
            theirs: mine,
        };
    }

    #[inline]
    fn key(&self) -> u32 {
        u32::from(self.mine) | u32::from(self.theirs) << 9
    }
}

impl CheckedPlay for Morris {
    type Error = IllegalMove;
    #[inline]
    fn check_move(&self, mv: MorrisMove) -> Result<(), IllegalMove> {
        let legal = self.ending().is_none() && self.legal_moves().contains(&mv);
        legal.then_some(()).ok_or(IllegalMove(mv))
    }
}

impl WinLossGame for Morris {
    #[inline]
    fn ending(&self) -> Option<Verdict> {
        // Only the side that just moved can have made a mill.
        has_mill(self.theirs).then_some(Verdict::Loss)
    }
}

impl fmt::Display for Morris {
    /// The board, `X` for the side to move and `O` for the other.
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..3 {
            let line: String = (0..3)
                .map(|column| {
                    let point = 3 * row + column;
                    match (self.mine >> point & 1, self.theirs >> point & 1) {
                        (1, _) => 'X',
                        (_, 1) => 'O',
                        _ => '.',
                    }
                })
                .collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}
