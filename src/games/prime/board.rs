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
/// So the points of a move, the greedy move, the k best moves and whether a number is
/// isolated are all O(1) to O(k log n), and a move costs the updates it causes, never the size
/// of the board:
///
/// - the number 1, a divisor of everything, is kept apart: while it is on the board every
///   other gain is one less than stored, which shifts the whole max tree alike, so 1 leaving
///   costs O(1) instead of n updates;
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
    /// Indexed by number (index 0 unused): x minus the sum of its divisors on the board other
    /// than 1. The gain is one less while 1 is on the board.
    gains: Vec<i64>,
    /// Indexed by number: how many of its proper divisors other than 1 are on the board.
    divisors_left: Vec<u32>,
    /// Indexed by number (from 2): how many of its proper multiples are on the board.
    multiples_left: Vec<u32>,
    /// How many numbers other than 1 on the board have a divisor other than 1 or a multiple on
    /// the board: when none has and 1 is gone, the value is known in closed form.
    linked: u32,
    /// The stored gains as keys (1's as 2 while it is on the board, so all are shifted alike).
    best: MaxTree,
    /// The numbers on the board, in no order, and each one's place in it (`slots`, by number).
    present: Vec<u32>,
    slots: Vec<u32>,
    /// Every number removed, in order, and where each move's removals start: the undo log.
    removed: Vec<u32>,
    move_starts: Vec<u32>,
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

    /// Builds the incremental state of a board: one sweep over the multiples of its numbers,
    /// O(n log n) on a full board and less on a sparse one. Arrays of absent numbers are left
    /// as zeroed memory, which a sparse board never touches.
    fn with_board(n: u32, board: BitVec<u64, Lsb0>) -> Self {
        let len = n as usize + 1;
        let present: Vec<u32> = board.iter_ones().map(|i| i as u32 + 1).collect();
        let mut game = Self {
            remaining: present.len() as u32,
            key: present.iter().fold(0, |key, &x| key ^ zobrist(x)),
            board,
            sieve: Arc::new(Sieve::new(n)),
            gains: vec![0; len],
            divisors_left: vec![0; len],
            multiples_left: vec![0; len],
            linked: 0,
            best: MaxTree::empty(len),
            slots: vec![0; len],
            present,
            removed: Vec::new(),
            move_starts: Vec::new(),
        };
        for (slot, &x) in game.present.iter().enumerate() {
            game.slots[x as usize] = slot as u32;
            game.gains[x as usize] = i64::from(x);
        }
        for i in 0..game.present.len() {
            let d = game.present[i];
            if d >= 2 {
                game.for_each_multiple_on_board(d, |game, m| {
                    game.gains[m as usize] -= i64::from(d);
                    game.divisors_left[m as usize] += 1;
                    game.multiples_left[d as usize] += 1;
                });
            }
        }
        game.linked = game.present.iter().filter(|&&x| game.is_linked(x)).count() as u32;
        // Bottom-up when most numbers are on the board, else one path per number.
        if game.present.len() * 8 >= len {
            game.best = MaxTree::new((0..len).map(|x| game.tree_key(x as u32)));
        } else {
            for i in 0..game.present.len() {
                let x = game.present[i];
                game.best.set(x, game.tree_key(x));
            }
        }
        game
    }

    /// The key of `x` in the max tree (absent if `x` is off the board).
    fn tree_key(&self, x: u32) -> i64 {
        match x {
            _ if !self.contains(x) => MaxTree::ABSENT,
            // Its gain, 1, plus the shift every other key carries while 1 is on the board.
            1 => MaxTree::key(1, 2),
            _ => MaxTree::key(x, self.gains[x as usize]),
        }
    }

    /// Whether number `x` >= 2 has a divisor other than 1 or a multiple on the board (counts
    /// as they stand, also for a number just removed).
    fn is_linked(&self, x: u32) -> bool {
        x >= 2 && (self.divisors_left[x as usize] > 0 || self.multiples_left[x as usize] > 0)
    }

    /// Whether 1 is on the board.
    fn one_on_board(&self) -> bool {
        self.board.first().is_some_and(|bit| *bit)
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
            self.gains[x as usize] - i64::from(self.one_on_board())
        }
    }

    /// The greedy move: the largest gain, ties to the larger number. O(1).
    #[must_use]
    pub fn greedy_move(&self) -> Option<u32> {
        self.best.top()
    }

    /// Calls `visit` with the `limit` numbers of largest gain, largest first (ties to the
    /// larger number), and their gains. O(limit log n), from the max tree.
    ///
    /// # Examples
    ///
    /// ```
    /// use gamesolver::PrimeGame;
    ///
    /// let game = PrimeGame::new(10)?;
    /// let mut best = Vec::new();
    /// game.for_each_best(3, |x, gain| best.push((x, gain)));
    /// assert_eq!(best, [(7, 6), (9, 5), (5, 4)]); // 9 gives up 1 and 3
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn for_each_best(&self, limit: usize, mut visit: impl FnMut(u32, i64)) {
        let mut keys = Vec::with_capacity(limit.min(1 << 10));
        self.best.top_keys(limit, &mut keys, |_| false);
        for key in keys {
            let x = MaxTree::number(key);
            visit(x, self.gain_unchecked(x));
        }
    }

    /// How many divisors of `x` below `x` are on the board (0 if `x` is not).
    #[must_use]
    pub fn divisors_left(&self, x: u32) -> u32 {
        if !self.contains(x) {
            0
        } else if x == 1 {
            0
        } else {
            self.divisors_left[x as usize] + u32::from(self.one_on_board())
        }
    }

    /// How many multiples of `x` above `x` are on the board (0 if `x` is not).
    #[must_use]
    pub fn multiples_left(&self, x: u32) -> u32 {
        if !self.contains(x) {
            0
        } else if x == 1 {
            self.remaining - 1
        } else {
            self.multiples_left[x as usize]
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

    /// Calls `visit` with each multiple of `d` >= 2 above `d` that is on the board: by stepping
    /// through the multiples, or by scanning the numbers on the board when there are fewer of
    /// those, so the cost is the smaller of n / d and the numbers left.
    fn for_each_multiple_on_board(&mut self, d: u32, mut visit: impl FnMut(&mut Self, u32)) {
        let n = self.size();
        if (n / d) as usize <= self.present.len() {
            let mut m = 2 * u64::from(d);
            while m <= u64::from(n) {
                // m <= n < 2^32.
                let multiple = m as u32;
                if self.board[multiple as usize - 1] {
                    visit(self, multiple);
                }
                m += u64::from(d);
            }
        } else {
            for i in 0..self.present.len() {
                let m = self.present[i];
                if m > d && m.is_multiple_of(d) {
                    visit(self, m);
                }
            }
        }
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

    /// Takes back the last move played, returning it, or `None` if no move was played on
    /// this position since it was built. The checked form of [`Game::undo_unchecked`].
    pub fn undo(&mut self) -> Option<u32> {
        let start = *self.move_starts.last()? as usize;
        let mv = self.removed[start];
        self.undo_unchecked(mv);
        Some(mv)
    }

    /// Takes `r` off the board and updates the state of its divisors and multiples.
    fn remove(&mut self, r: u32) {
        self.board.set(r as usize - 1, false);
        self.remaining -= 1;
        self.key ^= zobrist(r);
        self.best.set(r, MaxTree::ABSENT);
        self.removed.push(r);
        // Out of the list of numbers: the last one takes its slot.
        let slot = self.slots[r as usize] as usize;
        let last = self.present.pop().unwrap_or(r);
        if last != r {
            self.present[slot] = last;
            self.slots[last as usize] = slot as u32;
        }
        if r == 1 {
            // Every stored gain already counts 1 apart: nothing else changes.
            return;
        }
        if self.is_linked(r) {
            self.linked -= 1;
        }
        let sieve = Arc::clone(&self.sieve);
        sieve.for_each_proper_divisor(r, |d| {
            if d >= 2 && self.board[d as usize - 1] {
                self.multiples_left[d as usize] -= 1;
                if !self.is_linked(d) {
                    self.linked -= 1;
                }
            }
        });
        if self.multiples_left[r as usize] == 0 {
            return;
        }
        // Every multiple still on the board loses the divisor r: it gains r.
        self.for_each_multiple_on_board(r, |game, m| {
            let m_index = m as usize;
            game.gains[m_index] += i64::from(r);
            game.divisors_left[m_index] -= 1;
            if !game.is_linked(m) {
                game.linked -= 1;
            }
            game.best.set(m, MaxTree::key(m, game.gains[m_index]));
        });
    }

    /// Puts `r` back on the board, exactly undoing its `remove` (the last one not undone).
    fn restore(&mut self, r: u32) {
        // Its own counts and gain were frozen while it was off the board.
        if r >= 2 && self.multiples_left[r as usize] > 0 {
            self.for_each_multiple_on_board(r, |game, m| {
                let m_index = m as usize;
                if !game.is_linked(m) {
                    game.linked += 1;
                }
                game.gains[m_index] -= i64::from(r);
                game.divisors_left[m_index] += 1;
                game.best.set(m, MaxTree::key(m, game.gains[m_index]));
            });
        }
        if r >= 2 {
            let sieve = Arc::clone(&self.sieve);
            sieve.for_each_proper_divisor(r, |d| {
                if d >= 2 && self.board[d as usize - 1] {
                    if !self.is_linked(d) {
                        self.linked += 1;
                    }
                    self.multiples_left[d as usize] += 1;
                }
            });
            if self.is_linked(r) {
                self.linked += 1;
            }
        }
        let slot = self.slots[r as usize] as usize;
        if slot == self.present.len() {
            self.present.push(r);
        } else {
            let moved = self.present[slot];
            self.slots[moved as usize] = self.present.len() as u32;
            self.present.push(moved);
            self.present[slot] = r;
        }
        self.board.set(r as usize - 1, true);
        self.remaining += 1;
        self.key ^= zobrist(r);
        self.best.set(r, self.tree_key(r));
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
        // The log's length is below 2^24 numbers.
        self.move_starts.push(self.removed.len() as u32);
        self.remove(x);
        let sieve = Arc::clone(&self.sieve);
        sieve.for_each_proper_divisor(x, |d| {
            if self.board[d as usize - 1] {
                self.remove(d);
            }
        });
    }

    const CAN_UNDO: bool = true;

    fn undo_unchecked(&mut self, x: u32) {
        let start = self.move_starts.pop().map_or(0, |start| start as usize);
        debug_assert_eq!(self.removed.get(start), Some(&x), "undo out of order");
        while self.removed.len() > start {
            if let Some(r) = self.removed.pop() {
                self.restore(r);
            }
        }
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

    fn best_search_moves(&self, limit: usize, out: &mut Vec<u32>) {
        // From the max tree, the isolated numbers reduced to the largest as in
        // `generate_search_moves`; ties go to the larger number.
        let mut keys = Vec::with_capacity(limit.min(1 << 10));
        self.best
            .top_keys(limit, &mut keys, |key| self.is_isolated(MaxTree::number(key)));
        out.extend(keys.into_iter().map(MaxTree::number));
    }

    fn value_bounds(&self) -> Option<RangeInclusive<i64>> {
        // The greedy move is the one with the largest margin.
        Some(value_range(self.greedy_move().map(|x| self.gain_unchecked(x))))
    }

    fn known_value(&self) -> Option<i64> {
        let all_isolated = self.linked == 0 && (!self.one_on_board() || self.remaining == 1);
        all_isolated.then(|| alternating_sum(self.numbers().rev()))
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
