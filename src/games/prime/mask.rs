//! Fixed-width masks of a board's numbers (bit x - 1 for x), with the divisor and multiple
//! relations of every number they can hold precomputed at compile time.

use crate::game::{KEY_WORDS, TableKey, mix64};
use ethnum::U256;
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXorAssign, Not};

mod sealed {
    pub trait Sealed {}
    impl Sealed for u128 {}
    impl Sealed for ethnum::U256 {}
}

/// A fixed-width set of the numbers 1..=[`CAPACITY`](Self::CAPACITY), the board of a
/// [`MaskPrimeGame`](crate::games::prime::MaskPrimeGame): `u128` for boards up to 128 numbers,
/// [`U256`] up to 256. Sealed: the crate keeps a relation table for each width.
pub trait BoardMask:
    Copy
    + Eq
    + Hash
    + Debug
    + Send
    + Sync
    + TableKey
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + sealed::Sealed
    + 'static
{
    /// The largest number the mask holds.
    const CAPACITY: u32;
    /// No number.
    const EMPTY: Self;
    /// The numbers 1..=n, for n in 1..=`CAPACITY`.
    fn first(n: u32) -> Self;
    /// The number x alone.
    fn bit(x: u32) -> Self;
    /// The divisors of x below x, for x in 1..=`CAPACITY`.
    fn divisors(x: u32) -> Self;
    /// The multiples of x above x up to `CAPACITY`, for x in 1..=`CAPACITY`.
    fn multiples(x: u32) -> Self;
    /// How many numbers the mask holds.
    fn count(self) -> u32;
    /// Removes and returns the smallest number, if any.
    fn pop_smallest(&mut self) -> Option<u32>;
    /// Removes and returns the largest number, if any.
    fn pop_largest(&mut self) -> Option<u32>;
    /// The sum of the numbers.
    fn sum(self) -> i64;
    /// The sum of the numbers of a mask that holds none above `CAPACITY / 2`, such as the
    /// divisors of a number: the low half alone is summed.
    fn sum_of_low_half(self) -> i64;
}

/// Proper divisors and proper multiples of each x in 1..=`MAX` as word pairs (high, low) of a
/// 256-bit mask; a 128-bit mask uses the low words.
const fn relation_words<const MAX: usize>() -> [[[u128; 2]; 257]; 2] {
    let mut relations = [[[0u128; 2]; 257]; 2];
    let mut d = 1;
    while d <= MAX {
        let mut m = 2 * d;
        while m <= MAX {
            let (div_word, div_bit) = (1 - (d - 1) / 128, (d - 1) % 128);
            let (mul_word, mul_bit) = (1 - (m - 1) / 128, (m - 1) % 128);
            relations[0][m][div_word] |= 1 << div_bit;
            relations[1][d][mul_word] |= 1 << mul_bit;
            m += d;
        }
        d += 1;
    }
    relations
}

const fn low_words(words: &[[u128; 2]; 257]) -> [u128; 129] {
    let mut low = [0u128; 129];
    let mut x = 0;
    while x <= 128 {
        low[x] = words[x][1];
        x += 1;
    }
    low
}

const fn wide(words: &[[u128; 2]; 257]) -> [U256; 257] {
    let mut wide = [U256::ZERO; 257];
    let mut x = 0;
    while x <= 256 {
        wide[x] = U256::from_words(words[x][0], words[x][1]);
        x += 1;
    }
    wide
}

static RELATIONS_128: [[[u128; 2]; 257]; 2] = relation_words::<128>();
static RELATIONS_256: [[[u128; 2]; 257]; 2] = relation_words::<256>();
static DIVISORS_128: [u128; 129] = low_words(&RELATIONS_128[0]);
static MULTIPLES_128: [u128; 129] = low_words(&RELATIONS_128[1]);
static DIVISORS_256: [U256; 257] = wide(&RELATIONS_256[0]);
static MULTIPLES_256: [U256; 257] = wide(&RELATIONS_256[1]);

impl BoardMask for u128 {
    const CAPACITY: u32 = 128;
    const EMPTY: Self = 0;
    #[inline]
    fn first(n: u32) -> Self {
        u128::MAX >> (128 - n)
    }
    #[inline]
    fn bit(x: u32) -> Self {
        // From a 64-bit shift, as in `pop_largest`.
        if x <= 64 {
            u128::from(1u64 << (x - 1))
        } else {
            u128::from(1u64 << (x - 65)) << 64
        }
    }
    #[inline]
    fn divisors(x: u32) -> Self {
        DIVISORS_128[x as usize]
    }
    #[inline]
    fn multiples(x: u32) -> Self {
        MULTIPLES_128[x as usize]
    }
    #[inline]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn pop_smallest(&mut self) -> Option<u32> {
        (*self != 0).then(|| {
            let x = self.trailing_zeros() + 1;
            *self &= *self - 1;
            x
        })
    }
    #[inline]
    fn pop_largest(&mut self) -> Option<u32> {
        // On the 64-bit halves: a 128-bit shift by a variable amount costs several times more.
        // Truncations are intended.
        let (mut low, mut high) = (*self as u64, (*self >> 64) as u64);
        let x = if high != 0 {
            let top = 63 - high.leading_zeros();
            high ^= 1 << top;
            top + 65
        } else if low != 0 {
            let top = 63 - low.leading_zeros();
            low ^= 1 << top;
            top + 1
        } else {
            return None;
        };
        *self = u128::from(high) << 64 | u128::from(low);
        Some(x)
    }
    #[inline]
    fn sum(self) -> i64 {
        // Truncations are intended: the two halves.
        let (low, high) = (self as u64, (self >> 64) as u64);
        sum_of_word(low) + sum_of_word(high) + 64 * i64::from(high.count_ones())
    }
    #[inline]
    fn sum_of_low_half(self) -> i64 {
        // Truncation is intended: the caller promises an empty high half.
        sum_of_word(self as u64)
    }
}

