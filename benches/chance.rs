//! Games with chance: backgammon bearoff ([`gamesolver::games::bearoff`]) by the chance
//! search with Star1 (`star1`), with chance pruning off (`no_chance_pruning`: every chance move
//! searched whole, the table kept), and by plain expectiminimax (`expectiminimax`: no pruning,
//! no table, OpenSpiel's way); the one-sided database of up to 8 checkers, solved as the
//! example solves it, beside a dynamic programme written by hand (`baseline/bearoff_dp.rs`);
//! Pig to 100, whose positions repeat, by the strongly connected components
//! (`CyclicSolver`) beside value iteration over the whole game by hand
//! (`baseline/pig_by_hand.rs`).
//!
//! `cargo bench --bench chance`

mod baseline;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gamesolver::chance::{ChanceSolver, CyclicSolver, expectiminimax};
use gamesolver::games::bearoff::{Bearoff, BearoffRace, Checkers, every_side};
use gamesolver::games::pig::Pig;

fn side(counts: [u8; 6]) -> Checkers {
    Checkers::new(counts).expect("at most 15 checkers")
}

fn races(c: &mut Criterion) {
    let mut group = c.benchmark_group("bearoff_race");
    group.sample_size(10);
    let positions = [
        (
            "2v2",
            side([0, 0, 1, 0, 1, 0]),
            side([0, 1, 0, 0, 0, 1]),
            true,
        ),
        (
            "4v4",
            side([0, 1, 1, 1, 0, 1]),
            side([1, 0, 1, 1, 1, 0]),
            false,
        ),
        (
            "6v6",
            side([1, 1, 1, 1, 1, 1]),
            side([0, 1, 2, 1, 1, 1]),
            false,
        ),
    ];
    for (name, on_roll, other, small) in positions {
        let race = BearoffRace::new(on_roll, other);
        let value: f64 = ChanceSolver::new().value(&race).expect("no cycle");
        let plain: f64 = ChanceSolver::new()
            .with_chance_pruning(false)
            .value(&race)
            .expect("no cycle");
        assert!(
            (value - plain).abs() < 1e-9,
            "{name}: {value} against {plain}"
        );
        group.bench_with_input(BenchmarkId::new("star1", name), &race, |b, race| {
            b.iter(|| ChanceSolver::<_, f64>::new().value(race));
        });
        group.bench_with_input(
            BenchmarkId::new("no_chance_pruning", name),
            &race,
            |b, race| {
                b.iter(|| {
                    ChanceSolver::<_, f64>::new()
                        .with_chance_pruning(false)
                        .value(race)
                });
            },
        );
        if small {
            let defined: f64 = expectiminimax(&race).expect("no cycle");
            assert!(
                (value - defined).abs() < 1e-9,
                "{name}: {value} against {defined}"
            );
            group.bench_with_input(
                BenchmarkId::new("expectiminimax", name),
                &race,
                |b, race| {
                    b.iter(|| expectiminimax::<_, f64>(race));
                },
            );
        }
    }
    group.finish();
}

fn one_sided(c: &mut Criterion) {
    let mut group = c.benchmark_group("bearoff_one");
    group.sample_size(10);
    let checkers = 8;
    let by_hand = baseline::bearoff_dp::expected_rolls(checkers);
    let mut solver = ChanceSolver::<Bearoff, f64>::new();
    for side in every_side(checkers) {
        let value = solver.value(&Bearoff::new(side)).expect("no cycle");
        assert!((value + by_hand[&side]).abs() < 1e-9, "{side:?}");
    }
    // As the example solves a database: the fewest pips first, so that each search finds the
    // positions it leads to in the table, and no entry for a position after a roll.
    let mut by_pips = every_side(checkers);
    by_pips.sort_by_key(|side| side.pips());
    group.bench_function(BenchmarkId::new("chance_solver", checkers), |b| {
        b.iter(|| {
            let mut solver = ChanceSolver::<Bearoff, f64>::new().with_entries_after_chance(false);
            for &side in &by_pips {
                let _ = solver.value(&Bearoff::new(side));
            }
        });
    });
    group.bench_function(BenchmarkId::new("dp_by_hand", checkers), |b| {
        b.iter(|| baseline::bearoff_dp::expected_rolls(checkers));
    });
    group.finish();
}

fn pig(c: &mut Criterion) {
    let mut group = c.benchmark_group("pig");
    group.sample_size(10);
    let start = Pig::new(100).expect("a goal");
    let solution = CyclicSolver::new().solve(&start).expect("it converges");
    let p = Pig::chance_to_win(solution.value(&start).expect("the start"));
    let (by_hand, _) = baseline::pig_by_hand::first_player(100, 1e-12);
    assert!(
        (p - by_hand).abs() < 1e-10 && (p - 0.530_592_725).abs() < 5e-10,
        "{p} {by_hand}"
    );
    group.bench_function(BenchmarkId::new("cyclic_solver", 100), |b| {
        b.iter(|| CyclicSolver::new().solve(&start));
    });
    group.bench_function(BenchmarkId::new("value_iteration_by_hand", 100), |b| {
        b.iter(|| baseline::pig_by_hand::first_player(100, 1e-12));
    });
    group.finish();
}

criterion_group!(benches, races, one_sided, pig);
criterion_main!(benches);
