use gamesolver::arena::{MatchConfig, play_match};
use gamesolver::games::prime::{Greedy, LargestPrimeFirst, OneThenGreedy, TwoPly};
use gamesolver::strategy::{EngineStrategy, RandomStrategy, Strategy};
use gamesolver::{Engine, PrimeEvaluator, PrimeGame};
use std::time::Duration;

/// The strategies by the names the command line uses.
pub fn strategy(name: &str, seed: u64) -> Result<Box<dyn Strategy<PrimeGame>>, String> {
    Ok(match name {
        "random" => Box::new(RandomStrategy::with_seed(seed)),
        "greedy" => Box::new(Greedy),
        "prime" => Box::new(LargestPrimeFirst),
        "onegreedy" => Box::new(OneThenGreedy),
        "twoply" => Box::new(TwoPly),
        "engine" => Box::new(EngineStrategy::new(Engine::with_table_bytes(
            64 << 20,
            PrimeEvaluator::default(),
        ))),
        other => {
            return Err(format!(
                "unknown strategy {other:?} (random, greedy, prime, onegreedy, twoply, engine)"
            ));
        }
    })
}

/// `match --n N --ms MS --games G A B`
pub fn run(args: &[&str]) -> Result<(), String> {
    let (mut n, mut ms, mut games) = (200u32, 500u64, 10u32);
    let mut names = Vec::new();
    let mut args = args.iter();
    while let Some(&arg) = args.next() {
        let mut number = |what: &str| -> Result<u64, String> {
            let text = args.next().ok_or(format!("{what} needs a value"))?;
            text.parse()
                .map_err(|_| format!("{what} {text:?} is not a number"))
        };
        match arg {
            "--n" => n = u32::try_from(number("--n")?).map_err(|_| "--n is too large")?,
            "--ms" => ms = number("--ms")?,
            "--games" => {
                games = u32::try_from(number("--games")?).map_err(|_| "too many games")?;
                if games == 0 {
                    return Err("--games must be at least 1".into());
                }
            }
            name => names.push(name),
        }
    }
    let [a, b] = names[..] else {
        return Err(String::from("match needs two strategy names"));
    };
    if ms == 0 {
        return Err(String::from("--ms must be positive"));
    }
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
