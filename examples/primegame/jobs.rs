//! The exact solve of one board split into independent jobs, for any scheduler that runs
//! processes (`xargs -P`, GNU Parallel, a Slurm job array).
//!
//! A job is a window on one move: "search the value of playing the last move of `line` (a
//! root move, or a reply to the principal root move) within (`alpha`, `beta`)", one line in a
//! `.job` file. `primegame job FILE` runs it and writes one
//! line beside it (`.result`, written to a temporary file and renamed, so a result is whole or
//! absent): the fail-soft result, an upper bound if at or below `alpha`, a lower bound if at
//! or above `beta`, else exact. `primegame merge DIR` reads every result, keeps for each root
//! move the interval its results prove, and either proves the root's value and every optimal
//! move, or writes the next round's jobs:
//!
//! - round 1: the exact value of the first reply to the principal root move (the first in the
//!   solver's order: largest margin);
//! - the principal move's other replies, null windows against the best reply proven, until
//!   its value is exact;
//! - then, L the best value proven for some root move, a window on every move not decided:
//!   (L - 1, L + 1) on one that could be worse, equal or better (one search tells which),
//!   (L, L + 1) on one proven at least L (is it better?), (L - 1, L) on one proven at most L
//!   (is it optimal too?).
//!
//! Every file's name is made from its content, and the merge reads only results, so running a
//! job twice, or the merge twice, changes nothing; a job that died is run again.

use crate::solve::{Board, full_board};
use gamesolver::games::prime;
use gamesolver::{Knowledge, PrimeKnowledge, ScoringGame};
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// An unbounded side of a window, written `inf` or `-inf`.
const UNBOUNDED: i64 = i64::MAX / 4;

/// One job: a window on the value of the last move of `line`, played after the moves before
/// it from 1..=n (the moves before it are the principal line's).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Job {
    pub n: u32,
    pub round: u32,
    pub line: Vec<u32>,
    pub alpha: i64,
    pub beta: i64,
}

/// The longest line a job takes (the deepest split of the principal line).
const MAX_LINE: usize = 8;

fn joined(line: &[u32], separator: &str) -> String {
    line.iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(separator)
}

/// A job's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobResult {
    pub job: Job,
    /// Fail-soft: at or below alpha an upper bound, at or above beta a lower bound.
    pub value: i64,
    pub nodes: u64,
    pub ms: u64,
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
            "{} result={} bound={} nodes={} ms={}",
            self.job,
            self.value,
            self.kind(),
            self.nodes,
            self.ms
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

