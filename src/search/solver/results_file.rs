//! A solver's proven results in a file: what [`Solver::save_results`] writes and
//! [`Solver::load_results`] reads back, so that a solve stopped by its budget resumes where
//! it was and other processes start from what one has proven.
//!
//! Every entry is a proven bound (a search that aborts stores nothing), so loading one is
//! sound for any later search of the same game, whatever the window or the position. The
//! file names the game that wrote it ([`Game::NAME`](crate::game::Game::NAME) and
//! [`Game::rules_id`](crate::game::Game::rules_id)) and carries a checksum; a file of another game
//! or rule set, cut short or damaged is refused before anything is loaded.
//!
//! The format, in little-endian 64-bit words: the magic `GSRESULT`, the version, the rules
//! id, the length of the game's name and the name's bytes (padded with zeros to whole
//! words), the count of entries, then seven words an entry (four of key, the lower and the
//! upper bound, then the work in bits 0-7, whether a move follows in bit 8 and the move in
//! bits 32-63), and the checksum of the entries.
//!
//! [`Solver::save_results`]: crate::Solver::save_results
//! [`Solver::load_results`]: crate::Solver::load_results

use crate::game::{KEY_WORDS, hash_words};
use crate::search::table::SharedEntry;
use crate::search::table::{Entry, PROVEN};
use std::io::{self, Read, Seek, SeekFrom, Write};
use thiserror::Error;

const MAGIC: u64 = u64::from_le_bytes(*b"GSRESULT");
// Version 1 named the game by its type name, and had no rules id.
const VERSION: u64 = 2;
const ENTRY_WORDS: usize = KEY_WORDS + 3;
const HAS_MOVE: u64 = 1 << 8;

