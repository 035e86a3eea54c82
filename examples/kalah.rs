//! Kalah(m, n) solved by the crate's search ([`gamesolver::games::kalah`]): the rules alone,
//! where a sowing that ends in one's own store keeps the turn; with `--knowledge` what is
//! proven of them (the seeds left bound every value); with `--endgame` an endgame table of
//! exact values. With either, Kalah's solver settings (`games::kalah::tune_solver`).
//!
//! ```text
//! cargo run --release --example kalah -- 4 3            # Kalah(4, 3): value, best moves
//! cargo run --release --example kalah -- 6 4 --threads 2 --knowledge
//! cargo run --release --example kalah -- 5 4 --endgame
//! cargo run --release --example kalah -- 6 4 --endgame 19 --value  # under a minute
//! cargo run --release --example kalah -- 6 5 --endgame 24 --table-mib 2048 --threads 2 --value
//! ```

use clap::{CommandFactory, Parser};
use cli_support::failure::{self, Failure};
use cli_support::pipe;
use gamesolver::games::kalah::{self, Endgame, Kalah, SeedsLeft};
use gamesolver::{Knowledge, SearchConfig, Solver};
use std::time::Instant;

/// Kalah(m, n): the first player's winning margin with perfect play, its best first moves
/// (pits counted from 1, from the mover's left) and the line of play.
#[derive(Debug, Parser)]
#[command(name = "kalah")]
struct Args {
    /// Pits a side, 1..=8.
    m: usize,
    /// Seeds a pit at the start, 1..=15.
    n: u8,
    /// Search with the seeds left as bounds (`games::kalah::SeedsLeft`).
    #[arg(long)]
    knowledge: bool,
    /// Search with the exact value of every position of at most SEEDS seeds in play (by
    /// default as many as 8 M positions allow; larger boards gain from more: Kalah(6,4) most
    /// from 19, Kalah(6,5) from 24 of those tried), from an endgame table filled as the search
    /// asks (`games::kalah::Endgame`, a byte a position, at most 4 GiB), and the bounds of
    /// `--knowledge` elsewhere.
    #[arg(long, value_name = "SEEDS", num_args = 0..=1)]
    endgame: Option<Option<u32>>,
    /// The endgame table's every value computed before the search, by retrograde analysis
    /// in tiers of seeds (`Endgame::solve`, on `--threads`), not as the search asks.
    #[arg(long, requires = "endgame")]
    solved: bool,
    /// The value alone, without the optimal first moves and a line of play.
    #[arg(long)]
    value: bool,
    /// Threads to search on.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
    /// The table's size in MiB (the default table suits Kalah up to (5,4)).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=65_536))]
    table_mib: Option<u32>,
}

fn run(args: &Args) -> Result<(), Failure> {
    let start = Kalah::new(args.m, args.n).map_err(|e| Failure::Input(e.to_string()))?;
    let mut config = SearchConfig::default().with_threads(usize::from(args.threads));
    if let Some(mib) = args.table_mib {
        config = config.with_table_bytes(usize::try_from(mib).unwrap_or(usize::MAX) << 20);
    }
    let (solver, clock) = (Solver::with_config(config), Instant::now());
    if let Some(seeds) = args.endgame {
        let seeds = seeds.unwrap_or_else(|| Endgame::seeds_within(&start, 8 << 20));
        let table = if args.solved {
            Endgame::solve(&start, seeds, 4 << 30, usize::from(args.threads))
        } else {
            Endgame::build(&start, seeds, 4 << 30)
        };
        let table = table.map_err(|e| Failure::Input(e.to_string()))?;
        report(
            kalah::tune_solver(solver.with_knowledge(table.clone())),
            &start,
            args,
            clock,
        )?;
        eprintln!(
            "endgame table of {seeds} seeds: {} of its {} positions computed",
            table.computed(),
            table.positions()
        );
        Ok(())
    } else if args.knowledge {
        report(
            kalah::tune_solver(solver.with_knowledge(SeedsLeft)),
            &start,
            args,
            clock,
        )
    } else {
        report(solver, &start, args, clock)
    }
}

/// Solves `start` (or finds its value alone, with `--value`) and prints the result, with the
/// time since `clock` (the endgame table's making and fill counted).
fn report<K: Knowledge<Kalah>>(
    mut solver: Solver<Kalah, K>,
    start: &Kalah,
    args: &Args,
    clock: Instant,
) -> Result<(), Failure> {
    let out_of_reach = |e: gamesolver::SolveError| Failure::OutOfReach(e.to_string());
    let pits = |moves: &[u8]| {
        let names: Vec<String> = moves.iter().map(|pit| (pit + 1).to_string()).collect();
        names.join(",")
    };
    let (value, rest) = if args.value {
        (solver.value(start).map_err(out_of_reach)?, String::new())
    } else {
        let solution = solver.solve(start).map_err(out_of_reach)?;
        let rest = format!(
            " best={} line={}",
            pits(&solution.best_moves),
            pits(&solution.principal_variation)
        );
        (solution.value, rest)
    };
    println!(
        "Kalah({},{}) value={value:+}{rest} nodes={} s={:.2}",
        args.m,
        args.n,
        solver.nodes(),
        clock.elapsed().as_secs_f64()
    );
    Ok(())
}

fn main() {
    pipe::quiet_on_closed_pipe();
    if let Err(failure) = run(&Args::parse()) {
        failure::exit(Args::command(), failure);
    }
}
