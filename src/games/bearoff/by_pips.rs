//! `ByPips`: one side's bearoff numbered in tiers by its pips, for the solve of expected values
//! by tiers ([`Retrograde::solve_expected`](crate::Retrograde::solve_expected)), which builds
//! the one-sided database with no hash table.
//!
//! A play moves at least one pip (each die moves a checker down or off), and a roll moves none:
//! the sides of `p` pips before a roll are tier `2p + 1`, after one of the 21 rolls tier `2p`,
//! and every move leads to a tier below its own. Within a pips' tiers a side is numbered by
//! its place among the sides of those pips in [`every_side`]'s order, after a roll times 21
//! plus the roll's place among the chance moves.

use super::rules::{Checkers, MAX_CHECKERS, Roll, every_side};
use super::{Bearoff, BearoffMove, ROLL, rolls};
use crate::{Child, Place, Tiers};

/// The rolls of a turn: 21.
pub(super) const ROLLS: usize = 21;

/// The most pips a roll moves: four sixes.
const MOST_PIPS_A_ROLL: usize = 24;

/// One side of up to a number of checkers, numbered by its pips (the module docs give the
/// numbering). With up to 15 checkers: 182 tiers, 54,264 sides before a roll.
///
/// ```
/// use gamesolver::Retrograde;
/// use gamesolver::games::bearoff::{Bearoff, ByPips, Checkers};
///
/// // One checker on the 6-point needs 5/4 rolls on average (one roll unless a 1-2).
/// let tiers = ByPips::new(1)?;
/// let table = Retrograde::new().solve_expected(&tiers, ByPips::is_before_roll)?;
/// let side = Bearoff::new(Checkers::new([0, 0, 0, 0, 0, 1])?);
/// assert!((table.value(&tiers, &side).unwrap() + 1.25).abs() < 1e-12);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ByPips {
    sides: SidesByPips,
}

/// The sides of up to a number of checkers numbered by their pips, and the rolls numbered:
/// the numbering of one side's tiers ([`ByPips`]) and of a race's
/// ([`RaceByPips`](super::RaceByPips)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct SidesByPips {
    pub(super) checkers: u8,
    /// The sides of each count of pips, in [`every_side`]'s order.
    pub(super) by_pips: Vec<Vec<Checkers>>,
    /// Each side's index among the sides of its pips, by [`Checkers::rank`].
    index: Vec<u32>,
    /// The chance moves in the order the tiers number them, with their weights.
    pub(super) rolls: Vec<(BearoffMove, u32)>,
    /// Each roll's place among [`rolls`](Self::rolls), by its code.
    roll_index: [u8; 64],
}

impl SidesByPips {
    /// The sides of up to `checkers` checkers (at most `most`).
    pub(super) fn new(checkers: u8, most: u8) -> Result<Self, super::BearoffError> {
        if checkers > most {
            return Err(super::BearoffError::TooManyCheckers(u32::from(checkers)));
        }
        let sides = every_side(checkers);
        let mut by_pips = vec![Vec::new(); 6 * usize::from(checkers) + 1];
        let mut index = vec![0; sides.len()];
        for side in sides {
            let at = &mut by_pips[side.pips() as usize];
            index[side.rank()] = at.len() as u32;
            at.push(side);
        }
        let mut rolls_out = Vec::with_capacity(ROLLS);
        rolls(&mut rolls_out);
        let mut roll_index = [0; 64];
        for (at, &(mv, _)) in rolls_out.iter().enumerate() {
            roll_index[(mv & !ROLL) as usize] = at as u8;
        }
        Ok(Self {
            checkers,
            by_pips,
            index,
            rolls: rolls_out,
            roll_index,
        })
    }

    /// The pips of `side` and its index among the sides of those pips; `None` past the
    /// checkers numbered.
    #[inline]
    pub(super) fn index_of(&self, side: Checkers) -> Option<(usize, u64)> {
        let at = *self.index.get(side.rank())?;
        Some((side.pips() as usize, u64::from(at)))
    }

    /// The sides of `pips`.
    pub(super) fn count(&self, pips: usize) -> u64 {
        self.by_pips.get(pips).map_or(0, Vec::len) as u64
    }

    /// The side of `pips` at `index`.
    pub(super) fn side(&self, pips: usize, index: u64) -> Option<Checkers> {
        let sides = self.by_pips.get(pips)?;
        sides.get(usize::try_from(index).ok()?).copied()
    }

    /// The place of `roll` among the rolls.
    pub(super) fn roll_index(&self, roll: Roll) -> u64 {
        u64::from(self.roll_index[roll.code() as usize])
    }

    /// The most pips a side has.
    pub(super) fn most_pips(&self) -> usize {
        self.by_pips.len() - 1
    }

    /// The place of the position `index` among those of `pips` (a side's pips, or both
    /// sides' together): before a roll, or after `roll`.
    pub(super) fn place_of(&self, (pips, index): (usize, u64), roll: Option<Roll>) -> Place {
        match roll {
            None => Place {
                tier: 2 * pips + 1,
                index,
            },
            Some(roll) => Place {
                tier: 2 * pips,
                index: index * ROLLS as u64 + self.roll_index(roll),
            },
        }
    }

