//! `ByBanked`: Pig and Piglet numbered in tiers by the two scores banked, for the solve by
//! tiers ([`Retrograde::solve_expected`](crate::Retrograde::solve_expected)).
//!
//! A hold banks a turn total of at least 1, so it leads to a tier of a larger sum; a roll, a
//! face and a bust keep the sum (a bust swaps the scores). The tiers are therefore solved
//! from the largest sum down, and within a tier the positions go round (two busts give a
//! position back): the solve settles them by their strongly connected components, as Neller
//! and Presser solve the game a sum of scores at a time.

use super::{Pig, PigMove};
use crate::{Child, Place, Tiers};
use std::ops::Range;

/// Pig (or Piglet) to one goal, numbered by the sum of the scores banked: tier `s` holds
/// every pair of scores `(mover, other)` of sum `s` (each at most the goal), and for each
/// pair every turn total the mover may have (up to the goal less its score), deciding or
/// rolling. Goal 100: 201 tiers, 1,040,502 indices, every one a position.
///
/// ```
/// use gamesolver::games::pig::{ByBanked, Pig};
/// use gamesolver::Retrograde;
///
/// // To 2, any roll but a 1 wins: p = 5/6 + (1 - p)/6, so p = 6/7.
/// let start = Pig::new(2)?;
/// let tiers = ByBanked::new(start);
/// let table = Retrograde::new().solve_expected(&tiers, |tier| tier == 0)?;
/// let chance = Pig::chance_to_win(table.value(&tiers, &start).unwrap());
/// assert!((chance - 6.0 / 7.0).abs() < 1e-12);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ByBanked {
    /// The start: its goal and whether it is Piglet.
    start: Pig,
}

impl ByBanked {
    /// The numbering of the game `start` is a position of (its goal, die or coin).
    #[must_use]
    pub fn new(start: Pig) -> Self {
        Self {
            start: start.at(0, 0, 0),
        }
    }

    fn goal(&self) -> u64 {
        u64::from(self.start.goal)
    }

    /// The smallest score the mover may have in tier `sum` (the other's is at most the goal).
    fn lowest(&self, sum: u64) -> u64 {
        sum.saturating_sub(self.goal())
    }

    /// The index of the first position of tier `sum` whose mover has banked `mover`: the
    /// movers before it each have `2 (goal + 1 - m)` indices.
    fn offset(&self, sum: u64, mover: u64) -> u64 {
        let lowest = self.lowest(sum);
        let before = mover.saturating_sub(lowest);
        // Σ over m from `lowest` to `mover - 1` of (goal + 1 - m), twice.
        before * (2 * (self.goal() + 1)) - before * (lowest + mover.max(1) - 1)
    }
}

impl Tiers for ByBanked {
    type Game = Pig;
    const NAME: &'static str = "pig by banked scores";

    /// The goal, and 1 << 16 for Piglet.
    fn rules_id(&self) -> u64 {
        self.goal() | u64::from(self.start.coin) << 16
    }

    fn tier_count(&self) -> usize {
        2 * self.start.goal as usize + 1
    }

    fn tier_len(&self, tier: usize) -> u64 {
        let sum = tier as u64;
        if tier >= self.tier_count() {
            return 0;
        }
        self.offset(sum, sum.min(self.goal()) + 1)
    }

    fn position_at(&self, tier: usize, index: u64) -> Option<Pig> {
        let sum = tier as u64;
        if index >= self.tier_len(tier) {
            return None;
        }
        // The last mover whose first index is at or below `index`, by bisection.
        let (mut low, mut high) = (self.lowest(sum), sum.min(self.goal()));
        while low < high {
            let middle = (low + high).div_ceil(2);
            if self.offset(sum, middle) <= index {
                low = middle;
            } else {
                high = middle - 1;
            }
        }
        let within = index - self.offset(sum, low);
        Some(Pig {
            mover: low as u16,
            other: (sum - low) as u16,
            turn: (within / 2) as u16,
            rolling: within % 2 == 1,
            ..self.start
        })
    }

