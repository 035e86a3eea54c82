//! The table a search reads and writes: its own, or one that threads share.

use crate::game::{Game, TableKey};
use crate::search::shared_table::SharedTable;
use crate::search::table::{Entry, TranspositionTable};
use std::sync::Arc;

/// A search's transposition table: [`TranspositionTable`] on one thread, [`SharedTable`] when
/// threads search together (for games whose keys and moves pack into words).
pub(crate) enum SearchTable<G: Game> {
    Local(TranspositionTable<G::Key, G::Move>),
    Shared(Arc<SharedTable>),
}

impl<G: Game> SearchTable<G> {
    /// Entries the table holds.
    pub fn capacity(&self) -> usize {
        match self {
            Self::Local(table) => table.capacity(),
            Self::Shared(table) => table.capacity(),
        }
    }

    /// Marks the position of `key` as being searched by this thread; returns the claim to
    /// give back to [`leave`](Self::leave). Only a shared table keeps claims.
    #[inline]
    pub fn enter(&self, key: &G::Key) -> Option<u64> {
        match self {
            Self::Local(_) => None,
            Self::Shared(table) => table.enter(key.hash64()),
        }
    }

    /// Gives back a claim of [`enter`](Self::enter).
    #[inline]
    pub fn leave(&self, claim: Option<u64>) {
        if let (Self::Shared(table), Some(hash)) = (self, claim) {
            table.leave(hash);
        }
    }

    /// Whether another thread is searching the position of `key`.
    #[inline]
    pub fn is_busy(&self, key: &G::Key) -> bool {
        match self {
            Self::Local(_) => false,
            Self::Shared(table) => table.is_busy(key.hash64()),
        }
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        match self {
            Self::Local(table) => table.clear(),
            Self::Shared(table) => table.clear(),
        }
    }

    /// What is stored for `key` (its key left out).
    #[inline]
    pub fn probe(&self, key: &G::Key) -> Option<Entry<(), G::Move>> {
        match self {
            Self::Local(table) => table.probe(key).map(|entry| entry.rekeyed((), entry.best)),
            Self::Shared(table) => {
                let entry = table.probe(&key.words()?, key.hash64())?;
                Some(entry.rekeyed((), entry.best.and_then(G::decode_move)))
            }
        }
    }

    /// Stores a result.
    #[inline]
    pub fn store(&mut self, entry: Entry<G::Key, G::Move>) {
        match self {
            Self::Local(table) => table.store(entry),
            Self::Shared(table) => {
                let Some(words) = entry.key.words() else {
                    return;
                };
                let best = entry.best.and_then(G::encode_move);
                table.store(entry.rekeyed(words, best), entry.key.hash64());
            }
        }
    }
}
