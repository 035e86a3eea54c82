//! What a user proves of Kalah beyond the rules: the seeds left bound every value.

use super::Kalah;
use crate::{Facts, Knowledge};

/// What a user proves of Kalah, as sound knowledge: every seed still in play ends in one store
/// or the other, so the side to move's future margin lies within minus and plus the seeds left
/// (the bounds), and so does that of every later position, which has no more seeds (the floor,
/// for this position and all that follow).
#[derive(Debug, Clone, Copy, Default)]
pub struct SeedsLeft;

impl Knowledge<Kalah> for SeedsLeft {
    #[inline]
    fn value_floor(&self, position: &Kalah) -> Option<i64> {
        Some(-i64::from(position.seeds_left()))
    }

    /// The default search moves: every legal move.
    #[inline]
    fn leaves_out_by_threshold(&self) -> bool {
        false
    }

    #[inline]
    fn facts(&self, position: &Kalah) -> Facts<u8> {
        let seeds = i64::from(position.seeds_left());
        Facts {
            bounds: Some(-seeds..=seeds),
            best_move: None,
        }
    }
}
