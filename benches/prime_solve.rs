//! Exact PrimeGame solving, value of the full board 1..=n, one thread:
//! - `prime_solve/value`: the crate's `Solver` against a naive alpha-beta baseline (a `HashMap`
//!   table over a 128-bit mask, no ordering, no reductions, no bounds);
//! - `prime_solve/bounded`: the same at contest-like sizes against the bounded naive baseline,
//!   which has the crate's proven value bounds and isolated-number reduction, moves sorted by
//!   margin, and nothing else;
//! - `prime_solve/solution`: the full solution (value, every optimal move, a line).
//!
//! `cargo bench --bench prime_solve`. The n = 36 pair of `value` (the baseline takes minutes
//! per run) is measured only with `GAMESOLVER_SLOW_BENCH=1`.

mod baseline;

use baseline::prime_bounded::BoundedSolver;
use baseline::prime_naive::NaiveSolver;
use criterion::measurement::WallTime;
use criterion::{
    BatchSize, BenchmarkGroup, BenchmarkId, Criterion, criterion_group, criterion_main,
};
use gamesolver::Solver;
use gamesolver::games::prime::SmallPrimeGame;
use std::hint::black_box;
use std::time::Duration;

const TABLE_BYTES: usize = 1 << 26;

fn sizes() -> Vec<u32> {
    let mut sizes = vec![24, 28, 32];
    if std::env::var_os("GAMESOLVER_SLOW_BENCH").is_some() {
        sizes.push(36);
    }
    sizes
}

/// Times `run` on the board 1..=n with a new solver each time (its empty table made outside
/// the timing), so no result carries over between samples.
fn bench_fresh_solver<R>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    n: u32,
    run: impl Fn(
        &mut Solver<SmallPrimeGame, gamesolver::games::prime::PrimeKnowledge>,
        &SmallPrimeGame,
    ) -> R,
) {
    let game = SmallPrimeGame::new(n).unwrap();
    group.bench_with_input(BenchmarkId::new("solver", n), &game, |b, game| {
        b.iter_batched_ref(
            || {
                let mut solver = gamesolver::games::prime::solver()
                    .with_table_bytes(TABLE_BYTES)
                    .with_threads(1);
                solver.prepare();
                solver
            },
            |solver| run(solver, black_box(game)),
            BatchSize::PerIteration,
        );
    });
}

fn value(c: &mut Criterion) {
    let mut group = c.benchmark_group("prime_solve/value");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    for n in sizes() {
        bench_fresh_solver(&mut group, n, |solver, game| solver.value(game).unwrap());
        group.bench_with_input(BenchmarkId::new("naive", n), &n, |b, &n| {
            b.iter(|| NaiveSolver::new(n).solve_full(black_box(n)));
        });
    }
    group.finish();
}

fn bounded(c: &mut Criterion) {
    let mut group = c.benchmark_group("prime_solve/bounded");
    group.sample_size(10);
    for n in [100, 120, 128] {
        bench_fresh_solver(&mut group, n, |solver, game| solver.value(game).unwrap());
        group.bench_with_input(BenchmarkId::new("bounded_naive", n), &n, |b, &n| {
            b.iter(|| BoundedSolver::new(n).solve_full(black_box(n)));
        });
    }
    group.finish();
}

fn full_solution(c: &mut Criterion) {
    let mut group = c.benchmark_group("prime_solve/solution");
    group.sample_size(10);
    // No baseline here: the naive solver needs minutes from n = 36 on.
    for n in [36, 50, 100, 128] {
        bench_fresh_solver(&mut group, n, |solver, game| solver.solve(game).unwrap());
    }
    group.finish();
}

fn check_agreement(_: &mut Criterion) {
    // The two sides must compute the same thing, or the ratio means nothing.
    for n in [12, 20, 24] {
        let ours = gamesolver::games::prime::solver()
            .value(&SmallPrimeGame::new(n).unwrap())
            .unwrap();
        assert_eq!(ours, NaiveSolver::new(n).solve_full(n), "n = {n}");
        assert_eq!(ours, BoundedSolver::new(n).solve_full(n), "n = {n}");
    }
}

criterion_group!(benches, check_agreement, value, bounded, full_solution);
criterion_main!(benches);
