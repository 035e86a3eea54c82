//! The chance search's table: what is proven of each position's value to a depth, and its
//! best move. On one thread a hash map of its own; on threads ([`ChanceEngine::with_threads`](
//! super::ChanceEngine::with_threads)) a map the threads share, in shards behind a lock each,
//! so that a subtree one thread searched is not searched again by another. (A map of its own
//! for each thread for the searches one player's move deep, the shared one for deeper ones,
//! measured on a bearoff race four players' moves deep: 45% more nodes, 1.25 times the time.)

use crate::game::TableKey;
use rustc_hash::FxHashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// What is proven of a position's value to a depth (of players' moves; `TO_THE_END` for the
/// game's own value), and its best move if one was searched: its place among the moves as the
/// game generates them ([`NO_MOVE`] if none), which keeps an entry of `f64` values in 24 bytes
/// whatever a move is.
#[derive(Debug, Clone)]
pub(super) struct Entry<V> {
    pub(super) lower: V,
    pub(super) upper: V,
    pub(super) depth: u16,
    pub(super) best: u16,
}

/// No best move in an entry.
pub(super) const NO_MOVE: u16 = u16::MAX;

/// Locks apart in the shared table, so that two threads seldom wait on one.
const SHARDS: usize = 64;

/// Entries by key. Fx: a position's key is hashed at every node, and SipHash's guard against
/// chosen keys buys nothing here.
type Map<K, V> = FxHashMap<K, Entry<V>>;

/// The entries by key: a hash map of its own, or one that threads share.
#[derive(Debug)]
pub(super) struct Table<K, V> {
    own: Map<K, V>,
    shared: Option<Arc<Shared<K, V>>>,
    /// The most entries the map of this thread holds.
    max_entries: usize,
}

/// The entries the threads share, in shards behind a lock each.
#[derive(Debug)]
pub(super) struct Shared<K, V> {
    shards: Box<[Mutex<Map<K, V>>]>,
    /// The most entries a shard holds.
    shard_entries: usize,
}

impl<K: TableKey, V> Shared<K, V> {
    /// An empty shared table of at most `max_entries` entries (as many in each shard).
    pub(super) fn new(max_entries: usize) -> Self {
        let shards = (0..SHARDS).map(|_| Mutex::default()).collect();
        let shard_entries = max_entries / SHARDS;
        Self {
            shards,
            shard_entries,
        }
    }

    /// Forgets every entry.
    pub(super) fn clear(&self) {
        for index in 0..SHARDS {
            self.lock(index).clear();
        }
    }

    /// The entries it holds.
    pub(super) fn len(&self) -> usize {
        (0..SHARDS).map(|index| self.lock(index).len()).sum()
    }

    /// Shard `index`, locked (a thread that panicked under the lock left whole entries
    /// behind: each is inserted at once).
    fn lock(&self, index: usize) -> MutexGuard<'_, Map<K, V>> {
        self.shards[index]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// The shard that holds `key`, locked.
    fn shard(&self, key: &K) -> MutexGuard<'_, Map<K, V>> {
        // The top bits of the key's well-mixed hash (the shard's map hashes the key its own
        // way).
        let top = key.hash64() >> (u64::BITS - SHARDS.trailing_zeros());
        self.lock(usize::try_from(top).unwrap_or(0))
    }
}

impl<K: TableKey, V> Table<K, V> {
    /// An empty table of at most `max_entries` entries of its own, sharing none.
    pub(super) fn new(max_entries: usize) -> Self {
        Self {
            own: Map::default(),
            shared: None,
            max_entries,
        }
    }

    /// The most entries it holds of its own.
    pub(super) fn max_entries(&self) -> usize {
        self.max_entries
    }

    /// Holds at most `max_entries` entries of its own from now on.
    pub(super) fn set_max_entries(&mut self, max_entries: usize) {
        self.max_entries = max_entries;
    }

    /// `with` the entry of `key`, if any.
    #[inline]
    pub(super) fn with_entry<R>(&self, key: &K, with: impl FnOnce(Option<&Entry<V>>) -> R) -> R {
        match &self.shared {
            Some(shared) => with(shared.shard(key).get(key)),
            None => with(self.own.get(key)),
        }
    }

    /// Keeps `entry` for `key`, unless its map is full and does not hold `key` yet.
    #[inline]
    pub(super) fn store(&mut self, key: K, entry: Entry<V>) {
        match &self.shared {
            Some(shared) => insert(&mut shared.shard(&key), shared.shard_entries, key, entry),
            None => insert(&mut self.own, self.max_entries, key, entry),
        }
    }

    /// The entries of its own (none while it shares a map).
    pub(super) fn len(&self) -> usize {
        self.own.len()
    }

    /// Forgets its own entries (the shared ones stay).
    pub(super) fn clear(&mut self) {
        self.own.clear();
    }

    /// Shares no table from now on.
    pub(super) fn leave(&mut self) {
        self.shared = None;
    }

    /// Shares `shared` from now on, and gives back the memory of its own entries.
    pub(super) fn share(&mut self, shared: Arc<Shared<K, V>>) {
        self.own = Map::default();
        self.shared = Some(shared);
    }
}

/// Keeps `entry` for `key` in `map` unless it holds `most` entries and not `key`.
fn insert<K: TableKey, V>(map: &mut Map<K, V>, most: usize, key: K, entry: Entry<V>) {
    if map.len() < most || map.contains_key(&key) {
        map.insert(key, entry);
    }
}
