//! The locked transposition table's storage: `Entry` (a position's bounds, best move, depth and
//! work) and `TranspositionTable`, slots in pairs within a fixed byte limit.

use crate::game::TableKey;
use crate::search::table::table_of;

/// The remaining depth recorded for a result proven by searching to the end of the game: it
/// satisfies a probe at any depth.
pub(crate) const PROVEN: u16 = u16::MAX;

/// One stored search result: what is known of the value of a position, as a lower and an
/// upper bound. A fail-high search raises `lower`, a fail-low one lowers `upper`, and the two
/// are kept together, so a later search with another window can use either; they meet when
/// the value is exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Entry<K, M> {
    /// The full key, compared on every probe.
    pub key: K,
    /// The value for the side to move is at least this.
    pub lower: i64,
    /// The value for the side to move is at most this.
    pub upper: i64,
    /// The best move found, if the node had moves.
    pub best: Option<M>,
    /// The remaining depth the bounds were searched to, or [`PROVEN`].
    pub depth: u16,
    /// The effort behind the result: log2 of the nodes searched for it. Between results of the
    /// same depth (all proven ones, in exact solving) the table keeps the costlier.
    pub work: u8,
}

impl<K, M: Copy> Entry<K, M> {
    /// The same bounds, depth and work under another key, with another best move (the
    /// tables keep keys and moves in their own forms).
    pub(crate) fn rekeyed<K2, M2>(&self, key: K2, best: Option<M2>) -> Entry<K2, M2> {
        Entry {
            key,
            lower: self.lower,
            upper: self.upper,
            best,
            depth: self.depth,
            work: self.work,
        }
    }

    /// What the table weighs when it must drop one of two entries: depth, then work.
    fn worth(&self) -> (u16, u8) {
        (self.depth, self.work)
    }

    /// Folds a newer result for the same position and depth into this one: the tighter of
    /// each bound. Bounds that cross (a depth-limited search need not be consistent) give way
    /// to the newer result.
    fn absorb(&mut self, newer: Self) {
        let (lower, upper) = (self.lower.max(newer.lower), self.upper.min(newer.upper));
        if lower <= upper {
            self.lower = lower;
            self.upper = upper;
        } else {
            self.lower = newer.lower;
            self.upper = newer.upper;
        }
        // A move that failed low is only the least bad: keep a move that proved something.
        if newer.best.is_some() && (newer.lower > i64::MIN || self.best.is_none()) {
            self.best = newer.best;
        }
        self.work = self.work.max(newer.work);
    }
}

/// A fixed-size transposition table: it never grows past the byte limit it was made with.
///
/// Slots come in pairs; a new result is folded into the same key's entry (same depth) or
/// replaces it (deeper), else replaces the one of the pair with less depth and work behind
/// it, so expensive results survive a flood of cheap ones.
///
#[derive(Debug, Clone)]
pub(crate) struct TranspositionTable<K, M> {
    slots: Vec<Option<Entry<K, M>>>,
    mask: usize,
}

impl<K: TableKey, M: Copy> TranspositionTable<K, M> {
    /// A table that takes at most `bytes` of memory, and never more than
    /// [`max_table_bytes`](super::max_table_bytes): a power-of-two number of slots, at least
    /// two, halved while the system refuses the memory ([`table_of`]), so any `bytes`,
    /// `usize::MAX` included, gives a working table.
    #[must_use]
    pub fn with_bytes(bytes: usize) -> Self {
        let slots = table_of(bytes, 2, || None);
        Self {
            mask: slots.len() - 2,
            slots,
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

    /// Every stored entry.
    pub fn entries(&self) -> impl Iterator<Item = &Entry<K, M>> {
        self.slots.iter().flatten()
    }

    /// Stores an entry by the rule of [`TranspositionTable`]: see there. Whether that pushed
    /// another position's result out.
    pub fn store(&mut self, entry: Entry<K, M>) -> bool {
        let i = self.bucket(&entry.key);
        place(&mut self.slots[i..i + 2], entry)
    }
}

/// Puts `entry` into a pair of slots. A result for a key already stored is folded into it at
/// the same depth and replaces it if deeper; a shallower one is dropped. Otherwise the first
/// slot keeps the costlier of the new entry and its occupant, and the other goes to the
/// second slot, pushing out what was there: returns whether another position's result was
/// lost so.
pub(crate) fn place<K: Eq, M: Copy>(pair: &mut [Option<Entry<K, M>>], entry: Entry<K, M>) -> bool {
    if let Some(same) = pair
        .iter_mut()
        .find(|slot| slot.as_ref().is_some_and(|old| old.key == entry.key))
    {
        if let Some(old) = same {
            match old.depth.cmp(&entry.depth) {
                std::cmp::Ordering::Equal => old.absorb(entry),
                std::cmp::Ordering::Less => *old = entry,
                std::cmp::Ordering::Greater => {}
            }
        }
        return false;
    }
    let evicted = pair[1].is_some();
    if pair[0]
        .as_ref()
        .is_none_or(|first| first.worth() <= entry.worth())
    {
        pair[1] = pair[0].replace(entry);
    } else {
        pair[1] = Some(entry);
    }
    evicted
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(lower: i64, upper: i64, depth: u16, best: Option<u8>) -> Entry<u64, u8> {
        Entry {
            key: 1,
            lower,
            upper,
            best,
            depth,
            work: 0,
        }
    }

    fn bounds(table: &TranspositionTable<u64, u8>) -> (i64, i64, Option<u8>) {
        let stored = table.probe(&1).expect("stored");
        (stored.lower, stored.upper, stored.best)
    }

    #[test]
    fn results_of_one_depth_combine_their_bounds() {
        let mut table = TranspositionTable::with_bytes(1 << 12);
        table.store(entry(3, i64::MAX, 4, Some(7)));
        table.store(entry(i64::MIN, 9, 4, Some(2)));
        // The fail-low move does not replace the move that failed high.
        assert_eq!(bounds(&table), (3, 9, Some(7)));
        table.store(entry(5, 5, 4, Some(4)));
        assert_eq!(bounds(&table), (5, 5, Some(4)));
        assert!(
            table
                .probe(&1)
                .is_some_and(|entry| entry.lower == entry.upper)
        );
    }

    #[test]
    fn deeper_results_replace_and_shallower_ones_are_dropped() {
        let mut table = TranspositionTable::with_bytes(1 << 12);
        table.store(entry(3, i64::MAX, 4, Some(7)));
        table.store(entry(i64::MIN, 1, 6, Some(2)));
        assert_eq!(bounds(&table), (i64::MIN, 1, Some(2)));
        table.store(entry(8, 8, 5, Some(3)));
        assert_eq!(bounds(&table), (i64::MIN, 1, Some(2)));
    }

    #[test]
    fn crossing_bounds_give_way_to_the_newer_result() {
        let mut table = TranspositionTable::with_bytes(1 << 12);
        table.store(entry(6, i64::MAX, 2, None));
        table.store(entry(i64::MIN, 4, 2, Some(1)));
        assert_eq!(bounds(&table), (i64::MIN, 4, Some(1)));
    }
}
