//! `WordPairs`: the one-thread table's slots as words, in memory of the table's own (an
//! anonymous mapping) that the system is asked to back with huge pages. For keys that say how
//! many words they take ([`TableKey::WORDS`]) and moves that are unsigned integers.
//!
//! Why a mapping of its own: a probe of a large table misses the caches, and with pages of
//! 4 KiB the processor's cache of addresses too (a 64 MiB table spans 16,384 pages). Pages of
//! 2 MiB take 32 entries of that cache. The allocator gives no way to ask for them without
//! `unsafe`; `memmap2`'s anonymous mapping and its `advise` do. The mapping is made at the
//! table's limit when the slots move into it ([`Pairs`](super::pairs::Pairs), past 2 MiB), and
//! costs nothing but address space until written: the system gives a page as it is first
//! written, zeroed (an empty slot is all zeros), so a table that doubles in it needs no new
//! memory, no copy and no pass that empties the new half.

use super::entry::{Put, Slot, Split, fold, meta, victim};
use crate::game::{KEY_WORDS, TableKey};
use memmap2::MmapMut;
use std::marker::PhantomData;

/// A slot as its words give it: the key's words, the move as a code
/// ([`pack_move`](super::pack_move)).
pub(super) type WordSlot = Slot<[u64; KEY_WORDS], u32>;

/// Pairs of slots of [`K::WORDS`](TableKey::WORDS) + 2 words each: the key's, both bounds in
/// one, and one of depth, work and move. A pair of a two-word key (Kalah's) is 64 bytes, a
/// cache line.
#[derive(Debug)]
pub(super) struct WordPairs<K> {
    map: MmapMut,
    /// Pairs in use, from the start of the mapping.
    len: usize,
    /// Whether the system took the advice of huge pages and says it gives them where asked.
    huge: bool,
    key: PhantomData<fn() -> K>,
}

impl<K: TableKey> WordPairs<K> {
    /// Words a slot takes.
    const SLOT_WORDS: usize = K::WORDS + 2;
    /// Bytes a pair takes.
    pub const PAIR_BYTES: usize = 16 * Self::SLOT_WORDS;

    /// Room for `room` pairs (at least one), the first `len` of them in use and empty; `None`
    /// if the system refuses the room.
    pub fn new(room: usize, len: usize) -> Option<Self> {
        let map = MmapMut::map_anon(room.max(1).checked_mul(Self::PAIR_BYTES)?).ok()?;
        Some(Self {
            huge: advise_huge_pages(&map),
            map,
            len: len.min(room.max(1)),
            key: PhantomData,
        })
    }

    /// Whether the system took the advice of huge pages and says it gives them where
    /// asked (Linux's transparent huge pages set to `always` or `madvise`): then a page fault
    /// gives 2 MiB at once, and a table can grow sooner for less.
    pub fn huge_pages(&self) -> bool {
        self.huge
    }

    /// Pairs in use.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Pairs the mapping has room for.
    pub fn room(&self) -> usize {
        self.map.len() / Self::PAIR_BYTES
    }

    /// Takes `len` pairs into use (at most [`room`](Self::room)); pairs never used before are
    /// empty, as the system gives them.
    pub fn set_len(&mut self, len: usize) {
        self.len = len.min(self.room());
    }

    #[inline]
    fn pair(&self, i: usize) -> &[u64] {
        let start = i * Self::PAIR_BYTES;
        bytemuck::cast_slice(&self.map[start..start + Self::PAIR_BYTES])
    }

    #[inline]
    fn pair_mut(&mut self, i: usize) -> &mut [u64] {
        let start = i * Self::PAIR_BYTES;
        bytemuck::cast_slice_mut(&mut self.map[start..start + Self::PAIR_BYTES])
    }

    /// Asks the memory for pair `i`, both its cache lines where it crosses one.
    #[inline]
    pub fn prefetch(&self, i: usize) {
        let pair = self.pair(i);
        super::prefetch::prefetch(&pair[0]);
        if (i * Self::PAIR_BYTES) % 64 + Self::PAIR_BYTES > 64 {
            super::prefetch::prefetch(&pair[pair.len() - 1]);
        }
    }

