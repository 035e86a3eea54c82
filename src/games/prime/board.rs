use crate::game::{Game, Points, ScoringGame};
use crate::games::prime::PrimeError;
use crate::games::prime::bounds::value_range;
use crate::games::prime::divisors::Sieve;
use crate::games::prime::error::{check_numbers, check_size};
use crate::games::prime::isolated::alternating_sum;
use crate::games::prime::max_tree::MaxTree;
use bitvec::prelude::*;
use std::fmt;
use std::ops::RangeInclusive;
use std::sync::Arc;

/// The largest board a [`PrimeGame`] accepts: 2^24 (16,777,216) numbers.
///
/// A board takes about 50 bytes a number, its largest number setting the size whatever how
/// few numbers are on it: the gains (8 bytes), divisor and multiple counts (4 + 4), the max tree
/// (16) and the shared sieve (4), plus the work of building them. Measured peak: 57 MB at 2^20,
/// 889 MB and 6 s at 2^24. A search holds one copy of the position a ply.
pub const MAX_N: u32 = 1 << 24;

/// Two independent 64-bit Zobrist codes of a number, derived on the fly (no table of n
/// entries): together a 128-bit key whose collisions are negligible.
fn zobrist(x: u32) -> u128 {
    use crate::game::key::mix64;
    let low = mix64(u64::from(x) ^ 0x9e37_79b9_7f4a_7c15);
    let high = mix64(u64::from(x).wrapping_add(0x3c6e_f372_fe94_f82b));
    u128::from(low) | (u128::from(high) << 64)
}

/// A PrimeGame position on a board of any size up to [`MAX_N`], as a bit vector with
/// incremental state for fast play on large boards.
///
/// Besides the board it keeps, for every number, its *gain* (the number minus its divisors
/// still on the board: the margin of taking it), how many of its divisors and multiples are
/// left, and a max tree over the gains. When a number d leaves, every multiple of d gains d.
/// So the points of a move, the greedy move and whether a number is isolated are all O(1) or
/// O(log n), and a whole game costs O(n log n) updates. The divisors of a number come from a
/// smallest-prime-factor sieve built once per board size and shared by every position derived
/// from it.
///
/// # Examples
///
/// ```
/// use gamesolver::{Game, PrimeGame, ScoringGame};
///
/// let mut game = PrimeGame::new(20)?;
/// let points = game.points(20);
/// assert_eq!((points.mover, points.opponent), (20, 1 + 2 + 4 + 5 + 10));
/// assert_eq!(game.gain(20), Some(20 - 22));
/// assert_eq!(game.greedy_move(), Some(19)); // 19 - 1 is the largest gain
/// game.play(20)?;
/// assert!(game.play(10).is_err()); // 10 went with 20; the board is unchanged
/// assert_eq!(game.len(), 14);
/// assert_eq!(game.gain(15), Some(15 - 3)); // 1 and 5 are gone
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct PrimeGame {
    board: BitVec<u64, Lsb0>,
    remaining: u32,
    key: u128,
    sieve: Arc<Sieve>,
    /// Indexed by number (index 0 unused): x minus the sum of its divisors on the board.
    gains: Vec<i64>,
    /// Indexed by number: how many of its proper divisors are on the board.
    divisors_left: Vec<u32>,
    /// Indexed by number: how many of its proper multiples are on the board.
    multiples_left: Vec<u32>,
    best: MaxTree,
}

impl PrimeGame {
    /// The full board 1..=n.
    ///
    /// # Errors
    ///
    /// [`PrimeError::EmptyBoard`] for n = 0, [`PrimeError::BoardTooLarge`] above [`MAX_N`].
    pub fn new(n: u32) -> Result<Self, PrimeError> {
        let n = check_size(u64::from(n), MAX_N)?;
        Ok(Self::with_board(n, bitvec![u64, Lsb0; 1; n as usize]))
    }

    /// A position on the board 1..=n holding exactly `numbers`, in any order.
    ///
    /// # Errors
    ///
    /// As [`new`](Self::new), and [`PrimeError::OutOfRange`] or [`PrimeError::Repeated`] for a
    /// number outside 1..=n or given twice.
    pub fn from_numbers(
        n: u32,
        numbers: impl IntoIterator<Item = u64>,
    ) -> Result<Self, PrimeError> {
        let n = check_size(u64::from(n), MAX_N)?;
        let mut board = bitvec![u64, Lsb0; 0; n as usize];
        check_numbers(n, numbers, |x| !board.replace(x as usize - 1, true))?;
        Ok(Self::with_board(n, board))
    }

