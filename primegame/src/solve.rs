//! `primegame solve`: the exact value, every optimal first move and a line of play of a board,
//! on the narrowest board type it fits, with results saved and resumed.

use crate::files::write_atomically;
use cli_support::failure::Failure;
use gamesolver::games::prime;
use gamesolver::games::prime::{
    PrimeError, PrimeGame, PrimeKnowledge, SmallPrimeGame, WidePrimeGame,
};
use gamesolver::search::Progress;
use gamesolver::{Budget, Knowledge, ResultsError, ScoringGame, SearchConfig, SolveError, Solver};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// A position to solve: the fastest board it fits, a 128-bit or 256-bit mask.
pub enum Board {
    /// Numbers up to 128.
    Small(SmallPrimeGame),
    /// Numbers up to 256.
    Wide(WidePrimeGame),
    /// Any numbers.
    Large(Box<PrimeGame>),
}

/// The narrowest board the position fits: each constructor is tried in turn, widest last,
/// whose error (if all fail) is the one reported.
fn narrowest(
    make_small: impl FnOnce() -> Result<SmallPrimeGame, PrimeError>,
    make_wide: impl FnOnce() -> Result<WidePrimeGame, PrimeError>,
    make_large: impl FnOnce() -> Result<PrimeGame, PrimeError>,
) -> Result<Board, String> {
    make_small()
        .map(Board::Small)
        .or_else(|_| make_wide().map(Board::Wide))
        .or_else(|_| make_large().map(|game| Board::Large(Box::new(game))))
        .map_err(|e| e.to_string())
}

/// The most numbers a board `solve` takes may hold. Exact solving has reached boards of about
/// 180 numbers; past a few thousand it cannot finish, and its memory grows with the depth (a
/// move list a ply), so such boards are refused up front. How large the numbers are does not
/// matter: a board of one number, however large, is solved at once.
pub const MAX_SOLVE_NUMBERS: u64 = 4096;

fn check_solvable(count: u64) -> Result<(), String> {
    if count > MAX_SOLVE_NUMBERS {
        Err(format!(
            "exact solving of boards of more than {MAX_SOLVE_NUMBERS} numbers is out of reach \
             (the largest full board solved is 1..=199); try `match` with the engine"
        ))
    } else {
        Ok(())
    }
}

/// The board 1..=n.
pub fn full_board(n: u32) -> Result<Board, String> {
    check_solvable(u64::from(n))?;
    narrowest(
        || SmallPrimeGame::new(n),
        || WidePrimeGame::new(n),
        || PrimeGame::new(n),
    )
}

/// The board of the given numbers.
pub fn listed_board(numbers: &[u64]) -> Result<Board, String> {
    let n = numbers.iter().copied().max().ok_or("empty board")?;
    check_solvable(numbers.len() as u64)?;
    let n = u32::try_from(n).map_err(|_| format!("{n} is too large"))?;
    let numbers = || numbers.iter().copied();
    narrowest(
        || SmallPrimeGame::from_numbers(n, numbers()),
        || WidePrimeGame::from_numbers(n, numbers()),
        || PrimeGame::from_numbers(n, numbers()),
    )
}

