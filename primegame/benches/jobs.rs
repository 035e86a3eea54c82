//! The solve split into jobs, run in process: plan, every round's jobs in batches (each batch
//! one solver, as one `primegame job` process), merge; beside the direct solve of the same
//! board (the baseline the split must pay back across machines). Before timing, the bench
//! checks both give the same value and optimal first moves.
//!
//! `cargo bench -p primegame --bench jobs`

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gamesolver::games::prime;
use gamesolver::games::prime::WidePrimeGame;
use gamesolver::jobs::{Merged, pending_jobs};
use primegame::jobs::{JobOptions, merge, plan, run_jobs};
use std::path::Path;

fn pending(dir: &Path) -> Vec<std::path::PathBuf> {
    pending_jobs(dir).expect("the plan's directory")
}

/// The split solve of 1..=n, principal line split `split` moves deep, `batch` jobs a solver.
fn split_solve(n: u32, split: usize, batch: usize) -> (i64, Vec<u32>) {
    let dir = std::env::temp_dir().join(format!("gamesolver-bench-jobs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    plan(n, &dir, split).expect("a plan");
    let answer = loop {
        for files in pending(&dir).chunks(batch) {
            let options = JobOptions {
                threads: 1,
                ..JobOptions::default()
            };
            run_jobs(files, options).expect("the jobs run");
        }
        if let Merged::Solved { value, best, .. } = merge(&dir).expect("a merge").1 {
            break (value, best.expect("every optimal move"));
        }
    };
    std::fs::remove_dir_all(&dir).expect("removed");
    answer
}

fn direct(n: u32) -> (i64, Vec<u32>) {
    let game = WidePrimeGame::new(n).expect("a board");
    let solution = prime::solver().solve(&game).expect("solved");
    let mut best = solution.best_moves;
    best.sort_unstable();
    (solution.value, best)
}

fn jobs(c: &mut Criterion) {
    let mut group = c.benchmark_group("jobs");
    group.sample_size(10);
    for n in [60, 90] {
        assert_eq!(split_solve(n, 2, 8), direct(n), "n = {n}");
        group.bench_with_input(BenchmarkId::new("direct", n), &n, |b, &n| {
            b.iter(|| direct(n))
        });
        for (split, batch) in [(1, 8), (2, 8), (2, 1)] {
            let id = format!("split{split}-batch{batch}");
            group.bench_with_input(BenchmarkId::new(id, n), &n, |b, &n| {
                b.iter(|| split_solve(n, split, batch));
            });
        }
    }
    group.finish();
}

criterion_group!(benches, jobs);
criterion_main!(benches);
