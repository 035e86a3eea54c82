//! `primegame match`: games between the contest's players, by the names the command line uses.

use crate::contest::contest_engine;
use crate::strategies::{Greedy, LargestPrimeFirst, OneThenGreedy, TwoPly};
use gamesolver::arena::{EngineStrategy, RandomStrategy, Strategy};
use gamesolver::arena::{MatchConfig, play_match};
use gamesolver::games::prime::PrimeGame;
use std::time::Duration;

/// The strategies by the names the command line uses.
pub fn strategy(name: &str, seed: u64) -> Result<Box<dyn Strategy<PrimeGame>>, String> {
    Ok(match name {
        "random" => Box::new(RandomStrategy::with_seed(seed)),
        "greedy" => Box::new(Greedy),
        "prime" => Box::new(LargestPrimeFirst),
        "onegreedy" => Box::new(OneThenGreedy),
        "twoply" => Box::new(TwoPly),
        "engine" => Box::new(EngineStrategy::new(contest_engine(1))),
        other => {
            return Err(format!(
                "unknown strategy {other:?} (random, greedy, prime, onegreedy, twoply, engine)"
            ));
        }
    })
}

/// `match --n N --ms MS --games G A B`, the numbers checked by the command line.
pub fn run(n: u32, ms: u64, games: u32, a: &str, b: &str) -> Result<(), String> {
    let start = PrimeGame::new(n).map_err(|e| e.to_string())?;
    let (mut a, mut b) = (strategy(a, 11)?, strategy(b, 12)?);
    let config = MatchConfig {
        games,
        move_time: Duration::from_millis(ms),
        ..MatchConfig::default()
    };
    let report = play_match(&start, a.as_mut(), b.as_mut(), config, |game| {
        println!("{game}");
        eprintln!("game {}/{games} done", game.number);
    });
    println!("{report}");
    Ok(())
}
