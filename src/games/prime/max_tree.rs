//! `MaxTree`: a max segment tree over the gains of a board's numbers, which also stores them.

use std::collections::BinaryHeap;

/// A max segment tree over the gains of a board's numbers, so the number of largest gain is
/// found in O(1), the k largest in O(k log n), and each kept in O(log n) per change (usually
/// O(1): a gain that rises stops at the first ancestor already larger). It is also where the
/// gains are stored, one `i32` a number, so the update a move causes to each multiple touches
/// one small array: at n = 10^6 that keeps the working set in the processor's cache.
///
/// Internal nodes hold keys packing the gain and the number, so that the larger gain wins and
/// ties go to the larger number; numbers off the board hold [`MaxTree::ABSENT`], which is 0 so
/// that a new tree is zeroed memory the system hands out lazily: a sparse board touches only
/// the paths to its numbers.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct MaxTree {
    leaves: usize,
    /// By number: the gain plus `GAIN_OFFSET` (always positive), or 0 off the board.
    stored: Vec<i32>,
    /// Nodes 1..leaves (index 0 unused): the largest key below.
    nodes: Vec<i64>,
}

/// Bits of a key below the gain: the number (below 2^25).
const NUMBER_BITS: u32 = 25;

/// Added to a gain so every stored gain of a number on the board is positive: |gain| < 2^27
/// for every number up to 2^24 (its divisors sum to less than 4x), and below 2^31 after.
const GAIN_OFFSET: i32 = 1 << 28;

impl MaxTree {
    /// The key of a number that is not on the board.
    pub const ABSENT: i64 = 0;

    /// The number a key belongs to.
    pub fn number(key: i64) -> u32 {
        // The low bits of a key are its number, below 2^25.
        (key & ((1 << NUMBER_BITS) - 1)) as u32
    }

    /// An empty tree over numbers 0..len.
    pub fn empty(len: usize) -> Self {
        let leaves = len.next_power_of_two();
        Self {
            leaves,
            stored: vec![0; leaves],
            nodes: vec![Self::ABSENT; leaves],
        }
    }

    /// The gain of `x`, which is on the board.
    pub fn gain(&self, x: u32) -> i64 {
        i64::from(self.stored[x as usize] - GAIN_OFFSET)
    }

    /// Whether `x` has a gain stored (is on the board).
    pub fn holds(&self, x: u32) -> bool {
        self.stored.get(x as usize).is_some_and(|&s| s != 0)
    }

    /// The raw stored gain of `x` (0 if absent), to put back later with [`put`](Self::put).
    pub fn raw(&self, x: u32) -> i32 {
        self.stored[x as usize]
    }

    /// The key of number `x` with stored gain `gain` (|gain| < 2^27).
    pub fn make_key(x: u32, gain: i64) -> i64 {
        ((gain + i64::from(GAIN_OFFSET)) << NUMBER_BITS) | i64::from(x)
    }

    /// The stored gain a key holds.
    pub fn stored_gain(key: i64) -> i64 {
        (key >> NUMBER_BITS) - i64::from(GAIN_OFFSET)
    }

    /// The key of the leaf of number `x`.
    fn leaf_key(&self, x: usize) -> i64 {
        match self.stored[x] {
            0 => Self::ABSENT,
            stored => (i64::from(stored) << NUMBER_BITS) | x as i64,
        }
    }

    /// The key of node `i` (a leaf from `leaves` on).
    fn key(&self, i: usize) -> i64 {
        if i >= self.leaves {
            self.leaf_key(i - self.leaves)
        } else {
            self.nodes[i]
        }
    }

    /// Puts `x` on with `gain`, without the tree above: call [`rebuild`](Self::rebuild) after.
    pub fn insert_unlinked(&mut self, x: u32, gain: i64) {
        // |gain| < 2^27, so it fits with the offset.
        self.stored[x as usize] = gain as i32 + GAIN_OFFSET;
    }

    /// Builds every node from the stored gains, bottom-up, O(n).
    pub fn rebuild(&mut self) {
        for i in (1..self.leaves).rev() {
            self.nodes[i] = self.key(2 * i).max(self.key(2 * i + 1));
        }
    }

    /// Updates the nodes above number `x` only: O(log n), for a sparse board.
    pub fn relink(&mut self, x: u32) {
        self.propagate(x as usize + self.leaves);
    }

    /// Puts back a raw stored gain (0 takes `x` off).
    pub fn put(&mut self, x: u32, raw: i32) {
        self.stored[x as usize] = raw;
        self.propagate(x as usize + self.leaves);
    }

    /// Adds `delta` to the gain of `x`, which is on the board.
    pub fn add(&mut self, x: u32, delta: i32) {
        let x = x as usize;
        let old = self.leaf_key(x);
        self.stored[x] += delta;
        let key = self.leaf_key(x);
        let mut i = (x + self.leaves) / 2;
        if delta > 0 {
            // A rise stops at the first ancestor already at least as large.
            while i >= 1 && self.nodes[i] < key {
                self.nodes[i] = key;
                i /= 2;
            }
        } else {
            // A fall changes only the ancestors whose maximum it was.
            while i >= 1 && self.nodes[i] == old {
                self.nodes[i] = self.key(2 * i).max(self.key(2 * i + 1));
                i /= 2;
            }
        }
    }

