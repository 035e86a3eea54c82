//! The second naive baseline of the Kalah bench, the workaround a user writes when the rules
//! let the mover move again: a whole turn (every chain of sowings that keep the turn, to the
//! sowing that passes it) is one move, so the search alternates. Value only: negamax
//! alpha-beta, a `HashMap` of bounds by key, a turn's ends tried by falling margin.

use gamesolver::games::kalah::Kalah;
use gamesolver::{Game, ScoringGame};
use std::collections::HashMap;

/// A plain alpha-beta solver over whole turns, with a map of bounds.
#[derive(Default)]
pub struct TurnsKalah {
    map: HashMap<u128, (i64, i64)>,
}

/// Every end of the turn that starts at `position`: the position the opponent gets (or the
/// end of the game) and the margin the turn gave, in sowing order.
fn turn_ends(position: &Kalah, margin: i64, out: &mut Vec<(i64, Kalah)>) {
    for mv in position.legal_moves() {
        let gained = margin + position.margin(mv);
        let child = position.after(mv);
        if position.keeps_turn(mv) && !child.is_over() {
            turn_ends(&child, gained, out);
        } else {
            out.push((gained, child));
        }
    }
}

impl TurnsKalah {
    /// The exact value of `position`.
    pub fn value(&mut self, position: &Kalah) -> i64 {
        self.search(position, -200, 200)
    }

    fn search(&mut self, position: &Kalah, mut alpha: i64, mut beta: i64) -> i64 {
        let key = position.key();
        let (lower, upper) = self.map.get(&key).copied().unwrap_or((i64::MIN, i64::MAX));
        if lower >= beta || lower == upper {
            return lower;
        }
        if upper <= alpha {
            return upper;
        }
        alpha = alpha.max(lower);
        beta = beta.min(upper);
        let (low, high) = (alpha, beta);
        let mut ends = Vec::new();
        turn_ends(position, 0, &mut ends);
        ends.sort_by_key(|&(margin, _)| std::cmp::Reverse(margin));
        let mut best = if ends.is_empty() { 0 } else { i64::MIN };
        for (margin, child) in &ends {
            let value = margin - self.search(child, margin - beta, margin - alpha);
            best = best.max(value);
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        let stored = self.map.entry(key).or_insert((lower, upper));
        if best <= low {
            stored.1 = stored.1.min(best);
        } else if best >= high {
            stored.0 = stored.0.max(best);
        } else {
            *stored = (best, best);
        }
        best
    }
}
