use crate::game::{Game, Points, ScoringGame};
use crate::games::prime::bounds::value_range;
use crate::games::prime::error::{check_numbers, check_size};
use crate::games::prime::isolated::alternating_sum;
use crate::games::prime::{PrimeError, PrimeGame};
use std::fmt;
use std::ops::RangeInclusive;

/// The largest board a [`SmallPrimeGame`] holds.
pub const SMALL_MAX_N: u32 = 128;

/// Proper divisors and proper multiples of each x in 1..=128 as masks (bit x - 1 for x).
const fn relation_masks() -> ([u128; 129], [u128; 129]) {
    let mut divisors = [0u128; 129];
    let mut multiples = [0u128; 129];
    let mut d = 1;
    while d <= 128 {
        let mut m = 2 * d;
        while m <= 128 {
            divisors[m] |= 1 << (d - 1);
            multiples[d] |= 1 << (m - 1);
            m += d;
        }
        d += 1;
    }
    (divisors, multiples)
}

const RELATIONS: ([u128; 129], [u128; 129]) = relation_masks();
static DIVISORS: [u128; 129] = RELATIONS.0;
static MULTIPLES: [u128; 129] = RELATIONS.1;

/// A PrimeGame position on a board of at most 128 numbers, as one 128-bit mask: the fast path
/// for exact solving. Same rules and moves as [`PrimeGame`].
///
/// # Examples
///
/// ```
/// use gamesolver::{Game, ScoringGame, SmallPrimeGame};
///
/// let mut game = SmallPrimeGame::new(20)?;
/// assert_eq!(game.points(20).opponent, 1 + 2 + 4 + 5 + 10);
/// game.play(19)?;
/// assert!(game.play(1).is_err()); // 1 went with 19
/// assert_eq!(game.to_string(), "2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 20");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SmallPrimeGame {
    board: u128,
    n: u32,
}

/// The numbers of a mask: ascending with `next`, descending with `next_back`.
#[derive(Debug, Clone, Copy)]
struct Ones(u128);

impl Iterator for Ones {
    type Item = u32;
    fn next(&mut self) -> Option<u32> {
        (self.0 != 0).then(|| {
            let x = self.0.trailing_zeros() + 1;
            self.0 &= self.0 - 1;
            x
        })
    }
}

impl DoubleEndedIterator for Ones {
    fn next_back(&mut self) -> Option<u32> {
        (self.0 != 0).then(|| {
            let x = 128 - self.0.leading_zeros();
            self.0 ^= 1 << (x - 1);
            x
        })
    }
}

const fn bit(x: u32) -> u128 {
    1 << (x - 1)
}

impl SmallPrimeGame {
    /// The full board 1..=n.
    ///
    /// # Errors
    ///
    /// [`PrimeError::EmptyBoard`] for n = 0, [`PrimeError::BoardTooLarge`] for n > 128.
    pub fn new(n: u32) -> Result<Self, PrimeError> {
        let n = check_size(u64::from(n), SMALL_MAX_N)?;
        Ok(Self {
            board: u128::MAX >> (128 - n),
            n,
        })
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
        let mut game = Self::new(n)?;
        game.board = 0;
        check_numbers(game.n, numbers, |x| {
            let new = game.board & bit(x) == 0;
            game.board |= bit(x);
            new
        })?;
        Ok(game)
    }

    /// The board size n.
    #[must_use]
    pub fn size(&self) -> u32 {
        self.n
    }

    /// The board as a mask, bit x - 1 for number x.
    #[must_use]
    pub fn mask(&self) -> u128 {
        self.board
    }

    /// Whether `x` is still on the board.
    #[must_use]
    pub fn contains(&self, x: u32) -> bool {
        (1..=SMALL_MAX_N).contains(&x) && self.board & bit(x) != 0
    }

    /// The numbers left, ascending.
    pub fn numbers(&self) -> impl DoubleEndedIterator<Item = u32> + use<> {
        Ones(self.board)
    }

    /// How many numbers are left.
    #[must_use]
    pub fn len(&self) -> u32 {
        self.board.count_ones()
    }

