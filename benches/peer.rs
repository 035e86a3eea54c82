//! Side by side with the `minimax` crate on PrimeGame: the same positions, the same depth, the
//! same leaf evaluation.
//!
//! - `peer/fixed_depth`: `minimax::IterativeSearch` (with its transposition table) against the
//!   crate's `Engine`, to a fixed depth, from the start and a middle-game position at
//!   n = 40, 200 and 1000.
//! - `peer/win_draw_loss`: who wins PrimeGame 1..=n with best play, n = 16, 18, 20: `minimax` with
//!   win/loss terminal scores searching to the end against the crate's exact `Solver`.
//!
//! `cargo bench --bench peer`. The PrimeGame adapter for `minimax` lives here only.

mod common;

use common::positions::{bench_engine, start_and_middle};
use criterion::{BatchSize, BenchmarkId, Criterion, criterion_group, criterion_main};
use gamesolver::games::prime::{PrimeEvaluator, PrimeGame, SmallPrimeGame};
use gamesolver::{Budget, Evaluator, Game, ScoringGame};
use minimax::Strategy;
use std::hint::black_box;

/// A PrimeGame state for `minimax`: the board and the margin so far for the side to move
/// (minimax scores whole games, not future margins).
#[derive(Clone)]
struct State {
    position: PrimeGame,
    margin: i64,
}

/// The PrimeGame rules for `minimax`.
struct Prime;

impl minimax::Game for Prime {
    type S = State;
    type M = u32;

    fn generate_moves(state: &State, moves: &mut Vec<u32>) -> Option<minimax::Winner> {
        moves.extend(state.position.numbers());
        Self::get_winner(state)
    }

    fn apply(state: &mut State, x: u32) -> Option<State> {
        Some(State {
            margin: -(state.margin + state.position.margin(x)),
            position: state.position.after(x),
        })
    }

    fn get_winner(state: &State) -> Option<minimax::Winner> {
        state
            .position
            .is_over()
            .then(|| match state.margin.signum() {
                1 => minimax::Winner::PlayerToMove,
                -1 => minimax::Winner::PlayerJustMoved,
                _ => minimax::Winner::Draw,
            })
    }

    fn zobrist_hash(state: &State) -> u64 {
        // Truncation intended: the key's low half is a Zobrist code already.
        (state.position.key() as u64) ^ (state.margin as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }
}

/// The crate's leaf evaluation plus the margin so far, clamped to minimax's i16 range (the
/// margins here stay far inside it: the clamp is a guard, not a scale).
struct Eval(PrimeEvaluator);

impl minimax::Evaluator for Eval {
    type G = Prime;
    fn evaluate(&self, state: &State) -> minimax::Evaluation {
        let value = state.margin + self.0.evaluate(&state.position);
        value.clamp(-30_000, 30_000) as minimax::Evaluation
    }
}

fn minimax_search(depth: u8) -> minimax::IterativeSearch<Eval> {
    let options = minimax::IterativeOptions::new().with_table_byte_size(32 << 20);
    let mut search = minimax::IterativeSearch::new(Eval(PrimeEvaluator::default()), options);
    search.set_max_depth(depth);
    search
}

const CASES: [(u32, u16, usize); 3] = [(40, 6, 8), (200, 4, 40), (1000, 2, 200)];

fn fixed_depth(c: &mut Criterion) {
    let mut group = c.benchmark_group("peer/fixed_depth");
    group.sample_size(10);
    for (n, depth, plies) in CASES {
        for (phase, position) in start_and_middle(n, plies) {
            let id = format!("n{n}-d{depth}-{phase}");
            // Same value at the same depth, or the comparison is void.
            let ours = gamesolver::games::prime::engine(32 << 20)
                .search(&position, Budget::default().with_depth(depth))
                .unwrap();
            let mut theirs = minimax_search(depth as u8);
            let state = State {
                position: position.clone(),
                margin: 0,
            };
            theirs.choose_move(&state).unwrap();
            println!(
                "peer/{id}: engine value {} move {}, minimax value {}",
                ours.value,
                ours.best_move,
                theirs.root_value()
            );
            bench_engine(&mut group, &id, &position, depth);
            group.bench_with_input(BenchmarkId::new("minimax", &id), &state, |b, state| {
                b.iter_batched_ref(
                    || minimax_search(depth as u8),
                    |search| search.choose_move(black_box(state)),
                    BatchSize::PerIteration,
                );
            });
        }
    }
    group.finish();
}

/// minimax's exact answer: +1 first player wins, 0 draw, -1 loses.
fn minimax_outcome(n: u32) -> i64 {
    let mut search = minimax_search(n as u8 + 1);
    let state = State {
        position: PrimeGame::new(n).unwrap(),
        margin: 0,
    };
    search.choose_move(&state).unwrap();
    i64::from(search.root_value().signum())
}

fn win_draw_loss(c: &mut Criterion) {
    let mut group = c.benchmark_group("peer/win_draw_loss");
    group.sample_size(10);
    for n in [16, 18, 20] {
        let ours = gamesolver::games::prime::solver()
            .with_table_bytes(32 << 20)
            .value(&SmallPrimeGame::new(n).unwrap())
            .unwrap();
        assert_eq!(ours.signum(), minimax_outcome(n), "n = {n}");
        group.bench_with_input(BenchmarkId::new("solver", n), &n, |b, &n| {
            b.iter_batched_ref(
                || {
                    let mut solver = gamesolver::games::prime::solver()
                        .with_table_bytes(32 << 20)
                        .with_threads(1);
                    solver.prepare(); // the table made outside the timing
                    solver
                },
                |solver| solver.value(&SmallPrimeGame::new(black_box(n)).unwrap()),
                BatchSize::PerIteration,
            );
        });
        group.bench_with_input(BenchmarkId::new("minimax", n), &n, |b, &n| {
            b.iter(|| minimax_outcome(black_box(n)));
        });
    }
    group.finish();
}

criterion_group!(benches, fixed_depth, win_draw_loss);
criterion_main!(benches);
