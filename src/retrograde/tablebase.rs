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

impl std::fmt::Display for RetroValue {
    /// `win in 7`, `loss in 4`, `draw`, or `loss in 0` where the game has ended.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.verdict {
            Verdict::Draw => write!(f, "draw"),
            verdict => write!(f, "{verdict} in {}", self.plies),
        }
    }
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

impl Counts {
    /// The values tallied by their plies to the end: element `p` counts the values of `p`
    /// plies (draws count at 0).
    #[must_use]
    pub fn by_plies(values: impl IntoIterator<Item = RetroValue>) -> Vec<Counts> {
        let mut counts: Vec<Counts> = Vec::new();
        for value in values {
            let plies = usize::from(value.plies);
            if counts.len() <= plies {
                counts.resize(plies + 1, Counts::default());
            }
            counts[plies].add(value.verdict);
        }
        counts
    }

    /// One more position of `verdict`.
    fn add(&mut self, verdict: Verdict) {
        match verdict {
            Verdict::Win => self.wins += 1,
            Verdict::Draw => self.draws += 1,
            Verdict::Loss => self.losses += 1,
        }
    }

    /// The positions counted, of every verdict.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.wins
            .saturating_add(self.draws)
            .saturating_add(self.losses)
    }
}

impl std::fmt::Display for Counts {
    /// `wins 12, draws 3, losses 5 (20 in all)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "wins {}, draws {}, losses {} ({} in all)",
            self.wins,
            self.draws,
            self.losses,
            self.total()
        )
    }
}

impl FromIterator<Verdict> for Counts {
    /// Tallies verdicts.
    fn from_iter<I: IntoIterator<Item = Verdict>>(verdicts: I) -> Self {
        let mut counts = Self::default();
        for verdict in verdicts {
            counts.add(verdict);
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

    /// Each position's key and number.
    pub(super) fn ids(&self) -> impl Iterator<Item = (&K, &u32)> {
        self.ids.iter()
    }

    /// The verdict's code and the plies of the position of number `id`.
    pub(super) fn code_at(&self, id: usize) -> (u64, u16) {
        (u64::from(self.verdicts[id]), self.plies[id])
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

    /// How many positions have each verdict, by plies to the end ([`Counts::by_plies`]).
    #[must_use]
    pub fn counts_by_plies(&self) -> Vec<Counts> {
        Counts::by_plies((0..self.len()).map(|id| self.at(id)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_and_counts_read_as_words() {
        let value = |verdict, plies| RetroValue { verdict, plies };
        assert_eq!(value(Verdict::Win, 7).to_string(), "win in 7");
        assert_eq!(value(Verdict::Loss, 0).to_string(), "loss in 0");
        assert_eq!(value(Verdict::Draw, 0).to_string(), "draw");
        assert_eq!(format!("{:>5}", Verdict::Loss), " loss");
        let counts: Counts = [Verdict::Win, Verdict::Loss, Verdict::Win]
            .into_iter()
            .collect();
        assert_eq!(counts.total(), 3);
        assert_eq!(counts.to_string(), "wins 2, draws 0, losses 1 (3 in all)");
        let by_plies = Counts::by_plies([value(Verdict::Win, 2), value(Verdict::Draw, 0)]);
        let draw = Counts {
            draws: 1,
            ..Counts::default()
        };
        let win = Counts {
            wins: 1,
            ..Counts::default()
        };
        assert_eq!(by_plies, vec![draw, Counts::default(), win]);
    }
}
