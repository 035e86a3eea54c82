//! PrimeGame on the board 1..=20, the rules' own example: the two moves the rules play, then
//! the optimal game from the start, solved exactly. The contest tool (exact solves of any
//! board, the engine protocol, the solve split into jobs) is the `primegame` package:
//! `cargo run --release -p primegame -- --help`.

use cli_support::pipe;

use gamesolver::{Player, Record, ScoringGame, games::prime};

use gamesolver::games::prime::SmallPrimeGame;

/// One line a move: who took what, the points each side got, and the score after it.
fn show<G: ScoringGame<Move = u32>>(record: &Record<G>) {
    let (mv, points) = record.moves().last().expect("a move was played");
    let player = record.to_move().other();
    println!(
        "{player} takes {mv}: +{} for {player}, +{} for {} -> A {} : B {}",
        points.mover,
        points.opponent,
        player.other(),
        record.score(Player::First),
        record.score(Player::Second),
    );
}

/// 0.2's contest tool was this example: its commands (`solve 20`, `engine`, ...) now belong
/// to the `primegame` package, and given here they are refused with a pointer there rather
/// than ignored.
fn refuse_arguments() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if !args.is_empty() {
        eprintln!(
            "primegame (example): takes no arguments, got `{}`; the contest tool's commands \
             moved to its own package: cargo run --release -p primegame -- {}",
            args.join(" "),
            args.join(" ")
        );
        std::process::exit(2);
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    pipe::quiet_on_closed_pipe();
    refuse_arguments();
    let game = SmallPrimeGame::new(20)?;
    println!("The rules' example, board 1..=20:");
    let mut record = Record::new(game);
    for mv in [19, 20] {
        record.play(mv)?;
        show(&record);
    }

    println!("\nOptimal play from the start, board 1..=20:");
    let solution = prime::solver().solve(&game)?;
    let mut record = Record::new(game);
    for mv in solution.principal_variation {
        record.play(mv)?;
        show(&record);
    }
    let (a, b) = (record.score(Player::First), record.score(Player::Second));
    println!(
        "Final score A {a} : B {b}, margin {} (the solved value)",
        solution.value
    );
    Ok(())
}