fn joined(moves: &[u32]) -> String {
    moves
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// The table `solve` makes for a board of `n` numbers: big enough that the solve does
/// not outgrow it (256 MiB solved every board up to 169, but at n = 170 it holds too few of
/// the 500 million nodes and the solve stalls), small enough that making it does not dominate
/// a short solve.
pub fn default_table_bytes(n: u32) -> usize {
    let mib = match n {
        0..=128 => 16,
        129..=169 => 256,
        _ => 4096,
    };
    mib << 20
}

/// The table `--table-mib` asks for, in bytes, if this machine allows it (three quarters of
/// its memory at most).
pub fn table_bytes(mib: Option<u64>) -> Result<Option<usize>, String> {
    let Some(mib) = mib else { return Ok(None) };
    let bytes = mib
        .checked_mul(1 << 20)
        .and_then(|bytes| usize::try_from(bytes).ok())
        .unwrap_or(usize::MAX);
    SearchConfig::default()
        .try_with_table_bytes(bytes)
        .map(|config| Some(config.table_bytes))
        .map_err(|e| format!("--table-mib {mib}: {e}"))
}

/// How `solve` runs.
#[derive(Debug, Clone)]
pub struct Options {
    /// Threads (default: every core, or one for a board of at most 64 numbers).
    pub threads: Option<usize>,
    /// The table's size (default: by board size, [`default_table_bytes`]).
    pub table_bytes: Option<usize>,
    /// Whether to print the search's statistics at the end.
    pub stats: bool,
    /// A file of proven results: loaded before the first solve if it exists, written after
    /// each board (but one quicker than the last save), every `save_every` and when the time
    /// runs out, so that the same command resumes.
    pub results: Option<PathBuf>,
    /// When to stop, if the boards are not solved by then.
    pub deadline: Option<Instant>,
    /// With `results`, how often to save them during a board too (a checkpoint: the search
    /// stops, saves and goes on from its table).
    pub save_every: Duration,
}

/// Results of searches of fewer than 2^10 nodes are not written to a results file: they
/// are quick to find again, and they are most of the table.
pub const RESULTS_MIN_WORK: u8 = 10;

/// Solves `board` as `options` say.
pub fn solve(board: Board, options: Options) -> Result<(), Failure> {
    match board {
        Board::Small(game) => solve_game(&game, game.size(), &options),
        Board::Wide(game) => solve_game(&game, game.size(), &options),
        Board::Large(game) => solve_game(&*game, game.size(), &options),
    }
}

/// Prints the value, the optimal moves (ascending) and a principal variation, then the time
/// and threads on stderr, with progress there once a solve has taken a second.
fn solve_game<G>(game: &G, n: u32, options: &Options) -> Result<(), Failure>
where
    G: ScoringGame<Move = u32>,
    PrimeKnowledge: Knowledge<G>,
{
    // The table by how many numbers are on the board, not by how large they are.
    let count = u32::try_from(game.legal_moves().len()).unwrap_or(u32::MAX);
    solve_in_turn([Ok((n, game.clone()))], count, options)
}

/// Solves `boards` (each the board 1..=n or a position of it, with its n) in turn with one
/// solver made for `count` numbers, printing each answer as `solve` does, and the statistics
/// of all at the end if asked.
fn solve_in_turn<G>(
    boards: impl IntoIterator<Item = Result<(u32, G), String>>,
    count: u32,
    options: &Options,
) -> Result<(), Failure>
where
    G: ScoringGame<Move = u32>,
    PrimeKnowledge: Knowledge<G>,
{
    let (mut solver, current) = make_solver(count, options);
    let mut boards = boards.into_iter().enumerate().peekable();
    let mut last_save = Duration::ZERO;
    while let Some((i, board)) = boards.next() {
        let (n, game) = board?;
        if let Some(path) = options
            .results
            .as_deref()
            .filter(|path| i == 0 && path.exists())
        {
            load_results(&mut solver, &game, path)?;
        }
        let start = Instant::now();
        let solved = solve_with_checkpoints(&mut solver, &current, &game, n, options);
        // A board solved in less time than the last save took is cheaper to solve again
        // after a crash than to save; a stop and the last board are always saved.
        let worth_saving =
            solved.is_err() || boards.peek().is_none() || start.elapsed() >= last_save;
        if let Some(path) = options.results.as_deref().filter(|_| worth_saving) {
            last_save = save_results(&solver, &game, path)?;
        }
        solved?;
    }
    if options.stats {
        eprintln!("stats: {}", solver.stats());
    }
    Ok(())
}

/// [`solve_one`], stopped every `options.save_every` to save the proven results (if there
/// is a results file) and started again on the same table, which holds every proof of the
/// stopped search: only the unfinished nodes on its path are searched again.
fn solve_with_checkpoints<G>(
    solver: &mut Solver<G, PrimeKnowledge>,
    current: &Current,
    game: &G,
    n: u32,
    options: &Options,
) -> Result<(), Failure>
where
    G: ScoringGame<Move = u32>,
    PrimeKnowledge: Knowledge<G>,
{
    let (start, nodes) = (Instant::now(), solver.nodes());
    loop {
        let checkpoint = options
            .results
            .as_deref()
            .and_then(|path| Some((path, Instant::now().checked_add(options.save_every)?)));
        let stop = options
            .deadline
            .into_iter()
            .chain(checkpoint.map(|(_, at)| at))
            .min();
        solver.set_budget(
            stop.map_or_else(Budget::default, |at| Budget::default().with_deadline(at)),
        );
        match solve_one(solver, current, game, n, (start, nodes)) {
            Err(SolveError::BudgetExhausted { .. })
                if checkpoint.is_some_and(|(_, at)| Instant::now() >= at)
                    && options.deadline.is_none_or(|end| Instant::now() < end) =>
            {
                if let Some((path, _)) = checkpoint {
                    save_results(solver, game, path)?;
                }
            }
            Err(e) => return Err(out_of_reach(e, n, options)),
            Ok(()) => return Ok(()),
        }
    }
}

/// Out of time or of depth: no usage error, and the saved results are kept.
fn out_of_reach(e: SolveError, n: u32, options: &Options) -> Failure {
    Failure::OutOfReach(match (e, &options.results) {
        (SolveError::BudgetExhausted { nodes }, Some(path)) => format!(
            "the time ran out at n={n} after {nodes} nodes; its proven results are in {}: the \
             same command resumes from them",
            path.display()
        ),
        (e, _) => format!("n={n}: {e}"),
    })
}

/// What is being solved (`n=N`, or a job's file) and when its solve began, for the progress
/// lines.
pub type Current = Arc<Mutex<(String, Instant)>>;

/// A progress report for a solver: a line on stderr about once a second, naming what
/// `current` says is being solved, once that has taken a second (a quick solve stays quiet).
pub fn progress_lines(current: &Current) -> impl FnMut(&Progress) + Send + 'static {
    let shown = Arc::clone(current);
    move |progress| {
        let (name, start) = &*shown.lock().unwrap_or_else(PoisonError::into_inner);
        let elapsed = start.elapsed().as_secs_f64();
        if elapsed >= 1.0 {
            eprintln!("solving {name}: {progress}, {elapsed:.1} s");
        }
    }
}

