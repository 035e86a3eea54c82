//! [`ByLines`]: Dots and Boxes numbered in tiers by the lines drawn, for the retrograde solve
//! of exact values, where a pass over every set of lines would hold them all.

use super::{DotsAndBoxes, MAX_LINES};
use crate::game::{Child, Place, Tiers};
use std::ops::Range;

/// Dots and Boxes of one board numbered by the lines drawn, for
/// [`Retrograde::solve_scores`](crate::Retrograde::solve_scores).
///
/// **The numbering.** Tier k holds the sets of k lines; a set whose lines are
/// `b_0 < b_1 < ... < b_(k-1)` has the index `sum C(b_j, j + 1)` (the combinatorial number
/// system: the sets of k of the board's L lines are numbered densely, `0..C(L, k)`, in
/// increasing order of the set's bits). A move draws a line, so it leads from tier k to tier
/// k + 1, never within a tier.
///
/// **Every child's index at once.** Drawing line `l` above `m` of the set's lines keeps the
/// terms of those `m`, adds `C(l, m + 1)`, and moves each line above `l` one place up, its
/// term `C(b_j, j + 1)` becoming `C(b_j, j + 2)`. So the child's index is `C(l, m + 1)` plus
/// a sum that depends on `m` alone, and the k + 1 sums come from one pass over the set's
/// lines; `m` is `l` less the free lines below `l`. Every child's index then takes a few
/// steps, where ranking each child afresh takes k.
#[derive(Debug, Clone)]
pub struct ByLines {
    /// The empty board.
    board: DotsAndBoxes,
    /// `C(n, k)` at `n * ROW + k`, for n up to the lines and k up to [`MAX_LINES`] + 1 (0
    /// past n).
    binomial: Vec<u64>,
    /// For each line, the four lines of each box it is a side of (0 for none).
    boxes: Vec<[u64; 2]>,
}

/// The length of a row of [`ByLines::binomial`].
const ROW: usize = MAX_LINES + 2;

impl ByLines {
    /// The numbering of `board`'s shape (its lines drawn are left out).
    #[must_use]
    pub fn new(board: &DotsAndBoxes) -> Self {
        let board = board.with_lines(0);
        let lines = board.lines();
        let mut binomial = vec![0u64; (lines + 1) * ROW];
        for n in 0..=lines {
            binomial[n * ROW] = 1;
            for k in 1..=n {
                // C(n, k) = C(n - 1, k - 1) + C(n - 1, k); at most C(64, 32) < 2^63.
                binomial[n * ROW + k] =
                    binomial[(n - 1) * ROW + k - 1] + binomial[(n - 1) * ROW + k];
            }
        }
        let boxes = board.box_sides();
        Self {
            board,
            binomial,
            boxes,
        }
    }

    /// Every line of the board, a bit each.
    fn all_lines(&self) -> u64 {
        u64::MAX >> (64 - self.board.lines())
    }

    /// `C(n, k)`, for n up to the board's lines and k up to [`MAX_LINES`] + 1.
    #[inline]
    fn choose(&self, n: usize, k: usize) -> u64 {
        self.binomial[n * ROW + k]
    }

    /// The set of `tier` lines at `index` (below `C(lines, tier)`).
    fn set_at(&self, tier: usize, mut index: u64) -> u64 {
        let mut set = 0;
        let mut top = self.board.lines();
        for j in (1..=tier).rev() {
            // The largest line b with C(b, j) <= index: the j-th line from the top.
            top -= 1;
            while self.choose(top, j) > index {
                top -= 1;
            }
            index -= self.choose(top, j);
            set |= 1 << top;
        }
        set
    }

    /// The index of `set` in its tier.
    fn index_of(&self, set: u64) -> u64 {
        let mut rest = set;
        let mut index = 0;
        let mut j = 1;
        while rest != 0 {
            index += self.choose(rest.trailing_zeros() as usize, j);
            rest &= rest - 1;
            j += 1;
        }
        index
    }
}

