//! `RaceBounds`: sound bounds on a bearoff race's value from each side's rolls alone, for the
//! exact chance solver ([`Knowledge::expected_bounds`]).

use super::rules::{Checkers, MAX_CHECKERS, Roll, every_side_by_pips};
use super::{BearoffRace, DatabaseError, weighted_dice};
use crate::game::Knowledge;
use std::ops::RangeInclusive;
use std::sync::Arc;

/// Rolls the tables look ahead: no side of at most 15 checkers needs more than 45.
const ROLLS: usize = 46;

/// How far each bound is widened for the rounding of the sums that give it: a table entry is
/// at most 45 steps of 21 products from exact 0s and 1s (an error of at most `45 × 42` units
/// of the last place, 2.1·10⁻¹³), a bound a sum of 45 products of them, doubled (at most
/// 2·10⁻¹¹ in all); five times that. Within `f64`'s `same` (a relative 10⁻⁹), so that the
/// bounds of a race decided whatever the dice end its search at once.
const ROUNDING: f64 = 1e-10;

/// Sound bounds on a bearoff race's value (the proof is below), from two tables of each side of
/// up to a number of checkers: the chance it bears off in exactly `k` rolls playing for the
/// fewest expected rolls, and the most chance any play gives it to be off within `k`. Given to
/// [`ChanceSolver::with_knowledge`](crate::chance::ChanceSolver::with_knowledge), they narrow
/// every node's window: a race of six checkers a side solves with 170 times fewer nodes
/// (BENCHMARKS.md, "Games with chance"). Races with a side of more checkers than the tables get
/// no bounds. Cheap to clone (the tables are shared).
///
/// # Why they hold
///
/// Take the side on roll, A, against B, before A's roll, and let `T` be the rolls a side needs
/// to bear off. A rolls first, so A wins if and only if `T_A ≤ T_B`.
///
/// - A lower bound. Let A play, whatever B does, the play of fewest expected rolls (a policy
///   that looks at A's checkers alone): its `T_A` is distributed as `D_a(k)` (the `exactly`
///   table, by the recursion `D(s, k) = Σ_r w_r D(play(s, r), k - 1) / 36`). B's dice are
///   independent of A's, so whatever B plays, even knowing A's rolls, the chance that B is off
///   within `j` rolls is at most `G_b(j)`, the most any way of playing gives (the `within`
///   table, `G(s, j) = Σ_r w_r max_play G(play, j - 1) / 36`). So this policy wins with
///   chance at least `Σ_k D_a(k) (1 - G_b(k - 1))`, and A's best play at least as often.
/// - An upper bound. B wins if and only if `T_B < T_A`, B's `k`-th roll coming after A's
///   `k`-th; the same argument with the sides swapped gives B a chance of at least
///   `Σ_k D_b(k) (1 - G_a(k))`, and A at most one minus that.
///
/// The value is `2p - 1`. After A's roll (a player's node) the value is the largest worth of
/// A's plays: 1 for the play that bears off A's last checker, else minus the value of B on roll
/// against A's checkers after the play; its bounds are the largest of the plays' lower bounds
/// and the largest of their upper bounds. The tables look 46 rolls ahead: a term left out is at
/// least 0 in both sums, so a shorter horizon would only loosen the bounds, and this one leaves
/// none out (a side of 15 checkers has at most 90 pips and each die of a roll takes at least
/// one). Each bound is widened by 10⁻¹⁰, five times the rounding of its sums, so that it holds
/// exactly. The tests check them against every race's value by the definition. In `f64`, a
/// node whose bounds are within `same` of each other (a race decided whatever the dice)
/// takes its lower bound as its value: the values are then within 10⁻⁹ of those found without
/// the bounds; in exact rationals they are the same.
///
/// # Examples
///
/// ```
/// use gamesolver::chance::ChanceSolver;
/// use gamesolver::games::bearoff::{BearoffRace, Checkers, RaceBounds};
///
/// let race = BearoffRace::new(Checkers::new([1, 0, 1, 0, 1, 0])?, Checkers::new([0, 1, 0, 1, 0, 1])?);
/// let plain: f64 = ChanceSolver::new().value(&race)?;
/// let bounded: f64 = ChanceSolver::new().with_knowledge(RaceBounds::build(3)?).value(&race)?;
/// assert!((plain - bounded).abs() < 1e-9); // within f64's `same`
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct RaceBounds {
    tables: Arc<Tables>,
}

/// Each side's rolls, by its place in [`every_side`](super::every_side) ([`Checkers::rank`]).
#[derive(Debug)]
struct Tables {
    /// The chance to bear off in exactly `k` rolls, playing for the fewest expected rolls.
    exactly: Vec<[f64; ROLLS]>,
    /// The most chance any way of playing gives to be off within `k` rolls.
    within: Vec<[f64; ROLLS]>,
}

