//! Connect 4 on the crate's public API, as a user would write it: the exact score of a
//! position, with the rules and the bounds any player sees, or with a dedicated solver's hints.
//!
//! ```text
//! cargo run --release --example connect4 -- 4453             # one position (columns 1..=7)
//! cargo run --release --example connect4 -- --hints 4453
//! cargo run --release --example connect4 -- --set tests/data/connect4/L2_R1.txt
//! cargo run --release --example connect4 -- --hints --threads 2 --set tests/data/connect4/L1_R2.txt
//! ```
//!
//! A set file holds one position a line, `MOVES SCORE NODES` (Pons' format); `--set` solves each,
//! checks its score and prints the mean time and nodes beside the reference's nodes.

mod game;

use game::{Connect4, StonesLeft, Threats};
use gamesolver::{Knowledge, SearchConfig, Solver};
use std::time::Instant;

/// A solver as the example runs it: a 16 MiB table, made now.
fn solver<K: Knowledge<Connect4>>(knowledge: K, threads: usize) -> Solver<Connect4, K> {
    // A Connect 4 node is cheap: looking up every child costs more time than it saves
    // nodes (measured on the sets in tests/data/connect4).
    let config = SearchConfig::default()
        .with_table_bytes(16 << 20)
        .with_threads(threads)
        .with_transposition_cutoffs(false);
    let mut solver = Solver::with_config(config).with_knowledge(knowledge);
    solver.prepare();
    solver
}

/// The exact score of `position`, the nodes it took and the time, from an empty table.
/// One solver serves every position, as a user's would (and as Pons' solver is timed): the
/// table is emptied before the clock starts.
fn solve<K: Knowledge<Connect4>>(
    solver: &mut Solver<Connect4, K>,
    position: &Connect4,
) -> (i64, u64, f64) {
    solver.clear();
    let before = solver.nodes();
    let start = Instant::now();
    let value = solver.value(position).expect("Connect 4 games are short");
    (
        value,
        solver.nodes() - before,
        start.elapsed().as_secs_f64(),
    )
}

fn run(args: &[String]) -> Result<(), String> {
    let hints = args.iter().any(|arg| arg == "--hints");
    let mut rest: Vec<&String> = args.iter().filter(|arg| *arg != "--hints").collect();
    let mut threads = 1;
    if let Some(at) = rest.iter().position(|arg| *arg == "--threads") {
        let count = rest.get(at + 1).ok_or("--threads needs a count")?;
        threads = count
            .parse()
            .map_err(|_| format!("--threads {count}: not a count"))?;
        rest.drain(at..=at + 1);
    }
    if hints {
        answer(&mut solver(Threats, threads), &rest)
    } else {
        answer(&mut solver(StonesLeft, threads), &rest)
    }
}

/// Solves the position or the set of positions that `args` name.
fn answer<K: Knowledge<Connect4>>(
    solver: &mut Solver<Connect4, K>,
    args: &[&String],
) -> Result<(), String> {
    let mut solve = |position: &Connect4| solve(solver, position);
    match args {
        [flag, file] if flag.as_str() == "--set" => {
            let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
            let (mut count, mut nodes, mut reference, mut seconds) = (0u64, 0u64, 0u64, 0.0);
            for line in text
                .lines()
                .filter(|line| !line.starts_with('#') && !line.is_empty())
            {
                let fields: Vec<&str> = line.split_whitespace().collect();
                let [moves, score, pons] = fields[..] else {
                    return Err(format!("{file}: not MOVES SCORE NODES: {line}"));
                };
                let position = Connect4::from_moves(moves).map_err(|e| format!("{moves}: {e}"))?;
                let (value, searched, time) = solve(&position);
                seconds += time;
                if score.parse::<i64>().ok() != Some(value) {
                    return Err(format!("{moves}: score {value}, expected {score}"));
                }
                count += 1;
                nodes += searched;
                reference += pons.parse::<u64>().unwrap_or(0);
            }
            let count_f = count.max(1) as f64;
            println!(
                "{count} positions, all scores right: {:.4} ms and {:.0} nodes a position (reference {:.0} nodes)",
                seconds * 1e3 / count_f,
                nodes as f64 / count_f,
                reference as f64 / count_f,
            );
            Ok(())
        }
        [moves] => {
            let position = Connect4::from_moves(moves).map_err(|e| e.to_string())?;
            let (value, nodes, time) = solve(&position);
            print!("{position}");
            println!("score {value} ({nodes} nodes, {:.1} ms)", time * 1e3);
            Ok(())
        }
        _ => Err("usage: connect4 [--hints] [--threads T] (MOVES | --set FILE)".into()),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Err(message) = run(&args) {
        eprintln!("{message}");
        std::process::exit(2);
    }
}
