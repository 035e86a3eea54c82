//! Running job files: a batch of them by one solver, with the proofs of earlier rounds loaded
//! first, this batch's saved for later ones, and a job stopped by its deadline resumed where
//! it stopped. Every planner's jobs run here.

use super::files::{JobsError, files_with, io, read_job_file, write_result, write_whole};
use super::job::{Job, JobResult};
use crate::game::{Knowledge, PositionText, ScoringGame};
use crate::search::{Budget, SolveError, Solver};
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How a batch of jobs runs ([`run_job_files`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct RunOptions {
    /// Leave out the proofs of earlier rounds, and save none of this batch's: every job on
    /// its own, as a first round would be.
    pub isolated: bool,
    /// The least work (2^`min_work` nodes) of a proven result the batch saves for later
    /// rounds ([`Solver::save_results`]).
    pub min_work: u8,
    /// When the batch stops: the job under way saves what it proved beside it
    /// (`NAME.stopped`), its next run starts from there, and the batch fails with
    /// [`JobsError::Stopped`].
    pub deadline: Option<Instant>,
    /// How long one job may search before it is given up with the result `stopped`, for a
    /// planner that splits a job that runs too long ([`ClaimSolve`](super::ClaimSolve)).
    pub job_time: Option<Duration>,
}

/// What a batch did besides its results: the proofs it loaded and saved, and the files it
/// left out.
#[derive(Debug, Default)]
pub struct Batch {
    /// Each job's result, in the order of the files.
    pub results: Vec<JobResult>,
    /// The `.proven` and `.stopped` files loaded, with the results each held.
    pub loaded: Vec<(PathBuf, u64)>,
    /// The file the batch's proofs were saved to, with their count.
    pub saved: Option<(PathBuf, u64)>,
    /// Files of proofs that could not be loaded: only help, so the batch went on without.
    pub left_out: Vec<String>,
}

/// Runs the job files `files` in turn by `solver` (its table carries what one job learnt to
/// the next: an entry is a bound on a position's value, whatever window found it), and writes
/// each result beside its job as it comes. `on_job` is told each job file as it starts.
///
/// Unless `options.isolated`, the solver first loads the proven results that the batches of
/// earlier rounds saved in the first job's directory (`roundK-*.proven`, K below the batch's
/// round: every round loads `round0-*`, the place for what other solves proved), and saves
/// its own at the end (if it searched more nodes than it loaded results: else its file would
/// mostly repeat what it loaded). A later round then starts from what the earlier ones proved,
/// as one process would, and never from a batch of its own round, so a job's time does not
/// depend on which batches ran before it. Sound: a position's value depends on the position
/// only. A file that does not load is left out ([`Batch::left_out`]); only the keys that give
/// words ([`TableKey::words`](crate::TableKey::words)) are saved and loaded.
///
/// # Errors
///
/// [`JobsError::Malformed`] or [`JobsError::Io`] for a file; [`JobsError::Stopped`] when the
/// deadline passes (the results of the jobs before are written); [`JobsError::Solve`] if a
/// search fails otherwise.
pub fn run_job_files<G, K>(
    files: &[PathBuf],
    solver: &mut Solver<G, K>,
    options: &RunOptions,
    mut on_job: impl FnMut(&Path),
) -> Result<Batch, JobsError>
where
    G: ScoringGame + PositionText,
    K: Knowledge<G>,
{
    let setup = Instant::now();
    let mut jobs = Vec::with_capacity(files.len());
    for file in files {
        jobs.push(read_job_file::<G>(file)?);
    }
    let Some(first) = jobs.first() else {
        return Ok(Batch::default());
    };
    let mut batch = Batch::default();
    // A bare file name's directory is the current one.
    let dir = files[0]
        .parent()
        .filter(|dir| !dir.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let round = jobs.iter().map(|job| job.round).max().unwrap_or(1);
    if !options.isolated {
        load_earlier_rounds(solver, &first.position.clone(), dir, round, &mut batch)?;
    }
    let loaded: u64 = batch.loaded.iter().map(|(_, count)| count).sum();
    if let Some(deadline) = options.deadline {
        solver.set_budget(Budget::default().with_deadline(deadline));
    }
    // The batch's set-up counts on its first job: the sum over the jobs is the process's time.
    let mut setup_ms = millis(setup);
    for (file, job) in files.iter().zip(&jobs) {
        on_job(file);
        let result = run_one(
            solver,
            file,
            job,
            options,
            std::mem::take(&mut setup_ms),
            &mut batch,
        )?;
        batch.results.push(result);
    }
    // A batch that searched fewer nodes than it loaded results proved little that is not
    // quick to find again, and its file would mostly repeat what it loaded.
    if !options.isolated && solver.nodes() > loaded {
        let stem = files[0].file_stem().unwrap_or_default().to_string_lossy();
        let path = dir.join(format!("round{round}-{stem}.proven"));
        let count = save_proofs(solver, &first.position, &path, options.min_work)?;
        batch.saved = Some((path, count));
    }
    Ok(batch)
}

/// Loads what the batches of rounds before `round` proved (their `.proven` files in `dir`).
fn load_earlier_rounds<G: ScoringGame, K: Knowledge<G>>(
    solver: &mut Solver<G, K>,
    position: &G,
    dir: &Path,
    round: u32,
    batch: &mut Batch,
) -> Result<(), JobsError> {
    for path in files_with(dir, "proven")? {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        let of_round = name
            .strip_prefix("round")
            .and_then(|rest| rest.split_once('-'))
            .and_then(|(k, _)| k.parse::<u32>().ok());
        if of_round.is_some_and(|k| k < round) {
            load_proofs(solver, position, &path, batch);
        }
    }
    Ok(())
}

/// Loads the proofs of `path` into `solver`, or notes the file as left out.
fn load_proofs<G: ScoringGame, K: Knowledge<G>>(
    solver: &mut Solver<G, K>,
    position: &G,
    path: &Path,
    batch: &mut Batch,
) {
    let loaded = fs::File::open(path)
        .map_err(crate::search::ResultsError::from)
        .and_then(|file| solver.load_results(position, std::io::BufReader::new(file)));
    match loaded {
        Ok(count) => batch.loaded.push((path.to_owned(), count)),
        Err(e) => batch.left_out.push(format!("{}: {e}", path.display())),
    }
}

/// Saves `solver`'s proven results of at least 2^`min_work` nodes to `path`, whole or not at
/// all; how many.
fn save_proofs<G: ScoringGame, K: Knowledge<G>>(
    solver: &Solver<G, K>,
    position: &G,
    path: &Path,
    min_work: u8,
) -> Result<u64, JobsError> {
    let temporary = path.with_extension(format!("partial-{}", std::process::id()));
    let file = fs::File::create(&temporary).map_err(io(&temporary))?;
    let mut out = std::io::BufWriter::new(file);
    let count = solver
        .save_results(position, &mut out, min_work)
        .map_err(|e| super::files::malformed(path, e.to_string()))?;
    drop(out);
    fs::rename(&temporary, path).map_err(io(path))?;
    Ok(count)
}

/// Runs one job, from what a stopped run of it proved (`.stopped`) if there is one, and
/// writes its result beside it. `setup_ms`: the batch's set-up to count on this job.
fn run_one<G, K>(
    solver: &mut Solver<G, K>,
    file: &Path,
    job: &Job<G>,
    options: &RunOptions,
    setup_ms: u64,
    batch: &mut Batch,
) -> Result<JobResult, JobsError>
where
    G: ScoringGame + PositionText,
    K: Knowledge<G>,
{
    let loading = Instant::now();
    let (earlier_nodes, earlier_ms) = resume(solver, file, job, batch);
    let setup_ms = setup_ms.saturating_add(millis(loading));
    let (start, nodes) = (Instant::now(), solver.nodes());
    set_job_budget(solver, options);
    let searched = solver.value_within(&job.position, job.window.alpha, job.window.beta);
    let past_deadline = options.deadline.is_some_and(|d| Instant::now() >= d);
    let value = match searched {
        Ok(value) => Some(value),
        Err(SolveError::BudgetExhausted { .. }) if !past_deadline && options.job_time.is_some() => {
            None
        }
        Err(source @ SolveError::BudgetExhausted { .. }) => {
            let work = (
                (solver.nodes() - nodes).saturating_add(earlier_nodes),
                millis(start).saturating_add(earlier_ms),
            );
            return Err(stop(
                (solver, &job.position),
                file,
                source,
                work,
                options.min_work,
            ));
        }
        Err(source) => {
            return Err(JobsError::Solve {
                path: file.to_owned(),
                source,
            });
        }
    };
    let result = JobResult {
        window: job.window,
        round: job.round,
        value,
        nodes: (solver.nodes() - nodes).saturating_add(earlier_nodes),
        ms: millis(start).saturating_add(earlier_ms),
        setup_ms,
    };
    write_result(file, job, &result)?;
    // Done with: the result holds their work now (a file left over is harmless).
    let _ = fs::remove_file(file.with_extension("stopped"));
    let _ = fs::remove_file(file.with_extension("stopped-work"));
    Ok(result)
}

/// What a stopped run of the job in `file` proved (its `.stopped` file), loaded into
/// `solver`, and that run's work (nodes, milliseconds); no work if none stopped.
fn resume<G, K>(
    solver: &mut Solver<G, K>,
    file: &Path,
    job: &Job<G>,
    batch: &mut Batch,
) -> (u64, u64)
where
    G: ScoringGame + PositionText,
    K: Knowledge<G>,
{
    let stopped = file.with_extension("stopped");
    if !stopped.exists() {
        return (0, 0);
    }
    load_proofs(solver, &job.position, &stopped, batch);
    read_work(&file.with_extension("stopped-work"))
}

/// The budget of one job: its job time, and the batch's deadline.
fn set_job_budget<G: ScoringGame, K: Knowledge<G>>(
    solver: &mut Solver<G, K>,
    options: &RunOptions,
) {
    if let Some(time) = options.job_time {
        let mut budget = Budget::default().with_time(time);
        if let Some(deadline) = options.deadline {
            budget = budget.with_deadline(deadline);
        }
        solver.set_budget(budget);
    }
}

/// A job stopped by the deadline: what it proved saved beside it (`NAME.stopped`), with its
/// `(nodes, ms)` so far (`NAME.stopped-work`), for its next run; the error that says so.
fn stop<G: ScoringGame, K: Knowledge<G>>(
    (solver, position): (&Solver<G, K>, &G),
    file: &Path,
    source: SolveError,
    (nodes, ms): (u64, u64),
    min_work: u8,
) -> JobsError {
    let stopped = file.with_extension("stopped");
    let saved = save_proofs(solver, position, &stopped, min_work).and_then(|_| {
        let work = format!("nodes={nodes} ms={ms}\n");
        write_whole(&file.with_extension("stopped-work"), &work)
    });
    match saved {
        Ok(()) => JobsError::Stopped {
            path: file.to_owned(),
            source,
            nodes,
            ms,
            stopped,
        },
        Err(e) => e,
    }
}

/// The nodes and milliseconds of a stopped job's earlier runs, as `nodes=N ms=M`; none if
/// the file is missing or damaged (it only reports work).
fn read_work(path: &Path) -> (u64, u64) {
    let text = super::files::read_bounded(path)
        .ok()
        .flatten()
        .unwrap_or_default();
    let mut fields = text.split_whitespace();
    let mut field = |name: &str| {
        fields
            .next()
            .and_then(|field| field.strip_prefix(name))
            .and_then(|value| value.parse::<u64>().ok())
    };
    match (field("nodes="), field("ms=")) {
        (Some(nodes), Some(ms)) => (nodes, ms),
        _ => (0, 0),
    }
}

/// Whole milliseconds since `start`.
fn millis(start: Instant) -> u64 {
    u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX)
}
