use crate::game::TableKey;

/// What a stored value says about the true value of its position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least this (a cut-off happened).
    Lower,
    /// The true value is at most this (no move reached alpha).
    Upper,
}

/// The remaining depth recorded for a result proven by searching to the end of the game: it
/// satisfies a probe at any depth.
pub const PROVEN: u16 = u16::MAX;

/// One stored search result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry<K, M> {
    /// The full key, compared on every probe.
    pub key: K,
    /// The value (or bound) for the side to move.
    pub value: i64,
    /// The best move found, if the node had moves.
    pub best: Option<M>,
    /// The remaining depth the value was searched to, or [`PROVEN`].
    pub depth: u16,
    /// How `value` bounds the true value.
    pub bound: Bound,
    /// The effort behind the result: log2 of the nodes searched for it. Between results of the
    /// same depth (all proven ones, in exact solving) the table keeps the costlier.
    pub work: u8,
}

impl<K, M> Entry<K, M> {
    /// What the table weighs when it must drop one of two entries: depth, then work.
    fn worth(&self) -> (u16, u8) {
        (self.depth, self.work)
    }
}

/// A fixed-size transposition table: it never grows past the byte limit it was made with.
///
/// Slots come in pairs; a new result replaces the same key, else the one of the pair with less
/// depth and work behind it, so expensive results survive a flood of cheap ones.
///
/// # Examples
///
/// ```
/// use gamesolver::search::{Bound, Entry, TranspositionTable};
///
/// let mut table = TranspositionTable::<u64, u8>::with_bytes(1 << 20);
/// table.store(Entry { key: 7, value: -3, best: Some(2), depth: 5, bound: Bound::Exact, work: 0 });
/// assert_eq!(table.probe(&7).map(|e| e.value), Some(-3));
/// assert!(table.probe(&8).is_none());
/// assert!(table.capacity() * std::mem::size_of::<Option<Entry<u64, u8>>>() <= 1 << 20);
/// ```
#[derive(Debug, Clone)]
pub struct TranspositionTable<K, M> {
    slots: Vec<Option<Entry<K, M>>>,
    mask: usize,
}

impl<K: TableKey, M: Copy> TranspositionTable<K, M> {
    /// A table that takes at most `bytes` of memory (rounded down to a power-of-two number
    /// of slots, at least two).
    #[must_use]
    pub fn with_bytes(bytes: usize) -> Self {
        let slot = std::mem::size_of::<Option<Entry<K, M>>>().max(1);
        let wanted = (bytes / slot).max(2);
        // Largest power of two not above `wanted`.
        let capacity = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        Self {
            slots: vec![None; capacity],
            mask: capacity - 2,
        }
    }

    /// The number of slots.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.slots.fill(None);
    }

    fn bucket(&self, key: &K) -> usize {
        // Truncation is fine: only the low bits pick the slot pair.
        (key.hash64() as usize) & self.mask
    }

    /// The entry stored for `key`, if any.
    #[must_use]
    pub fn probe(&self, key: &K) -> Option<&Entry<K, M>> {
        let i = self.bucket(key);
        self.slots[i..i + 2]
            .iter()
            .flatten()
            .find(|entry| entry.key == *key)
    }

    /// Stores an entry. A result for a key already stored replaces it in place, unless the
    /// stored one is deeper. Otherwise the first slot of the pair keeps the costlier of the new
    /// entry and its occupant, and the other goes to the second slot.
    pub fn store(&mut self, entry: Entry<K, M>) {
        let i = self.bucket(&entry.key);
        let pair = &mut self.slots[i..i + 2];
        if let Some(same) = pair
            .iter_mut()
            .find(|slot| slot.as_ref().is_some_and(|old| old.key == entry.key))
        {
            if same.as_ref().is_some_and(|old| old.depth <= entry.depth) {
                *same = Some(entry);
            }
            return;
        }
        if pair[0]
            .as_ref()
            .is_none_or(|first| first.worth() <= entry.worth())
        {
            pair[1] = pair[0].replace(entry);
        } else {
            pair[1] = Some(entry);
        }
    }
}
