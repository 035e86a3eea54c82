//! `subtraction play`: a game against the perfect strategy, the moves read from standard
//! input and each answer explained.

use crate::explain;
use gamesolver::CheckedPlay;
use gamesolver::games::heaps::HeapMove;
use gamesolver::games::subtraction::{SubtractionGame, perfect_move};
use gamesolver::{Game, PlayConvention, Player};
use std::io::{BufRead, Write};

/// Reads the person's move, re-asking with the reason until it is legal. `None` at the end of
/// input.
fn read_move(game: &SubtractionGame, input: &mut impl BufRead) -> Option<HeapMove> {
    loop {
        print!("Your move as heap:take (heaps counted from 1): ");
        std::io::stdout().flush().ok()?;
        let mut bytes = Vec::new();
        if input.read_until(b'\n', &mut bytes).ok()? == 0 {
            return None;
        }
        // Bytes that are not UTF-8 make a line that is not a move: asked again, not an end.
        let line = String::from_utf8_lossy(&bytes);
        let parsed = line.trim().split_once(':').and_then(|(heap, take)| {
            Some((
                heap.trim().parse::<usize>().ok()?,
                take.trim().parse::<u64>().ok()?,
            ))
        });
        let Some((heap, count)) = parsed else {
            println!("  {:?} is not of the form heap:take, e.g. 2:1", line.trim());
            continue;
        };
        if !(1..=game.heaps().len()).contains(&heap) {
            println!(
                "  there is no heap {heap}: heaps are 1 to {}",
                game.heaps().len()
            );
            continue;
        }
        let take = game.take(heap - 1, count);
        match game.check_move(take) {
            Ok(()) => return Some(take),
            Err(reason) => println!("  not allowed: {reason}"),
        }
    }
}

/// A person (A, moving first) against the perfect strategy (B).
pub fn run(game: SubtractionGame) -> Result<(), String> {
    println!("Table: {game}. You are A and move first; the computer plays perfectly.");
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut position = game;
    let mut mover = Player::First;
    loop {
        if position.is_over() {
            let winner = match position.convention() {
                PlayConvention::Misere => mover,
                PlayConvention::Normal => mover.other(),
            };
            println!("No move left for {mover}. {winner} wins.");
            return Ok(());
        }
        let take = match mover {
            Player::First => {
                println!("Heaps: {:?}", position.heaps());
                match read_move(&position, &mut input) {
                    Some(take) => take,
                    None => {
                        println!("\nEnd of input: game abandoned.");
                        return Ok(());
                    }
                }
            }
            Player::Second => perfect_move(&position)
                .map_err(|e| e.to_string())?
                .expect("a game not over has a move"),
        };
        println!("{}", explain(&position, mover, take)?);
        position.play(take).map_err(|e| e.to_string())?;
        mover = mover.other();
    }
}
