//! A two-sided bearoff database: the side on roll's chance to win every race of up to a
//! number of checkers a side, solved once, saved to a file and read back checked.

use super::BearoffRace;
use super::database::{DatabaseError, load_values, save_values};
use super::rules::{Checkers, every_side};
use crate::chance::ChanceSolver;
use std::io::{Read, Write};

/// The first bytes of a two-sided database file.
const MAGIC: &[u8; 8] = b"GSRACE01";

/// The most checkers a side of a [`TwoSidedDatabase`]: six, which bounds the build's memory.
/// Its 851,929 races take 6.8 MB of chances, and the solve that builds them a table of about
/// 100 bytes a race (80 MiB at the build's peak, BENCHMARKS.md); at eight checkers (9.0 M
/// races) that table would take about a gigabyte. (GNU Backgammon's `makebearoff` builds
/// two-sided databases of up to 11 checkers, its manual says, position by position.)
pub const MAX_RACE_CHECKERS: u8 = 6;

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
    /// by the [`ChanceSolver`], the fewest pips in all first, so that each search finds the
    /// races it leads to in the table.
    ///
    /// # Errors
    ///
    /// [`DatabaseError::TooManyCheckers`] past [`MAX_RACE_CHECKERS`];
    /// [`DatabaseError::Solve`] if a solve fails (it does not on these games).
    pub fn build(checkers: u8) -> Result<Self, DatabaseError> {
        DatabaseError::refuse_past(checkers, MAX_RACE_CHECKERS)?;
        let every = every_side(checkers);
        let sides = every.len() - 1;
        let mut races: Vec<(usize, usize)> = (1..=sides)
            .flat_map(|a| (1..=sides).map(move |b| (a, b)))
            .collect();
        races.sort_by_key(|&(a, b)| every[a].pips() + every[b].pips());
        // A position after a roll is reached from its roll alone: the table keeps the rest.
        let mut solver = ChanceSolver::<BearoffRace, f64>::new().with_entries_after_chance(false);
        let mut chances = vec![0.0; sides * sides];
        for (a, b) in races {
            let value = solver.value(&BearoffRace::new(every[a], every[b]))?;
            chances[(a - 1) * sides + (b - 1)] = (1.0 + value) / 2.0;
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
