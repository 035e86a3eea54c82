//! The independent oracle of the tests: PrimeGame rules written again from scratch (a list of
//! numbers, divisors by trial division) and the plain negamax recurrence, no pruning.

/// The points a move gives: (mover, opponent), and the board after it.
pub fn take(board: &[u32], x: u32) -> (i64, i64, Vec<u32>) {
    let divisors: Vec<u32> = board
        .iter()
        .copied()
        .filter(|&d| d < x && x.is_multiple_of(d))
        .collect();
    let rest = board
        .iter()
        .copied()
        .filter(|&y| y != x && !divisors.contains(&y))
        .collect();
    (
        i64::from(x),
        divisors.iter().map(|&d| i64::from(d)).sum(),
        rest,
    )
}

/// Plain negamax: the best future margin for the side to move, no pruning and no table.
pub fn plain_negamax(board: &[u32]) -> i64 {
    board
        .iter()
        .map(|&x| {
            let (mover, opponent, rest) = take(board, x);
            mover - opponent - plain_negamax(&rest)
        })
        .max()
        .unwrap_or(0)
}

/// The value and every optimal move, by plain negamax.
pub fn plain_solution(board: &[u32]) -> (i64, Vec<u32>) {
    let scored: Vec<(u32, i64)> = board
        .iter()
        .map(|&x| {
            let (mover, opponent, rest) = take(board, x);
            (x, mover - opponent - plain_negamax(&rest))
        })
        .collect();
    let value = scored.iter().map(|&(_, v)| v).max().unwrap_or(0);
    let best = scored
        .iter()
        .filter(|&&(_, v)| v == value)
        .map(|&(x, _)| x)
        .collect();
    (value, best)
}
