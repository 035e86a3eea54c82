//! `MaskPrimeGame`: PrimeGame on a fixed-width board (`SmallPrimeGame` up to 128 numbers,
//! `WidePrimeGame` up to 256), several times cheaper a node than `PrimeGame`.

use crate::game::{CheckedPlay, Game, Points, ScoringGame};
use crate::games::prime::bounds::value_range;
use crate::games::prime::error::{check_numbers, check_size};
use crate::games::prime::isolated::alternating_sum;
use crate::games::prime::mask::{BoardMask, Ones};
use crate::games::prime::{PrimeError, PrimeGame};
use ethnum::U256;
use std::fmt;
use std::ops::RangeInclusive;

/// The largest board a [`SmallPrimeGame`] holds.
pub const SMALL_MAX_N: u32 = 128;

/// The largest board a [`WidePrimeGame`] holds.
pub const WIDE_MAX_N: u32 = 256;

/// A PrimeGame position as one fixed-width mask of the numbers left: the fast path for exact
/// solving. Same rules and moves as [`PrimeGame`]; a move is a few mask operations, and the
/// key is the mask itself.
///
/// Use it through its two widths: [`SmallPrimeGame`] (n <= 128) and [`WidePrimeGame`]
/// (n <= 256, the contest's boards).
///
/// # Examples
///
/// ```
/// use gamesolver::{CheckedPlay, Game, ScoringGame};
/// use gamesolver::games::prime::{SmallPrimeGame, WidePrimeGame};
///
/// let mut game = SmallPrimeGame::new(20)?;
/// assert_eq!(game.points(20).opponent, 1 + 2 + 4 + 5 + 10);
/// game.play(19)?;
/// assert!(game.play(1).is_err()); // 1 went with 19
/// assert_eq!(game.to_string(), "2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 20");
///
/// let contest = WidePrimeGame::new(200)?;
/// assert_eq!(contest.points(200).opponent, 265); // 1+2+4+5+8+10+20+25+40+50+100
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MaskPrimeGame<M> {
    board: M,
    n: u32,
}

/// A PrimeGame position of at most [`SMALL_MAX_N`] (128) numbers, in a `u128`.
pub type SmallPrimeGame = MaskPrimeGame<u128>;

/// A PrimeGame position of at most [`WIDE_MAX_N`] (256) numbers, in a [`U256`].
pub type WidePrimeGame = MaskPrimeGame<U256>;

