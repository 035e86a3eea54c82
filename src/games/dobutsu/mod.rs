//! The rules of Dobutsu shogi (animal shogi, Kitao and Fujita, 2008), as a user of the crate
//! writes them: a [`WinLossGame`] whose positions repeat.
//!
//! The board is 3 columns by 4 rows. Each side has a lion (one step any way), an elephant
//! (one step diagonally), a giraffe (one step straight) and a chick (one step forward), which
//! becomes a hen (one step straight or diagonally forward) on reaching the far row. A piece
//! taken goes to the taker's hand (a hen as a chick) and may be dropped on any empty square
//! instead of a move (a chick dropped on the far row stays a chick, and cannot move).
//!
//! The game ends when a lion is taken, or when a lion reaches the far row and is not taken
//! at once (the try). Here: a side that can take the other lion wins in 1 ply
//! ([`WinLossGame::ending_plies`], so the position after it needs no place in the index); a
//! side whose lion stands on the far row when it is to move wins (the other side left it
//! there); a side that cannot take the other lion standing on its home row has lost. Play
//! that can go round for ever is a draw, as Tanaka's analysis scores it.
//!
//! A position is kept from the side to move's view: its home row is row 0, its pieces move
//! up, and the other side's pieces are the board turned half round. The pieces in play are a
//! [`Pieces`] set: the full game has two of each kind; smaller sets make small games for the
//! tests.
//!
//! Numbered densely for the retrograde solver, a position has an index of its own
//! ([`ByLions`], 1,567,925,964 indices), or shares one with its mirror image
//! ([`UpToMirror`], 855,232,344: the rules do not tell them apart, so they have one value).

mod index;
mod mirror;
mod unmoves;

pub use index::ByLions;
pub use mirror::UpToMirror;

use crate::{CheckedPlay, Game, Verdict, WinLossGame};
use std::fmt;

/// The squares: `3 * row + column`.
pub const SQUARES: usize = 12;
/// The far row's squares, for the side to move.
const FAR_ROW: u16 = 0b111 << 9;
/// The home row's squares.
const HOME_ROW: u16 = 0b111;

/// A kind of piece. The first three can be in a hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// One step forward.
    Chick = 0,
    /// One step diagonally.
    Elephant = 1,
    /// One step straight.
    Giraffe = 2,
    /// A promoted chick: one step straight or diagonally forward.
    Hen = 3,
    /// One step any way; taking it ends the game.
    Lion = 4,
}

/// The kinds that can be held in a hand, in hand order.
pub const HAND_KINDS: [Kind; 3] = [Kind::Chick, Kind::Elephant, Kind::Giraffe];

impl Kind {
    const ALL: [Kind; 5] = [
        Kind::Chick,
        Kind::Elephant,
        Kind::Giraffe,
        Kind::Hen,
        Kind::Lion,
    ];

    /// The kind a taken piece becomes in the hand.
    #[inline]
    pub fn in_hand(self) -> Kind {
        if self == Kind::Hen { Kind::Chick } else { self }
    }

    #[inline]
    fn letter(self) -> char {
        ['C', 'E', 'G', 'H', 'L'][self as usize]
    }
}

/// The steps of each kind, for the side that moves up: (row, column) changes.
const STEPS: [&[(i8, i8)]; 5] = [
    &[(1, 0)],
    &[(1, 1), (1, -1), (-1, 1), (-1, -1)],
    &[(1, 0), (-1, 0), (0, 1), (0, -1)],
    &[(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1)],
    &[
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ],
];

/// The squares a piece of each kind on each square reaches, moving up.
#[inline]
const fn reach_table() -> [[u16; SQUARES]; 5] {
    let mut table = [[0u16; SQUARES]; 5];
    let mut kind = 0;
    while kind < 5 {
        let mut square = 0;
        while square < SQUARES {
            let (row, column) = ((square / 3) as i8, (square % 3) as i8);
            let mut i = 0;
            while i < STEPS[kind].len() {
                let (r, c) = (row + STEPS[kind][i].0, column + STEPS[kind][i].1);
                if r >= 0 && r < 4 && c >= 0 && c < 3 {
                    table[kind][square] |= 1 << (r * 3 + c);
                }
                i += 1;
            }
            square += 1;
        }
        kind += 1;
    }
    table
}

