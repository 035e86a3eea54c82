//! Octal games from the command line: Grundy values, proven periods, and who wins a sum of
//! heaps.
//!
//! ```text
//! octal values CODE --upto N               g(0..=N), space-separated
//! octal period CODE [--max N]              the proven preperiod and period
//! octal analyze CODE --heaps A,B,.. [--misere]   outcome and winning moves
//! ```

#[path = "../common/pipe.rs"]
mod pipe;

use gamesolver::games::heaps::{HeapMove, Heaps};
use gamesolver::grundy::{ImpartialSolver, Outcome};
use gamesolver::{GrundyError, GrundyTable, HeapGame, OctalGame, PlayConvention};
use std::io::{BufWriter, Write};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: octal values CODE --upto N | period CODE [--max N] \
                     | analyze CODE --heaps A,B,... [--misere]";

/// Values `period` computes at most unless told otherwise.
const DEFAULT_MAX: u64 = 1 << 26;

/// Positions a misère search may expand before it calls a position out of reach.
const MISERE_BUDGET: u64 = 20_000_000;

fn main() -> ExitCode {
    pipe::quiet_on_closed_pipe();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("values") => values(&args[1..]),
        Some("period") => period(&args[1..]),
        Some("analyze") => analyze(&args[1..]),
        Some(other) => Err(format!("unknown command {other:?}")),
        None => Err("no command".to_owned()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(reason) => {
            eprintln!("error: {reason}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

/// The code (first argument) and the value of each `--flag value` pair; `--misere` alone.
struct Args {
    game: OctalGame,
    upto: Option<u64>,
    max: Option<u64>,
    heaps: Option<Vec<u64>>,
    misere: bool,
}

fn number(text: &str, what: &str) -> Result<u64, String> {
    text.trim().parse().map_err(|_| {
        format!(
            "{what} {text:?} is not a whole number from 0 to {}",
            u64::MAX
        )
    })
}

fn parse(args: &[String]) -> Result<Args, String> {
    let (code, rest) = args.split_first().ok_or("the octal code is missing")?;
    let game: OctalGame = code.parse().map_err(|e| format!("code {code:?}: {e}"))?;
    let mut parsed = Args {
        game,
        upto: None,
        max: None,
        heaps: None,
        misere: false,
    };
    let mut rest = rest.iter();
    while let Some(flag) = rest.next() {
        let mut value = || rest.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--upto" => parsed.upto = Some(number(value()?, "--upto")?),
            "--max" => parsed.max = Some(number(value()?, "--max")?),
            "--heaps" => {
                let list = value()?;
                let heaps: Result<Vec<u64>, String> =
                    list.split(',').map(|h| number(h, "heap")).collect();
                parsed.heaps = Some(heaps?);
            }
            "--misere" => parsed.misere = true,
            other => return Err(format!("unknown option {other:?}")),
        }
    }
    Ok(parsed)
}

fn values(args: &[String]) -> Result<(), String> {
    let args = parse(args)?;
    let upto = args.upto.ok_or("--upto is required")?;
    let table = GrundyTable::compute(&args.game, upto).map_err(|e| e.to_string())?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    let written: std::io::Result<()> = (|| {
        for (i, value) in table.as_slice().iter().enumerate() {
            if i > 0 {
                out.write_all(b" ")?;
            }
            write!(out, "{value}")?;
        }
        writeln!(out)?;
        out.flush()
    })();
    // A closed pipe (`| head`) ends the output quietly.
    match written {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.to_string()),
        _ => Ok(()),
    }
}

fn period(args: &[String]) -> Result<(), String> {
    let args = parse(args)?;
    let max = args.max.unwrap_or(DEFAULT_MAX);
    let start = Instant::now();
    let result = GrundyTable::periodic(&args.game, max);
    let ms = start.elapsed().as_millis();
    let code = &args.game;
    match result {
        Ok(table) => {
            let period = table.period().expect("a periodic table has its period");
            // The values the proof rests on.
            let values = code.period_proof_len(period).unwrap_or(0);
            println!(
                "code={code} preperiod={} period={} proven=yes values={values} ms={ms}",
                period.preperiod, period.period
            );
            Ok(())
        }
        Err(GrundyError::NoPeriodWithin { limit, candidate }) => {
            let seen = candidate.map_or("preperiod=? period=?".to_owned(), |p| {
                format!("preperiod={} period={}", p.preperiod, p.period)
            });
            println!("code={code} {seen} proven=no values={limit} ms={ms}");
            Ok(())
        }
        Err(error) => Err(error.to_string()),
    }
}

fn analyze(args: &[String]) -> Result<(), String> {
    let args = parse(args)?;
    let heaps = args.heaps.ok_or("--heaps is required")?;
    let position =
        Heaps::new(args.game.clone(), heaps.iter().copied()).map_err(|e| e.to_string())?;
    let (outcome, winning): (Outcome, Vec<HeapMove>) = if args.misere {
        let mut solver =
            ImpartialSolver::new(PlayConvention::Misere).with_node_budget(MISERE_BUDGET);
        let outcome = solver.outcome(&position).map_err(|e| e.to_string())?;
        (
            outcome,
            solver.winning_moves(&position).map_err(|e| e.to_string())?,
        )
    } else {
        let largest = heaps.iter().copied().max().unwrap_or(0);
        // The period answers every heap; without one, a table up to the largest heap.
        let table = match GrundyTable::periodic(&args.game, largest.saturating_add(1).max(1 << 16))
        {
            Ok(table) => table,
            Err(_) => GrundyTable::compute(&args.game, largest).map_err(|e| e.to_string())?,
        };
        let winning = position
            .winning_moves_with(&table)
            .ok_or("a heap lies past the table")?;
        let outcome = if position.grundy_value(&table) == Some(0) {
            Outcome::P
        } else {
            Outcome::N
        };
        (outcome, winning)
    };
    println!("outcome={outcome}");
    for mv in winning {
        println!("win {mv}");
    }
    Ok(())
}
