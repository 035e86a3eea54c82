//! Differential tests: the solver against plain negamax on PrimeGame positions.

use crate::common::plain_prime::{plain_solution, take};
use gamesolver::CheckedPlay;
use gamesolver::games::prime::{PrimeGame, SmallPrimeGame, WidePrimeGame};
use gamesolver::{Game, Solver};
use proptest::prelude::*;
use std::collections::HashSet;

/// Every position reachable from the full board 1..=n.
fn reachable(n: u32) -> Vec<SmallPrimeGame> {
    let start = SmallPrimeGame::new(n).unwrap();
    let mut seen = HashSet::from([start]);
    let mut stack = vec![start];
    while let Some(position) = stack.pop() {
        for mv in position.legal_moves() {
            let child = position.after(mv);
            if seen.insert(child) {
                stack.push(child);
            }
        }
    }
    let mut positions: Vec<_> = seen.into_iter().collect();
    positions.sort_by_key(|p| p.mask());
    positions
}

/// The number of positions reachable from 1..=n, counted with the oracle's own rules.
fn oracle_reachable_count(n: u32) -> usize {
    let start: Vec<u32> = (1..=n).collect();
    let mut seen = HashSet::from([start.clone()]);
    let mut stack = vec![start];
    while let Some(board) = stack.pop() {
        for &x in &board {
            let (_, _, rest) = take(&board, x);
            if seen.insert(rest.clone()) {
                stack.push(rest);
            }
        }
    }
    seen.len()
}

