//! `SubtractionSet`: the amounts a move may take, as a `HeapGame`.

use crate::games::subtraction::SubtractionError;
use std::fmt;

/// A finite subtraction set: the numbers of objects a move may take from a heap. Sorted,
/// without repeats, never empty, never 0.
///
/// # Examples
///
/// ```
/// use gamesolver::games::subtraction::{SubtractionError, SubtractionSet};
///
/// let set = SubtractionSet::new([4, 1, 3, 1])?;
/// assert_eq!(set.moves(), [1, 3, 4]);
/// assert_eq!(set.to_string(), "{1, 3, 4}");
/// assert_eq!(SubtractionSet::new([]), Err(SubtractionError::EmptySet));
/// assert_eq!(SubtractionSet::up_to(6), Err(SubtractionError::CapOutOfRange { k: 6 }));
/// # Ok::<(), SubtractionError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SubtractionSet {
    moves: Vec<u32>,
}

impl SubtractionSet {
    /// The set of the given numbers, in any order, repeats ignored.
    ///
    /// # Errors
    ///
    /// [`SubtractionError::EmptySet`] with no number, [`SubtractionError::ZeroInSet`] with 0.
    pub fn new(moves: impl IntoIterator<Item = u32>) -> Result<Self, SubtractionError> {
        let mut moves: Vec<u32> = moves.into_iter().collect();
        moves.sort_unstable();
        moves.dedup();
        match moves.first() {
            None => Err(SubtractionError::EmptySet),
            Some(0) => Err(SubtractionError::ZeroInSet),
            Some(_) => Ok(Self { moves }),
        }
    }

    /// The table preset {1, ..., k}, k in 2..=5.
    ///
    /// # Errors
    ///
    /// [`SubtractionError::CapOutOfRange`] for k outside 2..=5.
    pub fn up_to(k: u32) -> Result<Self, SubtractionError> {
        if (2..=5).contains(&k) {
            Self::new(1..=k)
        } else {
            Err(SubtractionError::CapOutOfRange { k })
        }
    }

    /// The cap k when the set is {1, ..., k} for some k >= 1.
    #[must_use]
    pub fn cap(&self) -> Option<u32> {
        let k = self.max();
        (self.moves.len() as u64 == u64::from(k)).then_some(k)
    }

    /// The numbers, ascending.
    #[must_use]
    pub fn moves(&self) -> &[u32] {
        &self.moves
    }

    /// The largest number.
    #[must_use]
    pub fn max(&self) -> u32 {
        self.moves[self.moves.len() - 1]
    }

    /// Whether a move may take `take` objects.
    #[must_use]
    pub fn contains(&self, take: u32) -> bool {
        self.moves.binary_search(&take).is_ok()
    }
}

impl fmt::Display for SubtractionSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, s) in self.moves.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{s}")?;
        }
        f.write_str("}")
    }
}
