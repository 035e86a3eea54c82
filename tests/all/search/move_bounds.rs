//! `MoveBounds` against the truth: moves of known values, searched with random windows and
//! answered fail-soft with random bounds; whatever the bounds decide is the true value and the
//! true optimal moves, and asking the solver's questions always decides.

use gamesolver::search::MoveBounds;
use proptest::prelude::*;

/// A fail-soft answer for a move worth `value` searched within (`alpha`, `beta`): some bound
/// between the window and the value on the side it falls, `slack` placing it.
fn fail_soft(value: i64, (alpha, beta): (i64, i64), slack: u8) -> i64 {
    let slack = i64::from(slack);
    if value <= alpha {
        (value + slack).min(alpha)
    } else if value >= beta {
        (value - slack).max(beta)
    } else {
        value
    }
}

proptest! {
    #[test]
    fn whatever_is_decided_is_true(
        values in prop::collection::vec(-6i64..6, 1..6),
        searches in prop::collection::vec((0usize..6, -7i64..7, 1i64..4, any::<u8>()), 0..24),
    ) {
        let mut bounds = MoveBounds::new(0..values.len());
        for (mv, alpha, width, slack) in searches {
            let mv = mv % values.len();
            let window = (alpha, alpha + width);
            prop_assert!(bounds.record(mv, window, fail_soft(values[mv], window, slack % 4)));
        }
        let best = *values.iter().max().unwrap();
        if let Some(value) = bounds.value() {
            prop_assert_eq!(value, best);
        }
        if let Some(optimal) = bounds.optimal_moves() {
            let truth: Vec<usize> = (0..values.len()).filter(|&mv| values[mv] == best).collect();
            prop_assert_eq!(optimal, truth);
        }
        for (mv, lower, upper) in bounds.moves() {
            prop_assert!(lower <= values[mv] && values[mv] <= upper);
        }
    }

    #[test]
    fn the_solvers_questions_decide(
        values in prop::collection::vec(-6i64..6, 1..6),
        slacks in prop::collection::vec(0u8..4, 18),
    ) {
        // The first move with an open window, every other with a null window at the best so
        // far, then one above it, then an exact search above a lower bound: as the solver asks.
        let mut bounds = MoveBounds::new(0..values.len());
        let mut slacks = slacks.into_iter().cycle();
        let mut ask = |bounds: &mut MoveBounds<usize>, mv: usize, window: (i64, i64)| {
            let value = fail_soft(values[mv], window, slacks.next().unwrap());
            bounds.record(mv, window, value);
            value
        };
        for mv in 0..values.len() {
            match bounds.best_lower() {
                None => {
                    ask(&mut bounds, mv, (-100, 100));
                }
                Some(best) => {
                    if ask(&mut bounds, mv, (best - 1, best)) >= best {
                        let above = ask(&mut bounds, mv, (best, best + 1));
                        if above > best {
                            ask(&mut bounds, mv, (above - 1, 100));
                        }
                    }
                }
            }
        }
        let best = *values.iter().max().unwrap();
        prop_assert_eq!(bounds.value(), Some(best));
        let truth: Vec<usize> = (0..values.len()).filter(|&mv| values[mv] == best).collect();
        prop_assert_eq!(bounds.optimal_moves(), Some(truth));
    }
}

#[test]
fn an_unknown_move_is_not_recorded() {
    let mut bounds = MoveBounds::new([1, 2]);
    assert!(!bounds.record(3, (0, 1), 5));
    assert_eq!(bounds.interval(3), None);
    assert_eq!(bounds.interval(1), Some((i64::MIN, i64::MAX)));
    assert_eq!(bounds.best_lower(), None);
    assert_eq!(bounds.value(), None);
    // A known value bounds every move from above.
    bounds.record(1, (3, 4), 4);
    bounds.at_most(4);
    assert_eq!(bounds.interval(1), Some((4, 4)));
    assert_eq!(bounds.value(), Some(4));
    assert_eq!(bounds.optimal_moves(), None, "2 may be worth 4 too");
}
