//! Merging results: each move's proven interval, the next round's windows, the answer.

use super::run::{ordered_moves, principal_line};
use super::{Job, JobResult, UNBOUNDED, job_path, parse_job, parse_result, result_path};
use crate::files::{read_first_line, write_text_atomically};
use gamesolver::search::MoveBounds;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// What the merge found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Merged {
    /// The root's value and every optimal first move, ascending.
    Solved {
        /// The board 1..=n.
        n: u32,
        /// The exact value of 1..=n.
        value: i64,
        /// Every optimal first move, ascending.
        best: Vec<u32>,
        /// The jobs of every round.
        jobs: usize,
        /// The nodes of every job.
        nodes: u64,
        /// The milliseconds of every job.
        ms: u64,
    },
    /// Jobs without a result, to run (again).
    Missing(Vec<PathBuf>),
    /// The next round's jobs, written.
    Next(Vec<PathBuf>),
}

/// Every job of the directory with its result, if any.
pub fn read_dir(dir: &Path) -> Result<Vec<(PathBuf, Job, Option<JobResult>)>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "job"))
        .collect();
    files.sort();
    let mut jobs = Vec::new();
    for file in files {
        let origin = file.display().to_string();
        let line = read_first_line(&file).map_err(|e| format!("{origin}: {e}"))?;
        let job = parse_job(&line, &origin)?;
        if job_path(dir, &job) != file {
            return Err(format!(
                "{origin}: its name does not match its content `{job}`"
            ));
        }
        let answer = result_path(&file);
        let result = match read_first_line(&answer) {
            Ok(line) => Some(parse_result(&line, &job, &answer.display().to_string())?),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(format!("{}: {e}", answer.display())),
        };
        jobs.push((file, job, result));
    }
    if jobs.is_empty() {
        return Err(format!(
            "{}: no .job file (run `plan` first)",
            dir.display()
        ));
    }
    if let Some((file, job, _)) = jobs.iter().find(|(_, job, _)| job.n != jobs[0].1.n) {
        return Err(format!(
            "{}: a job of the board 1..={} among jobs of 1..={}",
            file.display(),
            job.n,
            jobs[0].1.n
        ));
    }
    Ok(jobs)
}

/// What the results whose line is `prefix` then a move prove of each move at one position.
fn proven<'a>(
    moves: &[(u32, i64)],
    prefix: &[u32],
    results: impl Iterator<Item = &'a JobResult>,
) -> Result<MoveBounds<u32>, String> {
    let mut bounds = MoveBounds::new(moves.iter().map(|&(mv, _)| mv));
    for result in results.filter(|r| r.job.line[..r.job.line.len() - 1] == *prefix) {
        let (job, mv) = (&result.job, result.job.line[prefix.len()]);
        if !bounds.record(mv, (job.alpha, job.beta), result.value) {
            return Err(format!("`{job}`: move {mv} is not legal there"));
        }
    }
    Ok(bounds)
}

/// The windows still needed at one position, in move order, given the best lower bound
/// proven: every move that could be better gets one; with `optimal`, every move that could
/// equal the best too (to find every optimal move, not just the value). One round asks every
/// move at once, so a move whose place is unknown gets a window of two, where the solver's
/// root, one question at a time, asks two null windows in turn.
fn windows(bounds: &MoveBounds<u32>, best: i64, optimal: bool) -> Vec<(u32, i64, i64)> {
    let mut needed = Vec::new();
    for (mv, lo, hi) in bounds.moves() {
        let window = if hi > best && lo < best && optimal {
            // Worse, equal or better: a window of two tells which (below it: worse; inside:
            // exactly equal; above: better, by a lower bound).
            Some((best - 1, best + 1))
        } else if hi > best {
            // Is it better?
            Some((best, best + 1))
        } else if optimal && hi == best && lo < best {
            // Is it optimal too?
            Some((best - 1, best))
        } else {
            None
        };
        if let Some((alpha, beta)) = window {
            needed.push((mv, alpha, beta));
        }
    }
    needed
}

