//! Games with chance: backgammon bearoff ([`gamesolver::games::bearoff`]) solved by the chance
//! search with Star1 (`star1`; and with no table entry right after a roll,
//! `star1_no_entries_after_chance`), Star2 (`star2`), chance pruning off (`no_chance_pruning`:
//! every chance move searched whole, the table kept), each again with the players' moves ordered by
//! the expected rolls (`_ordered`), Star1 with the race's bounds (`star1_race_bounds`), and by
//! plain expectiminimax (`expectiminimax`: no pruning, no table, OpenSpiel's way); bearoff races
//! searched to a depth by the engine with the expected-rolls evaluator (`race_to_depth`), each way
//! again and Star2 on two threads (`star2_two_threads`), beside the depth-limited expectiminimax;
//! the one-sided database of up to 8 checkers, by the chance search a side at a time
//! (`chance_solver`) and by tiers of pips (`tiers`: `ByPips`, one thread, as
//! `OneSidedDatabase::build` solves it), beside a dynamic programme written by hand
//! (`baseline/bearoff_dp.rs`); Pig to 100, whose positions repeat, by the
//! strongly connected components, explored by keys (`CyclicSolver`) or numbered in tiers by the
//! scores banked (`tiers`: `ByBanked`, one thread), beside value iteration over the whole game by
//! hand (`baseline/pig_by_hand.rs`); solitaire Yahtzee's last four turns (every card of nine boxes
//! filled or more) by the retrograde solve in tiers (`ByTurns`), one thread, beside the dynamic
//! programme a turn at a time by hand (`games::yahtzee::expected_scores`).
//!
//! `cargo bench --bench chance`

mod baseline;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gamesolver::Budget;
use gamesolver::chance::{
    ChanceEngine, ChancePruning, ChanceSolver, CyclicSolver, expectiminimax,
    expectiminimax_to_depth,
};
use gamesolver::games::bearoff::{
    Bearoff, BearoffRace, ByPips, Checkers, ExpectedRolls, OneSidedDatabase, RaceBounds, every_side,
};
use gamesolver::games::pig::{ByBanked, Pig};
use gamesolver::games::yahtzee::{ByTurns, Card, Joker, expected_scores};
use gamesolver::{Evaluator, Knowledge, Retrograde, Tiers};
use std::sync::Arc;

fn side(counts: [u8; 6]) -> Checkers {
    Checkers::new(counts).expect("at most 15 checkers")
}

