//! `HeapsError`: why a heap position or move was refused.

use thiserror::Error;

/// Why a move on a [`Heaps`](crate::games::heaps::Heaps) position was rejected. The position is
/// unchanged when one is returned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
pub enum HeapsError {
    /// A heap larger than a position takes.
    #[error("a heap of {size} exceeds the limit of {limit} tokens")]
    HeapTooLarge {
        /// The heap given.
        size: u64,
        /// The limit.
        limit: u64,
    },
    /// A move on a heap that does not exist.
    #[error("heap {heap} does not exist (there are {heaps}, counted from 0)")]
    NoSuchHeap {
        /// The index given.
        heap: usize,
        /// How many heaps there are.
        heaps: usize,
    },
    /// A move the rules do not allow on that heap.
    #[error("the rules allow no move taking {take} from a heap of {size} and leaving {remain:?}")]
    NotAnOption {
        /// The heap's size.
        size: u64,
        /// Tokens the move takes.
        take: u64,
        /// The heaps it would leave.
        remain: [u64; 2],
    },
}
