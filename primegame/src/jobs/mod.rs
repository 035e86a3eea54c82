//! The exact solve of one board split into independent jobs, for any scheduler that runs
//! processes (`xargs -P`, GNU Parallel, a Slurm job array).
//!
//! A job is a window on one move: "search the value of playing the last move of `line` (the
//! moves before it are the principal line's) within (`alpha`, `beta`)", one line in a `.job`
//! file. `primegame job FILE..` runs jobs and writes one line beside each (`.result`, written
//! to a temporary file and renamed, so a result is whole or absent): the fail-soft result, an
//! upper bound if at or below `alpha`, a lower bound if at or above `beta`, else exact.
//! `primegame merge DIR` reads every result, keeps for each move the interval its results
//! prove, and either proves the root's value and every optimal move, or writes the next round:
//!
//! - round 1 (`plan N --split K`): the exact value of the last move of the principal line, K
//!   moves deep (the first move in the solver's order at each position: largest margin);
//! - the positions on the principal line, deepest first: null windows on their other moves
//!   against the best value proven there, until the position's value is exact, which is the
//!   value of the principal move above it;
//! - the root last, L the best value proven for some root move, a window on every move not
//!   decided: (L - 1, L + 1) on one that could be worse, equal or better (one search tells
//!   which), (L, L + 1) on one proven at least L (is it better?), (L - 1, L) on one proven at
//!   most L (is it optimal too?).
//!
//! Every file's name is made from its content, and the merge reads only results, so running a
//! job twice, or the merge twice, changes nothing; a job that died is run again.
//!
//! Proofs carry over as they would in one process's table: a batch of jobs saves the proven
//! results it found beside the jobs (`round{K}-*.proven`), and the batches of later rounds load
//! them first; every round loads `round0-*.proven`, where what other boards proved goes. They
//! only save time: a result is the same with or without them.

mod merge;
mod run;

pub use merge::{Merged, makespan, merge, read_dir};
pub use run::{JobOptions, plan, run_jobs};

use std::fmt;
use std::path::{Path, PathBuf};

/// An unbounded side of a window, written `inf` or `-inf`: the search's own bound.
pub use gamesolver::search::UNBOUNDED;

/// One job: a window on the value of the last move of `line`, played after the moves before
/// it from 1..=n (the moves before it are the principal line's).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Job {
    /// The board 1..=n.
    pub n: u32,
    /// The round that wrote the job, from 1.
    pub round: u32,
    /// The moves from 1..=n; the job searches the last one.
    pub line: Vec<u32>,
    /// The window's lower side (exclusive), [`UNBOUNDED`] negated for none.
    pub alpha: i64,
    /// The window's upper side (exclusive), [`UNBOUNDED`] for none.
    pub beta: i64,
}

/// The longest line a job takes (the deepest split of the principal line).
pub const MAX_LINE: usize = 8;

fn joined(line: &[u32], separator: &str) -> String {
    line.iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(separator)
}

/// A job's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobResult {
    /// The job answered.
    pub job: Job,
    /// Fail-soft: at or below alpha an upper bound, at or above beta a lower bound.
    pub value: i64,
    /// Nodes the search visited.
    pub nodes: u64,
    /// Milliseconds the search took.
    pub ms: u64,
    /// Milliseconds before the search that the job's process spent on it: making the
    /// batch's table and loading the proofs of earlier rounds (counted on the batch's first
    /// job), and loading what a stopped run of the job proved.
    pub setup_ms: u64,
}

fn bound(value: i64) -> String {
    match value {
        v if v >= UNBOUNDED => "inf".to_owned(),
        v if v <= -UNBOUNDED => "-inf".to_owned(),
        v => v.to_string(),
    }
}

impl fmt::Display for Job {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "n={} round={} line={} alpha={} beta={}",
            self.n,
            self.round,
            joined(&self.line, ","),
            bound(self.alpha),
            bound(self.beta)
        )
    }
}

impl JobResult {
    fn kind(&self) -> &'static str {
        if self.value <= self.job.alpha {
            "upper"
        } else if self.value >= self.job.beta {
            "lower"
        } else {
            "exact"
        }
    }
}

impl fmt::Display for JobResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} result={} bound={} nodes={} ms={} setup_ms={}",
            self.job,
            self.value,
            self.kind(),
            self.nodes,
            self.ms,
            self.setup_ms
        )
    }
}