fn races(c: &mut Criterion) {
    let mut group = c.benchmark_group("bearoff_race");
    group.sample_size(10);
    let database = Arc::new(OneSidedDatabase::build(6).expect("it solves"));
    let bounds = RaceBounds::build(6).expect("at most 15 checkers");
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
        let value = race_unordered(&mut group, (name, &race), &bounds);
        race_ordered(&mut group, (name, &race), &database, value);
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

type Group<'a> = criterion::BenchmarkGroup<'a, criterion::measurement::WallTime>;

/// The exact solves of `race` in the game's move order: Star1 (with the race bounds and
/// without), Star2 and no chance pruning, each checked against Star1's value, which it returns.
fn race_unordered(
    group: &mut Group<'_>,
    (name, race): (&str, &BearoffRace),
    bounds: &RaceBounds,
) -> f64 {
    let value: f64 = ChanceSolver::new().value(race).expect("no cycle");
    let plain: f64 = ChanceSolver::new()
        .with_chance_pruning(ChancePruning::Off)
        .value(race)
        .expect("no cycle");
    assert!(
        (value - plain).abs() < 1e-9,
        "{name}: {value} against {plain}"
    );
    group.bench_with_input(BenchmarkId::new("star1", name), race, |b, race| {
        b.iter(|| ChanceSolver::<_, f64>::new().value(race));
    });
    // A position after a roll is reached from its roll alone: no entry for it.
    checked_bench(
        group,
        ("star1_no_entries_after_chance", name),
        (race, value),
        || ChanceSolver::new().with_entries_after_chance(false),
    );
    // The bounds' tables built once, as a user keeps them.
    checked_bench(group, ("star1_race_bounds", name), (race, value), || {
        ChanceSolver::new().with_knowledge(bounds.clone())
    });
    for (way, pruning) in [
        ("star2", ChancePruning::Star2),
        ("no_chance_pruning", ChancePruning::Off),
    ] {
        group.bench_with_input(BenchmarkId::new(way, name), race, |b, race| {
            b.iter(|| {
                ChanceSolver::<_, f64>::new()
                    .with_chance_pruning(pruning)
                    .value(race)
            });
        });
    }
    value
}

/// Benches the exact solve of `race` by a solver `solver` makes, as `way`, once it is checked
/// to find `value`.
fn checked_bench<E: Evaluator<BearoffRace>, K: Knowledge<BearoffRace>>(
    group: &mut Group<'_>,
    (way, name): (&str, &str),
    (race, value): (&BearoffRace, f64),
    solver: impl Fn() -> ChanceSolver<BearoffRace, f64, E, K>,
) {
    let found = solver().value(race).expect("no cycle");
    assert!(
        (value - found).abs() < 1e-9,
        "{way}/{name}: {found} against {value}"
    );
    group.bench_with_input(BenchmarkId::new(way, name), race, |b, race| {
        b.iter(|| solver().value(race));
    });
}

/// The exact solves of `race` with the moves ordered by the expected rolls, each way of
/// pruning, checked against `value`; their nodes printed.
fn race_ordered(
    group: &mut Group<'_>,
    (name, race): (&str, &BearoffRace),
    database: &Arc<OneSidedDatabase>,
    value: f64,
) {
    for (way, pruning) in [
        ("star2_ordered", ChancePruning::Star2),
        ("star1_ordered", ChancePruning::Star1),
        ("no_chance_pruning_ordered", ChancePruning::Off),
    ] {
        let ordered = || {
            ChanceSolver::<_, f64>::new()
                .with_chance_pruning(pruning)
                .with_move_ordering(ExpectedRolls(database.clone()))
        };
        let mut solver = ordered();
        let found = solver.value(race).expect("no cycle");
        assert!(
            (found - value).abs() < 1e-9,
            "{name}: {found} against {value}"
        );
        println!("bearoff_race/{way}/{name}: {} nodes", solver.nodes());
        group.bench_with_input(BenchmarkId::new(way, name), race, |b, race| {
            b.iter(|| ordered().value(race));
        });
    }
}

/// Races searched to a depth (players' moves) by the engine, a fresh table each time.
fn races_to_depth(c: &mut Criterion) {
    let mut group = c.benchmark_group("race_to_depth");
    group.sample_size(10);
    let database = Arc::new(OneSidedDatabase::build(15).expect("it solves"));
    let evaluator = ExpectedRolls(database);
    let positions = [
        (
            "10v10_depth3",
            side([2, 2, 2, 2, 1, 1]),
            side([1, 2, 2, 2, 2, 1]),
            3,
        ),
        (
            "15v15_depth2",
            side([3, 3, 3, 2, 2, 2]),
            side([2, 2, 3, 3, 3, 2]),
            2,
        ),
    ];
    for (name, on_roll, other, depth) in positions {
        let race = BearoffRace::new(on_roll, other);
        let budget = Budget::default().with_depth(depth);
        let ways = [
            ("star2", ChancePruning::Star2, 1),
            ("star2_two_threads", ChancePruning::Star2, 2),
            ("star1", ChancePruning::Star1, 1),
            ("no_chance_pruning", ChancePruning::Off, 1),
        ];
        for (way, pruning, threads) in ways {
            let engine = || {
                ChanceEngine::<_, _, f64>::new(evaluator.clone())
                    .with_chance_pruning(pruning)
                    .with_threads(threads)
            };
            let found = engine().search(&race, budget).expect("no cycle");
            let nodes = found.map_or(0, |found| found.nodes);
            println!("race_to_depth/{way}/{name}: {nodes} nodes");
            group.bench_with_input(BenchmarkId::new(way, name), &race, |b, race| {
                b.iter(|| engine().search(race, budget));
            });
        }
        if depth <= 2 {
            group.bench_with_input(
                BenchmarkId::new("expectiminimax", name),
                &race,
                |b, race| {
                    b.iter(|| expectiminimax_to_depth::<_, _, f64>(race, depth.into(), &evaluator));
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
    // A side at a time by the chance search: the fewest pips first, so that each search finds
    // the positions it leads to in the table, and no entry for a position after a roll.
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
    // By tiers of pips, as the database is built: arrays, no table, no search.
    let tiers = ByPips::new(checkers).expect("up to 15 checkers");
    let by_tiers = || {
        Retrograde::new()
            .with_threads(1)
            .solve_expected(&tiers, ByPips::is_before_roll)
            .expect("it fits")
    };
    let table = by_tiers();
    for side in every_side(checkers) {
        let value = table.value(&tiers, &Bearoff::new(side)).expect("kept");
        assert!((value + by_hand[&side]).abs() < 1e-9, "{side:?}");
    }
    group.bench_function(BenchmarkId::new("tiers", checkers), |b| b.iter(by_tiers));
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
    let tiers = ByBanked::new(start);
    let by_tiers = || {
        let mut solver = Retrograde::new().with_threads(1);
        solver.solve_expected(&tiers, |tier| tier == 0)
    };
    let table = by_tiers().expect("it converges");
    let value = table.value(&tiers, &start).expect("the start");
    assert!((Pig::chance_to_win(value) - p).abs() < 1e-10, "{value}");
    group.bench_function(BenchmarkId::new("tiers", 100), |b| b.iter(by_tiers));
    group.bench_function(BenchmarkId::new("value_iteration_by_hand", 100), |b| {
        b.iter(|| baseline::pig_by_hand::first_player(100, 1e-12));
    });
    group.finish();
}

fn yahtzee(c: &mut Criterion) {
    let mut group = c.benchmark_group("yahtzee");
    group.sample_size(10);
    let fewest = 9;
    let tiers = ByTurns::endgame(Joker::Free, fewest);
    let solve = || {
        Retrograde::new()
            .with_threads(1)
            .solve_expected(&tiers, ByTurns::is_turn_tier)
            .expect("the endgame fits")
    };
    // The same value of every card both ways, before either is timed.
    let (table, by_hand) = (solve(), expected_scores(Joker::Free, fewest));
    for n in fewest..13 {
        let tier = ByTurns::turn_tier(n);
        for (index, value) in table.iter_tier(tier) {
            let card: Card = tiers.position_at(tier, index).expect("a card").card();
            assert!((value - by_hand.at(&card)).abs() < 1e-9, "{card:?}");
        }
    }
    group.bench_function(BenchmarkId::new("tiers", fewest), |b| b.iter(solve));
    group.bench_function(BenchmarkId::new("dp_by_hand", fewest), |b| {
        b.iter(|| expected_scores(Joker::Free, fewest));
    });
    group.finish();
}

criterion_group!(benches, races, races_to_depth, one_sided, pig, yahtzee);
criterion_main!(benches);