/// Parses and checks a job line: a board, a line of one or two moves on it, a window. (That
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
        return Err(format!(
            "{origin}: a line of one or two moves, not {}",
            v[2]
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
        "n", "round", "line", "alpha", "beta", "result", "bound", "nodes", "ms",
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
fn job_path(dir: &Path, job: &Job) -> PathBuf {
    dir.join(format!(
        "n{}-r{}-l{}-a{}-b{}.job",
        job.n,
        job.round,
        joined(&job.line, "."),
        bound(job.alpha),
        bound(job.beta)
    ))
}

fn result_path(job_file: &Path) -> PathBuf {
    job_file.with_extension("result")
}

/// Writes `text` to `path` whole or not at all: a temporary file, then a rename.
fn write_atomically(path: &Path, text: &str) -> Result<(), String> {
    let temporary = path.with_extension(format!("tmp{}", std::process::id()));
    std::fs::write(&temporary, text)
        .and_then(|()| std::fs::rename(&temporary, path))
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// The moves after `prefix` from 1..=n, in the solver's first order (largest margin first),
/// with their margins.
fn ordered_moves(n: u32, prefix: &[u32]) -> Result<Vec<(u32, i64)>, String> {
    fn moves<G: ScoringGame<Move = u32>>(
        game: &G,
        prefix: &[u32],
    ) -> Result<Vec<(u32, i64)>, String> {
        let position = after(game, prefix)?;
        let mut moves: Vec<(u32, i64)> = position
            .legal_moves()
            .into_iter()
            .map(|mv| (mv, position.margin(mv)))
            .collect();
        moves.sort_by_key(|&(mv, margin)| (std::cmp::Reverse(margin), std::cmp::Reverse(mv)));
        Ok(moves)
    }
    match full_board(n)? {
        Board::Small(game) => moves(&game, prefix),
        Board::Wide(game) => moves(&game, prefix),
        Board::Large(game) => moves(&*game, prefix),
    }
}

/// The position after `line`, every move checked.
fn after<G: ScoringGame<Move = u32>>(game: &G, line: &[u32]) -> Result<G, String> {
    let mut position = game.clone();
    for &mv in line {
        position.play(mv).map_err(|e| format!("move {mv}: {e}"))?;
    }
    Ok(position)
}

/// The principal line: the first move in order at each position, `depth` moves deep or to the
/// end of the game, with each move's margin.
fn principal_line(n: u32, depth: usize) -> Result<Vec<(u32, i64)>, String> {
    let mut line: Vec<(u32, i64)> = Vec::new();
    while line.len() < depth {
        let prefix: Vec<u32> = line.iter().map(|&(mv, _)| mv).collect();
        match ordered_moves(n, &prefix)?.first() {
            Some(&first) => line.push(first),
            None => break,
        }
    }
    Ok(line)
}

/// `plan N --dir D --split K`: the first round, one exact job: the last move of the principal
/// line K moves deep (shorter if the game ends first). Each position on the line before it is
/// then valued by windows on its other moves, deepest first.
pub fn plan(n: u32, dir: &Path, split: usize) -> Result<Vec<PathBuf>, String> {
    if !(1..=MAX_LINE).contains(&split) {
        return Err(format!("--split takes 1 to {MAX_LINE} moves, not {split}"));
    }
    let line: Vec<u32> = principal_line(n, split)?
        .into_iter()
        .map(|(mv, _)| mv)
        .collect();
    if line.is_empty() {
        return Err("the board has no move".to_owned());
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let job = Job {
        n,
        round: 1,
        line,
        alpha: -UNBOUNDED,
        beta: UNBOUNDED,
    };
    let path = job_path(dir, &job);
    write_atomically(&path, &format!("{job}\n"))?;
    Ok(vec![path])
}

/// `job FILE..`: runs jobs of one board in turn on `threads` threads, one solver for all (its
/// table carries what one job learnt to the next: a table entry is a bound on a position's
/// value, whatever window found it), and writes each result beside its job as it comes.
pub fn run_jobs(files: &[PathBuf], threads: usize) -> Result<Vec<JobResult>, String> {
    let mut jobs = Vec::new();
    for file in files {
        let origin = file.display().to_string();
        let text = std::fs::read_to_string(file).map_err(|e| format!("{origin}: {e}"))?;
        jobs.push(parse_job(text.lines().next().unwrap_or(""), &origin)?);
    }
    let n = jobs.first().ok_or("no job file given")?.n;
    if let Some((file, job)) = files.iter().zip(&jobs).find(|(_, job)| job.n != n) {
        return Err(format!(
            "{}: a job of 1..={} among jobs of 1..={n}",
            file.display(),
            job.n
        ));
    }
    match full_board(n)? {
        Board::Small(game) => run_on(&game, files, &jobs, threads),
        Board::Wide(game) => run_on(&game, files, &jobs, threads),
        Board::Large(game) => run_on(&*game, files, &jobs, threads),
    }
}

fn run_on<G>(
    game: &G,
    files: &[PathBuf],
    jobs: &[Job],
    threads: usize,
) -> Result<Vec<JobResult>, String>
where
    G: ScoringGame<Move = u32>,
    PrimeKnowledge: Knowledge<G>,
{
    // The table `solve` would make for the largest position the jobs search.
    let mut count = 0;
    for job in jobs {
        let searched = after(game, &job.line)?;
        count = count.max(u32::try_from(searched.legal_moves().len()).unwrap_or(u32::MAX));
    }
    let mut solver = prime::solver()
        .with_table_bytes(crate::solve::default_table_bytes(count))
        .with_threads(threads);
    let mut results = Vec::new();
    for (file, job) in files.iter().zip(jobs) {
        let result =
            search(game, job, &mut solver).map_err(|e| format!("{}: {e}", file.display()))?;
        write_atomically(&result_path(file), &format!("{result}\n"))?;
        results.push(result);
    }
    Ok(results)
}

/// The last move's value within the job's window: the position after it, searched, negated
/// and shifted by the move's margin.
fn search<G>(
    game: &G,
    job: &Job,
    solver: &mut gamesolver::Solver<G, PrimeKnowledge>,
) -> Result<JobResult, String>
where
    G: ScoringGame<Move = u32>,
    PrimeKnowledge: Knowledge<G>,
{
    let start = Instant::now();
    let nodes = solver.nodes();
    let (&last, prefix) = job.line.split_last().ok_or("an empty line")?;
    let position = after(game, prefix)?;
    position
        .check_move(last)
        .map_err(|e| format!("move {last}: {e}"))?;
    let margin = position.margin(last);
    let child = position.after(last);
    // move value = margin - child value: the move in (alpha, beta) is the child in
    // (margin - beta, margin - alpha), and the bounds swap sides.
    let child_value = solver
        .value_within(&child, margin - job.beta, margin - job.alpha)
        .map_err(|e| e.to_string())?;
    Ok(JobResult {
        job: job.clone(),
        value: margin - child_value,
        nodes: solver.nodes() - nodes,
        ms: u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX),
    })
}

/// What the merge found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Merged {
    /// The root's value and every optimal first move, ascending.
    Solved {
        n: u32,
        value: i64,
        best: Vec<u32>,
        jobs: usize,
        nodes: u64,
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
        let text = std::fs::read_to_string(&file).map_err(|e| format!("{origin}: {e}"))?;
        let job = parse_job(text.lines().next().unwrap_or(""), &origin)?;
        if job_path(dir, &job) != file {
            return Err(format!(
                "{origin}: its name does not match its content `{job}`"
            ));
        }
        let answer = result_path(&file);
        let result = match std::fs::read_to_string(&answer) {
            Ok(text) => Some(parse_result(
                text.lines().next().unwrap_or(""),
                &job,
                &answer.display().to_string(),
            )?),
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

/// Each move's proven interval [lo, hi] at one position, from the results whose line is
/// `prefix` then the move.
fn intervals<'a>(
    moves: &[(u32, i64)],
    prefix: &[u32],
    results: impl Iterator<Item = &'a JobResult>,
) -> Result<BTreeMap<u32, (i64, i64)>, String> {
    let mut known: BTreeMap<u32, (i64, i64)> = moves
        .iter()
        .map(|&(mv, _)| (mv, (-UNBOUNDED, UNBOUNDED)))
        .collect();
    for result in results.filter(|r| r.job.line[..r.job.line.len() - 1] == *prefix) {
        let mv = result.job.line[prefix.len()];
        let (lo, hi) = known
            .get_mut(&mv)
            .ok_or_else(|| format!("`{}`: move {mv} is not legal there", result.job))?;
        match result.kind() {
            "upper" => *hi = (*hi).min(result.value),
            "lower" => *lo = (*lo).max(result.value),
            _ => (*lo, *hi) = (result.value, result.value),
        }
    }
    Ok(known)
}

/// The windows still needed at one position, in move order, given the best lower bound
/// proven: every move that could be better gets one; with `optimal`, every move that could
/// equal the best too (to find every optimal move, not just the value).
fn windows(
    moves: &[(u32, i64)],
    known: &BTreeMap<u32, (i64, i64)>,
    best: i64,
    optimal: bool,
) -> Vec<(u32, i64, i64)> {
    let mut needed = Vec::new();
    for &(mv, _) in moves {
        let (lo, hi) = known[&mv];
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
    let missing: Vec<PathBuf> = jobs
        .iter()
        .filter(|(_, _, r)| r.is_none())
        .map(|(f, _, _)| f.clone())
        .collect();
    if !missing.is_empty() {
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
    for result in results() {
        let level = result.job.line.len() - 1;
        if level >= principal.len().max(1) || result.job.line[..level] != prefix_of(level)[..] {
            return Err(format!(
                "`{}`: not a move off the principal line",
                result.job
            ));
        }
    }
    // The value of the position below, once exact: the principal move's value there.
    let mut below: Option<i64> = None;
    for level in (0..principal.len()).rev() {
        let prefix = prefix_of(level);
        let moves = ordered_moves(n, &prefix)?;
        let mut known = intervals(&moves, &prefix, results())?;
        if let Some(value) = below {
            let (mv, margin) = principal[level];
            known.insert(mv, (margin - value, margin - value));
        }
        let best = known
            .values()
            .map(|&(lo, _)| lo)
            .max()
            .unwrap_or(-UNBOUNDED);
        if best <= -UNBOUNDED {
            return Err(format!(
                "{}: nothing is proven yet; run `plan` again",
                dir.display()
            ));
        }
        let needed = windows(&moves, &known, best, level == 0);
        if !needed.is_empty() {
            let mut written = Vec::new();
            for (mv, alpha, beta) in needed {
                let mut line = prefix.clone();
                line.push(mv);
                let job = Job {
                    n,
                    round,
                    line,
                    alpha,
                    beta,
                };
                let path = job_path(dir, &job);
                write_atomically(&path, &format!("{job}\n"))?;
                written.push(path);
            }
            return Ok(Merged::Next(written));
        }
        if level == 0 {
            let best_moves = known
                .iter()
                .filter(|&(_, &(lo, _))| lo >= best)
                .map(|(&mv, _)| mv)
                .collect();
            return Ok(Merged::Solved {
                n,
                value: best,
                best: best_moves,
                jobs: jobs.len(),
                nodes: results().map(|r| r.nodes).sum(),
                ms: results().map(|r| r.ms).sum(),
            });
        }
        below = Some(best);
    }
    Err(format!("{}: the board has no move", dir.display()))
}

/// The makespan of the directory's jobs on `workers` workers: each round's jobs in the
/// planner's order, each to the worker free first, rounds one after the other (the merge
/// waits for a whole round).
pub fn makespan(jobs: &[(PathBuf, Job, Option<JobResult>)], workers: usize) -> u64 {
    let mut rounds: BTreeMap<u32, Vec<u64>> = BTreeMap::new();
    for result in jobs.iter().filter_map(|(_, _, r)| r.as_ref()) {
        rounds.entry(result.job.round).or_default().push(result.ms);
    }
    rounds
        .values()
        .map(|times| {
            let mut free = vec![0u64; workers.max(1)];
            for &ms in times {
                let first = free.iter_mut().min().expect("at least one worker");
                *first += ms;
            }
            free.into_iter().max().unwrap_or(0)
        })
        .sum()
}
