//! A solved table in a file: what [`IndexedTablebase::save`] writes, read back whole
//! ([`IndexedTablebase::load`]) or one position at a time without loading it
//! ([`TablebaseFile`]).
//!
//! The file names the numbering it solves (its [`Numbering::NAME`] and
//! [`Numbering::rules_id`], which tells rule sets and sizes of one game apart, and its index
//! count), and carries a checksum of its codes; a table of another game, numbering or rule
//! set, cut short or damaged is refused before any value is read from it.
//!
//! The format, in little-endian words of 64 bits: the magic `GSRETRO1`, the version, the
//! rules identity, the index count, the length of the numbering's name and the name's bytes
//! (padded with zeros to whole words); then the codes, 2 bytes an index (padded with zeros to
//! a whole word), and the checksum of the codes.

use super::{IndexedTablebase, is_code, value_of};
use crate::game::{Numbering, hash_words};
use crate::retrograde::RetroValue;
use crate::retrograde::words::{name_words, read_name, read_word};
use std::io::{self, Read, Seek, SeekFrom, Write};
use thiserror::Error;

const MAGIC: u64 = u64::from_le_bytes(*b"GSRETRO1");
const VERSION: u64 = 2;
/// Codes hashed together into one word of the checksum.
const CHUNK: usize = 4096;
/// Codes read at a time when a table is loaded.
const LOAD_PIECE: usize = 1 << 20;

/// Why a solved table could not be saved or read. Nothing is read from a refused file.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum TablebaseFileError {
    /// Reading or writing failed.
    #[error("reading or writing a solved table: {0}")]
    Io(#[from] io::Error),
    /// The file is no solved table of this version of the crate.
    #[error("not a solved table of this version of gamesolver")]
    NotATable,
    /// The table solves another game or numbering ([`Numbering::NAME`], or the forward
    /// path's [`Game::NAME`](crate::game::Game::NAME)).
    #[error("the table solves {found}, not {expected}")]
    OtherGame {
        /// The name of the game asked for.
        expected: String,
        /// The name of the game the file names.
        found: String,
    },
    /// The table solves the same game under other rules or another size.
    #[error(
        "the table solves other rules or another size of this game (rules {found}, index count {found_count}; asked for rules {expected}, index count {expected_count})"
    )]
    OtherRules {
        /// The rules identity asked for.
        expected: u64,
        /// The index count asked for.
        expected_count: u64,
        /// The rules identity in the file.
        found: u64,
        /// The index count in the file.
        found_count: u64,
    },
    /// The file is shorter or longer than its header says.
    #[error("the table is {found} bytes long, not the {expected} its header says")]
    WrongLength {
        /// The length the header gives.
        expected: u64,
        /// The file's length.
        found: u64,
    },
    /// The codes do not match the checksum, or one is no code.
    #[error("the table is damaged")]
    Damaged,
    /// The index is not below the table's index count.
    #[error("index {0} is out of the table's range")]
    OutOfRange(u64),
    /// The game's keys give no [`words`](crate::TableKey::words), so a table of the forward
    /// path cannot be written.
    #[error("the game's keys give no words, so its table cannot be written")]
    KeysWithoutWords,
    /// The system refuses the memory the loaded table needs (2 bytes an index); nothing was
    /// read. [`TablebaseFile`] reads it a position at a time instead.
    #[error("loading the table takes {bytes} bytes of memory, which the system refuses")]
    OutOfMemory {
        /// The memory asked for.
        bytes: u64,
    },
}

/// The header's words for `numbering`.
fn header<N: Numbering>(numbering: &N) -> Vec<u64> {
    let mut words = vec![
        MAGIC,
        VERSION,
        numbering.rules_id(),
        numbering.index_count(),
    ];
    words.extend(name_words(N::NAME));
    words
}

/// The bytes of the codes of `count` indices, padded to whole words.
fn codes_bytes(count: u64) -> u64 {
    count.saturating_mul(2).div_ceil(8).saturating_mul(8)
}

/// The checksum of the codes: each chunk's hash, folded.
fn checksum(codes: &[u16]) -> u64 {
    hash_words(
        codes
            .chunks(CHUNK)
            .map(|chunk| hash_words(chunk.iter().map(|&c| u64::from(c)))),
    )
}

impl IndexedTablebase {
    /// Writes the table of `numbering` (the numbering it was solved for) to `out`: see [`TablebaseFile`]
    /// for the format.
    ///
    /// # Errors
    ///
    /// [`TablebaseFileError::Io`] if writing fails; [`TablebaseFileError::OtherRules`] if the table
    /// is not of `numbering`'s index count.
    pub fn save<N: Numbering, W: Write>(
        &self,
        numbering: &N,
        out: W,
    ) -> Result<(), TablebaseFileError> {
        let codes = self.codes();
        if codes.len() as u64 != numbering.index_count() {
            return Err(TablebaseFileError::OtherRules {
                expected: numbering.rules_id(),
                expected_count: numbering.index_count(),
                found: numbering.rules_id(),
                found_count: codes.len() as u64,
            });
        }
        let mut out = io::BufWriter::new(out);
        for word in header(numbering) {
            out.write_all(&word.to_le_bytes())?;
        }
        for &code in codes {
            out.write_all(&code.to_le_bytes())?;
        }
        let padding = codes_bytes(codes.len() as u64) - 2 * codes.len() as u64;
        out.write_all(&vec![0u8; padding as usize])?;
        out.write_all(&checksum(codes).to_le_bytes())?;
        out.flush()?;
        Ok(())
    }