    /// Builds the incremental state of a board by one harmonic sweep, O(n log n).
    fn with_board(n: u32, board: BitVec<u64, Lsb0>) -> Self {
        let len = n as usize + 1;
        let on = |x: usize| board[x - 1];
        let mut gains: Vec<i64> = (0..len as i64).collect();
        let mut divisors_left = vec![0u32; len];
        let mut multiples_left = vec![0u32; len];
        for d in (1..len).filter(|&d| on(d)) {
            for m in (2 * d..len).step_by(d).filter(|&m| on(m)) {
                gains[m] -= d as i64;
                divisors_left[m] += 1;
                multiples_left[d] += 1;
            }
        }
        let best = MaxTree::new((0..len).map(|x| {
            if x > 0 && on(x) {
                MaxTree::key(x as u32, gains[x])
            } else {
                MaxTree::ABSENT
            }
        }));
        Self {
            remaining: board.count_ones() as u32,
            key: board
                .iter_ones()
                .fold(0, |key, i| key ^ zobrist(i as u32 + 1)),
            board,
            sieve: Arc::new(Sieve::new(n)),
            gains,
            divisors_left,
            multiples_left,
            best,
        }
    }

    /// The board size n.
    #[must_use]
    pub fn size(&self) -> u32 {
        // The board was built from a u32 size.
        self.board.len() as u32
    }

    /// Whether `x` is still on the board.
    #[must_use]
    pub fn contains(&self, x: u32) -> bool {
        x >= 1 && self.board.get(x as usize - 1).is_some_and(|bit| *bit)
    }

    /// The numbers left, ascending.
    pub fn numbers(&self) -> impl DoubleEndedIterator<Item = u32> + '_ {
        // Word by word with trailing_zeros: several times faster than a bit iterator, and
        // this runs at every node of a search.
        let len = self.board.len();
        self.board
            .as_raw_slice()
            .iter()
            .enumerate()
            .flat_map(|(w, &word)| Ones64 { word, base: w * 64 })
            .filter(move |&i| i < len)
            .map(|i| i as u32 + 1)
    }

    /// How many numbers are left.
    #[must_use]
    pub fn len(&self) -> u32 {
        self.remaining
    }

    /// Whether the board is empty (the game is over).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.remaining == 0
    }

    /// The gain of taking `x`: x minus its divisors on the board (the move's margin), or
    /// `None` if `x` is not on the board.
    #[must_use]
    pub fn gain(&self, x: u32) -> Option<i64> {
        self.contains(x).then(|| self.gains[x as usize])
    }

    /// The greedy move: the largest gain, ties to the larger number. O(1).
    #[must_use]
    pub fn greedy_move(&self) -> Option<u32> {
        self.best.top()
    }

    /// How many divisors of `x` below `x` are on the board (0 if `x` is not).
    #[must_use]
    pub fn divisors_left(&self, x: u32) -> u32 {
        if self.contains(x) {
            self.divisors_left[x as usize]
        } else {
            0
        }
    }

    /// How many multiples of `x` above `x` are on the board (0 if `x` is not).
    #[must_use]
    pub fn multiples_left(&self, x: u32) -> u32 {
        if self.contains(x) {
            self.multiples_left[x as usize]
        } else {
            0
        }
    }

    /// Calls `visit` with each divisor of `x` below `x` that is still on the board (none for
    /// an `x` outside 1..=n).
    pub fn for_each_divisor_on_board(&self, x: u32, mut visit: impl FnMut(u32)) {
        if !(1..=self.size()).contains(&x) {
            return;
        }
        self.sieve.for_each_proper_divisor(x, |d| {
            if self.board[d as usize - 1] {
                visit(d);
            }
        });
    }

    /// Whether `x` is a prime (whether or not it is on the board; false outside 2..=n).
    #[must_use]
    pub fn is_prime(&self, x: u32) -> bool {
        x >= 2 && x <= self.size() && self.sieve.is_prime(x)
    }

    /// Whether `x` is on the board with neither a divisor nor a multiple left: a pure point
    /// move.
    #[must_use]
    pub fn is_isolated(&self, x: u32) -> bool {
        self.contains(x) && self.divisors_left(x) == 0 && self.multiples_left(x) == 0
    }

    /// Takes `r` off the board and updates the state of its divisors and multiples.
    fn remove(&mut self, sieve: &Sieve, r: u32) {
        self.board.set(r as usize - 1, false);
        self.remaining -= 1;
        self.key ^= zobrist(r);
        self.best.set(r, MaxTree::ABSENT);
        sieve.for_each_proper_divisor(r, |d| {
            if self.board[d as usize - 1] {
                self.multiples_left[d as usize] -= 1;
            }
        });
        // Every multiple still on the board loses the divisor r: it gains r.
        for m in (2 * r..=self.size()).step_by(r as usize) {
            if self.board[m as usize - 1] {
                let m_index = m as usize;
                self.gains[m_index] += i64::from(r);
                self.divisors_left[m_index] -= 1;
                self.best.set(m, MaxTree::key(m, self.gains[m_index]));
            }
        }
    }
}

