//! Retrograde analysis of a game whose positions repeat (a knight on a torus moved by both
//! players, `common/knight_torus.rs`): every position solved by the forward path
//! (`forward`: numbering from the start, then backwards), the indexed path with un-moves
//! (`indexed`) and without (`sweeps`), beside value iteration a user writes by hand
//! (`naive`, `baseline/retro_value_iteration.rs`).
//!
//! `cargo bench --bench retrograde`

#[path = "common/knight_torus.rs"]
mod knight_torus;

#[path = "baseline/retro_value_iteration.rs"]
mod retro_value_iteration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gamesolver::WinLossGame;
use gamesolver::retrograde::Retrograde;
use knight_torus::KnightTorus;
use retro_value_iteration::value_iteration;

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
        let knight = start(side);
        let name = format!("{}", side * side);
        let indexed = Retrograde::new().solve_indexed(&knight).expect("fits");
        let counts = indexed.counts();
        assert_eq!(
            value_iteration(&knight),
            (counts.wins, counts.draws, counts.losses)
        );
        let forward = Retrograde::new().solve(&knight).expect("fits");
        assert_eq!(forward.value(&knight), indexed.value(&knight));
        group.bench_with_input(BenchmarkId::new("forward", &name), &knight, |b, knight| {
            b.iter(|| Retrograde::new().solve(knight).expect("fits").len());
        });
        group.bench_with_input(BenchmarkId::new("indexed", &name), &knight, |b, knight| {
            b.iter(|| Retrograde::new().solve_indexed(knight).expect("fits"));
        });
        let swept = KnightTorus::<false> {
            square: knight.square,
            side,
        };
        group.bench_with_input(BenchmarkId::new("sweeps", &name), &swept, |b, swept| {
            b.iter(|| Retrograde::new().solve_indexed(swept).expect("fits"));
        });
        if side <= 1000 {
            group.bench_with_input(BenchmarkId::new("naive", &name), &knight, |b, knight| {
                b.iter(|| value_iteration(knight));
            });
        }
    }
    group.finish();
}

criterion_group!(benches, retrograde);
criterion_main!(benches);
