//! Connect 4 on the crate's public API, as a user would write it: the exact score of a
//! position, with the rules and the bounds any player sees, or with a dedicated solver's hints.
//!
//! ```text
//! cargo run --release --example connect4 -- 4453             # one position (columns 1..=7)
//! cargo run --release --example connect4 -- --hints 4453
//! cargo run --release --example connect4 -- --set tests/data/connect4/L2_R1.txt
//! cargo run --release --example connect4 -- --hints --threads 2 --set tests/data/connect4/L1_R2.txt
//! cargo run --release --example connect4 -- --hints --jobs /tmp/c4 4453
//! ```
//!
//! `--jobs DIR` solves the position through the job files of a split solve (`gamesolver::jobs`),
//! the same files that a scheduler's workers would run: merge, run the round's jobs, merge
//! again (here one job after another), until the value.
//!
//! A set file holds one position a line, `MOVES SCORE NODES` (Pons' format); `--set` solves each,
//! checks its score and prints the mean time and nodes beside the reference's nodes. Moves and
//! errors count columns 1..=7 and moves from 1, as the input does.

use clap::{ArgGroup, CommandFactory, Parser};
use cli_support::failure::{self, Failure};
use cli_support::pipe;
use gamesolver::games::connect4::{Connect4, StonesLeft, Threats};
use gamesolver::jobs::{ClaimSolve, Merged};
use gamesolver::{Knowledge, SearchConfig, Solver};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// A solver as the example runs it: a table of `table_bytes` (the knowledge's
/// `TABLE_BYTES`), made now.
fn solver<K: Knowledge<Connect4>>(
    knowledge: K,
    table_bytes: usize,
    threads: usize,
) -> Solver<Connect4, K> {
    let config = SearchConfig::default()
        .with_table_bytes(table_bytes)
        .with_threads(threads);
    let mut solver = Solver::with_config(config).with_knowledge(knowledge);
    solver.prepare();
    solver
}

/// The exact score of `position`, the nodes it took and the time, from an empty table.
/// One solver serves every position, as a user's would (and as Pons' solver is timed): the
/// table is emptied before the clock starts.
fn solve<K: Knowledge<Connect4>>(
    solver: &mut Solver<Connect4, K>,
    position: &Connect4,
) -> (i64, u64, f64) {
    solver.clear();
    let before = solver.nodes();
    let start = Instant::now();
    let value = solver.value(position).expect("Connect 4 games are short");
    (
        value,
        solver.nodes() - before,
        start.elapsed().as_secs_f64(),
    )
}

/// Connect 4: the exact score of a position (columns 1..=7, as `4453`), or of every position of
/// a set file, with the bounds any player sees or with a dedicated solver's hints.
#[derive(Debug, Parser)]
#[command(name = "connect4")]
#[command(group(ArgGroup::new("input").required(true).args(["moves", "set"])))]
struct Cli {
    /// The moves from the empty board, a column 1..=7 each.
    moves: Option<String>,
    /// A file of positions, one a line: `MOVES SCORE NODES` (Pons' format).
    #[arg(long)]
    set: Option<PathBuf>,
    /// Searches with Pons' hints (the `Threats` knowledge).
    #[arg(long)]
    hints: bool,
    /// Threads to search on.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
    /// Solves the position through the job files of a split solve in this directory, one
    /// thread a job (a directory of another position is refused).
    #[arg(long, conflicts_with = "set")]
    jobs: Option<PathBuf>,
}

/// The largest set file read: 16 MiB (Pons' sets of 1,000 positions are 60 KB).
const MAX_SET_BYTES: u64 = 16 << 20;

/// How much of a refused line an error quotes.
const QUOTED_CHARS: usize = 40;

impl Cli {
    /// Solves the position or the set.
    fn run(self) -> Result<(), Failure> {
        let threads = usize::from(self.threads);
        if let Some(dir) = &self.jobs {
            let moves = self.moves.as_deref().unwrap_or_default();
            let position = Connect4::from_moves(moves).map_err(|e| e.to_string())?;
            let value = if self.hints {
                solve_by_jobs(position, Threats, Threats::TABLE_BYTES, dir)
            } else {
                solve_by_jobs(position, StonesLeft, StonesLeft::TABLE_BYTES, dir)
            }?;
            print!("{position}");
            println!("score {value} (by the job files in {})", dir.display());
            return Ok(());
        }
        if self.hints {
            self.answer(&mut solver(Threats, Threats::TABLE_BYTES, threads))
        } else {
            self.answer(&mut solver(StonesLeft, StonesLeft::TABLE_BYTES, threads))
        }
    }

