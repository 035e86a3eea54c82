//! The one-thread transposition table, `TranspositionTable`: slots in pairs within a byte
//! limit, growing as they fill.

use super::entry::{Entry, Slot, fold, victim};
use crate::game::TableKey;
use crate::search::table::count_within;

/// A transposition table that grows as it fills, up to the byte limit it was made with.
///
/// Slots come in pairs, a slot an entry in its compact form ([`Slot`]: bounds in 32 bits; 24
/// bytes for a one-word key, 32 for a two-word key, whose pair takes a cache line of its own,
/// see [`Pairs`]); a new result is folded into the same key's entry ([`fold`]), else takes an
/// empty slot of the pair or the one with less depth and work behind it ([`victim`]), so
/// expensive results survive a flood of cheap ones.
///
/// The table starts at [`FIRST_SLOTS`] (or its limit, if lower) and doubles each time half
/// its slots are filled ([`GROW_AT`]), until the next doubling would pass its limit; then it
/// replaces as above. So a small search takes little memory whatever the limit, and a large
/// one takes the limit: memory as it is used. Doubling keeps every entry, and the order of the
/// two in a pair.
///
/// A probe of a large table is a miss of every cache, and in a game of cheap moves (Kalah)
/// it is most of a node's time: a pair in one line makes it one miss, not two (Kalah 8 to 13%
/// faster). Tried and left out: a tag a slot, in an array of its own that a probe reads first
/// (most probes find nothing): the slot's miss moves to the store, which the processor
/// commits in order, and a node cost 20% more (BENCHMARKS.md, "Kalah").
#[derive(Debug, Clone)]
pub(crate) struct TranspositionTable<K, M> {
    pairs: Pairs<K, M>,
    /// Pairs less one (their count is a power of two).
    mask: usize,
    /// Slots holding an entry.
    filled: usize,
    /// The most slots the table may take: a power of two, at least 2.
    limit: usize,
    /// The regions of pairs a store has filled since the last [`wipe`](Self::wipe), a bit
    /// each: the pairs in [`REGIONS`] runs of equal length ([`region_shift`](Self::region_shift)).
    written: Box<[u64; REGIONS / 64]>,
    /// The bound of the slots and the heap memory their keys own, together. A table made
    /// whole (the engine's) gives its slots their share at once
    /// ([`slot_share`](super::memory::slot_share)); its keys' heap has what they leave.
    bytes: usize,
    /// The heap memory the stored keys own ([`TableKey::heap_bytes`]; 0 for keys of words).
    heap: usize,
}

/// Two slots that share a cache line: a pair of slots of 32 bytes (a key of two words) aligned
/// to one, so that a probe reads one line, not two.
#[derive(Debug, Clone)]
#[repr(align(64))]
struct Line<T>(T);

/// The slots of a table, in pairs: each pair in a cache line of its own where a pair fills
/// one exactly (slots of 32 bytes: a key of two words and a move of a byte or two, Kalah's),
/// else packed (slots of 24 bytes, a one-word key's: a pair a line would leave 16 bytes of
/// each unused, and Connect 4 and Dots and Boxes searched 9 and 11% slower so,
/// BENCHMARKS.md; PrimeGame's slots, with 32-bit moves, take 48).
#[derive(Debug, Clone)]
enum Pairs<K, M> {
    Packed(Vec<Pair<K, M>>),
    Lined(Vec<Line<Pair<K, M>>>),
}

/// Two slots a key's hash picks.
type Pair<K, M> = [Option<Slot<K, M>>; 2];

impl<K: Clone, M: Copy> Pairs<K, M> {
    /// Whether pairs of these slots each take a cache line of their own.
    const LINED: bool = size_of::<Pair<K, M>>() == 64;

    /// The bytes a pair takes.
    const PAIR_BYTES: usize = if Self::LINED {
        size_of::<Line<Pair<K, M>>>()
    } else {
        size_of::<Pair<K, M>>()
    };

