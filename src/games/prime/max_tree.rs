/// A max segment tree over the numbers of a board, so the number of largest gain is found in
/// O(1), the k largest in O(k log n), and each kept in O(log n) per change: search and greedy
/// play at n = 10^6 stay fast.
///
/// Each leaf holds a key packing the gain and the number, so that the larger gain wins and
/// ties go to the larger number; numbers off the board hold [`MaxTree::ABSENT`], which is 0 so
/// that a new tree is zeroed memory the system hands out lazily: a sparse board touches only
/// the paths to its numbers.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct MaxTree {
    leaves: usize,
    nodes: Vec<i64>,
}

/// Bits of a key below the gain: the number (below 2^25).
const NUMBER_BITS: u32 = 25;

/// Added to a gain so every key of a number on the board is positive: |gain| < 2^27 for every
/// number up to 2^24 (its divisors sum to less than 4x).
const GAIN_OFFSET: i64 = 1 << 28;

impl MaxTree {
    /// The key of a number that is not on the board.
    pub const ABSENT: i64 = 0;

    /// The key of number `x` with `gain`.
    pub fn key(x: u32, gain: i64) -> i64 {
        ((gain + GAIN_OFFSET) << NUMBER_BITS) | i64::from(x)
    }

    /// The number a key belongs to.
    pub fn number(key: i64) -> u32 {
        // The low bits of a key are its number, below 2^25.
        (key & ((1 << NUMBER_BITS) - 1)) as u32
    }

    /// An empty tree over numbers 0..len (index = number).
    pub fn empty(len: usize) -> Self {
        let leaves = len.next_power_of_two();
        Self {
            leaves,
            nodes: vec![Self::ABSENT; 2 * leaves],
        }
    }

    /// A tree over numbers 0..len whose keys are all given: built bottom-up in O(len).
    pub fn new(keys: impl ExactSizeIterator<Item = i64>) -> Self {
        let mut tree = Self::empty(keys.len());
        let leaves = tree.leaves;
        for (i, key) in keys.enumerate() {
            tree.nodes[leaves + i] = key;
        }
        for i in (1..leaves).rev() {
            tree.nodes[i] = tree.nodes[2 * i].max(tree.nodes[2 * i + 1]);
        }
        tree
    }

    /// Sets the key of number `x`.
    pub fn set(&mut self, x: u32, key: i64) {
        let mut i = self.leaves + x as usize;
        self.nodes[i] = key;
        while i > 1 {
            i /= 2;
            let parent = self.nodes[2 * i].max(self.nodes[2 * i + 1]);
            if self.nodes[i] == parent {
                break;
            }
            self.nodes[i] = parent;
        }
    }

    /// The number with the largest key, if any is present.
    pub fn top(&self) -> Option<u32> {
        let key = self.nodes[1];
        (key != Self::ABSENT).then(|| Self::number(key))
    }

    /// Fills `out` (cleared first) with the `limit` largest keys, largest first, keeping of
    /// the keys for which `exclusive` holds only the largest. O(limit log n): a subtree whose
    /// maximum cannot enter the list is never entered.
    pub fn top_keys(&self, limit: usize, out: &mut Vec<i64>, exclusive: impl Fn(i64) -> bool) {
        out.clear();
        if limit > 0 {
            self.collect(1, limit, out, &exclusive);
        }
    }

    fn collect(&self, node: usize, limit: usize, out: &mut Vec<i64>, exclusive: &impl Fn(i64) -> bool) {
        let key = self.nodes[node];
        // Keys are distinct (they hold their number), so the list's last bounds what enters.
        if key == Self::ABSENT || (out.len() == limit && out.last().is_some_and(|&l| key <= l)) {
            return;
        }
        if node < self.leaves {
            // The larger child first, so the list fills with large keys early.
            let (left, right) = (2 * node, 2 * node + 1);
            let (first, second) = if self.nodes[left] >= self.nodes[right] {
                (left, right)
            } else {
                (right, left)
            };
            self.collect(first, limit, out, exclusive);
            self.collect(second, limit, out, exclusive);
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

    #[test]
    fn top_follows_changes() {
        let mut tree =
            MaxTree::new([MaxTree::ABSENT, MaxTree::key(1, 5), MaxTree::key(2, 5)].into_iter());
        assert_eq!(tree.top(), Some(2)); // ties to the larger number
        tree.set(2, MaxTree::ABSENT);
        assert_eq!(tree.top(), Some(1));
        tree.set(1, MaxTree::key(1, -3));
        assert_eq!(tree.top(), Some(1));
        tree.set(1, MaxTree::ABSENT);
        assert_eq!(tree.top(), None);
    }

    #[test]
    fn top_keys_match_a_sort() {
        // Gains from a fixed scramble, some numbers absent, every limit.
        let gains: Vec<Option<i64>> = (0..300i64)
            .map(|x| (x % 7 != 3 && x > 0).then_some((x * 37 % 101) - 50))
            .collect();
        let tree = MaxTree::new(gains.iter().enumerate().map(|(x, gain)| {
            gain.map_or(MaxTree::ABSENT, |g| MaxTree::key(x as u32, g))
        }));
        let mut sorted: Vec<i64> = gains
            .iter()
            .enumerate()
            .filter_map(|(x, gain)| gain.map(|g| MaxTree::key(x as u32, g)))
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
            tree.top_keys(limit, &mut out, |_| false);
            assert_eq!(out, sorted[..limit.min(sorted.len())], "limit {limit}");
            tree.top_keys(limit, &mut out, odd);
            assert_eq!(out, reduced[..limit.min(reduced.len())], "limit {limit}, odd kept once");
        }
    }
}
