//! Pig and Piglet, whose positions repeat, by the solver of strongly connected components:
//! the published chance of the first player in Pig to 100, and values a hand can check; the
//! same by tiers of banked scores (`ByBanked`), position by position against the solve by
//! keys and the exact values.

use gamesolver::chance::CyclicSolver;
use gamesolver::check::{self, Checks};
use gamesolver::games::pig::{ByBanked, HOLD, Pig, ROLL};
use gamesolver::{Retrograde, Tiers};

fn first_player(start: Pig) -> f64 {
    let solution = CyclicSolver::new().solve(&start).unwrap();
    assert!(solution.residual() <= 1e-12, "{}", solution.residual());
    Pig::chance_to_win(solution.value(&start).unwrap())
}

/// Neller and Presser (2004): with the goal 100 the first player wins with probability
/// 0.530592725 under optimal play.
#[test]
fn pig_to_100_is_the_published_figure() {
    let p = first_player(Pig::new(100).unwrap());
    assert!((p - 0.530_592_725).abs() < 5e-10, "{p}");
}

/// By hand: to 1 with a coin, heads wins at once and tails hands over the same game, so
/// p = 1/2 + (1 - p)/2, p = 2/3; to 2 with a die, any roll but a 1 wins: p = 5/6 + (1 - p)/6,
/// p = 6/7.
#[test]
fn small_goals_match_the_hand_equations() {
    assert!((first_player(Pig::piglet(1).unwrap()) - 2.0 / 3.0).abs() < 1e-11);
    assert!((first_player(Pig::new(2).unwrap()) - 6.0 / 7.0).abs() < 1e-11);
}

/// The policy: with a turn total that wins, hold; at the start, roll; and the values of a
/// position and of its mirror image (the other side to move) add up as chances must.
#[test]
fn the_policy_holds_a_win_and_rolls_at_the_start() {
    let start = Pig::new(100).unwrap();
    let solution = CyclicSolver::new().solve(&start).unwrap();
    assert_eq!(solution.best_move(&start), Some(ROLL));
    let winning = start.at(90, 50, 10);
    assert_eq!(solution.best_move(&winning), Some(HOLD));
    assert_eq!(solution.value(&winning), Some(1.0));
    // Behind 0 to 99 with nothing this turn: the other side wins unless this one gets there.
    let behind = solution.value(&start.at(0, 99, 0)).unwrap();
    assert!(Pig::chance_to_win(behind) < 0.25, "{behind}");
    assert_eq!(solution.len(), 980_595);
}

