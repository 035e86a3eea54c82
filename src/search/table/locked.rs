//! The table that threads share for any game: buckets of two entries, each behind its own
//! lock, for keys and moves that do not pack into words (the lock-free
//! [`SharedTable`](super::SharedTable) takes those that do). A thread that finds
//! a bucket locked treats it as empty, or drops its result, as the lock-free table does, so
//! nobody waits.

use crate::game::TableKey;
use crate::search::table::memory::slot_share;
use crate::search::table::table_of;
use crate::search::table::{Entry, place};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// A pair of slots and the mark of a position of the bucket being searched.
#[derive(Debug)]
struct Bucket<K, M> {
    pair: Mutex<[Option<Entry<K, M>>; 2]>,
    busy: AtomicU64,
}

/// The locked table behind a parallel search of a game whose keys or moves do not pack.
#[derive(Debug)]
pub(crate) struct LockedTable<K, M> {
    buckets: Vec<Bucket<K, M>>,
    mask: usize,
    /// The heap memory the stored keys own ([`TableKey::heap_bytes`]).
    heap: AtomicUsize,
    /// What the buckets leave of the table's bytes: the most the keys' heap may take.
    heap_room: usize,
}

impl<K: TableKey, M: Copy> LockedTable<K, M> {
    /// A table of at most `bytes` (and at most [`max_table_bytes`](super::max_table_bytes)),
    /// at least one bucket, halved while the system refuses the memory ([`table_of`]). The
    /// buckets take their share of the bytes ([`slot_share`]: half for keys that own heap
    /// memory), and a key's heap is kept only within what they leave.
    pub fn with_bytes(bytes: usize) -> Self {
        let bytes = bytes.min(super::max_table_bytes());
        let buckets = table_of(slot_share::<K>(bytes), 1, || Bucket {
            pair: Mutex::new([None, None]),
            busy: AtomicU64::new(0),
        });
        let taken = buckets.len() * std::mem::size_of::<Bucket<K, M>>();
        Self {
            mask: buckets.len() - 1,
            buckets,
            heap: AtomicUsize::new(0),
            heap_room: bytes.saturating_sub(taken),
        }
    }

    /// Entries the table holds.
    pub fn capacity(&self) -> usize {
        2 * self.buckets.len()
    }

    fn bucket(&self, hash: u64) -> &Bucket<K, M> {
        // Truncation is fine: only the low bits pick the bucket.
        &self.buckets[hash as usize & self.mask]
    }

    /// Calls `visit` on every stored entry (of buckets no other thread holds).
    pub fn for_each_entry(&self, mut visit: impl FnMut(&Entry<K, M>)) {
        for bucket in &self.buckets {
            if let Ok(pair) = bucket.pair.try_lock() {
                pair.iter().flatten().for_each(&mut visit);
            }
        }
    }

    /// What is stored for `key`, unless another thread holds its bucket.
    pub fn probe(&self, key: &K, hash: u64) -> Option<Entry<(), M>> {
        let pair = self.bucket(hash).pair.try_lock().ok()?;
        pair.iter()
            .flatten()
            .find(|entry| entry.key == *key)
            .map(|entry| entry.rekeyed((), entry.best))
    }

    /// Stores `entry` by the rule of the one-thread table, unless another thread holds the
    /// bucket: then the result is dropped, as a full table drops results. Whether that
    /// pushed another position's result out.
    ///
    /// A key that owns heap memory is kept only while the keys' heap stays within the room
    /// the buckets leave; past it the result is dropped.
    pub fn store(&self, entry: Entry<K, M>, hash: u64) -> bool {
        let added = entry.key.heap_bytes();
        if added > 0 && self.heap.load(Ordering::Relaxed).saturating_add(added) > self.heap_room {
            return false;
        }
        let Ok(mut pair) = self.bucket(hash).pair.try_lock() else {
            return false;
        };
        if !K::OWNS_HEAP && added == 0 {
            return place(&mut *pair, entry);
        }
        let owned = |pair: &[Option<Entry<K, M>>]| -> usize {
            pair.iter().flatten().map(|e| e.key.heap_bytes()).sum()
        };
        let before = owned(&*pair);
        let evicted = place(&mut *pair, entry);
        let after = owned(&*pair);
        // Under the bucket's lock, so the count of each bucket's keys is exact; two threads
        // may both pass the check above at once, by one key each at most.
        if after >= before {
            self.heap.fetch_add(after - before, Ordering::Relaxed);
        } else {
            self.heap.fetch_sub(before - after, Ordering::Relaxed);
        }
        evicted
    }

    /// Marks the position of `hash` as being searched; the claim, if the mark was free.
    pub fn enter(&self, hash: u64) -> Option<u64> {
        let marker = hash | 1;
        self.bucket(hash)
            .busy
            .compare_exchange(0, marker, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok()
            .then_some(hash)
    }

    /// Frees the mark of a claim of [`enter`](Self::enter).
    pub fn leave(&self, hash: u64) {
        self.bucket(hash).busy.store(0, Ordering::Relaxed);
    }

    /// Asks the memory for the bucket of `hash` ahead of a probe (a hint).
    pub fn prefetch(&self, hash: u64) {
        super::prefetch::prefetch(self.bucket(hash));
    }

    /// Whether a thread has marked the position of `hash` as being searched.
    pub fn is_busy(&self, hash: u64) -> bool {
        self.bucket(hash).busy.load(Ordering::Relaxed) == hash | 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_probes_and_marks() {
        let table = LockedTable::<Vec<u16>, u8>::with_bytes(1 << 12);
        let key = vec![3u16, 5];
        let hash = key.hash64();
        let entry = Entry {
            key: key.clone(),
            lower: 2,
            upper: 2,
            best: Some(1),
            depth: 4,
            work: 0,
        };
        table.store(entry, hash);
        let found = table.probe(&key, hash).expect("stored");
        assert_eq!((found.lower, found.upper, found.best), (2, 2, Some(1)));
        assert!(
            table
                .probe(&vec![3u16, 6], vec![3u16, 6].hash64())
                .is_none()
        );
        let claim = table.enter(hash).expect("free");
        assert!(table.is_busy(hash));
        table.leave(claim);
        assert!(!table.is_busy(hash));
    }

    /// Keys that own heap memory take half the bytes at most, with the buckets in the other.
    #[test]
    fn the_keys_heap_stays_within_the_bytes() {
        let bound = 256 << 10;
        let table = LockedTable::<Vec<u32>, u8>::with_bytes(bound);
        let buckets = table.buckets.len() * std::mem::size_of::<Bucket<Vec<u32>, u8>>();
        assert!(buckets <= bound / 2, "{buckets}");
        for i in 0..10_000u32 {
            let mut key = vec![0; 64];
            key[0] = i;
            let hash = key.hash64();
            let entry = Entry {
                key,
                lower: 0,
                upper: 0,
                best: None,
                depth: 1,
                work: 0,
            };
            table.store(entry, hash);
            let heap = table.heap.load(Ordering::Relaxed);
            assert!(buckets + heap <= bound, "{heap} after {i}");
        }
        let mut counted = 0;
        table.for_each_entry(|entry| counted += entry.key.heap_bytes());
        assert_eq!(counted, table.heap.load(Ordering::Relaxed));
        assert!(counted > bound / 4, "{counted}");
    }
}
