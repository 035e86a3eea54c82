//! The tests that measure memory: every allocation of this program is counted, and resident
//! memory is read from the system, so they run in a program of their own, one at a time
//! ([`one_at_a_time`]): what one of them measures is then its own.

mod impartial;
mod results;
mod retrograde;
mod table;

use stats_alloc::{INSTRUMENTED_SYSTEM, StatsAlloc};
use std::alloc::System;
use std::sync::{Mutex, MutexGuard};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Held for the whole of each test, so that no other test allocates while one measures.
fn one_at_a_time() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    // A test that failed while holding the lock poisons it; the next one still runs alone.
    LOCK.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