    /// Whether the board is empty (the game is over).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.board == 0
    }

    /// The sum of x's divisors below x on the board.
    fn divisor_sum(&self, x: u32) -> i64 {
        Ones(self.board & DIVISORS[x as usize]).map(i64::from).sum()
    }

    fn is_isolated(&self, x: u32) -> bool {
        let x = x as usize;
        (DIVISORS[x] | MULTIPLES[x]) & self.board == 0
    }
}

impl Game for SmallPrimeGame {
    type Move = u32;
    type Key = u128;
    type Error = PrimeError;

    fn generate_moves(&self, out: &mut Vec<u32>) {
        out.extend(Ones(self.board));
    }

    fn check_move(&self, x: u32) -> Result<(), PrimeError> {
        if self.contains(x) {
            Ok(())
        } else {
            Err(PrimeError::NotOnBoard { number: x })
        }
    }

    fn play_unchecked(&mut self, x: u32) {
        self.board &= !(bit(x) | DIVISORS[x as usize]);
    }

    fn key(&self) -> u128 {
        self.board
    }

    fn is_over(&self) -> bool {
        self.is_empty()
    }

    fn generate_search_moves(&self, out: &mut Vec<u32>) {
        // This runs at every node, so the divisor sets already kept are tracked cheaply: sets
        // of at most one number in two masks, a few larger sets in a short list. A set that
        // does not fit is simply not deduplicated: keeping a move is always sound.
        let mut empty_kept = false;
        let mut singles_kept = 0u128;
        let mut larger_kept = [0u128; 8];
        let mut larger_count = 0;
        for x in Ones(self.board).rev() {
            let x_index = x as usize;
            if MULTIPLES[x_index] & self.board != 0 {
                out.push(x);
                continue;
            }
            let divisors = DIVISORS[x_index] & self.board;
            let kept = match divisors.count_ones() {
                0 => std::mem::replace(&mut empty_kept, true),
                1 => {
                    let kept = singles_kept & divisors != 0;
                    singles_kept |= divisors;
                    kept
                }
                _ if larger_kept[..larger_count].contains(&divisors) => true,
                _ => {
                    if larger_count < larger_kept.len() {
                        larger_kept[larger_count] = divisors;
                        larger_count += 1;
                    }
                    false
                }
            };
            if !kept {
                out.push(x);
            }
        }
    }
}

impl ScoringGame for SmallPrimeGame {
    fn points(&self, x: u32) -> Points {
        Points {
            mover: u64::from(x),
            opponent: self.divisor_sum(x).unsigned_abs(),
        }
    }

    fn value_bounds(&self) -> Option<RangeInclusive<i64>> {
        // Largest first: a margin is at most its number, so the scan stops at the first number
        // no larger than the best margin found.
        let mut best: Option<i64> = None;
        for x in Ones(self.board).rev() {
            let number = i64::from(x);
            if best.is_some_and(|best| number <= best) {
                break;
            }
            let margin = number - self.divisor_sum(x);
            best = Some(best.map_or(margin, |best| best.max(margin)));
        }
        Some(value_range(best))
    }

    fn known_value(&self) -> Option<i64> {
        // 1 divides everything, so a board with 1 and anything else has a non-isolated number.
        if self.board & 1 != 0 && self.board != 1 {
            return None;
        }
        Ones(self.board)
            .all(|x| self.is_isolated(x))
            .then(|| alternating_sum(Ones(self.board).rev()))
    }
}

impl From<SmallPrimeGame> for PrimeGame {
    fn from(small: SmallPrimeGame) -> Self {
        PrimeGame::from_numbers(small.n, small.numbers().map(u64::from))
            .expect("a small board is a valid board")
    }
}

impl TryFrom<&PrimeGame> for SmallPrimeGame {
    type Error = PrimeError;

    fn try_from(game: &PrimeGame) -> Result<Self, PrimeError> {
        Self::from_numbers(game.size(), game.numbers().map(u64::from))
    }
}

impl fmt::Display for SmallPrimeGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::games::prime::board::write_numbers(f, self.numbers())
    }
}
