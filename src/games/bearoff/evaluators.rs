//! Evaluators of a bearoff race for the chance engine's horizon: `PipCount`, from the two
//! sides' pips, `ExpectedRolls`, from the one-sided database's expected rolls, and
//! `ExactRaces`, the two-sided database's exact chances where it holds the race.

use super::{BearoffRace, OneSidedDatabase, TwoSidedDatabase};
use crate::Evaluator;
use std::sync::Arc;

/// The pips a roll moves on average: 210 over the 30 mixed rolls (of 36), 84 over the six
/// doubles played four times, so 294 / 36.
const MEAN_ROLL_PIPS: f64 = 294.0 / 36.0;

/// The chance to win of a side `lead` ahead, a race's spread being `width`: a logistic curve.
fn chance_from_lead(lead: f64, width: f64) -> f64 {
    1.0 / (1.0 + (-lead / width).exp())
}

/// The side on roll's chance where the race is over: the side that moved last bore off.
fn chance_if_over(race: &BearoffRace) -> Option<f64> {
    if race.other.is_empty() {
        Some(0.0)
    } else if race.mover.is_empty() {
        Some(1.0)
    } else {
        None
    }
}

/// An estimate of a race from the pips alone: the side on roll leads by the other side's pips
/// less its own, and 4.5 pips for being on roll (a roll already drawn counts by how far its
/// pips exceed the mean roll's); a logistic curve whose width grows as the square root of the
/// pips left, as a race's spread does, turns the lead into a chance to win. The 4.5 and the
/// width `0.85 √pips` are fitted to 149 exact races of up to 5 checkers a side (a mean error
/// of 0.16 in `2p - 1`). Plays of one roll move the same pips, so it hardly tells them apart;
/// [`ExpectedRolls`] does. A heuristic: the engine's values with it are estimates, the
/// solvers' are exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PipCount;

impl PipCount {
    /// The estimated chance that the side on roll bears off first.
    #[must_use]
    pub fn chance_to_win(race: &BearoffRace) -> f64 {
        if let Some(chance) = chance_if_over(race) {
            return chance;
        }
        let (mover, other) = (f64::from(race.mover.pips()), f64::from(race.other.pips()));
        let drawn = race
            .roll
            .map_or(0.0, |roll| f64::from(roll.pips()) - MEAN_ROLL_PIPS);
        chance_from_lead(other - mover + 4.5 + drawn, 0.85 * (mover + other).sqrt())
    }
}

impl Evaluator<BearoffRace> for PipCount {
    /// The estimate rounded to the margin's whole points (-1, 0 or 1).
    fn evaluate(&self, race: &BearoffRace) -> i64 {
        self.expected(race).round() as i64
    }

    /// `2p - 1`, p the estimated [`chance_to_win`](Self::chance_to_win).
    fn expected(&self, race: &BearoffRace) -> f64 {
        2.0 * Self::chance_to_win(race) - 1.0
    }
}

/// An estimate of a race from each side's expected rolls to bear off alone (the
/// [`OneSidedDatabase`], as GNU Backgammon's effective pip count uses it): the side on roll
/// leads by the other's expected rolls less its own, and half a roll for being on roll (a
/// roll already drawn counts as one taken); a logistic curve of width `0.2 √rolls` turns the
/// lead into a chance, both fitted to 149 exact races of up to 5 checkers a side (a mean
/// error of 0.04 in `2p - 1`). Sides of more checkers than the database holds are read by
/// [`PipCount`]. A heuristic.
#[derive(Debug, Clone)]
pub struct ExpectedRolls(pub Arc<OneSidedDatabase>);

impl ExpectedRolls {
    /// The estimated chance that the side on roll bears off first.
    #[must_use]
    pub fn chance_to_win(&self, race: &BearoffRace) -> f64 {
        if let Some(chance) = chance_if_over(race) {
            return chance;
        }
        let (Some(mover), Some(other)) = (self.0.rolls(race.mover), self.0.rolls(race.other))
        else {
            return PipCount::chance_to_win(race);
        };
        let rolled = if race.roll.is_some() { 1.0 } else { 0.0 };
        let lead = other - (mover - rolled) + 0.5;
        chance_from_lead(lead, 0.2 * (mover + other).sqrt())
    }
}

impl Evaluator<BearoffRace> for ExpectedRolls {
    /// The estimate rounded to the margin's whole points (-1, 0 or 1).
    fn evaluate(&self, race: &BearoffRace) -> i64 {
        self.expected(race).round() as i64
    }

    /// `2p - 1`, p the estimated [`chance_to_win`](Self::chance_to_win).
    fn expected(&self, race: &BearoffRace) -> f64 {
        2.0 * self.chance_to_win(race) - 1.0
    }
}

/// The exact value of a race where both sides are in the [`TwoSidedDatabase`], else
/// `beyond`'s estimate (as GNU Backgammon reads its two-sided database in a race): before the
/// roll, `2p - 1` from the database's chance p; after it, the best play's value, each play
/// looked up (a play that bears off the last checker wins, 1; another leaves the other side
/// on roll, whose chance p' makes the play worth `1 - 2p'`). Exact where the database holds
/// the race, so the engine plays such races perfectly from its first iteration.
#[derive(Debug, Clone)]
pub struct ExactRaces<E> {
    /// The two-sided database.
    pub races: Arc<TwoSidedDatabase>,
    /// The estimate of the races it does not hold.
    pub beyond: E,
}

impl<E> ExactRaces<E> {
    /// The exact value `2p - 1` of `race` for the side on roll, if the database holds it.
    #[must_use]
    pub fn exact(&self, race: &BearoffRace) -> Option<f64> {
        if let Some(chance) = chance_if_over(race) {
            return Some(2.0 * chance - 1.0);
        }
        let Some(roll) = race.roll else {
            let chance = self.races.chance_to_win(race.mover, race.other)?;
            return Some(2.0 * chance - 1.0);
        };
        let worth = |play: &super::Checkers| {
            if play.is_empty() {
                return Some(1.0);
            }
            let chance = self.races.chance_to_win(race.other, *play)?;
            Some(1.0 - 2.0 * chance)
        };
        // A roll has a play while a checker is left.
        let mut best: Option<f64> = None;
        for play in race.mover.plays(roll) {
            let worth = worth(&play)?;
            best = Some(best.map_or(worth, |best| best.max(worth)));
        }
        best
    }
}

impl<E: Evaluator<BearoffRace>> Evaluator<BearoffRace> for ExactRaces<E> {
    /// The value rounded to the margin's whole points (-1, 0 or 1).
    fn evaluate(&self, race: &BearoffRace) -> i64 {
        self.expected(race).round() as i64
    }

    /// [`exact`](Self::exact) where the database holds the race, else `beyond`'s estimate.
    fn expected(&self, race: &BearoffRace) -> f64 {
        self.exact(race)
            .unwrap_or_else(|| self.beyond.expected(race))
    }
}
