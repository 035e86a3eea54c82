//! `prefetch`: a cache line asked of the memory before it is read.
//!
//! A probe of a large table misses every cache: in a game of cheap moves (Kalah) it is half a
//! node's time. A search that knows the children's keys before it searches them (as it orders
//! them) asks for their buckets at once, and the misses overlap.

/// Asks the memory for the cache line that holds `place`, without waiting for it. A hint: it
/// changes no value and cannot fault. On x86-64 the `prefetcht0` instruction (through
/// `safe_arch`, which gives it without `unsafe`); elsewhere nothing.
#[inline]
pub(crate) fn prefetch<T>(place: &T) {
    #[cfg(target_arch = "x86_64")]
    safe_arch::prefetch_t0(place);
    #[cfg(not(target_arch = "x86_64"))]
    let _ = place;
}