/// The solver for boards of up to `count` numbers: `table_bytes`, or by board size; every
/// core unless told otherwise (a solve has the machine to itself), but one for a board of few
/// numbers, where waking helpers (each with a copy of the board) costs more than they save.
/// It reports progress on stderr once a solve has taken a second, naming the board that
/// [`solve_one`] sets in the [`Current`] returned beside it.
fn make_solver<G>(count: u32, options: &Options) -> (Solver<G, PrimeKnowledge>, Current)
where
    G: ScoringGame<Move = u32>,
    PrimeKnowledge: Knowledge<G>,
{
    let threads = options.threads.unwrap_or_else(|| {
        if count <= 64 {
            1
        } else {
            SearchConfig::default().with_all_cores().threads
        }
    });
    let current: Current = Arc::new(Mutex::new((String::new(), Instant::now())));
    let solver = prime::solver()
        .with_table_bytes(
            options
                .table_bytes
                .unwrap_or_else(|| default_table_bytes(count)),
        )
        .with_threads(threads)
        .on_progress(progress_lines(&current));
    (solver, current)
}

/// Solves `game`, the board 1..=n or a position of it, with `solver` (whatever its table
/// holds), and prints as `solve` does: the time and nodes since `(start, nodes)`, when the
/// board's solve began (before any checkpoint).
fn solve_one<G>(
    solver: &mut Solver<G, PrimeKnowledge>,
    current: &Current,
    game: &G,
    n: u32,
    (start, nodes): (Instant, u64),
) -> Result<(), SolveError>
where
    G: ScoringGame<Move = u32>,
    PrimeKnowledge: Knowledge<G>,
{
    *current.lock().unwrap_or_else(PoisonError::into_inner) = (format!("n={n}"), start);
    let solution = solver.solve(game)?;
    let mut best = solution.best_moves;
    best.sort_unstable();
    println!("n={n} value={} best={}", solution.value, joined(&best));
    println!("pv={}", joined(&solution.principal_variation));
    eprintln!(
        "solved n={n} in {:.2} s on {} threads, {} nodes",
        start.elapsed().as_secs_f64(),
        solver.threads(),
        solver.nodes().saturating_sub(nodes)
    );
    Ok(())
}

