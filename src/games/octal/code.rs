//! `OctalGame`: an octal code (Kayles is 0.77) parsed, printed, and played as a `HeapGame`.

use crate::game::{HeapGame, HeapOption};
use crate::games::octal::OctalError;
use crate::games::octal::{extend_by_definition, extend_sparse};
use crate::grundy::copy_by_proven_period;
use crate::grundy::{HeapTheory, Period};
use std::fmt;
use std::str::FromStr;

/// The most digits after the point an [`OctalGame`] code may have.
pub const MAX_OCTAL_DIGITS: usize = 64;

/// An octal game: a heap game given by a code such as `0.77` (Kayles).
///
/// Digit k of the code (k = 1, 2, ... after the point) says what a move that takes k tokens
/// from one heap may leave: bit 1, nothing (it takes the whole heap); bit 2, one heap; bit 4,
/// two non-empty heaps. The digit before the point is 0, or 4 for a move that takes nothing and
/// splits a heap in two.
///
/// # Examples
///
/// ```
/// use gamesolver::GrundyValues;
/// use gamesolver::games::octal::OctalGame;
///
/// let kayles: OctalGame = "0.77".parse()?;
/// assert_eq!(kayles, OctalGame::kayles());
/// let table = GrundyValues::periodic(&kayles, 1000)?;
/// assert_eq!(table.as_slice()[..8], [0, 1, 2, 3, 1, 4, 3, 2]);
/// let period = table.period().unwrap();
/// assert_eq!((period.preperiod, period.period), (71, 12));
/// assert!("0.78".parse::<OctalGame>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OctalGame {
    /// Digit 0 (before the point), then digits 1.., trailing zeros dropped.
    digits: Vec<u8>,
    /// Takes k with bit 1, 2 and 4, ascending.
    whole: Vec<u64>,
    leave_one: Vec<u64>,
    split: Vec<u64>,
}

impl OctalGame {
    /// The game of the given digits: `digits[0]` before the point, then one digit per count
    /// taken.
    ///
    /// # Errors
    ///
    /// [`OctalError::NoDigits`] with no digit after the point, [`OctalError::NotOctal`] for a
    /// digit above 7, [`OctalError::BadLeadingDigit`] before the point other than 0 or 4,
    /// [`OctalError::TooLong`] past [`MAX_OCTAL_DIGITS`].
    pub fn from_digits(digits: &[u8]) -> Result<Self, OctalError> {
        let (&lead, after) = digits.split_first().ok_or(OctalError::NoDigits)?;
        if after.is_empty() {
            return Err(OctalError::NoDigits);
        }
        if after.len() > MAX_OCTAL_DIGITS {
            return Err(OctalError::TooLong {
                digits: after.len(),
                limit: MAX_OCTAL_DIGITS,
            });
        }
        if let Some(position) = digits.iter().position(|&d| d > 7) {
            return Err(OctalError::NotOctal {
                found: char::from_digit(u32::from(digits[position]), 36).unwrap_or('?'),
                position,
            });
        }
        if lead != 0 && lead != 4 {
            return Err(OctalError::BadLeadingDigit { digit: lead });
        }
        let mut digits = digits.to_vec();
        while digits.len() > 2 && digits.last() == Some(&0) {
            digits.pop();
        }
        let takes = |bit: u8| -> Vec<u64> {
            (0u64..)
                .zip(&digits)
                .filter(|&(_, d)| d & bit != 0)
                .map(|(k, _)| k)
                .collect()
        };
        Ok(Self {
            whole: takes(1),
            leave_one: takes(2),
            split: takes(4),
            digits,
        })
    }

    /// Kayles, 0.77: knock down one pin or two adjacent pins from a row.
    #[must_use]
    pub fn kayles() -> Self {
        Self::from_digits(&[0, 7, 7]).expect("a valid code")
    }

    /// Dawson's Kayles, 0.07: knock down two adjacent pins.
    #[must_use]
    pub fn dawsons_kayles() -> Self {
        Self::from_digits(&[0, 0, 7]).expect("a valid code")
    }

    /// Dawson's chess, 0.137.
    #[must_use]
    pub fn dawsons_chess() -> Self {
        Self::from_digits(&[0, 1, 3, 7]).expect("a valid code")
    }

    /// Guiles, 0.15.
    #[must_use]
    pub fn guiles() -> Self {
        Self::from_digits(&[0, 1, 5]).expect("a valid code")
    }

