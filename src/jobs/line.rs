//! `LineSolve`: a solve split along its principal line, each round windows on the moves of
//! one position of it, deepest first; the root's value and every optimal first move.

use super::claim::Interval;
use super::claim::Window;
use super::files::{
    JobsError, Merged, check_root, field, io, malformed, read_bounded, read_dir, write_job,
    write_whole,
};
use super::job::JobResult;
use crate::game::{PositionText, ScoringGame};
use crate::search::{MoveBounds, UNBOUNDED};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The deepest split of the principal line.
pub const MAX_SPLIT: usize = 8;

/// A solve split along its principal line, for any scoring game whose positions are text.
///
/// # The method
///
/// The *principal line* is the first move in order at each position (largest margin first,
/// the game's order among equals), `split` moves deep: an order alone, known before any
/// search. Round 1 is one job, the exact value of the position at its end. Each later round
/// takes the deepest position of the line whose value is not yet exact and asks, against the
/// best move value `L` proven there (the principal move's, from the position below it):
///
/// - a null window (L, L + 1) of each move that could be better (is it?);
/// - at the root only, where every optimal move is wanted: (L - 1, L + 1) of a move that could
///   be worse, equal or better (one search tells which), and (L - 1, L) of one proven at most
///   L (is it optimal too?).
///
/// A position's value is exact once a move is proven worth `L` and no move can be worth
/// more ([`MoveBounds::value`]), and the root's optimal moves are known once every move is
/// proven equal to `L` or below it ([`MoveBounds::optimal_moves`]). A window on a move is a
/// window on the position after it, seen from the other side (or from the same side, if the
/// move keeps the turn), so every job is a search of one position, as the claims' are.
///
/// Proof that the merge is right: results are fail-soft bounds on positions' values, each
/// true whatever window found it, and a position's value is its best move's worth; so each
/// interval the merge derives holds, and the answer is read off intervals that decide it.
/// The jobs of a round are independent; a round waits for the one before, as the value of
/// the position below decides its windows.
///
/// # Examples
///
/// Each round's jobs could run in processes of their own, on any machines that see the
/// directory; here they run in turn.
///
/// ```
/// use gamesolver::games::prime::{self, SmallPrimeGame};
/// use gamesolver::jobs::{LineSolve, Merged, RunOptions, pending_jobs, run_job_files};
///
/// let dir = std::env::temp_dir().join(format!("line-solve-doc-{}", std::process::id()));
/// let split = LineSolve::new(SmallPrimeGame::new(20)?).with_split(2);
/// split.plan_dir(&dir)?;
/// let (value, best) = loop {
///     let mut solver = prime::solver::<SmallPrimeGame>();
///     run_job_files(&pending_jobs(&dir)?, &mut solver, &RunOptions::default(), |_| {})?;
///     if let Merged::Solved { value, best, .. } = split.merge_dir(&dir)? {
///         break (value, best);
///     }
/// };
/// let solution = prime::solver().solve(&SmallPrimeGame::new(20)?)?;
/// assert_eq!(value, solution.value);
/// assert_eq!(best.map(|moves| moves.len()), Some(solution.best_moves.len()));
/// std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct LineSolve<G> {
    root: G,
    split: usize,
}

/// One position of the principal line: the position, and its moves in order, each with its
/// margin and whether it keeps the turn.
struct Level<G: ScoringGame> {
    position: G,
    moves: Vec<(G::Move, i64, bool)>,
}

impl<G: ScoringGame + PositionText> LineSolve<G> {
    /// A solve of `root` split 2 moves deep.
    pub fn new(root: G) -> Self {
        Self { root, split: 2 }
    }

    /// Splits the principal line `moves` deep (1 to [`MAX_SPLIT`]; clamped there): round 1
    /// searches the position at its end, and each position above it takes a round.
    #[must_use]
    pub fn with_split(mut self, moves: usize) -> Self {
        self.split = moves.clamp(1, MAX_SPLIT);
        self
    }