/// `REACH[kind][square]`: where the side to move's piece goes.
const REACH: [[u16; SQUARES]; 5] = reach_table();

/// `OWN_REACH[code][square]`: where the piece of the cell code `code` on `square` goes if it
/// is the side to move's, and nothing for an empty cell or the other side's piece: what
/// [`Dobutsu::end`] reads of every cell without a branch.
const OWN_REACH: [[u16; SQUARES]; 16] = {
    let mut table = [[0u16; SQUARES]; 16];
    let mut kind = 0;
    while kind < 5 {
        table[kind + 1] = REACH[kind];
        kind += 1;
    }
    table
};

/// Which pieces are in play, besides the two lions: 0, 1 or 2 of each kind that can be held
/// (a chick and a hen are one piece). The full game: [`Pieces::FULL`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pieces(pub [u8; 3]);

impl Pieces {
    /// Two chicks, two elephants, two giraffes.
    pub const FULL: Pieces = Pieces([2, 2, 2]);

    /// The counts of chicks, elephants and giraffes, each at most 2 (a larger count is read
    /// as 2).
    #[inline]
    pub fn counts(self) -> [u8; 3] {
        self.0.map(|count| count.min(2))
    }

    /// The counts as one number, a byte each (chicks highest): the rules id of a game and of
    /// its numberings.
    #[inline]
    fn id(self) -> u64 {
        let [c, e, g] = self.counts();
        u64::from(c) << 16 | u64::from(e) << 8 | u64::from(g)
    }
}

impl Default for Pieces {
    /// The full game's, [`Pieces::FULL`].
    #[inline]
    fn default() -> Self {
        Self::FULL
    }
}

/// A cell: empty, or a kind and whose it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The kind.
    pub kind: Kind,
    /// Whether it belongs to the side to move.
    pub mine: bool,
}

/// A move: a piece from a square to a square, or one dropped from the hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u8);

impl Move {
    /// A step from `from` to `to`.
    #[inline]
    pub fn step(from: usize, to: usize) -> Self {
        Self((from as u8) << 4 | to as u8)
    }

    /// A drop of `kind` (chick, elephant or giraffe) on `to`.
    #[inline]
    pub fn drop(kind: Kind, to: usize) -> Self {
        Self((SQUARES as u8 + kind as u8) << 4 | to as u8)
    }

    /// The square left (`None` for a drop), and the square reached.
    #[inline]
    pub fn squares(self) -> (Option<usize>, usize) {
        let from = usize::from(self.0 >> 4);
        ((from < SQUARES).then_some(from), usize::from(self.0 & 15))
    }

    /// The kind dropped, for a drop.
    #[inline]
    pub fn dropped(self) -> Option<Kind> {
        let from = usize::from(self.0 >> 4);
        (from >= SQUARES).then(|| HAND_KINDS[from - SQUARES])
    }
}

/// Why a move was refused: it is not a legal move of the position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{:?} is not a legal move here", .0.squares())]
pub struct IllegalMove(pub Move);

/// A position, from the side to move's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Dobutsu {
    /// Each square's piece: 0 empty, else 1 + kind, plus [`THEIRS`] for the other side's.
    cells: [u8; SQUARES],
    /// The pieces in hand, by [`HAND_KINDS`]: the side to move's, then the other side's.
    hands: [[u8; 3]; 2],
    pieces: Pieces,
}

/// The mark of the other side's piece in a cell.
const THEIRS: u8 = 8;

/// The kind of the piece in a cell that holds one.
#[inline]
fn kind_of(code: u8) -> Kind {
    Kind::ALL[usize::from((code & 7) - 1)]
}