/// The sum of the numbers of one 64-bit word (bit i for i + 1).
#[inline]
fn sum_of_word(mut word: u64) -> i64 {
    let mut sum = 0;
    while word != 0 {
        sum += i64::from(word.trailing_zeros() + 1);
        word &= word - 1;
    }
    sum
}

impl BoardMask for U256 {
    const CAPACITY: u32 = 256;
    const EMPTY: Self = U256::ZERO;
    #[inline]
    fn first(n: u32) -> Self {
        U256::MAX >> (256 - n)
    }
    #[inline]
    fn bit(x: u32) -> Self {
        // Two 128-bit shifts: a 256-bit shift by a variable amount costs several times more.
        if x <= 128 {
            U256::from_words(0, u128::bit(x))
        } else {
            U256::from_words(u128::bit(x - 128), 0)
        }
    }
    #[inline]
    fn divisors(x: u32) -> Self {
        DIVISORS_256[x as usize]
    }
    #[inline]
    fn multiples(x: u32) -> Self {
        MULTIPLES_256[x as usize]
    }
    #[inline]
    fn count(self) -> u32 {
        self.count_ones()
    }
    // The word operations below work on the 128-bit halves directly.
    #[inline]
    fn pop_smallest(&mut self) -> Option<u32> {
        let (mut high, mut low) = self.into_words();
        let x = match low.pop_smallest() {
            Some(x) => x,
            None => high.pop_smallest()? + 128,
        };
        *self = U256::from_words(high, low);
        Some(x)
    }
    #[inline]
    fn pop_largest(&mut self) -> Option<u32> {
        let (mut high, mut low) = self.into_words();
        let x = match high.pop_largest() {
            Some(x) => x + 128,
            None => low.pop_largest()?,
        };
        *self = U256::from_words(high, low);
        Some(x)
    }
    #[inline]
    fn sum(self) -> i64 {
        let (high, low) = self.into_words();
        low.sum() + high.sum() + 128 * i64::from(high.count_ones())
    }
    #[inline]
    fn sum_of_low_half(self) -> i64 {
        self.into_words().1.sum()
    }
}

impl TableKey for U256 {
    const WORDS: usize = KEY_WORDS;

    fn hash64(&self) -> u64 {
        let (high, low) = self.into_words();
        low.hash64() ^ mix64(high.hash64())
    }
    fn words(&self) -> Option<[u64; KEY_WORDS]> {
        let (high, low) = self.into_words();
        let ([a, b, ..], [c, d, ..]) = (low.words()?, high.words()?);
        Some([a, b, c, d])
    }
    fn from_words([a, b, c, d]: [u64; KEY_WORDS]) -> Option<Self> {
        let low = u128::from_words([a, b, 0, 0])?;
        let high = u128::from_words([c, d, 0, 0])?;
        Some(U256::from_words(high, low))
    }
}

/// The numbers of a mask: ascending with `next`, descending with `next_back`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ones<M>(pub M);

impl<M: BoardMask> Iterator for Ones<M> {
    type Item = u32;
    fn next(&mut self) -> Option<u32> {
        self.0.pop_smallest()
    }
}

impl<M: BoardMask> DoubleEndedIterator for Ones<M> {
    fn next_back(&mut self) -> Option<u32> {
        self.0.pop_largest()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables against the definition, for both widths.
    fn check_relations<M: BoardMask>() {
        for x in 1..=M::CAPACITY {
            let divisors: Vec<u32> = Ones(M::divisors(x)).collect();
            let multiples: Vec<u32> = Ones(M::multiples(x)).collect();
            assert_eq!(divisors, (1..x).filter(|d| x % d == 0).collect::<Vec<_>>());
            let expected: Vec<u32> = (x + 1..=M::CAPACITY).filter(|m| m % x == 0).collect();
            assert_eq!(multiples, expected);
        }
        assert_eq!(Ones(M::first(5)).rev().collect::<Vec<_>>(), [5, 4, 3, 2, 1]);
        assert_eq!(M::first(M::CAPACITY).count(), M::CAPACITY);
        let all = M::first(M::CAPACITY);
        assert_eq!(all.sum(), Ones(all).map(i64::from).sum::<i64>());
        assert_eq!(M::bit(M::CAPACITY).sum(), i64::from(M::CAPACITY));
        let low_half = M::first(M::CAPACITY / 2);
        assert_eq!(low_half.sum_of_low_half(), low_half.sum());
        for x in 1..=M::CAPACITY {
            assert_eq!(M::divisors(x).sum_of_low_half(), M::divisors(x).sum());
        }
    }

    #[test]
    fn relation_tables_match_the_definition() {
        check_relations::<u128>();
        check_relations::<U256>();
    }
}