/// Loads the results file at `path` into `solver`, for `game`'s table.
pub fn load_results<G>(
    solver: &mut Solver<G, PrimeKnowledge>,
    game: &G,
    path: &Path,
) -> Result<u64, String>
where
    G: ScoringGame<Move = u32>,
    PrimeKnowledge: Knowledge<G>,
{
    let start = Instant::now();
    let count = File::open(path)
        .map_err(ResultsError::from)
        .and_then(|file| solver.load_results(game, file))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    eprintln!(
        "loaded {count} results from {} in {:.1} s",
        path.display(),
        start.elapsed().as_secs_f64()
    );
    Ok(count)
}

/// Writes `solver`'s proven results of `game`'s game to `path`, whole or not at all: to a
/// file beside it (of this process), then renamed over it. Returns the time it took.
pub fn save_results<G>(
    solver: &Solver<G, PrimeKnowledge>,
    game: &G,
    path: &Path,
) -> Result<Duration, String>
where
    G: ScoringGame<Move = u32>,
    PrimeKnowledge: Knowledge<G>,
{
    let start = Instant::now();
    let count = write_atomically(path, |file| -> Result<u64, ResultsError> {
        solver.save_results(game, file, RESULTS_MIN_WORK)
    })?;
    let time = start.elapsed();
    eprintln!(
        "saved {count} results to {} in {:.1} s",
        path.display(),
        time.as_secs_f64()
    );
    Ok(time)
}

/// Solves the boards 1..=n for every n of `range`, in order, with one solver (as `options`
/// say): its table carries what one board proved to the next. That is sound because a
/// position's value depends only on the numbers left (the mask boards' key), not on the board
/// it came from: after n + 1 is taken, a position of board n + 1 is often one of board n's.
pub fn solve_range(range: std::ops::RangeInclusive<u32>, options: &Options) -> Result<(), Failure> {
    let last = *range.end();
    if range.is_empty() {
        return Err(format!("--upto {last} is below the first board, {}", range.start()).into());
    }
    check_solvable(u64::from(last))?;
    if last <= prime::SMALL_MAX_N {
        sweep(range, SmallPrimeGame::new, options)
    } else if last <= prime::WIDE_MAX_N {
        sweep(range, WidePrimeGame::new, options)
    } else {
        Err(format!(
            "a range of boards goes up to {}, not {last}",
            prime::WIDE_MAX_N
        )
        .into())
    }
}

fn sweep<G>(
    range: std::ops::RangeInclusive<u32>,
    board: impl Fn(u32) -> Result<G, PrimeError>,
    options: &Options,
) -> Result<(), Failure>
where
    G: ScoringGame<Move = u32>,
    PrimeKnowledge: Knowledge<G>,
{
    let last = *range.end();
    let boards = range.map(|n| board(n).map(|game| (n, game)).map_err(|e| e.to_string()));
    solve_in_turn(boards, last, options)
}
