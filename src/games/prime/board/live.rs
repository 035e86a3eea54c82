//! The live numbers of a large board: building a position, the floor below which gains are
//! not kept but computed when asked for, and lowering it.
//!
//! Why a floor is sound: a number's gain is at most the number, so no number below the floor
//! can gain as much as the floor. While at least `LIVE_LINKED` live numbers (with a divisor
//! other than 1 or a multiple on the board) have stored gains at or above the floor, the best
//! `LIVE_LINKED` moves, isolated numbers reduced to the largest or not, are all live, and the
//! max tree over the live numbers alone gives them exactly. Larger requests scan below the
//! floor, downward, until the numbers are smaller than the gains already found.

use super::{PrimeGame, zobrist};
use crate::games::prime::board::Scratch;
use crate::games::prime::divisors::Sieve;
use crate::games::prime::max_tree::MaxTree;
use bitvec::prelude::*;
use std::cell::RefCell;
use std::sync::Arc;

/// Boards of up to this many numbers keep every number live (and the relation mass, so the
/// value of a board of isolated numbers is known at once). A sparse board stays below it
/// whatever its largest number: its updates are bounded by its count of numbers.
const ALL_LIVE_UP_TO: usize = 1 << 15;

/// How many live linked numbers with gains at or above the floor are kept: more than the
/// engine asks for at a node (candidates and evaluation horizon).
pub(super) const LIVE_LINKED: u32 = 64;

impl PrimeGame {
    /// Builds the incremental state of a board. With every number live: one sweep over the
    /// multiples of its numbers, O(n log n) on a full board and less on a sparse one. With a
    /// floor: only the live numbers, from their divisors. Arrays of absent numbers are left
    /// as zeroed memory, which a sparse board never touches.
    pub(super) fn with_board(n: u32, board: BitVec<u64, Lsb0>, sieve: Option<&Arc<Sieve>>) -> Self {
        let len = n as usize + 1;
        let mut game = Self {
            remaining: 0,
            key: 0,
            board,
            sieve: sieve
                .filter(|sieve| sieve.covers(n))
                .map_or_else(|| Arc::new(Sieve::new(n)), Arc::clone),
            best: MaxTree::empty(len),
            scratch: RefCell::default(),
            // Nothing live yet: lowered below.
            floor: n + 1,
            multiples_left: vec![0; len],
            relation_mass: 0,
            strong: 0,
            slots: vec![0; len],
            present: Vec::new(),
            removed: Vec::new(),
            move_starts: Vec::new(),
        };
        game.present = game.numbers().collect();
        game.remaining = game.present.len() as u32;
        let floor = if game.present.len() <= ALL_LIVE_UP_TO {
            1
        } else {
            n - (n / 64).max(1 << 12) + 1
        };
        for (slot, &x) in game.present.iter().enumerate() {
            game.key ^= zobrist(x);
            game.slots[x as usize] = slot as u32;
        }
        game.lower_floor_to(floor);
        game.keep_enough_live();
        game
    }

    /// Keeps the gain of every number in the max tree from now on, as boards of up to 2^15
    /// numbers do from the start: every gain O(1), but a number leaving updates all of its
    /// multiples on the board. For comparisons (the `engine/large` benchmark's baseline) and
    /// for callers that ask for the gains of small numbers of a large board often.
    ///
    /// # Examples
    ///
    /// ```
    /// use gamesolver::games::prime::PrimeGame;
    ///
    /// let mut game = PrimeGame::new(100_000)?;
    /// let before = game.gain(2);
    /// game.keep_all_gains();
    /// assert_eq!(game.gain(2), before); // the same answers, kept instead of computed
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn keep_all_gains(&mut self) {
        if self.floor > 1 {
            self.lower_floor_to(1);
        }
    }

    /// Lowers the floor until enough live numbers gain at least as much as it, or every
    /// number is live.
    pub(super) fn keep_enough_live(&mut self) {
        while self.floor > 1 && self.strong < LIVE_LINKED {
            // Twice the live width; far down, every number.
            let width = self.size() - self.floor + 1;
            let lower = self.floor.saturating_sub(width);
            self.lower_floor_to(if lower <= self.size() / 8 { 1 } else { lower });
        }
    }

    /// Makes every number on the board from `floor` up to the current floor live (all of
    /// them if `floor` is 1), and recounts what depends on the floor.
    fn lower_floor_to(&mut self, floor: u32) {
        for x in self.numbers_in(floor, self.floor) {
            self.make_live(x);
        }
        self.floor = floor;
        // Bottom-up when many numbers are live, else one path per number.
        let live = self.numbers_in(floor, self.size() + 1);
        if live.len() >= self.best_leaves() / 8 {
            self.best.rebuild();
        } else {
            for &x in &live {
                self.best.relink(x);
            }
        }
        if floor <= 1 {
            self.relation_mass = self
                .present
                .iter()
                .filter(|&&m| m >= 2)
                .map(|&m| (i64::from(m) - self.best.gain(m)) as u64)
                .sum();
            self.strong = 0;
        } else {
            self.strong = live.into_iter().filter(|&x| self.is_strong(x)).count() as u32;
        }
    }

