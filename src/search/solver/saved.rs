//! Saving a solver's proven results to a file and loading them back (the format is in
//! `results_file`).

use super::Solver;
use super::results_file::{self, ResultsError};
use crate::game::{Knowledge, ScoringGame, TableKey};
use crate::search::table::{PROVEN, SharedEntry};
use std::io::{Read, Seek, Write};

impl<G: ScoringGame, K: Knowledge<G>> Solver<G, K> {
    /// Writes the proven results the table holds, each the result of a search of at least
    /// 2^`min_work` nodes (0: all), to `out`, as results of `position`'s game (its
    /// [`NAME`](crate::game::Game::NAME) and [`rules_id`](crate::game::Game::rules_id)); returns how many.
    /// [`load_results`]
    /// reads them back, here or in another process: a solve stopped by its budget then
    /// resumes where it was, and jobs start from what another proved.
    ///
    /// The file holds each entry's key words, bounds and move (seven words), the game's name
    /// and rules id, and a checksum. Results of a depth-limited search (an [`Engine`](crate::Engine)'s)
    /// are not written: only what holds for every later search. The entries go from the table
    /// to `out` as they are read, so a save takes a few KiB beside the table, however full it
    /// is (the table is read twice: once to count the entries, once to write them).
    ///
    /// # Errors
    ///
    /// [`ResultsError::KeysWithoutWords`] if the game's keys give no
    /// [`words`](TableKey::words) (nothing is written then), [`ResultsError::Io`] if writing
    /// fails.
    ///
    /// [`load_results`]: Self::load_results
    pub fn save_results(
        &self,
        position: &G,
        out: impl Write,
        min_work: u8,
    ) -> Result<u64, ResultsError> {
        let table = self.search.table();
        let saved = |entry: &SharedEntry| entry.depth == PROVEN && entry.work >= min_work;
        // Two passes over the table, counting then writing, rather than a copy of the
        // entries: the copy would take as much memory again as a full table.
        let mut count = 0u64;
        if !table.for_each_portable(|entry| count += u64::from(saved(&entry))) {
            return Err(ResultsError::KeysWithoutWords);
        }
        let game = (G::NAME, position.rules_id());
        let mut writer = results_file::Writer::new(out, game, count)?;
        let mut written = Ok(());
        table.for_each_portable(|entry| {
            if written.is_ok() && saved(&entry) {
                written = writer.push(&entry);
            }
        });
        written?;
        writer.finish()?;
        Ok(count)
    }

    /// Loads results written by [`save_results`](Self::save_results) into the table (made
    /// now, for `position`, if not yet made: with threads, the position says which table they
    /// share); returns how many. Each is a proven bound, so every later answer stays exact; a
    /// table smaller than the file keeps what its replacement rule keeps.
    ///
    /// The whole file is checked before anything is loaded: a refused file changes nothing.
    ///
    /// # Errors
    ///
    /// [`ResultsError::NotResults`], [`ResultsError::OtherGame`] (results of another game),
    /// [`ResultsError::OtherRules`] (of other rules of `position`'s game), [`ResultsError::WrongLength`] (cut short or run on), [`ResultsError::Damaged`]
    /// (a checksum or an entry wrong), [`ResultsError::KeysWithoutWords`], or
    /// [`ResultsError::Io`].
    ///
    /// # Examples
    ///
    /// ```
    /// use gamesolver::games::prime::SmallPrimeGame;
    /// use gamesolver::games::prime::solver;
    /// use std::io::Cursor;
    ///
    /// let game = SmallPrimeGame::new(50)?;
    /// let mut first = solver();
    /// let value = first.value(&game)?;
    /// let mut file = Vec::new();
    /// first.save_results(&game, &mut file, 0)?;
    ///
    /// let mut second = solver();
    /// second.load_results(&game, Cursor::new(&file))?;
    /// assert_eq!(second.value(&game)?, value);
    /// assert!(second.nodes() < 10, "the root's value was loaded");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn load_results<R: Read + Seek>(
        &mut self,
        position: &G,
        input: R,
    ) -> Result<u64, ResultsError> {
        if position.key().words().is_none() {
            return Err(ResultsError::KeysWithoutWords);
        }
        self.search.begin_on(position);
        let table = self.search.table_mut();
        results_file::read(
            input,
            (G::NAME, position.rules_id()),
            |words| G::Key::from_words(*words).is_some(),
            |entry| {
                table.store_portable(entry);
            },
        )
    }
}
