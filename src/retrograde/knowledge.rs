//! A solved table used by the alpha-beta searches: [`TablebaseKnowledge`] gives the
//! [`Solver`](crate::Solver) and the [`Engine`](crate::Engine) the exact value of every
//! position the table holds, and [`tablebase_move`] (or [`tablebase_endgames`], for the engine) plays
//! a position the table holds by its distances: a win soonest, a loss latest.
//!
//! This is how a large game's endgames, solved once by retrograde analysis, serve a forward
//! search of the rest, as the checkers proof's endgame databases served its alpha-beta
//! searches. The searches play the game as a [`ScoredWinLoss`] (worth 1, 0 or -1); the table
//! is reached through a lookup the user writes (a [`Tablebase`](super::Tablebase), an
//! [`IndexedTablebase`](super::IndexedTablebase) of the endgame's own index, a
//! [`TablebaseFile`](super::TablebaseFile) behind a lock), `None` where the table has no answer.

use super::RetroValue;
use crate::game::{Facts, Knowledge, ScoredWinLoss, Verdict, WinLossGame, verdict_value};
use crate::search::EndgameSolver;

/// Knowledge from a solved table: the exact value ([`verdict_value`]) of each position that
/// `lookup` finds (0 where the game is over), and the bounds -1 and 1 everywhere else.
///
/// Sound as far as the table is: a wrong verdict is taken as it is. A table of a game whose
/// positions repeat serves a search of that game only when it holds a position on every
/// cycle ([`covering_repetitions`](Self::covering_repetitions)); the alpha-beta search then
/// solves the rest (a game whose opening places pieces, say, and whose moves then go to and
/// fro), as it could not alone.
///
/// # Examples
///
/// A token on points 0..=5 moves one point up or down; whoever moves it onto point 5 wins.
/// From point 4 that is one move; from 3 no side moves to 4, which loses, so play below 4
/// goes on for ever: a draw. The table answers for points 1 and up, and the solver searches
/// point 0, whose every cycle passes through point 1.
///
/// ```
/// use gamesolver::retrograde::{Retrograde, TablebaseKnowledge};
/// use gamesolver::{Game, ScoredWinLoss, Solver, Verdict, WinLossGame};
/// use std::sync::Arc;
///
/// #[derive(Clone, Debug)]
/// struct Line(u8);
///
/// impl Game for Line {
///     type Move = u8;
///     type Key = u8;
///     const NAME: &'static str = "a token on a line";
///     const POSITIONS_REPEAT: bool = true;
///
///     fn generate_moves(&self, out: &mut Vec<u8>) {
///         out.extend([self.0.wrapping_sub(1), self.0 + 1].into_iter().filter(|&p| p <= 5));
///     }
///     fn play_unchecked(&mut self, to: u8) { self.0 = to; }
///     fn key(&self) -> u8 { self.0 }
/// }
///
/// impl WinLossGame for Line {
///     fn ending(&self) -> Option<Verdict> {
///         // The side to move at point 5 has lost: the other side moved there.
///         (self.0 == 5).then_some(Verdict::Loss)
///     }
/// }
///
/// let solved = Arc::new(Retrograde::new().solve(&Line(2))?);
/// let table = TablebaseKnowledge::new(move |p: &Line| solved.value(p).filter(|_| p.0 >= 1))
///     .covering_repetitions();
/// let start = ScoredWinLoss(Line(0));
/// gamesolver::check::uncovered_repetition(&start, &table, &Default::default())?;
/// assert_eq!(Solver::new().with_knowledge(table).value(&start)?, 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct TablebaseKnowledge<F> {
    lookup: F,
    covers_repetitions: bool,
}

impl<F> TablebaseKnowledge<F> {
    /// Knowledge from `lookup`: a position's retrograde value, or `None` where the table has
    /// none.
    pub fn new(lookup: F) -> Self {
        Self {
            lookup,
            covers_repetitions: false,
        }
    }

