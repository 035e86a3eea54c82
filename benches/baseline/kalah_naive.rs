//! The naive baseline of the Kalah bench: what a user writes by hand in fifty lines, value
//! only: negamax alpha-beta over the same rules (`gamesolver::games::kalah`), moves in the
//! game's order, a `HashMap` of bounds by key, the turn kept after a sowing into one's store.

use gamesolver::games::kalah::Kalah;
use gamesolver::{Game, ScoringGame};
use std::collections::HashMap;

/// What the map holds of a position: bounds on its value.
#[derive(Clone, Copy)]
struct Bounds {
    lower: i64,
    upper: i64,
}

/// A plain alpha-beta solver with a map of bounds.
#[derive(Default)]
pub struct NaiveKalah {
    map: HashMap<u128, Bounds>,
}

impl NaiveKalah {
    /// The exact value of `position`.
    pub fn value(&mut self, position: &Kalah) -> i64 {
        let seeds = 200;
        self.search(position, -seeds, seeds)
    }

    fn search(&mut self, position: &Kalah, mut alpha: i64, mut beta: i64) -> i64 {
        let key = position.key();
        let known = self.map.get(&key).copied().unwrap_or(Bounds {
            lower: i64::MIN,
            upper: i64::MAX,
        });
        if known.lower >= beta || known.lower == known.upper {
            return known.lower;
        }
        if known.upper <= alpha {
            return known.upper;
        }
        alpha = alpha.max(known.lower);
        beta = beta.min(known.upper);
        let (low, high) = (alpha, beta);
        let mut best = i64::MIN;
        for mv in position.legal_moves() {
            let (margin, child) = (position.margin(mv), position.after(mv));
            let value = if position.keeps_turn(mv) {
                margin + self.search(&child, alpha - margin, beta - margin)
            } else {
                margin - self.search(&child, margin - beta, margin - alpha)
            };
            best = best.max(value);
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        if best == i64::MIN {
            best = 0;
        }
        let stored = self.map.entry(key).or_insert(known);
        if best <= low {
            stored.upper = stored.upper.min(best);
        } else if best >= high {
            stored.lower = stored.lower.max(best);
        } else {
            *stored = Bounds {
                lower: best,
                upper: best,
            };
        }
        best
    }
}
