//! `Pairs`: where the one-thread table keeps its slots, two a key's hash picks. As the
//! search's own types in a `Vec` (any key), or as words in a mapping of their own
//! ([`WordPairs`]: keys of a known number of words, moves that are unsigned integers).

use super::entry::{Entry, Placed, Put, Slot, Split, place_in};
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
/// they take ([`TableKey::WORDS`]) and the moves pack ([`pack_move`]), once past [`SMALL`];
/// else as they are, each
/// pair in a cache line of its own where a pair fills one exactly (slots of 32 bytes), else
/// packed (slots of 24 bytes, a one-word key's: a pair a line would leave 16 bytes of each
/// unused, and Connect 4 and Dots and Boxes searched 9 and 11% slower so, BENCHMARKS.md).
#[derive(Debug)]
pub(super) enum Pairs<K, M> {
    Packed(Vec<Pair<K, M>>),
    Lined(Vec<Line<Pair<K, M>>>),
    Words(WordPairs<K>),
}

/// The bytes of slots a table of keys of words keeps in a `Vec` before it moves them to a
/// mapping of their own ([`WordPairs`]): a small search reuses the memory the allocator has,
/// where a new mapping's pages are each a fault on first touch and a huge page zeroes 2 MiB at
/// once (with a mapping from the start Dots and Boxes 2x2, a search of 0.36 ms, took 30%
/// longer, Kalah(4,3) 14%). The unit tests move them at 4 KiB, to test both and the move.
#[cfg(not(test))]
const SMALL: usize = 2 << 20;
#[cfg(test)]
const SMALL: usize = 4 << 10;

/// Puts `slot` in `pair` by the table's rule ([`place_in`]).
#[inline]
fn put<K: TableKey, M: Copy>(pair: &mut [Option<Slot<K, M>>; 2], slot: Slot<K, M>) -> Put {
    match place_in(pair, slot) {
        Placed::Folded => Put::Folded,
        Placed::Replaced(old) => Put::Replaced {
            heap: old.key.heap_bytes(),
        },
        Placed::Filled { was_empty } => Put::Filled { was_empty },
    }
}

