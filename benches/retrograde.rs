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
use gamesolver::retrograde::Retrograde;
use gamesolver::{Game, IndexedGame, Verdict, WinLossGame};
use knight_torus::KnightTorus;
use retro_value_iteration::value_iteration;

/// The same knight without its un-moves: the indexed path sweeps.
#[derive(Clone, Debug)]
struct Swept(KnightTorus);

impl Game for Swept {
    type Move = u8;
    type Key = u64;
    type Error = std::fmt::Error;
    const POSITIONS_REPEAT: bool = true;
    fn generate_moves(&self, out: &mut Vec<u8>) {
        self.0.generate_moves(out);
    }
    fn check_move(&self, jump: u8) -> Result<(), std::fmt::Error> {
        self.0.check_move(jump)
    }
    fn play_unchecked(&mut self, jump: u8) {
        self.0.play_unchecked(jump);
    }
    fn key(&self) -> u64 {
        self.0.key()
    }
}

impl WinLossGame for Swept {
    fn ending(&self) -> Option<Verdict> {
        self.0.ending()
    }
}

impl IndexedGame for Swept {
    fn index_count(&self) -> u64 {
        self.0.index_count()
    }
    fn index(&self) -> u64 {
        self.0.index()
    }
    fn position_at(&self, index: u64) -> Option<Self> {
        self.0.position_at(index).map(Swept)
    }
}

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
        let swept = Swept(knight.clone());
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
