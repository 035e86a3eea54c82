//! A one-sided bearoff database as a user writes it by hand: every side in order of its pips
//! (a play only lowers them), each side's expected rolls the mean over the 21 rolls of one
//! roll plus the fewest expected rolls of its plays, in a `HashMap`.

use gamesolver::games::bearoff::{Checkers, Roll, every_side};
use std::collections::HashMap;

/// The expected rolls of every side of at most `checkers` checkers.
pub fn expected_rolls(checkers: u8) -> HashMap<Checkers, f64> {
    let mut sides = every_side(checkers);
    sides.sort_by_key(|side| side.pips());
    let mut rolls = HashMap::with_capacity(sides.len());
    for side in sides {
        if side.is_empty() {
            rolls.insert(side, 0.0);
            continue;
        }
        let mut sum = 0.0;
        for a in 1..=6 {
            for b in a..=6 {
                let roll = Roll::new(a, b).expect("dice");
                let best = side
                    .plays(roll)
                    .iter()
                    .map(|play| rolls[play])
                    .fold(f64::INFINITY, f64::min);
                sum += if a == b { 1.0 } else { 2.0 } * (1.0 + best);
            }
        }
        rolls.insert(side, sum / 36.0);
    }
    rolls
}
