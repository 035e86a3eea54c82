//! A one-sided bearoff database: the expected rolls of every side of up to a number of
//! checkers, solved once, saved to a file and read back checked.

use super::Bearoff;
use super::by_pips::ByPips;
use super::rules::{Checkers, MAX_CHECKERS, every_side};
use crate::{ChanceGame, RetroError, Retrograde, Tiers};
use std::io::{self, Read, Write};
use thiserror::Error;

/// The first bytes of a database file.
const MAGIC: &[u8; 8] = b"GSBEAR01";

/// Why a database could not be built, saved or read.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum DatabaseError {
    /// Reading or writing failed.
    #[error("reading or writing a bearoff database: {0}")]
    Io(#[from] io::Error),
    /// Not a database of this version, or one cut short.
    #[error("not a bearoff database of this version")]
    NotADatabase,
    /// The values do not match the file's checksum.
    #[error("the bearoff database is damaged")]
    Damaged,
    /// The solve by tiers failed (it does not on these games, in memory enough).
    #[error(transparent)]
    Solve(#[from] RetroError),
    /// More checkers a side than the database may hold.
    #[error("a bearoff database of this kind holds at most {most} checkers a side, not {checkers}")]
    TooManyCheckers {
        /// The checkers asked for.
        checkers: u8,
        /// The most it holds.
        most: u8,
    },
}

impl DatabaseError {
    /// [`TooManyCheckers`](Self::TooManyCheckers) if a database of at most `most` checkers a
    /// side is asked for `checkers`.
    pub(super) fn refuse_past(checkers: u8, most: u8) -> Result<(), Self> {
        if checkers > most {
            return Err(Self::TooManyCheckers { checkers, most });
        }
        Ok(())
    }
}

/// `tiers` solved by tiers in expected values, the tiers `keep` says kept: the value of each
/// position of a kept tier, read back by the function returned.
pub(super) fn solved_by_tiers<T>(
    tiers: &T,
    keep: fn(usize) -> bool,
) -> Result<impl Fn(&T::Game) -> Result<f64, DatabaseError> + '_, DatabaseError>
where
    T: Tiers + Sync,
    T::Game: ChanceGame,
{
    let table = Retrograde::new().solve_expected(tiers, keep)?;
    Ok(move |position: &T::Game| {
        let place = tiers.place(position);
        let missing = RetroError::NotAPosition(place);
        table.value_at(place).ok_or(DatabaseError::Solve(missing))
    })
}

/// The expected rolls to bear off every side of up to `checkers` checkers (the positions of
/// [`every_side`], in its order).
#[derive(Debug, Clone, PartialEq)]
pub struct OneSidedDatabase {
    checkers: u8,
    /// By [`Checkers::rank`]: the order of [`every_side`].
    rolls: Vec<f64>,
}

impl OneSidedDatabase {
    /// Solves every side of up to `checkers` checkers (at most [`MAX_CHECKERS`]) by tiers
    /// of their pips ([`ByPips`]), the fewest pips first, each side's value from the arrays of
    /// the tiers below: no hash table, no search. (Up to 15 checkers, in 0.8 of the time the
    /// chance search took a side at a time, and faster than a pass written by hand over a
    /// `HashMap`: BENCHMARKS.md.)
    ///
    /// # Errors
    ///
    /// [`DatabaseError::TooManyCheckers`] past [`MAX_CHECKERS`]; [`DatabaseError::Solve`] if
    /// the solve fails (it does not, in memory enough).
    pub fn build(checkers: u8) -> Result<Self, DatabaseError> {
        // The numbering refuses more checkers than the database holds.
        let too_many = |_| DatabaseError::TooManyCheckers {
            checkers,
            most: MAX_CHECKERS,
        };
        let tiers = ByPips::new(checkers).map_err(too_many)?;
        let value = solved_by_tiers(&tiers, ByPips::is_before_roll)?;
        let rolls = every_side(checkers)
            .into_iter()
            .map(|side| value(&Bearoff::new(side)).map(|value| -value))
            .collect::<Result<_, _>>()?;
        Ok(Self { checkers, rolls })
    }

    /// The expected rolls `side` needs to bear off; `None` for a side of more checkers than
    /// the database holds.
    #[must_use]
    pub fn rolls(&self, side: Checkers) -> Option<f64> {
        self.rolls.get(side.rank()).copied()
    }

    /// The sides the database holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.rolls.len()
    }

    /// Whether it holds none (never: the empty side is always there).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.rolls.is_empty()
    }

    /// Writes the database: the magic, the checkers, the count, each side's expected rolls
    /// (little-endian `f64`, in [`every_side`]'s order) and their checksum.
    ///
    /// # Errors
    ///
    /// [`DatabaseError::Io`].
    pub fn save(&self, out: impl Write) -> Result<(), DatabaseError> {
        save_values(out, MAGIC, self.checkers, &self.rolls)
    }

    /// Reads back what [`save`](Self::save) wrote, checked: its magic, its count against its
    /// checkers', and its checksum.
    ///
    /// # Errors
    ///
    /// [`DatabaseError::NotADatabase`] for another file or one cut short,
    /// [`DatabaseError::Damaged`] for a checksum that does not match, [`DatabaseError::Io`].
    pub fn load(input: impl Read) -> Result<Self, DatabaseError> {
        let count = |checkers| (checkers <= MAX_CHECKERS).then(|| every_side(checkers).len());
        let (checkers, rolls) = load_values(input, MAGIC, count)?;
        Ok(Self { checkers, rolls })
    }
}

