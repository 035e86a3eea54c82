//! Dobutsu shogi numbered up to its mirror image ([`UpToMirror`]): a position and the one
//! seen in a mirror (each row's columns swapped) share an index, so the retrograde solver's
//! indexed path solves each pair once.
//!
//! # The numbering
//!
//! Of a position and its mirror image, the *canonical* one is the smaller when their lions'
//! squares (the side to move's, then the other's) are compared, and when those are the same
//! (both lions in the middle column) when their cells are compared in order. The index is
//! that of the canonical position in [`Dobutsu`]'s numbering, with its block of the lions'
//! placing renumbered: of the 132 placings, 60 pairs are mirror images of each other and keep
//! one block a pair, and 12 (both lions in the middle column) are their own images and keep
//! theirs. So 72 blocks where the whole numbering has 132: 855,232,344 indices for the full
//! game, 54.5% of 1,567,925,964. In the 12 blocks of their own images an index whose position
//! is not canonical names none (71,203,104 of the full game's indices, 8.3%).
//!
//! # The un-moves
//!
//! The solver counts, for each class, the moves of its canonical position into each class, so
//! the un-moves of a class must list each parent class once for each of its moves into the
//! class ([`IndexedGame::predecessors`]). Write σ for the mirror, c for the position asked
//! and P for a parent [`Dobutsu`]'s un-moves find (each listed once for each move P → c).
//! The mirror commutes with the moves, so σP is found once for each move σP → c, that is each
//! move P → σc. Then:
//!
//! - c ≠ σc, P ≠ σP: P and σP are both found, one index; together once for each move from P
//!   into the class {c, σc}. Listed as found.
//! - c ≠ σc, P = σP: P is found once for each move P → c, and has as many to σc (their
//!   mirror images), not found. Listed twice.
//! - c = σc, P ≠ σP: P and σP are both found, each once for each move into the class {c}: one
//!   of them is enough. Only the canonical one is listed.
//! - c = σc, P = σP: found once for each move into the class. Listed as found.
//!
//! `check::unmoves`, counting by index, passes on every index of the small games and on a
//! sample of the full one (the tests), and the values of the classes are those of the whole
//! numbering's positions (the tests solve both).

use super::index::{lion_squares, placing};
use super::{Dobutsu, IllegalMove, Kind, Move, SQUARES};
use crate::{Game, IndexedGame, Verdict, WinLossGame};
use std::cmp::Ordering;
use std::fmt;

/// The square seen in the mirror.
#[inline]
const fn mirror_square(square: usize) -> usize {
    square - square % 3 + 2 - square % 3
}

/// Whether the lions' placing `placing` is its own mirror image: both lions in the middle
/// column.
const fn own_image(placing: usize) -> bool {
    let (mine, theirs) = lion_squares(placing);
    mine % 3 == 1 && theirs % 3 == 1
}

/// The blocks up to the mirror: for each of the 132 placings of the lions, its block if it is
/// canonical (not larger than its mirror image), else `u8::MAX`; and for each block its
/// placing.
const BLOCKS: ([u8; 132], [u8; 72]) = {
    let (mut block_of, mut placing_of) = ([u8::MAX; 132], [0u8; 72]);
    let (mut mine, mut blocks) = (0, 0);
    while mine < SQUARES {
        let mut theirs = 0;
        while theirs < SQUARES {
            let (m, t) = (mirror_square(mine), mirror_square(theirs));
            if theirs != mine && (mine < m || (mine == m && theirs <= t)) {
                block_of[placing(mine, theirs)] = blocks as u8;
                placing_of[blocks] = placing(mine, theirs) as u8;
                blocks += 1;
            }
            theirs += 1;
        }
        mine += 1;
    }
    assert!(blocks == 72);
    (block_of, placing_of)
};

/// A Dobutsu shogi position whose numbering ([`IndexedGame`]) is up to the mirror: it and its
/// mirror image share an index (see the module docs). The rules are [`Dobutsu`]'s; only the
/// index differs. A table solved with it gives a position's value by
/// `table.value(&position.up_to_mirror())`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct UpToMirror(Dobutsu);

impl Dobutsu {
    /// This position, numbered up to its mirror image.
    #[inline]
    pub fn up_to_mirror(self) -> UpToMirror {
        UpToMirror(self)
    }

