//! PrimeGame from the command line.
//!
//! ```text
//! primegame                      the rules' example for n = 20, then the optimal game
//! primegame solve N [--threads T] [--table-mib M]
//!                                exact value, optimal first moves and a line for 1..=N
//! primegame solve --board X,Y,.. the same for any position, the side to move's value
//! primegame match --n N --ms MS --games G A B
//!                                G games of strategy A against B, MS milliseconds a move
//! primegame think --n N --ms MS  one engine search of 1..=N (or --board X,Y,..), one line
//! primegame engine [--threads T] the engine protocol on stdin and stdout (see README)
//! ```

#[path = "../common/pipe.rs"]
mod pipe;

mod arena;
mod contest;
mod protocol;
mod solve;
mod strategies;
mod think;

use clap::{ArgGroup, CommandFactory, Parser, Subcommand};

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
    #[command(group(ArgGroup::new("position").required(true).args(["n", "board"])))]
    Solve {
        /// The board 1..=N.
        n: Option<u32>,
        /// The numbers on the board, comma-separated (the side to move's value).
        #[arg(long, value_delimiter = ',')]
        board: Option<Vec<u64>>,
        /// Threads to search on (default: every core).
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: Option<u16>,
        /// Memory for the transposition table, in MiB, at most 4096 (default: by board size,
        /// 16 up to 128 numbers, 256 up to 169, 4096 above).
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=4096))]
        table_mib: Option<u16>,
    },
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
    /// The engine protocol on standard input and output (see the README).
    Engine {
        /// Threads to search on.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: u16,
    },
}

fn main() {
    pipe::quiet_on_closed_pipe();
    let result = match Cli::parse().command {
        None => solve::rules_example(),
        Some(Command::Solve {
            n,
            board,
            threads,
            table_mib,
        }) => {
            let threads = threads.map(usize::from);
            match n {
                Some(n) => solve::full_board(n),
                None => solve::listed_board(&board.unwrap_or_default()),
            }
            .and_then(|board| {
                solve::solve(board, threads, table_mib.map(|mib| usize::from(mib) << 20))
            })
        }
        Some(Command::Match { n, ms, games, a, b }) => arena::run(n, ms, games, &a, &b),
        Some(Command::Think { n, board, ms }) => think::think(n, board.as_deref(), ms),
        Some(Command::Engine { threads }) => {
            let (stdin, stdout) = (std::io::stdin(), std::io::stdout());
            protocol::serve_on_threads(stdin.lock(), stdout.lock(), usize::from(threads))
                .map_err(|e| e.to_string())
        }
    };
    if let Err(reason) = result {
        // The same form and status (2) as clap's own errors.
        Cli::command()
            .error(clap::error::ErrorKind::ValueValidation, reason)
            .exit();
    }
}
