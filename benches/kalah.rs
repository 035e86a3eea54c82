//! Kalah(m, n) ([`gamesolver::games::kalah`]), a game where a sowing into one's
//! own store keeps the turn: the exact value of the start from an empty table, by the solver
//! with the rules alone (`rules`: default settings; `rules_tuned`: Kalah's settings,
//! `games::kalah::tune_solver`), with the user's knowledge (`seeds_left`: default settings;
//! `tuned`: Kalah's settings, `games::kalah::solver`, weighed against `rules_tuned`;
//! `endgame`: Kalah's settings and an endgame table of at most 8 M positions, made
//! and filled within each run), and by the two naive baselines a user writes by hand,
//! alpha-beta with a `HashMap`: each sowing a move (`naive`, `baseline/kalah_naive.rs`), or a
//! whole turn a move, turns tried by what they score (`turns`, `baseline/kalah_turns.rs`).
//!
//! `cargo bench --bench kalah`

mod baseline;

use baseline::kalah_naive::NaiveKalah;
use baseline::kalah_turns::TurnsKalah;
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gamesolver::Solver;
use gamesolver::games::kalah::{self, Endgame, Kalah, SeedsLeft};

fn kalah(c: &mut Criterion) {
    let mut group = c.benchmark_group("kalah");
    group.sample_size(10);
    // (6,3), (5,4) and (4,6) are the boards of the goal.
    for (m, n) in [(4, 3), (4, 4), (5, 3), (5, 4), (6, 3), (4, 6)] {
        let start = Kalah::new(m, n).expect("a size the rules take");
        let name = format!("{m},{n}");
        let value = Solver::new().value(&start);
        assert_eq!(Solver::new().with_knowledge(SeedsLeft).value(&start), value);
        assert_eq!(kalah::solver().value(&start), value);
        assert_eq!(kalah::tune_solver(Solver::new()).value(&start), value);
        assert_eq!(Ok(TurnsKalah::default().value(&start)), value);
        group.bench_with_input(BenchmarkId::new("rules", &name), &start, |b, start| {
            b.iter(|| Solver::new().value(start));
        });
        group.bench_with_input(BenchmarkId::new("seeds_left", &name), &start, |b, start| {
            b.iter(|| Solver::new().with_knowledge(SeedsLeft).value(start));
        });
        group.bench_with_input(BenchmarkId::new("tuned", &name), &start, |b, start| {
            b.iter(|| kalah::solver().value(start));
        });
        group.bench_with_input(
            BenchmarkId::new("rules_tuned", &name),
            &start,
            |b, start| {
                b.iter(|| kalah::tune_solver(Solver::new()).value(start));
            },
        );
        let seeds = Endgame::seeds_within(&start, 8 << 20);
        let endgame = || Endgame::build(&start, seeds, 1 << 30).expect("8 M positions");
        let tuned = || kalah::tune_solver(Solver::new().with_knowledge(endgame()));
        assert_eq!(tuned().value(&start), value);
        group.bench_with_input(BenchmarkId::new("endgame", &name), &start, |b, start| {
            b.iter(|| tuned().value(start));
        });
        group.bench_with_input(BenchmarkId::new("turns", &name), &start, |b, start| {
            b.iter(|| TurnsKalah::default().value(start));
        });
        // The baseline takes 34 s on Kalah(5, 3): timed on the smaller boards only.
        if m <= 4 && n <= 4 {
            group.bench_with_input(BenchmarkId::new("naive", &name), &start, |b, start| {
                b.iter(|| NaiveKalah::default().value(start));
            });
        }
    }
    group.finish();
}

criterion_group!(benches, kalah);
criterion_main!(benches);
