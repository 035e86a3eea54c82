//! `Dice`: up to five dice as a multiset (how many show each face), and their rank among the
//! multisets of their size.

use std::fmt;

/// The dice of a turn.
pub const DICE: u8 = 5;

/// The number of multisets of `size` dice: `C(size + 5, 5)` (1, 6, 21, 56, 126, 252).
pub const MULTISETS: [u64; 6] = [1, 6, 21, 56, 126, 252];

/// Where the multisets of each size start when every multiset of up to five dice is
/// numbered size by size, each size by [`Dice::rank`] ([`every_dice`]); the last, all of them.
pub(super) const FIRST_OF_SIZE: [usize; 7] = [0, 1, 7, 28, 84, 210, 462];

/// Every multiset of up to five dice, size by size, each size by rank: the numbering
/// [`Dice::number`] gives.
pub(super) fn every_dice() -> Vec<Dice> {
    (0..=DICE)
        .flat_map(|size| {
            (0..MULTISETS[usize::from(size)]).filter_map(move |r| Dice::unrank(size, r))
        })
        .collect()
}

/// `C(n, k)` for n up to 13 (the boxes of a card; the ranks of dice need n up to 11).
pub(super) const fn binomial(n: u32, k: u32) -> u64 {
    if k > n {
        return 0;
    }
    let (mut value, mut i) = (1u64, 0);
    while i < k {
        value = value * (n - i) as u64 / (i + 1) as u64;
        i += 1;
    }
    value
}

/// [`binomial`] for the ranks, n up to 11 and k up to 5, looked up: worked out when the crate
/// is compiled.
const BINOMIAL: [[u64; 6]; 12] = {
    let mut table = [[0u64; 6]; 12];
    let mut n = 0;
    while n < 12 {
        let mut k = 0;
        while k < 6 {
            table[n][k] = binomial(n as u32, k as u32);
            k += 1;
        }
        n += 1;
    }
    table
};

/// `FACE_TERMS[f][i][c]`: the terms of [`Dice::rank`] that `c` dice showing face `f + 1` add
/// after `i` dice of lower faces, `Σ C(f + i + j, i + j + 1)` over `j` below `c`.
const FACE_TERMS: [[[u16; DICE as usize + 1]; DICE as usize + 1]; 6] = {
    let mut terms = [[[0u16; DICE as usize + 1]; DICE as usize + 1]; 6];
    let mut face = 0;
    while face < 6 {
        let mut below = 0;
        while below <= DICE as usize {
            let mut count = 1;
            while below + count <= DICE as usize {
                let j = count - 1;
                let term = BINOMIAL[face + below + j][below + j + 1] as u16;
                terms[face][below][count] = terms[face][below][j] + term;
                count += 1;
            }
            below += 1;
        }
        face += 1;
    }
    terms
};

/// Up to five dice, as the count of each face (1 to 6): the order they lie in never matters.
/// Packed in a word: four bits a face's count, face 1 lowest, and the number of dice above
/// them (one load, one add a die).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Dice {
    packed: u32,
}

/// Where the number of dice sits in [`Dice::packed`](Dice).
const LEN_SHIFT: u32 = 24;

/// The packed word's one for `face` (1 to 6): its count's lowest bit.
#[inline]
fn one(face: u8) -> u32 {
    1 << (4 * u32::from(face - 1))
}

impl Dice {
    /// No dice.
    pub const NONE: Dice = Dice { packed: 0 };

    /// The dice showing `faces` (each 1 to 6); `None` for a face off the die or more than
    /// [`DICE`] dice.
    #[must_use]
    pub fn of(faces: &[u8]) -> Option<Self> {
        faces
            .iter()
            .try_fold(Self::NONE, |dice, &face| dice.with(face))
    }

    /// How many dice show `face` (1 to 6; 0 for any other).
    #[inline]
    #[must_use]
    pub fn count(&self, face: u8) -> u8 {
        if (1..=6).contains(&face) {
            (self.packed >> (4 * u32::from(face - 1)) & 0xf) as u8
        } else {
            0
        }
    }

    /// The number of dice.
    #[inline]
    #[must_use]
    pub fn len(&self) -> u8 {
        (self.packed >> LEN_SHIFT) as u8
    }

    /// Whether there are no dice.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The sum of the faces.
    #[inline]
    #[must_use]
    pub fn sum(&self) -> u32 {
        (1..=6)
            .map(|face| u32::from(face) * u32::from(self.count(face)))
            .sum()
    }

