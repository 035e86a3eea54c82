//! `TableKey`: the key under which a position is stored in a transposition table, and the
//! hashing of its words.

/// A position key for the transposition table of [`Solver`](crate::Solver) and
/// [`Engine`](crate::Engine) and the memo of [`ImpartialSolver`](crate::ImpartialSolver):
/// compared in full on every probe, and mixed to a 64-bit hash that picks the table slot.
///
/// **The contract, the same for every solver:** two positions with the same key must play the
/// same: the same moves, with the same points and the same moves that keep the turn
/// ([`ScoringGame::keeps_turn`](crate::ScoringGame::keeps_turn)), leading to positions whose
/// keys again agree, so that they have the same value for the side to move. Whatever of whose
/// turn it is changes that (in a game where the sides' moves differ) is part of the key. (A
/// search's [`Knowledge`](crate::Knowledge) may give a *canonical* key instead, shared by
/// positions equal up to a symmetry: [`Knowledge::canonical_key`](crate::Knowledge::canonical_key).) An exact encoding of the position (a bitmask of the board, the sorted heaps)
/// keeps the exact solvers exact. Tables outlive a solve: a solver reused across positions
/// trusts every key it has seen, so keys must be unique across all of them, or the solver
/// cleared (`clear()`) between unrelated positions.
///
/// Implemented for the unsigned integers, `Vec`s, boxed slices and arrays of them, and pairs
/// of keys. A key type of the user's own implements [`hash64`](Self::hash64), most simply
/// from its words with [`hash_words`].
///
/// # Examples
///
/// ```
/// use gamesolver::TableKey;
///
/// let heaps: Vec<u16> = vec![3, 5, 7];
/// assert_eq!(heaps.hash64(), heaps.clone().hash64());
/// assert_ne!(heaps.hash64(), vec![3u16, 5, 8].hash64());
///
/// #[derive(Clone, Debug, PartialEq, Eq, Hash)]
/// struct Board { cells: [u8; 9], to_move: bool }
///
/// impl TableKey for Board {
///     fn hash64(&self) -> u64 {
///         gamesolver::game::hash_words(self.cells.iter().map(|&c| u64::from(c)).chain([u64::from(self.to_move)]))
///     }
/// }
/// ```
pub trait TableKey: Clone + Eq + std::hash::Hash + std::fmt::Debug + Send + Sync {
    /// A well-mixed 64-bit hash of the key.
    fn hash64(&self) -> u64;

    /// Heap memory the key owns beyond its own size, for memos bounded in bytes. The
    /// default, 0, fits keys that own none.
    fn heap_bytes(&self) -> usize {
        0
    }

    /// Whether [`heap_bytes`](Self::heap_bytes) can be more than 0. A table made whole at
    /// once (the [`Engine`](crate::Engine)'s, the one the threads of a search share) then
    /// gives half its bytes to its slots and keeps the other half for what the keys own, so
    /// that the two together stay within its bytes. A key type that owns heap memory and
    /// leaves this `false` stays within the bound too, with less room for its keys. The
    /// default, `false`, fits keys that own none.
    const OWNS_HEAP: bool = false;

    /// The whole key as at most [`KEY_WORDS`] words, for the table that the threads of a
    /// parallel search share (it compares whole keys, as the one-thread table does). `None`,
    /// the default, keeps searches on one thread. Keys of one type must give distinct words
    /// for distinct keys.
    fn words(&self) -> Option<[u64; KEY_WORDS]> {
        None
    }

    /// The key whose [`words`](Self::words) are `words`, for loading saved results
    /// ([`Solver::load_results`](crate::Solver::load_results)); `None` for words that are no
    /// key's. `None`, the default, fits keys that give no words.
    fn from_words(words: [u64; KEY_WORDS]) -> Option<Self> {
        let _ = words;
        None
    }

    /// How many of [`words`](Self::words)' words a key of this type uses at most (the rest
    /// zero), 1 to [`KEY_WORDS`]; 0, the default, says nothing. A type that gives it, and
    /// gives [`words`](Self::words) and [`from_words`](Self::from_words) for every key, is
    /// kept by the one-thread table as that many words a key (where its moves are unsigned
    /// integers), in memory of the table's own that the system may back with huge pages: a
    /// search whose probes miss the caches (Kalah's) runs faster so (see
    /// [`search`](crate::search), "Huge pages"). A *hint*: a key of more words than it says,
    /// or of none, is not kept, which costs searches, never a value.
    const WORDS: usize = 0;
}

