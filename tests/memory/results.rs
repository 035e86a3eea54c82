//! Saving results takes a few KiB beside the table, however many entries it writes: the
//! entries are streamed from the table, not copied first (a copy of a full table would take
//! as much memory again as the table).

use crate::{GLOBAL, one_at_a_time};
use gamesolver::games::prime::SmallPrimeGame;
use gamesolver::games::prime::solver;
use stats_alloc::Region;
use std::io::Cursor;

/// What a save may allocate: its write buffer and a few small things.
const SAVE_BYTES: usize = 64 << 10;

/// An entry's bytes in the file; a copy of the entries would take at least as much.
const ENTRY_BYTES: usize = 56;

#[test]
fn saving_results_allocates_a_few_kib_however_many_entries() {
    let _alone = one_at_a_time();
    let game = SmallPrimeGame::new(80).unwrap();
    for threads in [1, 2] {
        let mut first = solver().with_table_bytes(64 << 20).with_threads(threads);
        let value = first.value(&game).unwrap();
        let mut file = Vec::new();
        let count = first.save_results(&game, &mut file, 0).unwrap();
        // Enough entries that a copy of them would take 16 times what a save may allocate.
        let enough = 16 * SAVE_BYTES / ENTRY_BYTES;
        assert!(
            count as usize > enough,
            "{threads} threads: {count} entries"
        );
        assert!(file.len() > count as usize * ENTRY_BYTES);

        // Saved again into a buffer already as large as the file: only the save allocates.
        let mut again = Vec::with_capacity(file.len());
        let region = Region::new(GLOBAL);
        assert_eq!(first.save_results(&game, &mut again, 0).unwrap(), count);
        let allocated = region.change().bytes_allocated;
        assert!(
            allocated < SAVE_BYTES,
            "{threads} threads: saving {count} entries allocated {allocated} bytes"
        );

        // The streamed file is whole: the same bytes each time, and it loads back.
        assert_eq!(again, file);
        let mut second = solver().with_table_bytes(64 << 20);
        assert_eq!(
            second.load_results(&game, Cursor::new(&file)).unwrap(),
            count
        );
        assert_eq!(second.value(&game).unwrap(), value);
        assert!(second.nodes() < 10, "the root's value was loaded");
    }
}
