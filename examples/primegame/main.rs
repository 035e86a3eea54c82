//! PrimeGame from the command line.
//!
//! ```text
//! primegame                      the rules' example for n = 20, then the optimal game
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
//! ```
//!
//! A round on one machine: `ls D/*.job | xargs -P 2 -n 8 primegame job`, then `merge D`
//! (jobs with a result may be skipped; running one again changes nothing; the jobs given to
//! one process share its table).

#[path = "../common/failure.rs"]
mod failure;
#[path = "../common/pipe.rs"]
mod pipe;

mod arena;
mod contest;
mod jobs;
mod protocol;
mod solve;
mod strategies;
mod think;

use clap::{ArgGroup, Args, CommandFactory, Parser, Subcommand};
use failure::Failure;

/// PrimeGame: take a number, score it, hand the opponent its divisors still on the board.
/// Without a command: the rules' example for n = 20, then the optimal game.
#[derive(Debug, Parser)]
#[command(name = "primegame")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Exact value, optimal first moves and a line of play, of 1..=N or of any board.
    Solve(SolveArgs),
    /// G games of strategy A against strategy B (random, greedy, prime, onegreedy, twoply,
    /// engine), sides alternating.
    Match {
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
    },
    /// One engine search of a position, then one line:
    /// `depth=D nodes=K nps=R value=V move=X ms=T exact=true|false`.
    #[command(group(ArgGroup::new("position").required(true).args(["n", "board"])))]
    Think {
        /// The board 1..=N.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=i64::from(gamesolver::games::prime::MAX_N)))]
        n: Option<u32>,
        /// The numbers on the board, comma-separated.
        #[arg(long, value_delimiter = ',')]
        board: Option<Vec<u64>>,
        /// Milliseconds for the whole answer, building the position included.
        #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u64).range(1..))]
        ms: u64,
    },
    /// Writes the first round of jobs of the exact solve of 1..=N into D (see `merge`).
    Plan {
        /// The board 1..=N.
        n: u32,
        /// The directory for the job files.
        #[arg(long)]
        dir: std::path::PathBuf,
        /// How deep the principal line is split (1: root moves only).
        #[arg(long, default_value_t = 2)]
        split: usize,
    },
    /// Runs job files of one board in turn, one table for all, and writes each result beside
    /// its job (`.result`), printing it too.
    Job(JobArgs),
    /// Reads every result of D: prints the answer as `solve` does (status 0), or lists the
    /// jobs still to run, writing the next round's (status 3).
    Merge {
        /// The directory of the job files.
        dir: std::path::PathBuf,
    },
    /// The makespan of D's measured jobs on each number of workers (list scheduling, rounds
    /// one after the other), against their sum on one.
    Simulate {
        /// The directory of the job files, every job run.
        dir: std::path::PathBuf,
        /// Numbers of workers, comma-separated.
        #[arg(long, value_delimiter = ',', default_value = "1,8,64,512")]
        workers: Vec<usize>,
        /// The one-process solve's time in ms, to give the speed-up over it too.
        #[arg(long)]
        solve_ms: Option<u64>,
    },
    /// The engine protocol on standard input and output (see the README).
    Engine {
        /// Threads to search on.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: u16,
    },
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
    results: Option<std::path::PathBuf>,
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
    files: Vec<std::path::PathBuf>,
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

fn main() {
    pipe::quiet_on_closed_pipe();
    let result = match Cli::parse().command {
        None => solve::rules_example().map_err(Failure::from),
        Some(Command::Solve(args)) => args.run(),
        Some(Command::Match { n, ms, games, a, b }) => {
            arena::run(n, ms, games, &a, &b).map_err(Failure::from)
        }
        Some(Command::Think { n, board, ms }) => {
            think::think(n, board.as_deref(), ms).map_err(Failure::from)
        }
        Some(Command::Plan { n, dir, split }) => jobs::plan(n, &dir, split)
            .map(|written| {
                for path in written {
                    println!("{}", path.display());
                }
            })
            .map_err(Failure::from),
        Some(Command::Job(args)) => args.run(),
        Some(Command::Merge { dir }) => merge(&dir).map_err(Failure::from),
        Some(Command::Simulate {
            dir,
            workers,
            solve_ms,
        }) => simulate(&dir, &workers, solve_ms).map_err(Failure::from),
        Some(Command::Engine { threads }) => {
            let (stdin, stdout) = (std::io::stdin(), std::io::stdout());
            protocol::serve_on_threads(stdin.lock(), stdout.lock(), usize::from(threads))
                .map_err(|e| Failure::from(e.to_string()))
        }
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
        for result in jobs::run_jobs(&self.files, options)? {
            println!("{result}");
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

/// The merge's answer on stdout; pending work exits with status 3.
fn merge(dir: &std::path::Path) -> Result<(), String> {
    match jobs::merge(dir)? {
        jobs::Merged::Solved {
            n,
            value,
            best,
            jobs,
            nodes,
            ms,
        } => {
            let best: Vec<String> = best.iter().map(u32::to_string).collect();
            println!("n={n} value={value} best={}", best.join(","));
            eprintln!("merged {jobs} jobs: {nodes} nodes, {ms} ms of work");
            Ok(())
        }
        jobs::Merged::Missing(files) => {
            println!("pending {} (no result yet):", files.len());
            for file in files {
                println!("{}", file.display());
            }
            std::process::exit(3);
        }
        jobs::Merged::Next(files) => {
            println!("pending {} (the next round, written):", files.len());
            for file in files {
                println!("{}", file.display());
            }
            std::process::exit(3);
        }
    }
}

/// Each worker count's makespan, from the jobs' measured times.
fn simulate(dir: &std::path::Path, workers: &[usize], solve_ms: Option<u64>) -> Result<(), String> {
    let all = jobs::read_dir(dir)?;
    if all.iter().any(|(_, _, result)| result.is_none()) {
        return Err(format!("{}: some jobs have no result yet", dir.display()));
    }
    let one = jobs::makespan(&all, 1);
    for &w in workers {
        let span = jobs::makespan(&all, w);
        // Jobs answered in under a millisecond count 0 ms: the speed-up of none is 1.
        let speedup = one.max(1) as f64 / span.max(1) as f64;
        let over_solve = solve_ms.map_or(String::new(), |ms| {
            format!(" over_solve={:.2}", ms as f64 / span.max(1) as f64)
        });
        println!("workers={w} makespan_ms={span} speedup={speedup:.2}{over_solve}");
    }
    Ok(())
}
