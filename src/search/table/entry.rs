//! What a transposition table stores of a position: `Entry` (its bounds, best move, depth and
//! work), its compact form `Slot` (bounds in 32 bits, relaxed past them), the rule a pair of
//! slots keeps entries by (`place`), and what putting an entry in a pair or doubling a table
//! did to a pair (`Put`, `Split`).

/// The remaining depth recorded for a result proven by searching to the end of the game: it
/// satisfies a probe at any depth.
pub(crate) const PROVEN: u16 = u16::MAX;

/// One stored search result: what is known of the value of a position, as a lower and an
/// upper bound. A fail-high search raises `lower`, a fail-low one lowers `upper`, and the two
/// are kept together, so a later search with another window can use either; they meet when
/// the value is exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Entry<K, M, B = i64> {
    /// The full key, compared on every probe.
    pub key: K,
    /// The value for the side to move is at least this.
    pub lower: B,
    /// The value for the side to move is at most this.
    pub upper: B,
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

    /// The entry as the one-thread table keeps it, its bounds in 32 bits ([`Slot`]).
    pub(crate) fn compact(self) -> Slot<K, M> {
        Slot {
            key: self.key,
            lower: i32::try_from(self.lower).unwrap_or(if self.lower < 0 {
                i32::MIN
            } else {
                i32::MAX
            }),
            upper: i32::try_from(self.upper).unwrap_or(if self.upper < 0 {
                i32::MIN
            } else {
                i32::MAX
            }),
            best: self.best,
            depth: self.depth,
            work: self.work,
        }
    }
}

/// An entry as the one-thread table keeps it: its bounds in 32 bits, so that an entry of a
/// two-word key (Kalah's) takes 32 bytes where it took 48, and a pair of them 64.
///
/// A bound past 32 bits is stored *relaxed*, never wrong: a lower bound below `i32::MIN + 1`
/// becomes no lower bound (`i32::MIN`), one above `i32::MAX` becomes `i32::MAX` (a lower
/// bound still, the value being above it); an upper bound above `i32::MAX - 1` becomes no
/// upper bound (`i32::MAX`), one below `i32::MIN` becomes `i32::MIN`. So every bound read back
/// holds of the value, and a value within 32 bits comes back exact; one past them (a game of
/// scores in the billions) is kept as bounds only, which costs searches, never a wrong value.
pub(crate) type Slot<K, M> = Entry<K, M, i32>;

impl<K, M: Copy> Slot<K, M> {
    /// The bounds, depth, work and move in the search's form, without the key.
    pub(crate) fn widened(&self) -> Entry<(), M> {
        Entry {
            key: (),
            lower: if self.lower == i32::MIN {
                i64::MIN
            } else {
                i64::from(self.lower)
            },
            upper: if self.upper == i32::MAX {
                i64::MAX
            } else {
                i64::from(self.upper)
            },
            best: self.best,
            depth: self.depth,
            work: self.work,
        }
    }
}

/// A bound as a table keeps it: ordered, with a value for "no lower bound".
pub(crate) trait StoredBound: Ord + Copy {
    /// The lower bound that says nothing.
    const NO_LOWER: Self;
}

impl StoredBound for i64 {
    const NO_LOWER: Self = i64::MIN;
}

impl StoredBound for i32 {
    const NO_LOWER: Self = i32::MIN;
}

impl<K, M: Copy, B: StoredBound> Entry<K, M, B> {
    /// What the table weighs when it must drop one of two entries: depth, then work.
    pub(crate) fn worth(&self) -> (u16, u8) {
        (self.depth, self.work)
    }

    /// Folds a newer result for the same position and depth into this one: the tighter of
    /// each bound. Bounds that cross (a depth-limited search need not be consistent) give way
    /// to the newer result.
    pub(crate) fn absorb(&mut self, newer: Self) {
        let (lower, upper) = (self.lower.max(newer.lower), self.upper.min(newer.upper));
        if lower <= upper {
            self.lower = lower;
            self.upper = upper;
        } else {
            self.lower = newer.lower;
            self.upper = newer.upper;
        }
        // A move that failed low is only the least bad: keep a move that proved something.
        if newer.best.is_some() && (newer.lower > B::NO_LOWER || self.best.is_none()) {
            self.best = newer.best;
        }
        self.work = self.work.max(newer.work);
    }
}