    /// The face all five dice show, if they do (a Yahtzee).
    #[inline]
    #[must_use]
    pub fn yahtzee(&self) -> Option<u8> {
        // Five of one face: the counts are five in that face's nibble and none elsewhere.
        let counts = self.packed & ((1 << LEN_SHIFT) - 1);
        let low = counts.trailing_zeros() / 4;
        (counts != 0 && counts == u32::from(DICE) << (4 * low)).then_some(low as u8 + 1)
    }

    /// The dice with one more showing `face`; `None` if there are five already or the face
    /// is off the die.
    #[inline]
    #[must_use]
    pub fn with(self, face: u8) -> Option<Self> {
        ((1..=6).contains(&face) && self.len() < DICE).then(|| Self {
            packed: self.packed + one(face) + (1 << LEN_SHIFT),
        })
    }

    /// The dice with one showing `face` left out; `None` if none shows it.
    #[inline]
    #[must_use]
    pub fn without(self, face: u8) -> Option<Self> {
        (self.count(face) > 0).then(|| Self {
            packed: self.packed - one(face) - (1 << LEN_SHIFT),
        })
    }

    /// The faces shown, each once, lowest first.
    #[inline]
    pub fn faces(&self) -> impl Iterator<Item = u8> + '_ {
        (1..=6).filter(|&face| self.count(face) > 0)
    }

    /// The rank of these dice among the [`MULTISETS`] of their size, from 0. The faces in
    /// order, `a₁ ≤ … ≤ aₛ` (0 to 5), are the increasing `bᵢ = aᵢ + i` (i from 0), and
    /// `Σ C(bᵢ, i + 1)` ranks those (the combinatorial number system): one-to-one onto
    /// `0..C(s + 5, 5)`.
    ///
    /// The terms of one face's dice depend only on the face, the dice of lower faces and its
    /// own count: summed once into a table (`FACE_TERMS`), the rank is six look-ups.
    #[inline]
    #[must_use]
    pub fn rank(&self) -> u64 {
        let (mut rank, mut below, mut counts) = (0, 0, self.packed);
        for terms in &FACE_TERMS {
            let count = (counts & 0xf) as usize;
            rank += u64::from(terms[below][count]);
            below += count;
            counts >>= 4;
        }
        rank
    }

    /// The number of these dice in [`every_dice`].
    #[inline]
    pub(super) fn number(&self) -> usize {
        FIRST_OF_SIZE[usize::from(self.len())] + self.rank() as usize
    }

    /// The dice of `size` whose [`rank`](Self::rank) is `rank`; `None` past five dice or the
    /// last rank.
    #[must_use]
    pub fn unrank(size: u8, rank: u64) -> Option<Self> {
        if size > DICE || rank >= MULTISETS[usize::from(size)] {
            return None;
        }
        let (mut dice, mut rank) = (Self::NONE, rank);
        // The largest bᵢ first: the greatest b with C(b, i + 1) ≤ what is left.
        for i in (0..usize::from(size)).rev() {
            let mut b = i;
            while BINOMIAL[b + 1][i + 1] <= rank {
                b += 1;
            }
            rank -= BINOMIAL[b][i + 1];
            dice = dice.with((b - i) as u8 + 1)?;
        }
        Some(dice)
    }
}

impl fmt::Display for Dice {
    /// The faces, lowest first: `11356`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for face in 1..=6 {
            for _ in 0..self.count(face) {
                write!(f, "{face}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_one_to_one_onto_each_size() {
        for size in 0..=DICE {
            for rank in 0..MULTISETS[usize::from(size)] {
                let dice = Dice::unrank(size, rank).expect("a rank below the count");
                assert_eq!((dice.len(), dice.rank()), (size, rank));
            }
            assert_eq!(Dice::unrank(size, MULTISETS[usize::from(size)]), None);
        }
        let every = every_dice();
        assert_eq!(every.len(), FIRST_OF_SIZE[6]);
        assert!(
            every
                .iter()
                .enumerate()
                .all(|(number, dice)| dice.number() == number)
        );
    }

    #[test]
    fn a_yahtzee_is_five_dice_of_one_face() {
        for dice in every_dice() {
            let by_counts = (1..=6).find(|&face| dice.count(face) == DICE);
            assert_eq!(dice.yahtzee(), by_counts, "{dice}");
        }
    }

    #[test]
    fn dice_refuse_what_no_die_shows() {
        assert_eq!(Dice::of(&[0]), None);
        assert_eq!(Dice::of(&[7]), None);
        assert_eq!(Dice::of(&[1; 6]), None);
        let five = Dice::of(&[3; 5]).expect("five threes");
        assert_eq!(
            (five.yahtzee(), five.with(3), five.sum()),
            (Some(3), None, 15)
        );
        assert_eq!(five.without(2), None);
        assert_eq!(five.to_string(), "33333");
    }
}
