//! The solve split into jobs (`primegame plan`, `job`, `merge`), run in process: the same
//! value and optimal first moves as the direct solve, whatever the split depth and the batches,
//! and clear errors, never a wrong value, on bad input.

use gamesolver::games::prime;

use cli_support::failure;
use gamesolver::games::prime::WidePrimeGame;
use gamesolver::jobs::Merged;
use primegame::jobs::{JobOptions, merge, plan, run_jobs};
use std::path::{Path, PathBuf};

/// One thread, `solve`'s table, the proven results of earlier rounds shared.
const SHARED: JobOptions = JobOptions {
    threads: 1,
    table_bytes: None,
    isolated: false,
    deadline: None,
};

/// As [`SHARED`], each batch on its own.
const ISOLATED: JobOptions = JobOptions {
    isolated: true,
    ..SHARED
};

/// A fresh directory under the system's temporary folder, for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gamesolver-jobs-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Every job without a result, sorted.
fn pending(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "job"))
        .filter(|p| !p.with_extension("result").exists())
        .collect();
    files.sort();
    files
}

/// Plans, runs every round in batches of `batch` jobs, merges; the answer and the nodes.
fn split_solve(
    n: u32,
    split: usize,
    batch: usize,
    dir: &Path,
    options: JobOptions,
) -> (i64, Vec<u32>, u64) {
    plan(n, dir, split).unwrap();
    run_rounds(dir, batch, options)
}

/// Runs every round of the jobs planned in `dir` in batches of `batch` jobs, merging after
/// each; the answer and the nodes.
fn run_rounds(dir: &Path, batch: usize, options: JobOptions) -> (i64, Vec<u32>, u64) {
    loop {
        for files in pending(dir).chunks(batch) {
            run_jobs(files, options).unwrap();
        }
        match merge(dir).unwrap().1 {
            Merged::Solved {
                value, best, nodes, ..
            } => return (value, best.expect("every optimal move"), nodes),
            Merged::Next(_) => {}
            Merged::Missing(files) => panic!("missing after a whole round: {files:?}"),
        }
        // The merge is idempotent: again, it writes the same files and finds nothing new.
        let again = merge(dir).unwrap().1;
        assert!(matches!(again, Merged::Missing(_)), "{again:?}");
    }
}

fn direct(n: u32) -> (i64, Vec<u32>) {
    let game = WidePrimeGame::new(n).unwrap();
    let solution = prime::solver().solve(&game).unwrap();
    let mut best = solution.best_moves;
    best.sort_unstable();
    (solution.value, best)
}

#[test]
fn split_solves_equal_the_direct_solve() {
    for n in [1, 2, 3, 6, 10, 20, 31, 45, 60, 75, 90] {
        let expected = direct(n);
        for (split, batch) in [(1, 1), (2, 4), (3, 100)] {
            for options in [SHARED, ISOLATED] {
                let dir = scratch(&format!("{n}-{split}-{batch}"));
                let (value, best, _) = split_solve(n, split, batch, &dir, options);
                assert_eq!(
                    (value, best),
                    expected,
                    "n = {n}, split {split}, batch {batch}, {options:?}"
                );
                std::fs::remove_dir_all(&dir).unwrap();
            }
        }
    }
}

/// Later rounds start from what earlier rounds proved: fewer nodes in all than isolated
/// batches. A damaged results file is left out, and the answer stays the same.
#[test]
fn later_rounds_start_from_earlier_proofs() {
    let n = 90;
    let dir = scratch("shared");
    let (_, _, shared) = split_solve(n, 3, 4, &dir, SHARED);
    std::fs::remove_dir_all(&dir).unwrap();
    let (_, _, isolated) = split_solve(n, 3, 4, &dir, ISOLATED);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        shared * 3 < isolated * 2,
        "{shared} nodes shared, {isolated} isolated"
    );

    plan(n, &dir, 3).unwrap();
    run_jobs(&pending(&dir), SHARED).unwrap();
    assert!(matches!(merge(&dir).unwrap().1, Merged::Next(_)));
    let proven: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "proven"))
        .collect();
    assert_eq!(proven.len(), 1, "{proven:?}");
    let mut bytes = std::fs::read(&proven[0]).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x40;
    std::fs::write(&proven[0], bytes).unwrap();
    let answer = loop {
        run_jobs(&pending(&dir), SHARED).unwrap();
        if let Merged::Solved { value, best, .. } = merge(&dir).unwrap().1 {
            break (value, best.expect("every optimal move"));
        }
    };
    assert_eq!(answer, direct(n));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A board's jobs start from what the jobs of another board proved, put beside them as
