use crate::game::{Game, Points, ScoringGame};
use crate::games::prime::PrimeError;
use crate::games::prime::divisors::Sieve;
use crate::games::prime::error::{check_numbers, check_size};
use crate::games::prime::isolated::{alternating_sum, push_search_moves};
use bitvec::prelude::*;
use std::fmt;
use std::sync::Arc;

/// The largest board a [`PrimeGame`] accepts: 2^24 (16,777,216) numbers. The sieve behind a
/// board takes 4 bytes a number, so this bounds a board's memory at 64 MiB.
pub const MAX_N: u32 = 1 << 24;

/// Two independent 64-bit Zobrist codes of a number, derived on the fly (no table of n
/// entries): together a 128-bit key whose collisions are negligible.
fn zobrist(x: u32) -> u128 {
    use crate::game::key::mix64;
    let low = mix64(u64::from(x) ^ 0x9e37_79b9_7f4a_7c15);
    let high = mix64(u64::from(x).wrapping_add(0x3c6e_f372_fe94_f82b));
    u128::from(low) | (u128::from(high) << 64)
}

/// A PrimeGame position on a board of any size up to [`MAX_N`], as a bit vector.
///
/// The divisors of a number come from a smallest-prime-factor sieve built once per board and
/// shared by every position derived from it, so cloning a position copies only the bits.
///
/// # Examples
///
/// ```
/// use gamesolver::{Game, PrimeGame, ScoringGame};
///
/// let mut game = PrimeGame::new(20)?;
/// let points = game.points(20);
/// assert_eq!((points.mover, points.opponent), (20, 1 + 2 + 4 + 5 + 10));
/// game.play(20)?;
/// assert!(game.play(10).is_err()); // 10 went with 20; the board is unchanged
/// assert_eq!(game.len(), 14);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct PrimeGame {
    board: BitVec<u64, Lsb0>,
    remaining: u32,
    key: u128,
    sieve: Arc<Sieve>,
}

impl PrimeGame {
    /// The full board 1..=n.
    ///
    /// # Errors
    ///
    /// [`PrimeError::EmptyBoard`] for n = 0, [`PrimeError::BoardTooLarge`] above [`MAX_N`].
    pub fn new(n: u32) -> Result<Self, PrimeError> {
        let n = check_size(u64::from(n), MAX_N)?;
        Ok(Self {
            board: bitvec![u64, Lsb0; 1; n as usize],
            remaining: n,
            key: (1..=n).fold(0, |key, x| key ^ zobrist(x)),
            sieve: Arc::new(Sieve::new(n)),
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
        game.board.fill(false);
        game.remaining = 0;
        game.key = 0;
        check_numbers(n, numbers, |x| {
            let new = !game.board.replace(x as usize - 1, true);
            if new {
                game.remaining += 1;
                game.key ^= zobrist(x);
            }
            new
        })?;
        Ok(game)
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
        // Indices are below the u32 board size.
        self.board.iter_ones().map(|i| i as u32 + 1)
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

    /// Calls `visit` with each divisor of `x` below `x` that is still on the board.
    pub fn for_each_divisor_on_board(&self, x: u32, mut visit: impl FnMut(u32)) {
        self.sieve.for_each_proper_divisor(x, |d| {
            if self.board[d as usize - 1] {
                visit(d);
            }
        });
    }

    /// Whether no multiple of `x` is left on the board.
    fn has_no_multiple(&self, x: u32) -> bool {
        !(2 * x..=self.size())
            .step_by(x as usize)
            .any(|m| self.contains(m))
    }

    /// Whether `x` has neither a divisor nor a multiple left on the board.
    fn is_isolated(&self, x: u32) -> bool {
        let mut divisor = false;
        self.for_each_divisor_on_board(x, |_| divisor = true);
        !divisor && self.has_no_multiple(x)
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
        let Self {
            board,
            remaining,
            key,
            sieve,
        } = self;
        let mut take = |board: &mut BitSlice<u64>, t: u32| {
            board.set(t as usize - 1, false);
            *remaining -= 1;
            *key ^= zobrist(t);
        };
        take(board, x);
        sieve.for_each_proper_divisor(x, |d| {
            if board[d as usize - 1] {
                take(board, d);
            }
        });
    }

    fn key(&self) -> u128 {
        self.key
    }

    fn is_over(&self) -> bool {
        self.is_empty()
    }

    fn generate_search_moves(&self, out: &mut Vec<u32>) {
        let mut divisors = Vec::new();
        push_search_moves(
            self.numbers().rev(),
            |x| {
                self.has_no_multiple(x).then(|| {
                    divisors.clear();
                    self.for_each_divisor_on_board(x, |d| divisors.push(d));
                    divisors.sort_unstable();
                    divisors.clone()
                })
            },
            out,
        );
    }
}

impl ScoringGame for PrimeGame {
    fn points(&self, x: u32) -> Points {
        let mut opponent = 0u64;
        self.for_each_divisor_on_board(x, |d| opponent += u64::from(d));
        Points {
            mover: u64::from(x),
            opponent,
        }
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
