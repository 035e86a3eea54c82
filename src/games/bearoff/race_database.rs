//! A two-sided bearoff database: the side on roll's chance to win every race of up to a
//! number of checkers a side, solved once, saved to a file and read back checked.

use super::BearoffRace;
use super::database::{DatabaseError, load_values, save_values, solved_by_tiers};
use super::race_by_pips::{MAX_RACE_CHECKERS, RaceByPips};
use super::rules::{Checkers, every_side};
use std::io::{Read, Write};

/// The first bytes of a two-sided database file.
const MAGIC: &[u8; 8] = b"GSRACE01";

/// The side on roll's cubeless chance to win every race of up to `checkers` checkers a side,
/// each side with a checker left (a race with an empty side is over), before its roll.
#[derive(Debug, Clone, PartialEq)]
pub struct TwoSidedDatabase {
    checkers: u8,
    /// The sides with a checker: those of [`every_side`] but the first (the empty one).
    sides: usize,
    /// By the ranks of the side on roll and the other ([`Checkers::rank`]), each less one.
    chances: Vec<f64>,
}

/// The races of a database of `checkers` a side: the sides with a checker, squared.
fn race_count(checkers: u8) -> usize {
    let sides = every_side(checkers).len() - 1;
    sides * sides
}

impl TwoSidedDatabase {
    /// Solves every race of up to `checkers` checkers a side (at most [`MAX_RACE_CHECKERS`])
    /// by tiers of the pips of both sides ([`RaceByPips`]), the fewest first, each race's value
    /// from the arrays of the tiers below: no hash table, no search.
    ///
    /// # Errors
    ///
    /// [`DatabaseError::TooManyCheckers`] past [`MAX_RACE_CHECKERS`]; [`DatabaseError::Solve`]
    /// if the solve fails (it does not, in memory enough).
    pub fn build(checkers: u8) -> Result<Self, DatabaseError> {
        // The numbering refuses more checkers than the database holds.
        let too_many = |_| DatabaseError::TooManyCheckers {
            checkers,
            most: MAX_RACE_CHECKERS,
        };
        let tiers = RaceByPips::new(checkers).map_err(too_many)?;
        let value = solved_by_tiers(&tiers, RaceByPips::is_before_roll)?;
        let every = every_side(checkers);
        let sides = every.len() - 1;
        let mut chances = Vec::with_capacity(sides * sides);
        for &on_roll in &every[1..] {
            for &other in &every[1..] {
                chances.push((1.0 + value(&BearoffRace::new(on_roll, other))?) / 2.0);
            }
        }
        Ok(Self {
            checkers,
            sides,
            chances,
        })
    }

    /// The chance that `on_roll`, about to roll, bears off before `other`; `None` if a side
    /// is empty (no race) or holds more checkers than the database.
    #[must_use]
    pub fn chance_to_win(&self, on_roll: Checkers, other: Checkers) -> Option<f64> {
        let (a, b) = (on_roll.rank(), other.rank());
        let within = |rank: usize| (1..=self.sides).contains(&rank);
        (within(a) && within(b)).then(|| self.chances[(a - 1) * self.sides + (b - 1)])
    }

    /// The most checkers a side of the races it holds.
    #[must_use]
    pub fn checkers(&self) -> u8 {
        self.checkers
    }

    /// The races it holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.chances.len()
    }

    /// Whether it holds none (only a database of no checkers).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.chances.is_empty()
    }

    /// Writes the database: the magic `GSRACE01`, the checkers, the count, each race's chance
    /// (little-endian `f64`, by the ranks of the side on roll, then of the other) and their
    /// checksum.
    ///
    /// # Errors
    ///
    /// [`DatabaseError::Io`].
    pub fn save(&self, out: impl Write) -> Result<(), DatabaseError> {
        save_values(out, MAGIC, self.checkers, &self.chances)
    }

    /// Reads back what [`save`](Self::save) wrote, checked: its magic, its count against its
    /// checkers' (at most [`MAX_RACE_CHECKERS`], so the memory is bounded before it is
    /// taken), and its checksum.
    ///
    /// # Errors
    ///
    /// [`DatabaseError::NotADatabase`] for another file (a one-sided database among them) or
    /// one cut short, [`DatabaseError::Damaged`] for a checksum that does not match,
    /// [`DatabaseError::Io`].
    pub fn load(input: impl Read) -> Result<Self, DatabaseError> {
        let count = |checkers| (checkers <= MAX_RACE_CHECKERS).then(|| race_count(checkers));
        let (checkers, chances) = load_values(input, MAGIC, count)?;
        Ok(Self {
            checkers,
            sides: every_side(checkers).len() - 1,
            chances,
        })
    }
}