/// `round0-*.proven` (as `cluster/split-solve.sh` does with `SEED`): the same answer, and
/// for a prime board after its predecessor (take the prime, and the rest is mostly the board
/// before) a fraction of the nodes.
#[test]
fn a_board_starts_from_what_the_board_before_proved() {
    let before = scratch("seed-88");
    split_solve(88, 1, 4, &before, SHARED);
    let dir = scratch("seeded-89");
    plan(89, &dir, 1).unwrap();
    let mut seeds = 0;
    for entry in std::fs::read_dir(&before).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|x| x == "proven") {
            let name = path.file_name().unwrap().to_str().unwrap();
            std::fs::copy(&path, dir.join(format!("round0-seed-{name}"))).unwrap();
            seeds += 1;
        }
    }
    assert!(seeds > 0, "the board before saved its proofs");
    let (value, best, seeded) = run_rounds(&dir, 4, SHARED);
    assert_eq!((value, best), direct(89));
    let alone = scratch("alone-89");
    let (_, _, unseeded) = split_solve(89, 1, 4, &alone, SHARED);
    assert!(
        seeded * 10 < unseeded,
        "{seeded} nodes seeded, {unseeded} alone"
    );
    for dir in [before, dir, alone] {
        std::fs::remove_dir_all(dir).unwrap();
    }
}