    fn answer<K: Knowledge<Connect4>>(
        &self,
        solver: &mut Solver<Connect4, K>,
    ) -> Result<(), Failure> {
        if let Some(file) = &self.set {
            return solve_set(solver, file);
        }
        let moves = self.moves.as_deref().unwrap_or_default();
        let position = Connect4::from_moves(moves).map_err(|e| e.to_string())?;
        let (value, nodes, time) = solve(solver, &position);
        print!("{position}");
        println!("score {value} ({nodes} nodes, {:.1} ms)", time * 1e3);
        Ok(())
    }
}

/// The score of `position` through the job files in `dir`, as a scheduler's workers would
/// run them: merge, run each job of the round, merge again. Prints each round.
fn solve_by_jobs<K: Knowledge<Connect4> + 'static>(
    position: Connect4,
    knowledge: K,
    table_bytes: usize,
    dir: &Path,
) -> Result<i64, Failure> {
    // Each merge and each job as a process of its own would: a solve rebuilt from the files.
    let split = || {
        let of_jobs = knowledge.clone();
        ClaimSolve::new(position, knowledge.clone())
            .with_solver(move || solver(of_jobs.clone(), table_bytes, 1))
            .with_jobs_per_round(16)
    };
    let mut round = 0;
    loop {
        let jobs = match split().merge_dir(dir).map_err(|e| e.to_string())? {
            Merged::Solved { value, .. } => return Ok(value),
            Merged::Missing(jobs) | Merged::Next(jobs) => jobs,
        };
        round += 1;
        let mut nodes = 0;
        for job in &jobs {
            nodes += split().run_job_file(job).map_err(|e| e.to_string())?.nodes;
        }
        println!("round {round}: {} jobs, {nodes} nodes", jobs.len());
    }
}

/// Solves every position of the set file, checks each score and prints the means.
fn solve_set<K: Knowledge<Connect4>>(
    solver: &mut Solver<Connect4, K>,
    file: &Path,
) -> Result<(), Failure> {
    let text = read_set(file)?;
    let (mut count, mut nodes, mut reference, mut seconds) = (0u64, 0u64, 0u64, 0.0);
    for (number, line) in (1..).zip(text.lines()) {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let at = |why: String| format!("{}: line {number}: {why}", file.display());
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [moves, score, pons] = fields[..] else {
            return Err(at(format!("not MOVES SCORE NODES: {}", quoted(line))).into());
        };
        let position = Connect4::from_moves(moves).map_err(|e| at(e.to_string()))?;
        let (value, searched, time) = solve(solver, &position);
        seconds += time;
        if score.parse::<i64>().ok() != Some(value) {
            return Err(at(format!("score {value}, expected {}", quoted(score))).into());
        }
        count += 1;
        nodes += searched;
        reference += pons.parse::<u64>().unwrap_or(0);
    }
    let count_f = count.max(1) as f64;
    println!(
        "{count} positions, all scores right: {:.4} ms and {:.0} nodes a position (reference {:.0} nodes)",
        seconds * 1e3 / count_f,
        nodes as f64 / count_f,
        reference as f64 / count_f,
    );
    Ok(())
}

/// The set file, read no further than [`MAX_SET_BYTES`].
fn read_set(file: &Path) -> Result<String, String> {
    let mut text = String::new();
    std::fs::File::open(file)
        .and_then(|opened| opened.take(MAX_SET_BYTES + 1).read_to_string(&mut text))
        .map_err(|e| format!("{}: {e}", file.display()))?;
    if text.len() as u64 > MAX_SET_BYTES {
        return Err(format!(
            "{}: longer than {MAX_SET_BYTES} bytes, more than a set file holds",
            file.display()
        ));
    }
    Ok(text)
}

/// At most the first 40 characters of `text`, with its length if it is longer.
fn quoted(text: &str) -> String {
    match text.char_indices().nth(QUOTED_CHARS) {
        Some((end, _)) => format!("{:?}... ({} bytes)", &text[..end], text.len()),
        None => format!("{text:?}"),
    }
}

fn main() {
    pipe::quiet_on_closed_pipe();
    if let Err(failure) = Cli::parse().run() {
        failure::exit(Cli::command(), failure);
    }
}
