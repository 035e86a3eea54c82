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
    /// A code an index of the range.
    codes: Codes,
    /// The time taken to read the tiers needed, and to solve.
    setup: Duration,
    solve: Duration,
}

/// The codes of the indices held: exact values a byte each, expected values a word each (a
/// value's bits inverted, 0 for none).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Codes {
    Exact(Vec<u8>),
    Expected(Vec<u64>),
}

impl Codes {
    fn len(&self) -> usize {
        match self {
            Codes::Exact(codes) => codes.len(),
            Codes::Expected(codes) => codes.len(),
        }
    }

    /// The file's version for these codes, and their bytes an index.
    fn version_and_width(&self) -> (u64, u64) {
        match self {
            Codes::Exact(_) => (EXACT, 1),
            Codes::Expected(_) => (EXPECTED, 8),
        }
    }

    /// The codes as the file's words, the last padded with zeros.
    fn words(&self) -> Box<dyn Iterator<Item = u64> + '_> {
        match self {
            Codes::Exact(codes) => Box::new(codes.chunks(8).map(|word| {
                let mut bytes = [0u8; 8];
                bytes[..word.len()].copy_from_slice(word);
                u64::from_le_bytes(bytes)
            })),
            Codes::Expected(codes) => Box::new(codes.iter().copied()),
        }
    }

    /// The checksum of the codes: each chunk's hash (a word for 8 bytes), folded.
    fn checksum(&self) -> u64 {
        let (mut words, mut sums) = (self.words(), Vec::new());
        let mut chunk = Vec::with_capacity(CHUNK / 8);
        loop {
            chunk.clear();
            chunk.extend(words.by_ref().take(CHUNK / 8));
            if chunk.is_empty() {
                return hash_words(sums);
            }
            sums.push(hash_words(chunk.iter().copied()));
        }
    }
}

impl TierValues {
    /// The values of `codes`, the indices from `start` of `tier` (of `tier_len` indices).
    pub(super) fn new(tier: usize, tier_len: u64, start: u64, codes: Vec<u8>) -> Self {
        Self {
            tier,
            tier_len,
            start,
            codes: Codes::Exact(codes),
            setup: Duration::ZERO,
            solve: Duration::ZERO,
        }
    }