/// Folds a newer result for the key of `old` into it: at the same depth the tighter bounds
/// ([`Entry::absorb`]), from a deeper search the newer result; a shallower one is dropped.
#[inline]
pub(crate) fn fold<K, M: Copy, B: StoredBound>(old: &mut Entry<K, M, B>, newer: Entry<K, M, B>) {
    match old.depth.cmp(&newer.depth) {
        std::cmp::Ordering::Equal => old.absorb(newer),
        std::cmp::Ordering::Less => *old = newer,
        std::cmp::Ordering::Greater => {}
    }
}

/// Which slot of a pair a new entry for a key not in it takes, by the worth (depth, then
/// work) of what the two hold: an empty one, else the one with less behind it, the second on
/// a tie. So a new result is always kept, and of the two before it the costlier stays.
#[inline]
pub(crate) fn victim(worths: [Option<(u16, u8)>; 2]) -> usize {
    match worths {
        [None, _] => 0,
        [Some(first), Some(second)] if first < second => 0,
        _ => 1,
    }
}

/// Puts `entry` into a pair of slots: folded into the entry of its key if the pair holds one
/// ([`fold`]), else into the slot [`victim`] chooses. Returns whether another position's
/// result was pushed out.
#[inline]
pub(crate) fn place<K: Eq, M: Copy, B: StoredBound>(
    pair: &mut [Option<Entry<K, M, B>>],
    entry: Entry<K, M, B>,
) -> bool {
    matches!(place_in(pair, entry), Placed::Replaced(_))
}

/// What [`place_in`] did with an entry.
pub(crate) enum Placed<E> {
    /// Folded into the entry of its key.
    Folded,
    /// Took the slot of this entry of another position.
    Replaced(E),
    /// Took an empty slot; whether the pair was empty.
    Filled { was_empty: bool },
}

/// [`place`], saying what it did: the one-thread table counts the slots it fills and the heap
/// of the keys it pushes out.
#[inline]
pub(crate) fn place_in<K: Eq, M: Copy, B: StoredBound>(
    pair: &mut [Option<Entry<K, M, B>>],
    entry: Entry<K, M, B>,
) -> Placed<Entry<K, M, B>> {
    if let Some(old) = pair.iter_mut().flatten().find(|old| old.key == entry.key) {
        fold(old, entry);
        return Placed::Folded;
    }
    let j = victim([0, 1].map(|j| pair[j].as_ref().map(Entry::worth)));
    let was_empty = pair[1 - j].is_none();
    match pair[j].replace(entry) {
        Some(old) => Placed::Replaced(old),
        None => Placed::Filled { was_empty },
    }
}

/// What putting an entry in a pair did.
pub(super) enum Put {
    /// Folded into the entry of its key ([`fold`]).
    Folded,
    /// Took the slot of an entry of another key, whose key owned `heap` bytes
    /// ([`TableKey::heap_bytes`](crate::game::TableKey::heap_bytes)).
    Replaced { heap: usize },
    /// Took an empty slot; whether the pair was empty.
    Filled { was_empty: bool },
    /// Not kept: a key that gives no words of the number its type says.
    Refused,
}

/// What a doubling did to one pair of the one-thread table.
pub(super) struct Split {
    /// Whether entries stayed in the pair, moved to the pair half the table further, and
    /// how many were dropped (a key whose words give no key: a lie of
    /// [`TableKey::WORDS`](crate::game::TableKey::WORDS)).
    pub kept: bool,
    pub moved: bool,
    pub dropped: usize,
}

/// The last word of an entry kept as words (the shared table's, and the one-thread table's
/// slots of words): depth (bits 0-15), work (16-23), whether the words hold an entry (24) and
/// a move (25), the move's code (32-63). All zeros is no entry.
pub(crate) mod meta {
    const OCCUPIED: u64 = 1 << 24;
    const HAS_MOVE: u64 = 1 << 25;

