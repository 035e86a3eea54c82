/// A position key for the transposition table and the memo of impartial solvers: compared in
/// full on every probe, and mixed to a 64-bit hash that picks the table slot.
///
/// Small `Copy` keys (a `u64` or `u128` bitmask) are fastest; a game whose positions do not fit
/// in 128 bits can use a boxed slice, which this trait also covers.
pub trait TableKey: Clone + Eq + std::hash::Hash + std::fmt::Debug {
    /// A well-mixed 64-bit hash of the key.
    fn hash64(&self) -> u64;

    /// Heap memory the key owns beyond its own size, for memos bounded in bytes. The
    /// default, 0, fits keys that own none.
    fn heap_bytes(&self) -> usize {
        0
    }
}

/// The finalizer of SplitMix64: a cheap bijection that spreads every input bit over the word.
#[must_use]
pub(crate) const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl TableKey for u64 {
    fn hash64(&self) -> u64 {
        mix64(*self)
    }
}

impl TableKey for u128 {
    fn hash64(&self) -> u64 {
        // Truncation is intended: the two halves are mixed separately and combined.
        mix64(*self as u64 ^ mix64((*self >> 64) as u64))
    }
}

impl TableKey for Box<[u64]> {
    fn hash64(&self) -> u64 {
        self.iter()
            .fold(mix64(self.len() as u64), |hash, &word| mix64(hash ^ word))
    }

    fn heap_bytes(&self) -> usize {
        std::mem::size_of_val::<[u64]>(self)
    }
}
