//! The words that open every file the retrograde solver writes (the indexed path's tables,
//! the tiers of a solve of values): the game's name in words, read back and checked.

use super::TablebaseFileError;
use std::io::{self, Read};

/// The longest name a file may give, in bytes.
const MAX_NAME: u64 = 4096;

/// `name`'s length, then its bytes in little-endian words, padded with zeros.
pub(super) fn name_words(name: &str) -> impl Iterator<Item = u64> + '_ {
    std::iter::once(name.len() as u64).chain(name.as_bytes().chunks(8).map(|chunk| {
        let mut bytes = [0u8; 8];
        bytes[..chunk.len()].copy_from_slice(chunk);
        u64::from_le_bytes(bytes)
    }))
}

/// A little-endian word; the end of the file is no table.
pub(super) fn read_word(input: &mut impl Read) -> Result<u64, TablebaseFileError> {
    let mut bytes = [0u8; 8];
    input
        .read_exact(&mut bytes)
        .map_err(|error| match error.kind() {
            io::ErrorKind::UnexpectedEof => TablebaseFileError::NotATable,
            _ => TablebaseFileError::Io(error),
        })?;
    Ok(u64::from_le_bytes(bytes))
}

/// A name that [`name_words`] wrote, its length read already: the name and the words it
/// took. A name past 4 KiB, or not UTF-8, is no name.
pub(super) fn read_name(
    input: &mut impl Read,
    len: u64,
) -> Result<(String, u64), TablebaseFileError> {
    if len > MAX_NAME {
        return Err(TablebaseFileError::NotATable);
    }
    let words = len.div_ceil(8);
    let mut bytes = Vec::with_capacity(8 * words as usize);
    for _ in 0..words {
        bytes.extend(read_word(input)?.to_le_bytes());
    }
    bytes.truncate(len as usize);
    let name = String::from_utf8(bytes).map_err(|_| TablebaseFileError::NotATable)?;
    Ok((name, words))
}
