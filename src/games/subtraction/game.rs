use crate::game::{Game, ImpartialGame, PlayConvention};
use crate::games::subtraction::{SubtractionError, SubtractionSet};
use std::fmt;
use std::sync::Arc;

/// A move: take `count` objects from heap `heap` (counted from 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Take {
    /// The heap, counted from 0.
    pub heap: usize,
    /// How many objects.
    pub count: u32,
}

impl fmt::Display for Take {
    /// `heap:count`, the heap counted from 1 as a person counts.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.heap + 1, self.count)
    }
}

/// A position of a subtraction game: heaps, the subtraction set, and the play convention.
///
/// # Examples
///
/// The table preset: heaps 1, 3, 5, 7, a move takes 1 to 3 objects, misère play.
///
/// ```
/// use gamesolver::games::subtraction::{SubtractionError, SubtractionGame, Take};
/// use gamesolver::{Game, PlayConvention};
///
/// let mut game = SubtractionGame::default();
/// assert_eq!(game.heaps(), [1, 3, 5, 7]);
/// assert_eq!(game.convention(), PlayConvention::Misere);
/// game.play(Take { heap: 3, count: 3 })?;
/// assert_eq!(game.heaps(), [1, 3, 5, 4]);
/// // More than k = 3, or more than the heap holds: rejected, nothing changes.
/// assert!(game.play(Take { heap: 2, count: 4 }).is_err());
/// assert!(game.play(Take { heap: 0, count: 2 }).is_err());
/// assert_eq!(game.heaps(), [1, 3, 5, 4]);
/// # Ok::<(), SubtractionError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SubtractionGame {
    heaps: Vec<u64>,
    set: Arc<SubtractionSet>,
    convention: PlayConvention,
}

impl Default for SubtractionGame {
    /// The table preset: heaps 1, 3, 5, 7, k = 3, misère.
    fn default() -> Self {
        Self::preset(3, [1, 3, 5, 7], PlayConvention::Misere).expect("the preset is valid")
    }
}

impl SubtractionGame {
    /// A game on `heaps` with any subtraction set.
    ///
    /// # Errors
    ///
    /// [`SubtractionError::NoHeaps`] for an empty heap list.
    pub fn new(
        set: SubtractionSet,
        heaps: impl IntoIterator<Item = u64>,
        convention: PlayConvention,
    ) -> Result<Self, SubtractionError> {
        let heaps: Vec<u64> = heaps.into_iter().collect();
        if heaps.is_empty() {
            return Err(SubtractionError::NoHeaps);
        }
        Ok(Self {
            heaps,
            set: Arc::new(set),
            convention,
        })
    }

    /// The table preset with cap k in 2..=5: a move takes 1 to k objects.
    ///
    /// # Errors
    ///
    /// [`SubtractionError::CapOutOfRange`] for k outside 2..=5, [`SubtractionError::NoHeaps`]
    /// for an empty heap list.
    pub fn preset(
        k: u32,
        heaps: impl IntoIterator<Item = u64>,
        convention: PlayConvention,
    ) -> Result<Self, SubtractionError> {
        Self::new(SubtractionSet::up_to(k)?, heaps, convention)
    }

    /// The heap sizes, in input order.
    #[must_use]
    pub fn heaps(&self) -> &[u64] {
        &self.heaps
    }

    /// The subtraction set.
    #[must_use]
    pub fn set(&self) -> &SubtractionSet {
        &self.set
    }

    /// The play convention.
    #[must_use]
    pub fn convention(&self) -> PlayConvention {
        self.convention
    }

    /// The same position under another convention.
    #[must_use]
    pub fn with_convention(mut self, convention: PlayConvention) -> Self {
        self.convention = convention;
        self
    }
}

impl Game for SubtractionGame {
    type Move = Take;
    /// The heaps that still allow a move, sorted: heap order does not change who wins.
    type Key = Box<[u64]>;
    type Error = SubtractionError;

    fn generate_moves(&self, out: &mut Vec<Take>) {
        for (heap, &size) in self.heaps.iter().enumerate() {
            out.extend(
                self.set
                    .moves()
                    .iter()
                    .take_while(|&&count| u64::from(count) <= size)
                    .map(|&count| Take { heap, count }),
            );
        }
    }

    fn check_move(&self, Take { heap, count }: Take) -> Result<(), SubtractionError> {
        let size = *self
            .heaps
            .get(heap)
            .ok_or(SubtractionError::HeapOutOfRange {
                heap,
                heaps: self.heaps.len(),
            })?;
        if !self.set.contains(count) {
            Err(SubtractionError::TakeNotAllowed { take: count })
        } else if u64::from(count) > size {
            Err(SubtractionError::TakeExceedsHeap { take: count, size })
        } else {
            Ok(())
        }
    }

    fn play_unchecked(&mut self, Take { heap, count }: Take) {
        self.heaps[heap] -= u64::from(count);
    }

    fn key(&self) -> Box<[u64]> {
        // A heap smaller than every move can never be touched again: it does not count.
        let smallest = u64::from(self.set.moves()[0]);
        let mut heaps: Vec<u64> = self
            .heaps
            .iter()
            .copied()
            .filter(|&h| h >= smallest)
            .collect();
        heaps.sort_unstable();
        heaps.into_boxed_slice()
    }

    fn is_over(&self) -> bool {
        let smallest = u64::from(self.set.moves()[0]);
        self.heaps.iter().all(|&h| h < smallest)
    }
}

impl ImpartialGame for SubtractionGame {
    fn convention(&self) -> Option<PlayConvention> {
        Some(self.convention)
    }
}

impl fmt::Display for SubtractionGame {
    /// `heaps 1 3 5 7, take {1, 2, 3}, misère`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("heaps")?;
        for h in &self.heaps {
            write!(f, " {h}")?;
        }
        write!(f, ", take {}, {}", self.set, self.convention)
    }
}