/// Piglet and small Pig exactly, as fractions: the hand equations' values, and every
/// position's value satisfies the game's equations exactly (its best move's worth is its
/// value and no move is worth more; a roll's value is the mean of its faces'), which, play
/// ending with certainty, only the game's values do.
#[test]
fn small_games_are_solved_exactly_as_fractions() {
    use gamesolver::Game;
    use gamesolver::chance::{BigRational, Expectation};
    let fraction = |a: i64, b: i64| BigRational::from_int(a) / BigRational::from_int(b);
    // p = 2/3 and 6/7: values 2p - 1 = 1/3 and 5/7.
    let piglet = Pig::piglet(1).unwrap();
    let exact = CyclicSolver::new().solve_exact(&piglet).unwrap();
    assert_eq!(exact.value(&piglet), Some(&fraction(1, 3)));
    let pig = Pig::new(2).unwrap();
    let exact = CyclicSolver::new().solve_exact(&pig).unwrap();
    assert_eq!(exact.value(&pig), Some(&fraction(5, 7)));
    for start in [Pig::piglet(10).unwrap(), Pig::new(10).unwrap()] {
        let exact = CyclicSolver::new().solve_exact(&start).unwrap();
        let approximate = CyclicSolver::new().solve(&start).unwrap();
        let mut checked = 0;
        for mover in 0..10 {
            for other in 0..10 {
                for turn in 0..10 - mover {
                    for position in [
                        start.at(mover, other, turn),
                        start.at(mover, other, turn).after(ROLL),
                    ] {
                        let Some(value) = exact.value(&position) else {
                            continue;
                        };
                        let float = approximate.value(&position).unwrap();
                        assert_equation(&position, value, |after| {
                            exact.value(after).unwrap().clone()
                        });
                        let as_float = float_of(value);
                        assert!(
                            (as_float - float).abs() < 1e-9,
                            "{position:?}: {as_float} against {float}"
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 50, "{checked}");
    }
}

/// Asserts that `value` is `position`'s value by the game's equation, given the values of
/// the positions after it (`value_of`): the mean of the rolls' worths at a roll, the best
/// move's worth at a choice.
fn assert_equation(
    position: &Pig,
    value: &gamesolver::chance::BigRational,
    value_of: impl Fn(&Pig) -> gamesolver::chance::BigRational,
) {
    use gamesolver::chance::{BigRational, Expectation};
    use gamesolver::{ChanceGame, Game, ScoringGame};
    let worth = |mv| {
        let (margin, keeps) = position.margin_and_turn(mv);
        let child = value_of(&position.after(mv));
        let margin = BigRational::from_int(margin);
        if keeps {
            margin + child
        } else {
            margin - child
        }
    };
    if position.is_chance() {
        let mut drawn = Vec::new();
        position.chance_moves(&mut drawn);
        let total = BigRational::from_int(drawn.len() as i64);
        let mean = drawn
            .iter()
            .fold(BigRational::from_int(0), |sum, &(mv, _)| sum + worth(mv))
            / total;
        assert_eq!(&mean, value, "{position:?}");
    } else {
        let best = position.legal_moves().into_iter().map(worth).max().unwrap();
        assert_eq!(&best, value, "{position:?}");
    }
}

/// A fraction as floating point, for comparison.
fn float_of(value: &gamesolver::chance::BigRational) -> f64 {
    let (numerator, denominator) = (value.numer().to_string(), value.denom().to_string());
    numerator.parse::<f64>().unwrap() / denominator.parse::<f64>().unwrap()
}

/// The numbering by banked scores against the rules: every index of Pig to 12 and Piglet to
/// 9 a position placed where it stands, its children and chance children the rules', each
/// in its own tier or one `tiers_after` names.
#[test]
fn the_numbering_by_banked_scores_is_the_rules() {
    for start in [Pig::new(12).unwrap(), Pig::piglet(9).unwrap()] {
        let tiers = ByBanked::new(start);
        assert_eq!(check::chance_tiers(&tiers, &Checks::default()), Ok(()));
        // Every position play gives is numbered: all indices, none past them.
        let indices: u64 = (0..tiers.tier_count()).map(|t| tiers.tier_len(t)).sum();
        let goal = u64::from(start.goal());
        assert_eq!(indices, (goal + 1) * (goal + 1) * (goal + 2));
    }
    let tiers = ByBanked::new(Pig::new(100).unwrap());
    // Stepping past a tier's end gives nothing more.
    let mut stepped = 0;
    tiers.for_each_position(100, 10_000..20_000, |_, _| stepped += 1);
    assert_eq!(stepped, tiers.tier_len(100) - 10_000);
    let left_out = tiers.place(&Pig::new(50).unwrap());
    assert_eq!(left_out.tier, tiers.tier_count());
    let past_goal = tiers.place(&Pig::new(100).unwrap().at(60, 0, 70));
    assert_eq!(past_goal.tier, tiers.tier_count());
}

/// Pig to 100 by tiers, on two threads: the published figure, and every position the start
/// reaches worth what the solve by keys gives it (each to its tolerance); the policy read
/// from the table rolls at the start and holds a win.
#[test]
fn pig_to_100_by_tiers_is_the_solve_by_keys() {
    let start = Pig::new(100).unwrap();
    let tiers = ByBanked::new(start);
    let table = Retrograde::new()
        .with_threads(2)
        .solve_expected(&tiers, |_| true)
        .unwrap();
    assert!(table.residual() <= 1e-12, "{}", table.residual());
    let p = Pig::chance_to_win(table.value(&tiers, &start).unwrap());
    assert!((p - 0.530_592_725).abs() < 5e-10, "{p}");
    let by_keys = CyclicSolver::new().solve(&start).unwrap();
    let mut compared = 0;
    for tier in 0..tiers.tier_count() {
        for (index, value) in table.iter_tier(tier) {
            let position = tiers.position_at(tier, index).unwrap();
            if let Some(truth) = by_keys.value(&position) {
                assert!(
                    (value - truth).abs() < 1e-9,
                    "{position:?}: {value} {truth}"
                );
                compared += 1;
            }
        }
    }
    assert_eq!(compared, by_keys.len());
    let best = |position: &Pig| {
        let worths = table.move_worths(&tiers, position).unwrap();
        let top = worths.iter().map(|w| w.1).fold(f64::NEG_INFINITY, f64::max);
        worths.into_iter().find(|w| w.1 == top).map(|w| w.0)
    };
    assert_eq!(best(&start), Some(ROLL));
    assert_eq!(best(&start.at(90, 50, 10)), Some(HOLD));
}

/// Pig to 200, whose tiers are large enough to be built and settled on two threads: the very
/// values of one thread, bit for bit (each component settled from the same values, in the
/// same order).
#[test]
fn threads_give_the_values_of_one_thread() {
    let tiers = ByBanked::new(Pig::new(200).unwrap());
    let solve = |threads| {
        let mut solver = Retrograde::new().with_threads(threads);
        solver
            .solve_expected(&tiers, |tier| tier % 50 == 0)
            .unwrap()
    };
    let (one, two) = (solve(1), solve(2));
    assert!(tiers.tier_len(200) > 1 << 15, "{}", tiers.tier_len(200));
    assert!(one == two);
    assert_eq!(one.iter_tier(200).count() as u64, tiers.tier_len(200));
}

/// Piglet and Pig to 10 by tiers on one thread against their exact values, every position.
#[test]
fn small_games_by_tiers_are_the_exact_values() {
    for start in [Pig::piglet(10).unwrap(), Pig::new(10).unwrap()] {
        let tiers = ByBanked::new(start);
        let table = Retrograde::new()
            .with_threads(1)
            .solve_expected(&tiers, |_| true)
            .unwrap();
        let exact = CyclicSolver::new().solve_exact(&start).unwrap();
        let mut compared = 0;
        for tier in 0..tiers.tier_count() {
            for (index, value) in table.iter_tier(tier) {
                let position = tiers.position_at(tier, index).unwrap();
                if let Some(truth) = exact.value(&position) {
                    let truth = float_of(truth);
                    assert!(
                        (value - truth).abs() < 1e-10,
                        "{position:?}: {value} {truth}"
                    );
                    compared += 1;
                }
            }
        }
        assert_eq!(compared, CyclicSolver::new().solve(&start).unwrap().len());
    }
}
