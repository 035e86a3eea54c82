//! A solve split into claims (`gamesolver::jobs`) finds the value the solver finds, whatever
//! the guess, the jobs a round and the job time: PrimeGame on every board up to 1..=26, with
//! and without its knowledge, and Dots and Boxes (a mover who moves again) against a plain
//! negamax.

use crate::common::keep_turn::plain_value;
use gamesolver::games::dots_and_boxes::DotsAndBoxes;
use gamesolver::games::prime::{PrimeKnowledge, SmallPrimeGame};
use gamesolver::jobs::{ClaimSolve, JobsError, Merged, Next, result_times, simulate};
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
    // A graph of at most 3 positions: once it is full, jobs run with no time limit.
    let root = SmallPrimeGame::new(30).unwrap();
    let value = Solver::with_config(config()).value(&root).unwrap();
    let mut solve = ClaimSolve::new(root, PrimeKnowledge)
        .with_solver(|| Solver::with_config(config()).with_knowledge(PrimeKnowledge))
        .with_jobs_per_round(50)
        .with_job_time(Duration::ZERO)
        .with_max_expanded(3);
    assert_eq!(solve.solve().unwrap().0, value);
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
        .map(|job| (job.position.key(), job.window))
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
            .map(|j| (j.position.key(), j.window))
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
        let root = DotsAndBoxes::new(width, height).unwrap();
        let value = plain_value(&root, &mut HashMap::new());
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

/// A fresh directory for one test.
fn fresh_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gamesolver-jobs-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The split solve of `n` as the workers of a scheduler would run it (each job by a solve
/// made anew, as a process would): the value, after merging every round twice and running
/// the first job of each round twice.
fn solve_in(dir: &std::path::Path, n: u32, guess: i64) -> i64 {
    let make = || {
        ClaimSolve::new(SmallPrimeGame::new(n).unwrap(), PrimeKnowledge)
            .with_solver(|| Solver::with_config(config()).with_knowledge(PrimeKnowledge))
            .with_jobs_per_round(6)
    };
    let mut first = Some(guess);
    loop {
        let mut merge = make();
        if let Some(guess) = first.take() {
            merge = merge.with_guess(guess);
        }
        let merged = merge.merge_dir(dir).unwrap();
        assert_eq!(make().merge_dir(dir).unwrap(), merged, "a merge run twice");
        match merged {
            Merged::Solved { value, best, .. } => {
                assert_eq!(best, None, "claims prove the value only");
                return value;
            }
            Merged::Missing(files) => panic!("a claims merge plans again: {files:?}"),
            Merged::Next(jobs) => {
                assert!(!jobs.is_empty());
                for job in &jobs {
                    make().run_job_file(job).unwrap();
                }
                make().run_job_file(&jobs[0]).unwrap();
            }
        }
    }
}

#[test]
fn a_solve_through_a_directory_gives_the_solver_s_value() {
    for (n, guess) in [(20, 0), (26, 14), (30, -5)] {
        let dir = fresh_dir(&format!("solve{n}"));
        let value = Solver::with_config(config())
            .value(&SmallPrimeGame::new(n).unwrap())
            .unwrap();
        assert_eq!(solve_in(&dir, n, guess), value, "n = {n}");
        assert!(!result_times(&dir).unwrap().is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn bad_files_are_refused_with_the_file_named() {
    let dir = fresh_dir("bad");
    let make =
        |n| ClaimSolve::new(SmallPrimeGame::new(n).unwrap(), PrimeKnowledge).with_jobs_per_round(4);
    let Merged::Next(jobs) = make(24).merge_dir(&dir).unwrap() else {
        panic!("a board of 24 needs a search");
    };
    assert!(jobs.len() >= 2);
    // Another root in the same directory.
    assert!(matches!(
        make(23).merge_dir(&dir),
        Err(JobsError::OtherRoot { .. })
    ));
    // A job edited by hand: its content no longer matches its name.
    let text = std::fs::read_to_string(&jobs[0]).unwrap();
    // The window raised by 100: another job under this one's name.
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let window = lines[1].strip_prefix("window=").unwrap();
    let (alpha, beta) = window.split_once(' ').unwrap();
    let raise = |side: &str| side.parse::<i64>().unwrap() + 100;
    lines[1] = format!("window={} {}", raise(alpha), raise(beta));
    let edited = lines.join("\n") + "\n";
    std::fs::write(&jobs[0], &edited).unwrap();
    let refused = make(24).run_job_file(&jobs[0]);
    assert!(
        matches!(refused, Err(JobsError::Malformed { .. })),
        "{refused:?}"
    );
    std::fs::write(&jobs[0], &text).unwrap();
    // A result of a claim on another position, under this job's name.
    make(24).run_job_file(&jobs[1]).unwrap();
    let other = std::fs::read_to_string(jobs[1].with_extension("result")).unwrap();
    std::fs::write(jobs[0].with_extension("result"), other).unwrap();
    let refused = make(24).merge_dir(&dir);
    assert!(
        matches!(&refused, Err(JobsError::Malformed { path, .. }) if path.ends_with(jobs[0].with_extension("result").file_name().unwrap())),
        "{refused:?}"
    );
    // A result cut short.
    let result = std::fs::read_to_string(jobs[1].with_extension("result")).unwrap();
    std::fs::write(
        jobs[0].with_extension("result"),
        &result[..result.len() / 2],
    )
    .unwrap();
    assert!(matches!(
        make(24).merge_dir(&dir),
        Err(JobsError::Malformed { .. })
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every file of a split solve is read within a bound: a file past it (or a link to an
/// endless one) is refused after `MAX_FILE_BYTES`, never read into memory whole.
#[test]
fn files_past_the_bound_are_refused_without_being_read_whole() {
    use gamesolver::jobs::MAX_FILE_BYTES;
    let dir = fresh_dir("bounded");
    let make =
        |n| ClaimSolve::new(SmallPrimeGame::new(n).unwrap(), PrimeKnowledge).with_jobs_per_round(4);
    let Merged::Next(jobs) = make(24).merge_dir(&dir).unwrap() else {
        panic!("a board of 24 needs a search");
    };
    let huge = "x".repeat(MAX_FILE_BYTES + 1);
    // A job file, a result file, the state: each refused as too long.
    std::fs::write(&jobs[0], &huge).unwrap();
    assert!(matches!(
        make(24).run_job_file(&jobs[0]),
        Err(JobsError::Malformed { .. })
    ));
    std::fs::write(jobs[0].with_extension("result"), &huge).unwrap();
    assert!(matches!(
        result_times(&dir),
        Err(JobsError::Malformed { .. })
    ));
    std::fs::remove_file(jobs[0].with_extension("result")).unwrap();
    std::fs::write(dir.join("state"), format!("guess=0\nexpanded={huge}\n")).unwrap();
    assert!(matches!(
        make(24).merge_dir(&dir),
        Err(JobsError::Malformed { .. })
    ));
    // The root, a link to an endless file.
    #[cfg(unix)]
    {
        let endless = fresh_dir("endless");
        std::fs::create_dir_all(&endless).unwrap();
        std::os::unix::fs::symlink("/dev/zero", endless.join("root")).unwrap();
        assert!(matches!(
            make(24).merge_dir(&endless),
            Err(JobsError::Malformed { .. })
        ));
        std::fs::remove_dir_all(&endless).unwrap();
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
