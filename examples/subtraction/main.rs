//! Subtraction Nim from the command line.
//!
//! ```text
//! subtraction                                          the default table, analyzed and played
//! subtraction analyze --k K --heaps H1,H2,.. [--normal] outcome and winning moves
//! subtraction grundy --set S1,S2,.. --upto M           Grundy values and their period
//! subtraction play [--k K] [--heaps H1,..] [--normal]  play against the perfect strategy
//! ```

use cli_support::pipe;

mod args;
mod play;

use args::{Cli, Command, GameArgs};
use clap::{CommandFactory, Parser};
use gamesolver::games::heaps::HeapMove;
use gamesolver::games::subtraction::{SubtractionGame, SubtractionSet, analyze, perfect_move};
use gamesolver::grundy::{GrundyError, GrundyValues};
use gamesolver::{CheckedPlay, Game, Player};

fn main() {
    pipe::quiet_on_closed_pipe();
    let cli = Cli::parse();
    let result = match cli.command {
        None => GameArgs::default().game().and_then(|game| demo(&game)),
        Some(Command::Analyze(args)) => args.game().and_then(|game| analyze_command(&game)),
        Some(Command::Grundy { set, upto }) => grundy_command(set, upto),
        Some(Command::Play(args)) => args.game().and_then(play::run),
    };
    if let Err(reason) = result {
        // The same form and status (2) as clap's own errors.
        Cli::command()
            .error(clap::error::ErrorKind::ValueValidation, reason)
            .exit();
    }
}

fn joined<T: ToString>(items: &[T], separator: &str) -> String {
    items
        .iter()
        .map(T::to_string)
        .collect::<Vec<_>>()
        .join(separator)
}

/// Moves as `heap:take`, heaps counted from 1 as a person counts.
fn heap_takes(moves: &[HeapMove]) -> String {
    let moves: Vec<String> = moves
        .iter()
        .map(|mv| format!("{}:{}", mv.heap + 1, mv.take))
        .collect();
    moves.join(",")
}

fn analyze_command(game: &SubtractionGame) -> Result<(), String> {
    let analysis = analyze(game).map_err(|e| e.to_string())?;
    println!("outcome={}", analysis.outcome);
    println!("winning={}", heap_takes(&analysis.winning_moves));
    Ok(())
}

fn grundy_command(set: Vec<u32>, upto: u64) -> Result<(), String> {
    let set = SubtractionSet::new(set).map_err(|e| e.to_string())?;
    let table = GrundyValues::compute(&set, upto).map_err(|e| e.to_string())?;
    if !pipe::print_values(table.as_slice())? {
        return Ok(());
    }
    // The period is a result too: "none proven" is an answer, not an error.
    match GrundyValues::periodic(&set, 1 << 20) {
        Ok(periodic) => println!("{}", periodic.period().expect("a periodic table has one")),
        Err(GrundyError::NoPeriodWithin { limit, .. }) => {
            println!("period not proven within {limit} values");
        }
        Err(error) => return Err(error.to_string()),
    }
    Ok(())
}

/// Explains a move in one line: who takes what, and what it leaves.
pub fn explain(game: &SubtractionGame, mover: Player, take: HeapMove) -> Result<String, String> {
    let after = game.after(take);
    let analysis = analyze(&after).map_err(|e| e.to_string())?;
    let heap = take.heap;
    Ok(format!(
        "{mover} takes {} from heap {} ({} -> {}): heaps {}, values {}, leaves {} to move in a{} position",
        take.take,
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
        let moves = heap_takes(&analysis.winning_moves);
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