    /// The word of an entry of this depth, work and move code.
    #[inline]
    pub(crate) fn word(depth: u16, work: u8, best: Option<u32>) -> u64 {
        u64::from(depth)
            | u64::from(work) << 16
            | OCCUPIED
            | best.map_or(0, |code| HAS_MOVE | u64::from(code) << 32)
    }

    /// Whether the word is an entry's.
    #[inline]
    pub(crate) fn occupied(word: u64) -> bool {
        word & OCCUPIED != 0
    }

    /// The depth, work and move code of an entry's word; `None` for no entry.
    #[inline]
    pub(crate) fn fields(word: u64) -> Option<(u16, u8, Option<u32>)> {
        // Truncations are intended: the fields were packed from these widths.
        occupied(word).then_some((
            word as u16,
            (word >> 16) as u8,
            (word & HAS_MOVE != 0).then_some((word >> 32) as u32),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(lower: i64, upper: i64) -> Entry<u64, u8> {
        Entry {
            key: 7,
            lower,
            upper,
            best: Some(3),
            depth: 5,
            work: 2,
        }
    }

    /// A bound read back from its 32 bits holds wherever the stored one held (a lower bound
    /// is never raised, an upper never lowered), and a bound within 32 bits comes back as it
    /// was, so an exact value within them stays exact.
    #[test]
    fn a_compact_bound_is_the_same_or_relaxed_never_tightened() {
        let edges = [
            i64::MIN,
            i64::MIN + 1,
            -(1 << 40),
            i64::from(i32::MIN) - 1,
            i64::from(i32::MIN),
            i64::from(i32::MIN) + 1,
            -12,
            0,
            9,
            i64::from(i32::MAX) - 1,
            i64::from(i32::MAX),
            i64::from(i32::MAX) + 1,
            1 << 40,
            i64::MAX - 1,
            i64::MAX,
        ];
        let inside = |bound: i64| bound > i64::from(i32::MIN) && bound < i64::from(i32::MAX);
        for &lower in &edges {
            for &upper in edges.iter().filter(|&&upper| upper >= lower) {
                let back = entry(lower, upper).compact().widened();
                assert!(
                    back.lower <= lower && back.upper >= upper,
                    "{lower}..={upper}"
                );
                assert!(!inside(lower) || back.lower == lower, "{lower}");
                assert!(!inside(upper) || back.upper == upper, "{upper}");
                assert!(back.lower <= back.upper);
                assert_eq!((back.best, back.depth, back.work), (Some(3), 5, 2));
            }
        }
        // No bound stays no bound.
        let open = entry(i64::MIN, i64::MAX).compact().widened();
        assert_eq!((open.lower, open.upper), (i64::MIN, i64::MAX));
    }

    /// A new result for a key not in a full pair pushes out the one with less work behind
    /// it, and one for a key in it is folded in.
    #[test]
    fn a_pair_keeps_the_costlier_result_and_folds_its_own_key() {
        let with = |key: u64, work: u8| Entry {
            key,
            work,
            ..entry(0, 0)
        };
        let mut pair = [Some(with(1, 9)), Some(with(2, 1))];
        assert!(place(&mut pair, with(3, 0)));
        assert_eq!(pair.map(|slot| slot.map(|e| e.key)), [Some(1), Some(3)]);
        assert!(place(&mut pair, with(4, 4)));
        assert_eq!(pair.map(|slot| slot.map(|e| e.key)), [Some(1), Some(4)]);
        // The same key at the same depth: the tighter bounds, nothing pushed out.
        let tighter = Entry {
            lower: 0,
            upper: 0,
            ..with(1, 9)
        };
        assert!(!place(
            &mut pair,
            Entry {
                lower: -5,
                upper: 0,
                ..with(1, 9)
            }
        ));
        assert_eq!(pair[0], Some(tighter));
        // An empty slot is taken first.
        let mut half = [None, Some(with(2, 1))];
        assert!(!place(&mut half, with(3, 0)));
        assert_eq!(half.map(|slot| slot.map(|e| e.key)), [Some(3), Some(2)]);
    }
}
