//! `Pairs`: where the one-thread table keeps its slots, two a key's hash picks. As the
//! search's own types in a `Vec` (any key), or as words in a mapping of their own
//! ([`WordPairs`]: keys of a known number of words, moves that are unsigned integers).

use super::entry::{Entry, Slot, fold, victim};
use super::word_pairs::{WordPairs, WordSlot, fits};
use super::{SharedEntry, count_within, move_type_packs, pack_move, unpack_move};
use crate::game::{KEY_WORDS, TableKey};

/// Two slots that share a cache line: a pair of slots of 32 bytes (a key of two words) aligned
/// to one, so that a probe reads one line, not two.
#[derive(Debug, Clone)]
#[repr(align(64))]
pub(super) struct Line<T>(T);

/// Two slots a key's hash picks.
pub(super) type Pair<K, M> = [Option<Slot<K, M>>; 2];

/// The slots of a table, in pairs. As words ([`WordPairs`]) where the keys say how many words
/// they take ([`TableKey::WORDS`]) and the moves pack ([`pack_move`]); else as they are, each
/// pair in a cache line of its own where a pair fills one exactly (slots of 32 bytes), else
/// packed (slots of 24 bytes, a one-word key's: a pair a line would leave 16 bytes of each
/// unused, and Connect 4 and Dots and Boxes searched 9 and 11% slower so, BENCHMARKS.md).
#[derive(Debug)]
pub(super) enum Pairs<K, M> {
    Packed(Vec<Pair<K, M>>),
    Lined(Vec<Line<Pair<K, M>>>),
    Words(WordPairs<K>),
}

/// What putting an entry in a pair did.
pub(super) enum Put {
    /// Folded into the entry of its key ([`fold`]).
    Folded,
    /// Took the slot of an entry of another key, whose key owned `heap` bytes
    /// ([`TableKey::heap_bytes`]).
    Replaced { heap: usize },
    /// Took an empty slot; whether the pair was empty.
    Filled { was_empty: bool },
    /// Not kept: a key that gives no words of the number its type says.
    Refused,
}

/// What a doubling did to one pair ([`Pairs::split`]).
pub(super) struct Split {
    /// Whether entries stayed in the pair, moved to the pair half the table further, and
    /// how many were dropped (a key whose words give no key: a lie of [`TableKey::WORDS`]).
    pub kept: bool,
    pub moved: bool,
    pub dropped: usize,
}

/// Puts `slot` in `pair` by the table's rule: folded into its key's entry, else into an empty
/// slot or the one of less worth ([`victim`]).
#[inline]
fn put<K: TableKey, M: Copy>(pair: &mut [Option<Slot<K, M>>; 2], slot: Slot<K, M>) -> Put {
    if let Some(old) = pair.iter_mut().flatten().find(|old| old.key == slot.key) {
        fold(old, slot);
        return Put::Folded;
    }
    let j = victim([0, 1].map(|j| pair[j].as_ref().map(Slot::worth)));
    let was_empty = pair[1 - j].is_none();
    match pair[j].replace(slot) {
        Some(old) => Put::Replaced {
            heap: old.key.heap_bytes(),
        },
        None => Put::Filled { was_empty },
    }
}

/// The slots of `pair` that a table twice as large keeps in it and the ones it moves half
/// the table further, each in the order it had; `None` for an entry whose key gives no hash.
fn split_pair<T>(
    pair: [Option<T>; 2],
    stays: impl Fn(&T) -> Option<bool>,
) -> ([Option<T>; 2], [Option<T>; 2], usize) {
    let (mut kept, mut moved, mut dropped) = ([None, None], [None, None], 0);
    let (mut k, mut m) = (0, 0);
    for entry in pair.into_iter().flatten() {
        match stays(&entry) {
            Some(true) => (kept[k], k) = (Some(entry), k + 1),
            Some(false) => (moved[m], m) = (Some(entry), m + 1),
            None => dropped += 1,
        }
    }
    (kept, moved, dropped)
}

