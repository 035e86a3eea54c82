//! Subtraction Nim from the command line.
//!
//! ```text
//! subtraction                                          the default table, analyzed and played
//! subtraction analyze --k K --heaps H1,H2,.. [--normal] outcome and winning moves
//! subtraction grundy --set S1,S2,.. --upto M           Grundy values and their period
//! subtraction play [--k K] [--heaps H1,..] [--normal]  play against the perfect strategy
//! ```

#[path = "../common/pipe.rs"]
mod pipe;

mod args;
mod play;

use args::Options;
use gamesolver::games::subtraction::{
    SubtractionGame, SubtractionSet, Take, analyze, perfect_move,
};
use gamesolver::grundy::{GrundyError, GrundyTable};
use gamesolver::{Game, Player};
use std::io::Write;
use std::process::ExitCode;

const USAGE: &str = "usage: subtraction [analyze --k K --heaps H1,H2,... [--normal] \
                     | grundy --set S1,S2,... --upto M | play [--k K] [--heaps H1,...] [--normal]]";

fn main() -> ExitCode {
    pipe::quiet_on_closed_pipe();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        None => Options::parse(&[]).and_then(|o| demo(&o.game()?)),
        Some("analyze") => Options::parse(&args[1..]).and_then(|o| analyze_command(&o.game()?)),
        Some("grundy") => Options::parse(&args[1..]).and_then(|o| grundy_command(&o)),
        Some("play") => Options::parse(&args[1..]).and_then(|o| play::run(o.game()?)),
        Some(other) => Err(format!("unknown command {other:?}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(reason) => {
            eprintln!("error: {reason}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn joined<T: ToString>(items: &[T], separator: &str) -> String {
    items
        .iter()
        .map(T::to_string)
        .collect::<Vec<_>>()
        .join(separator)
}

fn analyze_command(game: &SubtractionGame) -> Result<(), String> {
    let analysis = analyze(game).map_err(|e| e.to_string())?;
    println!("outcome={}", analysis.outcome);
    println!("winning={}", joined(&analysis.winning_moves, ","));
    Ok(())
}

fn grundy_command(options: &Options) -> Result<(), String> {
    let set = SubtractionSet::new(options.set.clone().ok_or("--set is required")?)
        .map_err(|e| e.to_string())?;
    let upto = options.upto.ok_or("--upto is required")?;
    let values = GrundyTable::compute(&set, upto).map_err(|e| e.to_string())?;
    // Streamed: a table of 2^28 values is 1 GiB as text.
    let written = (|| -> std::io::Result<()> {
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        for (i, value) in values.as_slice().iter().enumerate() {
            let separator = if i == 0 { "" } else { " " };
            write!(out, "{separator}{value}")?;
        }
        writeln!(out)?;
        out.flush()
    })();
    match written {
        // A closed pipe (`| head`) ends the output quietly.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => return Ok(()),
        other => other.map_err(|e| e.to_string())?,
    }
    // The period is a result too: "none proven" is an answer, not an error.
    match GrundyTable::periodic(&set, 1 << 20) {
        Ok(periodic) => println!("{}", periodic.period().expect("a periodic table has one")),
        Err(GrundyError::NoPeriodWithin { limit, .. }) => {
            println!("period not proven within {limit} values");
        }
        Err(error) => return Err(error.to_string()),
    }
    Ok(())
}

/// Explains a move in one line: who takes what, and what it leaves.
pub fn explain(game: &SubtractionGame, mover: Player, take: Take) -> Result<String, String> {
    let after = game.after(take);
    let analysis = analyze(&after).map_err(|e| e.to_string())?;
    let heap = take.heap;
    Ok(format!(
        "{mover} takes {} from heap {} ({} -> {}): heaps {}, values {}, leaves {} to move in a{} position",
        take.count,
        heap + 1,
        game.heaps()[heap],
        after.heaps()[heap],
        joined(after.heaps(), " "),
        joined(&analysis.heap_values, " "),
        mover.other(),
        if analysis.outcome.mover_wins() {
            "n N (winning)"
        } else {
            " P (losing)"
        },
    ))
}

/// The default table: its analysis, then the perfect strategy against itself.
fn demo(game: &SubtractionGame) -> Result<(), String> {
    let analysis = analyze(game).map_err(|e| e.to_string())?;
    let k = game.set().max();
    println!("Table: {game}");
    println!(
        "Each heap counts as its size mod k + 1 = {}: {}",
        k + 1,
        joined(&analysis.heap_values, " ")
    );
    println!("Outcome for the player to move: {}", analysis.outcome);
    println!("Winning moves (heap:take): {}", {
        let moves = joined(&analysis.winning_moves, ",");
        if moves.is_empty() {
            String::from("none")
        } else {
            moves
        }
    });
    println!("\nThe perfect strategy against itself:");
    let mut position = game.clone();
    let mut mover = Player::First;
    while let Some(take) = perfect_move(&position).map_err(|e| e.to_string())? {
        println!("{}", explain(&position, mover, take)?);
        position.play(take).map_err(|e| e.to_string())?;
        mover = mover.other();
    }
    let winner = match game.convention() {
        gamesolver::PlayConvention::Misere => mover,
        gamesolver::PlayConvention::Normal => mover.other(),
    };
    println!(
        "No move left for {mover}: {winner} wins ({}).",
        game.convention()
    );
    Ok(())
}