    /// A position of another goal or game, or with a turn total past the goal less the
    /// mover's score (which play never gives: it caps the total there), is left out.
    fn place(&self, position: &Pig) -> Place {
        let (goal, start) = (position.goal, self.start);
        let (mover, other, turn) = (position.mover, position.other, position.turn);
        if goal != start.goal || position.coin != start.coin || turn > goal.saturating_sub(mover) {
            return Place {
                tier: self.tier_count(),
                index: 0,
            };
        }
        let sum = u64::from(mover) + u64::from(other);
        let index = self.offset(sum, u64::from(mover)) + 2 * u64::from(turn);
        Place {
            tier: sum as usize,
            index: index + u64::from(position.rolling),
        }
    }

    /// A hold banks from 1 to the goal.
    fn tiers_after(&self, tier: usize, out: &mut Vec<usize>) {
        let last = (tier + self.start.goal as usize).min(self.tier_count() - 1);
        out.extend(tier + 1..=last);
    }

    /// Each mover's turn totals in order, without a search for the mover.
    fn for_each_position(
        &self,
        tier: usize,
        indices: Range<u64>,
        mut visit: impl FnMut(u64, &Pig),
    ) {
        let Some(first) = self.position_at(tier, indices.start) else {
            return;
        };
        let (mut position, sum) = (first, tier as u64);
        for index in indices.start..indices.end.min(self.tier_len(tier)) {
            visit(index, &position);
            // The next index: rolling, or the next turn total, or the next mover's first.
            if !position.rolling {
                position.rolling = true;
            } else if position.turn < position.goal - position.mover {
                (position.turn, position.rolling) = (position.turn + 1, false);
            } else if u64::from(position.mover) < sum.min(self.goal()) {
                position.mover += 1;
                position.other -= 1;
                (position.turn, position.rolling) = (0, false);
            }
        }
    }

    /// The rules' children, placed by arithmetic: nothing is played.
    fn children(
        &self,
        position: &Pig,
        _: Place,
        _: &mut Vec<PigMove>,
        mut visit: impl FnMut(Child),
    ) {
        self.each_child(position, |child, _| visit(child));
    }

    /// The faces, each of weight 1, placed by arithmetic.
    fn chance_children(
        &self,
        position: &Pig,
        _: Place,
        _: &mut Vec<(PigMove, u32)>,
        visit: impl FnMut(Child, u32),
    ) {
        if position.rolling {
            self.each_child(position, visit);
        }
    }
}

impl ByBanked {
    /// The child of each move of `position` (each face, if it is rolling), with weight 1:
    /// what playing each gives.
    fn each_child(&self, position: &Pig, mut visit: impl FnMut(Child, u32)) {
        if position.over() {
            return;
        }
        let mut child = |next: Pig, margin: i64, keeps_turn: bool| {
            let place = self.place(&next);
            let child = Child {
                margin,
                keeps_turn,
                place,
            };
            visit(child, 1);
        };
        let (goal, mover, turn) = (position.goal, position.mover, position.turn);
        let passed = |banked: u16| Pig {
            mover: position.other,
            other: banked.min(goal),
            turn: 0,
            rolling: false,
            ..*position
        };
        if !position.rolling {
            if turn > 0 {
                child(passed(mover + turn), i64::from(mover + turn >= goal), false);
            }
            let rolling = Pig {
                rolling: true,
                ..*position
            };
            return child(rolling, 0, true);
        }
        for face in 1..=position.faces() {
            match position.adds(face) {
                0 => child(passed(mover), 0, false),
                more => {
                    let turn = (turn + more).min(goal - mover);
                    let next = Pig {
                        turn,
                        rolling: false,
                        ..*position
                    };
                    child(next, 0, true);
                }
            }
        }
    }
}
