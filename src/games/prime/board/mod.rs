//! `PrimeGame`, the board of any size: the numbers left as a bitset with incremental gains,
//! its rules (`Game`, `ScoringGame`) and constructors.

use crate::game::{CheckedPlay, Game, Points, ScoringGame};
use crate::games::prime::PrimeError;
use crate::games::prime::bounds::value_range;
use crate::games::prime::divisors::Sieve;
use crate::games::prime::error::{check_numbers, check_size};
use crate::games::prime::isolated::alternating_sum;
use crate::games::prime::max_tree::MaxTree;
use bitvec::prelude::*;
use std::cell::RefCell;
use std::collections::BinaryHeap;
use std::fmt;
use std::ops::RangeInclusive;
use std::sync::Arc;

mod live;
mod update;

/// The largest board a [`PrimeGame`] accepts: 2^24 (16,777,216) numbers.
///
/// Its largest number sets the size of a board's arrays, but memory the system hands out
/// zeroed is only paid for where it is written. A full board writes about 13 bytes a number
/// at first (the list of numbers and their places, the shared sieve, the board's bits): peaks
/// of 15 MB at 2^20 and 209 MB at 2^24, built in 0.06 s and 0.9 s. The gains and multiple
/// counts add up to 16 bytes a live number, every number once the floor has come down late in
/// a game. The search plays and takes back moves on one position.
pub const MAX_N: u32 = 1 << 24;

/// The buffers of a board's best-move queries, kept between calls (the search asks at every
/// node): the keys found and the max tree's nodes left for later. A copy of the board starts
/// with empty ones.
#[derive(Debug, Default)]
pub(super) struct Scratch {
    keys: Vec<i64>,
    open: BinaryHeap<(i64, usize)>,
}

impl Clone for Scratch {
    fn clone(&self) -> Self {
        Self::default()
    }
}

/// Boards of more numbers (the largest) than this are searched by make/unmake, smaller ones
/// by copy-make.
const UNDO_FROM_SIZE: u32 = 2048;

/// Two independent 64-bit Zobrist codes of a number, derived on the fly (no table of n
/// entries): together a 128-bit key whose collisions are negligible.
fn zobrist(x: u32) -> u128 {
    use crate::game::mix64;
    let low = mix64(u64::from(x) ^ 0x9e37_79b9_7f4a_7c15);
    let high = mix64(u64::from(x).wrapping_add(0x3c6e_f372_fe94_f82b));
    u128::from(low) | (u128::from(high) << 64)
}