impl<K: TableKey, M: Copy + 'static> Pairs<K, M> {
    /// Whether the slots are kept as words.
    #[inline]
    fn in_words() -> bool {
        (1..=KEY_WORDS).contains(&K::WORDS) && move_type_packs::<M>()
    }

    /// The bytes a pair of typed slots takes.
    fn typed_pair_bytes() -> usize {
        if size_of::<Pair<K, M>>() == 64 {
            size_of::<Line<Pair<K, M>>>()
        } else {
            size_of::<Pair<K, M>>()
        }
    }

    /// The bytes a pair takes.
    pub fn pair_bytes(&self) -> usize {
        match self {
            Self::Words(_) => WordPairs::<K>::PAIR_BYTES,
            _ => Self::typed_pair_bytes(),
        }
    }

    /// Slots in pairs within `bytes`, `first` of them (at most the limit) empty and in use
    /// now, and the most pairs the table may take: the most within `bytes`, and where the
    /// room is made at once (words) what the system gave. With `touch` every page of the
    /// pairs in use is written now (see [`WordPairs`]). Fewer pairs if the system refuses
    /// the memory; typed slots where it gives no mapping (a system without one).
    pub fn within(bytes: usize, first: usize, touch: bool) -> (Self, usize) {
        if Self::in_words() {
            let mut room = count_within(bytes, WordPairs::<K>::PAIR_BYTES, 1);
            while room > 0 {
                if let Some(pairs) = WordPairs::new(room, first.min(room), touch) {
                    return (Self::Words(pairs), room);
                }
                room /= 2;
            }
        }
        let limit = count_within(bytes, Self::typed_pair_bytes(), 1);
        let mut pairs = if size_of::<Pair<K, M>>() == 64 {
            Self::Lined(Vec::new())
        } else {
            Self::Packed(Vec::new())
        };
        let mut count = first.clamp(1, limit);
        while !pairs.extend_to(count) && count > 1 {
            count /= 2;
        }
        (pairs, limit)
    }

    /// Whether the system was asked to give the slots' memory as huge pages, and says it
    /// gives them where asked (see [`WordPairs::huge_pages`]).
    pub fn huge_pages(&self) -> bool {
        matches!(self, Self::Words(pairs) if pairs.huge_pages())
    }

    pub fn len(&self) -> usize {
        match self {
            Self::Packed(pairs) => pairs.len(),
            Self::Lined(pairs) => pairs.len(),
            Self::Words(pairs) => pairs.len(),
        }
    }

    /// `count` pairs (at least as many as now), the first ones kept, any new one empty;
    /// `false`, and nothing changed, if the system refuses the memory.
    pub fn extend_to(&mut self, count: usize) -> bool {
        let more = count.saturating_sub(self.len());
        match self {
            Self::Packed(pairs) => {
                let room = pairs.try_reserve_exact(more).is_ok();
                room && {
                    pairs.resize(count, [None, None]);
                    true
                }
            }
            Self::Lined(pairs) => {
                let room = pairs.try_reserve_exact(more).is_ok();
                room && {
                    pairs.resize(count, Line([None, None]));
                    true
                }
            }
            Self::Words(pairs) => {
                let room = count <= pairs.room();
                if room {
                    pairs.set_len(count);
                }
                room
            }
        }
    }

    /// The slots of the pairs in `range` emptied.
    pub fn clear_range(&mut self, range: std::ops::Range<usize>) {
        match self {
            Self::Packed(pairs) => pairs[range].fill([None, None]),
            Self::Lined(pairs) => pairs[range].fill(Line([None, None])),
            Self::Words(pairs) => pairs.clear_range(range),
        }
    }

    /// Asks the memory for pair `i`, the second slot too where the pair crosses a cache line.
    #[inline]
    pub fn prefetch(&self, i: usize) {
        let pair = match self {
            Self::Packed(pairs) => &pairs[i],
            Self::Lined(pairs) => &pairs[i].0,
            Self::Words(pairs) => return pairs.prefetch(i),
        };
        super::prefetch::prefetch(&pair[0]);
        // The addresses only: where the pair starts and ends.
        let start = std::ptr::from_ref(pair) as usize;
        if (start + size_of_val(pair) - 1) / 64 != start / 64 {
            super::prefetch::prefetch(&pair[1]);
        }
    }

    /// What pair `i` holds for `key`.
    #[inline]
    pub fn probe(&self, i: usize, key: &K) -> Option<Entry<(), M>> {
        let pair = match self {
            Self::Packed(pairs) => &pairs[i],
            Self::Lined(pairs) => &pairs[i].0,
            Self::Words(pairs) => {
                let entry = pairs.find(i, &key.words()?)?.widened();
                return Some(entry.rekeyed((), entry.best.and_then(unpack_move)));
            }
        };
        let slot = pair.iter().flatten().find(|slot| slot.key == *key)?;
        Some(slot.widened())
    }

    /// Puts `slot` in pair `i` ([`put`]).
    #[inline]
    pub fn put(&mut self, i: usize, slot: Slot<K, M>) -> Put {
        let pair = match self {
            Self::Packed(pairs) => &mut pairs[i],
            Self::Lined(pairs) => &mut pairs[i].0,
            Self::Words(pairs) => return put_words(pairs, i, slot),
        };
        put(pair, slot)
    }

    /// Splits pair `i` of a table doubled from `half` pairs to the pairs `i` and `i + half`
    /// (`mask` the new one's pairs less one), each entry by its key's hash.
    pub fn split(&mut self, i: usize, half: usize, mask: usize) -> Split {
        // Truncation is fine: only the low bits pick the pair.
        let home = |hash: u64| (hash as usize) & mask == i;
        let typed = |pair: &mut Pair<K, M>| {
            split_pair(std::mem::take(pair), |slot| Some(home(slot.key.hash64())))
        };
        let (kept, moved, dropped) = match self {
            Self::Packed(pairs) => typed(&mut pairs[i]),
            Self::Lined(pairs) => typed(&mut pairs[i].0),
            Self::Words(pairs) => {
                return pairs.split(i, half, |words| {
                    K::from_words(words).map(|key| home(key.hash64()))
                });
            }
        };
        let split = Split::of(&kept, &moved, dropped);
        match self {
            Self::Packed(pairs) => (pairs[i], pairs[i + half]) = (kept, moved),
            Self::Lined(pairs) => (pairs[i].0, pairs[i + half].0) = (kept, moved),
            Self::Words(_) => {}
        }
        split
    }

    /// How many slots hold an entry, counted one by one.
    #[cfg(test)]
    pub fn stored(&self) -> usize {
        match self {
            Self::Packed(pairs) => pairs.iter().flatten().flatten().count(),
            Self::Lined(pairs) => pairs.iter().flat_map(|line| &line.0).flatten().count(),
            Self::Words(pairs) => (0..pairs.len())
                .map(|i| pairs.slots(i).iter().flatten().count())
                .sum(),
        }
    }

    /// Calls `visit` on every stored entry, keyed by its words and with its move as a code
    /// (a move that is no small integer left out); `false`, and not every entry visited, if
    /// the keys give no words.
    pub fn for_each_portable(&self, mut visit: impl FnMut(SharedEntry)) -> bool {
        let typed = |pairs: &mut dyn Iterator<Item = &Pair<K, M>>,
                     visit: &mut dyn FnMut(SharedEntry)| {
            pairs.flatten().flatten().all(|slot| {
                let entry = slot.widened();
                slot.key.words().is_some_and(|words| {
                    visit(entry.rekeyed(words, entry.best.and_then(pack_move)));
                    true
                })
            })
        };
        match self {
            Self::Packed(pairs) => typed(&mut pairs.iter(), &mut visit),
            Self::Lined(pairs) => typed(&mut pairs.iter().map(|line| &line.0), &mut visit),
            Self::Words(pairs) => {
                for i in 0..pairs.len() {
                    for slot in pairs.slots(i).into_iter().flatten() {
                        let entry = slot.widened();
                        visit(entry.rekeyed(slot.key, entry.best));
                    }
                }
                true
            }
        }
    }
}

impl Split {
    fn of<T>(kept: &[Option<T>; 2], moved: &[Option<T>; 2], dropped: usize) -> Self {
        Self {
            kept: kept[0].is_some(),
            moved: moved[0].is_some(),
            dropped,
        }
    }
}

/// [`Pairs::put`] where the slots are words: the key as its words, the move as a code.
#[inline]
fn put_words<K: TableKey, M: Copy + 'static>(
    pairs: &mut WordPairs<K>,
    i: usize,
    slot: Slot<K, M>,
) -> Put {
    let Some(key) = slot.key.words().filter(fits::<K>) else {
        return Put::Refused;
    };
    let slot = WordSlot {
        key,
        lower: slot.lower,
        upper: slot.upper,
        best: slot.best.and_then(pack_move),
        depth: slot.depth,
        work: slot.work,
    };
    pairs.put(i, &slot)
}
