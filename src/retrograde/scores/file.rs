//! The values of a tier, or of a range of its indices, kept apart from a solve
//! ([`TierValues`]), saved to a file and read back: how a tier solved by one job reaches the
//! jobs of the tiers that lead to it.

use super::super::TablebaseFileError;
use super::super::words::{name_words, read_name, read_word};
use super::{UNKNOWN, value_of};
use crate::game::{Tiers, hash_words};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::ops::Range;
use std::time::Duration;

const MAGIC: u64 = u64::from_le_bytes(*b"GSTIERS1");
/// The version of a file of exact values, a byte an index.
const EXACT: u64 = 1;
/// The version of a file of expected values, eight bytes an index.
const EXPECTED: u64 = 2;
/// Codes hashed together into one word of the checksum.
const CHUNK: usize = 1 << 15;
/// The words before the name's.
const FIXED_WORDS: usize = 9;

/// The values of the indices `range` of one tier, with what solving them took: a job's
/// result, or a whole tier put together from its pieces ([`join`](Self::join)).
///
/// Exact values ([`Retrograde::solve_scores`](crate::Retrograde::solve_scores)) take a byte
/// an index, expected values ([`Retrograde::solve_expected`](crate::Retrograde::solve_expected))
/// eight.
///
/// The format, in little-endian words of 64 bits, as the indexed path's tables: the magic
/// `GSTIERS1`, the version (1 for exact values, 2 for expected ones), the rules identity ([`Tiers::rules_id`]), the tier, the tier's
/// length, the first index and the index past the last, the micro-seconds the job took to
/// set up (reading the tiers it needs) and to solve, the length of the game's name
/// ([`Tiers::NAME`]) and its bytes (padded with zeros to whole words); then a code for each
/// index of the range (a byte, or a little-endian word: an expected value's bits inverted, 0
/// for no position; padded with zeros to a whole word), and the checksum of the codes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TierValues {
    tier: usize,
    tier_len: u64,
    start: u64,
    /// The bytes of an index's code: 1, or 8 for expected values.
    width: usize,
    /// A code an index of the range.
    codes: Vec<u8>,
    /// The time taken to read the tiers needed, and to solve.
    setup: Duration,
    solve: Duration,
}

impl TierValues {
    /// The values of `codes`, the indices from `start` of `tier` (of `tier_len` indices).
    pub(super) fn new(tier: usize, tier_len: u64, start: u64, codes: Vec<u8>) -> Self {
        Self {
            tier,
            tier_len,
            start,
            width: 1,
            codes,
            setup: Duration::ZERO,
            solve: Duration::ZERO,
        }
    }

    /// The expected values of `codes` (a value's bits inverted, 0 for none), the indices from
    /// `start` of `tier` (of `tier_len` indices).
    pub(super) fn expected(tier: usize, tier_len: u64, start: u64, codes: &[u64]) -> Self {
        Self {
            width: 8,
            codes: codes.iter().flat_map(|code| code.to_le_bytes()).collect(),
            ..Self::new(tier, tier_len, start, Vec::new())
        }
    }

    /// The same values, having taken `setup` to read the tiers they needed and `solve` to solve.
    #[must_use]
    pub fn with_times(mut self, setup: Duration, solve: Duration) -> Self {
        (self.setup, self.solve) = (setup, solve);
        self
    }

    /// The tier.
    #[must_use]
    pub fn tier(&self) -> usize {
        self.tier
    }

    /// The indices held.
    #[must_use]
    pub fn range(&self) -> Range<u64> {
        self.start..self.start + self.len()
    }

    /// The number of indices held.
    fn len(&self) -> u64 {
        (self.codes.len() / self.width) as u64
    }

    /// Whether every index of the tier is held.
    #[must_use]
    pub fn is_whole(&self) -> bool {
        self.start == 0 && self.len() == self.tier_len
    }

