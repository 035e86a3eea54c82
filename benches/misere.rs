//! Misère play of sums by the misère quotient, beside the memoized misère search (the naive
//! baseline: exhaustive search over positions). Before timing, the bench checks that both give
//! the same outcomes where the search can go.
//!
//! - `misere/build`: the quotient of heaps up to a bound, for misère Kayles (0.77), Dawson's
//!   Kayles (0.07) and the subtraction set {1, 3, 4}.
//! - `misere/sums`: outcomes of 100 random sums of misère Kayles. With 6 heaps of up to 10 the
//!   search can answer too; with 10, 100 and 1,000 heaps of up to 40 only the quotient does
//!   (the search passes its memory bound on the first).
//! - `misere/winning`: every winning move of 100 random sums of 20 Kayles heaps of up to 40.
//!
//! `cargo bench --bench misere`

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use gamesolver::games::heaps::Heaps;
use gamesolver::games::octal::OctalGame;
use gamesolver::games::subtraction::SubtractionSet;
use gamesolver::grundy::{ImpartialSolver, Outcome};
use gamesolver::{HeapGame, MisereQuotient, PlayConvention};
use std::hint::black_box;

/// `count` sums of `heaps` heaps of 1..=largest, the same every run.
fn random_sums(count: usize, heaps: usize, largest: u64) -> Vec<Vec<u64>> {
    let mut rng = fastrand::Rng::with_seed(7);
    (0..count)
        .map(|_| (0..heaps).map(|_| rng.u64(1..=largest)).collect())
        .collect()
}

fn search_outcomes(sums: &[Vec<u64>]) -> Vec<Outcome> {
    let mut solver = ImpartialSolver::new(PlayConvention::Misere);
    sums.iter()
        .map(|heaps| {
            let position = Heaps::new(
                OctalGame::kayles(),
                heaps.iter().copied(),
                PlayConvention::Normal,
            )
            .expect("small heaps")
            .with_convention(PlayConvention::Misere);
            solver.outcome(&position).expect("within the memo")
        })
        .collect()
}

fn quotient_outcomes(quotient: &MisereQuotient, sums: &[Vec<u64>]) -> Vec<Outcome> {
    sums.iter()
        .map(|heaps| quotient.outcome(heaps).expect("within the bound"))
        .collect()
}

fn build<H: HeapGame>(c: &mut Criterion, name: &str, rules: &H, bounds: &[u64]) {
    let mut group = c.benchmark_group("misere/build");
    group.sample_size(10);
    for &bound in bounds {
        group.bench_with_input(BenchmarkId::new(name, bound), &bound, |b, &bound| {
            b.iter(|| MisereQuotient::compute(rules, black_box(bound)).expect("within limits"));
        });
    }
    group.finish();
}

fn builds(c: &mut Criterion) {
    build(c, "0.77", &OctalGame::kayles(), &[20, 40, 80]);
    build(c, "0.07", &OctalGame::dawsons_kayles(), &[20, 30]);
    let set = SubtractionSet::new([1, 3, 4]).expect("a valid set");
    build(c, "s1,3,4", &set, &[40]);
}

fn sums(c: &mut Criterion) {
    let kayles = OctalGame::kayles();
    let quotient = MisereQuotient::compute(&kayles, 40).expect("within limits");
    let mut group = c.benchmark_group("misere/sums");
    group.sample_size(10);
    let small = random_sums(100, 6, 10);
    assert_eq!(
        search_outcomes(&small),
        quotient_outcomes(&quotient, &small)
    );
    group.throughput(Throughput::Elements(small.len() as u64));
    group.bench_function("search/6x10", |b| {
        b.iter(|| search_outcomes(black_box(&small)))
    });
    group.bench_function("quotient/6x10", |b| {
        b.iter(|| quotient_outcomes(&quotient, black_box(&small)));
    });
    for heaps in [10, 100, 1000] {
        let sums = random_sums(100, heaps, 40);
        group.bench_function(format!("quotient/{heaps}x40"), |b| {
            b.iter(|| quotient_outcomes(&quotient, black_box(&sums)));
        });
    }
    group.finish();

    let mut group = c.benchmark_group("misere/winning");
    group.sample_size(10);
    let sums = random_sums(100, 20, 40);
    group.throughput(Throughput::Elements(sums.len() as u64));
    group.bench_function("quotient/20x40", |b| {
        b.iter(|| {
            sums.iter()
                .map(|heaps| {
                    quotient
                        .winning_options(&kayles, heaps)
                        .expect("bound")
                        .len()
                })
                .sum::<usize>()
        });
    });
    group.finish();
}

criterion_group!(benches, builds, sums);
criterion_main!(benches);
