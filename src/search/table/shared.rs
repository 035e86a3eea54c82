//! A transposition table that threads share without a lock: each bucket of two entries is
//! guarded by a sequence number. A reader that sees the number odd or changed treats the
//! bucket as empty; a writer that finds it odd (another thread is writing) drops its result.
//! Nobody waits, and a torn entry is never read. Whole keys are stored and compared, so the
//! table is as exact as the one-thread [`TranspositionTable`](super::TranspositionTable), with
//! the same replacement rule ([`place`]). The bucket's last word marks a position of the
//! bucket that some thread is searching now.

use crate::game::KEY_WORDS;
use crate::search::table::count_within;
use crate::search::table::entry::meta;
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

/// An entry as the shared table holds it: key words and a move code.
pub(crate) type SharedEntry = Entry<[u64; KEY_WORDS], u32>;

/// Buckets in a page of memory (4 KiB, the smallest page of the systems we run on).
const BUCKETS_PER_PAGE: usize = 4096 / (BUCKET_WORDS * 8);

/// The lock-free table behind a parallel search.
///
/// Its words are asked of the system zeroed (an empty entry is all zeros), so the system
/// gives pages only as buckets are used: a small search takes little memory whatever the
/// table's size. Each page is first touched by a write ([`bucket`](Self::bucket)): a page
/// first read is mapped to the system's shared zero page and copied at its first write, which
/// must then be flushed from every processor's address cache, some 10 µs each on a virtual
/// machine with two threads searching (1.5 s of system time for a 256 MiB table).
#[derive(Debug)]
pub(crate) struct SharedTable {
    /// Buckets of two entries, [`BUCKET_WORDS`] each from `first`; each also marks one
    /// position being searched (a position whose bucket's mark is taken goes unmarked, which
    /// costs only some duplicated work).
    words: Box<[AtomicU64]>,
    /// The word where the first bucket starts: the first on a 128-byte boundary, so that
    /// each bucket spans two cache lines, not three.
    first: usize,
    /// Buckets - 1 (a power of two minus one).
    mask: usize,
    /// One bit a page of buckets: set once the page has been written.
    touched: Box<[AtomicU64]>,
    /// Buckets between the start of the first bucket's page and the first bucket.
    page_offset: usize,
}

fn encode(entry: &SharedEntry) -> [u64; ENTRY_WORDS] {
    let mut words = [0; ENTRY_WORDS];
    words[..KEY_WORDS].copy_from_slice(&entry.key);
    // Bit patterns: the bounds are stored as they are and read back the same way.
    words[KEY_WORDS] = entry.lower as u64;
    words[KEY_WORDS + 1] = entry.upper as u64;
    words[KEY_WORDS + 2] = meta::word(entry.depth, entry.work, entry.best);
    words
}

fn decode(words: &[u64]) -> Option<SharedEntry> {
    let (depth, work, best) = meta::fields(words[KEY_WORDS + 2])?;
    Some(Entry {
        key: words[..KEY_WORDS].try_into().expect("key words"),
        lower: words[KEY_WORDS] as i64,
        upper: words[KEY_WORDS + 1] as i64,
        best,
        depth,
        work,
    })
}

impl SharedTable {
    /// A table of at most `bytes` (and at most [`max_table_bytes`](super::max_table_bytes)),
    /// at least one bucket, halved while the system refuses the memory.
    pub fn with_bytes(bytes: usize) -> Self {
        let bytes = bytes.min(super::max_table_bytes());
        let mut buckets = count_within(bytes, std::mem::size_of::<[u64; BUCKET_WORDS]>(), 1);
        // One bucket's words more, to start on a boundary.
        let words = loop {
            match bytemuck::allocation::try_zeroed_slice_box(buckets * BUCKET_WORDS + BUCKET_WORDS)
            {
                Ok(words) => break words,
                Err(()) if buckets > 1 => buckets /= 2,
                Err(()) => break bytemuck::allocation::zeroed_slice_box(2 * BUCKET_WORDS),
            }
        };
        let bucket_bytes = BUCKET_WORDS * 8;
        // Addresses only: where the buckets fall on cache lines and pages.
        let address = words.as_ptr() as usize;
        let first = (bucket_bytes - address % bucket_bytes) % bucket_bytes / 8;
        let page_offset = (address + first * 8) % 4096 / bucket_bytes;
        let pages = (page_offset + buckets).div_ceil(BUCKETS_PER_PAGE);
        Self {
            first,
            words,
            mask: buckets - 1,
            touched: (0..pages.div_ceil(64)).map(|_| AtomicU64::new(0)).collect(),
            page_offset,
        }
    }

    /// Entries the table holds.
    pub fn capacity(&self) -> usize {
        2 * (self.mask + 1)
    }

    /// Asks the memory for the bucket of `hash` ahead of a probe (a hint: a page not yet
    /// written is left alone, since a prefetch never faults).
    pub fn prefetch(&self, hash: u64) {
        let index = hash as usize & self.mask;
        super::prefetch::prefetch(&self.words[self.first + index * BUCKET_WORDS]);
    }

    /// The bucket of `hash`, its page written first if it is the page's first use.
    fn bucket(&self, hash: u64) -> &[AtomicU64] {
        // Truncation is fine: only the low bits pick the bucket.
        let index = hash as usize & self.mask;
        let start = self.first + index * BUCKET_WORDS;
        let bucket = &self.words[start..start + BUCKET_WORDS];
        let page = (self.page_offset + index) / BUCKETS_PER_PAGE;
        let (word, bit) = (&self.touched[page / 64], 1 << (page % 64));
        if word.load(Ordering::Relaxed) & bit == 0 {
            // A write that changes nothing (a locked compare-exchange writes whatever it
            // finds; a fetch-or of 0 compiles to a read): the page comes from the system
            // written to.
            let _ = bucket[0].compare_exchange(0, 0, Ordering::Relaxed, Ordering::Relaxed);
            word.fetch_or(bit, Ordering::Relaxed);
        }
        bucket
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
        let buckets = &self.words[self.first..self.first + (self.mask + 1) * BUCKET_WORDS];
        for bucket in buckets.chunks_exact(BUCKET_WORDS) {
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
