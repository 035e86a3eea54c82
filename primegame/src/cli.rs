//! The command line of `primegame`: one `Args` struct a subcommand, each with a `run`.
//!
//! ```text
//! primegame solve N [--upto M] [--threads T] [--table-mib M] [--stats]
//!                 [--results FILE [--save-every M]] [--minutes M]
//!                                exact value, optimal first moves and a line for 1..=N;
//!                                stopped after M minutes (status 1), resumed from FILE
//! primegame solve --board X,Y,.. the same for any position, the side to move's value
//! primegame match --n N --ms MS --games G A B
//!                                G games of strategy A against B, MS milliseconds a move
//! primegame think --n N --ms MS  one engine search of 1..=N (or --board X,Y,..), one line
//! primegame engine [--threads T] the engine protocol on stdin and stdout (see README)
//! primegame plan N --dir D [--split K]
//!                                a solve of 1..=N split into jobs: the first round, D/*.job
//! primegame job FILE.. [--threads T] [--isolated] [--minutes M]
//!                                runs jobs, writes each FILE's .result beside it, and
//!                                what they proved for later rounds (.proven); stopped
//!                                after M minutes (status 1), resumed from FILE.stopped
//! primegame merge D              the answer (status 0), or the next round's jobs (status 3)
//! primegame simulate D --workers W1,W2,..
//!                                the makespan of D's measured jobs on W workers
//! primegame plot --upto N --out F.svg
//!                                the value and nodes of 1..=N, solved in turn, as a picture
//! ```
//!
//! A round on one machine: `ls D/*.job | xargs -P 2 -n 8 primegame job`, then `merge D`
//! (jobs with a result may be skipped; running one again changes nothing; the jobs given to
//! one process share its table).

use crate::{arena, jobs, plot, protocol, solve, think};
use clap::{ArgGroup, Args, CommandFactory, Parser, Subcommand};
use cli_support::failure::{self, Failure};
use cli_support::pipe;
use gamesolver::jobs::Merged;
use std::path::{Path, PathBuf};

/// PrimeGame: take a number, score it, hand the opponent its divisors still on the board.
#[derive(Debug, Parser)]
#[command(name = "primegame")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Exact value, optimal first moves and a line of play, of 1..=N or of any board.
    Solve(SolveArgs),
    /// G games of strategy A against strategy B (random, greedy, prime, onegreedy, twoply,
    /// engine), sides alternating.
    Match(MatchArgs),
    /// One engine search of a position, then one line:
    /// `depth=D nodes=K nps=R value=V move=X ms=T exact=true|false`.
    Think(ThinkArgs),
    /// Writes the first round of jobs of the exact solve of 1..=N into D (see `merge`).
    Plan(PlanArgs),
    /// Runs job files of one board in turn, one table for all, and writes each result beside
    /// its job (`.result`), printing it too.
    Job(JobArgs),
    /// Reads every result of D: prints the answer as `solve` does (status 0), or lists the
    /// jobs still to run, writing the next round's (status 3).
    Merge(MergeArgs),
    /// The makespan of D's measured jobs on each number of workers (list scheduling, rounds
    /// one after the other), against their sum on one.
    Simulate(SimulateArgs),
    /// The engine protocol on standard input and output (see the README).
    Engine(EngineArgs),
    /// Solves 1..=N in turn and draws each board's value and nodes as an SVG picture; prints
    /// one line a board.
    Plot(PlotArgs),
}

/// The options of `plot`.
#[derive(Debug, Args)]
struct PlotArgs {
    /// The last board, 1 to 256 (past 199, each board takes hours).
    #[arg(long, default_value_t = 128, value_parser = clap::value_parser!(u32).range(1..=256))]
    upto: u32,
    /// The SVG file to write.
    #[arg(long)]
    out: PathBuf,
    /// Threads to search on.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
}

/// The options of `match`.
#[derive(Debug, Args)]
struct MatchArgs {
    /// The board 1..=N.
    #[arg(long, default_value_t = 200)]
    n: u32,
    /// Milliseconds a move.
    #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u64).range(1..))]
    ms: u64,
    /// Games to play.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// The first strategy.
    a: String,
    /// The second strategy.
    b: String,
}

/// The options of `think`.
#[derive(Debug, Args)]
#[command(group(ArgGroup::new("position").required(true).args(["n", "board"])))]
struct ThinkArgs {
    /// The board 1..=N.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=i64::from(gamesolver::games::prime::MAX_N)))]
    n: Option<u32>,
    /// The numbers on the board, comma-separated.
    #[arg(long, value_delimiter = ',')]
    board: Option<Vec<u64>>,
    /// Milliseconds for the whole answer, building the position included.
    #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u64).range(1..))]
    ms: u64,
}

/// The options of `plan`.
#[derive(Debug, Args)]
struct PlanArgs {
    /// The board 1..=N.
    n: u32,
    /// The directory for the job files.
    #[arg(long)]
    dir: PathBuf,
    /// How deep the principal line is split (1: root moves only).
    #[arg(long, default_value_t = 2)]
    split: usize,
}

