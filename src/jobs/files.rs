//! The rounds of a [`ClaimSolve`] in a directory, for a scheduler's workers: the merge writes
//! each open claim as a `.job` file, a worker runs it and writes a `.result` beside it, and the
//! next merge rebuilds everything from the directory alone.
//!
//! The files, each a few lines of `key=value`:
//! - `root`: the root position ([`PositionText`]); a merge for another root is refused;
//! - `state`: the guess and the positions the graph expanded, written by the merge;
//! - `NAME.job`: a claim and its position; NAME is a hash of the two, so a claim reached
//!   twice is one file, and a file whose content does not match its name is refused;
//! - `NAME.result`: the job's lines, then its fail-soft result (or `stopped`), nodes and
//!   milliseconds.
//!
//! Every file is written whole or not at all (a temporary file renamed), so a merge run twice,
//! a job run twice or a job that died changes nothing: a job without its result is run again.

use super::claim::{Bound, Claim};
use super::driver::{ClaimSolve, JobReport, Next};
use super::plan::Job;
use crate::game::{Knowledge, PositionText, ScoringGame};
use std::fs;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::time::Duration;
use thiserror::Error;

/// The most bytes a `root`, `.job` or `.result` file, or a line of the `state` file, may hold:
/// a few lines and one position's text. A longer one is refused ([`JobsError::Malformed`])
/// after this many bytes are read, so a damaged file, or a link to an endless one, costs at
/// most this much memory; the `state` file holds at most one line more than the graph
/// expands positions ([`ClaimSolve::with_max_expanded`]).
pub const MAX_FILE_BYTES: usize = 1 << 20;

/// The text of the file at `path`, at most [`MAX_FILE_BYTES`] (`Ok(None)` when there is no
/// such file).
fn read_bounded(path: &Path) -> Result<Option<String>, JobsError> {
    let file = match fs::File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io(path)(e)),
    };
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(io(path))?;
    if bytes.len() > MAX_FILE_BYTES {
        return Err(malformed(
            path,
            format!("longer than {MAX_FILE_BYTES} bytes"),
        ));
    }
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|_| malformed(path, "not UTF-8 text"))
}

/// The text of the file at `path`, which must exist, at most [`MAX_FILE_BYTES`].
fn read_existing(path: &Path) -> Result<String, JobsError> {
    read_bounded(path)?.ok_or_else(|| {
        io(path)(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            "no such file",
        ))
    })
}

/// Why a file of a split solve could not be used.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum JobsError {
    /// Reading or writing failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not what it should be (a line missing or wrong, a position the game
    /// cannot read, a content that does not match the file's name).
    #[error("{path}: {why}")]
    Malformed {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        why: String,
    },
    /// The directory holds the solve of another root position.
    #[error("{path}: the directory solves another position")]
    OtherRoot {
        /// The directory's `root` file.
        path: PathBuf,
    },
    /// A job failed.
    #[error("{path}: {source}")]
    Solve {
        /// The job file.
        path: PathBuf,
        /// Why.
        source: crate::SolveError,
    },
}

/// What a merge found: the value, or the jobs of the next round that have no result yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Merged {
    /// The root's value is proven.
    Value(i64),
    /// The job files to run.
    Jobs(Vec<PathBuf>),
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> JobsError + '_ {
    move |source| JobsError::Io {
        path: path.to_owned(),
        source,
    }
}

fn malformed(path: &Path, why: impl Into<String>) -> JobsError {
    JobsError::Malformed {
        path: path.to_owned(),
        why: why.into(),
    }
}

/// Writes `text` to `path` whole or not at all.
fn write_whole(path: &Path, text: &str) -> Result<(), JobsError> {
    let temporary = path.with_extension("partial");
    fs::write(&temporary, text).map_err(io(&temporary))?;
    fs::rename(&temporary, path).map_err(io(path))
}