    /// The expected values of `codes` (a value's bits inverted, 0 for none), the indices from
    /// `start` of `tier` (of `tier_len` indices).
    pub(super) fn expected(tier: usize, tier_len: u64, start: u64, codes: Vec<u64>) -> Self {
        Self {
            codes: Codes::Expected(codes),
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
        self.start..self.start + self.codes.len() as u64
    }

    /// Whether every index of the tier is held.
    #[must_use]
    pub fn is_whole(&self) -> bool {
        self.start == 0 && self.codes.len() as u64 == self.tier_len
    }

    /// Whether the values are expected values (else exact ones).
    #[must_use]
    pub fn is_expected(&self) -> bool {
        matches!(self.codes, Codes::Expected(_))
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
        let Codes::Exact(codes) = &self.codes else {
            return None;
        };
        let code = *codes.get(at)?;
        (code != UNKNOWN).then(|| value_of(code))
    }

    /// The expected value at `index` of the tier; `None` if it is not held, names no
    /// position, or the values are exact ones.
    #[must_use]
    pub fn expected_at(&self, index: u64) -> Option<f64> {
        let at = usize::try_from(index.checked_sub(self.start)?).ok()?;
        let Codes::Expected(codes) = &self.codes else {
            return None;
        };
        let code = *codes.get(at)?;
        (code != 0).then(|| f64::from_bits(!code))
    }

    /// The exact values' codes, a byte an index, given up; `None` for expected values.
    pub(super) fn into_exact_codes(self) -> Option<Vec<u8>> {
        match self.codes {
            Codes::Exact(codes) => Some(codes),
            Codes::Expected(_) => None,
        }
    }

    /// The expected values' codes, a word an index, given up; `None` for exact values.
    pub(super) fn into_expected_codes(self) -> Option<Vec<u64>> {
        match self.codes {
            Codes::Expected(codes) => Some(codes),
            Codes::Exact(_) => None,
        }
    }

    /// The pieces of one tier put together, in any order: the whole tier, its times the sums
    /// of the pieces'. `None` unless they are of one tier and cover it once, without a gap.
    #[must_use]
    pub fn join(mut pieces: Vec<TierValues>) -> Option<TierValues> {
        pieces.sort_unstable_by_key(|piece| piece.start);
        let first = pieces.first()?;
        let (tier, tier_len) = (first.tier, first.tier_len);
        let len = usize::try_from(tier_len).ok()?;
        let mut codes = match first.codes {
            Codes::Exact(_) => Codes::Exact(try_vec(len)?),
            Codes::Expected(_) => Codes::Expected(try_vec(len)?),
        };
        let (mut setup, mut solve) = (Duration::ZERO, Duration::ZERO);
        for piece in pieces {
            let at = codes.len() as u64;
            if piece.tier != tier || piece.tier_len != tier_len || piece.start != at {
                return None;
            }
            setup += piece.setup;
            solve += piece.solve;
            match (&mut codes, piece.codes) {
                (Codes::Exact(codes), Codes::Exact(more)) => codes.extend(more),
                (Codes::Expected(codes), Codes::Expected(more)) => codes.extend(more),
                _ => return None,
            }
        }
        let whole = TierValues {
            codes,
            ..TierValues::new(tier, tier_len, 0, Vec::new()).with_times(setup, solve)
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
            self.codes.version_and_width().0,
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
        for word in self.codes.words() {
            out.write_all(&word.to_le_bytes())?;
        }
        out.write_all(&self.codes.checksum().to_le_bytes())?;
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
        let header = Header::read(numbering, &mut input)?;
        let len = usize::try_from(header.end - header.start);
        let len = len.map_err(|_| TablebaseFileError::NotATable)?;
        let out_of_memory = |_| TablebaseFileError::OutOfMemory {
            bytes: (len as u64).saturating_mul(header.width),
        };
        let mut input = io::BufReader::new(input);
        let codes = if header.width == 1 {
            let mut codes = try_vec(len).ok_or(()).map_err(out_of_memory)?;
            codes.resize(len, 0);
            input.read_exact(&mut codes)?;
            input.read_exact(&mut vec![0u8; padding(len)])?;
            Codes::Exact(codes)
        } else {
            let mut codes = try_vec(len).ok_or(()).map_err(out_of_memory)?;
            for _ in 0..len {
                codes.push(read_word(&mut input)?);
            }
            Codes::Expected(codes)
        };
        if read_word(&mut input)? != codes.checksum() {
            return Err(TablebaseFileError::Damaged);
        }
        let (tier, tier_len, start) = (header.tier, header.tier_len, header.start);
        let values = TierValues {
            codes,
            ..Self::new(tier, tier_len, start, Vec::new())
        };
        Ok(values.with_times(header.setup, header.solve))
    }
}

/// What a file's words before the codes say, checked against the numbering and the file's
/// length; the reader left at the first code.
struct Header {
    tier: usize,
    tier_len: u64,
    start: u64,
    end: u64,
    width: u64,
    setup: Duration,
    solve: Duration,
}

impl Header {
    fn read<T: Tiers>(
        numbering: &T,
        input: &mut (impl Read + Seek),
    ) -> Result<Self, TablebaseFileError> {
        let mut fixed = [0u64; FIXED_WORDS + 1];
        for word in &mut fixed {
            *word = read_word(input)?;
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
        let (name, name_words) = read_name(input, name_len)?;
        let tier = usize::try_from(tier).map_err(|_| TablebaseFileError::NotATable)?;
        Self::check_game(numbering, &name, rules, (tier, tier_len))?;
        let codes_at = 8 * (FIXED_WORDS as u64 + 1 + name_words);
        let bytes = (end - start).checked_mul(width);
        let bytes = bytes.ok_or(TablebaseFileError::NotATable)?;
        let whole = codes_at + bytes.div_ceil(8) * 8 + 8;
        let length = input.seek(SeekFrom::End(0))?;
        if length != whole {
            return Err(TablebaseFileError::WrongLength {
                expected: whole,
                found: length,
            });
        }
        input.seek(SeekFrom::Start(codes_at))?;
        let (setup, solve) = (Duration::from_micros(setup), Duration::from_micros(solve));
        Ok(Self {
            tier,
            tier_len,
            start,
            end,
            width,
            setup,
            solve,
        })
    }

    /// Whether a file of the game `name`, the rules `rules` and a tier `tier` of `tier_len`
    /// indices is one of `numbering`'s.
    fn check_game<T: Tiers>(
        numbering: &T,
        name: &str,
        rules: u64,
        (tier, tier_len): (usize, u64),
    ) -> Result<(), TablebaseFileError> {
        if name != T::NAME {
            return Err(TablebaseFileError::OtherGame {
                expected: T::NAME.to_owned(),
                found: name.to_owned(),
            });
        }
        let expected_len = numbering.tier_len(tier);
        if rules != numbering.rules_id() || tier_len != expected_len {
            return Err(TablebaseFileError::OtherRules {
                expected: numbering.rules_id(),
                expected_count: expected_len,
                found: rules,
                found_count: tier_len,
            });
        }
        Ok(())
    }
}

/// An empty vector with room for `len` elements, if the memory is given.
fn try_vec<T>(len: usize) -> Option<Vec<T>> {
    let mut vec = Vec::new();
    vec.try_reserve_exact(len).ok()?;
    Some(vec)
}

/// The zeros that pad `len` bytes to whole words.
fn padding(len: usize) -> usize {
    len.div_ceil(8) * 8 - len
}