    /// The numbers on the board in `from..below`, ascending.
    fn numbers_in(&self, from: u32, below: u32) -> Vec<u32> {
        let (from, below) = (from.max(1) as usize, below.min(self.size() + 1) as usize);
        if from >= below {
            return Vec::new();
        }
        self.board[from - 1..below - 1]
            .iter_ones()
            .map(|i| (i + from) as u32)
            .collect()
    }

    /// The leaves of the max tree.
    fn best_leaves(&self) -> usize {
        (self.size() as usize + 1).next_power_of_two()
    }

    /// Stores the gain and multiple count of `x` from its divisors and multiples on the board
    /// (not yet linked in the tree). Nothing for a number off the board.
    pub(super) fn make_live(&mut self, x: u32) {
        if !self.contains(x) {
            return;
        }
        self.best.insert_unlinked(x, self.exact_stored_gain(x));
        if x >= 2 {
            self.multiples_left[x as usize] = self.count_multiples(x);
        }
    }

    /// The stored gain of `x` on the board: from the tree if live, else from its divisors.
    pub(super) fn stored_gain(&self, x: u32) -> i64 {
        if x >= self.floor {
            self.best.gain(x)
        } else {
            self.exact_stored_gain(x)
        }
    }

    /// x minus its divisors on the board other than 1 (for 1: 2, the tree's convention).
    fn exact_stored_gain(&self, x: u32) -> i64 {
        if x == 1 {
            return 2;
        }
        let mut gain = i64::from(x);
        self.sieve.for_each_proper_divisor(x, |d| {
            if d >= 2 && self.board[d as usize - 1] {
                gain -= i64::from(d);
            }
        });
        gain
    }

    /// How many multiples of `d` >= 2 above it are on the board.
    pub(super) fn count_multiples(&self, d: u32) -> u32 {
        let mut count = 0;
        multiples_from(d, 2 * d, self.size(), &self.present, |m| {
            count += u32::from(self.board[m as usize - 1]);
        });
        count
    }

    /// Whether `x` >= 2 on the board has a divisor other than 1 or a multiple on the board.
    pub(super) fn is_linked(&self, x: u32) -> bool {
        self.stored_gain(x) != i64::from(x) || self.multiples_left(x) > 0
    }

    /// Fills `out` (cleared first) with the keys of the `limit` numbers of largest gain,
    /// largest first, keeping of the numbers for which `exclusive` holds only the largest:
    /// from the tree, and below the floor only when the tree cannot vouch for the list.
    pub(super) fn best_keys(
        &self,
        limit: usize,
        scratch: &mut Scratch,
        exclusive: impl Fn(u32) -> bool,
    ) {
        let out = &mut scratch.keys;
        self.best
            .top_keys(limit, (&mut *out, &mut scratch.open), |key| {
                exclusive(MaxTree::number(key))
            });
        if limit == 0 {
            return;
        }
        let floor = i64::from(self.floor);
        let full_above = |out: &Vec<i64>, bound: i64| {
            out.len() == limit
                && out
                    .last()
                    .is_some_and(|&k| MaxTree::stored_gain(k) >= bound)
        };
        if self.floor <= 1 || full_above(out, floor) {
            return;
        }
        // A stored gain is at most the number: scan down until the numbers fall below the
        // gains already found.
        let below = &self.board[..self.floor as usize - 1];
        for y in below.iter_ones().rev().map(|i| i as u32 + 1) {
            if full_above(out, i64::from(y) + 1) {
                break;
            }
            let key = MaxTree::make_key(y, self.exact_stored_gain(y));
            MaxTree::offer(out, limit, key, &|k| exclusive(MaxTree::number(k)));
        }
    }
}

/// Calls `visit` with every multiple m of `d` from `first` (itself a multiple of d above d) up
/// to `n` that may be on the board: all of them, stepping, or those of `numbers` (the numbers
/// on the board) when that list is shorter, so the cost is the smaller of the two. The caller
/// checks that a stepped m is on the board.
#[inline]
pub(super) fn multiples_from(
    d: u32,
    first: u32,
    n: u32,
    numbers: &[u32],
    mut visit: impl FnMut(u32),
) {
    if first > n {
        return;
    }
    if ((n - first) / d) as usize <= numbers.len() {
        // A plain loop: `step_by` on an inclusive range costs a tenth more here.
        let mut m = u64::from(first);
        while m <= u64::from(n) {
            // m <= n < 2^32.
            visit(m as u32);
            m += u64::from(d);
        }
    } else {
        numbers
            .iter()
            .filter(|&&m| m >= first && m.is_multiple_of(d))
            .for_each(|&m| visit(m));
    }
}
