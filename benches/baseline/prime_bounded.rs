//! The bounded naive baseline of the PrimeGame solver benches: plain alpha-beta over a u128
//! bitmask with a `HashMap` table, given the crate's proven value bounds (0 <= value <= the
//! best move's margin) and its isolated-number reduction (a board of isolated numbers is worth
//! their alternating sum, largest first), with moves sorted by margin. Nothing else: no
//! fixed-size table, no principal-variation search, no enhanced cut-offs, no dominated moves.

use std::collections::HashMap;

#[derive(Clone, Copy)]
enum Flag {
    Exact,
    Lower,
    Upper,
}

/// Bounded naive exact solver state.
pub struct BoundedSolver {
    divisors: Vec<u128>,
    multiples: Vec<u128>,
    table: HashMap<u128, (i64, Flag)>,
}

impl BoundedSolver {
    /// A solver for boards up to 1..=n (n <= 128).
    pub fn new(n: u32) -> Self {
        // Bit y - 1 for each y in 1..=n standing in `relation` to x (none for x = 0).
        let mask = |x: u32, relation: fn(u32, u32) -> bool| {
            (1..=n)
                .filter(|&y| x > 0 && y != x && relation(x, y))
                .fold(0u128, |mask, y| mask | 1 << (y - 1))
        };
        let divisors = (0..=n)
            .map(|x| mask(x, |x, d| x.is_multiple_of(d)))
            .collect();
        let multiples = (0..=n)
            .map(|x| mask(x, |x, m| m.is_multiple_of(x)))
            .collect();
        Self {
            divisors,
            multiples,
            table: HashMap::new(),
        }
    }

    /// The value of the full board 1..=n for the side to move.
    pub fn solve_full(&mut self, n: u32) -> i64 {
        let board = u128::MAX >> (128 - n);
        self.search(board, -(1 << 40), 1 << 40)
    }

    fn sum(mut bits: u128) -> i64 {
        let mut sum = 0;
        while bits != 0 {
            sum += i64::from(bits.trailing_zeros() + 1);
            bits &= bits - 1;
        }
        sum
    }

    /// The moves of `board` with their margins, in increasing order, and whether every
    /// number on it is isolated (no divisor nor multiple on the board).
    fn moves(&self, board: u128) -> (Vec<(i64, u32)>, bool) {
        let mut moves = Vec::new();
        let mut rest = board;
        let mut all_isolated = true;
        while rest != 0 {
            let x = rest.trailing_zeros() + 1;
            rest &= rest - 1;
            let divisors = self.divisors[x as usize] & board;
            all_isolated &= divisors == 0 && self.multiples[x as usize] & board == 0;
            moves.push((i64::from(x) - Self::sum(divisors), x));
        }
        (moves, all_isolated)
    }

    fn search(&mut self, board: u128, mut alpha: i64, mut beta: i64) -> i64 {
        if board == 0 {
            return 0;
        }
        // Moves with their margins, and the proven bounds they give.
        let (mut moves, all_isolated) = self.moves(board);
        if all_isolated {
            // Largest first, alternately to the mover and the opponent.
            let sign = |i: usize| if i.is_multiple_of(2) { 1 } else { -1 };
            let worths = moves.iter().rev().map(|&(_, x)| i64::from(x));
            return worths.enumerate().map(|(i, x)| sign(i) * x).sum();
        }
        let upper = moves.iter().map(|&(margin, _)| margin).max().unwrap_or(0);
        let upper = upper.max(0);
        if upper <= alpha {
            return upper;
        }
        if beta <= 0 {
            return 0;
        }
        alpha = alpha.max(0);
        beta = beta.min(upper);
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
        moves.sort_by_key(|&(margin, _)| std::cmp::Reverse(margin));
        let mut best = i64::MIN;
        for (margin, x) in moves {
            let child = board & !(self.divisors[x as usize] | 1 << (x - 1));
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
