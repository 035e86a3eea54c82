//! The one-thread transposition table, `TranspositionTable`: slots in pairs within a byte
//! limit, growing as they fill.

use super::SharedEntry;
use super::entry::{Entry, Put};
use super::pairs::Pairs;
use crate::game::TableKey;

/// A transposition table that grows as it fills, up to the byte limit it was made with.
///
/// Slots come in pairs, a slot an entry in its compact form ([`Slot`](super::entry::Slot):
/// bounds in 32 bits; 24 bytes for a one-word key, 32 for a two-word key, whose pair takes a
/// cache line of its own), kept as the search's types or, for keys of words past 2 MiB, as
/// words in a mapping that the system may back with huge pages ([`Pairs`]). A new result is
/// folded into the same key's entry ([`fold`](super::entry::fold)), else takes an empty slot
/// of the pair or the one with less depth and work behind it
/// ([`victim`](super::entry::victim)), so expensive results survive a flood of cheap ones.
///
/// The table starts at [`FIRST_SLOTS`] (or its limit, if lower) and doubles each time half
/// its slots are filled, a quarter on huge pages ([`GROW_AT`]), until the next doubling would
/// pass its limit; then it replaces as above. So a small search takes little memory whatever
/// the limit, and a large one takes the limit: memory as it is used. Doubling keeps every
/// entry, and the order of the two in a pair (an entry's key must give its hash: one of words
/// that gives no key back, a lie of [`TableKey::WORDS`], is dropped).
///
/// A probe of a large table is a miss of every cache, and in a game of cheap moves (Kalah)
/// it is most of a node's time: a pair in one line makes it one miss, not two (Kalah 8 to 13%
/// faster). Tried and left out: a tag a slot, in an array of its own that a probe reads first
/// (most probes find nothing): the slot's miss moves to the store, which the processor
/// commits in order, and a node cost 20% more (BENCHMARKS.md, "Kalah").
#[derive(Debug)]
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
    /// Whether `bytes` and `limit` are within [`max_table_bytes`](super::max_table_bytes)
    /// yet. A growing table of keys that own no heap asks the system at its first doubling,
    /// not when made: a solver's builder makes a table at several of its steps, and reading
    /// the system's memory costs about 30 µs a time (BENCHMARKS.md, "Making a table").
    within_machine: bool,
    /// The heap memory the stored keys own ([`TableKey::heap_bytes`]; 0 for keys of words).
    heap: usize,
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
///
/// On huge pages ([`Pairs::huge_pages`]) a page fault gives 2 MiB at once, and the table
/// doubles at a quarter, `GROW_AT_HUGE`: fewer entries pushed out, for page faults that
/// cost little (Kalah (4,6) 7% faster, (5,4) 6%, (6,3) 4%, (4,4) the same, (5,3) 2.5%
/// slower; at an eighth (4,4) and (5,3) 8 and 10% slower; Connect 4, Dots and Boxes and
/// PrimeGame within their noise; BENCHMARKS.md, "Kalah").
const GROW_AT: usize = 2;

/// [`GROW_AT`] where the slots are on huge pages.
const GROW_AT_HUGE: usize = 4;

/// The runs of pairs a table keeps a bit each for, set when a store fills a pair of the run:
/// a [`wipe`](TranspositionTable::wipe) empties only the runs so marked. 4,096 bits, 512 bytes
/// beside the slots; a run is one pair up to 4,096 pairs, then a longer run.
const REGIONS: usize = 4096;

