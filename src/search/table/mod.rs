//! The transposition tables, in one place: the one a search reads and writes
//! ([`SearchTable`]), which is its own ([`TranspositionTable`], `local`) or one that threads
//! share ([`SharedTable`], lock-free, `shared`; [`LockedTable`], `locked`), and how much memory
//! a table may take (`memory`).

mod entry;
mod local;
mod locked;
mod memory;
mod pairs;
mod prefetch;
mod shared;
mod word_pairs;

pub(crate) use entry::{Entry, PROVEN, place};
pub(crate) use local::TranspositionTable;
pub(crate) use locked::LockedTable;
pub use memory::{FALLBACK_TABLE_BYTES, TableTooLarge, max_table_bytes};
pub(crate) use memory::{count_within, table_of};
pub(crate) use shared::{SharedEntry, SharedTable};

use crate::game::{Game, TableKey};
use std::any::Any;
use std::sync::Arc;

/// A search's transposition table: [`TranspositionTable`] on one thread; when threads search
/// together, [`SharedTable`] (lock-free) for games whose keys give words and whose moves are
/// unsigned integers (`u8` to `u64`, `usize`), else [`LockedTable`].
pub(crate) enum SearchTable<G: Game> {
    Local(TranspositionTable<G::Key, G::Move>),
    Shared(Arc<SharedTable>),
    Locked(Arc<LockedTable<G::Key, G::Move>>),
}

/// Whether moves of type `M` are unsigned integers, which the lock-free table takes
/// ([`pack_move`]).
pub(crate) fn move_type_packs<M: 'static>() -> bool {
    use std::any::TypeId;
    [
        TypeId::of::<u8>(),
        TypeId::of::<u16>(),
        TypeId::of::<u32>(),
        TypeId::of::<u64>(),
        TypeId::of::<usize>(),
    ]
    .contains(&TypeId::of::<M>())
}

/// The move as a 32-bit code, if it is an unsigned integer whose value fits 32 bits (a move of
/// 64 bits past that is not kept: only the move order loses it, as when an entry is pushed
/// out).
#[inline]
pub(crate) fn pack_move<M: Copy + 'static>(mv: M) -> Option<u32> {
    let any = &mv as &dyn Any;
    any.downcast_ref::<u32>()
        .copied()
        .or_else(|| any.downcast_ref::<u16>().map(|&x| u32::from(x)))
        .or_else(|| any.downcast_ref::<u8>().map(|&x| u32::from(x)))
        .or_else(|| {
            any.downcast_ref::<u64>()
                .and_then(|&x| u32::try_from(x).ok())
        })
        .or_else(|| {
            any.downcast_ref::<usize>()
                .and_then(|&x| u32::try_from(x).ok())
        })
}

/// The move of a code given by [`pack_move`].
#[inline]
fn unpack_move<M: Copy + 'static>(code: u32) -> Option<M> {
    let mut out: Option<M> = None;
    let slot = &mut out as &mut dyn Any;
    if let Some(slot) = slot.downcast_mut::<Option<u32>>() {
        *slot = Some(code);
    } else if let Some(slot) = slot.downcast_mut::<Option<u16>>() {
        *slot = u16::try_from(code).ok();
    } else if let Some(slot) = slot.downcast_mut::<Option<u8>>() {
        *slot = u8::try_from(code).ok();
    } else if let Some(slot) = slot.downcast_mut::<Option<u64>>() {
        *slot = Some(u64::from(code));
    } else if let Some(slot) = slot.downcast_mut::<Option<usize>>() {
        *slot = usize::try_from(code).ok();
    }
    out
}

impl<G: Game> SearchTable<G> {
    /// Another handle on a table that threads share (a one-thread table is not shared: an
    /// empty one).
    pub fn share(&self) -> Self {
        match self {
            Self::Local(_) => Self::Local(TranspositionTable::with_bytes(0)),
            Self::Shared(table) => Self::Shared(Arc::clone(table)),
            Self::Locked(table) => Self::Locked(Arc::clone(table)),
        }
    }

    /// Entries the table holds.
    pub fn capacity(&self) -> usize {
        match self {
            Self::Local(table) => table.capacity(),
            Self::Shared(table) => table.capacity(),
            Self::Locked(table) => table.capacity(),
        }
    }

    /// Marks the position of `key` as being searched by this thread; returns the claim to
    /// give back to [`leave`](Self::leave). Only a shared table keeps claims.
    #[inline]
    pub fn enter(&self, key: &G::Key) -> Option<u64> {
        match self {
            Self::Local(_) => None,
            Self::Shared(table) => table.enter(key.hash64()),
            Self::Locked(table) => table.enter(key.hash64()),
        }
    }