impl RaceBounds {
    /// The tables of every side of up to `checkers` checkers: two rows of 46 rolls, 736 bytes
    /// a side (40 MB for the 54,264 sides of up to 15 checkers, built in 1.3 s).
    ///
    /// # Errors
    ///
    /// [`DatabaseError::TooManyCheckers`] above [`MAX_CHECKERS`].
    pub fn build(checkers: u8) -> Result<Self, DatabaseError> {
        DatabaseError::refuse_past(checkers, MAX_CHECKERS)?;
        let (sides, order) = every_side_by_pips(checkers);
        let mut expected = vec![0.0; sides.len()];
        let mut exactly = vec![[0.0; ROLLS]; sides.len()];
        // The side with no checkers is off within any number of rolls.
        let mut within = vec![[1.0; ROLLS]; sides.len()];
        for i in order {
            if sides[i].is_empty() {
                exactly[i][0] = 1.0;
                continue;
            }
            (expected[i], exactly[i], within[i]) =
                side_tables(sides[i], &expected, (&exactly, &within));
        }
        let tables = Tables { exactly, within };
        Ok(Self {
            tables: Arc::new(tables),
        })
    }

    /// The bounds on `2p - 1`, p the chance that `on_roll` bears off first against `other`,
    /// before the roll; `None` if a side is not in the tables.
    fn before_roll(&self, on_roll: Checkers, other: Checkers) -> Option<(f64, f64)> {
        let tables = &self.tables;
        let (a, b) = (on_roll.rank(), other.rank());
        let (exactly_a, within_a) = (tables.exactly.get(a)?, tables.within.get(a)?);
        let (exactly_b, within_b) = (tables.exactly.get(b)?, tables.within.get(b)?);
        let (mut wins, mut loses) = (0.0, 0.0);
        for k in 1..ROLLS {
            wins += exactly_a[k] * (1.0 - within_b[k - 1]);
            loses += exactly_b[k] * (1.0 - within_a[k]);
        }
        let lower = (2.0 * wins - 1.0 - ROUNDING).max(-1.0);
        let upper = (1.0 - 2.0 * loses + ROUNDING).min(1.0);
        Some((lower, upper))
    }

    /// The bounds after `mover`'s `roll`: the largest of its plays' bounds.
    fn after_roll(&self, mover: Checkers, other: Checkers, roll: Roll) -> Option<(f64, f64)> {
        let mut bounds = (f64::NEG_INFINITY, f64::NEG_INFINITY);
        for play in mover.plays(roll) {
            let (lower, upper) = if play.is_empty() {
                (1.0, 1.0)
            } else {
                let (lower, upper) = self.before_roll(other, play)?;
                (-upper, -lower)
            };
            bounds = (bounds.0.max(lower), bounds.1.max(upper));
        }
        bounds.0.is_finite().then_some(bounds)
    }
}

/// A side's expected rolls playing for the fewest, and its rows of the tables, from those of
/// the sides its plays reach.
fn side_tables(
    side: Checkers,
    expected: &[f64],
    (exactly, within): (&[[f64; ROLLS]], &[[f64; ROLLS]]),
) -> (f64, [f64; ROLLS], [f64; ROLLS]) {
    let (mut mean, mut exact, mut most) = (0.0, [0.0; ROLLS], [0.0; ROLLS]);
    for (roll, weight) in weighted_dice() {
        let share = f64::from(weight) / 36.0;
        let plays: Vec<usize> = side.plays(roll).iter().map(|play| play.rank()).collect();
        let best = plays
            .iter()
            .copied()
            .min_by(|&x, &y| expected[x].total_cmp(&expected[y]))
            .unwrap_or_else(|| unreachable!("every die plays in a bearoff"));
        mean += share * (1.0 + expected[best]);
        for k in 1..ROLLS {
            exact[k] += share * exactly[best][k - 1];
            let reach = plays.iter().map(|&play| within[play][k - 1]);
            most[k] += share * reach.fold(0.0, f64::max);
        }
    }
    (mean, exact, most)
}

impl Knowledge<BearoffRace> for RaceBounds {
    /// **Sound**: [`RaceBounds`]' docs prove them; `check::chance_knowledge` finds none outside
    /// on the tests' races.
    fn expected_bounds(&self, race: &BearoffRace) -> Option<RangeInclusive<f64>> {
        if race.over() {
            return None;
        }
        let (lower, upper) = match race.roll {
            None => self.before_roll(race.mover, race.other)?,
            Some(roll) => self.after_roll(race.mover, race.other, roll)?,
        };
        Some(lower..=upper)
    }
}
