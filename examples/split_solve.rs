//! PrimeGame solved by claims that independent jobs prove (`gamesolver::jobs`), the jobs run
//! here one after another, and the makespan of their rounds on 1 to 512 workers (the planning
//! between rounds included) set against the one-process solve.
//!
//! ```text
//! cargo run --release --example split_solve -- N GUESS JOBS_PER_ROUND JOB_MS TABLE_MIB [SHARE]
//! cargo run --release --example split_solve -- 100 0 128 1000 16 8
//! ```
//!
//! SHARE: share the proofs of searches of at least 2^SHARE nodes between rounds (none if left
//! out).

use gamesolver::games::prime::{self, PrimeKnowledge, WidePrimeGame};
use gamesolver::jobs::{ClaimSolve, Next, simulate};
use std::time::{Duration, Instant};

/// Each round's job times, the jobs' nodes and the time spent planning, of a split solve run
/// round by round, one job after another.
type Rounds = (Vec<Vec<Duration>>, u64, Duration);

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<i64> = std::env::args()
        .skip(1)
        .map(|a| a.parse())
        .collect::<Result<_, _>>()?;
    let [n, guess, per_round, job_ms, mib, ..] = args[..] else {
        return Err("usage: split_solve N GUESS JOBS_PER_ROUND JOB_MS TABLE_MIB [SHARE]".into());
    };
    let (root, bytes) = (
        WidePrimeGame::new(u32::try_from(n)?)?,
        usize::try_from(mib)? << 20,
    );
    let clock = Instant::now();
    let mut one = prime::solver().with_table_bytes(bytes).with_threads(1);
    let value = one.value(&root)?;
    let alone = clock.elapsed();
    println!(
        "n = {n}: value {value}, one process {alone:.2?}, {} nodes",
        one.nodes()
    );
    drop(one);

    let mut split = ClaimSolve::new(root, PrimeKnowledge)
        .with_solver(move || prime::solver().with_table_bytes(bytes).with_threads(1))
        .with_guess(guess)
        .with_jobs_per_round(usize::try_from(per_round)?)
        .with_job_time(Duration::from_millis(u64::try_from(job_ms)?));
    if let Some(&share) = args.get(5) {
        split = split.with_shared_proofs(u8::try_from(share)?);
    }
    let (rounds, nodes, planning) = run_rounds(&mut split)?;
    let found = split.root_interval().lower;
    if found != value {
        return Err(format!("the split solve found {found}, the solver {value}").into());
    }
    println!("split value {found}, the jobs' nodes {nodes}, planning {planning:.2?}");
    for workers in [1, 2, 8, 64, 512] {
        let makespan = simulate::makespan(&rounds, workers) + planning;
        let speed_up = alone.as_secs_f64() / makespan.as_secs_f64();
        println!("{workers} workers: {makespan:.2?}, {speed_up:.2}x the one process");
    }
    Ok(())
}

/// Plans and runs `split`'s rounds until the root's value is known, printing each round.
fn run_rounds(
    split: &mut ClaimSolve<WidePrimeGame, PrimeKnowledge>,
) -> Result<Rounds, Box<dyn std::error::Error>> {
    let (mut rounds, mut nodes, mut planning) = (Vec::new(), 0, Duration::ZERO);
    loop {
        // Planning (with the merge of the proofs) is a wait between rounds.
        let clock = Instant::now();
        let next = split.plan();
        planning += clock.elapsed();
        let Next::Jobs(jobs) = next else { break };
        let mut times = Vec::new();
        for job in &jobs {
            let report = split.run(job)?;
            split.record(job, &report);
            nodes += report.nodes;
            times.push(report.elapsed);
        }
        let sum: Duration = times.iter().sum();
        println!(
            "round {}: {} jobs, {sum:.2?} in all; the root now {:?}",
            rounds.len() + 1,
            jobs.len(),
            split.root_interval()
        );
        rounds.push(times);
    }
    Ok((rounds, nodes, planning))
}