/// A PrimeGame position on a board of any size up to [`MAX_N`], as a bit vector with
/// incremental state for fast play on large boards.
///
/// Besides the board it keeps the *gains* of numbers (a number minus its divisors still on the
/// board: the margin of taking it) in a max tree, and how many multiples each has left. When a
/// number d leaves, every multiple of d gains d. So the points of a move, the greedy move, the
/// k best moves and whether a number is isolated are O(1) to O(k log n), and a move costs the
/// updates it causes, never the size of the board:
///
/// - the number 1, a divisor of everything, is kept apart: while it is on the board every
///   other gain is one less than stored, which shifts the whole max tree alike, so 1 leaving
///   costs O(1) instead of n updates;
/// - on a board of more than 2^15 numbers only the *live* numbers, those from a floor up to n,
///   are kept in the tree: the floor stays low enough that at least 64 numbers with a divisor
///   or a multiple on the board have gains above it, and it is lowered (never raised) when
///   that fails. No number below the floor can gain as much as it is (a gain is at most the
///   number), so the best moves and the evaluation come from the tree alone, and a number
///   leaving updates only its live multiples: a few dozen instead of n / d. Gains below the
///   floor are computed from the divisors when asked for;
/// - the multiples of a leaving number are found by stepping through them or, when the board
///   holds fewer numbers than that, by scanning a list of the numbers on the board, so a
///   sparse board (a few numbers, a large maximum) pays for its numbers, not its maximum;
/// - moves are taken back ([`Game::undo_unchecked`]) from a log of what each move removed, so
///   the search plays on one position instead of copying it.
///
/// The divisors of a number come from a smallest-prime-factor sieve built once per board size
/// and shared by every position derived from it.
///
/// # Examples
///
/// ```
/// use gamesolver::{CheckedPlay, Game, ScoringGame};
/// use gamesolver::games::prime::PrimeGame;
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
/// assert_eq!(game.undo(), Some(20)); // and back
/// assert_eq!(game, PrimeGame::new(20)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct PrimeGame {
    board: BitVec<u64, Lsb0>,
    remaining: u32,
    key: u128,
    sieve: Arc<Sieve>,
    /// The gains of the live numbers (from `floor` on), by number, in a max tree: x minus the
    /// sum of its divisors on the board other than 1. The gain is one less while 1 is on the
    /// board; 1's own is stored as 2 then, so all are shifted alike. A stored gain equal to x
    /// means no divisor but 1 is left.
    best: MaxTree,
    /// The smallest live number; 1 when every number is live (boards up to 2^15).
    floor: u32,
    /// Indexed by live number (from 2): how many of its proper multiples are on the board.
    multiples_left: Vec<u32>,
    /// With every number live: the sum of d over every pair d | m (2 <= d < m) of numbers on
    /// the board. When it is 0 and 1 is gone, every number is isolated and the value is known.
    relation_mass: u64,
    /// With a floor: how many live numbers from 2 have a stored gain at or above the floor and
    /// a divisor other than 1 or a multiple on the board (kept at least `LIVE_LINKED`).
    strong: u32,
    /// The numbers on the board, in no order, and each one's place in it (`slots`, by number).
    present: Vec<u32>,
    slots: Vec<u32>,
    /// Every number removed, in order, with its stored gain (0 if it was below the floor), and
    /// where each move's removals start: the undo log.
    removed: Vec<(u32, i32)>,
    move_starts: Vec<u32>,
    /// Owned by the board, so that searches on other threads, each with its own copy, never
    /// share it.
    scratch: RefCell<Scratch>,
}

impl PrimeGame {
    /// The full board 1..=n.
    ///
    /// # Errors
    ///
    /// [`PrimeError::EmptyBoard`] for n = 0, [`PrimeError::BoardTooLarge`] above [`MAX_N`].
    pub fn new(n: u32) -> Result<Self, PrimeError> {
        let n = check_size(u64::from(n), MAX_N)?;
        Ok(Self::with_board(n, bitvec![u64, Lsb0; 1; n as usize], None))
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
        Self::build(n, numbers, None)
    }

    /// As [`from_numbers`](Self::from_numbers), with the divisors from `sieve` if it covers
    /// 1..=n (a new sieve otherwise): a sequence of boards, such as one a move in a contest,
    /// then builds the sieve once.
    ///
    /// # Errors
    ///
    /// As [`from_numbers`](Self::from_numbers).
    pub fn from_numbers_with_sieve(
        n: u32,
        numbers: impl IntoIterator<Item = u64>,
        sieve: &Arc<Sieve>,
    ) -> Result<Self, PrimeError> {
        Self::build(n, numbers, Some(sieve))
    }

    fn build(
        n: u32,
        numbers: impl IntoIterator<Item = u64>,
        sieve: Option<&Arc<Sieve>>,
    ) -> Result<Self, PrimeError> {
        let n = check_size(u64::from(n), MAX_N)?;
        let mut board = bitvec![u64, Lsb0; 0; n as usize];
        check_numbers(n, numbers, |x| !board.replace(x as usize - 1, true))?;
        Ok(Self::with_board(n, board, sieve))
    }