    /// The entry pair `i` holds for the key of `words`, if any.
    #[inline]
    pub fn find(&self, i: usize, words: &[u64; KEY_WORDS]) -> Option<WordSlot> {
        let pair = self.pair(i);
        pair.chunks_exact(Self::SLOT_WORDS)
            .find(|slot| holds::<K>(slot, words))
            .and_then(decode::<K>)
    }

    /// Puts `slot` in pair `i` by the table's rule ([`Pairs::put`](super::pairs::Pairs::put)),
    /// decoding and writing the words of one slot only.
    #[inline]
    pub fn put(&mut self, i: usize, slot: &WordSlot) -> Put {
        let (first, second) = self.pair_mut(i).split_at_mut(Self::SLOT_WORDS);
        for old in [&mut *first, &mut *second] {
            if holds::<K>(old, &slot.key) {
                let Some(mut entry) = decode::<K>(old) else {
                    break;
                };
                fold(&mut entry, *slot);
                encode::<K>(old, Some(&entry));
                return Put::Folded;
            }
        }
        let worths = [worth::<K>(first), worth::<K>(second)];
        let (j, other) = match victim(worths) {
            0 => (first, worths[1]),
            _ => (second, worths[0]),
        };
        let filled = meta::occupied(j[K::WORDS + 1]);
        encode::<K>(j, Some(slot));
        if filled {
            // A key of words owns no heap.
            Put::Replaced { heap: 0 }
        } else {
            Put::Filled {
                was_empty: other.is_none(),
            }
        }
    }

    /// Splits pair `i` of a table doubled from `half` pairs: each entry stays or moves to
    /// pair `i + half` by `stays` of its key's words (`None`: dropped), in the order it had.
    /// The slots' words are moved as they are, and a pair written only where it changes.
    pub fn split(
        &mut self,
        i: usize,
        half: usize,
        stays: impl Fn([u64; KEY_WORDS]) -> Option<bool>,
    ) -> Split {
        let width = Self::SLOT_WORDS;
        // Words of the slots kept and moved, packed from the front (at most two slots of the
        // widest key).
        let (mut kept, mut moved) = ([0; 2 * (KEY_WORDS + 2)], [0; 2 * (KEY_WORDS + 2)]);
        let (mut k, mut m, mut dropped) = (0, 0, 0);
        for slot in self.pair(i).chunks_exact(width) {
            if !meta::occupied(slot[K::WORDS + 1]) {
                continue;
            }
            let mut key = [0; KEY_WORDS];
            key[..K::WORDS].copy_from_slice(&slot[..K::WORDS]);
            match stays(key) {
                Some(true) => {
                    kept[k * width..(k + 1) * width].copy_from_slice(slot);
                    k += 1;
                }
                Some(false) => {
                    moved[m * width..(m + 1) * width].copy_from_slice(slot);
                    m += 1;
                }
                None => dropped += 1,
            }
        }
        if m + dropped > 0 {
            let pair_words = 2 * width;
            self.pair_mut(i).copy_from_slice(&kept[..pair_words]);
            if m > 0 {
                self.pair_mut(i + half)
                    .copy_from_slice(&moved[..pair_words]);
            }
        }
        Split {
            kept: k > 0,
            moved: m > 0,
            dropped,
        }
    }

    /// The two slots of pair `i`.
    #[inline]
    pub fn slots(&self, i: usize) -> [Option<WordSlot>; 2] {
        let (first, second) = self.pair(i).split_at(Self::SLOT_WORDS);
        [decode::<K>(first), decode::<K>(second)]
    }

    /// Writes the two slots of pair `i`.
    pub fn set_slots(&mut self, i: usize, slots: &[Option<WordSlot>; 2]) {
        let pair = self.pair_mut(i);
        for (words, slot) in pair.chunks_exact_mut(Self::SLOT_WORDS).zip(slots) {
            encode::<K>(words, slot.as_ref());
        }
    }

    /// Empties the pairs of `range`.
    pub fn clear_range(&mut self, range: std::ops::Range<usize>) {
        let bytes = range.start * Self::PAIR_BYTES..range.end * Self::PAIR_BYTES;
        self.map[bytes].fill(0);
    }
}

