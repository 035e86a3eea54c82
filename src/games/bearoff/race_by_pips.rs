//! `RaceByPips`: a bearoff race numbered in tiers by the pips of both sides, for the solve of
//! expected values by tiers, which builds the two-sided database with no hash table.
//!
//! A play moves the mover's checkers at least one pip and a roll none, so the pips of both
//! sides together fall with every play: the races of `s` pips in all before a roll are tier
//! `2s + 1`, after one of the 21 rolls tier `2s`, and every move leads to a tier below its own.
//! Within a tier the races are numbered by the mover's pips, then the mover's index among the
//! sides of its pips, then the other's among the sides of theirs (after a roll, times 21 plus
//! the roll's place). A race with an empty side is over: it is numbered (a play that bears off
//! the last checker leads there) and has no move.

use super::by_pips::{ROLLS, SidesByPips, tiers_after};
use super::rules::Checkers;
use super::{BearoffMove, BearoffRace};
use crate::{Child, Place, Tiers};

/// The most checkers a side of a [`TwoSidedDatabase`](super::TwoSidedDatabase), and of the
/// races [`RaceByPips`] numbers: six, which bounds the build's time and memory. Its 851,929
/// races take 6.8 MB of chances; the build by tiers holds every race's value before a roll
/// and a few tiers' races after one (18 MiB at its peak, 1.75 s on two threads:
/// BENCHMARKS.md). Eight checkers would be 9.0 M races, ten times the time. (GNU Backgammon's
/// `makebearoff` builds two-sided databases of up to 11 checkers, its manual says, position
/// by position.)
pub const MAX_RACE_CHECKERS: u8 = 6;

/// Every race of up to a number of checkers a side, numbered by the pips of both (the module
/// docs give the numbering). With up to six checkers a side: 146 tiers, 853,776 races before
/// a roll (851,929 with a checker on each side).
///
/// ```
/// use gamesolver::Retrograde;
/// use gamesolver::games::bearoff::{BearoffRace, Checkers, RaceByPips};
///
/// // One checker on the 6-point against one on the 1-point: the side on roll wins 3/4.
/// let tiers = RaceByPips::new(1)?;
/// let table = Retrograde::new().solve_expected(&tiers, RaceByPips::is_before_roll)?;
/// let race = BearoffRace::new(Checkers::new([0, 0, 0, 0, 0, 1])?, Checkers::new([1, 0, 0, 0, 0, 0])?);
/// let value = table.value(&tiers, &race).unwrap();
/// assert!(((1.0 + value) / 2.0 - 0.75).abs() < 1e-12);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RaceByPips {
    sides: SidesByPips,
    /// For each sum of pips, where the races of each pips of the mover start (one more than
    /// the mover's pips can be, the last the sum's count of races).
    starts: Vec<Vec<u64>>,
}

impl RaceByPips {
    /// The numbering of every race of up to `checkers` checkers a side.
    ///
    /// # Errors
    ///
    /// [`BearoffError::TooManyCheckers`](super::BearoffError::TooManyCheckers) past
    /// [`MAX_RACE_CHECKERS`].
    pub fn new(checkers: u8) -> Result<Self, super::BearoffError> {
        let sides = SidesByPips::new(checkers, MAX_RACE_CHECKERS)?;
        let most = sides.most_pips();
        let starts = (0..=2 * most)
            .map(|sum| {
                let mut start = 0;
                let mut starts = Vec::with_capacity(most + 2);
                for mover in 0..=most {
                    starts.push(start);
                    if let Some(other) = sum.checked_sub(mover) {
                        start += sides.count(mover) * sides.count(other);
                    }
                }
                starts.push(start);
                starts
            })
            .collect();
        Ok(Self { sides, starts })
    }

    /// Whether `tier` holds races before a roll: the tiers to keep for every race's value.
    #[must_use]
    pub fn is_before_roll(tier: usize) -> bool {
        tier % 2 == 1
    }

    /// The races of `sum` pips in all.
    fn count(&self, sum: usize) -> u64 {
        self.starts
            .get(sum)
            .and_then(|s| s.last())
            .copied()
            .unwrap_or(0)
    }

    /// The place past the tiers, where no table holds a value.
    fn left_out(&self) -> Place {
        Place {
            tier: self.tier_count(),
            index: 0,
        }
    }

    /// The pips of both sides together and the race's index among the races of as many, each
    /// side given by its pips and its index among the sides of its pips.
    #[inline]
    fn index_within(
        &self,
        (mover_pips, mover_index): (usize, u64),
        (other_pips, other_index): (usize, u64),
    ) -> (usize, u64) {
        let sum = mover_pips + other_pips;
        let start = self.starts[sum][mover_pips];
        (
            sum,
            start + mover_index * self.sides.count(other_pips) + other_index,
        )
    }

    /// The pips of both sides together and the race's index among the races of as many.
    #[inline]
    fn index_of(&self, mover: Checkers, other: Checkers) -> Option<(usize, u64)> {
        let mover = self.sides.index_of(mover)?;
        let other = self.sides.index_of(other)?;
        Some(self.index_within(mover, other))
    }

    /// The race at `index` among those of `sum` pips, before a roll.
    fn race(&self, sum: usize, index: u64) -> Option<BearoffRace> {
        let starts = self.starts.get(sum)?;
        // The mover's pips: the last start at or below the index.
        let mover_pips = starts
            .partition_point(|&start| start <= index)
            .checked_sub(1)?;
        let other_pips = sum.checked_sub(mover_pips)?;
        let within = index - starts[mover_pips];
        let others = self.sides.count(other_pips);
        let mover = self.sides.side(mover_pips, within / others)?;
        let other = self.sides.side(other_pips, within % others)?;
        Some(BearoffRace::new(mover, other))
    }
}

