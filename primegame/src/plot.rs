//! `primegame plot`: the exact value and the solve's cost of every board 1..=n, solved here in
//! a sweep as `solve 1 --upto N` runs it, drawn as an SVG picture (the curve behind the table of
//! exact values in BENCHMARKS.md).

use gamesolver::games::prime::{self, PrimeKnowledge, SMALL_MAX_N, SmallPrimeGame, WIDE_MAX_N};
use gamesolver::games::prime::{PrimeError, WidePrimeGame};
use gamesolver::{Knowledge, ScoringGame, Solver};
use plotters::prelude::*;
use std::path::Path;
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
/// same table, on `threads` threads: the 128-bit board up to 128, the 256-bit one above.
///
/// # Errors
///
/// A board past [`WIDE_MAX_N`], or a solve that did not finish.
pub fn sweep(upto: u32, threads: usize) -> Result<Vec<Point>, String> {
    if upto == 0 || upto > WIDE_MAX_N {
        return Err(format!("--upto {upto}: from 1 up to {WIDE_MAX_N}"));
    }
    let mut points = sweep_on(1..=upto.min(SMALL_MAX_N), threads, SmallPrimeGame::new)?;
    if upto > SMALL_MAX_N {
        points.extend(sweep_on(
            SMALL_MAX_N + 1..=upto,
            threads,
            WidePrimeGame::new,
        )?);
    }
    Ok(points)
}

fn sweep_on<G>(
    boards: std::ops::RangeInclusive<u32>,
    threads: usize,
    board: impl Fn(u32) -> Result<G, PrimeError>,
) -> Result<Vec<Point>, String>
where
    G: ScoringGame,
    PrimeKnowledge: Knowledge<G>,
{
    let mut solver: Solver<G, PrimeKnowledge> = prime::solver().with_threads(threads);
    boards
        .map(|n| {
            let game = board(n).map_err(|e| e.to_string())?;
            let (start, before) = (Instant::now(), solver.nodes());
            let value = solver.value(&game).map_err(|e| format!("n={n}: {e}"))?;
            Ok(Point {
                n,
                value,
                nodes: solver.nodes() - before,
                ms: start.elapsed().as_secs_f64() * 1000.0,
            })
        })
        .collect()
}

/// Draws `points` to the SVG file `path`: the value by n above, the nodes by n below (a
/// logarithmic scale).
///
/// # Errors
///
/// Whatever writing the picture returned, with the path.
pub fn draw(points: &[Point], path: &Path) -> Result<(), String> {
    let failed = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    let root = SVGBackend::new(path, (900, 640)).into_drawing_area();
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