/// Asks the system to back `map` with huge pages; whether it took the advice and gives them
/// where asked. A hint: without them the table works the same on small pages.
fn advise_huge_pages(map: &MmapMut) -> bool {
    #[cfg(target_os = "linux")]
    {
        map.advise(memmap2::Advice::HugePage).is_ok() && transparent_huge_pages()
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = map;
        false
    }
}

/// Whether the system gives transparent huge pages where asked (`always` or `madvise`), as it
/// says. Read at each mapping, not kept for the process: a read takes about 2.5 µs, and a
/// mapping is made only for a table past 2 MiB, which takes far longer to fill.
#[cfg(target_os = "linux")]
fn transparent_huge_pages() -> bool {
    std::fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled")
        .is_ok_and(|setting| !setting.contains("[never]"))
}

/// Whether a key of `words` fits a slot of keys of `K`: its words past
/// [`K::WORDS`](TableKey::WORDS) zero.
#[inline]
pub(super) fn fits<K: TableKey>(words: &[u64; KEY_WORDS]) -> bool {
    words[K::WORDS.min(KEY_WORDS)..]
        .iter()
        .all(|&word| word == 0)
}

/// Whether `slot` holds the key of `words`.
#[inline]
fn holds<K: TableKey>(slot: &[u64], words: &[u64; KEY_WORDS]) -> bool {
    meta::occupied(slot[K::WORDS + 1]) && slot[..K::WORDS] == words[..K::WORDS]
}

/// The worth of the entry `slot` holds ([`Slot::worth`]), if it holds one.
#[inline]
fn worth<K: TableKey>(slot: &[u64]) -> Option<(u16, u8)> {
    meta::fields(slot[K::WORDS + 1]).map(|(depth, work, _)| (depth, work))
}

#[inline]
fn decode<K: TableKey>(slot: &[u64]) -> Option<WordSlot> {
    let (depth, work, best) = meta::fields(slot[K::WORDS + 1])?;
    let mut key = [0; KEY_WORDS];
    key[..K::WORDS].copy_from_slice(&slot[..K::WORDS]);
    let bounds = slot[K::WORDS];
    // Truncations are intended: the bounds were packed from 32 bits each.
    Some(Slot {
        key,
        lower: bounds as u32 as i32,
        upper: (bounds >> 32) as u32 as i32,
        best,
        depth,
        work,
    })
}

#[inline]
fn encode<K: TableKey>(words: &mut [u64], slot: Option<&WordSlot>) {
    let Some(slot) = slot else {
        words.fill(0);
        return;
    };
    words[..K::WORDS].copy_from_slice(&slot.key[..K::WORDS]);
    // Bit patterns: each bound's 32 bits as they are, read back the same way.
    words[K::WORDS] = u64::from(slot.lower as u32) | u64::from(slot.upper as u32) << 32;
    words[K::WORDS + 1] = meta::word(slot.depth, slot.work, slot.best);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slot_reads_back_as_written() {
        let mut pairs = WordPairs::<u128>::new(4, 2).expect("a small mapping");
        assert_eq!(WordPairs::<u128>::PAIR_BYTES, 64);
        assert_eq!(pairs.slots(1), [None, None]);
        let slot = WordSlot {
            key: [7, u64::MAX, 0, 0],
            lower: i32::MIN,
            upper: -3,
            best: Some(u32::MAX),
            depth: 65_000,
            work: 200,
        };
        pairs.set_slots(1, &[None, Some(slot)]);
        assert_eq!(pairs.slots(1), [None, Some(slot)]);
        assert_eq!(pairs.find(1, &slot.key), Some(slot));
        assert_eq!(pairs.find(1, &[7, 1, 0, 0]), None);
        assert_eq!(pairs.slots(0), [None, None]);
        pairs.clear_range(0..2);
        assert_eq!(pairs.slots(1), [None, None]);
        // A key of no words, all zero, is a key like any other.
        let zero = WordSlot {
            key: [0; KEY_WORDS],
            best: None,
            ..slot
        };
        pairs.set_slots(0, &[Some(zero), None]);
        assert_eq!(pairs.find(0, &[0; KEY_WORDS]), Some(zero));
        assert!(fits::<u128>(&slot.key) && !fits::<u64>(&slot.key));
    }
}