    /// Writes the first round into `dir` (made if missing): one job, the exact value of the
    /// position at the end of the principal line; its path.
    ///
    /// # Errors
    ///
    /// [`JobsError::OtherRoot`] if `dir` solves another position, [`JobsError::Malformed`] if
    /// it was planned with another split, [`JobsError::NotPlanned`] if the root has no move
    /// (nothing to split), [`JobsError::Io`].
    pub fn plan_dir(&self, dir: &Path) -> Result<Vec<PathBuf>, JobsError> {
        let line = self.principal_line();
        let Some(last) = line.last() else {
            return Err(JobsError::NotPlanned {
                dir: dir.to_owned(),
            });
        };
        std::fs::create_dir_all(dir).map_err(io(dir))?;
        check_root(dir, &self.root)?;
        let (state, text) = (dir.join("state"), format!("split={}\n", self.split));
        match read_bounded(&state)? {
            // Planned again as before: the same files, nothing changes.
            Some(found) if found == text => {}
            Some(found) => {
                let why = format!("planned before with {}", found.trim_end());
                return Err(malformed(&state, why));
            }
            None => write_whole(&state, &text)?,
        }
        let deepest = last.position.after(last.moves[0].0);
        Ok(vec![write_job(dir, 1, Window::FULL, &deepest)?])
    }

    /// The positions of the principal line, the root first, each with its ordered moves;
    /// `split` of them, fewer if the game ends first.
    fn principal_line(&self) -> Vec<Level<G>> {
        let mut line = Vec::new();
        let mut position = self.root.clone();
        while line.len() < self.split {
            let mut moves: Vec<(G::Move, i64, bool)> = position
                .legal_moves()
                .into_iter()
                .map(|mv| {
                    let (margin, keeps) = position.margin_and_turn(mv);
                    (mv, margin, keeps)
                })
                .collect();
            moves.sort_by_key(|&(_, margin, _)| std::cmp::Reverse(margin));
            let Some(&(first, ..)) = moves.first() else {
                break;
            };
            let next = position.after(first);
            line.push(Level { position, moves });
            position = next;
        }
        line
    }

    /// Merges `dir`: the root's value and every optimal first move, the jobs of the round
    /// under way that have no result yet, or the next round's jobs, written.
    ///
    /// # Errors
    ///
    /// [`JobsError::NotPlanned`] for a directory [`plan_dir`](Self::plan_dir) did not make,
    /// [`JobsError::OtherRoot`], [`JobsError::Malformed`] for a file that is not what it
    /// should be, [`JobsError::Io`].
    pub fn merge_dir(&self, dir: &Path) -> Result<Merged<G::Move>, JobsError> {
        let state = dir.join("state");
        let Some(text) = read_bounded(&state)? else {
            return Err(JobsError::NotPlanned {
                dir: dir.to_owned(),
            });
        };
        check_root(dir, &self.root)?;
        let split: usize = field(&state, text.lines().next(), "split")?
            .parse()
            .map_err(|_| malformed(&state, "split"))?;
        let jobs = read_dir::<G>(dir)?;
        let missing: Vec<PathBuf> = (jobs.iter())
            .filter(|file| file.result.is_none())
            .map(|file| file.path.clone())
            .collect();
        if !missing.is_empty() {
            return Ok(Merged::Missing(missing));
        }
        let mut proven: HashMap<G::Key, Interval> = HashMap::new();
        for file in &jobs {
            let interval = (file.result.as_ref()).map_or(Interval::UNKNOWN, JobResult::interval);
            let known = proven.entry(file.job.position.key()).or_default();
            *known = known.meet(interval);
        }
        let round = jobs.iter().map(|file| file.job.round).max().unwrap_or(0) + 1;
        let line = Self::new(self.root.clone())
            .with_split(split)
            .principal_line();
        for (depth, level) in line.iter().enumerate().rev() {
            let bounds = move_bounds(level, &proven);
            let Some(best) = bounds.best_lower().filter(|&best| best > -UNBOUNDED) else {
                return Err(malformed(
                    dir,
                    "nothing is proven of the principal line yet",
                ));
            };
            let needed = windows(&bounds, best, depth == 0);
            if !needed.is_empty() {
                return self.write_round(dir, round, level, needed);
            }
            if depth == 0 {
                let (jobs, nodes, ms) = super::files::work(&jobs);
                return Ok(Merged::Solved {
                    value: best,
                    best: bounds.optimal_moves(),
                    jobs,
                    nodes,
                    ms,
                });
            }
            let known = proven.entry(level.position.key()).or_default();
            *known = known.meet(Interval::exactly(best));
        }
        Err(JobsError::NotPlanned {
            dir: dir.to_owned(),
        })
    }