    /// Each roll from the position `index` among those of `pips` before a roll, with `margin`
    /// and its weight: the position after it, placed.
    pub(super) fn rolled(
        &self,
        (pips, index): (usize, u64),
        margin: i64,
        mut visit: impl FnMut(Child, u32),
    ) {
        for (at, &(_, weight)) in self.rolls.iter().enumerate() {
            let place = Place {
                tier: 2 * pips,
                index: index * ROLLS as u64 + at as u64,
            };
            // A roll keeps the turn: the side that rolls plays it.
            let child = Child {
                margin,
                keeps_turn: true,
                place,
            };
            visit(child, weight);
        }
    }
}

/// The tiers a move from `tier` leads to: before a roll, the same pips after one (but for 0
/// pips, where no roll is made); after a roll, 1 to 24 pips fewer before the next.
pub(super) fn tiers_after(tier: usize, out: &mut Vec<usize>) {
    let pips = tier / 2;
    if tier % 2 == 1 {
        out.extend((pips > 0).then_some(2 * pips));
    } else {
        let fewest = pips.saturating_sub(MOST_PIPS_A_ROLL);
        out.extend((fewest..pips).map(|fewer| 2 * fewer + 1));
    }
}

impl ByPips {
    /// The numbering of every side of up to `checkers` checkers.
    ///
    /// # Errors
    ///
    /// [`BearoffError::TooManyCheckers`](super::BearoffError::TooManyCheckers) past
    /// [`MAX_CHECKERS`].
    pub fn new(checkers: u8) -> Result<Self, super::BearoffError> {
        Ok(Self {
            sides: SidesByPips::new(checkers, MAX_CHECKERS)?,
        })
    }

    /// Whether `tier` holds sides before a roll: the tiers to keep for every side's value.
    #[must_use]
    pub fn is_before_roll(tier: usize) -> bool {
        tier % 2 == 1
    }

    /// The place past the tiers, where no table holds a value.
    fn left_out(&self) -> Place {
        Place {
            tier: self.tier_count(),
            index: 0,
        }
    }

    /// The place of `side`, before a roll or after `roll`.
    fn place_of(&self, side: Checkers, roll: Option<Roll>) -> Place {
        match self.sides.index_of(side) {
            Some(at) => self.sides.place_of(at, roll),
            None => self.left_out(),
        }
    }
}

impl Tiers for ByPips {
    type Game = Bearoff;
    const NAME: &'static str = "bearoff by pips";

    /// The most checkers numbered.
    fn rules_id(&self) -> u64 {
        u64::from(self.sides.checkers)
    }

    fn tier_count(&self) -> usize {
        2 * self.sides.by_pips.len()
    }

    /// The empty side has no roll: its tier after one is empty.
    fn tier_len(&self, tier: usize) -> u64 {
        let sides = self.sides.count(tier / 2);
        match tier {
            0 => 0,
            _ if Self::is_before_roll(tier) => sides,
            _ => sides * ROLLS as u64,
        }
    }

    fn position_at(&self, tier: usize, index: u64) -> Option<Bearoff> {
        if index >= self.tier_len(tier) {
            return None;
        }
        let pips = tier / 2;
        if Self::is_before_roll(tier) {
            return Some(Bearoff::new(self.sides.side(pips, index)?));
        }
        let (side, roll) = (index / ROLLS as u64, index % ROLLS as u64);
        let mut position = Bearoff::new(self.sides.side(pips, side)?);
        let (mv, _) = self.sides.rolls[roll as usize];
        crate::Game::play_unchecked(&mut position, mv);
        Some(position)
    }

    fn place(&self, position: &Bearoff) -> Place {
        self.place_of(position.checkers, position.roll)
    }

    /// Before a roll, the same pips after one; after a roll, the sides of 1 to 24 pips fewer
    /// before the next.
    fn tiers_after(&self, tier: usize, out: &mut Vec<usize>) {
        tiers_after(tier, out);
    }

    /// The plays of the roll as packed words, placed from the word: no position built (before
    /// a roll, the rolls).
    fn children(
        &self,
        position: &Bearoff,
        place: Place,
        moves: &mut Vec<BearoffMove>,
        mut visit: impl FnMut(Child),
    ) {
        let Some(roll) = position.roll else {
            self.chance_children(position, place, &mut Vec::new(), |child, _| visit(child));
            return;
        };
        moves.clear();
        position.checkers.packed_plays(roll, moves);
        for &word in moves.iter() {
            visit(Child {
                margin: 0,
                keeps_turn: true,
                place: self.place_of(Checkers::unpacked(word), None),
            });
        }
    }

    /// The 21 rolls, each costing a point, placed from the side's own place.
    fn chance_children(
        &self,
        position: &Bearoff,
        _: Place,
        _: &mut Vec<(BearoffMove, u32)>,
        visit: impl FnMut(Child, u32),
    ) {
        if position.roll.is_some() || position.checkers.is_empty() {
            return;
        }
        if let Some(at) = self.sides.index_of(position.checkers) {
            self.sides.rolled(at, -1, visit);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{Checks, chance_tiers};

    #[test]
    fn the_numbering_keeps_to_the_rules() {
        let tiers = ByPips::new(4).expect("four checkers");
        chance_tiers(&tiers, &Checks::default()).expect("no lie");
        assert_eq!(
            (0..tiers.tier_count())
                .filter(|&t| ByPips::is_before_roll(t))
                .map(|t| tiers.tier_len(t))
                .sum::<u64>(),
            every_side(4).len() as u64
        );
        // The count of tiers the docs give.
        assert_eq!(ByPips::new(MAX_CHECKERS).expect("15").tier_count(), 182);
    }

    #[test]
    fn more_checkers_than_a_side_holds_are_refused() {
        assert!(ByPips::new(MAX_CHECKERS + 1).is_err());
    }
}
