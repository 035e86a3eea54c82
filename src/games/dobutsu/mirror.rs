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
//! class ([`Numbering::predecessors`]). Write σ for the mirror, c for the position asked
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

use super::index::{block, lion_squares, placing};
use super::{Dobutsu, Kind, Pieces, SQUARES};
use crate::Numbering;
use std::cmp::Ordering;

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

/// Dobutsu shogi's positions with the pieces of a [`Pieces`], numbered up to the mirror: a
/// position and its mirror image share an index (see the module docs). A table solved with it
/// gives a position's value as its mirror image's, the rules not telling them apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct UpToMirror {
    pieces: Pieces,
}

impl Dobutsu {
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
    /// The numbering of the positions with the pieces of `pieces`.
    #[inline]
    #[must_use]
    pub fn new(pieces: Pieces) -> Self {
        Self { pieces }
    }

    /// The pieces numbered.
    #[inline]
    #[must_use]
    pub fn pieces(&self) -> Pieces {
        self.pieces
    }

    /// The positions the class of `position` holds: 1 if it is its own mirror image, else
    /// 2. Weighing each class by it counts positions, as the whole numbering does.
    #[inline]
    #[must_use]
    pub fn class_size(&self, position: &Dobutsu) -> u64 {
        if position.against_mirror() == Ordering::Equal {
            1
        } else {
            2
        }
    }

    /// The positions the index `index` stands for: 0 if it names none, else
    /// [`class_size`](Self::class_size) of its class. Without reading the position where the
    /// lions are off the middle column (never their own image): a count of every class's
    /// positions reads a sixth of them.
    #[inline]
    #[must_use]
    pub fn positions_at(&self, index: u64) -> u64 {
        let block = block(self.pieces);
        match BLOCKS
            .1
            .get(usize::try_from(index / block).unwrap_or(usize::MAX))
        {
            None => 0,
            Some(&lions) if !own_image(usize::from(lions)) => 2,
            Some(_) => self
                .position_at(index)
                .map_or(0, |class| self.class_size(&class)),
        }
    }
}

impl Numbering for UpToMirror {
    type Game = Dobutsu;
    const NAME: &'static str = "dobutsu shogi up to mirror";
    const HAS_PREDECESSORS: bool = true;

    /// The pieces besides the lions, as [`ByLions`](super::ByLions) gives them.
    #[inline]
    fn rules_id(&self) -> u64 {
        self.pieces.id()
    }

    #[inline]
    fn index_count(&self) -> u64 {
        72 * block(self.pieces)
    }

    #[inline]
    fn index(&self, position: &Dobutsu) -> u64 {
        let canonical = match position.against_mirror() {
            Ordering::Greater => position.mirrored(),
            _ => *position,
        };
        let (placing, rest) = canonical.numbers();
        u64::from(BLOCKS.0[placing]) * block(self.pieces) + rest
    }

    #[inline]
    fn position_at(&self, index: u64) -> Option<Dobutsu> {
        let block = block(self.pieces);
        let lions = *BLOCKS.1.get(usize::try_from(index / block).ok()?)?;
        let position = Dobutsu::numbered(self.pieces, usize::from(lions), index % block);
        (position.against_mirror() != Ordering::Greater).then_some(position)
    }

    /// The un-moves of the class, as the module docs derive them.
    #[inline]
    fn predecessors(&self, position: &Dobutsu, out: &mut Vec<Dobutsu>) {
        let own_image = position.against_mirror() == Ordering::Equal;
        super::unmoves::predecessors(position, |parent| {
            let listed = match parent.against_mirror() {
                Ordering::Equal if !own_image => 2,
                Ordering::Greater if own_image => 0,
                _ => 1,
            };
            out.extend(std::iter::repeat_n(parent, listed));
        });
    }
}