#[test]
fn solver_matches_plain_negamax_on_every_reachable_position_up_to_12() {
    for n in 1..=12 {
        let mut small_solver = gamesolver::games::prime::solver()
            .with_table_bytes(1 << 22)
            .with_threads(1);
        let mut threaded: Vec<Solver<SmallPrimeGame, gamesolver::games::prime::PrimeKnowledge>> =
            [2, 4]
                .map(|threads| {
                    gamesolver::games::prime::solver()
                        .with_table_bytes(1 << 22)
                        .with_threads(threads)
                })
                .into();
        let mut big_solver = gamesolver::games::prime::solver().with_table_bytes(1 << 22);
        let mut wide_solver = gamesolver::games::prime::solver().with_table_bytes(1 << 22);
        let positions = reachable(n);
        assert_eq!(positions.len(), oracle_reachable_count(n), "n = {n}");
        for position in positions {
            let numbers: Vec<u32> = position.numbers().collect();
            let (value, best) = plain_solution(&numbers);
            let small = small_solver.solve(&position).unwrap();
            assert_eq!(
                (small.value, &small.best_moves),
                (value, &best),
                "{position}"
            );
            for solver in &mut threaded {
                let parallel = solver.solve(&position).unwrap();
                assert_eq!(
                    parallel.value,
                    value,
                    "{position}, {} threads",
                    solver.threads()
                );
                assert_eq!(parallel.best_moves, best, "{position}");
                assert_eq!(parallel.principal_variation, small.principal_variation);
            }
            let big = big_solver.solve(&PrimeGame::from(position)).unwrap();
            assert_eq!((big.value, &big.best_moves), (value, &best), "{position}");
            let wide = WidePrimeGame::try_from(&PrimeGame::from(position)).unwrap();
            let wide = wide_solver.solve(&wide).unwrap();
            assert_eq!((wide.value, &wide.best_moves), (value, &best), "{position}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn solver_matches_plain_negamax_on_random_positions(
        n in 1u32..=18,
        picks in proptest::collection::vec(any::<bool>(), 18),
        cap in 0usize..=13,
    ) {
        // At most `cap` numbers, so that plain negamax stays quick.
        let numbers: Vec<u32> = (1..=n)
            .filter(|&x| picks[x as usize - 1])
            .take(cap)
            .collect();
        let (value, best) = plain_solution(&numbers);
        let board = || numbers.iter().map(|&x| u64::from(x));
        let small = gamesolver::games::prime::solver().with_table_bytes(1 << 16).with_threads(1).solve(&SmallPrimeGame::from_numbers(n, board()).unwrap()).unwrap();
        prop_assert_eq!(small.value, value);
        prop_assert_eq!(&small.best_moves, &best);
        let big = gamesolver::games::prime::solver().with_table_bytes(1 << 16).solve(&PrimeGame::from_numbers(n, board()).unwrap()).unwrap();
        prop_assert_eq!(big.value, value);
        prop_assert_eq!(&big.best_moves, &best);
        let wide = gamesolver::games::prime::solver().with_table_bytes(1 << 16).solve(&WidePrimeGame::from_numbers(n, board()).unwrap()).unwrap();
        prop_assert_eq!(wide.value, value);
        prop_assert_eq!(&wide.best_moves, &best);
        for threads in [2, 4] {
            let position = SmallPrimeGame::from_numbers(n, board()).unwrap();
            let parallel = gamesolver::games::prime::solver().with_table_bytes(1 << 16).with_threads(threads).solve(&position).unwrap();
            prop_assert_eq!(parallel.value, value);
            prop_assert_eq!(&parallel.best_moves, &best);
            prop_assert_eq!(&parallel.principal_variation, &small.principal_variation);
        }
        // The principal variation is a legal line that scores the value.
        let mut position = SmallPrimeGame::from_numbers(n, board()).unwrap();
        let mut margin = 0i64;
        let mut sign = 1;
        for &mv in &small.principal_variation {
            margin += sign * gamesolver::ScoringGame::margin(&position, mv);
            position.play(mv).unwrap();
            sign = -sign;
        }
        prop_assert!(position.is_over());
        prop_assert_eq!(margin, value);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Positions anywhere in 1..=256, so that both halves of the wide mask and the relations
    /// across them are exercised: numbers are drawn as divisor chains, at most 10 (mostly
    /// unrelated numbers make plain negamax try every order).
    #[test]
    fn wide_board_matches_plain_negamax_across_its_range(
        n in 129u32..=256,
        seeds in proptest::collection::vec(1u32..=256, 1..=6),
        factors in proptest::collection::vec(2u32..=7, 1..=6),
    ) {
        let mut numbers: Vec<u32> = Vec::new();
        for (&seed, &factor) in seeds.iter().zip(factors.iter().cycle()) {
            let x = seed.min(n);
            for y in [x, x / factor, x.saturating_mul(factor)] {
                if (1..=n).contains(&y) && !numbers.contains(&y) && numbers.len() < 10 {
                    numbers.push(y);
                }
            }
        }
        numbers.sort_unstable();
        let (value, best) = plain_solution(&numbers);
        let position = WidePrimeGame::from_numbers(n, numbers.iter().map(|&x| u64::from(x))).unwrap();
        let solution = gamesolver::games::prime::solver().with_table_bytes(1 << 16).solve(&position).unwrap();
        prop_assert_eq!(solution.value, value);
        prop_assert_eq!(&solution.best_moves, &best);
        prop_assert_eq!(PrimeGame::from(position), PrimeGame::from_numbers(n, numbers.iter().map(|&x| u64::from(x))).unwrap());
    }
}

/// Larger boards, where the threads do divide the work: the same value, optimal moves and line
/// with 1, 2 and 4 threads, on the full board and on positions along its optimal line.
#[test]
fn thread_counts_agree_on_larger_boards() {
    for n in [40, 60, 75] {
        let mut position = WidePrimeGame::new(n).unwrap();
        let one = gamesolver::games::prime::solver()
            .with_threads(1)
            .solve(&position)
            .unwrap();
        for threads in [2, 4] {
            let parallel = gamesolver::games::prime::solver()
                .with_threads(threads)
                .solve(&position)
                .unwrap();
            assert_eq!(
                (
                    parallel.value,
                    &parallel.best_moves,
                    &parallel.principal_variation
                ),
                (one.value, &one.best_moves, &one.principal_variation),
                "n = {n}, {threads} threads"
            );
        }
        // A position a few moves in, solved by a fresh solver on each thread count.
        for &mv in &one.principal_variation[..6] {
            position.play(mv).unwrap();
        }
        let values: Vec<i64> = [1, 2, 4]
            .map(|threads| {
                gamesolver::games::prime::solver()
                    .with_threads(threads)
                    .value(&position)
                    .unwrap()
            })
            .into();
        assert!(
            values.iter().all(|&v| v == values[0]),
            "n = {n}: {values:?}"
        );
    }
}