    fn new() -> Self {
        if Self::LINED {
            Self::Lined(Vec::new())
        } else {
            Self::Packed(Vec::new())
        }
    }

    fn len(&self) -> usize {
        match self {
            Self::Packed(pairs) => pairs.len(),
            Self::Lined(pairs) => pairs.len(),
        }
    }

    #[inline]
    fn pair(&self, i: usize) -> &Pair<K, M> {
        match self {
            Self::Packed(pairs) => &pairs[i],
            Self::Lined(pairs) => &pairs[i].0,
        }
    }

    #[inline]
    fn pair_mut(&mut self, i: usize) -> &mut Pair<K, M> {
        match self {
            Self::Packed(pairs) => &mut pairs[i],
            Self::Lined(pairs) => &mut pairs[i].0,
        }
    }

    /// Asks for room for `more` pairs; `false` if the system refuses it.
    fn reserve(&mut self, more: usize) -> bool {
        match self {
            Self::Packed(pairs) => pairs.try_reserve_exact(more).is_ok(),
            Self::Lined(pairs) => pairs.try_reserve_exact(more).is_ok(),
        }
    }

    /// `count` pairs, the first ones kept, any new one empty.
    fn resize(&mut self, count: usize) {
        match self {
            Self::Packed(pairs) => pairs.resize(count, [None, None]),
            Self::Lined(pairs) => pairs.resize(count, Line([None, None])),
        }
    }

    /// The slots of the pairs in `range` emptied.
    fn clear_range(&mut self, range: std::ops::Range<usize>) {
        match self {
            Self::Packed(pairs) => pairs[range].fill([None, None]),
            Self::Lined(pairs) => pairs[range].fill(Line([None, None])),
        }
    }

    /// Every pair, in order.
    fn iter(&self) -> impl Iterator<Item = &Pair<K, M>> {
        (0..self.len()).map(|i| self.pair(i))
    }
}

/// Slots a table starts with (a power of two): small enough to make in microseconds.
pub(crate) const FIRST_SLOTS: usize = 1 << 10;

/// A table below its limit doubles when more than one slot in `GROW_AT` holds an entry. At
/// that load many pairs are asked to hold a third entry, and the one with less work behind it
/// goes: a growing table given entries of equal worth pushes out about a sixth of them (the
/// unit test measures it), where one doubling at an eighth (as before 0.3) pushed out 1 to 2%.
/// It pays: a search pushes out mostly its cheapest results, and a table half as large takes
/// half the page faults as it grows and misses the caches less (Kalah(4,4), with entries of
/// 48 bytes, solved in 53 ms at a half, 84 ms at a quarter and 148 ms at an eighth,
/// BENCHMARKS.md, "Kalah").
const GROW_AT: usize = 2;

/// The runs of pairs a table keeps a bit each for, set when a store fills a pair of the run:
/// a [`wipe`](TranspositionTable::wipe) empties only the runs so marked. 4,096 bits, 512 bytes
/// beside the slots; a run is one pair up to 4,096 pairs, then a longer run.
const REGIONS: usize = 4096;

impl<K: TableKey, M: Copy> TranspositionTable<K, M> {
    /// A table that takes at most `bytes` of memory, and never more than
    /// [`max_table_bytes`](super::max_table_bytes): at most a power-of-two number of slots,
    /// at least two, growing as it fills (see [`TranspositionTable`]). It stops growing where
    /// the system refuses the memory, so any `bytes`, `usize::MAX` included, gives a working
    /// table.
    #[must_use]
    pub fn with_bytes(bytes: usize) -> Self {
        Self::starting_at(bytes, FIRST_SLOTS)
    }

    /// A table of as many slots as their share of `bytes` holds
    /// ([`slot_share`](super::memory::slot_share): all of it for keys of words), made now
    /// rather than as it fills: for a search under a deadline, which a doubling table would
    /// delay (a doubling goes over the whole table). Fewer if the system refuses the memory.
    /// The slots and their keys' heap stay within `bytes` together.
    #[must_use]
    pub fn whole(bytes: usize) -> Self {
        Self::starting_at(bytes, usize::MAX)
    }