impl<K: TableKey, M: Copy + 'static> TranspositionTable<K, M> {
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
        let whole = first_slots == usize::MAX;
        // A table made whole, or one whose keys own heap (kept within `bytes` from the first
        // store), is bounded by the machine now; a growing one of other keys at its first
        // doubling, its first slots few.
        let within_machine = whole || K::OWNS_HEAP;
        let bytes = if within_machine {
            bytes.min(super::max_table_bytes())
        } else {
            bytes
        };
        let slot_bytes = if whole {
            super::memory::slot_share::<K>(bytes)
        } else {
            bytes
        };
        let (pairs, limit) = Pairs::within(slot_bytes, first_slots / 2);
        Self {
            mask: pairs.len() - 1,
            limit: 2 * limit,
            filled: 0,
            written: Box::new([0; REGIONS / 64]),
            bytes,
            within_machine,
            heap: 0,
            pairs,
        }
    }

    /// Bounds the table's bytes and limit by the machine's ([`max_table_bytes`](
    /// super::max_table_bytes)), once.
    fn bound_by_machine(&mut self) {
        if !self.within_machine {
            self.within_machine = true;
            self.bytes = self.bytes.min(super::max_table_bytes());
            let most = 2 * Pairs::<K, M>::most_within(self.bytes);
            self.limit = self.limit.min(most).max(self.capacity());
        }
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
        (self.pairs.len() * self.pairs.pair_bytes()).saturating_add(self.heap)
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
        self.pairs.prefetch(self.pair_of(hash));
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
        self.pairs.probe(self.pair_of(hash), key)
    }

    /// Calls `visit` on every stored entry, keyed by its words and with its move as a code
    /// (a move that is no small integer left out); `false`, and not every entry visited, if
    /// the keys give no words.
    pub fn for_each_portable(&self, visit: impl FnMut(SharedEntry)) -> bool {
        self.pairs.for_each_portable(visit)
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
        match self.pairs.put(i, entry.compact()) {
            Put::Folded | Put::Refused => false,
            Put::Replaced { heap } => {
                self.heap = (self.heap + added).saturating_sub(heap);
                true
            }
            Put::Filled { was_empty } => {
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

    /// The table doubles when more than one slot in this many is filled: [`GROW_AT`], or
    /// [`GROW_AT_HUGE`] on huge pages.
    #[inline]
    fn grow_at(&self) -> usize {
        if self.pairs.huge_pages() {
            GROW_AT_HUGE
        } else {
            GROW_AT
        }
    }

    /// Doubles the table if more than one slot in [`GROW_AT`] (or [`GROW_AT_HUGE`]) is
    /// filled, below its limit and within its bytes.
    #[inline]
    fn grow_if_due(&mut self) {
        if self.filled > self.capacity() / self.grow_at() {
            self.bound_by_machine();
            let doubled = 2 * self.pairs.len() * self.pairs.pair_bytes();
            if self.capacity() < self.limit && doubled.saturating_add(self.heap) <= self.bytes {
                self.grow();
            }
        }
    }

    /// Doubles the slots in place (no second table beside the first, so the table never
    /// takes more than it will hold, but for the `Vec` of at most 2 MiB that keys of words
    /// leave for their mapping, once): each entry stays in its pair or moves to the pair half
    /// the table further, in the order it had. Stops growing if the system refuses the
    /// memory.
    fn grow(&mut self) {
        self.bound_by_machine();
        let half = self.pairs.len();
        let Some(dropped) = self.pairs.extend_to(2 * half, self.bytes) else {
            self.limit = 2 * half;
            return;
        };
        self.filled -= dropped;
        if let Some(room) = self.pairs.room() {
            self.limit = 2 * room;
        }
        self.mask = 2 * half - 1;
        // The regions are marked again at the new size, as the entries take their places.
        *self.written = [0; REGIONS / 64];
        for i in 0..half {
            let split = self.pairs.split(i, half, self.mask);
            self.filled -= split.dropped;
            if split.kept {
                self.mark_written(i);
            }
            if split.moved {
                self.mark_written(i + half);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{KEY_WORDS, mix64};

    /// A key of one word that does not say how many words it takes: the table keeps it as
    /// it is, in a `Vec` ([`Pairs`]), where it keeps a `u64` as words.
    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    struct Typed(u64);

    impl TableKey for Typed {
        fn hash64(&self) -> u64 {
            mix64(self.0)
        }
        fn words(&self) -> Option<[u64; KEY_WORDS]> {
            self.0.words()
        }
        fn from_words(words: [u64; KEY_WORDS]) -> Option<Self> {
            u64::from_words(words).map(Self)
        }
    }

    /// The keys of the tests, kept as words (`u64`) and as they are (`Typed`).
    trait TestKey: TableKey {
        fn of(word: u64) -> Self;
    }

    impl TestKey for u64 {
        fn of(word: u64) -> Self {
            word
        }
    }

    impl TestKey for Typed {
        fn of(word: u64) -> Self {
            Self(word)
        }
    }

    /// Runs `test` on a table of each storage.
    fn on_both(test: fn(&dyn Fn(usize) -> Box<dyn Table>)) {
        test(&|bytes| Box::new(TranspositionTable::<u64, u8>::with_bytes(bytes)));
        test(&|bytes| Box::new(TranspositionTable::<Typed, u8>::with_bytes(bytes)));
    }

    /// What the tests ask of a table of either key.
    trait Table {
        fn store(&mut self, key: u64, entry: Entry<(), u8>) -> bool;
        fn probe(&self, key: u64) -> Option<Entry<(), u8>>;
        fn keys(&self) -> Vec<u64>;
        fn capacity(&self) -> usize;
        fn grow(&mut self);
        fn wipe(&mut self);
        fn filled(&self) -> usize;
        fn grow_at(&self) -> usize;
    }

    impl<K: TestKey> Table for TranspositionTable<K, u8> {
        fn store(&mut self, key: u64, entry: Entry<(), u8>) -> bool {
            TranspositionTable::store(self, entry.rekeyed(K::of(key), entry.best))
        }
        fn probe(&self, key: u64) -> Option<Entry<(), u8>> {
            TranspositionTable::probe(self, &K::of(key))
        }
        fn keys(&self) -> Vec<u64> {
            let mut keys = Vec::new();
            assert!(self.for_each_portable(|entry| keys.push(entry.key[0])));
            keys
        }
        fn capacity(&self) -> usize {
            TranspositionTable::capacity(self)
        }
        fn grow(&mut self) {
            TranspositionTable::grow(self);
        }
        fn wipe(&mut self) {
            TranspositionTable::wipe(self);
        }
        fn filled(&self) -> usize {
            self.filled
        }
        fn grow_at(&self) -> usize {
            TranspositionTable::grow_at(self)
        }
    }

    fn entry(lower: i64, upper: i64, depth: u16, best: Option<u8>) -> Entry<(), u8> {
        Entry {
            key: (),
            lower,
            upper,
            best,
            depth,
            work: 0,
        }
    }

    fn bounds(table: &dyn Table) -> (i64, i64, Option<u8>) {
        let stored = table.probe(1).expect("stored");
        (stored.lower, stored.upper, stored.best)
    }

    #[test]
    fn results_of_one_depth_combine_their_bounds() {
        on_both(|with_bytes| {
            let mut table = with_bytes(1 << 12);
            table.store(1, entry(3, i64::MAX, 4, Some(7)));
            table.store(1, entry(i64::MIN, 9, 4, Some(2)));
            // The fail-low move does not replace the move that failed high.
            assert_eq!(bounds(&*table), (3, 9, Some(7)));
            table.store(1, entry(5, 5, 4, Some(4)));
            assert_eq!(bounds(&*table), (5, 5, Some(4)));
        });
    }

    #[test]
    fn deeper_results_replace_and_shallower_ones_are_dropped() {
        on_both(|with_bytes| {
            let mut table = with_bytes(1 << 12);
            table.store(1, entry(3, i64::MAX, 4, Some(7)));
            table.store(1, entry(i64::MIN, 1, 6, Some(2)));
            assert_eq!(bounds(&*table), (i64::MIN, 1, Some(2)));
            table.store(1, entry(8, 8, 5, Some(3)));
            assert_eq!(bounds(&*table), (i64::MIN, 1, Some(2)));
        });
    }

    #[test]
    fn crossing_bounds_give_way_to_the_newer_result() {
        on_both(|with_bytes| {
            let mut table = with_bytes(1 << 12);
            table.store(1, entry(6, i64::MAX, 2, None));
            table.store(1, entry(i64::MIN, 4, 2, Some(1)));
            assert_eq!(bounds(&*table), (i64::MIN, 4, Some(1)));
        });
    }

    #[test]
    fn the_table_grows_as_it_fills_keeping_every_entry_up_to_its_limit() {
        // Keys of words start in a `Vec` and move to words as the table grows.
        let (mut words, limit) = Pairs::<u64, u8>::within(1 << 20, 2);
        assert!(matches!(words, Pairs::Packed(_)));
        assert_eq!(words.extend_to(1 << 10, 1 << 20), Some(0));
        assert!(matches!(words, Pairs::Words(_)));
        assert_eq!(words.room(), Some(limit));
        // Where words take fewer bytes (PrimeGame's 128-bit keys and 32-bit moves: typed pairs
        // of 96 bytes, of words 64), the same bytes hold more of them.
        let (mut wide, typed_limit) = Pairs::<u128, u32>::within(1 << 20, 2);
        assert_eq!(wide.extend_to(1 << 10, 1 << 20), Some(0));
        assert_eq!((typed_limit, wide.room()), (1 << 13, Some(1 << 14)));
        // Where words take more (a 32-bit key: typed pairs of 40 bytes, of words 48), the slots
        // stay typed when the bytes would not hold the pairs as words.
        let (mut narrow, narrow_limit) = Pairs::<u32, u8>::within(128 * 40, 64);
        assert_eq!(narrow_limit, 128);
        assert_eq!(narrow.extend_to(128, 128 * 40), Some(0));
        assert!(matches!(narrow, Pairs::Packed(_)) && narrow.len() == 128);
        let (typed, _) = Pairs::<Typed, u8>::within(1 << 20, 1 << 10);
        assert!(matches!(typed, Pairs::Packed(_)));
        assert_eq!((words.pair_bytes(), typed.pair_bytes()), (48, 48));
        on_both(|with_bytes| {
            let mut table = with_bytes(32 * FIRST_SLOTS * 48);
            assert_eq!(table.capacity(), FIRST_SLOTS);
            let keys = (0..4 * FIRST_SLOTS as u64).map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15));
            let mut lost = 0;
            for (i, key) in keys.clone().enumerate() {
                let lower = i as i64;
                lost += usize::from(table.store(key, entry(lower, lower, 3, None)));
            }
            assert!(table.capacity() > 4 * FIRST_SLOTS && table.capacity() <= 64 * FIRST_SLOTS);
            // Every entry that was not pushed out while the table was small is found again,
            // with its own bounds.
            let found = keys
                .enumerate()
                .filter(|&(i, key)| table.probe(key).is_some_and(|e| e.lower == i as i64))
                .count();
            assert_eq!(found + lost, 4 * FIRST_SLOTS);
            assert_eq!(table.keys().len(), found);
            // About a sixth of what a table growing at a half ([`GROW_AT`]) is given at once
            // is pushed out, 687 of 4,096 here; at a quarter ([`GROW_AT_HUGE`]) 224.
            let most = match table.grow_at() {
                GROW_AT => 4 * FIRST_SLOTS / 5,
                _ => 4 * FIRST_SLOTS / 12,
            };
            assert!(lost < most, "{lost} lost");

            // It never passes its limit.
            for key in 0..64 * FIRST_SLOTS as u64 {
                table.store(key.wrapping_mul(31), entry(0, 0, 1, None));
            }
            assert_eq!(table.capacity(), 64 * FIRST_SLOTS);
        });
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
            table.store(entry(0, 0, 1, None).rekeyed(key, None));
            assert!(
                table.held_bytes() <= bound,
                "{} after {i}",
                table.held_bytes()
            );
            kept = table.pairs.stored();
        }
        // Some were kept, far fewer than were stored: 256 bytes of heap a key.
        assert!(kept > 16 && kept < 256, "{kept}");
        table.wipe();
        assert_eq!(
            table.held_bytes(),
            FIRST_SLOTS / 2 * table.pairs.pair_bytes()
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
        let kept = table.pairs.stored();
        assert!(kept > room * 3 / 4 && kept <= room, "{kept} of {room}");
        // Keys of words take every byte for slots, and no more.
        let words = TranspositionTable::<u64, u8>::whole(bound);
        assert!(words.held_bytes() > bound / 2, "{}", words.held_bytes());
        let wide = TranspositionTable::<u128, u32>::whole(bound);
        assert!(wide.held_bytes() > bound / 2 && wide.held_bytes() <= bound);
    }

    #[test]
    fn a_growing_table_reads_the_machines_limit_at_its_first_doubling() {
        let most = super::super::max_table_bytes();
        let mut table = TranspositionTable::<u64, u8>::with_bytes(usize::MAX);
        assert!(!table.within_machine && table.bytes == usize::MAX);
        table.grow();
        assert!(table.within_machine && table.bytes == most);
        assert!(table.limit <= 2 * Pairs::<u64, u8>::most_within(most));
        // Keys that own heap are kept within the bytes from the first store: bounded at once,
        // and so is a table made whole.
        let heap = TranspositionTable::<Vec<u8>, u8>::with_bytes(usize::MAX);
        assert!(heap.within_machine && heap.bytes == most);
        let whole = TranspositionTable::<u64, u8>::whole(1 << 16);
        assert!(whole.within_machine && whole.bytes == 1 << 16);
    }

    #[test]
    fn a_pair_keeps_its_order_when_the_table_doubles() {
        on_both(|with_bytes| {
            let mut table = with_bytes(usize::MAX);
            // Two keys of one pair now and in the table of eight times the slots.
            let same_pair =
                |a: u64, b: u64| (a.hash64() ^ b.hash64()) as usize & (4 * FIRST_SLOTS - 1) == 0;
            let first = 1u64;
            let second = (2u64..).find(|&key| same_pair(first, key)).expect("a key");
            table.store(first, entry(0, 0, 9, None));
            table.store(second, entry(0, 0, 2, None));
            let before = table.keys();
            while table.capacity() < 8 * FIRST_SLOTS {
                table.grow();
            }
            assert_eq!(before, table.keys());
        });
    }

    #[test]
    fn a_wiped_table_keeps_its_size_and_holds_nothing() {
        on_both(|with_bytes| {
            let mut table = with_bytes(usize::MAX);
            let keys = |count: u64| (1..=count).map(|key| key.wrapping_mul(0x9e37_79b9));
            for key in keys(FIRST_SLOTS as u64) {
                table.store(key, entry(0, 0, 1, None));
            }
            let grown = table.capacity();
            assert!(grown > FIRST_SLOTS);
            table.wipe();
            assert_eq!((table.capacity(), table.keys().len()), (grown, 0));
            assert!(keys(FIRST_SLOTS as u64).all(|key| table.probe(key).is_none()));
            // The same entries again at that size, twice: the same entries kept, in the same
            // places.
            let mut stored = Vec::new();
            for _ in 0..2 {
                for key in keys(FIRST_SLOTS as u64) {
                    table.store(key, entry(0, 0, 1, None));
                }
                stored.push(table.keys());
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
                table.store(key, entry(0, 0, 1, None));
            }
            table.wipe();
            assert_eq!((table.capacity(), table.keys().len()), (grown, 0));
        });
        // A table made whole stays whole.
        let mut whole = TranspositionTable::<u64, u8>::whole(1 << 16);
        let slots = whole.capacity();
        whole.store(entry(0, 0, 1, None).rekeyed(5, None));
        whole.wipe();
        assert_eq!((whole.capacity(), whole.pairs.stored()), (slots, 0));
    }

    /// Whatever was stored, however the table grew in between, a wipe leaves no entry: the
    /// regions a store or a doubling writes are marked (a table past [`REGIONS`] pairs has
    /// regions of several pairs).
    #[test]
    fn a_wipe_leaves_nothing_at_any_size() {
        on_both(|with_bytes| {
            let mut table = with_bytes(usize::MAX);
            let mut key = 0u64;
            for count in [3, 700, 5_000, 20_000, 1, 40_000, 9] {
                for _ in 0..count {
                    key = key.wrapping_add(0x9e37_79b9_7f4a_7c15);
                    table.store(key, entry(0, 0, 1, None));
                }
                table.wipe();
                assert_eq!(table.keys().len(), 0, "after {count} stores");
                assert_eq!(table.filled(), 0);
            }
            assert!(table.capacity() / 2 > REGIONS, "{}", table.capacity());
        });
    }

    /// A key that says it takes fewer words than it gives (a lie of [`TableKey::WORDS`]) is
    /// not kept where the slots are words (past the table's first 2 MiB; 4 KiB in the unit
    /// tests): the search loses the result, never gets a wrong one. One whose words give no
    /// key back is dropped when the table doubles.
    #[test]
    fn keys_that_lie_about_their_words_are_not_kept() {
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        struct Liar(u128);
        impl TableKey for Liar {
            const WORDS: usize = 1;
            fn hash64(&self) -> u64 {
                self.0.hash64()
            }
            fn words(&self) -> Option<[u64; KEY_WORDS]> {
                self.0.words()
            }
            fn from_words(words: [u64; KEY_WORDS]) -> Option<Self> {
                // Every other key's words give none back.
                words[0]
                    .is_multiple_of(2)
                    .then(|| u128::from_words(words).map(Self))?
            }
        }
        // Kept in a `Vec` while the table is small, dropped when the slots move to words.
        let (mut pairs, _) = Pairs::<Liar, u8>::within(1 << 20, 2);
        let slot = |key| entry(1, 1, 1, None).rekeyed(Liar(key), None).compact();
        assert!(matches!(pairs.put(0, slot(1 << 64)), Put::Filled { .. }));
        assert!(matches!(pairs.put(1, slot(2)), Put::Filled { .. }));
        assert_eq!(pairs.extend_to(1 << 10, 1 << 20), Some(1));
        assert!(pairs.probe(0, &Liar(1 << 64)).is_none() && pairs.probe(1, &Liar(2)).is_some());

        // So in a table: kept while it is small, gone once it has doubled into words.
        let mut table = TranspositionTable::<Liar, u8>::with_bytes(usize::MAX);
        table.store(entry(1, 1, 1, None).rekeyed(Liar(1 << 64), None));
        assert!(table.probe(&Liar(1 << 64)).is_some());
        let keys = 0..FIRST_SLOTS as u128;
        for key in keys.clone() {
            table.store(entry(1, 1, 1, None).rekeyed(Liar(key), None));
        }
        assert!(table.capacity() > FIRST_SLOTS);
        // The odd keys stored before the doubling were dropped by it; the even ones and the
        // later odd ones are found (but for those a collision pushed out).
        let found: Vec<u128> = keys
            .filter(|&key| table.probe(&Liar(key)).is_some())
            .collect();
        // The first doubling comes once more than half the slots are filled: not before the
        // 512th key. Here the table doubled at a half in its `Vec`, then at a quarter on huge
        // pages, and 558 keys were found, 89 of them odd, the first the 845th.
        let odd = found.iter().filter(|&&key| key % 2 == 1);
        assert!(odd.clone().all(|&key| key > FIRST_SLOTS as u128 / 2));
        assert!(odd.count() > 0 && found.len() > FIRST_SLOTS / 2);
        assert!(matches!(table.pairs, Pairs::Words(_)));
        assert!(table.probe(&Liar(1 << 64)).is_none());
        assert_eq!(table.filled, table.pairs.stored());
    }
}
