//! Backgammon bearoff solved by the chance search ([`gamesolver::games::bearoff`]; the databases
//! by tiers of pips): one side alone (the expected number of rolls to bear off) or a
//! race of two (the side on roll's chance to win, no cube), a position or every position up to
//! a number of checkers.
//!
//! ```text
//! cargo run --release --example bearoff -- one 0,0,0,0,0,1        # 1.25 rolls
//! cargo run --release --example bearoff -- race 0,0,0,0,0,2 1,0,0,0,0,0 --exact   # 1/9
//! cargo run --release --example bearoff -- race 1,1,1,1,1,1 0,1,2,1,1,1 --threads 2
//! cargo run --release --example bearoff -- every-one 15           # 54,264 positions
//! cargo run --release --example bearoff -- every-race 4           # 70² races
//! cargo run --release --example bearoff -- database 15 one.db     # saved, read back checked
//! cargo run --release --example bearoff -- race-database 6 races.db  # 851,929 races
//! cargo run --release --example bearoff -- race 1,2,0,0,0,0 0,0,0,0,0,1 --database races.db
//! ```

use clap::{CommandFactory, Parser, Subcommand};
use cli_support::failure::{self, Failure};
use gamesolver::ChanceGame;
use gamesolver::chance::{BigRational, ChanceSolver, Expectation};
use gamesolver::games::bearoff::{
    Bearoff, BearoffRace, Checkers, DatabaseError, OneSidedDatabase, TwoSidedDatabase, every_side,
};
use std::fs::File;
use std::io::{BufReader, BufWriter};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Backgammon bearoff: expected rolls and chances to win, by the chance search.
#[derive(Debug, Parser)]
#[command(name = "bearoff")]
struct Args {
    #[command(subcommand)]
    command: Command,
    /// Exact fractions instead of floating point.
    #[arg(long, global = true)]
    exact: bool,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// The expected rolls of one side: its checkers on points 1 to 6, as `a,b,c,d,e,f`.
    One {
        checkers: String,
        /// Read from a one-sided database file (`database`) instead of solving.
        #[arg(long, value_name = "FILE")]
        database: Option<PathBuf>,
    },
    /// The side on roll's chance to win a race: its checkers, then the other side's.
    Race {
        on_roll: String,
        other: String,
        /// Read from a two-sided database file (`race-database`) instead of solving.
        #[arg(long, value_name = "FILE")]
        database: Option<PathBuf>,
        /// Threads that solve it.
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Every side of at most N checkers alone, a side at a time by the chance search: count,
    /// time, nodes.
    EveryOne { checkers: u8 },
    /// Every race of at most N checkers a side, a race at a time by the chance search: count,
    /// time, nodes.
    EveryRace { checkers: u8 },
    /// The one-sided database of up to N checkers (solved by tiers of pips), saved to FILE and
    /// read back checked.
    Database { checkers: u8, file: PathBuf },
    /// The two-sided database of every race of up to N checkers a side (at most 6; solved by
    /// tiers of both sides' pips), saved to FILE and read back checked.
    RaceDatabase { checkers: u8, file: PathBuf },
}

fn checkers(text: &str) -> Result<Checkers, String> {
    let counts: Vec<u8> = text
        .split(',')
        .map(|c| {
            c.trim()
                .parse()
                .map_err(|_| format!("{c:?} is not a count"))
        })
        .collect::<Result<_, _>>()?;
    let counts: [u8; 6] = counts
        .try_into()
        .map_err(|_| format!("six counts, points 1 to 6, not {text:?}"))?;
    Checkers::new(counts).map_err(|e| e.to_string())
}

/// A value in the numbers asked for, printed.
fn value<G: ChanceGame>(
    position: &G,
    (exact, threads): (bool, usize),
    show: impl Fn(f64) -> f64,
) -> Result<String, Failure> {
    let out_of_reach = |e: gamesolver::chance::ChanceError| Failure::OutOfReach(e.to_string());
    // A position after a roll is reached from its roll alone: the table keeps the rest.
    if exact {
        let mut solver = ChanceSolver::new()
            .with_entries_after_chance(false)
            .with_threads(threads);
        let value: BigRational = solver.value(position).map_err(out_of_reach)?;
        let one = BigRational::from_int(1);
        // The same map as `show`, exactly: rolls are minus the value, a chance (1 + v) / 2.
        let shown = if show(0.0) == 0.0 {
            -value
        } else {
            (value + one) / BigRational::from_int(2)
        };
        Ok(shown.to_string())
    } else {
        let mut solver = ChanceSolver::new()
            .with_entries_after_chance(false)
            .with_threads(threads);
        let value: f64 = solver.value(position).map_err(out_of_reach)?;
        Ok(format!("{:.9}", show(value)))
    }
}

fn every<G: ChanceGame>(positions: impl Iterator<Item = G>) -> Result<(), Failure> {
    let start = Instant::now();
    // A position after a roll is reached from its roll alone: the table keeps the rest.
    let mut solver = ChanceSolver::<G, f64>::new()
        .with_max_entries(1 << 26)
        .with_entries_after_chance(false);
    let mut count = 0u64;
    for position in positions {
        solver
            .value(&position)
            .map_err(|e| Failure::OutOfReach(e.to_string()))?;
        count += 1;
    }
    println!(
        "positions={count} nodes={} table={} seconds={:.2}",
        solver.nodes(),
        solver.table_len(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Every side of at most `checkers` checkers, the fewest pips first: a play lowers the pips,
/// so each position is solved after those it leads to, and its search finds theirs in the
/// table.
fn by_pips(checkers: u8) -> Vec<Checkers> {
    let mut sides = every_side(checkers);
    sides.sort_by_key(|side| side.pips());
    sides
}

/// Every race of sides of up to `checkers` checkers (none empty), by their pips together.
fn races_by_pips(checkers: u8) -> impl Iterator<Item = BearoffRace> {
    let sides = by_pips(checkers);
    let mut pairs: Vec<(Checkers, Checkers)> = (sides[1..].iter())
        .flat_map(|&a| sides[1..].iter().map(move |&b| (a, b)))
        .collect();
    pairs.sort_by_key(|(a, b)| a.pips() + b.pips());
    pairs.into_iter().map(|(a, b)| BearoffRace::new(a, b))
}

fn run(args: Args) -> Result<(), Failure> {
    match args.command {
        Command::One {
            checkers: text,
            database: Some(file),
        } => {
            let side = checkers(&text)?;
            let rolls = loaded(&file, args.exact, OneSidedDatabase::load)?.rolls(side);
            println!("rolls={:.9}", rolls.ok_or_else(|| not_held(&file))?);
        }
        Command::One { checkers: text, .. } => {
            let position = Bearoff::new(checkers(&text)?);
            println!("rolls={}", value(&position, (args.exact, 1), |v| -v)?);
        }
        Command::Race {
            on_roll,
            other,
            database: Some(file),
            ..
        } => {
            let (on_roll, other) = (checkers(&on_roll)?, checkers(&other)?);
            let races = loaded(&file, args.exact, TwoSidedDatabase::load)?;
            let chance = races.chance_to_win(on_roll, other);
            println!("on_roll_wins={:.9}", chance.ok_or_else(|| not_held(&file))?);
        }
        Command::Race {
            on_roll,
            other,
            threads,
            ..
        } => {
            let position = BearoffRace::new(checkers(&on_roll)?, checkers(&other)?);
            println!(
                "on_roll_wins={}",
                value(&position, (args.exact, threads), |v| (1.0 + v) / 2.0)?
            );
        }
        Command::EveryOne { checkers } => every(by_pips(checkers).into_iter().map(Bearoff::new))?,
        Command::EveryRace { checkers } => every(races_by_pips(checkers))?,
        Command::Database { checkers, file } => {
            let built = database(
                &file,
                || OneSidedDatabase::build(checkers),
                |built, out| built.save(out),
                OneSidedDatabase::load,
            )?;
            println!("positions={}", built.len());
        }
        Command::RaceDatabase { checkers, file } => {
            let built = database(
                &file,
                || TwoSidedDatabase::build(checkers),
                |built, out| built.save(out),
                TwoSidedDatabase::load,
            )?;
            println!("races={}", built.len());
        }
    }
    Ok(())
}

/// The database in `file`, read back checked; its values are floating point, so not with
/// `--exact`.
fn loaded<D>(
    file: &Path,
    exact: bool,
    load: impl FnOnce(BufReader<File>) -> Result<D, DatabaseError>,
) -> Result<D, Failure> {
    if exact {
        return Err("--exact solves; a database holds floating-point values".into());
    }
    let input = File::open(file).map_err(|e| format!("{}: {e}", file.display()))?;
    load(BufReader::new(input)).map_err(|e| format!("{}: {e}", file.display()).into())
}

/// A position the database in `file` does not hold: too many checkers, or an empty side.
fn not_held(file: &Path) -> Failure {
    Failure::OutOfReach(format!(
        "{} does not hold this position (too many checkers, or a side with none)",
        file.display()
    ))
}

/// Builds a database, saves it to `file` and reads it back checked.
fn database<D: PartialEq>(
    file: &Path,
    build: impl FnOnce() -> Result<D, DatabaseError>,
    save: impl FnOnce(&D, BufWriter<File>) -> Result<(), DatabaseError>,
    load: impl FnOnce(BufReader<File>) -> Result<D, DatabaseError>,
) -> Result<D, Failure> {
    let start = Instant::now();
    let built = build().map_err(|e| Failure::OutOfReach(e.to_string()))?;
    let solved = start.elapsed().as_secs_f64();
    let failed = |e: &dyn std::fmt::Display| format!("{}: {e}", file.display());
    let out = File::create(file).map_err(|e| failed(&e))?;
    save(&built, BufWriter::new(out)).map_err(|e| failed(&e))?;
    let input = File::open(file).map_err(|e| failed(&e))?;
    let read = load(BufReader::new(input)).map_err(|e| failed(&e))?;
    if read != built {
        return Err(Failure::OutOfReach(failed(&"read back differently")));
    }
    print!("solved_seconds={solved:.2} file={} ", file.display());
    Ok(built)
}

fn main() {
    let args = Args::parse();
    if let Err(failure) = run(args) {
        failure::exit(Args::command(), failure);
    }
}