/// The code of a piece in a cell.
#[inline]
fn cell(kind: Kind, mine: bool) -> u8 {
    1 + kind as u8 + if mine { 0 } else { THEIRS }
}

impl Dobutsu {
    /// The start of the full game: elephant, lion and giraffe on the home row, the chick in
    /// front of the lion; the other side the same, turned half round.
    #[inline]
    pub fn new() -> Self {
        Self::start(Pieces::FULL)
    }

    /// The start with the pieces of `pieces` only: the lions, and each kind's pieces on their
    /// squares (with one piece of a kind, the side to move's).
    #[inline]
    pub fn start(pieces: Pieces) -> Self {
        let mut cells = [0; SQUARES];
        let home = [(Kind::Elephant, 0), (Kind::Giraffe, 2), (Kind::Chick, 4)];
        cells[1] = cell(Kind::Lion, true);
        cells[10] = cell(Kind::Lion, false);
        for (kind, square) in home {
            let count = pieces.counts()[kind as usize];
            if count >= 1 {
                cells[square] = cell(kind, true);
            }
            if count == 2 {
                cells[11 - square] = cell(kind, false);
            }
        }
        Self {
            cells,
            hands: [[0; 3]; 2],
            pieces,
        }
    }

    /// The piece on `square`, if any.
    #[inline]
    pub fn piece(&self, square: usize) -> Option<Piece> {
        let code = self.cells[square];
        (code != 0).then(|| Piece {
            kind: kind_of(code),
            mine: code & THEIRS == 0,
        })
    }

    /// The pieces in hand: the side to move's (`mine`) or the other side's.
    #[inline]
    pub fn hand(&self, mine: bool) -> [u8; 3] {
        self.hands[usize::from(!mine)]
    }

    /// The squares of the side's (`mine`) pieces of `kind`.
    #[inline]
    pub fn squares_of(&self, kind: Kind, mine: bool) -> u16 {
        let code = cell(kind, mine);
        (0..SQUARES)
            .filter(|&s| self.cells[s] == code)
            .fold(0, |set, s| set | 1 << s)
    }

    /// The position seen in a mirror: each row's columns swapped. The rules do not tell a
    /// position from its mirror image (both have the same value).
    #[inline]
    pub fn mirrored(&self) -> Self {
        let mut mirror = *self;
        for row in 0..4 {
            mirror.cells.swap(3 * row, 3 * row + 2);
        }
        mirror
    }

    /// The board and hands seen by the other side.
    #[inline]
    fn turn_round(&mut self) {
        let mut cells = [0; SQUARES];
        for (square, &code) in self.cells.iter().enumerate() {
            cells[SQUARES - 1 - square] = if code == 0 { 0 } else { code ^ THEIRS };
        }
        self.cells = cells;
        self.hands.swap(0, 1);
    }
}

impl Default for Dobutsu {
    #[inline]
    fn default() -> Self {
        Self::new()
    }
}

impl Game for Dobutsu {
    type Move = Move;
    type Key = u64;
    const NAME: &'static str = "dobutsu shogi";
    const POSITIONS_REPEAT: bool = true;

    /// The pieces besides the lions: chicks, elephants and giraffes, a byte each.
    #[inline]
    fn rules_id(&self) -> u64 {
        self.pieces.id()
    }

