//! Misère quotients from the command line: the monoid that decides every misère sum of a heap
//! game, written as the literature writes it, and the outcome of a sum from it.
//!
//! ```text
//! misere                                          a few octal games and the seed's game
//! misere quotient GAME --upto N                   order, generators, relations, P-portion
//! misere analyze GAME --heaps A,B,.. [--upto N]   outcome and winning moves of a sum
//! ```
//!
//! GAME is an octal code (`0.77`, Kayles) or a subtraction set (`s1,2,3`: take 1 to 3).

use cli_support::pipe;

use clap::{Parser, Subcommand};
use gamesolver::games::octal::OctalGame;
use gamesolver::games::subtraction::SubtractionSet;
use gamesolver::{HeapGame, HeapOption, MisereQuotient};
use std::fmt;
use std::str::FromStr;
use std::time::Instant;

/// Misère quotients of heap games: order, generators, relations and P-portion, and the
/// outcome of any sum of heaps from them.
#[derive(Debug, Parser)]
#[command(name = "misere")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// The quotient of the heaps up to N, as generators and relations.
    Quotient {
        /// An octal code (0.77) or a subtraction set (s1,2,3).
        game: Rules,
        /// The largest heap.
        #[arg(long)]
        upto: u64,
    },
    /// The misère outcome of a sum of heaps and every winning move.
    Analyze {
        /// An octal code (0.77) or a subtraction set (s1,2,3).
        game: Rules,
        /// The heaps, comma-separated.
        #[arg(long, value_delimiter = ',', required = true)]
        heaps: Vec<u64>,
        /// The quotient's heap bound (default: the largest heap).
        #[arg(long)]
        upto: Option<u64>,
    },
}

/// The rules of a heap game given on the command line.
#[derive(Debug, Clone)]
enum Rules {
    Octal(OctalGame),
    Subtraction(SubtractionSet),
}

impl FromStr for Rules {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        match text.strip_prefix('s') {
            Some(set) => {
                let takes = set
                    .split(',')
                    .map(|t| t.trim().parse::<u32>().map_err(|e| format!("{t:?}: {e}")))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Rules::Subtraction(
                    SubtractionSet::new(takes).map_err(|e| e.to_string())?,
                ))
            }
            None => Ok(Rules::Octal(text.parse().map_err(|e| format!("{e}"))?)),
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rules::Octal(code) => write!(f, "{code}"),
            Rules::Subtraction(set) => write!(f, "subtraction {set}"),
        }
    }
}

impl HeapGame for Rules {
    fn options(&self, heap: u64, out: &mut Vec<HeapOption>) {
        match self {
            Rules::Octal(code) => code.options(heap, out),
            Rules::Subtraction(set) => set.options(heap, out),
        }
    }
}

fn main() {
    pipe::quiet_on_closed_pipe();
    let result = match Cli::parse().command {
        None => tour(),
        Some(Command::Quotient { game, upto }) => quotient(&game, upto),
        Some(Command::Analyze { game, heaps, upto }) => analyze(&game, &heaps, upto),
    };
    if let Err(reason) = result {
        // A computation that could not finish is no usage error: its reason, status 1.
        eprintln!("misere: {reason}");
        std::process::exit(1);
    }
}

/// The quotients of a few octal games and of the seed's subtraction game.
fn tour() -> Result<(), String> {
    for (game, upto) in [("0.77", 40), ("0.75", 40), ("0.07", 20), ("s1,2,3", 12)] {
        let rules: Rules = game.parse()?;
        println!("== {rules}");
        quotient(&rules, upto)?;
        println!();
    }
    let seed: Rules = "s1,2,3".parse()?;
    println!("== the seed's table: heaps 1, 3, 5, 7, k = 3");
    analyze(&seed, &[1, 3, 5, 7], None)
}

fn quotient(rules: &Rules, upto: u64) -> Result<(), String> {
    let start = Instant::now();
    let quotient = MisereQuotient::compute(rules, upto).map_err(|e| e.to_string())?;
    let ms = start.elapsed().as_millis();
    println!("{}", quotient.presentation());
    let tame = if quotient.is_tame() { "yes" } else { "no" };
    println!("tame {tame}, built in {ms} ms");
    Ok(())
}

fn analyze(rules: &Rules, heaps: &[u64], upto: Option<u64>) -> Result<(), String> {
    let bound = upto.unwrap_or_else(|| heaps.iter().copied().max().unwrap_or(0));
    let quotient = MisereQuotient::compute(rules, bound).map_err(|e| e.to_string())?;
    let outcome = quotient.outcome(heaps).map_err(|e| e.to_string())?;
    println!("outcome={outcome} order={}", quotient.order());
    for (heap, option) in quotient
        .winning_options(rules, heaps)
        .map_err(|e| e.to_string())?
    {
        let leave: Vec<String> = option
            .remain
            .iter()
            .filter(|&&h| h > 0)
            .map(u64::to_string)
            .collect();
        let leave = if leave.is_empty() {
            "nothing".to_owned()
        } else {
            leave.join(" + ")
        };
        println!("win heap {}: take {}, leave {leave}", heap + 1, option.take);
    }
    Ok(())
}
