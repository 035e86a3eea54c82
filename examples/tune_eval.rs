//! How good is the engine's PrimeGame evaluation? Its mean absolute error against the exact
//! solver over random positions, for several horizons.
//!
//! `cargo run --release --example tune_eval -- N SAMPLES` (defaults: 36 300)

use gamesolver::{Evaluator, Game};

use gamesolver::games::prime::{PrimeEvaluator, PrimeGame, SmallPrimeGame};

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u32>());
    let n = args.next().and_then(Result::ok).unwrap_or(36).min(48);
    let samples = args.next().and_then(Result::ok).unwrap_or(300);
    let horizons = [2, 4, 8, 12, 24, 1000];
    let evaluators: Vec<PrimeEvaluator> = horizons
        .iter()
        .map(|&h| PrimeEvaluator::with_horizon(h))
        .collect();
    let mut errors = vec![0i64; horizons.len()];
    // The error of no estimate at all (0 for every position), for scale.
    let mut no_estimate = 0i64;
    let mut rng = fastrand::Rng::with_seed(5);
    let mut solver = gamesolver::games::prime::solver().with_table_bytes(1 << 28);
    let mut positions = 0;
    for _ in 0..samples {
        // A few plies of mixed greedy and random play from the start.
        let mut position = PrimeGame::new(n).expect("1 <= n <= 48");
        for _ in 0..rng.usize(1..12) {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            let x = match position.greedy_move() {
                Some(greedy) if rng.bool() => greedy,
                _ => moves[rng.usize(..moves.len())],
            };
            position.play_unchecked(x);
        }
        if position.is_over() {
            continue;
        }
        let exact = solver
            .value(&SmallPrimeGame::try_from(&position).expect("n <= 128"))
            .expect("no budget");
        no_estimate += exact.abs();
        for (error, evaluator) in errors.iter_mut().zip(&evaluators) {
            *error += (evaluator.evaluate(&position) - exact).abs();
        }
        positions += 1;
    }
    let mean = |error: i64| error as f64 / f64::from(positions.max(1));
    println!("{positions} positions of 1..={n}: mean absolute error of the estimate");
    println!("no estimate:  {:.2}", mean(no_estimate));
    for (horizon, error) in horizons.iter().zip(errors) {
        println!(
            "horizon {horizon:>4}: {:.2}",
            error as f64 / f64::from(positions.max(1))
        );
    }
}