/// Splits `pair` of a table doubled: each entry stays, or moves to `far` (the pair half the
/// table further, empty) where `home` of its key's hash says so, in the order it had.
#[inline]
fn split_into<K: TableKey, M: Copy>(
    pair: &mut Pair<K, M>,
    far: &mut Pair<K, M>,
    home: impl Fn(u64) -> bool,
) -> Split {
    let (mut kept, mut moved) = (0, 0);
    for slot in 0..2 {
        let Some(entry) = pair[slot].take() else {
            continue;
        };
        if home(entry.key.hash64()) {
            pair[kept] = Some(entry);
            kept += 1;
        } else {
            far[moved] = Some(entry);
            moved += 1;
        }
    }
    Split {
        kept: kept > 0,
        moved: moved > 0,
        dropped: 0,
    }
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
    /// now, and the most pairs the table may take (within `bytes`). They start in a `Vec`;
    /// keys of words move to a mapping of their own past [`SMALL`] as the table doubles
    /// ([`extend_to`](Self::extend_to)). A table made whole at once (the engine's) stays in
    /// its `Vec`, every page written as it is made. Fewer pairs if the system refuses the
    /// memory.
    pub fn within(bytes: usize, first: usize) -> (Self, usize) {
        let limit = Self::most_within(bytes);
        let mut pairs = if size_of::<Pair<K, M>>() == 64 {
            Self::Lined(Vec::new())
        } else {
            Self::Packed(Vec::new())
        };
        let mut count = first.clamp(1, limit);
        while pairs.extend_to(count, bytes).is_none() && count > 1 {
            count /= 2;
        }
        (pairs, limit)
    }

    /// The most typed pairs `bytes` holds (a power of two, at least one).
    pub fn most_within(bytes: usize) -> usize {
        count_within(bytes, Self::typed_pair_bytes(), 1)
    }

    /// The most pairs the mapping has room for, where the slots are words (more than a `Vec`
    /// of typed slots of more bytes would hold within the same bytes).
    pub fn room(&self) -> Option<usize> {
        match self {
            Self::Words(pairs) => Some(pairs.room()),
            _ => None,
        }
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
    /// `None`, and nothing changed, if the system refuses the memory. Keys of words move from
    /// the `Vec` to a mapping of as many pairs as `bytes` holds once they pass [`SMALL`] (see
    /// [`room`](Self::room)): how many entries that dropped (keys that give no words of the
    /// number their type says).
    pub fn extend_to(&mut self, count: usize, bytes: usize) -> Option<usize> {
        // Words may take more bytes than typed slots (a small key's): then fewer fit.
        let room = count_within(bytes, WordPairs::<K>::PAIR_BYTES, 1);
        if Self::in_words()
            && !matches!(self, Self::Words(_))
            && self.len() > 0
            && count * WordPairs::<K>::PAIR_BYTES > SMALL
            && count <= room
            && let Some(dropped) = self.move_to_words(count, room)
        {
            return Some(dropped);
        }
        let more = count.saturating_sub(self.len());
        match self {
            Self::Packed(pairs) => {
                pairs.try_reserve_exact(more).ok()?;
                pairs.resize(count, [None, None]);
            }
            Self::Lined(pairs) => {
                pairs.try_reserve_exact(more).ok()?;
                pairs.resize(count, Line([None, None]));
            }
            Self::Words(pairs) => {
                (count <= pairs.room()).then_some(())?;
                pairs.set_len(count);
            }
        }
        Some(0)
    }

    /// Moves typed slots to a mapping of `limit` pairs, `count` of them in use, each entry to
    /// the pair it had; how many it dropped. `None`, and nothing changed, if the system gives
    /// no mapping.
    fn move_to_words(&mut self, count: usize, limit: usize) -> Option<usize> {
        let mut words = WordPairs::<K>::new(limit, count)?;
        let mut dropped = 0;
        let mut to_words = |pair: &Pair<K, M>, i: usize| {
            let slots = pair.clone().map(|slot| {
                let slot = slot?;
                let word_slot = word_slot(&slot);
                dropped += usize::from(word_slot.is_none());
                word_slot
            });
            words.set_slots(i, &slots);
        };
        match self {
            Self::Packed(pairs) => pairs
                .iter()
                .enumerate()
                .for_each(|(i, pair)| to_words(pair, i)),
            Self::Lined(pairs) => pairs
                .iter()
                .enumerate()
                .for_each(|(i, line)| to_words(&line.0, i)),
            Self::Words(_) => return Some(0),
        }
        *self = Self::Words(words);
        Some(dropped)
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
        match self {
            Self::Packed(pairs) => {
                let (near, far) = pairs.split_at_mut(half);
                split_into(&mut near[i], &mut far[i], home)
            }
            Self::Lined(pairs) => {
                let (near, far) = pairs.split_at_mut(half);
                split_into(&mut near[i].0, &mut far[i].0, home)
            }
            Self::Words(pairs) => pairs.split(i, half, |words| {
                K::from_words(words).map(|key| home(key.hash64()))
            }),
        }
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

/// [`Pairs::put`] where the slots are words: the key as its words, the move as a code.
#[inline]
fn put_words<K: TableKey, M: Copy + 'static>(
    pairs: &mut WordPairs<K>,
    i: usize,
    slot: Slot<K, M>,
) -> Put {
    match word_slot(&slot) {
        Some(slot) => pairs.put(i, &slot),
        None => Put::Refused,
    }
}

/// A slot as words: its key's words, its move as a code; `None` for a key that gives no words
/// of the number its type says.
#[inline]
fn word_slot<K: TableKey, M: Copy + 'static>(slot: &Slot<K, M>) -> Option<WordSlot> {
    Some(WordSlot {
        key: slot.key.words().filter(fits::<K>)?,
        lower: slot.lower,
        upper: slot.upper,
        best: slot.best.and_then(pack_move),
        depth: slot.depth,
        work: slot.work,
    })
}
