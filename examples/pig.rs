//! Pig and Piglet solved whole ([`gamesolver::games::pig`]): numbered in tiers by the scores
//! banked ([`ByBanked`]) and solved by retrograde analysis in expected values, the positions
//! that go round within a tier settled by their strongly connected components; or, with
//! `--by-keys`, explored from the start ([`CyclicSolver`]). Prints the first player's chance
//! to win with optimal play, and, with `--svg`, draws the optimal policy as a picture after
//! Neller and Presser: for each pair of scores, the turn total at which the side to move
//! holds.
//!
//! ```text
//! cargo run --release --example pig                      # Pig to 100: 0.530592725
//! cargo run --release --example pig -- --threads 2       # the same on two threads
//! cargo run --release --example pig -- --by-keys         # the same, explored by keys
//! cargo run --release --example pig -- --piglet --goal 10 --exact
//! cargo run --release --example pig -- --svg policy.svg
//! ```

use clap::{CommandFactory, Parser};
use cli_support::failure::{self, Failure};
use gamesolver::chance::CyclicSolver;
use gamesolver::games::pig::{ByBanked, HOLD, Pig, PigMove};
use gamesolver::retrograde::ExpectedTablebase;
use gamesolver::{Retrograde, Tiers};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Pig (a die) or Piglet (a coin): the first player's chance to win.
#[derive(Debug, Parser)]
#[command(name = "pig")]
struct Args {
    /// The score that wins, 1 to 1000.
    #[arg(long, default_value_t = 100)]
    goal: u16,
    /// Piglet: a coin, heads adding 1, tails busting.
    #[arg(long)]
    piglet: bool,
    /// Threads to solve by tiers on.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    #[arg(conflicts_with = "by_keys")]
    threads: u16,
    /// Explores the positions from the start by keys, on one thread, instead of by tiers.
    #[arg(long)]
    by_keys: bool,
    /// Draws the policy (the turn total to hold at, by score) to this SVG file.
    #[arg(long)]
    svg: Option<PathBuf>,
    /// The chance as an exact fraction too (small goals: each cycle's equations are solved in
    /// rationals).
    #[arg(long)]
    exact: bool,
}

/// The best move at a position, as a solve gives it.
type Policy = Box<dyn Fn(&Pig) -> Option<PigMove>>;

/// The smallest turn total at which the side to move holds, with scores `mover` and `other`.
fn hold_at(
    best: &impl Fn(&Pig) -> Option<PigMove>,
    start: Pig,
    mover: u16,
    other: u16,
) -> Option<u16> {
    let goal = start.goal();
    (1..=goal - mover).find(|&turn| best(&start.at(mover, other, turn)) == Some(HOLD))
}

/// The best move read from a table: the first of the largest worth, in the rules' order.
fn best_in(table: &ExpectedTablebase, tiers: &ByBanked, position: &Pig) -> Option<PigMove> {
    let worths = table.move_worths(tiers, position)?;
    let top = worths
        .iter()
        .map(|&(_, worth)| worth)
        .fold(f64::NEG_INFINITY, f64::max);
    worths
        .into_iter()
        .find(|&(_, worth)| worth == top)
        .map(|(mv, _)| mv)
}

/// Each pair of scores a square, shaded by the turn total to hold at.
fn draw(best: &impl Fn(&Pig) -> Option<PigMove>, start: Pig, path: &Path) -> Result<(), String> {
    use plotters::prelude::*;
    let goal = u32::from(start.goal());
    let root = SVGBackend::new(path, (640, 640)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let mut chart = ChartBuilder::on(&root)
        .caption("Pig: the turn total to hold at", ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(36)
        .build_cartesian_2d(0..goal, 0..goal)
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc("the mover's score")
        .y_desc("the other's score")
        .draw()
        .map_err(|e| e.to_string())?;
    let squares = (0..start.goal()).flat_map(|i| (0..start.goal()).map(move |j| (i, j)));
    let shade = |turn: u16| {
        let level = 255 - (u32::from(turn) * 255 / goal) as u8;
        RGBColor(level, level, 255).filled()
    };
    chart
        .draw_series(squares.filter_map(|(i, j)| {
            let turn = hold_at(best, start, i, j)?;
            let (x, y) = (u32::from(i), u32::from(j));
            Some(Rectangle::new([(x, y), (x + 1, y + 1)], shade(turn)))
        }))
        .map_err(|e| e.to_string())?;
    root.present().map_err(|e| e.to_string())
}

fn run(args: Args) -> Result<(), Failure> {
    let start = if args.piglet {
        Pig::piglet(args.goal)
    } else {
        Pig::new(args.goal)
    }
    .map_err(|e| e.to_string())?;
    let began = Instant::now();
    let out_of_reach = |e: &dyn std::fmt::Display| Failure::OutOfReach(e.to_string());
    let best: Policy = if args.by_keys {
        let solution = CyclicSolver::new()
            .solve(&start)
            .map_err(|e| out_of_reach(&e))?;
        let value = solution.value(&start).unwrap_or_default();
        let (components, sweeps) = solution.work();
        println!(
            "first_player_wins={:.9} positions={} components={components} sweeps={sweeps} residual={:.1e} seconds={:.2}",
            Pig::chance_to_win(value),
            solution.len(),
            solution.residual(),
            began.elapsed().as_secs_f64()
        );
        Box::new(move |position| solution.best_move(position))
    } else {
        let tiers = ByBanked::new(start);
        let mut solver = Retrograde::new().with_threads(usize::from(args.threads));
        // The start's tier, and every tier for the picture.
        let all = args.svg.is_some();
        let table = solver
            .solve_expected(&tiers, |tier| all || tier == 0)
            .map_err(|e| out_of_reach(&e))?;
        let value = table.value(&tiers, &start).unwrap_or_default();
        let indices: u64 = (0..tiers.tier_count()).map(|t| tiers.tier_len(t)).sum();
        println!(
            "first_player_wins={:.9} indices={indices} tiers={} sweeps={} residual={:.1e} seconds={:.2}",
            Pig::chance_to_win(value),
            tiers.tier_count(),
            table.sweeps(),
            table.residual(),
            began.elapsed().as_secs_f64()
        );
        Box::new(move |position| best_in(&table, &tiers, position))
    };
    if args.exact {
        use gamesolver::chance::{BigRational, Expectation};
        let exact = CyclicSolver::new()
            .solve_exact(&start)
            .map_err(|e| out_of_reach(&e))?;
        let value = exact
            .value(&start)
            .cloned()
            .unwrap_or_else(|| BigRational::from_int(0));
        let chance = (value + BigRational::from_int(1)) / BigRational::from_int(2);
        println!("first_player_wins_exactly={chance}");
    }
    if let Some(path) = &args.svg {
        draw(&best, start, path).map_err(Failure::OutOfReach)?;
    }
    Ok(())
}

fn main() {
    let args = Args::parse();
    if let Err(failure) = run(args) {
        failure::exit(Args::command(), failure);
    }
}