    /// Writes the jobs of `round`: each move's window, as a window on the position after it.
    fn write_round(
        &self,
        dir: &Path,
        round: u32,
        level: &Level<G>,
        needed: Vec<(G::Move, Window)>,
    ) -> Result<Merged<G::Move>, JobsError> {
        let mut written = Vec::new();
        for (mv, window) in needed {
            let &(_, margin, keeps) = level
                .moves
                .iter()
                .find(|(m, ..)| *m == mv)
                .ok_or_else(|| malformed(dir, "a move off the line"))?;
            let child = level.position.after(mv);
            written.push(write_job(
                dir,
                round,
                child_window(window, margin, keeps),
                &child,
            )?);
        }
        Ok(Merged::Next(written))
    }
}

/// What the results prove of each move of `level`: the child's interval through the move.
fn move_bounds<G: ScoringGame>(
    level: &Level<G>,
    proven: &HashMap<G::Key, Interval>,
) -> MoveBounds<G::Move> {
    let mut bounds = MoveBounds::new(level.moves.iter().map(|&(mv, ..)| mv));
    for &(mv, margin, keeps) in &level.moves {
        let child = level.position.after(mv);
        let Some(&interval) = proven.get(&child.key()) else {
            continue;
        };
        let worth = interval.through(margin, keeps);
        // A lower bound is a result at or above its window, an upper one at or below it.
        if worth.lower > -UNBOUNDED {
            bounds.record(mv, (i64::MIN, worth.lower), worth.lower);
        }
        if worth.upper < UNBOUNDED {
            bounds.record(mv, (worth.upper, i64::MAX), worth.upper);
        }
    }
    bounds
}

/// The window on the position after a move of `margin` that is the window `window` on the
/// move's worth. The child's value is `worth - margin` with the turn kept and
/// `margin - worth` without: the worth's window seen through the inverse move, which
/// [`Interval::through`] gives (its margin negated with the turn kept), unbounded sides kept.
fn child_window(window: Window, margin: i64, keeps: bool) -> Window {
    let sides = Interval {
        lower: window.alpha,
        upper: window.beta,
    };
    let inverse = if keeps {
        margin.saturating_neg()
    } else {
        margin
    };
    let child = sides.through(inverse, keeps);
    Window {
        alpha: child.lower,
        beta: child.upper,
    }
}

/// The windows still needed at one position, in move order, given the best lower bound
/// proven: every move that could be better gets one; with `optimal`, every move that could
/// equal the best too. One round asks every move at once, so a move whose place is unknown
/// gets a window of two, where the solver's root, one question at a time, asks two null
/// windows in turn.
fn windows<M: Copy + PartialEq>(
    bounds: &MoveBounds<M>,
    best: i64,
    optimal: bool,
) -> Vec<(M, Window)> {
    let mut needed = Vec::new();
    for (mv, lo, hi) in bounds.moves() {
        let window = if hi > best && lo < best && optimal {
            // Worse, equal or better: below it worse; inside exactly equal; above better.
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
            needed.push((mv, Window { alpha, beta }));
        }
    }
    needed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_on_a_move_is_the_childs_window_through_it() {
        let window = Window { alpha: 2, beta: 5 };
        for margin in -3..=3 {
            for keeps in [false, true] {
                let child = child_window(window, margin, keeps);
                for v in -10..=10 {
                    let worth = if keeps { margin + v } else { margin - v };
                    let inside = child.alpha < v && v < child.beta;
                    assert_eq!(inside, window.alpha < worth && worth < window.beta);
                }
            }
        }
        assert_eq!(child_window(Window::FULL, 4, false), Window::FULL);
    }
}
