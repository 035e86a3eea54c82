//! A mover who moves again: Dots and Boxes (the example's rules,
//! `examples/dots_and_boxes/game.rs`), where a line that completes a box keeps the turn, solved
//! by the crate's solver (one and two threads) and by a plain negamax written here on random
//! positions; and the published value of 3 x 3 boxes.

#[allow(dead_code)]
#[path = "../examples/dots_and_boxes/game.rs"]
mod game;

use game::DotsAndBoxes;
use gamesolver::{Game, Record, ScoringGame, SearchConfig, Solver};
use std::collections::HashMap;

/// The value by the definition, memoized by the lines drawn.
fn plain_value(position: &DotsAndBoxes, memo: &mut HashMap<u64, i64>) -> i64 {
    if let Some(&value) = memo.get(&position.key()) {
        return value;
    }
    let mut best = None;
    for line in position.legal_moves() {
        let next = plain_value(&position.after(line), memo);
        let boxes = position.completed_by(line) as i64;
        // Completing a box: the same side draws again.
        let value = if boxes > 0 { boxes + next } else { -next };
        best = Some(best.map_or(value, |b: i64| b.max(value)));
    }
    let value = best.unwrap_or(0);
    memo.insert(position.key(), value);
    value
}

#[test]
fn values_and_best_moves_match_a_plain_negamax_on_random_positions() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut checked = 0;
    for (width, height) in [(1, 3), (2, 2), (3, 2)] {
        let mut memo = HashMap::new();
        for threads in [1, 2] {
            let config = SearchConfig::default()
                .with_threads(threads)
                .with_table_bytes(1 << 20);
            let mut solver = Solver::with_config(config);
            for _ in 0..4 {
                let mut position = DotsAndBoxes::new(width, height).unwrap();
                while !position.is_over() {
                    let solution = solver.solve(&position).unwrap();
                    assert_eq!(
                        solution.value,
                        plain_value(&position, &mut memo),
                        "\n{position}"
                    );
                    let best: Vec<u8> = position
                        .legal_moves()
                        .into_iter()
                        .filter(|&line| {
                            let next = plain_value(&position.after(line), &mut memo);
                            position.move_value(line, next) == solution.value
                        })
                        .collect();
                    assert_eq!(solution.best_moves, best, "\n{position}");
                    let mut record = Record::new(position.clone());
                    for &line in &solution.principal_variation {
                        record.play(line).unwrap();
                    }
                    assert_eq!(record.margin(), solution.value, "\n{position}");
                    checked += 1;
                    let moves = position.legal_moves();
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    position.play_unchecked(moves[(seed % moves.len() as u64) as usize]);
                }
            }
        }
    }
    assert!(checked > 100, "{checked} positions");
}

/// 3 x 3 boxes (4 x 4 dots): the second player wins by 3, as David Wilson's table of solved
/// Dots-and-Boxes boards gives it.
#[test]
fn three_by_three_boxes_is_a_loss_by_three() {
    let start = DotsAndBoxes::new(3, 3).unwrap();
    assert_eq!(Solver::new().value(&start), Ok(-3));
}