    /// Reads back the whole table of `numbering` that [`save`](Self::save) wrote.
    ///
    /// # Errors
    ///
    /// [`TablebaseFileError`]: a file of another game or rule set, of the wrong length, damaged
    /// or unreadable, or a table larger than the memory the system gives
    /// ([`TablebaseFileError::OutOfMemory`]); nothing is returned from it.
    pub fn load<N: Numbering, R: Read + Seek>(
        numbering: &N,
        input: R,
    ) -> Result<Self, TablebaseFileError> {
        let mut file = TablebaseFile::open(numbering, input)?;
        file.input.seek(SeekFrom::Start(file.start))?;
        let count = usize::try_from(file.count).map_err(|_| TablebaseFileError::NotATable)?;
        // Read a piece at a time, so that the file's bytes are never held beside the codes.
        let mut codes: Vec<u16> = Vec::new();
        codes
            .try_reserve_exact(count)
            .map_err(|_| TablebaseFileError::OutOfMemory {
                bytes: file.count.saturating_mul(2),
            })?;
        let mut bytes = vec![0u8; 2 * LOAD_PIECE];
        while codes.len() < count {
            let piece = &mut bytes[..2 * LOAD_PIECE.min(count - codes.len())];
            file.input.read_exact(piece)?;
            let pairs = piece.chunks_exact(2);
            codes.extend(pairs.map(|pair| u16::from_le_bytes([pair[0], pair[1]])));
        }
        if checksum(&codes) != file.checksum || codes.iter().any(|&code| !is_code(code)) {
            return Err(TablebaseFileError::Damaged);
        }
        Ok(Self::from_codes(codes))
    }
}

/// A solved table read one position at a time from a file (or any reader that seeks), without
/// loading it: its header is checked when it is opened, its checksum by
/// [`verify`](Self::verify), reading the file through once.
///
/// The file names the numbering it solves (its [`Numbering::NAME`], its
/// [`Numbering::rules_id`] and its index count), so that a table of another game, numbering or
/// rule set is refused. The format, in little-endian words of 64 bits: the magic `GSRETRO1`,
/// the version, the rules identity, the index count, the length of the numbering's name and
/// the name's bytes (padded with zeros to whole words); then the codes, 2 bytes an index
/// (padded with zeros to a whole word), and the checksum of the codes.
#[derive(Debug)]
pub struct TablebaseFile<R> {
    input: R,
    /// Where the codes start, and how many.
    start: u64,
    count: u64,
    checksum: u64,
}

impl<R: Read + Seek> TablebaseFile<R> {
    /// Opens the table of `numbering` in `input`, checking its header and length.
    ///
    /// # Errors
    ///
    /// [`TablebaseFileError`]: a file of another game or rule set, of the wrong length, or
    /// unreadable.
    pub fn open<N: Numbering>(numbering: &N, mut input: R) -> Result<Self, TablebaseFileError> {
        let expected = header(numbering);
        let mut found = [0u64; 5];
        for word in &mut found {
            *word = read_word(&mut input)?;
        }
        if found[0] != MAGIC || found[1] != VERSION {
            return Err(TablebaseFileError::NotATable);
        }
        let (name, name_words) = read_name(&mut input, found[4])?;
        if name != N::NAME {
            return Err(TablebaseFileError::OtherGame {
                expected: N::NAME.to_owned(),
                found: name,
            });
        }
        if found[2] != expected[2] || found[3] != expected[3] {
            return Err(TablebaseFileError::OtherRules {
                expected: expected[2],
                expected_count: expected[3],
                found: found[2],
                found_count: found[3],
            });
        }
        let start = 8 * (5 + name_words);
        let length = input.seek(SeekFrom::End(0))?;
        let whole = start + codes_bytes(found[3]) + 8;
        if length != whole {
            return Err(TablebaseFileError::WrongLength {
                expected: whole,
                found: length,
            });
        }
        input.seek(SeekFrom::Start(whole - 8))?;
        let checksum = read_word(&mut input)?;
        Ok(Self {
            input,
            start,
            count: found[3],
            checksum,
        })
    }

    /// The value of the position of `index`; `None` if the index names none.
    ///
    /// # Errors
    ///
    /// [`TablebaseFileError::OutOfRange`] for an index not below the count,
    /// [`TablebaseFileError::Damaged`] for a byte pair that is no code, [`TablebaseFileError::Io`].
    pub fn value_at(&mut self, index: u64) -> Result<Option<RetroValue>, TablebaseFileError> {
        if index >= self.count {
            return Err(TablebaseFileError::OutOfRange(index));
        }
        self.input.seek(SeekFrom::Start(self.start + 2 * index))?;
        let mut pair = [0u8; 2];
        self.input.read_exact(&mut pair)?;
        let code = u16::from_le_bytes(pair);
        if !is_code(code) {
            return Err(TablebaseFileError::Damaged);
        }
        Ok(value_of(code))
    }

    /// Reads the codes through once and checks them against the checksum.
    ///
    /// # Errors
    ///
    /// [`TablebaseFileError::Damaged`] if they do not match, [`TablebaseFileError::Io`].
    pub fn verify(&mut self) -> Result<(), TablebaseFileError> {
        self.input.seek(SeekFrom::Start(self.start))?;
        let mut sums = Vec::new();
        let mut left = self.count;
        let mut bytes = vec![0u8; 2 * CHUNK];
        while left > 0 {
            let take = left.min(CHUNK as u64) as usize;
            self.input.read_exact(&mut bytes[..2 * take])?;
            let chunk = bytes[..2 * take]
                .chunks_exact(2)
                .map(|p| u64::from(u16::from_le_bytes([p[0], p[1]])));
            sums.push(hash_words(chunk));
            left -= take as u64;
        }
        if hash_words(sums) == self.checksum {
            Ok(())
        } else {
            Err(TablebaseFileError::Damaged)
        }
    }
}
