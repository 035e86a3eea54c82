//! Retrograde analysis of a game whose positions repeat (a knight on a torus moved by both
//! players, `common/knight_torus.rs`): every position solved by the forward path
//! (`forward`: numbering from the start, then backwards), the indexed path with un-moves
//! (`indexed` on one thread, `indexed_2_threads`) and without (`sweeps`, one thread), beside value iteration a user writes by hand
//! (`naive`, `baseline/retro_value_iteration.rs`).
//!
//! The same on Dobutsu shogi with fewer pieces ([`gamesolver::games::dobutsu`]):
//! a game of drops, captures and promotions whose ends include a win in 1 ply; and the
//! indexed path on its numbering up to the mirror (`UpToMirror`, one thread).
//!
//! `cargo bench --bench retrograde`

mod baseline;
mod common;

use baseline::retro_value_iteration::value_iteration;
use common::knight_torus::{KnightTorus, Squares};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gamesolver::WinLossGame;
use gamesolver::games::dobutsu::{ByLions, Dobutsu, Pieces, UpToMirror};
use gamesolver::retrograde::Retrograde;

/// A start from which every square is reached (a square that ends the game is not played
/// through, so the start is one that does not).
fn start(side: u64) -> KnightTorus {
    let game = KnightTorus { square: 0, side };
    (0..side * side)
        .map(|square| KnightTorus { square, side })
        .find(|knight| knight.ending().is_none())
        .unwrap_or(game)
}

fn retrograde(c: &mut Criterion) {
    let mut group = c.benchmark_group("retrograde");
    group.sample_size(10);
    for side in [100u64, 1000, 2000] {
        let (knight, squares) = (start(side), Squares::<true> { side });
        let name = format!("{}", side * side);
        let indexed = Retrograde::new().solve_indexed(&squares).expect("fits");
        let counts = indexed.counts();
        assert_eq!(
            value_iteration(&squares),
            (counts.wins, counts.draws, counts.losses)
        );
        let forward = Retrograde::new().solve(&knight).expect("fits");
        assert_eq!(forward.value(&knight), indexed.value(&squares, &knight));
        group.bench_with_input(BenchmarkId::new("forward", &name), &knight, |b, knight| {
            b.iter(|| Retrograde::new().solve(knight).expect("fits").len());
        });
        for (label, threads) in [("indexed", 1), ("indexed_2_threads", 2)] {
            group.bench_with_input(BenchmarkId::new(label, &name), &squares, |b, squares| {
                let mut solver = Retrograde::new().with_threads(threads);
                b.iter(|| solver.solve_indexed(squares).expect("fits"));
            });
        }
        let swept = Squares::<false> { side };
        group.bench_with_input(BenchmarkId::new("sweeps", &name), &swept, |b, swept| {
            let mut solver = Retrograde::new().with_threads(1);
            b.iter(|| solver.solve_indexed(swept).expect("fits"));
        });
        if side <= 1000 {
            group.bench_with_input(BenchmarkId::new("naive", &name), &squares, |b, squares| {
                b.iter(|| value_iteration(squares));
            });
        }
    }
    group.finish();
}

fn dobutsu(c: &mut Criterion) {
    let mut group = c.benchmark_group("retrograde_dobutsu");
    group.sample_size(10);
    // Two elephants and a giraffe (541,992 indices); two chicks and a giraffe (1,930,632).
    for pieces in [Pieces([0, 2, 1]), Pieces([2, 0, 1])] {
        let (start, whole) = (Dobutsu::start(pieces), ByLions::new(pieces));
        let name = format!("{:?}", pieces.0);
        let indexed = Retrograde::new().solve_indexed(&whole).expect("fits");
        let counts = indexed.counts();
        let naive = pieces.0[0] == 0;
        if naive {
            let truth = value_iteration(&whole);
            assert_eq!(truth, (counts.wins, counts.draws, counts.losses));
        }
        group.bench_with_input(BenchmarkId::new("forward", &name), &start, |b, start| {
            b.iter(|| Retrograde::new().solve(start).expect("fits").len());
        });
        for (label, threads) in [("indexed", 1), ("indexed_2_threads", 2)] {
            group.bench_with_input(BenchmarkId::new(label, &name), &whole, |b, whole| {
                let mut solver = Retrograde::new().with_threads(threads);
                b.iter(|| solver.solve_indexed(whole).expect("fits"));
            });
        }
        let classes = UpToMirror::new(pieces);
        let by_class = Retrograde::new().solve_indexed(&classes).expect("fits");
        assert_eq!(
            by_class.value(&classes, &start),
            indexed.value(&whole, &start)
        );
        group.bench_with_input(
            BenchmarkId::new("up_to_mirror", &name),
            &classes,
            |b, classes| {
                let mut solver = Retrograde::new();
                b.iter(|| solver.solve_indexed(classes).expect("fits"));
            },
        );
        if naive {
            group.bench_with_input(BenchmarkId::new("naive", &name), &whole, |b, whole| {
                b.iter(|| value_iteration(whole));
            });
        }
    }
    group.finish();
}

criterion_group!(benches, retrograde, dobutsu);
criterion_main!(benches);
