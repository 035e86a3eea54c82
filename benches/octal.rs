//! Grundy values of octal games, values per second: the crate's methods beside a naive
//! `HashSet` baseline and the `ogs` crate (its naive solver and its fastest, RC2) on the same
//! games and sizes. Before timing, the bench checks that every side gives the same values.
//!
//! - `octal/sparse`: the rare/common method alone (`games::octal::extend_sparse`), against
//!   `ogs::RC2Solver`.
//! - `octal/table`: `GrundyValues::compute`, the crate's table: the rare/common method, then
//!   the rest copied by the period once Guy and Smith's rule proves it.
//! - `octal/definition`: every option of every heap (`games::octal::extend_by_definition`, a bitset
//!   mex) against `ogs::NaiveSolver` and the `HashSet` baseline.
//! - `octal/positions`: the normal-play outcome of 200 Kayles positions of up to four heaps of
//!   up to 30, by the impartial solver (one Grundy value per heap size) and by the table.
//!
//! Sizes: 10^5 and 10^6 heaps where a side finishes in seconds; RC2 is quadratic on Kayles
//! and Dawson's Kayles (about 2 s and 5 s at 10^5), so it runs at 10^6 on 0.16 only, and the
//! definitions run at 10^4 and 10^5.
//!
//! `cargo bench --bench octal`

mod baseline;

use baseline::octal_naive::octal_naive;
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use gamesolver::games::heaps::Heaps;
use gamesolver::games::octal::OctalGame;
use gamesolver::games::octal::{extend_by_definition, extend_sparse};
use gamesolver::grundy::ImpartialSolver;
use gamesolver::{GrundyValues, PlayConvention};
use ogs::Solver;
use std::hint::black_box;

const GAMES: [&str; 3] = ["0.77", "0.07", "0.16"];

fn ogs_rc2(code: &str, len: usize) -> Vec<u16> {
    let game: ogs::Game = code.parse().expect("a valid code");
    ogs::RC2Solver::<true, ()>::with_capacity(game, len)
        .take(len)
        .collect()
}

fn ogs_naive(code: &str, len: usize) -> Vec<u16> {
    let game: ogs::Game = code.parse().expect("a valid code");
    ogs::NaiveSolver::<()>::with_capacity(game, len)
        .take(len)
        .collect()
}

fn sparse(game: &OctalGame, len: usize) -> Vec<u32> {
    let mut values = Vec::with_capacity(len);
    extend_sparse(game, &mut values, len);
    values
}

fn definition(game: &OctalGame, len: usize) -> Vec<u32> {
    let mut values = Vec::with_capacity(len);
    extend_by_definition(game, &mut values, len);
    values
}

fn same(ours: &[u32], theirs: &[u16]) -> bool {
    ours.len() == theirs.len() && ours.iter().zip(theirs).all(|(&a, &b)| a == u32::from(b))
}

/// Whether RC2 finishes `len` values of `code` in seconds.
fn rc2_feasible(code: &str, len: usize) -> bool {
    len <= 100_000 || code == "0.16"
}

/// A group of ten samples a case, counting values per second.
fn values_group<'a>(
    c: &'a mut Criterion,
    name: &str,
    len: usize,
) -> criterion::BenchmarkGroup<'a, criterion::measurement::WallTime> {
    let mut group = c.benchmark_group(name);
    group
        .sample_size(10)
        .throughput(Throughput::Elements(len as u64));
    group
}

fn sparse_and_table(c: &mut Criterion) {
    for len in [100_000, 1_000_000] {
        let mut group = values_group(c, "octal", len);
        for code in GAMES {
            let game: OctalGame = code.parse().expect("a valid code");
            let table = GrundyValues::compute(&game, len as u64 - 1).expect("within the limit");
            if rc2_feasible(code, len) {
                let theirs = ogs_rc2(code, len);
                assert!(
                    same(table.as_slice(), &theirs),
                    "{code}: table and RC2 differ"
                );
                // Dawson's Kayles' raw method is quadratic too: checked and timed at 10^5.
                if len <= 100_000 || code != "0.07" {
                    assert_eq!(sparse(&game, len), table.as_slice(), "{code}");
                }
                group.bench_function(BenchmarkId::new(format!("rc2/{code}"), len), |b| {
                    b.iter(|| ogs_rc2(black_box(code), len));
                });
            }
            if len <= 100_000 || code != "0.07" {
                group.bench_function(BenchmarkId::new(format!("sparse/{code}"), len), |b| {
                    b.iter(|| sparse(black_box(&game), len));
                });
            }
            group.bench_function(BenchmarkId::new(format!("table/{code}"), len), |b| {
                b.iter(|| GrundyValues::compute(black_box(&game), len as u64 - 1));
            });
        }
        group.finish();
    }
}

fn definitions(c: &mut Criterion) {
    for len in [10_000, 100_000] {
        let mut group = values_group(c, "octal/definition", len);
        for code in GAMES {
            let game: OctalGame = code.parse().expect("a valid code");
            let ours = definition(&game, len);
            assert_eq!(ours, sparse(&game, len), "{code}");
            assert!(
                same(&ours, &ogs_naive(code, len)),
                "{code}: naive solvers differ"
            );
            group.bench_function(BenchmarkId::new(format!("definition/{code}"), len), |b| {
                b.iter(|| definition(black_box(&game), len));
            });
            group.bench_function(BenchmarkId::new(format!("ogs-naive/{code}"), len), |b| {
                b.iter(|| ogs_naive(black_box(code), len));
            });
            if len <= 10_000 {
                assert_eq!(octal_naive(game.digits(), len), ours, "{code}");
                group.bench_function(BenchmarkId::new(format!("hashset/{code}"), len), |b| {
                    b.iter(|| octal_naive(black_box(game.digits()), len));
                });
            }
        }
        group.finish();
    }
}

/// 200 Kayles positions of one to four heaps of up to 30, from a fixed generator.
fn kayles_positions() -> Vec<Vec<u64>> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |bound: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % bound
    };
    (0..200)
        .map(|_| {
            let heaps = 1 + next(4);
            (0..heaps).map(|_| next(31)).collect()
        })
        .collect()
}

fn positions(c: &mut Criterion) {
    let positions = kayles_positions();
    let mut group = c.benchmark_group("octal/positions");
    group.throughput(Throughput::Elements(positions.len() as u64));
    let by_solver = |positions: &[Vec<u64>]| {
        let mut solver = ImpartialSolver::new(PlayConvention::Normal);
        positions
            .iter()
            .filter(|heaps| {
                let position = Heaps::new(
                    OctalGame::kayles(),
                    heaps.iter().copied(),
                    PlayConvention::Normal,
                )
                .expect("small heaps");
                solver
                    .outcome(&position)
                    .expect("within the memo")
                    .mover_wins()
            })
            .count()
    };
    let by_table = |positions: &[Vec<u64>]| {
        let table = GrundyValues::compute(&OctalGame::kayles(), 30).expect("a small table");
        positions
            .iter()
            .filter(|heaps| {
                heaps
                    .iter()
                    .fold(0, |sum, &h| sum ^ table.as_slice()[h as usize])
                    != 0
            })
            .count()
    };
    assert_eq!(by_solver(&positions), by_table(&positions));
    group.bench_function("solver/kayles-200", |b| {
        b.iter(|| by_solver(black_box(&positions)))
    });
    group.bench_function("table/kayles-200", |b| {
        b.iter(|| by_table(black_box(&positions)))
    });
    group.finish();
}

criterion_group!(benches, sparse_and_table, definitions, positions);
criterion_main!(benches);
