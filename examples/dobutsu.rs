//! Dobutsu shogi solved whole by the retrograde solver's indexed path: every one of its
//! 1,567,925,964 positions won, lost or drawn, with the distance to the end; then the
//! positions reachable from the start counted, as Tanaka's analysis (2009) gives them.
//! A position and its mirror image are solved once (`UpToMirror`: 855,232,344 indices);
//! `--whole` solves every position on its own instead.
//!
//! ```text
//! cargo run --release --example dobutsu -- [--threads N] [--whole] [--save FILE | --load FILE]
//! ```

use clap::Parser;
use gamesolver::Numbering;
use gamesolver::games::dobutsu::{ByLions, Dobutsu, UpToMirror};
use gamesolver::retrograde::{Counts, IndexedTablebase, Reached, RetroProgress, Retrograde};
use indicatif::{ProgressBar, ProgressStyle};
use std::error::Error;
use std::fs::File;
use std::io::{BufReader, BufWriter};
use std::path::PathBuf;
use std::time::Instant;

/// Solves Dobutsu shogi by retrograde analysis.
#[derive(Debug, Parser)]
struct Args {
    /// Threads (every core by default).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: Option<u16>,
    /// Saves the solved table to this file.
    #[arg(long, conflicts_with = "load")]
    save: Option<PathBuf>,
    /// Reads a solved table from this file instead of solving.
    #[arg(long)]
    load: Option<PathBuf>,
    /// Solves every position on its own, not a position and its mirror image once.
    #[arg(long)]
    whole: bool,
}

/// A progress bar over `len` steps, with the time left; without a length (the positions a
/// start reaches are not known before), a count and the time spent.
fn bar(len: Option<u64>, what: &str) -> ProgressBar {
    let (template, progress) = match len {
        Some(len) => (
            "{msg:>12} [{bar:40}] {percent:>3}% {elapsed_precise} elapsed, {eta_precise} left",
            ProgressBar::new(len),
        ),
        None => (
            "{msg:>12} {spinner} {pos} found, {elapsed_precise} elapsed",
            ProgressBar::new_spinner(),
        ),
    };
    let style = ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
    progress.with_style(style).with_message(what.to_owned())
}

/// The solver, its progress shown: the first pass over every index, then the positions won
/// or lost so far, layer by layer. Without a terminal, a line a layer instead.
fn solver(args: &Args, steps: Option<u64>) -> Retrograde {
    let progress = bar(steps, "first pass");
    let clock = Instant::now();
    let solver = Retrograde::new().with_progress(move |at| {
        let (message, position) = match at {
            RetroProgress::Ends { done, .. } => ("first pass".to_owned(), done),
            RetroProgress::Layer { plies, total, .. } => (format!("ply {plies}"), total),
            RetroProgress::Reach { plies, found } => (format!("reach {plies}"), found),
            _ => return,
        };
        if progress.is_hidden() && !matches!(at, RetroProgress::Ends { .. }) {
            eprintln!("{:>8.1?} {message}: {position}", clock.elapsed());
        }
        progress.set_message(message);
        progress.set_position(position as u64);
    });
    match args.threads {
        Some(threads) => solver.with_threads(usize::from(threads)),
        None => solver,
    }
}

/// The table of `numbering`: solved, or read from `--load`; saved to `--save`.
fn table<N: Numbering + Sync>(
    args: &Args,
    numbering: &N,
) -> Result<IndexedTablebase, Box<dyn Error>> {
    let indices = numbering.index_count();
    let clock = Instant::now();
    let solved = match &args.load {
        Some(path) => IndexedTablebase::load(numbering, &mut BufReader::new(File::open(path)?))?,
        None => solver(args, Some(indices)).solve_indexed(numbering)?,
    };
    println!("{indices} indices solved in {:.1?}", clock.elapsed());
    if let Some(path) = &args.save {
        solved.save(numbering, &mut BufWriter::new(File::create(path)?))?;
        println!("saved to {}", path.display());
    }
    Ok(solved)
}

/// Prints `counts` after `what`.
fn print_counts(what: &str, counts: Counts) {
    println!(
        "{what}: {} won, {} lost, {} drawn for the side to move",
        counts.wins, counts.losses, counts.draws
    );
}

/// Solves every index of `numbering` and counts what the start reaches: the indices' counts,
/// and with `positions` (the positions an index stands for) each weighed to count positions.
fn run<N: Numbering<Game = Dobutsu> + Sync>(
    args: &Args,
    numbering: &N,
    positions: impl Fn(u64) -> u64,
) -> Result<Reached, Box<dyn Error>> {
    let solved = table(args, numbering)?;
    print_counts("all indices", solved.counts());
    let weighed: Counts = solved
        .iter()
        .flat_map(|(index, value)| std::iter::repeat_n(value.verdict, positions(index) as usize))
        .collect();
    print_counts("all positions", weighed);
    let start = Dobutsu::new();
    let value = solved
        .value(numbering, &start)
        .ok_or("the start has an index")?;
    println!(
        "the start: {:?} for the side to move, in {} plies",
        value.verdict, value.plies
    );
    let clock = Instant::now();
    let reached = solver(args, None).reach(numbering, &start)?;
    println!(
        "{} indices reachable from the start ({} plies deep), in {:.1?}",
        reached.len(),
        reached.depth(),
        clock.elapsed()
    );
    print_counts("of them", solved.counts_in(&reached));
    Ok(reached)
}

fn main() -> Result<(), Box<dyn Error>> {
    let args = Args::parse();
    if !args.whole {
        // Tanaka counts a position and its mirror image once, as these indices do.
        let classes = UpToMirror::default();
        run(&args, &classes, |index| classes.positions_at(index))?;
        return Ok(());
    }
    let whole = ByLions::default();
    let reached = run(&args, &whole, |_| 1)?;
    let classes = (0..whole.index_count())
        .filter(|&index| reached.contains(index))
        .filter_map(|index| whole.position_at(index))
        .filter(|position| whole.index(&position.mirrored()) >= whole.index(position));
    println!("{} of them up to mirror images", classes.count());
    Ok(())
}
