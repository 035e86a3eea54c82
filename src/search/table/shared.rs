//! A transposition table that threads share without a lock: each bucket of two entries is
//! guarded by a sequence number. A reader that sees the number odd or changed treats the
//! bucket as empty; a writer that finds it odd (another thread is writing) drops its result.
//! Nobody waits, and a torn entry is never read. Whole keys are stored and compared, so the
//! table is as exact as the one-thread [`TranspositionTable`](super::TranspositionTable), with
//! the same replacement rule ([`place`]). The bucket's last word marks a position of the
//! bucket that some thread is searching now.

use crate::game::KEY_WORDS;
use crate::search::table::table_of;
use crate::search::table::{Entry, place};
use std::sync::atomic::{AtomicU64, Ordering, fence};

/// Words of one entry: the key, the two bounds and one of depth, work and move.
const ENTRY_WORDS: usize = KEY_WORDS + 3;
/// Words of one bucket: its sequence number, two entries, the busy mark, padding to 128
/// bytes.
const BUCKET_WORDS: usize = 16;
/// The word that marks a position of the bucket as being searched, outside the sequence
/// number's guard: it sits beside the entries, so marking a position touches a cache line
/// that its probe has just read, not one more line that every thread writes at every node.
const BUSY_WORD: usize = BUCKET_WORDS - 1;
// The entries take the words after the sequence number, up to the busy mark.
const _: () = assert!(2 * ENTRY_WORDS < BUSY_WORD);

/// Flags of the last word of an entry, beside depth (bits 0-15), work (16-23) and the move
/// code (32-63).
const OCCUPIED: u64 = 1 << 24;
const HAS_MOVE: u64 = 1 << 25;

/// An entry as the shared table holds it: key words and a move code.
pub(crate) type SharedEntry = Entry<[u64; KEY_WORDS], u32>;

/// One bucket, aligned to cache lines so that it spans two of them, not three.
#[derive(Debug)]
#[repr(align(64))]
struct Bucket([AtomicU64; BUCKET_WORDS]);

/// The lock-free table behind a parallel search.
#[derive(Debug)]
pub(crate) struct SharedTable {
    /// Buckets of two entries; each also marks one position being searched (a position
    /// whose bucket's mark is taken goes unmarked, which costs only some duplicated work).
    buckets: Vec<Bucket>,
    /// Buckets - 1 (a power of two minus one).
    mask: usize,
}

fn encode(entry: &SharedEntry) -> [u64; ENTRY_WORDS] {
    let mut words = [0; ENTRY_WORDS];
    words[..KEY_WORDS].copy_from_slice(&entry.key);
    // Bit patterns: the bounds are stored as they are and read back the same way.
    words[KEY_WORDS] = entry.lower as u64;
    words[KEY_WORDS + 1] = entry.upper as u64;
    words[KEY_WORDS + 2] = u64::from(entry.depth)
        | u64::from(entry.work) << 16
        | OCCUPIED
        | entry
            .best
            .map_or(0, |code| HAS_MOVE | u64::from(code) << 32);
    words
}

fn decode(words: &[u64]) -> Option<SharedEntry> {
    let meta = words[KEY_WORDS + 2];
    (meta & OCCUPIED != 0).then(|| Entry {
        key: words[..KEY_WORDS].try_into().expect("key words"),
        lower: words[KEY_WORDS] as i64,
        upper: words[KEY_WORDS + 1] as i64,
        // Truncations are intended: the fields were packed from these widths.
        best: (meta & HAS_MOVE != 0).then_some((meta >> 32) as u32),
        depth: meta as u16,
        work: (meta >> 16) as u8,
    })
}

impl SharedTable {
    /// A table of at most `bytes` (and at most [`max_table_bytes`](super::max_table_bytes)),
    /// at least one bucket, halved while the system refuses the memory ([`table_of`]).
    pub fn with_bytes(bytes: usize) -> Self {
        let buckets = table_of(bytes, 1, || {
            Bucket(std::array::from_fn(|_| AtomicU64::new(0)))
        });
        Self {
            mask: buckets.len() - 1,
            buckets,
        }
    }

