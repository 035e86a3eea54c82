//! Positions and the engine case shared by the benches that search PrimeGame.

use criterion::measurement::WallTime;
use criterion::{BatchSize, BenchmarkGroup, BenchmarkId};
use gamesolver::Budget;
use gamesolver::games::prime::PrimeGame;
use std::hint::black_box;

/// The start of 1..=n, and the position after `plies` greedy moves, with their names.
pub fn start_and_middle(n: u32, plies: usize) -> [(&'static str, PrimeGame); 2] {
    let start = PrimeGame::new(n).unwrap();
    let mut middle = start.clone();
    for _ in 0..plies {
        let x = middle.greedy_move().unwrap();
        gamesolver::Game::play_unchecked(&mut middle, x);
    }
    [("start", start), ("middle", middle)]
}

/// Benchmarks the crate's engine searching `position` to `depth` with a fresh table.
pub fn bench_engine(
    group: &mut BenchmarkGroup<'_, WallTime>,
    id: &str,
    position: &PrimeGame,
    depth: u16,
) {
    group.bench_with_input(BenchmarkId::new("engine", id), position, |b, position| {
        b.iter_batched_ref(
            || gamesolver::games::prime::engine(32 << 20),
            |engine| engine.search(black_box(position), Budget::default().with_depth(depth)),
            BatchSize::PerIteration,
        );
    });
}
