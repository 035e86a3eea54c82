//! `GrundyValues`: g(0), g(1), ... of a heap game (`HeapTheory`), with the period its rule proves (`Period`),
//! and `GrundyError`.

use super::{HeapTheory, Period};
use crate::grundy::period::{self, Candidate};
use std::fmt;
use thiserror::Error;

/// The most values a [`GrundyValues`] stores: 2^28 (1 GiB of `u32`).
pub const MAX_GRUNDY_VALUES: u64 = 1 << 28;

/// Why a Grundy table was not built.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
pub enum GrundyError {
    /// More values asked for than the table may hold.
    #[error("{asked} values exceed the table limit of {limit}")]
    TooLarge {
        /// Values asked for.
        asked: u64,
        /// The limit.
        limit: u64,
    },
    /// No period was proven within the values allowed.
    #[error("no period proven within the first {limit} values")]
    NoPeriodWithin {
        /// Values computed before giving up.
        limit: u64,
        /// The period seen at the end of those values that the game's rule would prove with
        /// the fewest further values, if any.
        candidate: Option<Period>,
    },
}

/// Grundy values g(0), g(1), ... of a single heap of any [`HeapGame`](crate::HeapGame): a subtraction set, an
/// octal code or a game of the user's own. Once the period is proven (see
/// [`periodic`](Self::periodic)), g(n) for any `u64` n is a lookup.
///
/// # Examples
///
/// ```
/// use gamesolver::grundy::GrundyValues;
/// use gamesolver::games::subtraction::SubtractionSet;
///
/// let set = SubtractionSet::new([1, 3, 4])?;
/// let table = GrundyValues::periodic(&set, 1 << 20)?;
/// let period = table.period().unwrap();
/// assert_eq!((period.preperiod, period.period), (0, 7));
/// assert_eq!(table.iter().take(7).collect::<Vec<_>>(), [0, 1, 0, 1, 2, 3, 2]);
/// assert_eq!(table.get(u64::MAX), Some(table.get(u64::MAX % 7).unwrap()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GrundyValues {
    values: Vec<u32>,
    period: Option<Period>,
}

fn check_len(asked: u64) -> Result<usize, GrundyError> {
    usize::try_from(asked)
        .ok()
        .filter(|_| asked <= MAX_GRUNDY_VALUES)
        .ok_or(GrundyError::TooLarge {
            asked,
            limit: MAX_GRUNDY_VALUES,
        })
}

impl GrundyValues {
    /// g(0..=upto), by the game's fastest method
    /// ([`HeapTheory::extend_grundy`]). The table records no period: ask
    /// [`periodic`](Self::periodic) for one.
    ///
    /// # Errors
    ///
    /// [`GrundyError::TooLarge`] past [`MAX_GRUNDY_VALUES`] values.
    pub fn compute<H: HeapTheory + ?Sized>(game: &H, upto: u64) -> Result<Self, GrundyError> {
        let len = check_len(upto.saturating_add(1))?;
        let mut values = Vec::new();
        game.extend_grundy(&mut values, len);
        Ok(Self {
            values,
            period: None,
        })
    }

    /// Computes values until the game's own rule ([`HeapTheory::period_proof_len`]) proves a
    /// period, at most `limit` of them, and keeps the preperiod and one period.
    ///
    /// The values are computed in growing chunks; at each chunk's end the period seen at
    /// least twice that the rule proves with the fewest values becomes the candidate, and the
    /// values are computed up to that length and checked. The proven pair is then reduced to
    /// the smallest preperiod and period.
    ///
    /// # Errors
    ///
    /// [`GrundyError::NoPeriodWithin`] if no period is proven within `limit` values (with the
    /// best candidate seen, if any), and [`GrundyError::TooLarge`] for a limit past
    /// [`MAX_GRUNDY_VALUES`].
    pub fn periodic<H: HeapTheory + ?Sized>(game: &H, limit: u64) -> Result<Self, GrundyError> {
        let limit_len = check_len(limit)?;
        let mut values = Vec::new();
        let mut candidate: Option<Candidate> = None;
        loop {
            let target = match candidate {
                Some(c) => usize::try_from(c.proof_len).unwrap_or(usize::MAX),
                None => (values.len() + values.len() / 4).max(64),
            }
            .min(limit_len);
            let checked = values.len();
            game.extend_grundy(&mut values, target);
            if let Some(c) = candidate {
                if !period::still_holds(&values, c.period, checked) {
                    candidate = None;
                } else if values.len() as u64 >= c.proof_len {
                    let period = period::minimal(&values, c.period);
                    values.truncate((period.preperiod + period.period) as usize);
                    return Ok(Self {
                        values,
                        period: Some(period),
                    });
                }
            }
            if candidate.is_none() {
                candidate = period::best_candidate(game, &values);
            }
            if values.len() >= limit_len && candidate.is_none_or(|c| c.proof_len > limit) {
                return Err(GrundyError::NoPeriodWithin {
                    limit,
                    candidate: candidate.map(|c| c.period),
                });
            }
        }
    }

    /// g(n): from the table, or by the period for n past it. `None` for n past a table with no
    /// known period.
    #[must_use]
    pub fn get(&self, n: u64) -> Option<u32> {
        let index = match self.period {
            Some(Period { preperiod, period }) if n >= preperiod => {
                preperiod + (n - preperiod) % period
            }
            _ => n,
        };
        usize::try_from(index)
            .ok()
            .and_then(|i| self.values.get(i).copied())
    }

    /// The period, if proven.
    #[must_use]
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// How many values are stored.
    #[must_use]
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no value is stored.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The values g(0), g(1), ...: the stored ones, then forever by the period when it is
    /// known.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        (0..).map_while(|n| self.get(n))
    }

    /// The stored values as a slice.
    #[must_use]
    pub fn as_slice(&self) -> &[u32] {
        &self.values
    }
}

impl fmt::Display for GrundyValues {
    /// The stored values, space-separated, then the period if known.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, value) in self.values.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{value}")?;
        }
        if let Some(period) = self.period {
            write!(f, " ({period})")?;
        }
        Ok(())
    }
}
