//! How much memory a transposition table may take, and how a table gets it.

use thiserror::Error;

/// The table limit where the system does not say how much memory it has: 4 GiB.
pub const FALLBACK_TABLE_BYTES: usize = 1 << 32;

/// The most memory one transposition table may take on this machine: three quarters of its
/// physical memory (or of its control group's limit, if lower), so that a table never pushes
/// the rest of the process, and of the machine, into swap or out of memory. Where the system
/// does not say, [`FALLBACK_TABLE_BYTES`].
///
/// Read from the system at each call, which costs about 30 µs (`/proc/meminfo` and the
/// control group's files): a table reads it once, when made or (a one-thread table that
/// grows) at its first doubling, and keeps what it read (BENCHMARKS.md, "Making a table").
///
/// # Examples
///
/// ```
/// use gamesolver::search::max_table_bytes;
///
/// assert!(max_table_bytes() >= 1 << 20);
/// ```
#[must_use]
pub fn max_table_bytes() -> usize {
    physical_memory().map_or(FALLBACK_TABLE_BYTES, |bytes| {
        usize::try_from(bytes / 4 * 3).unwrap_or(usize::MAX)
    })
}

/// The memory this process can have, if the system says: the machine's, or its control
/// group's if lower.
fn physical_memory() -> Option<u64> {
    if !sysinfo::IS_SUPPORTED_SYSTEM {
        return None;
    }
    let mut system = sysinfo::System::new();
    system.refresh_memory();
    let total = system.total_memory();
    let total = system
        .cgroup_limits()
        .map_or(total, |group| total.min(group.total_memory));
    (total > 0).then_some(total)
}

/// A table size refused by [`SearchConfig::try_with_table_bytes`](crate::SearchConfig::try_with_table_bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
#[error(
    "a table of {} MiB is more than this machine allows (at most {} MiB)",
    bytes >> 20,
    limit >> 20
)]
pub struct TableTooLarge {
    /// The size asked for.
    pub bytes: usize,
    /// The most a table may take here: [`max_table_bytes`].
    pub limit: usize,
}

/// The bytes a table made whole at once gives its slots: all of them for keys of words, half
/// for keys that own heap memory ([`TableKey::OWNS_HEAP`](crate::game::TableKey::OWNS_HEAP)), the
/// other half left for what the keys own.
pub(crate) fn slot_share<K: crate::game::TableKey>(bytes: usize) -> usize {
    if K::OWNS_HEAP { bytes / 2 } else { bytes }
}

/// How many slots of `unit` bytes a table of at most `bytes` holds: the largest power of two
/// of them that fits, and at least `least` (a power of two). The caller bounds `bytes` by
/// [`max_table_bytes`], once for its table.
pub(crate) fn count_within(bytes: usize, unit: usize, least: usize) -> usize {
    let unit = unit.max(1);
    let wanted = (bytes / unit).max(least);
    1usize << (usize::BITS - 1 - wanted.leading_zeros())
}

/// A table of `T`s in at most `bytes` of memory: [`count_within`] of them, filled now. The
/// memory is asked for without aborting: if the system refuses it, the count halves until it
/// fits (down to `least`).
pub(crate) fn table_of<T>(bytes: usize, least: usize, fill: impl FnMut() -> T) -> Vec<T> {
    let mut count = count_within(bytes, std::mem::size_of::<T>(), least);
    let mut table = Vec::new();
    while table.try_reserve_exact(count).is_err() && count > least {
        count /= 2;
    }
    table.resize_with(count, fill);
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_powers_of_two_within_the_bytes() {
        for bytes in [0, 1, 100, 4096, 5000, 1 << 20] {
            let table = table_of(bytes, 2, || 0u64);
            assert!(table.len().is_power_of_two() && table.len() >= 2);
            assert!(table.len() == 2 || table.len() * 8 <= bytes);
            assert!(table.len() * 16 > bytes, "{bytes}: {}", table.len());
        }
    }

    #[test]
    fn the_limit_is_within_the_machine() {
        let limit = max_table_bytes();
        if let Some(memory) = physical_memory() {
            assert!(limit as u64 <= memory && limit as u64 >= memory / 2);
        } else {
            assert_eq!(limit, FALLBACK_TABLE_BYTES);
        }
    }
}
