//! The engine on PrimeGame: time to a fixed depth from the start and from a middle-game
//! position at n = 200, 1000 and 10000, against plain alpha-beta (no table, no ordering) at the
//! same depth; and a whole greedy game at n = 10^6 against a greedy player that scans the board
//! for every move (here at n = 10^4: the scan is quadratic).
//!
//! `engine/large`: the engine on large boards (n = 200, 10^4, 10^5, 10^6, start and a middle
//! game) to a fixed depth, against the search as it was before make/unmake (copy-make, every
//! move listed and sorted at each node, an evaluation that scans the board) on the same
//! positions and with PrimeGame's engine settings (`tune_engine`), as the crate's engine has
//! them, with nodes per second as criterion's throughput.
//!
//! `cargo bench --bench engine`

mod baseline;
mod common;

use baseline::prime_copy_make::{CopyMake, CopyMakeKnowledge, ScanEvaluator};
use baseline::prime_plain_ab::PlainAlphaBeta;
use common::positions::{bench_engine, start_and_middle};
use criterion::{BatchSize, BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use gamesolver::games::prime::{PrimeGame, tune_engine};
use gamesolver::{Budget, Engine, Game, ScoringGame};
use std::hint::black_box;

/// The board size, the depth searched, and how many plies of greedy play lead to the
/// middle-game position.
const CASES: [(u32, u16, usize); 3] = [(200, 3, 40), (1000, 2, 200), (10_000, 1, 2000)];

fn fixed_depth(c: &mut Criterion) {
    let mut group = c.benchmark_group("engine/fixed_depth");
    group.sample_size(10);
    for (n, depth, plies) in CASES {
        for (phase, position) in start_and_middle(n, plies) {
            let id = format!("n{n}-d{depth}-{phase}");
            bench_engine(&mut group, &id, &position, depth);
            group.bench_with_input(BenchmarkId::new("plain", &id), &position, |b, position| {
                b.iter(|| {
                    PlainAlphaBeta::new().search(
                        black_box(position),
                        u32::from(depth),
                        -(1 << 50),
                        1 << 50,
                    )
                });
            });
        }
    }
    group.finish();
}

/// Greedy by scanning every number for the largest gain, as a simple bot would.
fn greedy_by_scan(position: &PrimeGame) -> Option<u32> {
    position.numbers().max_by_key(|&x| (position.margin(x), x))
}

fn greedy_game(c: &mut Criterion) {
    let mut group = c.benchmark_group("engine/greedy_game");
    group.sample_size(10);
    for n in [10_000, 1_000_000] {
        group.bench_with_input(BenchmarkId::new("max_tree", n), &n, |b, &n| {
            b.iter(|| {
                let mut position = PrimeGame::new(n).unwrap();
                while let Some(x) = position.greedy_move() {
                    position.play_unchecked(x);
                }
                position
            });
        });
    }
    group.bench_with_input(BenchmarkId::new("scan", 10_000), &10_000u32, |b, &n| {
        b.iter(|| {
            let mut position = PrimeGame::new(n).unwrap();
            while let Some(x) = greedy_by_scan(&position) {
                position.play_unchecked(x);
            }
            position
        });
    });
    group.finish();
}

fn nodes_per_second(_: &mut Criterion) {
    // Printed, not timed by criterion: nodes per second of the engine at each size.
    for (n, depth, plies) in CASES {
        let [_, (_, position)] = start_and_middle(n, plies);
        let mut engine = gamesolver::games::prime::engine(32 << 20);
        let result = engine
            .search(&position, Budget::default().with_depth(depth))
            .unwrap();
        let mut plain = PlainAlphaBeta::new();
        let start = std::time::Instant::now();
        plain.search(&position, u32::from(depth), -(1 << 50), 1 << 50);
        let plain_time = start.elapsed();
        println!(
            "engine/nodes n={n} depth={depth} middle: engine {} nodes in {:?} ({:.0} nodes/s); plain {} nodes in {:?} ({:.0} nodes/s)",
            result.nodes,
            result.elapsed,
            result.nodes as f64 / result.elapsed.as_secs_f64(),
            plain.nodes,
            plain_time,
            plain.nodes as f64 / plain_time.as_secs_f64(),
        );
    }
}

/// Board size, plies of greedy play to the middle game, and the depth of the baseline for
/// `engine/large` (the engine runs at it and at depth 5; the baseline needs seconds a
/// node's children at n = 10^6).
const LARGE: [(u32, usize, u16); 4] = [
    (200, 40, 5),
    (10_000, 2_000, 3),
    (100_000, 20_000, 2),
    (1_000_000, 200_000, 1),
];

fn large(c: &mut Criterion) {
    let mut group = c.benchmark_group("engine/large");
    group.sample_size(10);
    for (n, plies, baseline_depth) in LARGE {
        for (phase, position) in start_and_middle(n, plies) {
            let mut depths = vec![baseline_depth, 5];
            depths.dedup();
            for depth in depths {
                let id = format!("n{n}-d{depth}-{phase}");
                let budget = Budget::default().with_depth(depth);
                let engine = || gamesolver::games::prime::engine(32 << 20);
                // The search once, untimed, for its node count: throughput is nodes a second.
                let nodes = engine().search(&position, budget).unwrap().nodes;
                group.throughput(Throughput::Elements(nodes));
                group.bench_with_input(
                    BenchmarkId::new("engine", &id),
                    &position,
                    |b, position| {
                        b.iter_batched_ref(
                            || (engine(), position.clone()),
                            |(engine, position)| {
                                engine.search_in_place(black_box(position), budget)
                            },
                            BatchSize::PerIteration,
                        );
                    },
                );
                if depth != baseline_depth {
                    continue;
                }
                // PrimeGame's engine settings, as the crate's engine has them: the same
                // forward pruning of large boards, so that the two search the same tree.
                let baseline = || {
                    tune_engine(
                        Engine::new(ScanEvaluator)
                            .with_table_bytes(32 << 20)
                            .with_knowledge(CopyMakeKnowledge),
                    )
                };
                let copy = CopyMake::new(&position);
                let nodes = baseline().search(&copy, budget).unwrap().nodes;
                group.throughput(Throughput::Elements(nodes));
                group.bench_with_input(BenchmarkId::new("copy_make", &id), &copy, |b, copy| {
                    b.iter_batched_ref(
                        baseline,
                        |engine| engine.search(black_box(copy), budget),
                        BatchSize::PerIteration,
                    );
                });
            }
        }
    }
    group.finish();
}

criterion_group!(benches, nodes_per_second, fixed_depth, greedy_game, large);
criterion_main!(benches);
