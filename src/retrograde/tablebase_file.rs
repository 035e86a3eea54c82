//! A table of the forward path in a file: what [`Tablebase::save`] writes (the format is in
//! its docs) and [`Tablebase::load`] reads back, a position by its key.

use super::backward::VERDICTS;
use super::words::{name_words, read_name, read_word};
use super::{Tablebase, TablebaseFileError};
use crate::game::{KEY_WORDS, TableKey, WinLossGame, hash_words};
use std::collections::HashMap;
use std::io::{self, Read, Seek, SeekFrom, Write};

const MAGIC: u64 = u64::from_le_bytes(*b"GSRETROK");
const VERSION: u64 = 1;
/// The words of a position: its key's, then its code and plies.
const POSITION_WORDS: u64 = KEY_WORDS as u64 + 1;

/// The header's words for `game`'s table of `count` positions.
fn header<G: WinLossGame>(game: &G, count: u64) -> Vec<u64> {
    let mut words = vec![MAGIC, VERSION, game.rules_id(), count];
    words.extend(name_words(G::NAME));
    words
}

impl<K: TableKey> Tablebase<K> {
    /// Writes the table of `game` (the game it was solved for) to `out`.
    ///
    /// The file names the game it solves (its [`Game::NAME`](crate::game::Game::NAME) and
    /// [`Game::rules_id`](crate::game::Game::rules_id)) as the indexed path's tables do, and carries a checksum; a
    /// table of another game or rule set, cut short or damaged is refused by
    /// [`load`](Self::load) before any value is read. The format, in little-endian words of
    /// 64 bits: the magic `GSRETROK`, the version, the rules identity, the count of
    /// positions, the length of the game's name and the name's bytes (padded with zeros to
    /// whole words); then five words a position, the start first: the key's four
    /// [`words`](TableKey::words), and its verdict's code (bits 0-7: 0 a draw by endless
    /// play, else one more than win, draw, loss in that order) with its plies to the end
    /// (bits 8-23); and the checksum of those words.
    ///
    /// # Errors
    ///
    /// [`TablebaseFileError::KeysWithoutWords`] if the game's keys give no
    /// [`words`](TableKey::words); [`TablebaseFileError::Io`] if writing fails.
    pub fn save<G: WinLossGame<Key = K>, W: Write>(
        &self,
        game: &G,
        out: W,
    ) -> Result<(), TablebaseFileError> {
        let mut keys: Vec<Option<&K>> = vec![None; self.len()];
        for (key, &id) in self.ids() {
            // Keys of one type give words or none: nothing is written for keys without.
            if key.words().is_none() {
                return Err(TablebaseFileError::KeysWithoutWords);
            }
            keys[id as usize] = Some(key);
        }
        let mut out = io::BufWriter::new(out);
        for word in header(game, self.len() as u64) {
            out.write_all(&word.to_le_bytes())?;
        }
        let mut sums = Vec::with_capacity(self.len());
        for (id, key) in keys.into_iter().enumerate() {
            let words = key.and_then(TableKey::words);
            let words = words.ok_or(TablebaseFileError::KeysWithoutWords)?;
            let (code, plies) = self.code_at(id);
            let position = words.into_iter().chain([code | u64::from(plies) << 8]);
            let position: Vec<u64> = position.collect();
            for word in &position {
                out.write_all(&word.to_le_bytes())?;
            }
            sums.push(hash_words(position));
        }
        out.write_all(&hash_words(sums).to_le_bytes())?;
        out.flush()?;
        Ok(())
    }

    /// Reads back the table of `game` that [`save`](Self::save) wrote.
    ///
    /// # Errors
    ///
    /// [`TablebaseFileError`]: a file of another game or rule set, of the wrong length,
    /// damaged (a key that is no key's words, one given twice, a code that is no verdict, a
    /// checksum that does not match) or unreadable, or a table larger than the memory the
    /// system gives ([`TablebaseFileError::OutOfMemory`]); nothing is returned from it.
    pub fn load<G: WinLossGame<Key = K>, R: Read + Seek>(
        game: &G,
        mut input: R,
    ) -> Result<Self, TablebaseFileError> {
        let count = open(game, &mut input)?;
        let len = usize::try_from(count).map_err(|_| TablebaseFileError::NotATable)?;
        let memory = |_| TablebaseFileError::OutOfMemory {
            bytes: count.saturating_mul(3 + 2 * size_of::<K>() as u64),
        };
        let mut ids: HashMap<K, u32> = HashMap::new();
        let (mut verdicts, mut plies) = (Vec::new(), Vec::new());
        ids.try_reserve(len).map_err(memory)?;
        verdicts.try_reserve_exact(len).map_err(memory)?;
        plies.try_reserve_exact(len).map_err(memory)?;
        let mut input = io::BufReader::new(input);
        let mut sums = Vec::with_capacity(len);
        for id in 0..len {
            let mut words = [0u64; POSITION_WORDS as usize];
            for word in &mut words {
                *word = read_word(&mut input)?;
            }
            sums.push(hash_words(words));
            let key = K::from_words(words[..KEY_WORDS].try_into().unwrap_or_default());
            let code = words[KEY_WORDS] & 0xff;
            let fits = code as usize <= VERDICTS.len() && words[KEY_WORDS] >> 24 == 0;
            let key = key.filter(|_| fits).ok_or(TablebaseFileError::Damaged)?;
            if ids.insert(key, id as u32).is_some() {
                return Err(TablebaseFileError::Damaged);
            }
            verdicts.push(code as u8);
            plies.push((words[KEY_WORDS] >> 8) as u16);
        }
        if hash_words(sums) != read_word(&mut input)? {
            return Err(TablebaseFileError::Damaged);
        }
        Ok(Self::new(ids, verdicts, plies))
    }
}

/// Checks the header and the length of the table of `game` in `input`, and leaves `input`
/// at the first position: the count of positions.
fn open<G: WinLossGame>(
    game: &G,
    input: &mut (impl Read + Seek),
) -> Result<u64, TablebaseFileError> {
    let mut found = [0u64; 5];
    for word in &mut found {
        *word = read_word(input)?;
    }
    if found[0] != MAGIC || found[1] != VERSION {
        return Err(TablebaseFileError::NotATable);
    }
    let (name, name_words) = read_name(input, found[4])?;
    if name != G::NAME {
        return Err(TablebaseFileError::OtherGame {
            expected: G::NAME.to_owned(),
            found: name,
        });
    }
    let count = found[3];
    if found[2] != game.rules_id() {
        return Err(TablebaseFileError::OtherRules {
            expected: game.rules_id(),
            expected_count: count,
            found: found[2],
            found_count: count,
        });
    }
    let start = 8 * (5 + name_words);
    let whole = count
        .checked_mul(8 * POSITION_WORDS)
        .and_then(|bytes| bytes.checked_add(start + 8));
    let length = input.seek(SeekFrom::End(0))?;
    if whole != Some(length) || count > u64::from(u32::MAX) {
        return Err(TablebaseFileError::WrongLength {
            expected: whole.unwrap_or(u64::MAX),
            found: length,
        });
    }
    input.seek(SeekFrom::Start(start))?;
    Ok(count)
}