    fn starting_at(bytes: usize, first_slots: usize) -> Self {
        let slot_bytes = if first_slots == usize::MAX {
            super::memory::slot_share::<K>(bytes)
        } else {
            bytes
        };
        let limit = count_within(slot_bytes, Pairs::<K, M>::PAIR_BYTES, 1);
        let mut table = Self {
            pairs: Pairs::new(),
            mask: 0,
            filled: 0,
            limit: 2 * limit,
            written: Box::new([0; REGIONS / 64]),
            bytes: bytes.min(super::max_table_bytes()),
            heap: 0,
        };
        let mut count = (first_slots / 2).min(limit);
        while !table.pairs.reserve(count) && count > 1 {
            count /= 2;
        }
        table.pairs.resize(count);
        table.mask = count - 1;
        table
    }

    /// Forgets every entry, keeping the table's size and memory: the next search of a set of
    /// positions (each solved from a wiped table) starts at the size the largest before it
    /// needed, without the doublings that would take it there, each of which goes over every
    /// entry (Connect 4's L1_R1 6% faster so, BENCHMARKS.md), and touches no new pages (a
    /// first touch of each costs a page fault). Only the regions of pairs written since the
    /// last wipe are emptied ([`REGIONS`], each at most a 4,096th of the table), so a wipe
    /// after a small search in a large table is cheap.
    pub fn wipe(&mut self) {
        let run = 1 << self.region_shift();
        let pairs = self.pairs.len();
        for (word, bits) in self.written.iter_mut().enumerate() {
            let mut bits = std::mem::take(bits);
            while bits != 0 {
                let start = (64 * word + bits.trailing_zeros() as usize) * run;
                bits &= bits - 1;
                self.pairs.clear_range(start..(start + run).min(pairs));
            }
        }
        self.filled = 0;
        self.heap = 0;
    }

    /// How many pairs a region holds, as a power of two: the pairs in [`REGIONS`] runs (one
    /// pair a region while there are fewer pairs).
    #[inline]
    fn region_shift(&self) -> u32 {
        self.pairs
            .len()
            .trailing_zeros()
            .saturating_sub(REGIONS.trailing_zeros())
    }

    /// Marks the region of pair `i` as written.
    #[inline]
    fn mark_written(&mut self, i: usize) {
        let region = i >> self.region_shift();
        self.written[region / 64] |= 1 << (region % 64);
    }

    /// The memory the table takes: its slots, and what their keys own on the heap.
    fn held_bytes(&self) -> usize {
        (self.pairs.len() * Pairs::<K, M>::PAIR_BYTES).saturating_add(self.heap)
    }

    /// The number of slots now.
    #[must_use]
    pub fn capacity(&self) -> usize {
        2 * self.pairs.len()
    }

    /// The pair of a key of `hash` ([`TableKey::hash64`]).
    #[inline]
    fn pair_of(&self, hash: u64) -> usize {
        // Truncation is fine: only the low bits pick the pair.
        (hash as usize) & self.mask
    }