/// A job stopped by its deadline saves what it proved beside it and fails as out of reach;
/// run again, it goes on from there to the answer of the direct solve, counting the work of
/// both runs, and clears the files it no longer needs.
#[test]
fn a_stopped_job_goes_on_from_what_it_proved() {
    let dir = scratch("stopped");
    plan(130, &dir, 1).unwrap();
    let job = pending(&dir).remove(0);
    let soon = JobOptions {
        // Far shorter than the job (about 0.5 s here).
        deadline: Some(std::time::Instant::now() + std::time::Duration::from_millis(100)),
        ..SHARED
    };
    let stop = run_jobs(std::slice::from_ref(&job), soon).unwrap_err();
    assert!(matches!(stop, failure::Failure::OutOfReach(_)), "{stop}");
    assert!(stop.to_string().contains(".stopped"), "{stop}");
    let (stopped, work) = (
        job.with_extension("stopped"),
        job.with_extension("stopped-work"),
    );
    assert!(stopped.exists() && !job.with_extension("result").exists());
    let work = std::fs::read_to_string(&work).unwrap();
    let earlier: u64 = work
        .strip_prefix("nodes=")
        .and_then(|rest| rest.split(' ').next())
        .and_then(|nodes| nodes.parse().ok())
        .unwrap_or_else(|| panic!("nodes=N ms=M, not {work}"));
    assert!(earlier > 0, "{work}");
    // The message counts the work of the job's runs so far, as the file does.
    assert!(
        stop.to_string().contains(&format!("{earlier} nodes in ")),
        "{stop}"
    );
    // Earlier work made large, to tell the second run's own nodes from it.
    const EARLIER: u64 = 1 << 40;
    std::fs::write(
        job.with_extension("stopped-work"),
        format!("nodes={EARLIER} ms=7\n"),
    )
    .unwrap();
    let resumed = run_jobs(std::slice::from_ref(&job), SHARED).unwrap();
    assert!(
        resumed[0].nodes > EARLIER && resumed[0].ms >= 7,
        "{resumed:?}"
    );
    // The second run started from the first's proofs: it searched less than a fresh run.
    let fresh_dir = scratch("stopped-fresh");
    plan(130, &fresh_dir, 1).unwrap();
    let fresh = run_jobs(&pending(&fresh_dir), SHARED).unwrap();
    assert_eq!(fresh[0].value, resumed[0].value);
    assert!(
        resumed[0].nodes - EARLIER < fresh[0].nodes,
        "{} nodes after the stop, {} fresh",
        resumed[0].nodes - EARLIER,
        fresh[0].nodes
    );
    std::fs::remove_dir_all(&fresh_dir).unwrap();
    assert!(!stopped.exists() && !job.with_extension("stopped-work").exists());
    let (value, best, _) = run_rounds(&dir, 8, SHARED);
    assert_eq!((value, best), direct(130));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_job_run_twice_changes_nothing() {
    let dir = scratch("twice");
    plan(40, &dir, 2).unwrap();
    let first = pending(&dir);
    run_jobs(&first, SHARED).unwrap();
    let before = std::fs::read_to_string(first[0].with_extension("result")).unwrap();
    // Run again: the same result line but for the time taken.
    run_jobs(&first, SHARED).unwrap();
    let after = std::fs::read_to_string(first[0].with_extension("result")).unwrap();
    let without_time = |text: &str| text.split("\nms=").next().unwrap().to_owned();
    assert_eq!(without_time(&before), without_time(&after));
    let answer = loop {
        if let Merged::Solved { value, best, .. } = merge(&dir).unwrap().1 {
            break (value, best.expect("every optimal move"));
        }
        run_jobs(&pending(&dir), SHARED).unwrap();
    };
    assert_eq!(answer, direct(40));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A directory planned for 1..=30 with its first job run: the directory, the job, the job's
/// text and its result's.
fn one_job_run(name: &str) -> (PathBuf, PathBuf, String, String) {
    let dir = scratch(name);
    plan(30, &dir, 1).unwrap();
    let job = pending(&dir).remove(0);
    run_jobs(std::slice::from_ref(&job), SHARED).unwrap();
    let text = std::fs::read_to_string(&job).unwrap();
    let result = std::fs::read_to_string(job.with_extension("result")).unwrap();
    (dir, job, text, result)
}

/// The error of running `job` alone.
fn job_error(job: &Path) -> String {
    run_jobs(&[job.to_path_buf()], SHARED)
        .unwrap_err()
        .to_string()
}

#[test]
fn a_missing_directory_job_or_result_is_named() {
    let dir = scratch("missing");
    // No directory, no jobs.
    assert!(merge(&dir).unwrap_err().contains("No such file"));
    std::fs::create_dir_all(&dir).unwrap();
    assert!(merge(&dir).unwrap_err().contains("no .job file"));
    assert!(job_error(&dir.join("absent.job")).contains("absent.job"));
    plan(30, &dir, 1).unwrap();
    let job = pending(&dir).remove(0);
    // Missing results are listed, not guessed.
    assert!(matches!(merge(&dir).unwrap().1, Merged::Missing(files) if files == [job]));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_bad_result_is_refused() {
    let (dir, job, _, good) = one_job_run("bad-result");
    let result = job.with_extension("result");
    let name = result.file_name().unwrap().to_str().unwrap().to_owned();
    // A result cut short.
    std::fs::write(&result, &good[..good.len() / 2]).unwrap();
    let error = merge(&dir).unwrap_err();
    assert!(error.contains(&name), "{error}");
    // A result of another board's position, under this job's name.
    std::fs::write(&result, good.replacen("position=30:", "position=31:", 1)).unwrap();
    let error = merge(&dir).unwrap_err();
    assert!(error.contains("answers another job"), "{error}");
    // A count that is no number.
    std::fs::write(&result, good.replacen("\nnodes=", "\nnodes=x", 1)).unwrap();
    let error = merge(&dir).unwrap_err();
    assert!(error.contains("is not a number"), "{error}");
    std::fs::write(&result, &good).unwrap();
    assert!(merge(&dir).is_ok());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_job_edited_by_hand_is_refused() {
    let (dir, job, text, _) = one_job_run("edited");
    // Its name no longer matches its content, or its window is empty.
    std::fs::write(&job, text.replace("window=-inf inf", "window=3 inf")).unwrap();
    let error = merge(&dir).unwrap_err();
    assert!(error.contains("does not match the file's name"), "{error}");
    assert!(job_error(&job).contains("does not match the file's name"));
    std::fs::write(&job, text.replace("window=-inf inf", "window=5 5")).unwrap();
    assert!(merge(&dir).unwrap_err().contains("is not two sides"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_overlong_file_is_refused_and_quoted_briefly() {
    let (dir, job, text, _) = one_job_run("long");
    // A file longer than any job is read no further than its bound, and quoted shortly.
    let long = vec!["1"; 1_000_000].join(",");
    std::fs::write(
        &job,
        text.replace("position=30:", &format!("position=30: {long}")),
    )
    .unwrap();
    let error = job_error(&job);
    assert!(error.contains("longer than 1048576 bytes"), "{error}");
    assert!(error.len() < 300, "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_directory_of_another_board_is_refused() {
    let (dir, _, _, _) = one_job_run("other-board");
    let error = plan(31, &dir, 1).unwrap_err();
    assert!(error.contains("solves another position"), "{error}");
    // The same board planned again: as before, or refused with another split.
    plan(30, &dir, 1).unwrap();
    let error = plan(30, &dir, 2).unwrap_err();
    assert!(error.contains("planned before with split=1"), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_split_past_the_limit_is_refused() {
    let error = plan(30, &scratch("deep"), 99).unwrap_err();
    assert!(error.contains("--split"), "{error}");
}

/// The building block: a window's fail-soft answer bounds the exact value on the right side,
/// and is exact inside the window.
#[test]
fn windowed_values_bound_the_exact_value() {
    let mut solver = prime::solver();
    for n in 1..=45 {
        let game = WidePrimeGame::new(n).unwrap();
        let exact = solver.value(&game).unwrap();
        for (alpha, beta) in [
            (-1000, 1000),
            (exact - 1, exact),
            (exact, exact + 1),
            (exact - 3, exact + 2),
            (0, 1),
            (7, 9),
        ] {
            let mut fresh = prime::solver();
            let answer = fresh.value_within(&game, alpha, beta).unwrap();
            if answer <= alpha {
                assert!(
                    exact <= answer,
                    "n = {n} ({alpha}, {beta}): {answer}, exact {exact}"
                );
            } else if answer >= beta {
                assert!(
                    exact >= answer,
                    "n = {n} ({alpha}, {beta}): {answer}, exact {exact}"
                );
            } else {
                assert_eq!(answer, exact, "n = {n} ({alpha}, {beta})");
            }
        }
    }
}