    /// Recomputes the ancestors of node `i` while they change.
    fn propagate(&mut self, mut i: usize) {
        while i > 1 {
            i /= 2;
            let parent = self.key(2 * i).max(self.key(2 * i + 1));
            if self.nodes[i] == parent {
                break;
            }
            self.nodes[i] = parent;
        }
    }

    /// The number with the largest key, if any is present.
    pub fn top(&self) -> Option<u32> {
        let key = self.key(1);
        (key != Self::ABSENT).then(|| Self::number(key))
    }

    /// Fills `out` (cleared first) with the `limit` largest keys, largest first, keeping of
    /// the keys for which `exclusive` holds only the largest. Best-first: from the largest node
    /// left, down the path of its maximum, the siblings on the way kept for later. So
    /// O((limit + passed over) log n), where the keys passed over are the exclusive ones above
    /// the last key kept.
    /// `open` is the caller's buffer for the nodes left for later.
    pub fn top_keys(
        &self,
        limit: usize,
        (out, open): (&mut Vec<i64>, &mut BinaryHeap<(i64, usize)>),
        exclusive: impl Fn(i64) -> bool,
    ) {
        out.clear();
        let root = self.key(1);
        if limit == 0 || root == Self::ABSENT {
            return;
        }
        {
            open.clear();
            open.push((root, 1));
            let mut exclusive_kept = false;
            while let Some((key, mut node)) = open.pop() {
                // Down the path of the maximum, leaving each sibling for later.
                while node < self.leaves {
                    let (left, right) = (2 * node, 2 * node + 1);
                    let (on_path, aside) = if self.key(left) == key {
                        (left, right)
                    } else {
                        (right, left)
                    };
                    let aside_key = self.key(aside);
                    if aside_key != Self::ABSENT {
                        open.push((aside_key, aside));
                    }
                    node = on_path;
                }
                if !exclusive(key) || !std::mem::replace(&mut exclusive_kept, true) {
                    out.push(key);
                    if out.len() == limit {
                        return;
                    }
                }
            }
        }
    }

    /// Puts `key` in its place in `out` (largest first, at most `limit` long), keeping of the
    /// keys for which `exclusive` holds only the largest.
    pub fn offer(out: &mut Vec<i64>, limit: usize, key: i64, exclusive: &impl Fn(i64) -> bool) {
        if out.len() == limit && out.last().is_some_and(|&last| key <= last) {
            return;
        }
        if exclusive(key) {
            match out.iter().position(|&k| exclusive(k)) {
                Some(i) if out[i] > key => return,
                Some(i) => {
                    out.remove(i);
                }
                None => {}
            }
        }
        let at = out.partition_point(|&k| k > key);
        out.insert(at, key);
        out.truncate(limit);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(gains: &[Option<i64>]) -> MaxTree {
        let mut tree = MaxTree::empty(gains.len());
        for (x, gain) in gains.iter().enumerate() {
            if let Some(gain) = *gain {
                tree.insert_unlinked(x as u32, gain);
            }
        }
        tree.rebuild();
        tree
    }

    #[test]
    fn top_follows_changes() {
        let mut tree = tree(&[None, Some(5), Some(5)]);
        assert_eq!(tree.top(), Some(2)); // ties to the larger number
        let two = tree.raw(2);
        tree.put(2, 0);
        assert_eq!(tree.top(), Some(1));
        tree.add(1, -8);
        assert_eq!((tree.top(), tree.gain(1)), (Some(1), -3));
        tree.put(2, two);
        assert_eq!(tree.top(), Some(2));
        tree.add(1, 9);
        assert_eq!((tree.top(), tree.gain(1)), (Some(1), 6));
        tree.put(1, 0);
        tree.put(2, 0);
        assert_eq!(tree.top(), None);
    }

    #[test]
    fn top_keys_match_a_sort() {
        // Gains from a fixed scramble, some numbers absent, every limit.
        let gains: Vec<Option<i64>> = (0..300i64)
            .map(|x| (x % 7 != 3 && x > 0).then_some((x * 37 % 101) - 50))
            .collect();
        let tree = tree(&gains);
        let mut sorted: Vec<i64> = (0..gains.len())
            .map(|x| tree.leaf_key(x))
            .filter(|&key| key != MaxTree::ABSENT)
            .collect();
        sorted.sort_unstable_by(|a, b| b.cmp(a));
        let odd = |key: i64| MaxTree::number(key) % 2 == 1;
        let largest_odd = *sorted.iter().find(|&&k| odd(k)).unwrap();
        let reduced: Vec<i64> = sorted
            .iter()
            .copied()
            .filter(|&k| !odd(k) || k == largest_odd)
            .collect();
        let mut out = Vec::new();
        for limit in 0..=sorted.len() + 1 {
            tree.top_keys(limit, (&mut out, &mut BinaryHeap::new()), |_| false);
            assert_eq!(out, sorted[..limit.min(sorted.len())], "limit {limit}");
            tree.top_keys(limit, (&mut out, &mut BinaryHeap::new()), odd);
            assert_eq!(
                out,
                reduced[..limit.min(reduced.len())],
                "limit {limit}, odd kept once"
            );
        }
    }
}