    /// Gives back a claim of [`enter`](Self::enter).
    #[inline]
    pub fn leave(&self, claim: Option<u64>) {
        match (self, claim) {
            (Self::Shared(table), Some(hash)) => table.leave(hash),
            (Self::Locked(table), Some(hash)) => table.leave(hash),
            _ => {}
        }
    }

    /// Asks the memory for the bucket of a key of `hash` ([`TableKey::hash64`]) ahead of a
    /// probe: a hint, with no effect on what the table holds or answers.
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        match self {
            Self::Local(table) => table.prefetch(hash),
            Self::Shared(table) => table.prefetch(hash),
            Self::Locked(table) => table.prefetch(hash),
        }
    }

    /// Whether another thread is searching the position of `key`.
    #[inline]
    pub fn is_busy(&self, key: &G::Key) -> bool {
        match self {
            Self::Local(_) => false,
            Self::Shared(table) => table.is_busy(key.hash64()),
            Self::Locked(table) => table.is_busy(key.hash64()),
        }
    }

    /// Calls `visit` on every stored entry, keyed by its words and with its move as a code
    /// (a move that is no small integer left out); `false`, and not every entry visited, if
    /// the game's keys give no words.
    pub fn for_each_portable(&self, mut visit: impl FnMut(SharedEntry)) -> bool {
        match self {
            Self::Local(table) => table.for_each_portable(visit),
            Self::Shared(table) => {
                table.for_each_entry(visit);
                true
            }
            Self::Locked(table) => {
                let mut all = true;
                table.for_each_entry(|entry| match entry.key.words() {
                    Some(words) => visit(entry.rekeyed(words, entry.best.and_then(pack_move))),
                    None => all = false,
                });
                all
            }
        }
    }

    /// Stores an entry given as [`for_each_portable`](Self::for_each_portable) gives it;
    /// `false` if its words are no key of the game.
    pub fn store_portable(&mut self, entry: SharedEntry) -> bool {
        let Some(key) = G::Key::from_words(entry.key) else {
            return false;
        };
        self.store(entry.rekeyed(key, entry.best.and_then(unpack_move)));
        true
    }

    /// What is stored for `key` (its key left out).
    #[inline]
    pub fn probe(&self, key: &G::Key) -> Option<Entry<(), G::Move>> {
        self.probe_hashed(key, key.hash64())
    }

    /// [`probe`](Self::probe) of a key whose [`hash64`](TableKey::hash64) is `hash`: a search
    /// works a node's hash out once for its probe and its store.
    #[inline]
    pub fn probe_hashed(&self, key: &G::Key, hash: u64) -> Option<Entry<(), G::Move>> {
        match self {
            Self::Local(table) => table.probe_hashed(key, hash),
            Self::Shared(table) => {
                let entry = table.probe(&key.words()?, hash)?;
                Some(entry.rekeyed((), entry.best.and_then(unpack_move)))
            }
            Self::Locked(table) => table.probe(key, hash),
        }
    }

    /// Stores a result; whether that pushed another position's result out.
    #[inline]
    pub fn store(&mut self, entry: Entry<G::Key, G::Move>) -> bool {
        let hash = entry.key.hash64();
        self.store_hashed(entry, hash)
    }

    /// [`store`](Self::store) of an entry whose key's [`hash64`](TableKey::hash64) is `hash`.
    #[inline]
    pub fn store_hashed(&mut self, entry: Entry<G::Key, G::Move>, hash: u64) -> bool {
        match self {
            Self::Local(table) => table.store_hashed(entry, hash),
            Self::Shared(table) => {
                let Some(words) = entry.key.words() else {
                    return false;
                };
                let best = entry.best.and_then(pack_move);
                table.store(entry.rekeyed(words, best), hash)
            }
            Self::Locked(table) => table.store(entry, hash),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unsigned_moves_pack_and_come_back() {
        assert!(move_type_packs::<u64>() && move_type_packs::<usize>() && move_type_packs::<u8>());
        assert!(!move_type_packs::<i32>() && !move_type_packs::<(u8, u8)>());
        assert_eq!(pack_move(7u64).and_then(unpack_move::<u64>), Some(7));
        assert_eq!(pack_move(u64::from(u32::MAX)), Some(u32::MAX));
        // Past 32 bits a move is not kept: the entry keeps its bounds without a move.
        assert_eq!(pack_move(1u64 << 40), None);
        assert_eq!(pack_move(9usize).and_then(unpack_move::<usize>), Some(9));
        assert_eq!(pack_move(300u16).and_then(unpack_move::<u8>), None);
    }
}
