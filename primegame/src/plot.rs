//! `primegame plot`: the exact value and the solve's cost of every board 1..=n, solved here in
//! a sweep as `solve 1 --upto N` runs it, drawn as an SVG picture (the curve behind the table of
//! exact values in BENCHMARKS.md).

use crate::solve::{Current, progress_lines};
use gamesolver::games::prime::{self, PrimeKnowledge, SMALL_MAX_N, SmallPrimeGame, WIDE_MAX_N};
use gamesolver::games::prime::{PrimeError, WidePrimeGame};
use gamesolver::{Knowledge, ScoringGame, Solver};
use plotters::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

/// One board's solve: its value, the nodes it took and its time in ms.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    /// The board 1..=n.
    pub n: u32,
    /// The first player's exact margin.
    pub value: i64,
    /// Nodes searched for it, after the boards before it.
    pub nodes: u64,
    /// Milliseconds, after the boards before it.
    pub ms: f64,
}

/// Solves 1..=`upto` (at most [`WIDE_MAX_N`]) in turn, each board after the one before with the
/// same table, on `threads` threads: the 128-bit board up to 128, the 256-bit one above. Each
/// board is handed to `done` as soon as it is solved, and a solve that takes more than a
/// second reports its progress on stderr, a line a second.
///
/// # Errors
///
/// A board past [`WIDE_MAX_N`], or a solve that did not finish.
pub fn sweep(upto: u32, threads: usize, done: impl FnMut(&Point)) -> Result<Vec<Point>, String> {
    if upto == 0 || upto > WIDE_MAX_N {
        return Err(format!("--upto {upto}: from 1 up to {WIDE_MAX_N}"));
    }
    let mut done = done;
    let small = 1..=upto.min(SMALL_MAX_N);
    let mut points = sweep_on(small, threads, SmallPrimeGame::new, &mut done)?;
    if upto > SMALL_MAX_N {
        let wide = SMALL_MAX_N + 1..=upto;
        points.extend(sweep_on(wide, threads, WidePrimeGame::new, &mut done)?);
    }
    Ok(points)
}

fn sweep_on<G>(
    boards: std::ops::RangeInclusive<u32>,
    threads: usize,
    board: impl Fn(u32) -> Result<G, PrimeError>,
    done: &mut impl FnMut(&Point),
) -> Result<Vec<Point>, String>
where
    G: ScoringGame,
    PrimeKnowledge: Knowledge<G>,
{
    let current: Current = Arc::new(Mutex::new((String::new(), Instant::now())));
    let mut solver: Solver<G, PrimeKnowledge> = prime::solver()
        .with_threads(threads)
        .on_progress(progress_lines(&current));
    boards
        .map(|n| {
            let game = board(n).map_err(|e| e.to_string())?;
            let (start, before) = (Instant::now(), solver.nodes());
            *current.lock().unwrap_or_else(PoisonError::into_inner) = (format!("n={n}"), start);
            let value = solver.value(&game).map_err(|e| format!("n={n}: {e}"))?;
            let point = Point {
                n,
                value,
                nodes: solver.nodes() - before,
                ms: start.elapsed().as_secs_f64() * 1000.0,
            };
            done(&point);
            Ok(point)
        })
        .collect()
}

/// Checks, before any work, that the picture can be written to `path`: a file beside it
/// (`.NAME.tmp`) is made now, which [`draw`] writes the picture to and renames over `path`,
/// so a sweep that fails or is stopped leaves `path` as it was.
///
/// # Errors
///
/// The path and why no file can be written there.
pub fn prepare_output(path: &Path) -> Result<PathBuf, String> {
    let name = path
        .file_name()
        .ok_or_else(|| format!("{}: not a file's path", path.display()))?;
    let mut temporary = path.to_owned();
    temporary.set_file_name(format!(".{}.tmp", name.to_string_lossy()));
    std::fs::File::create(&temporary).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(temporary)
}

/// Draws `points` as an SVG picture to `temporary` (from [`prepare_output`]) and renames it
/// `path`: the value by n above, the nodes by n below (a logarithmic scale).
///
/// # Errors
///
/// Whatever drawing or writing the picture returned, with the path.
pub fn draw(points: &[Point], temporary: &Path, path: &Path) -> Result<(), String> {
    let failed = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    let mut svg = String::new();
    render(points, &mut svg).map_err(|e| failed(&e))?;
    std::fs::write(temporary, svg).map_err(|e| failed(&e))?;
    std::fs::rename(temporary, path).map_err(|e| failed(&e))
}

/// The picture of `points`, as SVG text in `svg`.
fn render(points: &[Point], svg: &mut String) -> Result<(), String> {
    let failed = |e: &dyn std::fmt::Display| e.to_string();
    let root = SVGBackend::with_string(svg, (900, 640)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| failed(&e))?;
    let (upper, lower) = root.split_vertically(320);
    let last = points.last().map_or(1, |p| p.n);
    let top = points.iter().map(|p| p.value).max().unwrap_or(0) + 1;
    let mut values = ChartBuilder::on(&upper)
        .caption(
            "PrimeGame: the first player's exact margin on 1..=n",
            ("sans-serif", 18),
        )
        .margin(12)
        .x_label_area_size(32)
        .y_label_area_size(48)
        .build_cartesian_2d(1..last + 1, 0..top)
        .map_err(|e| failed(&e))?;
    values
        .configure_mesh()
        .x_desc("n")
        .y_desc("value")
        .draw()
        .map_err(|e| failed(&e))?;
    let line = points.iter().map(|p| (p.n, p.value));
    values
        .draw_series(LineSeries::new(line, &BLUE))
        .map_err(|e| failed(&e))?;
    let most = points.iter().map(|p| p.nodes).max().unwrap_or(1).max(1) as f64 * 2.0;
    let mut nodes = ChartBuilder::on(&lower)
        .caption(
            "Nodes of each board's solve, after the board before (one table)",
            ("sans-serif", 18),
        )
        .margin(12)
        .x_label_area_size(32)
        .y_label_area_size(72)
        .build_cartesian_2d(1..last + 1, (1.0..most).log_scale())
        .map_err(|e| failed(&e))?;
    nodes
        .configure_mesh()
        .x_desc("n")
        .y_desc("nodes")
        .y_label_formatter(&|nodes| format!("{nodes:.0}"))
        .draw()
        .map_err(|e| failed(&e))?;
    let line = points.iter().map(|p| (p.n, p.nodes.max(1) as f64));
    nodes
        .draw_series(LineSeries::new(line, &RED))
        .map_err(|e| failed(&e))?;
    root.present().map_err(|e| failed(&e))
}
