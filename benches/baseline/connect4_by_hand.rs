//! The naive baseline of the Connect 4 bench: the negamax a user writes by hand with the
//! crate's `Connect4` and Pons' hints (`Threats`), as Pons' tutorial builds his: alpha-beta
//! over the hints' moves, a table of one slot a key's hash (each result replaces what was
//! there), the root's value by null-window tests that halve the hints' bounds.

use gamesolver::games::connect4::{Connect4, Threats};
use gamesolver::{Game, Knowledge, ScoringGame};

/// Slots of the table: 2^16 of 16 bytes, 1 MiB (the crate's `Threats::TABLE_BYTES`).
const SLOTS: usize = 1 << 16;

/// A stored result: the key and the bounds it proved.
#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    lower: i8,
    upper: i8,
}

/// A hand-written solver: its table, its nodes and a move list a ply.
pub struct ByHandConnect4 {
    table: Vec<Slot>,
    nodes: u64,
    moves: Vec<Vec<u8>>,
}

impl Default for ByHandConnect4 {
    fn default() -> Self {
        Self {
            table: vec![Slot::default(); SLOTS],
            nodes: 0,
            moves: Vec::new(),
        }
    }
}

/// Narrows (`alpha`, `beta`) by bounds on the value; the value that decides the node, if any.
fn narrow(alpha: &mut i64, beta: &mut i64, lower: i64, upper: i64) -> Option<i64> {
    if lower == upper {
        return Some(lower);
    }
    *alpha = (*alpha).max(lower);
    *beta = (*beta).min(upper);
    (*alpha >= *beta).then_some(*alpha)
}

impl ByHandConnect4 {
    /// The nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The exact score of `position` from an empty table.
    pub fn value(&mut self, position: &Connect4) -> i64 {
        self.table.fill(Slot::default());
        let bounds = Threats
            .facts(position)
            .bounds
            .expect("the hints bound every position");
        let (mut lower, mut upper) = (*bounds.start(), *bounds.end());
        while lower < upper {
            // Halving, nearer 0 first, as Pons' solver does.
            let mut mid = lower + (upper - lower) / 2;
            if mid <= 0 && lower / 2 < mid {
                mid = lower / 2;
            } else if mid >= 0 && upper / 2 > mid {
                mid = upper / 2;
            }
            let result = self.negamax(position, mid, mid + 1, 0);
            if result <= mid {
                upper = result;
            } else {
                lower = result;
            }
        }
        lower
    }

    fn negamax(&mut self, position: &Connect4, mut alpha: i64, mut beta: i64, ply: usize) -> i64 {
        self.nodes += 1;
        if let Some(bounds) = Threats.facts(position).bounds
            && let Some(value) = narrow(&mut alpha, &mut beta, *bounds.start(), *bounds.end())
        {
            return value;
        }
        let key = position.key();
        let slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 48) as usize % SLOTS;
        let stored = self.table[slot];
        if stored.key == key
            && let Some(value) = narrow(
                &mut alpha,
                &mut beta,
                i64::from(stored.lower),
                i64::from(stored.upper),
            )
        {
            return value;
        }
        if self.moves.len() <= ply {
            self.moves.push(Vec::new());
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        moves.clear();
        Threats.search_moves(position, i64::MIN, &mut moves);
        let first_alpha = alpha;
        let mut best = i64::MIN;
        for &mv in &moves {
            let value =
                position.margin(mv) - self.negamax(&position.after(mv), -beta, -alpha, ply + 1);
            best = best.max(value);
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        self.moves[ply] = moves;
        // Scores lie within ±21: the bounds fit a byte.
        let (lower, upper) = if best <= first_alpha {
            (-100, best)
        } else if best >= beta {
            (best, 100)
        } else {
            (best, best)
        };
        self.table[slot] = Slot {
            key,
            lower: lower as i8,
            upper: upper as i8,
        };
        best
    }
}
