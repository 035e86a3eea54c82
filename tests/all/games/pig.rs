//! Pig and Piglet, whose positions repeat, by the solver of strongly connected components:
//! the published chance of the first player in Pig to 100, and values a hand can check.

use gamesolver::chance::CyclicSolver;
use gamesolver::games::pig::{HOLD, Pig, ROLL};

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
