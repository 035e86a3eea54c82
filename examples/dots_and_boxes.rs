//! Dots and Boxes solved on the crate's public API, as a user would write it: the rules
//! ([`gamesolver::games::dots_and_boxes`]), where a line that completes a box keeps the turn; with `--symmetry` the
//! board's symmetries and the exchange of a box's edge lines as canonical keys, with
//! `--captures` a free capture taken at once and otherwise, where a box can be taken, only the
//! captures and their decline searched (all proven in the game's module), and elsewhere the lines in
//! the order a player would try them: those that hand over no box first, from the centre out.
//!
//! ```text
//! cargo run --release --example dots_and_boxes -- 3 3        # 3 x 3 boxes: value -3
//! cargo run --release --example dots_and_boxes -- 4 3 --symmetry --captures --value
//! cargo run --release --example dots_and_boxes -- 3 3 --brute  # by the brute force instead
//! cargo run --release --example dots_and_boxes -- 4 3 --tiers --threads 2  # by retrograde
//! ```

use clap::{CommandFactory, Parser};
use cli_support::failure::{self, Failure};
use cli_support::pipe;
use gamesolver::games::dots_and_boxes::{
    ByLines, DotsAndBoxes, Symmetries, TakeFreeBoxes, brute_value,
};
use gamesolver::{Knowledge, Retrograde, SearchConfig, Solver, Tiers};
use std::time::Instant;

/// Dots and Boxes on WIDTH x HEIGHT boxes: the first player's margin in boxes with perfect
/// play, and its best first lines (numbered from 0: the horizontal lines row by row from the
/// top, then the vertical ones).
#[derive(Debug, Parser)]
#[command(name = "dots_and_boxes")]
struct Args {
    /// Boxes a row.
    width: usize,
    /// Rows of boxes.
    height: usize,
    /// Positions equal up to a symmetry of the board, or to an exchange of two lines on the
    /// board's edge that are sides of one box, share one table entry.
    #[arg(long)]
    symmetry: bool,
    /// A free capture (a line that completes a box and gives no box its third side) is the
    /// only move searched, else where a box can be taken the captures and their decline; other
    /// lines go in a player's order (those that hand over no box first, from the centre out).
    #[arg(long)]
    captures: bool,
    /// The value alone, without the optimal first lines and a line of play.
    #[arg(long)]
    value: bool,
    /// Print the nodes searched so far to stderr every 30 seconds (on several threads, the
    /// main thread's).
    #[arg(long)]
    progress: bool,
    /// Threads to search on.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
    /// The table's size in MiB (the default table suits boards up to 3x3).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=65_536))]
    table_mib: Option<u32>,
    /// The value by the bench's brute force instead of the solver: one pass over every set of
    /// lines, a byte each (boards of at most 31 lines: 2 GiB for 3x4).
    #[arg(
        long,
        conflicts_with_all = ["symmetry", "captures", "value", "progress", "threads", "table_mib"]
    )]
    brute: bool,
    /// The value by retrograde analysis in tiers of the lines drawn, on `--threads`: each
    /// tier valued from the next, two tiers held at once (600 MB for 3x4).
    #[arg(
        long,
        conflicts_with_all = ["symmetry", "captures", "value", "progress", "table_mib", "brute"]
    )]
    tiers: bool,
}

fn run(args: &Args) -> Result<(), Failure> {
    let start =
        DotsAndBoxes::new(args.width, args.height).map_err(|e| Failure::Input(e.to_string()))?;
    if args.brute {
        return brute(&start);
    }
    if args.tiers {
        return by_tiers(&start, usize::from(args.threads));
    }
    let mut config = SearchConfig::default().with_threads(usize::from(args.threads));
    if let Some(mib) = args.table_mib {
        config = config.with_table_bytes(usize::try_from(mib).unwrap_or(usize::MAX) << 20);
    }
    let mut solver = Solver::with_config(config);
    if args.progress {
        let clock = Instant::now();
        let mut reports = 0u64;
        solver = solver.on_progress(move |progress| {
            let seconds = clock.elapsed().as_secs();
            if seconds >= 30 * (reports + 1) {
                reports = seconds / 30;
                eprintln!("{seconds} s: {} nodes", progress.nodes);
            }
        });
    }
    let symmetries = args.symmetry.then(|| Symmetries::of(&start));
    if args.captures {
        let knowledge = TakeFreeBoxes::new(&start, symmetries);
        report(solver.with_knowledge(knowledge), &start, args)
    } else if let Some(symmetries) = symmetries {
        report(solver.with_knowledge(symmetries), &start, args)
    } else {
        report(solver, &start, args)
    }
}

/// Solves `start` (or finds its value alone, with `--value`) and prints the result.
fn report<K: Knowledge<DotsAndBoxes>>(
    mut solver: Solver<DotsAndBoxes, K>,
    start: &DotsAndBoxes,
    args: &Args,
) -> Result<(), Failure> {
    let clock = Instant::now();
    let out_of_reach = |e: gamesolver::SolveError| Failure::OutOfReach(e.to_string());
    let (value, best) = if args.value {
        (solver.value(start).map_err(out_of_reach)?, String::new())
    } else {
        let solution = solver.solve(start).map_err(out_of_reach)?;
        let lines: Vec<String> = solution.best_moves.iter().map(u8::to_string).collect();
        (solution.value, format!(" best={}", lines.join(",")))
    };
    println!(
        "{}x{} value={value:+}{best} nodes={} s={:.2}",
        args.width,
        args.height,
        solver.nodes(),
        clock.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The value of `start` by the brute-force pass, timed.
fn brute(start: &DotsAndBoxes) -> Result<(), Failure> {
    let lines = start.lines();
    let clock = Instant::now();
    let (width, height) = start.size();
    let value = brute_value(width, height).map_err(|e| Failure::OutOfReach(e.to_string()))?;
    println!(
        "{width}x{height} value={value:+} brute force over 2^{lines} sets of lines s={:.2}",
        clock.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The value of `start` by retrograde analysis in tiers of lines drawn, timed.
fn by_tiers(start: &DotsAndBoxes, threads: usize) -> Result<(), Failure> {
    let clock = Instant::now();
    let tiers = ByLines::new(start);
    let table = Retrograde::new()
        .with_threads(threads)
        .solve_scores_keeping(&tiers, |tier| tier == 0)
        .map_err(|e| Failure::OutOfReach(e.to_string()))?;
    let value = table
        .value(&tiers, start)
        .ok_or(Failure::OutOfReach("the start was not kept".to_string()))?;
    let (width, height) = start.size();
    println!(
        "{width}x{height} value={value:+} by {} tiers of lines drawn s={:.2}",
        tiers.tier_count(),
        clock.elapsed().as_secs_f64()
    );
    Ok(())
}

fn main() {
    pipe::quiet_on_closed_pipe();
    if let Err(failure) = run(&Args::parse()) {
        failure::exit(Args::command(), failure);
    }
}
