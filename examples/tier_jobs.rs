//! Dots and Boxes valued by retrograde analysis in tiers of the lines drawn, as jobs that
//! independent processes run (`gamesolver::jobs::tiers`): `plan` writes the jobs and a script
//! for each scheduler, each job is this program's `run`, `value` reads the start's value back,
//! and `simulate` gives the time the jobs would take on more workers from what each took.
//!
//! ```text
//! cargo build --release --example tier_jobs
//! B=target/release/examples/tier_jobs
//! $B plan /tmp/dots 3 3 --pieces 8      # the jobs, and xargs.sh, parallel.sh, slurm.sh
//! WORKERS=2 sh /tmp/dots/xargs.sh        # or: sbatch-free GNU Parallel, or sh slurm.sh
//! $B value /tmp/dots 3 3                 # value=-3
//! $B simulate /tmp/dots 3 3 --workers 1,8,64
//! ```

use clap::{CommandFactory, Parser, Subcommand};
use cli_support::failure::{self, Failure};
use gamesolver::Retrograde;
use gamesolver::games::dots_and_boxes::{ByLines, DotsAndBoxes};
use gamesolver::jobs::simulate;
use gamesolver::jobs::tiers::{MIN_RANGE, TierJob, TierPlan, read_tier, run_tier_job, wave_times};
use std::path::{Path, PathBuf};

/// Dots and Boxes on WIDTH x HEIGHT boxes, valued tier by tier in jobs.
#[derive(Debug, Parser)]
#[command(name = "tier_jobs")]
struct Args {
    #[command(subcommand)]
    command: Step,
}

#[derive(Debug, Subcommand)]
enum Step {
    /// Write the jobs to DIR, each tier cut into PIECES ranges (none shorter than 65,536
    /// indices), with a script for each scheduler.
    Plan {
        dir: PathBuf,
        width: usize,
        height: usize,
        /// Ranges a tier is cut into.
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
        pieces: u64,
    },
    /// Run one job: the indices START..END of TIER, the tiers it needs read from DIR.
    Run {
        dir: PathBuf,
        width: usize,
        height: usize,
        tier: usize,
        start: u64,
        end: u64,
        /// Threads to solve on.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: u16,
    },
    /// The start's value, read from DIR once every job has run.
    Value {
        dir: PathBuf,
        width: usize,
        height: usize,
    },
    /// The time the jobs in DIR would take on each number of workers, from what each took.
    Simulate {
        dir: PathBuf,
        width: usize,
        height: usize,
        /// Worker counts, comma-separated.
        #[arg(long, value_delimiter = ',', default_value = "1,2,8,64")]
        workers: Vec<usize>,
        /// Ranges a tier was cut into, as planned.
        #[arg(long, default_value_t = 4)]
        pieces: u64,
    },
}

/// The board's numbering.
fn numbering(width: usize, height: usize) -> Result<ByLines, Failure> {
    let board = DotsAndBoxes::new(width, height).map_err(|e| Failure::Input(e.to_string()))?;
    Ok(ByLines::new(&board))
}

/// The plan of `tiers`, each tier cut into `pieces`.
fn plan(tiers: &ByLines, pieces: u64) -> Result<TierPlan, Failure> {
    TierPlan::new(tiers, pieces, MIN_RANGE).map_err(|e| Failure::Input(e.to_string()))
}

/// A failure of the run, past the input.
fn failed(e: &dyn std::fmt::Display) -> Failure {
    Failure::OutOfReach(e.to_string())
}

/// Writes the plan of the board's tiers, each cut into `pieces`, and its scripts into `dir`.
fn write_plan(dir: &Path, (width, height): (usize, usize), pieces: u64) -> Result<(), Failure> {
    let tiers = numbering(width, height)?;
    let plan = plan(&tiers, pieces)?;
    let me = std::env::current_exe().map_err(|e| failed(&e))?;
    let command = format!("{} run {} {width} {height}", me.display(), dir.display());
    plan.write_dir(dir, &command).map_err(|e| failed(&e))?;
    let jobs: usize = plan.waves().iter().map(Vec::len).sum();
    println!(
        "{jobs} jobs in {} waves in {}",
        plan.waves().len(),
        dir.display()
    );
    Ok(())
}

fn run(args: Args) -> Result<(), Failure> {
    match args.command {
        Step::Plan {
            dir,
            width,
            height,
            pieces,
        } => write_plan(&dir, (width, height), pieces)?,
        Step::Run {
            dir,
            width,
            height,
            tier,
            start,
            end,
            threads,
        } => {
            let tiers = numbering(width, height)?;
            let mut solver = Retrograde::new().with_threads(usize::from(threads));
            let job = TierJob {
                tier,
                range: start..end,
            };
            let values = run_tier_job(&tiers, &mut solver, &dir, &job).map_err(|e| failed(&e))?;
            let (setup, solve) = values.times();
            println!(
                "tier {tier} {start}..{end} read={:.3} s solve={:.3} s",
                setup.as_secs_f64(),
                solve.as_secs_f64()
            );
        }
        Step::Value { dir, width, height } => {
            let tiers = numbering(width, height)?;
            let start = read_tier(&tiers, &dir, 0).map_err(|e| failed(&e))?;
            let value = start
                .value_at(0)
                .ok_or_else(|| failed(&"no value at the start"))?;
            println!("{width}x{height} value={value:+}");
        }
        Step::Simulate {
            dir,
            width,
            height,
            workers,
            pieces,
        } => {
            let tiers = numbering(width, height)?;
            let times = wave_times(&tiers, &plan(&tiers, pieces)?, &dir).map_err(|e| failed(&e))?;
            let one = simulate::makespan(&times, 1).as_secs_f64();
            for count in workers {
                let span = simulate::makespan(&times, count).as_secs_f64();
                println!(
                    "workers={count} makespan={span:.2} s speedup={:.2}",
                    one / span
                );
            }
        }
    }
    Ok(())
}

fn main() {
    if let Err(failure) = run(Args::parse()) {
        failure::exit(Args::command(), failure);
    }
}
