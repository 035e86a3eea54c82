/// A max segment tree over the numbers of a board, so the number of largest gain is found in
/// O(1) and kept in O(log n) per change: greedy play at n = 10^6 stays fast.
///
/// Each leaf holds a key packing the gain and the number, so that the larger gain wins and
/// ties go to the larger number; numbers off the board hold [`MaxTree::ABSENT`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct MaxTree {
    leaves: usize,
    nodes: Vec<i64>,
}

/// Bits of a key below the gain: the number (below 2^25).
const NUMBER_BITS: u32 = 25;

impl MaxTree {
    /// The key of a number that is not on the board.
    pub const ABSENT: i64 = i64::MIN;

    /// The key of number `x` with `gain`. |gain| < 2^27 for every x <= 2^24, so it fits.
    pub fn key(x: u32, gain: i64) -> i64 {
        (gain << NUMBER_BITS) | i64::from(x)
    }

    /// A tree over numbers 0..len (index = number), every key given.
    pub fn new(keys: impl ExactSizeIterator<Item = i64>) -> Self {
        let leaves = keys.len().next_power_of_two();
        let mut nodes = vec![Self::ABSENT; 2 * leaves];
        for (i, key) in keys.enumerate() {
            nodes[leaves + i] = key;
        }
        for i in (1..leaves).rev() {
            nodes[i] = nodes[2 * i].max(nodes[2 * i + 1]);
        }
        Self { leaves, nodes }
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
        // The low bits of a key are its number, below 2^25.
        (key != Self::ABSENT).then_some((key & ((1 << NUMBER_BITS) - 1)) as u32)
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
}