    /// The squares of the two lions: the side to move's, then the other's.
    #[inline]
    fn lion_squares(&self) -> (usize, usize) {
        let (mut mine, mut theirs) = (0, 0);
        for (square, &code) in self.cells.iter().enumerate() {
            if code == super::cell(Kind::Lion, true) {
                mine = square;
            } else if code == super::cell(Kind::Lion, false) {
                theirs = square;
            }
        }
        (mine, theirs)
    }

    /// This position against its mirror image, in the order of the module docs: `Less` if
    /// this one is canonical and the other is not, `Equal` if they are the same position.
    #[inline]
    fn against_mirror(&self) -> Ordering {
        let (mine, theirs) = self.lion_squares();
        let lions = (mine, theirs).cmp(&(mirror_square(mine), mirror_square(theirs)));
        // Cells in order: the first that differs from its image is a first column's.
        (0..4).fold(lions, |order, row| {
            order.then(self.cells[3 * row].cmp(&self.cells[3 * row + 2]))
        })
    }
}

impl UpToMirror {
    /// The position.
    #[inline]
    pub fn position(&self) -> &Dobutsu {
        &self.0
    }

    /// The positions this index stands for: 1 if the position is its own mirror image, else
    /// 2. Weighing each class by it counts positions, as the whole numbering does.
    #[inline]
    pub fn positions(&self) -> u64 {
        if self.0.against_mirror() == Ordering::Equal {
            1
        } else {
            2
        }
    }

    /// The positions the index `index` stands for: 0 if it names none, else
    /// [`positions`](Self::positions) of its class. Without reading the position where the
    /// lions are off the middle column (never their own image): a count of every class's
    /// positions reads a sixth of them.
    #[inline]
    pub fn positions_at(&self, index: u64) -> u64 {
        let block = self.0.block();
        match BLOCKS
            .1
            .get(usize::try_from(index / block).unwrap_or(usize::MAX))
        {
            None => 0,
            Some(&lions) if !own_image(usize::from(lions)) => 2,
            Some(_) => self.position_at(index).map_or(0, |class| class.positions()),
        }
    }
}

impl Game for UpToMirror {
    type Move = Move;
    type Key = u64;
    type Error = IllegalMove;
    const POSITIONS_REPEAT: bool = true;

    #[inline]
    fn generate_moves(&self, out: &mut Vec<Move>) {
        self.0.generate_moves(out);
    }

    #[inline]
    fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        self.0.check_move(mv)
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        self.0.play_unchecked(mv);
    }

    /// The whole numbering's index: a search's table keeps a best move, which the mirror
    /// image does not share.
    #[inline]
    fn key(&self) -> u64 {
        self.0.key()
    }
}

impl WinLossGame for UpToMirror {
    const NAME: &'static str = "dobutsu shogi up to mirror";

    #[inline]
    fn rules_id(&self) -> u64 {
        self.0.rules_id()
    }

    #[inline]
    fn ending(&self) -> Option<Verdict> {
        self.0.ending()
    }

    #[inline]
    fn ending_plies(&self) -> u16 {
        self.0.ending_plies()
    }

    #[inline]
    fn ending_and_plies(&self) -> Option<(Verdict, u16)> {
        self.0.ending_and_plies()
    }
}

impl IndexedGame for UpToMirror {
    const HAS_PREDECESSORS: bool = true;

    #[inline]
    fn index_count(&self) -> u64 {
        72 * self.0.block()
    }

    #[inline]
    fn index(&self) -> u64 {
        let canonical = match self.0.against_mirror() {
            Ordering::Greater => self.0.mirrored(),
            _ => self.0,
        };
        let (placing, rest) = canonical.numbers();
        u64::from(BLOCKS.0[placing]) * self.0.block() + rest
    }

    #[inline]
    fn position_at(&self, index: u64) -> Option<Self> {
        let block = self.0.block();
        let lions = *BLOCKS.1.get(usize::try_from(index / block).ok()?)?;
        let position = self.0.position_numbered(usize::from(lions), index % block);
        (position.against_mirror() != Ordering::Greater).then_some(Self(position))
    }

    /// The un-moves of the class, as the module docs derive them.
    #[inline]
    fn predecessors(&self, out: &mut Vec<Self>) {
        let own_image = self.0.against_mirror() == Ordering::Equal;
        super::unmoves::predecessors(&self.0, |parent| {
            let listed = match parent.against_mirror() {
                Ordering::Equal if !own_image => 2,
                Ordering::Greater if own_image => 0,
                _ => 1,
            };
            out.extend(std::iter::repeat_n(Self(parent), listed));
        });
    }
}

impl fmt::Display for UpToMirror {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}
