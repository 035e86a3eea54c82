//! `SubtractionError`: why a subtraction game or move was refused.

use thiserror::Error;

/// Why a subtraction set, game or analysis was rejected (a move is rejected with the
/// [`HeapsError`](crate::games::heaps::HeapsError) of every heap sum). Nothing is changed when one is returned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
pub enum SubtractionError {
    /// A subtraction set with no element.
    #[error("the subtraction set is empty")]
    EmptySet,
    /// 0 in a subtraction set: a move must take at least one object.
    #[error("the subtraction set contains 0; a move must take at least one object")]
    ZeroInSet,
    /// The preset's cap k outside 2..=5.
    #[error("k = {k} is outside the table's range 2..=5")]
    CapOutOfRange {
        /// The cap given.
        k: u32,
    },
    /// A game with no heap.
    #[error("the heap list is empty")]
    NoHeaps,
    /// A misère search over a general set reached its memo limit.
    #[error("the misère search reached its limit of {limit} positions")]
    SearchTooLarge {
        /// The memo limit.
        limit: usize,
    },
    /// A misère search over a general set reached its memory bound or node budget.
    #[error("the misère search gave up: {cause}")]
    SearchOutOfReach {
        /// What bound was reached.
        cause: crate::grundy::ImpartialError,
    },
    /// The Grundy sequence of the set showed no period within the limit.
    #[error("no Grundy period found for the set within {limit} values")]
    NoPeriod {
        /// The number of values searched.
        limit: u64,
    },
}