    /// The digits: the one before the point, then one per count taken.
    #[must_use]
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The most tokens a move takes (the last non-zero digit's position).
    #[must_use]
    pub fn max_take(&self) -> u64 {
        [&self.whole, &self.leave_one, &self.split]
            .iter()
            .filter_map(|takes| takes.last().copied())
            .max()
            .unwrap_or(0)
    }

    /// Counts a move may take when it takes the whole heap, ascending.
    #[must_use]
    pub fn takes_whole(&self) -> &[u64] {
        &self.whole
    }

    /// Counts a move may take when it leaves one heap, ascending.
    #[must_use]
    pub fn takes_leaving_one(&self) -> &[u64] {
        &self.leave_one
    }

    /// Counts a move may take when it leaves two non-empty heaps, ascending (0 for a code
    /// with 4 before the point).
    #[must_use]
    pub fn takes_splitting(&self) -> &[u64] {
        &self.split
    }
}

impl HeapGame for OctalGame {
    fn options(&self, heap: u64, out: &mut Vec<HeapOption>) {
        for &take in self.whole.iter().filter(|&&k| k == heap) {
            out.push(HeapOption {
                take,
                remain: [0, 0],
            });
        }
        for &take in self.leave_one.iter().filter(|&&k| k < heap) {
            out.push(HeapOption {
                take,
                remain: [heap - take, 0],
            });
        }
        for &take in self.split.iter().filter(|&&k| k + 2 <= heap) {
            let rest = heap - take;
            out.extend((1..=rest / 2).map(|a| HeapOption {
                take,
                remain: [a, rest - a],
            }));
        }
    }

    /// The options above, counted: one a digit that takes the whole heap, one a digit that
    /// leaves one heap, and (heap - take) / 2 a digit that splits.
    fn option_count(&self, heap: u64) -> u64 {
        let whole = self.whole.iter().filter(|&&k| k == heap).count() as u64;
        let leave_one = self.leave_one.iter().filter(|&&k| k < heap).count() as u64;
        let split: u64 = (self.split.iter())
            .filter(|&&k| k + 2 <= heap)
            .map(|&k| (heap - k) / 2)
            .sum();
        whole + leave_one + split
    }
}

/// Guy and Smith's rule proves periods; values by the rare/common method (proven in
/// `sparse`), equal to the definition's.
impl HeapTheory for OctalGame {
    /// Guy and Smith's rule, generalized to any code (see
    /// [`grundy`](crate::grundy#proven-periods)): with t the most tokens a move takes, values
    /// agreeing with the period p from e through heap 2e + 2p + t (through e + p + t for a
    /// code that never splits) prove it for every heap.
    fn period_proof_len(&self, period: Period) -> Option<u64> {
        let (e, p, t) = (period.preperiod, period.period, self.max_take());
        let last = if self.split.is_empty() {
            e.checked_add(p)?.checked_add(t)?
        } else {
            e.checked_add(p)?.checked_mul(2)?.checked_add(t)?
        };
        last.checked_add(1)
    }

    /// The rare/common method for codes that split heaps, the definition otherwise; and at
    /// every power of two from 256 values on, once Guy and Smith's rule proves a period on
    /// the values so far, the rest is copied by the period.
    fn extend_grundy(&self, values: &mut Vec<u32>, len: usize) {
        let mut checkpoint = values.len().next_power_of_two().max(1 << 8);
        while values.len() < len {
            let target = len.min(checkpoint);
            if self.split.is_empty() {
                extend_by_definition(self, values, target);
            } else {
                extend_sparse(self, values, target);
            }
            if values.len() < len && copy_by_proven_period(self, values, len) {
                return;
            }
            checkpoint *= 2;
        }
    }
}

impl FromStr for OctalGame {
    type Err = OctalError;

    /// `0.77`, `.77`, `4.7`: an optional digit before the point, the point, octal digits.
    fn from_str(code: &str) -> Result<Self, OctalError> {
        let (lead, after) = code.split_once('.').ok_or(OctalError::NoDigits)?;
        let mut lead_chars = lead.chars();
        let lead = match (lead_chars.next(), lead_chars.next()) {
            (None, _) => 0,
            (Some(c), None) => c.to_digit(8).ok_or(OctalError::NotOctal {
                found: c,
                position: 0,
            })? as u8,
            (Some(_), Some(_)) => {
                return Err(OctalError::LongLead {
                    digits: lead.chars().count(),
                });
            }
        };
        let mut digits = vec![lead];
        for (i, c) in after.chars().enumerate() {
            match c.to_digit(8) {
                Some(d) => digits.push(d as u8),
                None => {
                    return Err(OctalError::NotOctal {
                        found: c,
                        position: code.chars().count() - after.chars().count() + i,
                    });
                }
            }
        }
        Self::from_digits(&digits)
    }
}

impl fmt::Display for OctalGame {
    /// The code, as `0.77`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", self.digits[0])?;
        self.digits[1..].iter().try_for_each(|d| write!(f, "{d}"))
    }
}
