//! The one file format of a split solve, whichever planner made it: a directory that a
//! scheduler's workers share. A merge writes each job as a `.job` file, a worker runs it and
//! writes a `.result` beside it, and the next merge rebuilds everything from the directory
//! alone.
//!
//! The files, each a few lines of `key=value`:
//! - `root`: the root position ([`PositionText`]); a merge for another root is refused;
//! - `state`: what the planner keeps between merges (the claims' guess and expanded
//!   positions, the line's split depth), written by the merge;
//! - `NAME.job`: `round=`, `window=` (two sides, `inf` for none) and `position=`; NAME is a
//!   hash of the three, so a job asked twice is one file, and a file whose content does not
//!   match its name is refused;
//! - `NAME.result`: the job's lines, then its fail-soft `result=` (or `stopped`), `nodes=`,
//!   `ms=` and `setup_ms=`;
//! - `roundK-*.proven`: the proven results a batch of round K saved, which every later
//!   round's batches load (`round0-*` for what other solves proved); `NAME.stopped` and
//!   `NAME.stopped-work`: what a job stopped by its deadline proved, and its work so far.
//!
//! Every file is written whole or not at all (a temporary file renamed), so a merge run twice,
//! a job run twice or a job that died changes nothing: a job without its result is run again.
//! Every file but the `.proven` ones is read within [`MAX_FILE_BYTES`].

use super::claim::Window;
use super::job::{Job, JobResult};
use crate::game::PositionText;
use std::fs;
use std::io::{BufRead, Read};
use std::path::{Path, PathBuf};
use std::time::Duration;
use thiserror::Error;

/// The most bytes a `root`, `.job` or `.result` file, or a line of the `state` file, may hold:
/// a few lines and one position's text. A longer one is refused ([`JobsError::Malformed`])
/// after this many bytes are read, so a damaged file, or a link to an endless one, costs at
/// most this much memory; the `state` file holds at most one line more than the graph
/// expands positions ([`ClaimSolve::with_max_expanded`](super::ClaimSolve::with_max_expanded)).
pub const MAX_FILE_BYTES: usize = 1 << 20;

/// Why a file of a split solve could not be used, or a job did not finish.
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
    /// The directory holds no planned solve.
    #[error("{dir}: no .job file (plan the solve first)")]
    NotPlanned {
        /// The directory.
        dir: PathBuf,
    },
    /// A job failed.
    #[error("{path}: {source}")]
    Solve {
        /// The job file.
        path: PathBuf,
        /// Why.
        source: crate::SolveError,
    },
    /// A job was stopped by its deadline; what it proved is saved for its next run.
    #[error(
        "{path}: {source}; {nodes} nodes in {ms} ms in this job's runs so far; what it proved \
         is in {stopped}: run the job again to go on from there"
    )]
    Stopped {
        /// The job file.
        path: PathBuf,
        /// Why it stopped.
        source: crate::SolveError,
        /// The nodes of every run of the job so far.
        nodes: u64,
        /// The milliseconds of every run of the job so far.
        ms: u64,
        /// The file that holds what it proved.
        stopped: PathBuf,
    },
}

/// What a merge found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Merged<M> {
    /// The root's value is proven.
    Solved {
        /// The root's exact value.
        value: i64,
        /// Every optimal first move, where the planner proves them ([`LineSolve`](super::LineSolve)
        /// does; claims prove the value only).
        best: Option<Vec<M>>,
        /// The jobs of every round.
        jobs: usize,
        /// The nodes of every job (saturating).
        nodes: u64,
        /// The milliseconds of every job's search (saturating).
        ms: u64,
    },
    /// Jobs of the round under way without a result: to run (again).
    Missing(Vec<PathBuf>),
    /// The next round's jobs, written.
    Next(Vec<PathBuf>),
}

pub(crate) fn io(path: &Path) -> impl FnOnce(std::io::Error) -> JobsError + '_ {
    move |source| JobsError::Io {
        path: path.to_owned(),
        source,
    }
}

pub(crate) fn malformed(path: &Path, why: impl Into<String>) -> JobsError {
    JobsError::Malformed {
        path: path.to_owned(),
        why: why.into(),
    }
}

