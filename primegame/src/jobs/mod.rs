//! The exact solve of one board split into jobs, for any scheduler that runs processes
//! (`xargs -P`, GNU Parallel, a Slurm job array): the library's one job path
//! ([`gamesolver::jobs`]) with [`LineSolve`] as its planner, and PrimeGame's solver and table
//! for the jobs.
//!
//! `plan N --dir D --split K` writes the first round; `job FILE..` runs a batch of job files
//! by one solver and writes each result beside its job; `merge D` proves the root's value and
//! every optimal move, lists the jobs still without a result, or writes the next round.
//! The files, the method and why the answer is right are in the library's docs
//! ([`gamesolver::jobs`], [`LineSolve`]). What other boards proved goes into D as
//! `round0-*.proven`, which every round loads: sound, as a position's value depends only on
//! the numbers left, not on the board it came from.

use crate::solve::{Board, Current, RESULTS_MIN_WORK, full_board, progress_lines};
use cli_support::failure::Failure;
use gamesolver::games::prime::{self, PrimeGame, PrimeKnowledge};
use gamesolver::jobs::{
    JobResult, JobsError, LineSolve, MAX_SPLIT, Merged, RunOptions, read_job_file, read_root,
    run_job_files,
};
use gamesolver::{Knowledge, PositionText, ScoringGame};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

/// How `job` runs.
#[derive(Debug, Clone, Copy, Default)]
pub struct JobOptions {
    /// Threads to search on.
    pub threads: usize,
    /// The table's size (default: what `solve` would make for the largest position searched).
    pub table_bytes: Option<usize>,
    /// Whether to leave out the proven results of earlier rounds (and not to save this
    /// batch's).
    pub isolated: bool,
    /// When to stop a job that has not finished: what it proved is then saved beside it
    /// (`.stopped`), and the next run of the job starts from there.
    pub deadline: Option<Instant>,
}

/// The board a text of PrimeGame names: its size, read by the widest board type.
fn board_size(position: &PrimeGame) -> u32 {
    position.size()
}

/// `plan N --dir D --split K`: the first round, one exact job: the position at the end of
/// the principal line, K moves deep (shorter if the game ends first).
///
/// # Errors
///
/// A split out of 1..=[`MAX_SPLIT`], a board out of reach, a directory of another board, a
/// file that cannot be written.
pub fn plan(n: u32, dir: &Path, split: usize) -> Result<Vec<PathBuf>, String> {
    if !(1..=MAX_SPLIT).contains(&split) {
        return Err(format!("--split takes 1 to {MAX_SPLIT} moves, not {split}"));
    }
    let planned = match full_board(n)? {
        Board::Small(game) => LineSolve::new(game).with_split(split).plan_dir(dir),
        Board::Wide(game) => LineSolve::new(game).with_split(split).plan_dir(dir),
        Board::Large(game) => LineSolve::new(*game).with_split(split).plan_dir(dir),
    };
    planned.map_err(|e| match e {
        JobsError::NotPlanned { .. } => "the board has no move".to_owned(),
        e => e.to_string(),
    })
}

/// `merge D`: the board, and the answer, the missing results, or the next round.
///
/// # Errors
///
/// A directory that is missing or not planned, of a board out of reach, or a file that is not
/// what it should be.
pub fn merge(dir: &Path) -> Result<(u32, Merged<u32>), String> {
    std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let root: PrimeGame = read_root(dir).map_err(|e| e.to_string())?;
    let n = board_size(&root);
    let merged = match full_board(n)? {
        Board::Small(game) => LineSolve::new(game).merge_dir(dir),
        Board::Wide(game) => LineSolve::new(game).merge_dir(dir),
        Board::Large(game) => LineSolve::new(*game).merge_dir(dir),
    };
    let mut merged = merged.map_err(|e| e.to_string())?;
    if let Merged::Solved {
        best: Some(best), ..
    } = &mut merged
    {
        best.sort_unstable();
    }
    Ok((n, merged))
}

/// `job FILE..`: runs job files of one board in turn, one solver for all, and writes each
/// result beside its job as it comes ([`run_job_files`]: the proofs of earlier rounds loaded
/// first unless `isolated`, this batch's saved, a job stopped by the deadline resumed where it
/// stopped). Prints what it loaded, saved and left out on stderr.
///
/// # Errors
///
/// [`Failure::OutOfReach`] for a job stopped by the deadline (the results of the batch's jobs
/// before it are written) or a search that fails; [`Failure::Input`] for a file that is not a
/// job, or jobs of different boards.
pub fn run_jobs(files: &[PathBuf], options: JobOptions) -> Result<Vec<JobResult>, Failure> {
    let first = files.first().ok_or("no job file given")?;
    let n = board_size(
        &read_job_file::<PrimeGame>(first)
            .map_err(|e| e.to_string())?
            .position,
    );
    for file in &files[1..] {
        let job = read_job_file::<PrimeGame>(file).map_err(|e| e.to_string())?;
        if board_size(&job.position) != n {
            return Err(format!(
                "{}: a job of 1..={} among jobs of 1..={n}",
                file.display(),
                board_size(&job.position)
            )
            .into());
        }
    }
    match full_board(n)? {
        Board::Small(game) => run_on(&game, files, options),
        Board::Wide(game) => run_on(&game, files, options),
        Board::Large(game) => run_on(&*game, files, options),
    }
}

fn run_on<G>(_: &G, files: &[PathBuf], options: JobOptions) -> Result<Vec<JobResult>, Failure>
where
    G: ScoringGame<Move = u32> + PositionText,
    PrimeKnowledge: Knowledge<G>,
{
    let mut count = 0;
    for file in files {
        let job = read_job_file::<G>(file).map_err(|e| e.to_string())?;
        count = count.max(u32::try_from(job.position.legal_moves().len()).unwrap_or(u32::MAX));
    }
    let table_bytes = options
        .table_bytes
        .unwrap_or_else(|| crate::solve::default_table_bytes(count));
    let current: Current = Arc::new(Mutex::new((String::new(), Instant::now())));
    let mut solver = prime::solver()
        .with_table_bytes(table_bytes)
        .with_threads(options.threads)
        .on_progress(progress_lines(&current));
    let run = RunOptions {
        isolated: options.isolated,
        min_work: RESULTS_MIN_WORK,
        deadline: options.deadline,
        job_time: None,
    };
    let name_current = |file: &Path| {
        *current.lock().unwrap_or_else(PoisonError::into_inner) =
            (file.display().to_string(), Instant::now());
    };
    let batch = run_job_files(files, &mut solver, &run, name_current).map_err(|e| match e {
        JobsError::Stopped { .. } | JobsError::Solve { .. } => Failure::OutOfReach(e.to_string()),
        e => Failure::Input(e.to_string()),
    })?;
    for (path, count) in &batch.loaded {
        eprintln!("loaded {count} results from {}", path.display());
    }
    for reason in &batch.left_out {
        eprintln!("left out: {reason}");
    }
    if let Some((path, count)) = &batch.saved {
        eprintln!("saved {count} results to {}", path.display());
    }
    Ok(batch.results)
}
