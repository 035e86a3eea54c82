//! A solve split into claims (`gamesolver::jobs`) finds the value the solver finds, whatever
//! the guess, the jobs a round and the job time: PrimeGame on every board up to 1..=26, with
//! and without its knowledge, and Dots and Boxes (a mover who moves again) against a plain
//! negamax.

#[allow(dead_code)]
#[path = "../examples/dots_and_boxes/game.rs"]
mod game;

#[allow(dead_code)]
#[path = "common/keep_turn.rs"]
mod keep_turn;

use gamesolver::games::prime::{PrimeKnowledge, SmallPrimeGame};
use gamesolver::jobs::{ClaimSolve, Next, simulate};
use gamesolver::{Game, Knowledge, NoKnowledge, ScoringGame, SearchConfig, Solver};
use std::collections::HashMap;
use std::time::Duration;

fn config() -> SearchConfig {
    SearchConfig::default().with_table_bytes(1 << 20)
}

fn split_value<G: ScoringGame, K: Knowledge<G> + 'static>(
    root: &G,
    knowledge: K,
    guess: i64,
    jobs: usize,
    job_time: Option<Duration>,
) -> (i64, usize) {
    let of_jobs = knowledge.clone();
    let mut solve = ClaimSolve::new(root.clone(), knowledge)
        .with_solver(move || Solver::with_config(config()).with_knowledge(of_jobs.clone()))
        .with_guess(guess)
        .with_jobs_per_round(jobs);
    if let Some(time) = job_time {
        solve = solve.with_job_time(time);
    }
    let (value, rounds) = solve.solve().expect("a split solve");
    (value, rounds.len())
}

#[test]
fn prime_game_values_agree_with_the_solver_for_any_guess_and_split() {
    for n in 1..=26 {
        let root = SmallPrimeGame::new(n).unwrap();
        let value = Solver::with_config(config()).value(&root).unwrap();
        for guess in [value, value - 7, value + 30, 0] {
            for jobs in [1, 6, 40] {
                let (found, rounds) = split_value(&root, PrimeKnowledge, guess, jobs, None);
                assert_eq!(found, value, "n = {n}, guess {guess}, {jobs} jobs");
                if guess == value && jobs == 1 {
                    // A right guess, the root's two claims the jobs: one round. (Expanded, an
                    // OR node tries its moves in turn, a round each.)
                    assert!(rounds <= 1, "n = {n}: {rounds} rounds");
                }
                if n <= 18 {
                    let (plain, _) = split_value(&root, NoKnowledge, guess, jobs, None);
                    assert_eq!(plain, value, "n = {n}, no knowledge");
                }
            }
        }
    }
}

#[test]
fn jobs_stopped_by_their_time_are_split_and_the_value_still_found() {
    for n in [8, 12, 16] {
        let root = SmallPrimeGame::new(n).unwrap();
        let value = Solver::with_config(config()).value(&root).unwrap();
        // No time at all: every job that searches is stopped and split, down to positions
        // the knowledge decides.
        let (found, _) = split_value(&root, PrimeKnowledge, 0, 4, Some(Duration::ZERO));
        assert_eq!(found, value, "n = {n}");
    }
}

#[test]
fn a_round_plans_as_many_jobs_as_asked_where_the_game_allows() {
    let root = SmallPrimeGame::new(60).unwrap();
    let mut solve = ClaimSolve::new(root, PrimeKnowledge)
        .with_solver(|| Solver::with_config(config()).with_knowledge(PrimeKnowledge))
        .with_jobs_per_round(50);
    let Next::Jobs(jobs) = solve.plan() else {
        panic!("a board of 60 is not decided without a search");
    };
    assert!(jobs.len() >= 50, "{} jobs", jobs.len());
    // The largest first, and no claim twice.
    assert!(jobs.windows(2).all(|pair| pair[0].size >= pair[1].size));
    let mut claims: Vec<_> = jobs
        .iter()
        .map(|job| (job.position.key(), job.claim))
        .collect();
    claims.sort_unstable();
    claims.dedup();
    assert_eq!(claims.len(), jobs.len());
    // Planning again from the same results plans the same jobs.
    let Next::Jobs(again) = solve.plan() else {
        panic!("nothing was run")
    };
    let keys = |jobs: &[gamesolver::jobs::Job<SmallPrimeGame>]| {
        jobs.iter()
            .map(|j| (j.position.key(), j.claim))
            .collect::<Vec<_>>()
    };
    assert_eq!(keys(&jobs), keys(&again));
    // What they took on 8 workers: at least the longest, at most the sum.
    let reports: Vec<Duration> = jobs
        .iter()
        .take(8)
        .map(|job| solve.run(job).unwrap().elapsed)
        .collect();
    let total: Duration = reports.iter().sum();
    let on_four = simulate::makespan(std::slice::from_ref(&reports), 4);
    assert!(on_four <= total && on_four >= *reports.iter().max().unwrap());
}

#[test]
fn dots_and_boxes_values_agree_with_a_plain_negamax() {
    for (width, height) in [(1, 2), (2, 2), (1, 3)] {
        let root = game::DotsAndBoxes::new(width, height).unwrap();
        let value = keep_turn::plain_value(&root, &mut HashMap::new());
        for guess in [value, value + 3, -4] {
            for jobs in [1, 16] {
                let (found, _) = split_value(&root, NoKnowledge, guess, jobs, None);
                assert_eq!(
                    found, value,
                    "{width} x {height}, guess {guess}, {jobs} jobs"
                );
            }
        }
    }
}