/// The text of the file at `path`, at most [`MAX_FILE_BYTES`] (`Ok(None)` when there is no
/// such file).
pub(crate) fn read_bounded(path: &Path) -> Result<Option<String>, JobsError> {
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

/// Writes `text` to `path` whole or not at all.
pub(crate) fn write_whole(path: &Path, text: &str) -> Result<(), JobsError> {
    let temporary = path.with_extension(format!("partial-{}", std::process::id()));
    fs::write(&temporary, text).map_err(io(&temporary))?;
    fs::rename(&temporary, path).map_err(io(path))
}

/// FNV-1a, 64 bits: a name that is the same in every process and every run.
fn stable_hash(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn job_text(round: u32, window: Window, position: &str) -> String {
    format!("round={round}\nwindow={window}\nposition={position}\n")
}

/// The value of `key=` on `line`, or an error naming the file.
pub(crate) fn field<'a>(
    path: &Path,
    line: Option<&'a str>,
    key: &str,
) -> Result<&'a str, JobsError> {
    line.and_then(|line| line.strip_prefix(key)?.strip_prefix('='))
        .ok_or_else(|| malformed(path, format!("expected a line `{key}=...`")))
}

fn number<T: std::str::FromStr>(
    path: &Path,
    line: Option<&str>,
    key: &str,
) -> Result<T, JobsError> {
    let text = field(path, line, key)?;
    text.parse()
        .map_err(|_| malformed(path, format!("{key}={text:?} is not a number")))
}

/// Writes the job of `position` within `window`, asked by `round`, into `dir` (unless it is
/// there); its path.
///
/// # Errors
///
/// [`JobsError::Io`].
pub(crate) fn write_job<G: PositionText>(
    dir: &Path,
    round: u32,
    window: Window,
    position: &G,
) -> Result<PathBuf, JobsError> {
    let text = job_text(round, window, &position.write_text());
    let path = dir.join(format!("{:016x}.job", stable_hash(&text)));
    if !path.exists() {
        write_whole(&path, &text)?;
    }
    Ok(path)
}

/// The job of a `.job` file (or the job a `.result` file answers), checked against the
/// file's name, with its three lines' text.
fn parse_job<G: PositionText>(path: &Path, text: &str) -> Result<(Job<G>, String), JobsError> {
    let mut lines = text.lines();
    let round: u32 = number(path, lines.next(), "round")?;
    let window = field(path, lines.next(), "window")?;
    let window = Window::parse(window).ok_or_else(|| {
        malformed(
            path,
            format!("window={window:?} is not two sides, lower first"),
        )
    })?;
    let position_text = field(path, lines.next(), "position")?;
    let head = job_text(round, window, position_text);
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or_default();
    if stem != format!("{:016x}", stable_hash(&head)) {
        return Err(malformed(
            path,
            "the content does not match the file's name",
        ));
    }
    let position = G::read_text(position_text).map_err(|e| malformed(path, e.to_string()))?;
    let job = Job {
        position,
        window,
        round,
        size: 0,
    };
    Ok((job, head))
}

/// Reads the job file at `path`.
///
/// # Errors
///
/// [`JobsError::Malformed`] for a file that is not a job of this game, [`JobsError::Io`].
pub fn read_job_file<G: PositionText>(path: &Path) -> Result<Job<G>, JobsError> {
    parse_job(path, &read_existing(path)?).map(|(job, _)| job)
}

/// The result beside the job file `job` (`NAME.result`), if it is there: it must answer that
/// job.
fn read_result(job: &Path, head: &str) -> Result<Option<JobResult>, JobsError> {
    let path = job.with_extension("result");
    let Some(text) = read_bounded(&path)? else {
        return Ok(None);
    };
    let Some(rest) = text.strip_prefix(head) else {
        return Err(malformed(&path, "it answers another job than its name's"));
    };
    let mut lines = rest.lines();
    let value = match field(&path, lines.next(), "result")? {
        "stopped" => None,
        value => Some(value.parse().map_err(|_| malformed(&path, "result"))?),
    };
    let mut head_lines = head.lines();
    Ok(Some(JobResult {
        round: number(&path, head_lines.next(), "round")?,
        window: Window::parse(field(&path, head_lines.next(), "window")?)
            .ok_or_else(|| malformed(&path, "window"))?,
        value,
        nodes: number(&path, lines.next(), "nodes")?,
        ms: number(&path, lines.next(), "ms")?,
        setup_ms: number(&path, lines.next(), "setup_ms")?,
    }))
}

/// Writes `result` beside the job file `job`, whole or not at all.
pub(crate) fn write_result<G: PositionText>(
    job_path: &Path,
    job: &Job<G>,
    result: &JobResult,
) -> Result<(), JobsError> {
    let value = result
        .value
        .map_or("stopped".to_owned(), |value| value.to_string());
    let text = format!(
        "{}result={value}\nnodes={}\nms={}\nsetup_ms={}\n",
        job_text(job.round, job.window, &job.position.write_text()),
        result.nodes,
        result.ms,
        result.setup_ms
    );
    write_whole(&job_path.with_extension("result"), &text)
}