/// The `key=value` fields of a line, in order; an error names the line and what is wrong.
fn fields<'a>(line: &'a str, keys: &[&str], origin: &str) -> Result<Vec<&'a str>, String> {
    let pairs: Vec<(&str, &str)> = line
        .split_whitespace()
        .map(|field| field.split_once('=').unwrap_or((field, "")))
        .collect();
    let found: Vec<&str> = pairs.iter().map(|&(k, _)| k).collect();
    if found != keys {
        return Err(format!(
            "{origin}: expected the fields {}, found {:?}",
            keys.join(" "),
            line.trim()
        ));
    }
    Ok(pairs.into_iter().map(|(_, v)| v).collect())
}

fn number<T: std::str::FromStr>(text: &str, what: &str, origin: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{origin}: {what}={text:?} is not a number"))
}

fn window_side(text: &str, origin: &str) -> Result<i64, String> {
    match text {
        "inf" => Ok(UNBOUNDED),
        "-inf" => Ok(-UNBOUNDED),
        _ => number::<i64>(text, "window", origin).map(|v| v.clamp(-UNBOUNDED + 1, UNBOUNDED - 1)),
    }
}

/// Parses and checks a job line: a board, a line of 1 to [`MAX_LINE`] moves on it, a window. (That
/// the moves are legal in turn is checked when the job runs.)
pub fn parse_job(line: &str, origin: &str) -> Result<Job, String> {
    let v = fields(line, &["n", "round", "line", "alpha", "beta"], origin)?;
    let job = Job {
        n: number(v[0], "n", origin)?,
        round: number(v[1], "round", origin)?,
        line: v[2]
            .split(',')
            .map(|mv| number(mv, "line", origin))
            .collect::<Result<_, _>>()?,
        alpha: window_side(v[3], origin)?,
        beta: window_side(v[4], origin)?,
    };
    if job.line.is_empty() || job.line.len() > MAX_LINE {
        // The count, not the line: a line of a million moves is not echoed back.
        return Err(format!(
            "{origin}: a line of 1 to {MAX_LINE} moves, not {}",
            job.line.len()
        ));
    }
    if let Some(mv) = job.line.iter().find(|&&mv| mv == 0 || mv > job.n) {
        return Err(format!(
            "{origin}: move {mv} is not on the board 1..={}",
            job.n
        ));
    }
    if job.alpha >= job.beta {
        return Err(format!(
            "{origin}: the window ({}, {}) is empty",
            v[3], v[4]
        ));
    }
    Ok(job)
}

/// Parses a result line and checks it answers `job`.
pub fn parse_result(line: &str, job: &Job, origin: &str) -> Result<JobResult, String> {
    let keys = [
        "n", "round", "line", "alpha", "beta", "result", "bound", "nodes", "ms", "setup_ms",
    ];
    let v = fields(line, &keys, origin)?;
    let asked = parse_job(
        &v[..5]
            .iter()
            .zip(&keys)
            .map(|(v, k)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(" "),
        origin,
    )?;
    if asked != *job {
        return Err(format!(
            "{origin}: the result answers `{asked}`, not its job `{job}`"
        ));
    }
    let result = JobResult {
        job: job.clone(),
        value: number(v[5], "result", origin)?,
        nodes: number(v[7], "nodes", origin)?,
        ms: number(v[8], "ms", origin)?,
        setup_ms: number(v[9], "setup_ms", origin)?,
    };
    if result.kind() != v[6] {
        return Err(format!(
            "{origin}: bound={} does not fit result={} in the window",
            v[6], v[5]
        ));
    }
    Ok(result)
}

/// The file a job is written to, named by its content.
pub(crate) fn job_path(dir: &Path, job: &Job) -> PathBuf {
    dir.join(format!(
        "n{}-r{}-l{}-a{}-b{}.job",
        job.n,
        job.round,
        joined(&job.line, "."),
        bound(job.alpha),
        bound(job.beta)
    ))
}

pub(crate) fn result_path(job_file: &Path) -> PathBuf {
    job_file.with_extension("result")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_line_reads_back_with_its_set_up_time() {
        let job = parse_job("n=30 round=1 line=29 alpha=-inf beta=inf", "test").unwrap();
        let result = JobResult {
            job: job.clone(),
            value: 4,
            nodes: 120,
            ms: 7,
            setup_ms: 3,
        };
        let line = result.to_string();
        assert!(line.ends_with("ms=7 setup_ms=3"), "{line}");
        assert_eq!(parse_result(&line, &job, "test"), Ok(result));
        // A line of the format before set-up times were counted is refused, not misread.
        let old = line.trim_end_matches(" setup_ms=3");
        assert!(parse_result(old, &job, "test").is_err());
    }
}