impl Tiers for RaceByPips {
    type Game = BearoffRace;
    const NAME: &'static str = "bearoff race by pips";

    /// The most checkers a side.
    fn rules_id(&self) -> u64 {
        u64::from(self.sides.checkers)
    }

    fn tier_count(&self) -> usize {
        2 * self.starts.len()
    }

    fn tier_len(&self, tier: usize) -> u64 {
        let races = self.count(tier / 2);
        if Self::is_before_roll(tier) {
            races
        } else {
            races * ROLLS as u64
        }
    }

    fn position_at(&self, tier: usize, index: u64) -> Option<BearoffRace> {
        if index >= self.tier_len(tier) {
            return None;
        }
        let sum = tier / 2;
        if Self::is_before_roll(tier) {
            return self.race(sum, index);
        }
        let mut race = self.race(sum, index / ROLLS as u64)?;
        let (mv, _) = self.sides.rolls[(index % ROLLS as u64) as usize];
        crate::Game::play_unchecked(&mut race, mv);
        Some(race)
    }

    /// The races in order, a block of the mover's pips at a time: no search for the block at
    /// each index.
    fn for_each_position(
        &self,
        tier: usize,
        indices: std::ops::Range<u64>,
        mut visit: impl FnMut(u64, &BearoffRace),
    ) {
        let (sum, rolls) = (
            tier / 2,
            if Self::is_before_roll(tier) {
                1
            } else {
                ROLLS as u64
            },
        );
        let Some(starts) = self.starts.get(sum) else {
            return;
        };
        let end = indices.end.min(self.tier_len(tier));
        for (mover_pips, block) in starts.windows(2).enumerate() {
            let (first, last) = (block[0] * rolls, block[1] * rolls);
            if first == last || last <= indices.start || first >= end {
                continue;
            }
            let others = self.sides.count(sum - mover_pips);
            for index in indices.start.max(first)..end.min(last) {
                let (race, roll) = ((index - first) / rolls, (index - first) % rolls);
                let mover = self.sides.side(mover_pips, race / others);
                let other = self.sides.side(sum - mover_pips, race % others);
                let (Some(mover), Some(other)) = (mover, other) else {
                    continue;
                };
                let mut position = BearoffRace::new(mover, other);
                if rolls > 1 {
                    crate::Game::play_unchecked(&mut position, self.sides.rolls[roll as usize].0);
                }
                visit(index, &position);
            }
        }
    }

    fn place(&self, position: &BearoffRace) -> Place {
        match self.index_of(position.mover, position.other) {
            Some(at) => self.sides.place_of(at, position.roll),
            None => self.left_out(),
        }
    }

    /// Before a roll, the same pips after one; after a roll, 1 to 24 pips fewer in all
    /// before the next.
    fn tiers_after(&self, tier: usize, out: &mut Vec<usize>) {
        tiers_after(tier, out);
    }

    /// The plays of the roll as packed words, placed from the word, the sides swapped: no
    /// position built (before a roll, the rolls).
    fn children(
        &self,
        position: &BearoffRace,
        place: Place,
        moves: &mut Vec<BearoffMove>,
        mut visit: impl FnMut(Child),
    ) {
        if position.over() {
            return;
        }
        let Some(roll) = position.roll else {
            self.chance_children(position, place, &mut Vec::new(), |child, _| visit(child));
            return;
        };
        // The side that moves next is placed once for every play.
        let Some(next) = self.sides.index_of(position.other) else {
            return;
        };
        moves.clear();
        position.mover.packed_plays(roll, moves);
        for &word in moves.iter() {
            let played = Checkers::unpacked(word);
            let place = match self.sides.index_of(played) {
                Some(after) => self.sides.place_of(self.index_within(next, after), None),
                None => self.left_out(),
            };
            visit(Child {
                margin: i64::from(played.is_empty()),
                keeps_turn: false,
                place,
            });
        }
    }

    /// The 21 rolls, placed from the race's own place.
    fn chance_children(
        &self,
        position: &BearoffRace,
        _: Place,
        _: &mut Vec<(BearoffMove, u32)>,
        visit: impl FnMut(Child, u32),
    ) {
        if position.roll.is_some() || position.over() {
            return;
        }
        if let Some(at) = self.index_of(position.mover, position.other) {
            self.sides.rolled(at, 0, visit);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{Checks, chance_tiers};

    #[test]
    fn the_numbering_keeps_to_the_rules() {
        let tiers = RaceByPips::new(3).expect("three checkers a side");
        chance_tiers(&tiers, &Checks::default()).expect("no lie");
        let races: u64 = (0..tiers.tier_count())
            .filter(|&tier| RaceByPips::is_before_roll(tier))
            .map(|tier| tiers.tier_len(tier))
            .sum();
        assert_eq!(races, 84 * 84);
        // The counts the docs give.
        let six = RaceByPips::new(MAX_RACE_CHECKERS).expect("six checkers a side");
        let before_roll = (0..six.tier_count()).filter(|&tier| RaceByPips::is_before_roll(tier));
        let races: u64 = before_roll.map(|tier| six.tier_len(tier)).sum();
        assert_eq!((six.tier_count(), races), (146, 853_776));
    }

    #[test]
    fn more_checkers_than_a_race_database_holds_are_refused() {
        assert!(RaceByPips::new(MAX_RACE_CHECKERS + 1).is_err());
    }
}