/// The options of `merge`.
#[derive(Debug, Args)]
struct MergeArgs {
    /// The directory of the job files.
    dir: PathBuf,
}

/// The options of `simulate`.
#[derive(Debug, Args)]
struct SimulateArgs {
    /// The directory of the job files, every job run.
    dir: PathBuf,
    /// Numbers of workers, comma-separated, each at least 1.
    #[arg(long, value_delimiter = ',', default_value = "1,8,64,512",
          value_parser = clap::value_parser!(u32).range(1..))]
    workers: Vec<u32>,
    /// The one-process solve's time in ms, to give the speed-up over it too.
    #[arg(long)]
    solve_ms: Option<u64>,
}

/// The options of `engine`.
#[derive(Debug, Args)]
struct EngineArgs {
    /// Threads to search on.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
}

/// The options of `solve`.
#[derive(Debug, Args)]
#[command(group(ArgGroup::new("position").required(true).args(["n", "board"])))]
struct SolveArgs {
    /// The board 1..=N.
    n: Option<u32>,
    /// The numbers on the board, comma-separated (the side to move's value).
    #[arg(long, value_delimiter = ',')]
    board: Option<Vec<u64>>,
    /// Threads to search on (default: every core).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: Option<u16>,
    /// Memory for the transposition table, in MiB, at most three quarters of the
    /// machine's (default: by board size, 16 up to 128 numbers, 256 up to 169, 4096 above);
    /// the process takes this and a few MB more, saves of results included.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    table_mib: Option<u64>,
    /// Prints on stderr, at the end, how the table served and the nodes of each ply.
    #[arg(long)]
    stats: bool,
    /// Solves every board from 1..=N to 1..=M in turn, with one table that carries what
    /// each board proved to the next.
    #[arg(long, conflicts_with = "board")]
    upto: Option<u32>,
    /// A file of proven results: loaded first if it exists, written after each board (but
    /// one quicker than the last save), every --save-every minutes and when the time runs
    /// out, so that the same command resumes a stopped solve.
    #[arg(long)]
    results: Option<PathBuf>,
    /// Stops after this many minutes (a fraction too) if not done, with status 1; with
    /// --results, saving what is proven.
    #[arg(long, value_parser = positive_minutes)]
    minutes: Option<f64>,
    /// With --results, also saves what is proven every this many minutes, so that a
    /// crash or a kill loses at most that much (the search goes on from its table).
    #[arg(long, value_parser = positive_minutes, default_value_t = 30.0, requires = "results")]
    save_every: f64,
}

/// The options of `job`.
#[derive(Debug, Args)]
struct JobArgs {
    /// The job files.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Threads to search on.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
    /// Memory for the transposition table, in MiB, as for `solve` (default: `solve`'s for
    /// the largest position the jobs search).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    table_mib: Option<u64>,
    /// Leaves out what earlier rounds proved (their `.proven` files in the jobs'
    /// directory, and `round0-*.proven`: other boards' results, loaded by every round),
    /// and saves nothing for later rounds.
    #[arg(long)]
    isolated: bool,
    /// Stops a job not done after this many minutes (a fraction too), with status 1,
    /// saving what it proved beside it (FILE.stopped): run it again to go on from there.
    #[arg(long, value_parser = positive_minutes)]
    minutes: Option<f64>,
}

/// Runs the command line of the process; a failure ends it with the status that says which
/// (2 bad input, 1 out of reach, 3 pending jobs from `merge`).
pub fn main() {
    pipe::quiet_on_closed_pipe();
    let result = match Cli::parse().command {
        Command::Solve(args) => args.run(),
        Command::Match(args) => args.run(),
        Command::Think(args) => args.run(),
        Command::Plan(args) => args.run(),
        Command::Job(args) => args.run(),
        Command::Merge(args) => args.run(),
        Command::Simulate(args) => args.run(),
        Command::Engine(args) => args.run(),
        Command::Plot(args) => args.run(),
    };
    if let Err(failure) = result {
        failure::exit(Cli::command(), failure);
    }
}

impl SolveArgs {
    /// One board, a sweep of boards, or a listed board.
    fn run(self) -> Result<(), Failure> {
        let options = solve::Options {
            threads: self.threads.map(usize::from),
            table_bytes: solve::table_bytes(self.table_mib)?,
            stats: self.stats,
            results: self.results,
            deadline: self.minutes.and_then(deadline),
            save_every: std::time::Duration::try_from_secs_f64(self.save_every * 60.0)
                .unwrap_or(std::time::Duration::MAX),
        };
        match (self.n, self.upto) {
            (Some(n), Some(last)) => solve::solve_range(n..=last, &options),
            (Some(n), None) => solve::solve(solve::full_board(n)?, options),
            (None, _) => solve::solve(
                solve::listed_board(&self.board.unwrap_or_default())?,
                options,
            ),
        }
    }
}

impl JobArgs {
    /// Runs the jobs, printing each result.
    fn run(self) -> Result<(), Failure> {
        let options = jobs::JobOptions {
            threads: usize::from(self.threads),
            table_bytes: solve::table_bytes(self.table_mib)?,
            isolated: self.isolated,
            deadline: self.minutes.and_then(deadline),
        };
        for (file, result) in self.files.iter().zip(jobs::run_jobs(&self.files, options)?) {
            println!("{}: {result}", file.display());
        }
        Ok(())
    }
}

