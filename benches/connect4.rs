//! Connect 4 ([`gamesolver::games::connect4`]): the exact score of every position
//! of a reference set, from an empty table, with Pons' hints (`threats`), with only the bounds
//! any player sees (`stones_left`), and with the rules alone (`rules`: no knowledge, no
//! null-window narrowing); beside them the naive baseline, the negamax a user writes by hand
//! with the same hints (`by_hand`, `baseline/connect4_by_hand.rs`). Criterion's throughput is
//! the nodes searched, which are also printed per set beside Pascal Pons' solver's (from the
//! set's file).
//!
//! `cargo bench --bench connect4`

mod baseline;

use baseline::connect4_by_hand::ByHandConnect4;
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use gamesolver::games::connect4::{Connect4, StonesLeft, Threats};
use gamesolver::{Knowledge, NoKnowledge, SearchConfig, Solver};

/// The naive baseline's table: 16 MiB, as the example's tables were before they were sized
/// by measurement.
const NAIVE_TABLE_BYTES: usize = 16 << 20;

/// The positions of a set and Pons' node count for all of them.
fn set(name: &str) -> (Vec<Connect4>, u64) {
    let path = format!(
        "{}/tests/data/connect4/{name}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("the reference set");
    let mut reference = 0;
    let positions = text
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            reference += fields[2].parse::<u64>().unwrap_or(0);
            Connect4::from_moves(fields[0]).expect("a legal position")
        })
        .collect();
    (positions, reference)
}

/// Solves every position from an empty table; the nodes searched.
fn solve_all<K: Knowledge<Connect4>>(solver: &mut Solver<Connect4, K>, set: &[Connect4]) -> u64 {
    let before = solver.nodes();
    for position in set {
        solver.clear();
        solver.value(position).expect("a short game");
    }
    solver.nodes() - before
}

/// A solver with a table of `table_bytes`, made now, narrowing the root by null windows or not.
fn solver<K: Knowledge<Connect4>>(
    knowledge: K,
    table_bytes: usize,
    narrow: bool,
) -> Solver<Connect4, K> {
    let config = SearchConfig::default().with_table_bytes(table_bytes);
    let mut solver = Solver::with_config(config)
        .with_null_window_range(narrow.then_some(64))
        .with_knowledge(knowledge);
    solver.prepare();
    solver
}

fn bench_set<K: Knowledge<Connect4>>(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    (label, name): (&str, &str),
    mut solver: Solver<Connect4, K>,
    (positions, reference): &(Vec<Connect4>, u64),
) {
    let nodes = solve_all(&mut solver, positions);
    eprintln!(
        "{name} {label}: {nodes} nodes for {} positions (Pons: {reference})",
        positions.len()
    );
    group.throughput(Throughput::Elements(nodes));
    group.bench_with_input(BenchmarkId::new(label, name), positions, |b, positions| {
        b.iter(|| solve_all(&mut solver, positions));
    });
}

/// The hand-written baseline on every position of the set; the nodes it searched.
fn by_hand_all(solver: &mut ByHandConnect4, set: &[Connect4]) -> u64 {
    let before = solver.nodes();
    for position in set {
        solver.value(position);
    }
    solver.nodes() - before
}

/// The hand-written baseline on the set, its scores first checked against the solver's.
fn bench_by_hand(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    (positions, reference): &(Vec<Connect4>, u64),
) {
    let mut solver = ByHandConnect4::default();
    // The same scores as the crate's solver (which the tests hold to the set's).
    let mut check = self::solver(Threats, Threats::TABLE_BYTES, true);
    for position in positions {
        assert_eq!(Ok(solver.value(position)), check.value(position));
    }
    let nodes = by_hand_all(&mut solver, positions);
    eprintln!(
        "{name} by_hand: {nodes} nodes for {} positions (Pons: {reference})",
        positions.len()
    );
    group.throughput(Throughput::Elements(nodes));
    group.bench_with_input(
        BenchmarkId::new("by_hand", name),
        positions,
        |b, positions| {
            b.iter(|| by_hand_all(&mut solver, positions));
        },
    );
}

fn sets(c: &mut Criterion) {
    let mut group = c.benchmark_group("connect4");
    group.sample_size(10);
    for name in ["L3_R1", "L2_R1", "L1_R1", "L2_R2"] {
        let positions = set(name);
        bench_set(
            &mut group,
            ("threats", name),
            solver(Threats, Threats::TABLE_BYTES, true),
            &positions,
        );
        bench_by_hand(&mut group, name, &positions);
        bench_set(
            &mut group,
            ("stones_left", name),
            solver(StonesLeft, StonesLeft::TABLE_BYTES, true),
            &positions,
        );
        if name.starts_with("L3") {
            bench_set(
                &mut group,
                ("rules", name),
                solver(NoKnowledge, NAIVE_TABLE_BYTES, false),
                &positions,
            );
        }
    }
    group.finish();
}

criterion_group!(benches, sets);
criterion_main!(benches);
