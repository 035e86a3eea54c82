//! Grundy tables of subtraction sets up to 10^7 values: `GrundyValues::compute` against a naive
//! `Vec` + `HashSet` mex per value.
//!
//! `cargo bench --bench grundy`

mod baseline;

use baseline::grundy_naive::grundy_naive;
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use gamesolver::games::subtraction::SubtractionSet;
use gamesolver::grundy::GrundyValues;
use std::hint::black_box;

const UPTO: usize = 10_000_000;

const SETS: [(&str, &[u32]); 3] = [
    ("1-2-3", &[1, 2, 3]),
    ("2-5-7", &[2, 5, 7]),
    ("8-elements", &[1, 3, 4, 7, 9, 12, 15, 20]),
];

fn tables(c: &mut Criterion) {
    let mut group = c.benchmark_group("grundy");
    group
        .sample_size(10)
        .throughput(Throughput::Elements(UPTO as u64 + 1));
    for (name, moves) in SETS {
        let set = SubtractionSet::new(moves.iter().copied()).unwrap();
        // Both sides must compute the same table, or the ratio means nothing.
        let check = GrundyValues::compute(&set, 100_000).unwrap();
        assert_eq!(check.as_slice(), grundy_naive(moves, 100_000));
        group.bench_with_input(BenchmarkId::new("table", name), &set, |b, set| {
            b.iter(|| GrundyValues::compute(black_box(set), UPTO as u64).unwrap());
        });
        group.bench_with_input(BenchmarkId::new("naive", name), &moves, |b, moves| {
            b.iter(|| grundy_naive(black_box(moves), UPTO));
        });
    }
    group.finish();
}

criterion_group!(benches, tables);
criterion_main!(benches);