    /// Entries the table holds.
    pub fn capacity(&self) -> usize {
        2 * (self.mask + 1)
    }

    /// Forgets every entry. Only between searches: a search running meanwhile could read a
    /// bucket half cleared.
    pub fn clear(&self) {
        for word in self.buckets.iter().flat_map(|bucket| &bucket.0) {
            word.store(0, Ordering::Relaxed);
        }
    }

    fn bucket(&self, hash: u64) -> &[AtomicU64; BUCKET_WORDS] {
        // Truncation is fine: only the low bits pick the bucket.
        &self.buckets[hash as usize & self.mask].0
    }

    fn busy_slot(&self, hash: u64) -> &AtomicU64 {
        &self.bucket(hash)[BUSY_WORD]
    }

    /// Marks the position of `hash` as being searched; returns the claim (its marker) if the
    /// slot was free.
    pub fn enter(&self, hash: u64) -> Option<u64> {
        // 0 marks a free slot.
        let marker = hash | 1;
        self.busy_slot(hash)
            .compare_exchange(0, marker, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok()
            .then_some(hash)
    }

    /// Frees the slot of a claim of [`enter`](Self::enter).
    pub fn leave(&self, hash: u64) {
        self.busy_slot(hash).store(0, Ordering::Relaxed);
    }

    /// Whether a thread has marked the position of `hash` as being searched.
    pub fn is_busy(&self, hash: u64) -> bool {
        self.busy_slot(hash).load(Ordering::Relaxed) == hash | 1
    }

    /// The entry stored for the key of `words` (hashed to `hash`), if any can be read. Only
    /// the key words are read until one matches.
    pub fn probe(&self, words: &[u64; KEY_WORDS], hash: u64) -> Option<SharedEntry> {
        let bucket = self.bucket(hash);
        let sequence = bucket[0].load(Ordering::Acquire);
        if sequence & 1 != 0 {
            return None;
        }
        let found = (0..2).find_map(|slot| {
            let entry = &bucket[1 + slot * ENTRY_WORDS..1 + (slot + 1) * ENTRY_WORDS];
            let matches = entry[..KEY_WORDS]
                .iter()
                .zip(words)
                .all(|(atomic, &word)| atomic.load(Ordering::Relaxed) == word);
            if !matches {
                return None;
            }
            let mut copy = [0u64; ENTRY_WORDS];
            copy[..KEY_WORDS].copy_from_slice(words);
            for (word, atomic) in copy[KEY_WORDS..].iter_mut().zip(&entry[KEY_WORDS..]) {
                *word = atomic.load(Ordering::Relaxed);
            }
            Some(copy)
        })?;
        fence(Ordering::Acquire);
        if bucket[0].load(Ordering::Relaxed) != sequence {
            return None;
        }
        decode(&found)
    }

    /// Calls `visit` on every stored entry (of buckets no thread is writing).
    pub fn for_each_entry(&self, mut visit: impl FnMut(SharedEntry)) {
        for bucket in &self.buckets {
            let bucket = &bucket.0;
            let sequence = bucket[0].load(Ordering::Acquire);
            let mut words = [0u64; 2 * ENTRY_WORDS];
            for (word, atomic) in words.iter_mut().zip(&bucket[1..]) {
                *word = atomic.load(Ordering::Relaxed);
            }
            fence(Ordering::Acquire);
            if sequence & 1 == 0 && bucket[0].load(Ordering::Relaxed) == sequence {
                words
                    .chunks(ENTRY_WORDS)
                    .filter_map(decode)
                    .for_each(&mut visit);
            }
        }
    }

    /// Stores `entry` by the rule of the one-thread table, unless another thread is writing
    /// the same bucket: then the result is dropped, as a full table drops results. Whether
    /// that pushed another position's result out.
    pub fn store(&self, entry: SharedEntry, hash: u64) -> bool {
        let bucket = self.bucket(hash);
        let sequence = bucket[0].load(Ordering::Relaxed);
        if sequence & 1 != 0
            || bucket[0]
                .compare_exchange(sequence, sequence + 1, Ordering::Acquire, Ordering::Relaxed)
                .is_err()
        {
            return false;
        }
        fence(Ordering::Release);
        // The bucket is this thread's until the sequence number is even again.
        let mut words = [0u64; 2 * ENTRY_WORDS];
        for (word, atomic) in words.iter_mut().zip(&bucket[1..]) {
            *word = atomic.load(Ordering::Relaxed);
        }
        let mut pair = [decode(&words[..ENTRY_WORDS]), decode(&words[ENTRY_WORDS..])];
        let evicted = place(&mut pair, entry);
        for (slot, entry) in pair.iter().enumerate() {
            let encoded = entry.as_ref().map_or([0; ENTRY_WORDS], encode);
            let start = 1 + slot * ENTRY_WORDS;
            for (atomic, word) in bucket[start..start + ENTRY_WORDS].iter().zip(encoded) {
                atomic.store(word, Ordering::Relaxed);
            }
        }
        bucket[0].store(sequence + 2, Ordering::Release);
        evicted
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn entry(key: u64, lower: i64, upper: i64, best: Option<u32>) -> SharedEntry {
        Entry {
            key: [key, !key, key << 3, 7],
            lower,
            upper,
            best,
            depth: crate::search::table::PROVEN,
            work: 5,
        }
    }

    #[test]
    fn entries_round_trip_and_fold_like_the_local_table() {
        let table = SharedTable::with_bytes(1 << 12);
        let hash = 12345;
        table.store(entry(1, 3, i64::MAX, Some(7)), hash);
        table.store(entry(1, i64::MIN, 9, None), hash);
        let stored = table
            .probe(&entry(1, 0, 0, None).key, hash)
            .expect("stored");
        assert_eq!((stored.lower, stored.upper, stored.best), (3, 9, Some(7)));
        assert_eq!(
            (stored.depth, stored.work),
            (crate::search::table::PROVEN, 5)
        );
        assert!(table.probe(&entry(2, 0, 0, None).key, hash).is_none());
        let negative = entry(3, -40, -2, Some(u32::MAX));
        table.store(negative, hash);
        assert_eq!(table.probe(&negative.key, hash), Some(negative));
    }

    #[test]
    fn busy_marks_share_the_bucket_without_touching_its_entries() {
        let table = SharedTable::with_bytes(1 << 12);
        let hash = 77;
        let stored = entry(5, 1, 4, Some(3));
        table.store(stored, hash);
        let claim = table.enter(hash).expect("the bucket's mark is free");
        assert!(table.is_busy(hash));
        // Another position of the same bucket finds the mark taken and goes unmarked.
        let same_bucket = hash + (table.mask as u64 + 1);
        assert!(!table.is_busy(same_bucket));
        assert_eq!(table.enter(same_bucket), None);
        // Entries are stored and read while the mark is set, and the mark survives a store.
        assert_eq!(table.probe(&stored.key, hash), Some(stored));
        let other = entry(6, -2, -2, None);
        table.store(other, same_bucket);
        assert_eq!(table.probe(&other.key, same_bucket), Some(other));
        assert!(table.is_busy(hash));
        table.leave(claim);
        assert!(!table.is_busy(hash));
        assert_eq!(table.probe(&stored.key, hash), Some(stored));
    }

    #[test]
    fn concurrent_writers_never_leave_a_torn_entry() {
        // Each thread writes entries whose fields all derive from the key: any mix of two
        // writes would show as a mismatch.
        let table = Arc::new(SharedTable::with_bytes(1 << 10));
        std::thread::scope(|scope| {
            for thread in 0..4u64 {
                let table = &table;
                scope.spawn(move || {
                    let mut found_any = false;
                    for i in 0..20_000u64 {
                        let key = i % 64 + thread * 1000;
                        let value = key as i64 * 3;
                        table.store(entry(key, value, value + 1, Some(key as u32)), key);
                        if let Some(found) = table.probe(&entry(key ^ 1, 0, 0, None).key, key ^ 1) {
                            found_any = true;
                            let key = found.key[0];
                            assert_eq!(
                                found,
                                entry(key, key as i64 * 3, key as i64 * 3 + 1, Some(key as u32))
                            );
                        }
                    }
                    // The check above must have run.
                    assert!(found_any, "thread {thread} read no entry");
                });
            }
        });
    }
}