/// `merge D`: the answer, the missing results, or the next round. The positions on the
/// principal line are valued deepest first: each one's moves get windows against the best
/// value proven there, its principal move's value coming from the position below; the root's
/// last, with every optimal move.
pub fn merge(dir: &Path) -> Result<Merged, String> {
    let jobs = read_dir(dir)?;
    if let Some(missing) = missing_results(&jobs) {
        return Ok(Merged::Missing(missing));
    }
    let n = jobs[0].1.n;
    let round = jobs.iter().map(|(_, job, _)| job.round).max().unwrap_or(0) + 1;
    let results = || jobs.iter().filter_map(|(_, _, r)| r.as_ref());
    // The plan's line is the longest: every other job's line is a principal prefix and a move.
    let depth = jobs
        .iter()
        .map(|(_, job, _)| job.line.len())
        .max()
        .unwrap_or(1);
    let principal: Vec<(u32, i64)> = principal_line(n, depth)?;
    let prefix_of =
        |level: usize| -> Vec<u32> { principal[..level].iter().map(|&(mv, _)| mv).collect() };
    check_lines(results(), &principal)?;
    // The value of the position below, once exact: the principal move's value there.
    let mut below: Option<i64> = None;
    for level in (0..principal.len()).rev() {
        let prefix = prefix_of(level);
        let moves = ordered_moves(n, &prefix)?;
        let mut bounds = proven(&moves, &prefix, results())?;
        if let Some(value) = below {
            // The principal move's value is the position's below, seen from here.
            let (mv, margin) = principal[level];
            bounds.record(mv, (i64::MIN, i64::MAX), margin - value);
        }
        let Some(best) = bounds.best_lower().filter(|&best| best > -UNBOUNDED) else {
            return Err(format!(
                "{}: nothing is proven yet; run `plan` again",
                dir.display()
            ));
        };
        let needed = windows(&bounds, best, level == 0);
        if !needed.is_empty() {
            return write_round(dir, n, round, &prefix, needed).map(Merged::Next);
        }
        if level == 0 {
            // No window is needed exactly when the bounds decide every optimal move.
            let mut optimal = bounds
                .optimal_moves()
                .ok_or_else(|| format!("{}: the results decide no answer", dir.display()))?;
            optimal.sort_unstable();
            return Ok(Merged::Solved {
                n,
                value: best,
                best: optimal,
                jobs: jobs.len(),
                // Counts a file carries may be anything: the sums saturate.
                nodes: results().fold(0, |sum: u64, r| sum.saturating_add(r.nodes)),
                ms: results().fold(0, |sum: u64, r| sum.saturating_add(r.ms)),
            });
        }
        below = Some(best);
    }
    Err(format!("{}: the board has no move", dir.display()))
}

/// The job files whose results are missing, if any are.
fn missing_results<J, R>(jobs: &[(PathBuf, J, Option<R>)]) -> Option<Vec<PathBuf>> {
    let missing: Vec<PathBuf> = (jobs.iter())
        .filter(|(_, _, result)| result.is_none())
        .map(|(file, _, _)| file.clone())
        .collect();
    (!missing.is_empty()).then_some(missing)
}

/// Checks that every result is of a move off the principal line (a prefix of it, then any
/// move).
fn check_lines<'a>(
    results: impl Iterator<Item = &'a JobResult>,
    principal: &[(u32, i64)],
) -> Result<(), String> {
    for result in results {
        let level = result.job.line.len() - 1;
        let on_line = level < principal.len().max(1)
            && result.job.line[..level]
                .iter()
                .zip(principal)
                .all(|(&mv, &(expected, _))| mv == expected);
        if !on_line {
            return Err(format!(
                "`{}`: not a move off the principal line",
                result.job
            ));
        }
    }
    Ok(())
}

/// Writes the jobs of round `round`: a window on each of the `needed` moves after `prefix`.
fn write_round(
    dir: &Path,
    n: u32,
    round: u32,
    prefix: &[u32],
    needed: Vec<(u32, i64, i64)>,
) -> Result<Vec<PathBuf>, String> {
    let mut written = Vec::new();
    for (mv, alpha, beta) in needed {
        let mut line = prefix.to_vec();
        line.push(mv);
        let job = Job {
            n,
            round,
            line,
            alpha,
            beta,
        };
        let path = job_path(dir, &job);
        write_text_atomically(&path, &format!("{job}\n"))?;
        written.push(path);
    }
    Ok(written)
}

/// The makespan of the directory's jobs on `workers` workers, in milliseconds: each job's
/// time its search and its set-up (`setup_ms`: the batch's table and loaded proofs), each
/// round's jobs the longest first to the worker free first, rounds one after the other (the
/// merge waits for a whole round; its own time is not counted)
/// ([`gamesolver::jobs::simulate::makespan`]).
pub fn makespan(jobs: &[(PathBuf, Job, Option<JobResult>)], workers: usize) -> u64 {
    let mut rounds: BTreeMap<u32, Vec<Duration>> = BTreeMap::new();
    for result in jobs.iter().filter_map(|(_, _, r)| r.as_ref()) {
        let ms = result.ms.saturating_add(result.setup_ms);
        rounds
            .entry(result.job.round)
            .or_default()
            .push(Duration::from_millis(ms));
    }
    let rounds: Vec<Vec<Duration>> = rounds.into_values().collect();
    let span = gamesolver::jobs::simulate::makespan(&rounds, workers);
    u64::try_from(span.as_millis()).unwrap_or(u64::MAX)
}
