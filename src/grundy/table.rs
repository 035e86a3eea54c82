use crate::games::subtraction::SubtractionSet;
use std::collections::HashMap;
use std::fmt;
use thiserror::Error;

/// The most values a [`GrundyTable`] stores: 2^28 (1 GiB of `u32`).
pub const MAX_TABLE_LEN: u64 = 1 << 28;

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
    #[error("no period found within the first {limit} values")]
    NoPeriodWithin {
        /// Values computed before giving up.
        limit: u64,
    },
}

/// The eventual period of a Grundy sequence: g(n + period) = g(n) for every n >= preperiod,
/// with both numbers the smallest that hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Period {
    /// The first index from which the sequence repeats.
    pub preperiod: u64,
    /// The length of the repeating block.
    pub period: u64,
}

impl fmt::Display for Period {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "preperiod={} period={}", self.preperiod, self.period)
    }
}

/// Grundy values g(0), g(1), ... of a single heap under a subtraction set: a move takes s
/// objects for some s in the set. Once the period is known (see [`periodic`](Self::periodic)),
/// g(n) for any `u64` n is a lookup.
///
/// # Examples
///
/// ```
/// use gamesolver::grundy::GrundyTable;
/// use gamesolver::games::subtraction::SubtractionSet;
///
/// let set = SubtractionSet::new([1, 3, 4])?;
/// let table = GrundyTable::periodic(&set, 1 << 20)?;
/// let period = table.period().unwrap();
/// assert_eq!((period.preperiod, period.period), (0, 7));
/// assert_eq!(table.iter().take(7).collect::<Vec<_>>(), [0, 1, 0, 1, 2, 3, 2]);
/// assert_eq!(table.get(u64::MAX), Some(table.get(u64::MAX % 7).unwrap()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GrundyTable {
    values: Vec<u32>,
    period: Option<Period>,
}

/// g(n) for n = `values.len()`, from the values before it; `moves` ascending, `max` the
/// largest.
fn next_value(values: &[u32], moves: &[u32], max: usize) -> u32 {
    let n = values.len();
    if n >= max && moves.len() < 64 {
        // Every move applies and every value is at most |S| < 64: a one-word mex.
        let seen = moves
            .iter()
            .fold(0u64, |seen, &s| seen | 1 << values[n - s as usize]);
        return (!seen).trailing_zeros();
    }
    crate::grundy::mex(
        moves
            .iter()
            .take_while(|&&s| s as usize <= n)
            .map(|&s| values[n - s as usize]),
    )
}

/// Computes up to `limit` values, looking for the first repeated window of max(S) values.
/// With a period found, the values are cut to the preperiod and one period.
fn detect(set: &SubtractionSet, limit: usize) -> (Vec<u32>, Option<Period>) {
    let moves = set.moves();
    let window = set.max() as usize;
    // Rolling hash of the window starting at each index; candidates per hash.
    const BASE: u64 = 0x100_0000_01b3;
    let top = BASE.wrapping_pow(window as u32 - 1);
    let mut starts: HashMap<u64, Vec<usize>> = HashMap::new();
    let mut values = Vec::new();
    let mut hash = 0u64;
    while values.len() < limit {
        values.push(next_value(&values, moves, window));
        let end = values.len();
        hash = hash
            .wrapping_mul(BASE)
            .wrapping_add(u64::from(values[end - 1]));
        if end < window {
            continue;
        }
        let start = end - window;
        let earlier = starts.entry(hash).or_default();
        if let Some(&first) = earlier
            .iter()
            .find(|&&j| values[j..j + window] == values[start..end])
        {
            values.truncate(start);
            let period = Period {
                preperiod: first as u64,
                period: (start - first) as u64,
            };
            return (values, Some(period));
        }
        earlier.push(start);
        // Drop the value leaving the window from the hash.
        hash = hash.wrapping_sub(u64::from(values[start]).wrapping_mul(top));
    }
    (values, None)
}

fn check_len(asked: u64) -> Result<usize, GrundyError> {
    usize::try_from(asked)
        .ok()
        .filter(|_| asked <= MAX_TABLE_LEN)
        .ok_or(GrundyError::TooLarge {
            asked,
            limit: MAX_TABLE_LEN,
        })
}

impl GrundyTable {
    /// g(0..=upto).
    ///
    /// The period is looked for in the first 2^16 values (where it shows for most sets); once
    /// it is proven the rest of the table is copied block by block, so a long table costs
    /// little more than its memory. Past 2^16 values without a period, every value is computed
    /// from the max(S) before it, O(|S|) each. The table records no period either way: ask
    /// [`periodic`](Self::periodic) for it.
    ///
    /// # Errors
    ///
    /// [`GrundyError::TooLarge`] past [`MAX_TABLE_LEN`] values.
    pub fn compute(set: &SubtractionSet, upto: u64) -> Result<Self, GrundyError> {
        const PROBE: usize = 1 << 16;
        let len = check_len(upto.saturating_add(1))?;
        let (moves, max) = (set.moves(), set.max() as usize);
        let (mut values, period) = detect(set, len.min(PROBE));
        values.reserve(len.saturating_sub(values.len()));
        match period {
            Some(Period { preperiod, period }) => {
                // Indices below the table length fit in usize.
                let block = preperiod as usize..(preperiod + period) as usize;
                while values.len() < len {
                    let take = block.len().min(len - values.len());
                    values.extend_from_within(block.start..block.start + take);
                }
            }
            None => {
                while values.len() < len {
                    values.push(next_value(&values, moves, max));
                }
            }
        }
        values.truncate(len);
        Ok(Self {
            values,
            period: None,
        })
    }

    /// Computes values until the period is proven, at most `limit` of them.
    ///
    /// Each value depends only on the `max(S)` values before it, so once a window of `max(S)`
    /// consecutive values repeats, everything after repeats too; the first repeat gives the
    /// smallest preperiod and period. The table keeps one full period past the preperiod.
    ///
    /// # Errors
    ///
    /// [`GrundyError::NoPeriodWithin`] if no window repeats within `limit` values, and
    /// [`GrundyError::TooLarge`] for a limit past [`MAX_TABLE_LEN`].
    pub fn periodic(set: &SubtractionSet, limit: u64) -> Result<Self, GrundyError> {
        let limit_len = check_len(limit)?;
        match detect(set, limit_len) {
            (values, Some(period)) => Ok(Self {
                values,
                period: Some(period),
            }),
            (_, None) => Err(GrundyError::NoPeriodWithin { limit }),
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

impl fmt::Display for GrundyTable {
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