    /// Asks the memory for the slot pair of a key of `hash` (see
    /// [`prefetch`](super::prefetch::prefetch)), the second slot too where the pair crosses a
    /// cache line.
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        let pair = self.pairs.pair(self.pair_of(hash));
        super::prefetch::prefetch(&pair[0]);
        // The addresses only: where the pair starts and ends.
        let start = std::ptr::from_ref(pair) as usize;
        if (start + size_of_val(pair) - 1) / 64 != start / 64 {
            super::prefetch::prefetch(&pair[1]);
        }
    }

    /// The entry stored for `key`, if any.
    #[cfg(test)]
    #[must_use]
    pub fn probe(&self, key: &K) -> Option<Entry<(), M>> {
        self.probe_hashed(key, key.hash64())
    }

    /// [`probe`](Self::probe) of a key whose [`hash64`](TableKey::hash64) is `hash`.
    #[must_use]
    #[inline]
    pub fn probe_hashed(&self, key: &K, hash: u64) -> Option<Entry<(), M>> {
        self.pairs
            .pair(self.pair_of(hash))
            .iter()
            .flatten()
            .find(|slot| slot.key == *key)
            .map(Slot::widened)
    }

    /// Every stored entry.
    pub fn entries(&self) -> impl Iterator<Item = Entry<&K, M>> {
        self.pairs
            .iter()
            .flat_map(|pair| pair.iter().flatten())
            .map(|slot| slot.widened().rekeyed(&slot.key, slot.best))
    }

    /// Stores an entry by the rule of [`TranspositionTable`]: see there. Whether that pushed
    /// another position's result out. A key that owns heap memory is kept only while the
    /// slots and every kept key's heap stay within the table's bytes: past them the entry is
    /// dropped (the search only loses the result).
    #[cfg(test)]
    pub fn store(&mut self, entry: Entry<K, M>) -> bool {
        let hash = entry.key.hash64();
        self.store_hashed(entry, hash)
    }

    /// [`store`](Self::store) of an entry whose key's [`hash64`](TableKey::hash64) is `hash`.
    #[inline]
    pub fn store_hashed(&mut self, entry: Entry<K, M>, hash: u64) -> bool {
        let added = entry.key.heap_bytes();
        if added > 0 && self.held_bytes().saturating_add(added) > self.bytes {
            return false;
        }
        let i = self.pair_of(hash);
        let pair = self.pairs.pair_mut(i);
        let slot = entry.compact();
        // The key's own entry takes the result (the key it holds kept, the same heap).
        if let Some(old) = pair.iter_mut().flatten().find(|old| old.key == slot.key) {
            fold(old, slot);
            return false;
        }
        let j = victim([0, 1].map(|j| pair[j].as_ref().map(Slot::worth)));
        let was_empty = pair[1 - j].is_none();
        match pair[j].replace(slot) {
            Some(pushed_out) => {
                self.heap = (self.heap + added).saturating_sub(pushed_out.key.heap_bytes());
                true
            }
            None => {
                self.heap += added;
                self.filled += 1;
                if was_empty {
                    self.mark_written(i);
                }
                self.grow_if_due();
                false
            }
        }
    }

    /// Doubles the table if more than one slot in [`GROW_AT`] is filled, below its limit and
    /// within its bytes.
    #[inline]
    fn grow_if_due(&mut self) {
        let doubled = 2 * self.pairs.len() * Pairs::<K, M>::PAIR_BYTES;
        if self.filled > self.capacity() / GROW_AT
            && self.capacity() < self.limit
            && doubled.saturating_add(self.heap) <= self.bytes
        {
            self.grow();
        }
    }

    /// Doubles the slots in place (no second table beside the first, so the table never
    /// takes more than it will hold): each entry stays in its pair or moves to the pair half
    /// the table further, in the order it had. Stops growing if the system refuses the
    /// memory.
    fn grow(&mut self) {
        let half = self.pairs.len();
        if !self.pairs.reserve(half) {
            self.limit = 2 * half;
            return;
        }
        self.pairs.resize(2 * half);
        self.mask = 2 * half - 1;
        // The regions are marked again at the new size, as the entries take their places.
        *self.written = [0; REGIONS / 64];
        for i in 0..half {
            let mut moved = [None, None];
            let (mut kept, mut moving) = (0, 0);
            let pair = self.pairs.pair_mut(i);
            for slot in 0..2 {
                let Some(entry) = pair[slot].take() else {
                    continue;
                };
                if (entry.key.hash64() as usize) & self.mask == i {
                    pair[kept] = Some(entry);
                    kept += 1;
                } else {
                    moved[moving] = Some(entry);
                    moving += 1;
                }
            }
            if kept > 0 {
                self.mark_written(i);
            }
            if moving > 0 {
                *self.pairs.pair_mut(i + half) = moved;
                self.mark_written(i + half);
            }
        }
    }
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

    #[test]
    fn the_table_grows_as_it_fills_keeping_every_entry_up_to_its_limit() {
        let limit_bytes = 32 * FIRST_SLOTS * Pairs::<u64, u8>::PAIR_BYTES;
        let mut table = TranspositionTable::<u64, u8>::with_bytes(limit_bytes);
        assert_eq!(table.capacity(), FIRST_SLOTS);
        let keys = (0..4 * FIRST_SLOTS as u64).map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let mut lost = 0;
        for (i, key) in keys.clone().enumerate() {
            lost += usize::from(table.store(Entry {
                key,
                lower: i as i64,
                ..entry(0, 0, 3, None)
            }));
        }
        assert!(table.capacity() > 4 * FIRST_SLOTS && table.capacity() <= 64 * FIRST_SLOTS);
        // Every entry that was not pushed out while the table was small is found again, with
        // its own bounds.
        let found = keys
            .enumerate()
            .filter(|&(i, key)| table.probe(&key).is_some_and(|e| e.lower == i as i64))
            .count();
        assert_eq!(found + lost, 4 * FIRST_SLOTS);
        assert_eq!(table.entries().count(), found);
        // About a sixth of what a growing table is given at once is pushed out ([`GROW_AT`]):
        // 701 of 4,096 here.
        assert!(lost < 4 * FIRST_SLOTS / 5, "{lost} lost");

        // It never passes its limit.
        for key in 0..64 * FIRST_SLOTS as u64 {
            table.store(entry(0, 0, 1, None).rekeyed(key.wrapping_mul(31), None));
        }
        assert_eq!(table.capacity(), 64 * FIRST_SLOTS);
    }

    /// Keys that own heap memory count against the table's bytes: the slots and the keys'
    /// heap together never pass them, however many entries come.
    #[test]
    fn the_keys_heap_counts_against_the_bound() {
        let bound = 64 << 10;
        let mut table = TranspositionTable::<Vec<u32>, u8>::with_bytes(bound);
        let mut kept = 0;
        for i in 0..10_000u32 {
            let mut key = vec![0; 64];
            key[0] = i;
            table.store(Entry {
                key,
                lower: 0,
                upper: 0,
                depth: 1,
                best: None,
                work: 0,
            });
            assert!(
                table.held_bytes() <= bound,
                "{} after {i}",
                table.held_bytes()
            );
            kept = table.entries().count();
        }
        // Some were kept, far fewer than were stored: 256 bytes of heap a key.
        assert!(kept > 16 && kept < 256, "{kept}");
        table.wipe();
        assert_eq!(
            table.held_bytes(),
            FIRST_SLOTS / 2 * Pairs::<Vec<u32>, u8>::PAIR_BYTES
        );
    }

    /// A table made whole keeps half its bytes for keys that own heap memory, and the slots
    /// and the keys' heap together never pass its bytes.
    #[test]
    fn a_whole_tables_keys_heap_counts_against_the_bound() {
        let bound = 256 << 10;
        let mut table = TranspositionTable::<Vec<u32>, u8>::whole(bound);
        let slots = table.held_bytes();
        assert!(slots <= bound / 2 && slots > bound / 8, "{slots}");
        for i in 0..10_000u32 {
            let mut key = vec![0; 64];
            key[0] = i;
            table.store(entry(0, 0, 1, None).rekeyed(key, None));
            assert!(table.held_bytes() <= bound, "{}", table.held_bytes());
        }
        // The keys filled what the slots left, 256 bytes of heap a key (a key pushed out by
        // a collision leaves a little room unused).
        let room = (bound - slots) / 256;
        let kept = table.entries().count();
        assert!(kept > room * 3 / 4 && kept <= room, "{kept} of {room}");
        // Keys of words take every byte for slots.
        let words = TranspositionTable::<u64, u8>::whole(bound);
        assert!(words.held_bytes() > bound / 2, "{}", words.held_bytes());
    }

    #[test]
    fn a_pair_keeps_its_order_when_the_table_doubles() {
        let mut table = TranspositionTable::<u64, u8>::with_bytes(usize::MAX);
        // Two keys of one pair now and in the table of eight times the slots.
        let same_pair =
            |a: u64, b: u64| (a.hash64() ^ b.hash64()) as usize & (4 * FIRST_SLOTS - 1) == 0;
        let first = 1u64;
        let second = (2u64..).find(|&key| same_pair(first, key)).expect("a key");
        table.store(entry(0, 0, 9, None).rekeyed(first, None));
        table.store(entry(0, 0, 2, None).rekeyed(second, None));
        let before: Vec<u64> = table.entries().map(|e| *e.key).collect();
        while table.capacity() < 8 * FIRST_SLOTS {
            table.grow();
        }
        let after: Vec<u64> = table.entries().map(|e| *e.key).collect();
        assert_eq!(before, after);
    }

    #[test]
    fn a_wiped_table_keeps_its_size_and_holds_nothing() {
        let mut table = TranspositionTable::<u64, u8>::with_bytes(usize::MAX);
        let keys = |count: u64| (1..=count).map(|key| key.wrapping_mul(0x9e37_79b9));
        for key in keys(FIRST_SLOTS as u64) {
            table.store(entry(0, 0, 1, None).rekeyed(key, None));
        }
        let grown = table.capacity();
        assert!(grown > FIRST_SLOTS);
        table.wipe();
        assert_eq!((table.capacity(), table.entries().count()), (grown, 0));
        assert!(keys(FIRST_SLOTS as u64).all(|key| table.probe(&key).is_none()));
        // The same entries again at that size, twice: the same entries kept, in the same places.
        let mut stored = Vec::new();
        for _ in 0..2 {
            for key in keys(FIRST_SLOTS as u64) {
                table.store(entry(0, 0, 1, None).rekeyed(key, None));
            }
            stored.push(table.entries().map(|e| *e.key).collect::<Vec<_>>());
            table.wipe();
        }
        assert_eq!(stored[0], stored[1]);
        assert!(
            stored[0].len() > FIRST_SLOTS * 9 / 10,
            "{}",
            stored[0].len()
        );
        // A small search's entries are wiped too (the regions it wrote alone).
        for key in keys(10) {
            table.store(entry(0, 0, 1, None).rekeyed(key, None));
        }
        table.wipe();
        assert_eq!((table.capacity(), table.entries().count()), (grown, 0));

        // A table made whole stays whole.
        let mut whole = TranspositionTable::<u64, u8>::whole(1 << 16);
        let slots = whole.capacity();
        whole.store(entry(0, 0, 1, None).rekeyed(5, None));
        whole.wipe();
        assert_eq!((whole.capacity(), whole.entries().count()), (slots, 0));
    }

    /// Whatever was stored, however the table grew in between, a wipe leaves no entry: the
    /// regions a store or a doubling writes are marked (a table past [`REGIONS`] pairs has
    /// regions of several pairs).
    #[test]
    fn a_wipe_leaves_nothing_at_any_size() {
        let mut table = TranspositionTable::<u64, u8>::with_bytes(usize::MAX);
        let mut key = 0u64;
        for count in [3, 700, 5_000, 20_000, 1, 40_000, 9] {
            for _ in 0..count {
                key = key.wrapping_add(0x9e37_79b9_7f4a_7c15);
                table.store(entry(0, 0, 1, None).rekeyed(key, None));
            }
            table.wipe();
            assert_eq!(table.entries().count(), 0, "after {count} stores");
            assert_eq!(table.filled, 0);
        }
        assert!(table.capacity() / 2 > REGIONS, "{}", table.capacity());
    }
}