    #[inline]
    fn generate_moves(&self, out: &mut Vec<Move>) {
        if self.ending().is_some() {
            return;
        }
        let mut empty = 0u16;
        let mut own = 0u16;
        for (square, &code) in self.cells.iter().enumerate() {
            match code {
                0 => empty |= 1 << square,
                _ if code & THEIRS == 0 => own |= 1 << square,
                _ => {}
            }
        }
        for (square, &code) in self.cells.iter().enumerate() {
            if own >> square & 1 == 1 {
                let targets = REACH[usize::from(code - 1)][square] & !own;
                out.extend(each(targets).map(|to| Move::step(square, to)));
            }
        }
        for kind in HAND_KINDS {
            if self.hands[0][kind as usize] > 0 {
                out.extend(each(empty).map(|to| Move::drop(kind, to)));
            }
        }
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        let (from, to) = mv.squares();
        match (from, mv.dropped()) {
            (Some(from), _) => {
                let taken = self.cells[to];
                if taken != 0 {
                    let kind = kind_of(taken).in_hand();
                    self.hands[0][kind as usize] += 1;
                }
                let mut code = self.cells[from];
                if code == cell(Kind::Chick, true) && FAR_ROW >> to & 1 == 1 {
                    code = cell(Kind::Hen, true);
                }
                self.cells[from] = 0;
                self.cells[to] = code;
            }
            (None, Some(kind)) => {
                self.hands[0][kind as usize] -= 1;
                self.cells[to] = cell(kind, true);
            }
            (None, None) => {}
        }
        self.turn_round();
    }

    #[inline]
    fn key(&self) -> u64 {
        self.whole_index()
    }
}

impl CheckedPlay for Dobutsu {
    type Error = IllegalMove;
    #[inline]
    fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        let legal = self.legal_moves().contains(&mv);
        legal.then_some(()).ok_or(IllegalMove(mv))
    }
}

/// The squares of a set.
#[inline]
fn each(set: u16) -> impl Iterator<Item = usize> {
    (0..SQUARES).filter(move |&s| set >> s & 1 == 1)
}

impl Dobutsu {
    /// How the rules end the game here, and in how many plies: a try that stood (the other
    /// side left this side's lion on the far row) is won, a lion that can be taken is won in
    /// 1, a try of the other side's lion that cannot be taken is lost.
    #[inline]
    fn end(&self) -> Option<(Verdict, u16)> {
        // One pass over the board, without a branch (a branch on each cell's piece missed
        // often, and took three quarters of the time): the two lions, and where the side to
        // move reaches.
        let (mut mine, mut theirs, mut reach) = (0u16, 0u16, 0u16);
        let (my_lion, their_lion) = (cell(Kind::Lion, true), cell(Kind::Lion, false));
        for (square, &code) in self.cells.iter().enumerate() {
            theirs |= u16::from(code == their_lion) << square;
            mine |= u16::from(code == my_lion) << square;
            reach |= OWN_REACH[usize::from(code & 15)][square];
        }
        if mine & FAR_ROW != 0 {
            Some((Verdict::Win, 0))
        } else if reach & theirs != 0 {
            Some((Verdict::Win, 1))
        } else if theirs & HOME_ROW != 0 {
            Some((Verdict::Loss, 0))
        } else {
            None
        }
    }
}

impl WinLossGame for Dobutsu {
    #[inline]
    fn ending(&self) -> Option<Verdict> {
        self.end().map(|(verdict, _)| verdict)
    }

    #[inline]
    fn ending_plies(&self) -> u16 {
        self.end().map_or(0, |(_, plies)| plies)
    }

    #[inline]
    fn ending_and_plies(&self) -> Option<(Verdict, u16)> {
        self.end()
    }
}

impl fmt::Display for Dobutsu {
    /// The board from the side to move's view, its home row at the bottom: its pieces in
    /// capitals, the other side's in small letters; then the hands.
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..4).rev() {
            for column in 0..3 {
                let letter = self.piece(3 * row + column).map_or('.', |piece| {
                    let letter = piece.kind.letter();
                    if piece.mine {
                        letter
                    } else {
                        letter.to_ascii_lowercase()
                    }
                });
                write!(f, "{letter}")?;
            }
            writeln!(f)?;
        }
        for (side, hand) in ["to move", "other"].iter().zip(self.hands) {
            let held: String = HAND_KINDS
                .iter()
                .flat_map(|kind| {
                    std::iter::repeat_n(kind.letter(), usize::from(hand[*kind as usize]))
                })
                .collect();
            writeln!(f, "hand ({side}): {held}")?;
        }
        Ok(())
    }
}
