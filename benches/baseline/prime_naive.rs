//! The naive baseline of the PrimeGame benches: alpha-beta with a `HashMap` transposition table
//! over a u128 bitmask position, no move ordering, no reductions.

use std::collections::HashMap;

#[derive(Clone, Copy)]
enum Flag {
    Exact,
    Lower,
    Upper,
}

/// Naive exact solver state.
pub struct NaiveSolver {
    divisors: Vec<u128>,
    table: HashMap<u128, (i64, Flag)>,
}

impl NaiveSolver {
    /// A solver for boards up to 1..=n (n <= 128).
    pub fn new(n: u32) -> Self {
        let divisors = (0..=n)
            .map(|x| {
                (1..x)
                    .filter(|&d| x.is_multiple_of(d))
                    .fold(0u128, |mask, d| mask | 1 << (d - 1))
            })
            .collect();
        Self {
            divisors,
            table: HashMap::new(),
        }
    }

    /// The value of the full board for the side to move.
    pub fn solve_full(&mut self, n: u32) -> i64 {
        let board = u128::MAX >> (128 - n);
        self.search(board, -(1 << 40), 1 << 40)
    }

    fn search(&mut self, board: u128, mut alpha: i64, mut beta: i64) -> i64 {
        if board == 0 {
            return 0;
        }
        let alpha_in = alpha;
        if let Some(&(value, flag)) = self.table.get(&board) {
            match flag {
                Flag::Exact => return value,
                Flag::Lower => alpha = alpha.max(value),
                Flag::Upper => beta = beta.min(value),
            }
            if alpha >= beta {
                return value;
            }
        }
        let mut best = -(1 << 41);
        let mut rest = board;
        while rest != 0 {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            let x = i + 1;
            let taken = self.divisors[x as usize] & board;
            let mut given = 0i64;
            let mut bits = taken;
            while bits != 0 {
                given += i64::from(bits.trailing_zeros() + 1);
                bits &= bits - 1;
            }
            let margin = i64::from(x) - given;
            let child = board & !(taken | 1 << i);
            let value = margin - self.search(child, margin - beta, margin - alpha);
            best = best.max(value);
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        let flag = if best <= alpha_in {
            Flag::Upper
        } else if best >= beta {
            Flag::Lower
        } else {
            Flag::Exact
        };
        self.table.insert(board, (best, flag));
        best
    }
}