    /// Whether the values are expected values (else exact ones).
    #[must_use]
    pub fn is_expected(&self) -> bool {
        self.width == 8
    }

    /// The time the job took to read the tiers it needed, and to solve.
    #[must_use]
    pub fn times(&self) -> (Duration, Duration) {
        (self.setup, self.solve)
    }

    /// The value at `index` of the tier; `None` if it is not held or names no position.
    #[must_use]
    pub fn value_at(&self, index: u64) -> Option<i64> {
        let at = usize::try_from(index.checked_sub(self.start)?).ok()?;
        let code = *self.codes.get(at).filter(|_| self.width == 1)?;
        (code != UNKNOWN).then(|| value_of(code))
    }

    /// The expected value at `index` of the tier; `None` if it is not held, names no
    /// position, or the values are exact ones.
    #[must_use]
    pub fn expected_at(&self, index: u64) -> Option<f64> {
        let at = usize::try_from(index.checked_sub(self.start)?).ok()?;
        let bytes = self.codes.get(at.checked_mul(8)?..)?.first_chunk::<8>();
        let code = u64::from_le_bytes(*bytes.filter(|_| self.width == 8)?);
        (code != 0).then(|| f64::from_bits(!code))
    }

    /// The codes, `width` bytes an index of the range.
    pub(super) fn codes(&self) -> &[u8] {
        &self.codes
    }

    /// The codes, given up.
    pub(super) fn into_codes(self) -> Vec<u8> {
        self.codes
    }

    /// The expected values' codes, a word an index, if the values are expected ones.
    pub(super) fn expected_codes(&self) -> Option<Vec<u64>> {
        let words = self.codes.chunks_exact(8);
        self.is_expected().then(|| {
            words
                .map(|word| u64::from_le_bytes(word.try_into().unwrap_or([0; 8])))
                .collect()
        })
    }

    /// The pieces of one tier put together, in any order: the whole tier, its times the sums
    /// of the pieces'. `None` unless they are of one tier and cover it once, without a gap.
    #[must_use]
    pub fn join(mut pieces: Vec<TierValues>) -> Option<TierValues> {
        pieces.sort_unstable_by_key(|piece| piece.start);
        let first = pieces.first()?;
        let (tier, tier_len, width) = (first.tier, first.tier_len, first.width);
        let mut codes = Vec::new();
        codes
            .try_reserve_exact(usize::try_from(tier_len).ok()?.checked_mul(width)?)
            .ok()?;
        let (mut setup, mut solve) = (Duration::ZERO, Duration::ZERO);
        for piece in pieces {
            let at = (codes.len() / width) as u64;
            if piece.tier != tier
                || piece.tier_len != tier_len
                || piece.width != width
                || piece.start != at
            {
                return None;
            }
            setup += piece.setup;
            solve += piece.solve;
            codes.extend_from_slice(&piece.codes);
        }
        let whole = TierValues {
            width,
            ..TierValues::new(tier, tier_len, 0, codes).with_times(setup, solve)
        };
        whole.is_whole().then_some(whole)
    }

    /// Writes the values of `numbering` (the numbering they were solved for) to `out`: see
    /// [`TierValues`] for the format.
    ///
    /// # Errors
    ///
    /// [`TablebaseFileError::Io`] if writing fails.
    pub fn save<T: Tiers, W: Write>(
        &self,
        numbering: &T,
        out: W,
    ) -> Result<(), TablebaseFileError> {
        let mut out = io::BufWriter::new(out);
        let range = self.range();
        let micros = |time: Duration| u64::try_from(time.as_micros()).unwrap_or(u64::MAX);
        let fixed = [
            MAGIC,
            if self.is_expected() { EXPECTED } else { EXACT },
            numbering.rules_id(),
            self.tier as u64,
            self.tier_len,
            range.start,
            range.end,
            micros(self.setup),
            micros(self.solve),
        ];
        for word in fixed.into_iter().chain(name_words(T::NAME)) {
            out.write_all(&word.to_le_bytes())?;
        }
        out.write_all(&self.codes)?;
        out.write_all(&vec![0u8; padding(self.codes.len())])?;
        out.write_all(&checksum(&self.codes).to_le_bytes())?;
        out.flush()?;
        Ok(())
    }

