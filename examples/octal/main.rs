//! Octal games from the command line: Grundy values, proven periods, and who wins a sum of
//! heaps.
//!
//! ```text
//! octal values CODE --upto N [--svg F]     g(0..=N), space-separated (and drawn to F)
//! octal period CODE [--max N]              the proven preperiod and period
//! octal analyze CODE --heaps A,B,.. [--misere]   outcome and winning moves
//! ```
//!
//! Misère sums are answered by the game's misère quotient (`misere quotient CODE --upto N`
//! prints it), with the memoized search as a fallback when the quotient passes its limits.

use clap::{CommandFactory, Parser, Subcommand};
use cli_support::failure::{self, Failure};
use cli_support::pipe;
use gamesolver::games::heaps::{HeapMove, Heaps};
use gamesolver::games::octal::OctalGame;
use gamesolver::grundy::{ImpartialSolver, Outcome};
use gamesolver::{GrundyError, GrundyValues, HeapTheory, MisereQuotient, PlayConvention};
use std::time::Instant;

/// Values `period` computes at most unless told otherwise.
const DEFAULT_MAX: u64 = 1 << 26;

/// Positions a misère search may expand before it calls a position out of reach.
const MISERE_BUDGET: u64 = 20_000_000;

/// Octal games (take-and-break heap games such as Kayles, 0.77): Grundy values, proven
/// periods, and who wins a sum of heaps.
#[derive(Debug, Parser)]
#[command(name = "octal")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// The Grundy values of heaps 0..=N, space-separated.
    Values {
        /// The octal code, as 0.77.
        code: OctalGame,
        /// The largest heap.
        #[arg(long)]
        upto: u64,
        /// Also draws the values by heap to this SVG file.
        #[arg(long)]
        svg: Option<std::path::PathBuf>,
    },
    /// The preperiod and period, proven by Guy and Smith's rule.
    Period {
        /// The octal code, as 0.77.
        code: OctalGame,
        /// The most values to compute before answering proven=no.
        #[arg(long, default_value_t = DEFAULT_MAX)]
        max: u64,
    },
    /// Who wins a sum of heaps, and every winning move.
    Analyze {
        /// The octal code, as 0.77.
        code: OctalGame,
        /// The heaps, comma-separated.
        #[arg(long, value_delimiter = ',', required = true)]
        heaps: Vec<u64>,
        /// Misère play: whoever moves last loses.
        #[arg(long)]
        misere: bool,
    },
}

fn main() {
    pipe::quiet_on_closed_pipe();
    let result = match Cli::parse().command {
        Command::Values { code, upto, svg } => values(&code, upto, svg.as_deref()),
        Command::Period { code, max } => period(&code, max),
        Command::Analyze {
            code,
            heaps,
            misere,
        } => analyze(&code, &heaps, misere),
    };
    if let Err(failure) = result {
        failure::exit(Cli::command(), failure);
    }
}

fn values(game: &OctalGame, upto: u64, svg: Option<&std::path::Path>) -> Result<(), Failure> {
    let table = GrundyValues::compute(game, upto).map_err(|e| e.to_string())?;
    if let Some(path) = svg {
        draw(game, table.as_slice(), path).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(pipe::print_values(table.as_slice()).map(|_| ())?)
}

/// The values by heap, a dot each, as an SVG picture: a period shows as a repeating pattern.
fn draw(game: &OctalGame, values: &[u32], path: &std::path::Path) -> Result<(), String> {
    use plotters::prelude::*;
    let root = SVGBackend::new(path, (900, 360)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let top = values.iter().copied().max().unwrap_or(0) + 1;
    let mut chart = ChartBuilder::on(&root)
        .caption(format!("Grundy values of {game}"), ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(32)
        .y_label_area_size(40)
        .build_cartesian_2d(0..values.len(), 0..top)
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc("heap")
        .y_desc("g(heap)")
        .draw()
        .map_err(|e| e.to_string())?;
    let dots = values.iter().enumerate();
    chart
        .draw_series(dots.map(|(heap, &g)| Circle::new((heap, g), 2, BLUE.filled())))
        .map_err(|e| e.to_string())?;
    root.present().map_err(|e| e.to_string())
}

fn period(code: &OctalGame, max: u64) -> Result<(), Failure> {
    let start = Instant::now();
    let result = GrundyValues::periodic(code, max);
    let ms = start.elapsed().as_millis();
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
        Err(error) => Err(error.to_string().into()),
    }
}

fn analyze(code: &OctalGame, heaps: &[u64], misere: bool) -> Result<(), Failure> {
    let convention = if misere {
        PlayConvention::Misere
    } else {
        PlayConvention::Normal
    };
    let position = Heaps::new(code.clone(), heaps.iter().copied(), PlayConvention::Normal)
        .map_err(|e| e.to_string())?
        .with_convention(convention);
    let (outcome, winning) = if misere {
        misere_answer(code, heaps, &position)?
    } else {
        let largest = heaps.iter().copied().max().unwrap_or(0);
        // The period answers every heap; without one, a table up to the largest heap.
        let table = match GrundyValues::periodic(code, largest.saturating_add(1).max(1 << 16)) {
            Ok(table) => table,
            Err(_) => GrundyValues::compute(code, largest).map_err(|e| e.to_string())?,
        };
        let winning = position
            .winning_moves_with(&table)
            .ok_or("a heap lies past the table".to_owned())?;
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

/// Misère play: the quotient of the heaps up to the largest, else the bounded search.
fn misere_answer(
    code: &OctalGame,
    heaps: &[u64],
    position: &Heaps<OctalGame>,
) -> Result<(Outcome, Vec<HeapMove>), Failure> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let quotient_error = match MisereQuotient::compute(code, largest) {
        Ok(quotient) => {
            let outcome = position.misere_outcome_with(&quotient);
            let winning = position.misere_winning_moves_with(&quotient);
            return Ok((
                outcome.map_err(|e| e.to_string())?,
                winning.map_err(|e| e.to_string())?,
            ));
        }
        Err(error) => error,
    };
    let mut solver = ImpartialSolver::new(PlayConvention::Misere).with_node_budget(MISERE_BUDGET);
    let searched = solver
        .outcome(position)
        .and_then(|outcome| Ok((outcome, solver.winning_moves(position)?)));
    searched.map_err(|search_error| {
        Failure::OutOfReach(format!(
            "out of reach: the quotient stopped ({quotient_error}), and so did the search \
             ({search_error})"
        ))
    })
}