/// The most words a key takes in the table that threads share: 256 bits.
pub const KEY_WORDS: usize = 4;

/// The finalizer of SplitMix64: a cheap bijection that spreads every input bit over the word,
/// for the hashes of a user's own keys ([`TableKey::hash64`]).
///
/// # Examples
///
/// ```
/// use gamesolver::game::mix64;
///
/// assert_ne!(mix64(1), mix64(2));
/// assert_eq!(mix64(0), 0); // a bijection that fixes 0
/// ```
#[must_use]
pub const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl TableKey for u64 {
    const WORDS: usize = 1;

    fn hash64(&self) -> u64 {
        mix64(*self)
    }
    fn words(&self) -> Option<[u64; KEY_WORDS]> {
        Some([*self, 0, 0, 0])
    }
    fn from_words(words: [u64; KEY_WORDS]) -> Option<Self> {
        match words {
            [word, 0, 0, 0] => Some(word),
            _ => None,
        }
    }
}

impl TableKey for u128 {
    const WORDS: usize = 2;

    fn hash64(&self) -> u64 {
        // Truncation is intended: the two halves are mixed separately and combined.
        mix64(*self as u64 ^ mix64((*self >> 64) as u64))
    }
    fn words(&self) -> Option<[u64; KEY_WORDS]> {
        // Truncation is intended: the low and the high half.
        Some([*self as u64, (*self >> 64) as u64, 0, 0])
    }
    fn from_words(words: [u64; KEY_WORDS]) -> Option<Self> {
        match words {
            [low, high, 0, 0] => Some(u128::from(high) << 64 | u128::from(low)),
            _ => None,
        }
    }
}

/// A well-mixed 64-bit hash of a sequence of words, its length included: what a key type of
/// the user's own needs for [`TableKey::hash64`].
///
/// # Examples
///
/// ```
/// use gamesolver::game::hash_words;
///
/// assert_ne!(hash_words([1, 2]), hash_words([2, 1]));
/// assert_ne!(hash_words([0]), hash_words([0, 0]));
/// ```
#[must_use]
pub fn hash_words(words: impl IntoIterator<Item = u64>) -> u64 {
    let (hash, len) = words.into_iter().fold((0u64, 0u64), |(hash, len), word| {
        (mix64(hash ^ word), len + 1)
    });
    mix64(hash ^ mix64(len))
}

macro_rules! scalar_keys {
    ($($t:ty),*) => {$(
        impl TableKey for $t {
            const WORDS: usize = 1;

            fn hash64(&self) -> u64 {
                mix64(*self as u64)
            }
            fn words(&self) -> Option<[u64; KEY_WORDS]> {
                Some([*self as u64, 0, 0, 0])
            }
            fn from_words(words: [u64; KEY_WORDS]) -> Option<Self> {
                match words {
                    [word, 0, 0, 0] => <$t>::try_from(word).ok(),
                    _ => None,
                }
            }
        }
    )*};
}

scalar_keys!(u8, u16, u32, usize);

macro_rules! sequence_keys {
    ($($t:ty),*) => {$(
        impl TableKey for Vec<$t> {
            fn hash64(&self) -> u64 {
                hash_words(self.iter().map(|&x| x as u64))
            }

            fn heap_bytes(&self) -> usize {
                self.capacity() * std::mem::size_of::<$t>()
            }

            const OWNS_HEAP: bool = true;
        }

        impl TableKey for Box<[$t]> {
            fn hash64(&self) -> u64 {
                hash_words(self.iter().map(|&x| x as u64))
            }

            fn heap_bytes(&self) -> usize {
                std::mem::size_of_val::<[$t]>(self)
            }

            const OWNS_HEAP: bool = true;
        }

        impl<const N: usize> TableKey for [$t; N] {
            fn hash64(&self) -> u64 {
                hash_words(self.iter().map(|&x| x as u64))
            }
        }
    )*};
}

sequence_keys!(u8, u16, u32, u64, usize);

impl<A: TableKey, B: TableKey> TableKey for (A, B) {
    fn hash64(&self) -> u64 {
        mix64(self.0.hash64() ^ mix64(self.1.hash64()).rotate_left(17))
    }

    fn heap_bytes(&self) -> usize {
        self.0.heap_bytes() + self.1.heap_bytes()
    }

    const OWNS_HEAP: bool = A::OWNS_HEAP || B::OWNS_HEAP;
}
