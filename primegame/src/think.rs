//! `primegame think`: one engine search of a position, as the protocol runs it, in one line.

use crate::contest::contest_engine;
use gamesolver::Budget;
use gamesolver::games::prime::PrimeGame;
use gamesolver::search::ReplyDeadline;
use std::time::{Duration, Instant};

/// One engine search of a position in `ms` milliseconds, building the position included (as
/// the protocol counts it), then one line: depth, nodes, nodes per second, value, move,
/// milliseconds taken and whether the value is exact.
pub fn think(n: Option<u32>, board: Option<&[u64]>, ms: u64) -> Result<(), String> {
    // The engine (its tables included) is made before the clock starts, as the protocol makes
    // it once.
    let mut engine = contest_engine(1);
    let start = Instant::now();
    let mut position = match (n, board) {
        (Some(n), _) => PrimeGame::new(n),
        (None, Some(numbers)) => {
            let largest = numbers.iter().copied().max().ok_or("empty board")?;
            let largest = u32::try_from(largest).map_err(|_| format!("{largest} is too large"))?;
            PrimeGame::from_numbers(largest, numbers.iter().copied())
        }
        (None, None) => unreachable!("clap requires N or --board"),
    }
    .map_err(|e| e.to_string())?;
    let deadline = ReplyDeadline::default().search_deadline(start, Duration::from_millis(ms));
    let result = engine
        .search_in_place(&mut position, Budget::default().with_deadline(deadline))
        .ok_or("the board is empty")?;
    let elapsed = start.elapsed();
    let nps = result.nodes as f64 / result.elapsed.as_secs_f64().max(1e-9);
    println!(
        "depth={} nodes={} nps={:.0} value={} move={} ms={} exact={}",
        result.depth,
        result.nodes,
        nps,
        result.value,
        result.best_move,
        elapsed.as_millis(),
        result.exact
    );
    Ok(())
}
