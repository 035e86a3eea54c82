//! Planning and running jobs: the principal line, the first round, and one solver for a
//! batch of jobs.

use super::{Job, JobResult, MAX_LINE, UNBOUNDED, job_path, parse_job, result_path};
use crate::files::{read_first_line, write_text_atomically};
use crate::solve::{Board, Current, full_board, progress_lines};
use cli_support::failure::Failure;
use gamesolver::games::prime;
use gamesolver::games::prime::PrimeKnowledge;
use gamesolver::{Budget, Knowledge, ScoringGame, Solver};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

/// The moves after `prefix` from 1..=n, in the solver's first order (largest margin first),
/// with their margins.
pub(crate) fn ordered_moves(n: u32, prefix: &[u32]) -> Result<Vec<(u32, i64)>, String> {
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

/// The principal line of the split: the first move in order at each position (not an optimal
/// line, as the solver's principal variation is: an order alone, known before any search),
/// `depth` moves deep or to the end of the game, with each move's margin.
pub(crate) fn principal_line(n: u32, depth: usize) -> Result<Vec<(u32, i64)>, String> {
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
    write_text_atomically(&path, &format!("{job}\n"))?;
    Ok(vec![path])
}

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

/// `job FILE..`: runs jobs of one board in turn, one solver for all (its table carries what
/// one job learnt to the next: a table entry is a bound on a position's value, whatever
/// window found it), and writes each result beside its job as it comes.
///
/// Unless `isolated`, the solver first loads the proven results that the batches of earlier
/// rounds saved in the jobs' directory (`round{K}-*.proven`, K below the jobs' round), and
/// saves its own at the end for the rounds after (if it searched more nodes than it loaded
/// results: else its file would mostly repeat what it loaded). A later round then starts from
/// what the earlier ones proved, as one process would, and never from a batch of its own
/// round, so a job's time does not depend on which batches of its round ran before it. A
/// results file that is damaged or of another board type is left out with a warning (it is
/// only help).
///
/// Rounds count from 1, so every round loads the files named `round0-*.proven`: the place for
/// what other boards proved (their jobs' `.proven` files, or a `solve --results` file), as a
/// sweep carries its table from board to board. Sound: a position's value depends only on the
/// numbers left, not on the board it came from.
///
/// A job stopped by the deadline saves what the solver proved beside it (`FILE.stopped`, with
/// the nodes and milliseconds spent in `FILE.stopped-work`) and fails with
/// [`Failure::OutOfReach`]; run again, it loads that file first and reports the work of all
/// its runs. The results of the batch's jobs before it are written.
pub fn run_jobs(files: &[PathBuf], options: JobOptions) -> Result<Vec<JobResult>, Failure> {
    let mut jobs = Vec::new();
    for file in files {
        let origin = file.display().to_string();
        let line = read_first_line(file).map_err(|e| format!("{origin}: {e}"))?;
        jobs.push(parse_job(&line, &origin)?);
    }
    let n = jobs.first().ok_or("no job file given")?.n;
    if let Some((file, job)) = files.iter().zip(&jobs).find(|(_, job)| job.n != n) {
        return Err(format!(
            "{}: a job of 1..={} among jobs of 1..={n}",
            file.display(),
            job.n
        )
        .into());
    }
    match full_board(n)? {
        Board::Small(game) => run_on(&game, files, &jobs, options),
        Board::Wide(game) => run_on(&game, files, &jobs, options),
        Board::Large(game) => run_on(&*game, files, &jobs, options),
    }
}

fn run_on<G>(
    game: &G,
    files: &[PathBuf],
    jobs: &[Job],
    options: JobOptions,
) -> Result<Vec<JobResult>, Failure>
where
    G: ScoringGame<Move = u32>,
    PrimeKnowledge: Knowledge<G>,
{
    let setup = Instant::now();
    let current: Current = Arc::new(Mutex::new((String::new(), Instant::now())));
    let mut solver = job_solver(game, jobs, options, &current)?;
    // A bare file name's directory is the current one.
    let dir = files[0]
        .parent()
        .filter(|dir| !dir.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let round = jobs.iter().map(|job| job.round).max().unwrap_or(1);
    let loaded = if options.isolated {
        0
    } else {
        load_earlier_rounds(&mut solver, game, dir, round)?
    };
    // The batch's set-up counts on its first job: the sum over the jobs is the process's time.
    let mut setup_ms = millis(setup);
    let mut results = Vec::new();
    for (file, job) in files.iter().zip(jobs) {
        *current.lock().unwrap_or_else(PoisonError::into_inner) =
            (file.display().to_string(), Instant::now());
        results.push(run_one(
            &mut solver,
            game,
            file,
            job,
            std::mem::take(&mut setup_ms),
        )?);
    }
    // A batch that searched fewer nodes than it loaded results proved little that is not
    // quick to find again, and its file would mostly repeat what it loaded.
    if !options.isolated && solver.nodes() > loaded {
        let stem = files[0].file_stem().unwrap_or_default().to_string_lossy();
        crate::solve::save_results(&solver, &dir.join(format!("round{round}-{stem}.proven")))
            .map(drop)?;
    }
    Ok(results)
}

/// The solver for a batch: unless told, the table `solve` would make for the largest position
/// the jobs search; progress lines naming the job in `current`; the deadline, if any.
fn job_solver<G>(
    game: &G,
    jobs: &[Job],
    options: JobOptions,
    current: &Current,
) -> Result<Solver<G, PrimeKnowledge>, Failure>
where
    G: ScoringGame<Move = u32>,
    PrimeKnowledge: Knowledge<G>,
{
    let mut count = 0;
    for job in jobs {
        let searched = after(game, &job.line)?;
        count = count.max(u32::try_from(searched.legal_moves().len()).unwrap_or(u32::MAX));
    }
    let table_bytes = options
        .table_bytes
        .unwrap_or_else(|| crate::solve::default_table_bytes(count));
    let mut solver = prime::solver()
        .with_table_bytes(table_bytes)
        .with_threads(options.threads)
        .on_progress(progress_lines(current));
    if let Some(deadline) = options.deadline {
        solver.set_budget(Budget::default().with_deadline(deadline));
    }
    Ok(solver)
}

/// Loads what the batches of rounds before `round` proved (their `.proven` files in `dir`);
/// returns how many results. Only help: a damaged file is left out.
fn load_earlier_rounds<G>(
    solver: &mut Solver<G, PrimeKnowledge>,
    game: &G,
    dir: &Path,
    round: u32,
) -> Result<u64, Failure>
where
    G: ScoringGame<Move = u32>,
    PrimeKnowledge: Knowledge<G>,
{
    let mut loaded = 0;
    for (earlier, path) in proven_files(dir)? {
        if earlier < round {
            match crate::solve::load_results(solver, game, &path) {
                Ok(count) => loaded += count,
                Err(e) => eprintln!("left out: {e}"),
            }
        }
    }
    Ok(loaded)
}

/// Runs one job, from what a stopped run of it proved (`.stopped`) if there is one, and
/// writes its result beside it. A job stopped by the deadline saves what it proved there, with
/// its work so far, for the next run. `setup_ms`: the batch's set-up to count on this job.
fn run_one<G>(
    solver: &mut Solver<G, PrimeKnowledge>,
    game: &G,
    file: &Path,
    job: &Job,
    setup_ms: u64,
) -> Result<JobResult, Failure>
where
    G: ScoringGame<Move = u32>,
    PrimeKnowledge: Knowledge<G>,
{
    let loading = Instant::now();
    let (stopped, stopped_work) = (file.with_extension("stopped"), stopped_work_path(file));
    // Only help, as the rounds' files: a damaged one is left out.
    let (earlier_nodes, earlier_ms) = if stopped.exists() {
        if let Err(e) = crate::solve::load_results(solver, game, &stopped) {
            eprintln!("left out: {e}");
        }
        read_work(&stopped_work)
    } else {
        (0, 0)
    };
    let setup_ms = setup_ms.saturating_add(millis(loading));
    let (start, nodes) = (Instant::now(), solver.nodes());
    match search(game, job, solver) {
        Ok(mut result) => {
            result.setup_ms = setup_ms;
            result.nodes = result.nodes.saturating_add(earlier_nodes);
            result.ms = result.ms.saturating_add(earlier_ms);
            write_text_atomically(&result_path(file), &format!("{result}\n"))?;
            // Done with: the result holds their work now (a file left over is harmless).
            let _ = std::fs::remove_file(&stopped);
            let _ = std::fs::remove_file(&stopped_work);
            Ok(result)
        }
        Err(Failure::OutOfReach(reason)) => {
            crate::solve::save_results(solver, &stopped)?;
            let ms = millis(start);
            let (all_nodes, all_ms) = (
                (solver.nodes() - nodes).saturating_add(earlier_nodes),
                ms.saturating_add(earlier_ms),
            );
            write_text_atomically(&stopped_work, &format!("nodes={all_nodes} ms={all_ms}\n"))?;
            // The reason counts this run's search; the job's runs so far count every one.
            Err(Failure::OutOfReach(format!(
                "{}: {reason}; {all_nodes} nodes in {all_ms} ms in this job's runs so far; what \
                 it proved is in {}: run the job again to go on from there",
                file.display(),
                stopped.display()
            )))
        }
        Err(Failure::Input(reason)) => Err(format!("{}: {reason}", file.display()).into()),
    }
}

/// The proven-results files of `dir` with their rounds: `round{K}-*.proven`.
fn proven_files(dir: &Path) -> Result<Vec<(u32, PathBuf)>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut files: Vec<(u32, PathBuf)> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "proven"))
        .filter_map(|path| {
            let name = path.file_name()?.to_str()?;
            let round = name
                .strip_prefix("round")?
                .split_once('-')?
                .0
                .parse()
                .ok()?;
            Some((round, path))
        })
        .collect();
    files.sort();
    Ok(files)
}