    /// The user's word that `lookup` answers for a position on every cycle of moves, so
    /// that the solvers take a game whose positions repeat
    /// ([`Knowledge::covers_repetitions`]). Check it with
    /// [`check::uncovered_repetition`](crate::check::uncovered_repetition).
    #[must_use]
    pub fn covering_repetitions(mut self) -> Self {
        self.covers_repetitions = true;
        self
    }
}

impl<G, F> Knowledge<ScoredWinLoss<G>> for TablebaseKnowledge<F>
where
    G: WinLossGame,
    F: Fn(&G) -> Option<RetroValue> + Clone + Send + Sync,
{
    /// Every value is at least -1, a loss.
    fn value_floor(&self, _: &ScoredWinLoss<G>) -> Option<i64> {
        Some(-1)
    }

    /// The default search moves: every legal move.
    fn leaves_out_by_threshold(&self) -> bool {
        false
    }

    /// Every value lies in -1..=1.
    fn facts(&self, _: &ScoredWinLoss<G>) -> Facts<G::Move> {
        Facts {
            bounds: Some(-1..=1),
            best_move: None,
        }
    }

    /// The verdict's value; 0 where the game is over (at 0 plies), as the move into the
    /// position scored the result.
    fn exact_value(&self, position: &ScoredWinLoss<G>) -> Option<i64> {
        (self.lookup)(&position.0).map(|value| match value.plies {
            0 => 0,
            _ => verdict_value(value.verdict),
        })
    }

    fn covers_repetitions(&self) -> bool {
        self.covers_repetitions
    }
}

/// The value of a child, seen from the side that moved there, in one ply more.
fn through(child: RetroValue) -> RetroValue {
    RetroValue {
        verdict: child.verdict.flip(),
        plies: if child.verdict == Verdict::Draw {
            0
        } else {
            child.plies.saturating_add(1)
        },
    }
}

/// How good a move's value is for the mover: a win soonest first, then a draw, then a loss
/// latest.
fn rank(value: RetroValue) -> (u8, i32) {
    match value.verdict {
        Verdict::Win => (2, -i32::from(value.plies)),
        Verdict::Draw => (1, 0),
        Verdict::Loss => (0, i32::from(value.plies)),
    }
}

/// The move a solved table plays at `position`, with the position's value through it: the
/// fastest win, else a draw, else the longest loss, by the values `lookup` gives the
/// positions the moves lead to (the first such move, in the game's order). `None` if the
/// game has ended, no move is legal, or `lookup` knows none of the positions the moves lead
/// to. A move to a position the table lacks is left out.
///
/// Following it, the side that wins does so in the plies the table gives, whatever the other
/// side plays: each move keeps a win of p plies at p - 1 for the other side to lose.
pub fn tablebase_move<G: WinLossGame>(
    position: &G,
    lookup: impl Fn(&G) -> Option<RetroValue>,
) -> Option<(G::Move, RetroValue)> {
    if position.ending().is_some() {
        return None;
    }
    let mut best: Option<(G::Move, RetroValue)> = None;
    for mv in position.legal_moves() {
        let Some(child) = lookup(&position.after(mv)) else {
            continue;
        };
        let value = through(child);
        if best.is_none_or(|(_, kept)| rank(value) > rank(kept)) {
            best = Some((mv, value));
        }
    }
    best
}

/// An [`EndgameSolver`] that plays by a solved table ([`tablebase_move`]), for
/// [`Engine::with_endgame_solver`](crate::Engine::with_endgame_solver): at a position whose
/// moves lead into the table, the engine plays the table's move with its exact value, and
/// searches as usual elsewhere. The engine hands over positions of at most the search moves
/// set by [`Engine::with_exact_endgame`](crate::Engine::with_exact_endgame), under a budget
/// of time alone.
pub fn tablebase_endgames<G, F>(lookup: F) -> EndgameSolver<ScoredWinLoss<G>>
where
    G: WinLossGame + 'static,
    F: Fn(&G) -> Option<RetroValue> + Send + 'static,
{
    Box::new(move |position, _deadline| {
        tablebase_move(&position.0, &lookup).map(|(mv, value)| (mv, verdict_value(value.verdict)))
    })
}