/// The files of `dir` that end in `.extension`, sorted.
pub(crate) fn files_with(dir: &Path, extension: &str) -> Result<Vec<PathBuf>, JobsError> {
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

/// A job file of a directory, read: its path, its job and its result if it has one.
#[derive(Debug, Clone)]
pub struct JobFile<G> {
    /// The `.job` file.
    pub path: PathBuf,
    /// Its job.
    pub job: Job<G>,
    /// The result beside it, if there is one.
    pub result: Option<JobResult>,
}

/// Every job of `dir`, in the order of its files' names, with its result if it has one.
///
/// # Errors
///
/// [`JobsError::Malformed`] for a job or result file that is not one (of this game),
/// [`JobsError::Io`].
pub fn read_dir<G: PositionText>(dir: &Path) -> Result<Vec<JobFile<G>>, JobsError> {
    let mut jobs = Vec::new();
    for path in files_with(dir, "job")? {
        let (job, head) = parse_job(&path, &read_existing(&path)?)?;
        let result = read_result(&path, &head)?;
        jobs.push(JobFile { path, job, result });
    }
    Ok(jobs)
}

/// The job files of `dir` without a result: the work still to run.
///
/// # Errors
///
/// [`JobsError::Io`].
pub fn pending_jobs(dir: &Path) -> Result<Vec<PathBuf>, JobsError> {
    let mut pending = files_with(dir, "job")?;
    pending.retain(|job| !job.with_extension("result").exists());
    Ok(pending)
}

/// The measured time of each result in `dir`, its search and its set-up (`ms=` and
/// `setup_ms=`), by rounds in order, for [`simulate::makespan`](super::simulate::makespan).
///
/// # Errors
///
/// [`JobsError::Malformed`] for a result without its round or times, [`JobsError::Io`].
pub fn result_times(dir: &Path) -> Result<Vec<Vec<Duration>>, JobsError> {
    let mut rounds = std::collections::BTreeMap::<u32, Vec<Duration>>::new();
    for path in files_with(dir, "result")? {
        let text = read_existing(&path)?;
        let mut lines = text.lines();
        let round: u32 = number(&path, lines.next(), "round")?;
        let mut lines = lines.skip(3);
        let _nodes: u64 = number(&path, lines.next(), "nodes")?;
        let ms: u64 = number(&path, lines.next(), "ms")?;
        let setup: u64 = number(&path, lines.next(), "setup_ms")?;
        (rounds.entry(round).or_default()).push(Duration::from_millis(ms.saturating_add(setup)));
    }
    Ok(rounds.into_values().collect())
}

/// The root position `dir` solves (its `root` file).
///
/// # Errors
///
/// [`JobsError::NotPlanned`] if it has none, [`JobsError::Malformed`] if it is no position of
/// `G`, [`JobsError::Io`].
pub fn read_root<G: PositionText>(dir: &Path) -> Result<G, JobsError> {
    let path = dir.join("root");
    let Some(text) = read_bounded(&path)? else {
        return Err(JobsError::NotPlanned {
            dir: dir.to_owned(),
        });
    };
    G::read_text(text.trim_end()).map_err(|e| malformed(&path, e.to_string()))
}

/// Checks that `dir` solves `root`, writing its `root` file if it has none.
pub(crate) fn check_root<G: PositionText>(dir: &Path, root: &G) -> Result<(), JobsError> {
    let path = dir.join("root");
    let text = root.write_text();
    match read_bounded(&path)? {
        Some(found) if found.trim_end() == text => Ok(()),
        Some(_) => Err(JobsError::OtherRoot { path }),
        None => write_whole(&path, &format!("{text}\n")),
    }
}

/// The next line of a `state` file, without its end, at most [`MAX_FILE_BYTES`]; `None` at
/// the end of the file.
pub(crate) fn read_state_line(
    path: &Path,
    reader: &mut impl BufRead,
) -> Result<Option<String>, JobsError> {
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

/// The jobs, nodes and milliseconds of every result of `jobs`: what a solve's jobs cost.
pub(crate) fn work<G>(jobs: &[JobFile<G>]) -> (usize, u64, u64) {
    let results = || jobs.iter().filter_map(|file| file.result.as_ref());
    (
        jobs.len(),
        results().fold(0, |sum: u64, r| sum.saturating_add(r.nodes)),
        results().fold(0, |sum: u64, r| sum.saturating_add(r.ms)),
    )
}