/// Where a stopped job keeps the nodes and milliseconds it spent: `FILE.stopped-work`.
fn stopped_work_path(job_file: &Path) -> PathBuf {
    job_file.with_extension("stopped-work")
}

/// The nodes and milliseconds of a stopped job's earlier runs, as `nodes=N ms=M`; none if
/// the file is missing or damaged (it only reports work, and says so).
fn read_work(path: &Path) -> (u64, u64) {
    let text = read_first_line(path).unwrap_or_default();
    let mut fields = text.split_whitespace();
    let mut field = |name: &str| {
        fields
            .next()
            .and_then(|field| field.strip_prefix(name))
            .and_then(|value| value.parse::<u64>().ok())
    };
    match (field("nodes="), field("ms=")) {
        (Some(nodes), Some(ms)) => (nodes, ms),
        _ => {
            eprintln!(
                "{}: no earlier work read; the result counts this run's only",
                path.display()
            );
            (0, 0)
        }
    }
}

/// The last move's value within the job's window: the position after it, searched, negated
/// and shifted by the move's margin. A search that ran out of time (or depth) is
/// [`Failure::OutOfReach`].
fn search<G>(
    game: &G,
    job: &Job,
    solver: &mut gamesolver::Solver<G, PrimeKnowledge>,
) -> Result<JobResult, Failure>
where
    G: ScoringGame<Move = u32>,
    PrimeKnowledge: Knowledge<G>,
{
    let start = Instant::now();
    let nodes = solver.nodes();
    let (&last, prefix) = job
        .line
        .split_last()
        .ok_or_else(|| "an empty line".to_owned())?;
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
        .map_err(|e| Failure::OutOfReach(e.to_string()))?;
    Ok(JobResult {
        job: job.clone(),
        value: margin - child_value,
        nodes: solver.nodes() - nodes,
        ms: millis(start),
        setup_ms: 0,
    })
}

/// Whole milliseconds since `start`.
fn millis(start: Instant) -> u64 {
    u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX)
}
