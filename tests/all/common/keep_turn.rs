//! The check of the tests of games where a mover may move again: the solver (one and two
//! threads) against a plain negamax written here, on given positions: the value, every
//! optimal move, and the line, played out in a `Record`; and the game's
//! `margin_and_turn` against its `margin` and `keeps_turn`.

use gamesolver::{CheckedPlay, Knowledge, Record, ScoringGame, SearchConfig, Solver};
use std::collections::HashMap;
use std::fmt::Display;

/// The value by the definition: the best, over the moves, of the move's margin plus the next
/// position's value if the mover moves again, minus it if not; memoized by key.
pub fn plain_value<G: ScoringGame>(position: &G, memo: &mut HashMap<G::Key, i64>) -> i64 {
    if let Some(&value) = memo.get(&position.key()) {
        return value;
    }
    let value = position
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let next = plain_value(&position.after(mv), memo);
            if position.keeps_turn(mv) {
                position.margin(mv) + next
            } else {
                position.margin(mv) - next
            }
        })
        .max()
        .unwrap_or(0);
    memo.insert(position.key(), value);
    value
}

/// Solves each position on one and two threads and checks the value, the optimal moves and
/// the line against [`plain_value`]; returns how many solves were checked.
pub fn check_solver<G: ScoringGame + CheckedPlay + Display>(positions: &[G]) -> usize {
    check_solver_as(positions, |solver| solver)
}

/// [`check_solver`] of the solver `tune` makes of a default one (its knowledge, its settings).
pub fn check_solver_as<G, K>(positions: &[G], tune: impl Fn(Solver<G>) -> Solver<G, K>) -> usize
where
    G: ScoringGame + CheckedPlay + Display,
    K: Knowledge<G>,
{
    let mut memo = HashMap::new();
    let mut checked = 0;
    // The game's one-pass answer is the two methods' (the searches use the first).
    for position in positions {
        for mv in position.legal_moves() {
            let apart = (position.margin(mv), position.keeps_turn(mv));
            assert_eq!(position.margin_and_turn(mv), apart, "\n{position}");
        }
    }
    for threads in [1, 2] {
        let config = SearchConfig::default()
            .with_threads(threads)
            .with_table_bytes(1 << 20);
        let mut solver = tune(Solver::with_config(config));
        for position in positions {
            let solution = solver.solve(position).unwrap();
            let value = plain_value(position, &mut memo);
            assert_eq!(solution.value, value, "\n{position}");
            let best: Vec<G::Move> = (position.legal_moves().into_iter())
                .filter(|&mv| {
                    let next = plain_value(&position.after(mv), &mut memo);
                    position.move_value(mv, next) == value
                })
                .collect();
            assert_eq!(solution.best_moves, best, "\n{position}");
            // The line plays the value out: each move's points for whoever moved.
            let mut record = Record::new(position.clone());
            for &mv in &solution.principal_variation {
                record.play(mv).unwrap();
            }
            assert!(record.is_over());
            assert_eq!(record.margin(), value, "\n{position}");
            checked += 1;
        }
    }
    checked
}