impl<M: BoardMask> MaskPrimeGame<M> {
    /// The full board 1..=n.
    ///
    /// # Errors
    ///
    /// [`PrimeError::EmptyBoard`] for n = 0, [`PrimeError::BoardTooLarge`] for n above the
    /// mask's width (128 or 256).
    pub fn new(n: u32) -> Result<Self, PrimeError> {
        let n = check_size(u64::from(n), M::CAPACITY)?;
        Ok(Self {
            board: M::first(n),
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
        game.board = M::EMPTY;
        check_numbers(game.n, numbers, |x| {
            let new = !game.contains(x);
            game.board |= M::bit(x);
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
    pub fn mask(&self) -> M {
        self.board
    }

    /// Whether `x` is still on the board.
    #[must_use]
    pub fn contains(&self, x: u32) -> bool {
        (1..=self.n).contains(&x) && self.board & M::bit(x) != M::EMPTY
    }

    /// The numbers left, ascending.
    pub fn numbers(&self) -> impl DoubleEndedIterator<Item = u32> + use<M> {
        Ones(self.board)
    }

    /// How many numbers are left.
    #[must_use]
    pub fn len(&self) -> u32 {
        self.board.count()
    }

    /// Whether the board is empty (the game is over).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.board == M::EMPTY
    }

    /// The sum of x's divisors below x on the board.
    fn divisor_sum(&self, x: u32) -> i64 {
        // A proper divisor is at most half the capacity.
        (self.board & M::divisors(x)).sum_of_low_half()
    }

    /// The move of largest margin, the largest number among equals, and its margin. Largest
    /// numbers first: a margin is at most its number, so the scan stops at the first number no
    /// larger than the best margin found.
    fn best_margin(&self) -> Option<(u32, i64)> {
        let mut best: Option<(u32, i64)> = None;
        for x in Ones(self.board).rev() {
            let number = i64::from(x);
            if best.is_some_and(|(_, margin)| number <= margin) {
                break;
            }
            let margin = number - self.divisor_sum(x);
            if best.is_none_or(|(_, best)| margin > best) {
                best = Some((x, margin));
            }
        }
        best
    }

    fn is_isolated(&self, x: u32) -> bool {
        (M::divisors(x) | M::multiples(x)) & self.board == M::EMPTY
    }

    /// The moves a search has to try, largest first, down to `threshold` exclusive: of the
    /// numbers with no multiple left, only the largest of each divisor set (see `isolated`).
    ///
    /// # Examples
    ///
    /// ```
    /// use gamesolver::games::prime::SmallPrimeGame;
    ///
    /// let game = SmallPrimeGame::new(10)?;
    /// let mut moves = Vec::new();
    /// game.search_moves(5, &mut moves); // a margin is at most its number
    /// assert_eq!(moves, [10, 9, 8, 7, 6]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn search_moves(&self, threshold: i64, out: &mut Vec<u32>) {
        // This runs at every node, so the divisor sets already kept are tracked cheaply: sets
        // of at most one number in two masks, a few larger sets in a short list. A set that
        // does not fit is simply not deduplicated: keeping a move is always sound.
        let mut empty_kept = false;
        let mut singles_kept = M::EMPTY;
        let mut larger_kept = [M::EMPTY; 8];
        let mut larger_count = 0;
        for x in Ones(self.board).rev() {
            if i64::from(x) <= threshold {
                break;
            }
            if M::multiples(x) & self.board != M::EMPTY {
                out.push(x);
                continue;
            }
            let divisors = M::divisors(x) & self.board;
            let kept = match divisors.count() {
                0 => std::mem::replace(&mut empty_kept, true),
                1 => {
                    let kept = singles_kept & divisors != M::EMPTY;
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

impl<M: BoardMask> Game for MaskPrimeGame<M> {
    type Move = u32;
    type Key = M;
    // Every mask keys a board by the same words: results of one serve the others.
    const NAME: &'static str = "prime game";

    fn generate_moves(&self, out: &mut Vec<u32>) {
        out.extend(Ones(self.board));
    }

    /// The rules' own check, cheaper than listing the moves (and the same).
    #[inline]
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.check_move(mv).is_ok()
    }

    fn play_unchecked(&mut self, x: u32) {
        self.board &= !(M::bit(x) | M::divisors(x));
    }

    fn key(&self) -> M {
        self.board
    }

    fn is_over(&self) -> bool {
        self.is_empty()
    }
}

impl<M: BoardMask> CheckedPlay for MaskPrimeGame<M> {
    type Error = PrimeError;
    fn check_move(&self, x: u32) -> Result<(), PrimeError> {
        if self.contains(x) {
            Ok(())
        } else {
            Err(PrimeError::NotOnBoard { number: x })
        }
    }
}

impl<M: BoardMask> ScoringGame for MaskPrimeGame<M> {
    fn points(&self, x: u32) -> Points {
        Points {
            mover: u64::from(x),
            opponent: self.divisor_sum(x).unsigned_abs(),
        }
    }
}

/// What the search may use of a board: [`PrimeKnowledge`](crate::games::prime::PrimeKnowledge)
/// asks these.
impl<M: BoardMask> MaskPrimeGame<M> {
    /// Proven bounds on the value (see `bounds`): the mover never loses, nor gains more than
    /// the largest margin.
    ///
    /// # Examples
    ///
    /// ```
    /// use gamesolver::games::prime::SmallPrimeGame;
    ///
    /// let game = SmallPrimeGame::new(10)?;
    /// assert_eq!(game.value_bounds(), 0..=6); // taking 7 hands over only 1
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn value_bounds(&self) -> RangeInclusive<i64> {
        self.bounds_and_best_move().0
    }

    /// [`value_bounds`](Self::value_bounds), and the move of largest margin (the largest
    /// number among equals), found on the way.
    #[must_use]
    pub fn bounds_and_best_move(&self) -> (RangeInclusive<i64>, Option<u32>) {
        let best = self.best_margin();
        (
            value_range(best.map(|(_, margin)| margin)),
            best.map(|(x, _)| x),
        )
    }

    /// The exact value once every number left is isolated (the alternating sum), else `None`.
    #[must_use]
    pub fn known_value(&self) -> Option<i64> {
        // 1 divides everything, so a board with 1 and anything else has a non-isolated number.
        if self.contains(1) && self.len() > 1 {
            return None;
        }
        Ones(self.board)
            .all(|x| self.is_isolated(x))
            .then(|| alternating_sum(Ones(self.board).rev()))
    }
}

impl<M: BoardMask> From<MaskPrimeGame<M>> for PrimeGame {
    fn from(small: MaskPrimeGame<M>) -> Self {
        PrimeGame::from_numbers(small.n, small.numbers().map(u64::from))
            .expect("a small board is a valid board")
    }
}

impl<M: BoardMask> TryFrom<&PrimeGame> for MaskPrimeGame<M> {
    type Error = PrimeError;

    fn try_from(game: &PrimeGame) -> Result<Self, PrimeError> {
        Self::from_numbers(game.size(), game.numbers().map(u64::from))
    }
}

impl<M: BoardMask> fmt::Display for MaskPrimeGame<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::games::prime::board::write_numbers(f, self.numbers())
    }
}