/// Writes a database file: `magic`, the checkers, the count of `values`, each value
/// (little-endian `f64`) and their checksum.
pub(super) fn save_values(
    mut out: impl Write,
    magic: &[u8; 8],
    checkers: u8,
    values: &[f64],
) -> Result<(), DatabaseError> {
    out.write_all(magic)?;
    out.write_all(&[checkers])?;
    out.write_all(&(values.len() as u64).to_le_bytes())?;
    for value in values {
        out.write_all(&value.to_le_bytes())?;
    }
    out.write_all(&checksum(values).to_le_bytes())?;
    out.flush()?;
    Ok(())
}

/// Reads back what [`save_values`] wrote under `magic`, checked: the count must be what
/// `count` gives for its checkers (`None`: no database holds so many), which bounds the memory
/// before any is taken, and the checksum must match.
pub(super) fn load_values(
    mut input: impl Read,
    magic: &[u8; 8],
    count: impl Fn(u8) -> Option<usize>,
) -> Result<(u8, Vec<f64>), DatabaseError> {
    let mut head = [0u8; 17];
    read_exact(&mut input, &mut head)?;
    let checkers = head[8];
    let mut word = [0u8; 8];
    word.copy_from_slice(&head[9..17]);
    let expected = count(checkers).filter(|&n| n as u64 == u64::from_le_bytes(word));
    let Some(len) = expected.filter(|_| &head[..8] == magic) else {
        return Err(DatabaseError::NotADatabase);
    };
    let mut values = Vec::with_capacity(len);
    for _ in 0..len {
        read_exact(&mut input, &mut word)?;
        values.push(f64::from_le_bytes(word));
    }
    read_exact(&mut input, &mut word)?;
    if u64::from_le_bytes(word) != checksum(&values) {
        return Err(DatabaseError::Damaged);
    }
    Ok((checkers, values))
}

/// `read_exact`, a file cut short being no database.
fn read_exact(input: &mut impl Read, into: &mut [u8]) -> Result<(), DatabaseError> {
    input.read_exact(into).map_err(|e| match e.kind() {
        io::ErrorKind::UnexpectedEof => DatabaseError::NotADatabase,
        _ => DatabaseError::Io(e),
    })
}

/// FNV-1a over the values' bits.
fn checksum(values: &[f64]) -> u64 {
    values
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
        })
}