impl Tiers for ByLines {
    type Game = DotsAndBoxes;

    const NAME: &'static str = "dots and boxes by lines";

    /// The board's size: boxes a row and rows.
    fn rules_id(&self) -> u64 {
        let (width, height) = self.board.size();
        (width as u64) << 32 | height as u64
    }

    fn tier_count(&self) -> usize {
        self.board.lines() + 1
    }

    fn tier_len(&self, tier: usize) -> u64 {
        if tier > self.board.lines() {
            0
        } else {
            self.choose(self.board.lines(), tier)
        }
    }

    fn position_at(&self, tier: usize, index: u64) -> Option<DotsAndBoxes> {
        (index < self.tier_len(tier)).then(|| self.board.with_lines(self.set_at(tier, index)))
    }

    /// A position of another board is placed past the tiers.
    fn place(&self, position: &DotsAndBoxes) -> Place {
        let tier = position.drawn.count_ones() as usize;
        if position.size() != self.board.size() {
            let tier = self.tier_count() + tier;
            return Place { tier, index: 0 };
        }
        Place {
            tier,
            index: self.index_of(position.drawn),
        }
    }

    fn tiers_after(&self, tier: usize, out: &mut Vec<usize>) {
        if tier < self.board.lines() {
            out.push(tier + 1);
        }
    }

    /// The first set unranked, each next one by the next larger number of as many bits.
    fn for_each_position(
        &self,
        tier: usize,
        indices: Range<u64>,
        mut visit: impl FnMut(u64, &DotsAndBoxes),
    ) {
        let indices = indices.start..indices.end.min(self.tier_len(tier));
        if indices.is_empty() {
            return;
        }
        let mut position = self.board.with_lines(self.set_at(tier, indices.start));
        for index in indices {
            visit(index, &position);
            let set = position.drawn;
            if set != 0 {
                // The next larger number of as many bits (Gosper's hack).
                let low = set & set.wrapping_neg();
                let up = set.wrapping_add(low);
                position.drawn = up | (((set ^ up) >> 2) / low);
            }
        }
    }

    /// Every child's index from two sums over the set's lines (see [`ByLines`]).
    fn children(
        &self,
        position: &DotsAndBoxes,
        _: Place,
        _: &mut Vec<u8>,
        mut visit: impl FnMut(Child),
    ) {
        let set = position.drawn;
        // sums[m]: the terms of the set's first m lines, as they are, and of the others, each
        // one place up: what a child's index adds to C(l, m + 1), l above m of the set's lines.
        let mut sums = [0u64; MAX_LINES + 1];
        let mut sum = 0;
        let mut rest = set;
        let mut m = 0;
        while rest != 0 {
            sum += self.choose(rest.trailing_zeros() as usize, m + 2);
            rest &= rest - 1;
            m += 1;
        }
        let tier = m + 1;
        let mut rest = set;
        for (j, slot) in sums[..m].iter_mut().enumerate() {
            // From m to m + 1: the set's line m counted as it is, no longer one place up.
            let line = rest.trailing_zeros() as usize;
            *slot = sum;
            sum = sum + self.choose(line, j + 1) - self.choose(line, j + 2);
            rest &= rest - 1;
        }
        sums[m] = sum;
        let mut free = !set & self.all_lines();
        let mut passed = 0;
        while free != 0 {
            let line = free.trailing_zeros() as usize;
            free &= free - 1;
            // The lines under this one are the free ones passed and m of the set's.
            let m = line - passed;
            passed += 1;
            let with = set | 1 << line;
            let [first, second] = self.boxes[line];
            let boxes = i64::from(first != 0 && with & first == first)
                + i64::from(second != 0 && with & second == second);
            visit(Child {
                margin: boxes,
                keeps_turn: boxes > 0,
                place: Place {
                    tier,
                    index: sums[m] + self.choose(line, m + 1),
                },
            });
        }
    }
}