/// Why results could not be saved or loaded. Nothing is loaded from a file that is refused.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum ResultsError {
    /// Reading or writing failed.
    #[error("reading or writing results: {0}")]
    Io(#[from] io::Error),
    /// The file is not a results file of this crate (or of another version of its format).
    #[error("not a results file of this version of gamesolver")]
    NotResults,
    /// The file holds the results of another game ([`Game::NAME`](crate::game::Game::NAME)).
    #[error("the results are of {found}, not of {expected}")]
    OtherGame {
        /// The name of the solver's game.
        expected: String,
        /// The name of the game the file names.
        found: String,
    },
    /// The file holds the results of the same game under other rules or another size
    /// ([`Game::rules_id`](crate::game::Game::rules_id)).
    #[error("the results are of rules {found} of the game, not of rules {expected}")]
    OtherRules {
        /// The rules id of the solver's position.
        expected: u64,
        /// The rules id the file names.
        found: u64,
    },
    /// The file ends before its last entry, or goes on after it.
    #[error("the results file is {found} bytes long, not the {expected} its header says")]
    WrongLength {
        /// The length the header gives.
        expected: u64,
        /// The file's length.
        found: u64,
    },
    /// An entry does not match the checksum, or is no entry of the game.
    #[error("the results file is damaged: {0}")]
    Damaged(&'static str),
    /// The game's keys give no [`words`](crate::TableKey::words), so its results cannot be
    /// written.
    #[error("the game's keys give no words, so its results cannot be saved or loaded")]
    KeysWithoutWords,
}

/// An entry's words in the file. The file has its own packing, not the shared table's, so
/// that files stay readable when the table's layout changes.
fn encode(entry: &SharedEntry) -> [u64; ENTRY_WORDS] {
    let mut words = [0; ENTRY_WORDS];
    words[..KEY_WORDS].copy_from_slice(&entry.key);
    // Bit patterns: the bounds are written as they are and read back the same way.
    words[KEY_WORDS] = entry.lower as u64;
    words[KEY_WORDS + 1] = entry.upper as u64;
    words[KEY_WORDS + 2] = u64::from(entry.work)
        | entry
            .best
            .map_or(0, |code| HAS_MOVE | u64::from(code) << 32);
    words
}

fn decode(words: &[u64; ENTRY_WORDS]) -> Result<SharedEntry, ResultsError> {
    let meta = words[KEY_WORDS + 2];
    let (lower, upper) = (words[KEY_WORDS] as i64, words[KEY_WORDS + 1] as i64);
    if lower > upper || meta & !(0xff | HAS_MOVE | 0xffff_ffff << 32) != 0 {
        return Err(ResultsError::Damaged(
            "an entry's bounds or flags are not an entry's",
        ));
    }
    Ok(Entry {
        key: words[..KEY_WORDS].try_into().expect("key words"),
        lower,
        upper,
        // Truncations are intended: the fields were packed from these widths.
        best: (meta & HAS_MOVE != 0).then_some((meta >> 32) as u32),
        depth: PROVEN,
        work: meta as u8,
    })
}

/// The game's name as the file holds it: its bytes, padded with zeros to whole words.
fn name_words(name: &str) -> Vec<u64> {
    name.as_bytes()
        .chunks(8)
        .map(|chunk| {
            let mut bytes = [0u8; 8];
            bytes[..chunk.len()].copy_from_slice(chunk);
            u64::from_le_bytes(bytes)
        })
        .collect()
}

/// The checksum of a run of entries: each entry's hash, folded.
fn checksum(sum: u64, entry: &[u64; ENTRY_WORDS]) -> u64 {
    hash_words([sum, hash_words(entry.iter().copied())])
}

fn write_words(out: &mut impl Write, words: &[u64]) -> io::Result<()> {
    words
        .iter()
        .try_for_each(|word| out.write_all(&word.to_le_bytes()))
}

/// Writes results of a game as they come, so that a save takes a few KiB
/// beside the table, however many entries it writes: the count goes first in the file, so
/// the caller counts the entries before it [`push`](Self::push)es them.
pub(crate) struct Writer<W: Write> {
    out: io::BufWriter<W>,
    left: u64,
    sum: u64,
}

impl<W: Write> Writer<W> {
    /// Writes the header of a file of `count` entries of the game `(name, rules id)`.
    pub(crate) fn new(out: W, (game, rules): (&str, u64), count: u64) -> io::Result<Self> {
        let mut out = io::BufWriter::new(out);
        write_words(&mut out, &[MAGIC, VERSION, rules, game.len() as u64])?;
        write_words(&mut out, &name_words(game))?;
        write_words(&mut out, &[count])?;
        Ok(Self {
            out,
            left: count,
            sum: 0,
        })
    }

    /// Writes the next entry.
    pub(crate) fn push(&mut self, entry: &SharedEntry) -> io::Result<()> {
        // More entries than the header says would make a file that no reader accepts.
        self.left = self.left.checked_sub(1).ok_or_else(miscounted)?;
        let words = encode(entry);
        self.sum = checksum(self.sum, &words);
        write_words(&mut self.out, &words)
    }

    /// Writes the checksum, once every entry the header counts is written.
    pub(crate) fn finish(mut self) -> io::Result<()> {
        if self.left != 0 {
            return Err(miscounted());
        }
        write_words(&mut self.out, &[self.sum])?;
        self.out.flush()
    }
}

fn miscounted() -> io::Error {
    io::Error::other("the entries written are not the entries counted")
}

fn read_word(input: &mut impl Read) -> io::Result<u64> {
    let mut bytes = [0u8; 8];
    input.read_exact(&mut bytes)?;
    Ok(u64::from_le_bytes(bytes))
}

fn read_entry(input: &mut impl Read) -> io::Result<[u64; ENTRY_WORDS]> {
    let mut words = [0; ENTRY_WORDS];
    for word in &mut words {
        *word = read_word(input)?;
    }
    Ok(words)
}

/// Reads results of the game `(name, rules id)`, whose keys are the words `is_key` accepts, and
/// gives each entry to `load`. The whole file is checked first (header, length, every entry,
/// checksum), so a refused file gives `load` nothing. Returns the number of entries.
pub(crate) fn read<R: Read + Seek>(
    input: R,
    game: (&str, u64),
    is_key: impl Fn(&[u64; KEY_WORDS]) -> bool,
    mut load: impl FnMut(SharedEntry),
) -> Result<u64, ResultsError> {
    let mut input = io::BufReader::new(input);
    let count = read_header(&mut input, game)?;
    let start = input.stream_position()?;
    let end = input.seek(SeekFrom::End(0))?;
    let expected = count
        .checked_mul(8 * ENTRY_WORDS as u64)
        .and_then(|bytes| bytes.checked_add(start + 8));
    if expected != Some(end) {
        return Err(ResultsError::WrongLength {
            expected: expected.unwrap_or(u64::MAX),
            found: end,
        });
    }
    // First the whole file is checked, then it is loaded.
    input.seek(SeekFrom::Start(start))?;
    let mut sum = 0;
    for _ in 0..count {
        let words = read_entry(&mut input)?;
        if !is_key(&decode(&words)?.key) {
            return Err(ResultsError::Damaged("a key is no key of the game"));
        }
        sum = checksum(sum, &words);
    }
    if read_word(&mut input)? != sum {
        return Err(ResultsError::Damaged("the checksum does not match"));
    }
    input.seek(SeekFrom::Start(start))?;
    for _ in 0..count {
        load(decode(&read_entry(&mut input)?)?);
    }
    Ok(count)
}

/// Reads the header up to the count of entries, which it returns, if it is a header of
/// results of the game `(name, rules id)`.
fn read_header(input: &mut impl Read, (game, rules): (&str, u64)) -> Result<u64, ResultsError> {
    let mut next = || read_word(input).map_err(|_| ResultsError::NotResults);
    if next()? != MAGIC || next()? != VERSION {
        return Err(ResultsError::NotResults);
    }
    let found_rules = next()?;
    let length = next()?;
    // A name longer than 4 KiB is no header.
    if length > 1 << 12 {
        return Err(ResultsError::NotResults);
    }
    let mut bytes = Vec::new();
    for _ in 0..length.div_ceil(8) {
        bytes.extend(next()?.to_le_bytes());
    }
    // At most 4 KiB, as checked.
    bytes.truncate(length as usize);
    let found = String::from_utf8_lossy(&bytes);
    if found != game {
        return Err(ResultsError::OtherGame {
            expected: game.to_owned(),
            found: found.into_owned(),
        });
    }
    if found_rules != rules {
        return Err(ResultsError::OtherRules {
            expected: rules,
            found: found_rules,
        });
    }
    next()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(lower: i64) -> SharedEntry {
        Entry {
            key: [1, 2, 3, lower as u64],
            lower,
            upper: lower + 1,
            best: Some(7),
            depth: PROVEN,
            work: 12,
        }
    }

    #[test]
    fn a_writer_refuses_more_or_fewer_entries_than_it_counted() {
        let mut file = Vec::new();
        let mut writer = Writer::new(&mut file, ("game", 0), 1).unwrap();
        writer.push(&entry(3)).unwrap();
        assert!(writer.push(&entry(4)).is_err());
        let writer = Writer::new(Vec::new(), ("game", 0), 2).unwrap();
        assert!(writer.finish().is_err());
    }

    #[test]
    fn written_entries_read_back_in_order() {
        let mut file = Vec::new();
        let mut writer = Writer::new(&mut file, ("game", 0), 3).unwrap();
        for lower in [-5, 0, 9] {
            writer.push(&entry(lower)).unwrap();
        }
        writer.finish().unwrap();
        let mut loaded = Vec::new();
        let count = read(
            io::Cursor::new(&file),
            ("game", 0),
            |_| true,
            |e| loaded.push(e),
        );
        assert_eq!(count.unwrap(), 3);
        assert_eq!(loaded, [entry(-5), entry(0), entry(9)]);
    }
}