    /// Reads back values of `numbering` that [`save`](Self::save) wrote.
    ///
    /// # Errors
    ///
    /// [`TablebaseFileError`]: a file of another game ([`Tiers::NAME`]), rule set
    /// ([`Tiers::rules_id`]) or tier length, cut short, damaged or unreadable, or too large
    /// for memory; nothing is returned from it.
    pub fn load<T: Tiers, R: Read + Seek>(
        numbering: &T,
        mut input: R,
    ) -> Result<Self, TablebaseFileError> {
        let mut fixed = [0u64; FIXED_WORDS + 1];
        for word in &mut fixed {
            *word = read_word(&mut input)?;
        }
        let [
            magic,
            version,
            rules,
            tier,
            tier_len,
            start,
            end,
            setup,
            solve,
            name_len,
        ] = fixed;
        let width = match version {
            EXACT => 1,
            EXPECTED => 8,
            _ => return Err(TablebaseFileError::NotATable),
        };
        if magic != MAGIC || start > end || end > tier_len {
            return Err(TablebaseFileError::NotATable);
        }
        let (name, name_words) = read_name(&mut input, name_len)?;
        if name != T::NAME {
            return Err(TablebaseFileError::OtherGame {
                expected: T::NAME.to_owned(),
                found: name,
            });
        }
        let tier = usize::try_from(tier).map_err(|_| TablebaseFileError::NotATable)?;
        let expected_len = numbering.tier_len(tier);
        if rules != numbering.rules_id() || tier_len != expected_len {
            return Err(TablebaseFileError::OtherRules {
                expected: numbering.rules_id(),
                expected_count: expected_len,
                found: rules,
                found_count: tier_len,
            });
        }
        let codes_at = 8 * (FIXED_WORDS as u64 + 1 + name_words);
        let bytes = (end - start)
            .checked_mul(width)
            .ok_or(TablebaseFileError::NotATable)?;
        let whole = codes_at + bytes.div_ceil(8) * 8 + 8;
        let length = input.seek(SeekFrom::End(0))?;
        if length != whole {
            return Err(TablebaseFileError::WrongLength {
                expected: whole,
                found: length,
            });
        }
        let len = usize::try_from(bytes).map_err(|_| TablebaseFileError::NotATable)?;
        let mut codes = Vec::new();
        codes
            .try_reserve_exact(len)
            .map_err(|_| TablebaseFileError::OutOfMemory { bytes })?;
        codes.resize(len, 0);
        input.seek(SeekFrom::Start(codes_at))?;
        input.read_exact(&mut codes)?;
        input.seek(SeekFrom::Start(whole - 8))?;
        if read_word(&mut input)? != checksum(&codes) {
            return Err(TablebaseFileError::Damaged);
        }
        let (setup, solve) = (Duration::from_micros(setup), Duration::from_micros(solve));
        let values = Self::new(tier, tier_len, start, codes).with_times(setup, solve);
        Ok(Self {
            width: width as usize,
            ..values
        })
    }
}

/// The zeros that pad `len` bytes to whole words.
fn padding(len: usize) -> usize {
    len.div_ceil(8) * 8 - len
}

/// The checksum of the codes: each chunk's hash (a word for 8 codes), folded.
fn checksum(codes: &[u8]) -> u64 {
    hash_words(codes.chunks(CHUNK).map(|chunk| {
        hash_words(chunk.chunks(8).map(|word| {
            let mut bytes = [0u8; 8];
            bytes[..word.len()].copy_from_slice(word);
            u64::from_le_bytes(bytes)
        }))
    }))
}
