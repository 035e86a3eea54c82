//! The result of a retrograde solve: every position's verdict and distance to the end, by key.

use super::backward::{NO_VERDICT, VERDICTS};
use crate::game::{Game, TableKey, Verdict};
use std::collections::HashMap;

/// A position's retrograde value: who wins with perfect play, and in how many plies the game
/// ends when the winner plays to win soonest and the loser to lose latest (0 for a position
/// where the game has ended, and for a draw).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RetroValue {
    /// For the side to move.
    pub verdict: Verdict,
    /// Plies to the end.
    pub plies: u16,
}

/// How many positions have each verdict.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Counts {
    /// Won by the side to move.
    pub wins: u64,
    /// Drawn.
    pub draws: u64,
    /// Lost by the side to move.
    pub losses: u64,
}

impl FromIterator<Verdict> for Counts {
    /// Tallies verdicts.
    fn from_iter<I: IntoIterator<Item = Verdict>>(verdicts: I) -> Self {
        let mut counts = Self::default();
        for verdict in verdicts {
            match verdict {
                Verdict::Win => counts.wins += 1,
                Verdict::Draw => counts.draws += 1,
                Verdict::Loss => counts.losses += 1,
            }
        }
        counts
    }
}

/// Every position reachable from a start, solved: see [`Retrograde`](super::Retrograde).
#[derive(Debug, Clone)]
pub struct Tablebase<K> {
    ids: HashMap<K, u32>,
    verdicts: Vec<u8>,
    plies: Vec<u16>,
}

impl<K: TableKey> Tablebase<K> {
    pub(crate) fn new(ids: HashMap<K, u32>, verdicts: Vec<u8>, plies: Vec<u16>) -> Self {
        Self {
            ids,
            verdicts,
            plies,
        }
    }

    /// The value of the position of number `id`.
    fn at(&self, id: usize) -> RetroValue {
        match self.verdicts[id] {
            NO_VERDICT => RetroValue {
                verdict: Verdict::Draw,
                plies: 0,
            },
            code => RetroValue {
                verdict: VERDICTS[usize::from(code - 1)],
                plies: self.plies[id],
            },
        }
    }

    /// The value of the start.
    #[must_use]
    pub fn start(&self) -> RetroValue {
        self.at(0)
    }

    /// The value of the position of `key`, if it was reachable from the start.
    #[must_use]
    pub fn value_of_key(&self, key: &K) -> Option<RetroValue> {
        self.ids.get(key).map(|&id| self.at(id as usize))
    }

    /// The value of `position`, if it was reachable from the start.
    #[must_use]
    pub fn value<G: Game<Key = K>>(&self, position: &G) -> Option<RetroValue> {
        self.value_of_key(&position.key())
    }

    /// The positions solved.
    #[must_use]
    pub fn len(&self) -> usize {
        self.verdicts.len()
    }

    /// Whether no position was solved (never: the start always is).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.verdicts.is_empty()
    }

    /// How many positions have each verdict.
    #[must_use]
    pub fn counts(&self) -> Counts {
        (0..self.len()).map(|id| self.at(id).verdict).collect()
    }

    /// Every solved position's key and value, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (&K, RetroValue)> {
        self.ids
            .iter()
            .map(|(key, &id)| (key, self.at(id as usize)))
    }
}