impl Game for PrimeGame {
    type Move = u32;
    type Key = u128;
    type Error = PrimeError;

    fn generate_moves(&self, out: &mut Vec<u32>) {
        out.extend(self.numbers());
    }

    fn check_move(&self, x: u32) -> Result<(), PrimeError> {
        if self.contains(x) {
            Ok(())
        } else {
            Err(PrimeError::NotOnBoard { number: x })
        }
    }

    fn play_unchecked(&mut self, x: u32) {
        let sieve = Arc::clone(&self.sieve);
        self.remove(&sieve, x);
        sieve.for_each_proper_divisor(x, |d| {
            if self.board[d as usize - 1] {
                self.remove(&sieve, d);
            }
        });
    }

    fn key(&self) -> u128 {
        self.key
    }

    fn key_after(&self, x: u32) -> u128 {
        let mut key = self.key ^ zobrist(x);
        self.for_each_divisor_on_board(x, |d| key ^= zobrist(d));
        key
    }

    fn is_over(&self) -> bool {
        self.is_empty()
    }

    fn generate_search_moves(&self, out: &mut Vec<u32>) {
        // Proven reduction: of the isolated numbers only the largest (see `isolated`).
        let mut largest_isolated = None;
        for x in self.numbers() {
            if self.is_isolated(x) {
                largest_isolated = Some(x);
            } else {
                out.push(x);
            }
        }
        out.extend(largest_isolated);
    }
}

impl ScoringGame for PrimeGame {
    fn points(&self, x: u32) -> Points {
        let gain = self.gains[x as usize];
        Points {
            mover: u64::from(x),
            // The divisors on the board sum to x - gain >= 0.
            opponent: (i64::from(x) - gain) as u64,
        }
    }

    fn margin(&self, x: u32) -> i64 {
        self.gains[x as usize]
    }

    fn value_bounds(&self) -> Option<RangeInclusive<i64>> {
        // The greedy move is the one with the largest margin.
        Some(value_range(self.greedy_move().and_then(|x| self.gain(x))))
    }

    fn known_value(&self) -> Option<i64> {
        if self.contains(1) && self.remaining > 1 {
            return None;
        }
        self.numbers()
            .all(|x| self.is_isolated(x))
            .then(|| alternating_sum(self.numbers().rev()))
    }
}

/// The set bits of a word, as indices offset by `base`, from either end.
struct Ones64 {
    word: u64,
    base: usize,
}

impl Iterator for Ones64 {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        (self.word != 0).then(|| {
            let bit = self.word.trailing_zeros() as usize;
            self.word &= self.word - 1;
            self.base + bit
        })
    }
}

impl DoubleEndedIterator for Ones64 {
    fn next_back(&mut self) -> Option<usize> {
        (self.word != 0).then(|| {
            let bit = 63 - self.word.leading_zeros() as usize;
            self.word ^= 1 << bit;
            self.base + bit
        })
    }
}

/// Writes numbers separated by single spaces.
pub(crate) fn write_numbers(
    f: &mut fmt::Formatter<'_>,
    numbers: impl Iterator<Item = u32>,
) -> fmt::Result {
    for (i, x) in numbers.enumerate() {
        if i > 0 {
            f.write_str(" ")?;
        }
        write!(f, "{x}")?;
    }
    Ok(())
}

impl fmt::Display for PrimeGame {
    /// The numbers left, ascending, separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_numbers(f, self.numbers())
    }
}

impl fmt::Debug for PrimeGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PrimeGame")
            .field("n", &self.size())
            .field("numbers", &format_args!("{self}"))
            .finish()
    }
}

impl PartialEq for PrimeGame {
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board
    }
}

impl Eq for PrimeGame {}

impl std::hash::Hash for PrimeGame {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.board.hash(state);
    }
}