/// FNV-1a, 64 bits: a name that is the same in every process and every run.
fn stable_hash(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn claim_text(claim: Claim) -> String {
    let side = match claim.bound {
        Bound::AtLeast => "at-least",
        Bound::AtMost => "at-most",
    };
    format!("claim={side} {}", claim.threshold)
}

fn job_text(claim: Claim, position: &str) -> String {
    format!("{}\nposition={position}\n", claim_text(claim))
}

fn job_name(claim: Claim, position: &str) -> String {
    format!("{:016x}", stable_hash(&job_text(claim, position)))
}

/// The value of `key=` on `line`, or an error naming the line.
fn field<'a>(path: &Path, line: Option<&'a str>, key: &str) -> Result<&'a str, JobsError> {
    line.and_then(|line| line.strip_prefix(key)?.strip_prefix('='))
        .ok_or_else(|| malformed(path, format!("expected a line `{key}=...`")))
}

fn parse_claim(path: &Path, text: &str) -> Result<Claim, JobsError> {
    let (side, threshold) = text
        .split_once(' ')
        .ok_or_else(|| malformed(path, "a claim is `at-least T` or `at-most T`"))?;
    let threshold: i64 = threshold
        .parse()
        .map_err(|_| malformed(path, format!("threshold {threshold:?}")))?;
    match side {
        "at-least" => Ok(Claim::at_least(threshold)),
        "at-most" => Ok(Claim::at_most(threshold)),
        _ => Err(malformed(path, format!("claim side {side:?}"))),
    }
}

/// A job file's (or a result's) claim and position, checked against the file's name.
fn read_job<G: PositionText>(path: &Path, text: &str) -> Result<(Claim, G, String), JobsError> {
    let mut lines = text.lines();
    let claim = parse_claim(path, field(path, lines.next(), "claim")?)?;
    let position_text = field(path, lines.next(), "position")?.to_owned();
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or_default();
    if stem != job_name(claim, &position_text) {
        return Err(malformed(
            path,
            "the content does not match the file's name",
        ));
    }
    let position = G::read_text(&position_text).map_err(|e| malformed(path, e.to_string()))?;
    Ok((claim, position, position_text))
}

/// The next line of the `state` file, without its end, at most [`MAX_FILE_BYTES`]; `None` at
/// the end of the file.
fn read_state_line(path: &Path, reader: &mut impl BufRead) -> Result<Option<String>, JobsError> {
    let mut line = Vec::new();
    let read = reader
        .take(MAX_FILE_BYTES as u64 + 1)
        .read_until(b'\n', &mut line)
        .map_err(io(path))?;
    if read == 0 {
        return Ok(None);
    }
    if line.len() > MAX_FILE_BYTES {
        return Err(malformed(
            path,
            format!("a line longer than {MAX_FILE_BYTES} bytes"),
        ));
    }
    let line = String::from_utf8(line).map_err(|_| malformed(path, "not UTF-8 text"))?;
    Ok(Some(line.trim_end_matches(['\n', '\r']).to_owned()))
}

