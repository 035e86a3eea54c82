//! `SubtractionGame`: heaps under a subtraction set, the seed's subtraction Nim and its presets.

use crate::game::PlayConvention;
use crate::games::heaps::{HeapMove, Heaps};
use crate::games::subtraction::{SubtractionError, SubtractionSet};
use std::sync::Arc;

/// Subtraction Nim: heaps under a subtraction set, and the play convention. It is the heap sum
/// [`Heaps`] with a [`SubtractionSet`] for rules (one type for every sum of heaps), with the
/// constructors of the seed's game; a move is a [`HeapMove`] that takes a
/// count in the set and leaves one heap.
///
/// # Examples
///
/// The table preset: heaps 1, 3, 5, 7, a move takes 1 to 3 objects, misère play.
///
/// ```
/// use gamesolver::games::subtraction::SubtractionGame;
/// use gamesolver::{CheckedPlay, PlayConvention};
/// use gamesolver::games::heaps::HeapMove;
///
/// let mut game = SubtractionGame::default();
/// assert_eq!(game.heaps(), [1, 3, 5, 7]);
/// assert_eq!(game.convention(), PlayConvention::Misere);
/// game.play(game.take(3, 3))?; // take 3 of heap 3's 7
/// assert_eq!(game.heaps(), [1, 3, 5, 4]);
/// // More than k = 3, or more than the heap holds: rejected, nothing changes.
/// assert!(game.play(game.take(2, 4)).is_err());
/// assert!(game.play(HeapMove { heap: 0, take: 2, remain: [0, 0] }).is_err());
/// assert_eq!(game.heaps(), [1, 3, 5, 4]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type SubtractionGame = Heaps<SubtractionSet>;

impl Default for Heaps<SubtractionSet> {
    /// The table preset: heaps 1, 3, 5, 7, k = 3, misère.
    fn default() -> Self {
        Self::preset(3, [1, 3, 5, 7], PlayConvention::Misere).expect("the preset is valid")
    }
}

impl Heaps<SubtractionSet> {
    /// A game on `heaps` (at least one) with any subtraction set.
    ///
    /// # Errors
    ///
    /// [`SubtractionError::NoHeaps`] for an empty heap list.
    pub fn with_set(
        set: SubtractionSet,
        heaps: impl IntoIterator<Item = u64>,
        convention: PlayConvention,
    ) -> Result<Self, SubtractionError> {
        let heaps: Vec<u64> = heaps.into_iter().collect();
        if heaps.is_empty() {
            return Err(SubtractionError::NoHeaps);
        }
        Ok(Heaps::with_rules(Arc::new(set), heaps, convention)
            .expect("a subtraction set takes heaps of any size"))
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
        Self::with_set(SubtractionSet::up_to(k)?, heaps, convention)
    }

    /// The subtraction set.
    #[must_use]
    pub fn set(&self) -> &SubtractionSet {
        self.rules()
    }

    /// The move that takes `count` objects from heap `heap` (counted from 0) of this position,
    /// leaving the rest of the heap. Whether it is legal is checked when it is played: a heap
    /// that does not exist, or a count the set does not allow, is refused then.
    #[must_use]
    pub fn take(&self, heap: usize, count: u64) -> HeapMove {
        let size = self.heaps().get(heap).copied().unwrap_or(0);
        HeapMove {
            heap,
            take: count,
            remain: [size.saturating_sub(count), 0],
        }
    }
}