    /// The sieve this board takes its divisors from, shared with its copies.
    #[must_use]
    pub fn sieve(&self) -> &Arc<Sieve> {
        &self.sieve
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
        // this runs at every node of a full-width search.
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

    /// Runs `work` on the board's buffers, taken out for the call (a nested call, from a
    /// visitor, finds empty ones and allocates).
    fn with_scratch<R>(&self, work: impl FnOnce(&mut Scratch) -> R) -> R {
        let mut scratch = self.scratch.take();
        let result = work(&mut scratch);
        self.scratch.replace(scratch);
        result
    }

    /// Whether 1 is on the board.
    fn one_on_board(&self) -> bool {
        self.board.first().is_some_and(|bit| *bit)
    }

    /// The gain of taking `x`: x minus its divisors on the board (the move's margin), or
    /// `None` if `x` is not on the board.
    #[must_use]
    pub fn gain(&self, x: u32) -> Option<i64> {
        self.contains(x).then(|| self.gain_unchecked(x))
    }

    /// The gain of `x`, on the board.
    fn gain_unchecked(&self, x: u32) -> i64 {
        if x == 1 {
            1
        } else {
            self.stored_gain(x) - i64::from(self.one_on_board())
        }
    }

    /// The greedy move: the largest gain, ties to the larger number. O(1).
    #[must_use]
    pub fn greedy_move(&self) -> Option<u32> {
        self.best.top()
    }

    /// Calls `visit` with the `limit` numbers of largest gain, largest first (ties to the
    /// larger number), and their gains. O(limit log n) from the max tree for a limit up to 64.
    ///
    /// # Examples
    ///
    /// ```
    /// use gamesolver::games::prime::PrimeGame;
    ///
    /// let game = PrimeGame::new(10)?;
    /// let mut best = Vec::new();
    /// game.for_each_best(3, |x, gain| best.push((x, gain)));
    /// assert_eq!(best, [(7, 6), (9, 5), (5, 4)]); // 9 gives up 1 and 3
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn for_each_best(&self, limit: usize, mut visit: impl FnMut(u32, i64)) {
        self.with_scratch(|scratch| {
            self.best_keys(limit, scratch, |_| false);
            for &key in &scratch.keys {
                let x = MaxTree::number(key);
                visit(x, self.gain_unchecked(x));
            }
        });
    }

    /// How many divisors of `x` below `x` are on the board (0 if `x` is not). O(divisors of x).
    #[must_use]
    pub fn divisors_left(&self, x: u32) -> u32 {
        let mut count = 0;
        if self.contains(x) {
            self.for_each_divisor_on_board(x, |_| count += 1);
        }
        count
    }

    /// How many multiples of `x` above `x` are on the board (0 if `x` is not). O(1) for a
    /// live number, else O(n / x).
    #[must_use]
    pub fn multiples_left(&self, x: u32) -> u32 {
        match x {
            _ if !self.contains(x) => 0,
            1 => self.remaining - 1,
            _ if x >= self.floor => self.multiples_left[x as usize],
            _ => self.count_multiples(x),
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
        match x {
            _ if !self.contains(x) => false,
            1 => self.remaining == 1,
            _ => !self.one_on_board() && !self.is_linked(x),
        }
    }

    /// Takes back the last move played, returning it, or `None` if no move was played on
    /// this position since it was built. The checked form of [`Game::undo_unchecked`].
    pub fn undo(&mut self) -> Option<u32> {
        let start = *self.move_starts.last()? as usize;
        let mv = self.removed[start].0;
        self.undo_unchecked(mv);
        Some(mv)
    }
}

impl Game for PrimeGame {
    type Move = u32;
    type Key = u128;
    // Its keys are Zobrist hashes, not the board as the mask games key it.
    const NAME: &'static str = "prime game, hashed keys";

    fn generate_moves(&self, out: &mut Vec<u32>) {
        out.extend(self.numbers());
    }

    /// The rules' own check, cheaper than listing the moves (and the same).
    #[inline]
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.check_move(mv).is_ok()
    }

    fn play_unchecked(&mut self, x: u32) {
        // The log's length is below 2^24 numbers.
        self.move_starts.push(self.removed.len() as u32);
        self.remove(x);
        let sieve = Arc::clone(&self.sieve);
        sieve.for_each_proper_divisor(x, |d| {
            if self.board[d as usize - 1] {
                self.remove(d);
            }
        });
        self.keep_enough_live();
    }

    const CAN_UNDO: bool = true;

    fn undo_unchecked(&mut self, x: u32) {
        let start = self.move_starts.pop().map_or(0, |start| start as usize);
        debug_assert_eq!(
            self.removed.get(start).map(|r| r.0),
            Some(x),
            "undo out of order"
        );
        while self.removed.len() > start {
            if let Some((r, raw)) = self.removed.pop() {
                self.restore(r, raw);
            }
        }
    }

    fn key(&self) -> u128 {
        self.key
    }

    fn is_over(&self) -> bool {
        self.is_empty()
    }
}

impl CheckedPlay for PrimeGame {
    type Error = PrimeError;
    fn check_move(&self, x: u32) -> Result<(), PrimeError> {
        if self.contains(x) {
            Ok(())
        } else {
            Err(PrimeError::NotOnBoard { number: x })
        }
    }
}

impl ScoringGame for PrimeGame {
    fn points(&self, x: u32) -> Points {
        let gain = self.gain_unchecked(x);
        Points {
            mover: u64::from(x),
            // The divisors on the board sum to x - gain >= 0.
            opponent: (i64::from(x) - gain) as u64,
        }
    }