/// The instant `minutes` from now; none past the clock's range (no limit then).
fn deadline(minutes: f64) -> Option<std::time::Instant> {
    std::time::Duration::try_from_secs_f64(minutes * 60.0)
        .ok()
        .and_then(|time| std::time::Instant::now().checked_add(time))
}

/// A number of minutes: positive and finite (a time past the clock's range means no limit).
fn positive_minutes(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(minutes) if minutes > 0.0 && minutes.is_finite() => Ok(minutes),
        _ => Err(format!("{text} is not a positive number of minutes")),
    }
}

impl MatchArgs {
    /// Plays the match, printing each game and the report.
    fn run(self) -> Result<(), Failure> {
        arena::run(self.n, self.ms, self.games, &self.a, &self.b).map_err(Failure::from)
    }
}

impl ThinkArgs {
    /// One search, one line.
    fn run(self) -> Result<(), Failure> {
        think::think(self.n, self.board.as_deref(), self.ms).map_err(Failure::from)
    }
}

impl PlanArgs {
    /// Writes the first round, printing each job file's path.
    fn run(self) -> Result<(), Failure> {
        for path in jobs::plan(self.n, &self.dir, self.split)? {
            println!("{}", path.display());
        }
        Ok(())
    }
}

impl EngineArgs {
    /// Serves the protocol until standard input ends.
    fn run(self) -> Result<(), Failure> {
        let (stdin, stdout) = (std::io::stdin(), std::io::stdout());
        protocol::serve_on_threads(stdin.lock(), stdout.lock(), usize::from(self.threads))
            .map_err(|e| Failure::from(e.to_string()))
    }
}

impl PlotArgs {
    /// The sweep, a line a board, then the picture.
    fn run(self) -> Result<(), Failure> {
        // The output path first, so that a bad one is refused before the solves.
        let temporary = plot::prepare_output(&self.out).map_err(Failure::Input)?;
        let line = |p: &plot::Point| {
            println!(
                "n={} value={} nodes={} ms={:.1}",
                p.n, p.value, p.nodes, p.ms
            );
        };
        let points = plot::sweep(self.upto, usize::from(self.threads), line).inspect_err(|_| {
            let _ = std::fs::remove_file(&temporary);
        })?;
        plot::draw(&points, &temporary, &self.out).map_err(Failure::OutOfReach)
    }
}

impl MergeArgs {
    /// The merge's answer on stdout; pending work exits with status 3.
    fn run(self) -> Result<(), Failure> {
        match jobs::merge(&self.dir)? {
            (
                n,
                Merged::Solved {
                    value,
                    best,
                    jobs,
                    nodes,
                    ms,
                },
            ) => {
                let best: Vec<String> = best.iter().flatten().map(u32::to_string).collect();
                println!("n={n} value={value} best={}", best.join(","));
                eprintln!("merged {jobs} jobs: {nodes} nodes, {ms} ms of work");
                Ok(())
            }
            (_, Merged::Missing(files)) => pending("no result yet", &files),
            (_, Merged::Next(files)) => pending("the next round, written", &files),
        }
    }
}

/// Lists the jobs still to run and exits with status 3.
fn pending(what: &str, files: &[PathBuf]) -> ! {
    println!("pending {} ({what}):", files.len());
    for file in files {
        println!("{}", file.display());
    }
    std::process::exit(3);
}

impl SimulateArgs {
    /// Each worker count's makespan, from the jobs' measured times.
    fn run(self) -> Result<(), Failure> {
        simulate(&self.dir, &self.workers, self.solve_ms).map_err(Failure::from)
    }
}

/// Each worker count's makespan, from the jobs' measured times.
fn simulate(dir: &Path, workers: &[u32], solve_ms: Option<u64>) -> Result<(), String> {
    use gamesolver::jobs::{pending_jobs, result_times, simulate::makespan};
    let text = |e: gamesolver::jobs::JobsError| e.to_string();
    if !pending_jobs(dir).map_err(text)?.is_empty() {
        return Err(format!("{}: some jobs have no result yet", dir.display()));
    }
    let rounds = result_times(dir).map_err(text)?;
    if rounds.is_empty() {
        return Err(format!(
            "{}: no .job file (plan the solve first)",
            dir.display()
        ));
    }
    let millis = |span: std::time::Duration| u64::try_from(span.as_millis()).unwrap_or(u64::MAX);
    let one = millis(makespan(&rounds, 1));
    for &w in workers {
        let span = millis(makespan(&rounds, usize::try_from(w).unwrap_or(usize::MAX)));
        // Jobs answered in under a millisecond count 0 ms: the speed-up of none is 1.
        let speedup = one.max(1) as f64 / span.max(1) as f64;
        let over_solve = solve_ms.map_or(String::new(), |ms| {
            format!(" over_solve={:.2}", ms as f64 / span.max(1) as f64)
        });
        println!("workers={w} makespan_ms={span} speedup={speedup:.2}{over_solve}");
    }
    Ok(())
}