fn files_with(dir: &Path, extension: &str) -> Result<Vec<PathBuf>, JobsError> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).map_err(io(dir))? {
        let path = entry.map_err(io(dir))?.path();
        if path.extension().is_some_and(|e| e == extension) {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

impl<G, K> ClaimSolve<G, K>
where
    G: ScoringGame + PositionText,
    K: Knowledge<G> + 'static,
{
    /// Merges the directory `dir`: rebuilds the solve from its files (the root, the state,
    /// every result), plans the next round, and writes its job files and the new state. Run
    /// it after each round, and first on an empty directory. The guess set on this solve
    /// counts only for the first merge; later ones take it from the state.
    ///
    /// # Errors
    ///
    /// [`JobsError::OtherRoot`] if the directory solves another position,
    /// [`JobsError::Malformed`] for a file that is not what it should be (a result of a claim
    /// on another position among them), [`JobsError::Io`].
    pub fn merge_dir(&mut self, dir: &Path) -> Result<Merged, JobsError> {
        fs::create_dir_all(dir).map_err(io(dir))?;
        self.check_root(dir)?;
        self.read_state(dir)?;
        for path in files_with(dir, "result")? {
            let text = read_existing(&path)?;
            let (claim, position, _) = read_job::<G>(&path, &text)?;
            let result = match field(&path, text.lines().nth(2), "result")? {
                "stopped" => None,
                value => Some(value.parse().map_err(|_| malformed(&path, "result"))?),
            };
            self.record_result(&position, claim, result);
        }
        let next = self.plan();
        self.write_state(dir)?;
        let jobs = match next {
            Next::Value(value) => return Ok(Merged::Value(value)),
            Next::Jobs(jobs) => jobs,
        };
        let mut paths = Vec::new();
        for job in &jobs {
            let position = job.position.write_text();
            let path = dir.join(format!("{}.job", job_name(job.claim, &position)));
            if !path.exists() {
                write_whole(&path, &job_text(job.claim, &position))?;
            }
            if !path.with_extension("result").exists() {
                paths.push(path);
            }
        }
        Ok(Merged::Jobs(paths))
    }

    fn check_root(&self, dir: &Path) -> Result<(), JobsError> {
        let path = dir.join("root");
        let root = self.graph_state().0.write_text();
        match read_bounded(&path)? {
            Some(text) if text.trim_end() == root => Ok(()),
            Some(_) => Err(JobsError::OtherRoot { path }),
            None => write_whole(&path, &format!("{root}\n")),
        }
    }

    fn read_state(&mut self, dir: &Path) -> Result<(), JobsError> {
        let path = dir.join("state");
        let file = match fs::File::open(&path) {
            Ok(file) => file,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(io(&path)(e)),
        };
        let mut reader = BufReader::new(file);
        let guess = read_state_line(&path, &mut reader)?;
        let guess = field(&path, guess.as_deref(), "guess")?;
        self.set_guess(guess.parse().map_err(|_| malformed(&path, "guess"))?);
        let mut expanded = 0usize;
        while let Some(line) = read_state_line(&path, &mut reader)? {
            expanded += 1;
            if expanded > self.max_expanded() {
                return Err(malformed(&path, "more positions than the graph expands"));
            }
            let position = field(&path, Some(&line), "expanded")?;
            let position = G::read_text(position).map_err(|e| malformed(&path, e.to_string()))?;
            self.expand(position);
        }
        Ok(())
    }

    fn write_state(&self, dir: &Path) -> Result<(), JobsError> {
        let mut text = format!("guess={}\n", self.guess());
        for position in self.graph_state().1 {
            text.push_str(&format!("expanded={}\n", position.write_text()));
        }
        write_whole(&dir.join("state"), &text)
    }

    /// Runs the job of the file `job` (by a solver of its own, as [`run`](Self::run)) and
    /// writes its result beside it, `NAME.result`, whole or not at all.
    ///
    /// # Errors
    ///
    /// [`JobsError::Malformed`] for a job file that is not one, [`JobsError::Solve`] if the
    /// search fails, [`JobsError::Io`].
    pub fn run_job_file(&self, job: &Path) -> Result<JobReport, JobsError> {
        let text = read_existing(job)?;
        let (claim, position, position_text) = read_job::<G>(job, &text)?;
        let work = Job {
            position,
            claim,
            size: 0,
        };
        let report = self.run(&work).map_err(|source| JobsError::Solve {
            path: job.to_owned(),
            source,
        })?;
        let result = report
            .result
            .map_or("stopped".to_owned(), |v| v.to_string());
        let ms = report.elapsed.as_millis();
        let text = format!(
            "{}result={result}\nnodes={}\nms={ms}\n",
            job_text(claim, &position_text),
            report.nodes
        );
        write_whole(&job.with_extension("result"), &text)?;
        Ok(report)
    }
}

/// The measured time of each result in `dir` (its `ms=` line), for
/// [`simulate::makespan`](super::simulate::makespan).
///
/// # Errors
///
/// [`JobsError::Malformed`] for a result without its time, [`JobsError::Io`].
pub fn result_times(dir: &Path) -> Result<Vec<Duration>, JobsError> {
    let mut times = Vec::new();
    for path in files_with(dir, "result")? {
        let text = read_existing(&path)?;
        let ms = field(&path, text.lines().nth(4), "ms")?;
        let ms: u64 = ms.parse().map_err(|_| malformed(&path, "ms"))?;
        times.push(Duration::from_millis(ms));
    }
    Ok(times)
}