    fn margin(&self, x: u32) -> i64 {
        self.gain_unchecked(x)
    }
}

/// What the search may use of a board: [`PrimeKnowledge`](crate::games::prime::PrimeKnowledge)
/// asks these.
impl PrimeGame {
    /// The moves a search has to try (a proven reduction, see `isolated`): every number but
    /// the isolated ones, of which only the largest.
    pub fn search_moves(&self, out: &mut Vec<u32>) {
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

    /// At most `limit` [search moves](Self::search_moves), the largest gains first (ties to
    /// the larger number), from the max tree: O(limit log n), not a scan of the board.
    ///
    /// # Examples
    ///
    /// ```
    /// use gamesolver::games::prime::PrimeGame;
    ///
    /// let game = PrimeGame::new(1_000_000)?;
    /// let mut best = Vec::new();
    /// game.best_search_moves(3, &mut best);
    /// assert_eq!(best, [999_983, 999_979, 999_961]); // the largest primes, each giving up 1
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn best_search_moves(&self, limit: usize, out: &mut Vec<u32>) {
        self.with_scratch(|scratch| {
            self.best_keys(limit, scratch, |x| self.is_isolated(x));
            out.extend(scratch.keys.iter().map(|&key| MaxTree::number(key)));
        });
    }

    /// Proven bounds on the value (see `bounds`): the mover never loses, nor gains more than
    /// the greedy move's margin.
    #[must_use]
    pub fn value_bounds(&self) -> RangeInclusive<i64> {
        value_range(self.greedy_move().map(|x| self.gain_unchecked(x)))
    }

    /// The exact value once every number left is isolated (the alternating sum), else `None`.
    /// Kept only with every number live; a board with a floor is searched instead.
    #[must_use]
    pub fn known_value(&self) -> Option<i64> {
        let all_isolated = self.floor <= 1
            && self.relation_mass == 0
            && (!self.one_on_board() || self.remaining == 1);
        all_isolated.then(|| alternating_sum(self.numbers().rev()))
    }

    /// The key after taking `x` (on the board), without taking it.
    #[must_use]
    pub fn key_after(&self, x: u32) -> u128 {
        let mut key = self.key ^ zobrist(x);
        self.for_each_divisor_on_board(x, |d| key ^= zobrist(d));
        key
    }

    /// Whether a search should take moves back rather than copy the board.
    #[must_use]
    pub fn undo_pays(&self) -> bool {
        // Measured at n = 200: a copy 0.2 µs, an undo about as much as the move, 1.4 µs. The
        // arrays grow with the largest number, the undo with the move only.
        self.size() > UNDO_FROM_SIZE
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
