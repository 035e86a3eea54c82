//! Three Men's Morris solved two ways: the whole game by retrograde analysis, and the
//! placement by the alpha-beta solver over a table of the sliding phase (where positions
//! repeat), as a large game's endgames serve its forward search.
//!
//! ```text
//! cargo run --release --example three_mens_morris
//! ```

use gamesolver::games::three_mens_morris::Morris;
use gamesolver::retrograde::{Retrograde, TablebaseKnowledge};
use gamesolver::{Game, ScoredWinLoss, Solver};
use std::sync::Arc;
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let start = Morris::new();
    let clock = Instant::now();
    let solved = Arc::new(Retrograde::new().solve(&start)?);
    let value = solved.start();
    let counts = solved.counts();
    println!(
        "retrograde: {} positions ({} won, {} drawn, {} lost for the side to move) in {:.1?}",
        solved.len(),
        counts.wins,
        counts.draws,
        counts.losses,
        clock.elapsed()
    );
    println!(
        "the empty board: {:?} for the first player, in {} plies",
        value.verdict, value.plies
    );

    // The table of the sliding phase only: the solver searches the placements.
    let table = Arc::clone(&solved);
    let knowledge =
        TablebaseKnowledge::new(move |p: &Morris| table.value(p).filter(|_| p.placed()))
            .covering_repetitions();
    let clock = Instant::now();
    let solution = Solver::new()
        .with_knowledge(knowledge)
        .solve(&ScoredWinLoss(start))?;
    println!(
        "solver over the sliding table: value {} (1 win, 0 draw, -1 loss), {} optimal first moves, in {:.1?}",
        solution.value,
        solution.best_moves.len(),
        clock.elapsed()
    );
    println!("the first placement, point by point:");

    // Each first placement's value for the first player, by the table, as a board.
    for row in 0..3 {
        let line: Vec<String> = (0..3)
            .map(|column| {
                let mv = start.legal_moves()[3 * row + column];
                let after = solved.value(&start.after(mv));
                after.map_or("?".to_owned(), |v| format!("{:?}", v.verdict.flip()))
            })
            .collect();
        println!("  {}", line.join(" "));
    }
    Ok(())
}
