//! `ChanceSolver`: the exact expected value of a chance game (the search in `search` and
//! `star`), its errors, and how a move's worth and window pass through its margin.

use super::search::{ChancePruning, Halt, Search, TO_THE_END, bounds_of};
use super::value::{Expectation, max, min};
use crate::game::{ChanceGame, NoEvaluator, ScoringGame};
use thiserror::Error;

/// The most plies a search goes down before it gives up ([`ChanceError::TooDeep`]): deeper
/// than any game without cycles it can finish, and far within the stack.
pub const MAX_PLIES: usize = 1_000;

/// The most positions the table holds unless told ([`ChanceSolver::with_max_entries`]):
/// about 100 bytes each with `f64` values, so about 400 MiB.
pub const DEFAULT_MAX_ENTRIES: usize = 1 << 22;

/// Why a chance game could not be solved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ChanceError {
    /// The game says its positions repeat (`Game::POSITIONS_REPEAT`): a search of the tree
    /// would not end.
    #[error("the game's positions repeat: a tree search would not end")]
    PositionsRepeat,
    /// The play went deeper than the search goes: a cycle the game does not declare, or a
    /// game longer than [`MAX_PLIES`].
    #[error("the play went past {plies} plies: a cycle, or a game too long to search")]
    TooDeep {
        /// The most plies searched.
        plies: usize,
    },
    /// The start reaches more positions than the solver may hold.
    #[error("the start reaches more than {positions} positions")]
    TooLarge {
        /// The most positions allowed.
        positions: usize,
    },
    /// A cycle's values still moved after this many sweeps: play need not leave it.
    #[error("the values of a cycle still moved after {sweeps} sweeps")]
    NoConvergence {
        /// The sweeps made.
        sweeps: usize,
    },
}

/// A chance game's value, and every move that reaches it.
#[derive(Debug, Clone, PartialEq)]
pub struct ChanceSolution<V, M> {
    /// The expected value for the side to move.
    pub value: V,
    /// Every move worth the value, in the game's order (none at a chance node or an end).
    pub best_moves: Vec<M>,
}

/// The exact solver of a [`ChanceGame`] without cycles, in the numbers `V` the user chooses
/// (see [`Expectation`]); the module docs give the method and its proof.
#[derive(Debug)]
pub struct ChanceSolver<G: ChanceGame, V> {
    search: Search<G, V, NoEvaluator>,
}

impl<G: ChanceGame, V: Expectation> Default for ChanceSolver<G, V> {
    fn default() -> Self {
        Self::new()
    }
}

/// The worth of `mv` to the side to move at `position`, the position after it being worth
/// `child` to its own side to move.
pub(crate) fn move_worth<G: ScoringGame, V: Expectation>(position: &G, mv: G::Move, child: V) -> V {
    let (margin, keeps) = position.margin_and_turn(mv);
    let margin = V::from_int(margin);
    if keeps {
        margin + child
    } else {
        margin - child
    }
}

/// The window on the position after a move of `margin` that is the window (`alpha`, `beta`)
/// on the move's worth: `margin + v` with the turn kept, `margin - v` (sides swapped) without.
pub(super) fn child_window<V: Expectation>(margin: &V, keeps: bool, alpha: &V, beta: &V) -> (V, V) {
    if keeps {
        (
            alpha.clone() - margin.clone(),
            beta.clone() - margin.clone(),
        )
    } else {
        (
            margin.clone() - beta.clone(),
            margin.clone() - alpha.clone(),
        )
    }
}

/// The worth of a move of `margin` whose child searched within the child's window `(a, b)`
/// gave `child`, in the move's window `(alpha, beta)`. A bound stays a bound on the right side
/// of the move's window: with exact numbers it lands there anyway; in floating point the
/// margin's addition could round it back inside, where it would pass for the value.
pub(super) fn through<V: Expectation>(
    margin: &V,
    keeps: bool,
    child: V,
    (a, b): (&V, &V),
    (alpha, beta): (&V, &V),
) -> V {
    let (failed_low, failed_high) = (child <= *a, child >= *b);
    let worth = if keeps {
        margin.clone() + child
    } else {
        margin.clone() - child
    };
    // Failing low in the child's window is failing high in the move's when the turn passes.
    let (upper_bound, lower_bound) = if keeps {
        (failed_low, failed_high)
    } else {
        (failed_high, failed_low)
    };
    if upper_bound {
        min(worth, alpha.clone())
    } else if lower_bound {
        max(worth, beta.clone())
    } else {
        worth
    }
}

impl<G: ChanceGame, V: Expectation> ChanceSolver<G, V> {
    /// A solver with Star1 at chance nodes ([`ChancePruning`] says why not Star2) and a table
    /// of at most [`DEFAULT_MAX_ENTRIES`] positions.
    #[must_use]
    pub fn new() -> Self {
        Self {
            search: Search::new(NoEvaluator, DEFAULT_MAX_ENTRIES, ChancePruning::Star1),
        }
    }

    /// Holds at most `entries` positions in the table: once it is full, new positions are not
    /// remembered (the values stay exact; the search may take longer).
    #[must_use]
    pub fn with_max_entries(mut self, entries: usize) -> Self {
        self.search.max_entries = entries;
        self
    }

    /// How chance nodes are cut (Star1 by default). The values are the same with each.
    #[must_use]
    pub fn with_chance_pruning(mut self, pruning: ChancePruning) -> Self {
        self.search.pruning = pruning;
        self
    }

    /// Whether the positions right after a chance move go into the table (on by default).
    /// Off suits a game where such a position is reached from its chance node alone, as
    /// after a roll of the dice that the side then plays (backgammon's): the chance node's
    /// entry then stands for them, and the table holds a fraction of the positions. The
    /// values are the same.
    #[must_use]
    pub fn with_entries_after_chance(mut self, on: bool) -> Self {
        self.search.entries_after_chance = on;
        self
    }

    /// The nodes searched since the solver was made.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.search.nodes
    }

    /// The positions the table holds.
    #[must_use]
    pub fn table_len(&self) -> usize {
        self.search.table_len()
    }

    /// The expected value of `position` for its side to move. The table is kept for the
    /// next position (a database of many positions shares it).
    ///
    /// # Errors
    ///
    /// [`ChanceError::PositionsRepeat`] for a game whose positions repeat;
    /// [`ChanceError::TooDeep`] for play past [`MAX_PLIES`].
    pub fn value(&mut self, position: &G) -> Result<V, ChanceError> {
        if G::POSITIONS_REPEAT {
            return Err(ChanceError::PositionsRepeat);
        }
        let (lower, upper) = bounds_of::<G, V>(position);
        let one = V::from_int(1);
        let window = (lower - one.clone(), upper + one);
        match self.search.search(position, window, TO_THE_END, 0, true) {
            Ok(value) => Ok(value),
            Err(Halt::Failed(error)) => Err(error),
            Err(Halt::OutOfTime) => unreachable!("an exact solve has no deadline"),
        }
    }

    /// The value of `position` and every move worth it: each move's worth searched exactly.
    ///
    /// # Errors
    ///
    /// As [`value`](Self::value).
    pub fn solve(&mut self, position: &G) -> Result<ChanceSolution<V, G::Move>, ChanceError> {
        let value = self.value(position)?;
        let mut best_moves = Vec::new();
        if !position.is_chance() {
            for mv in position.legal_moves() {
                let worth = move_worth(position, mv, self.value(&position.after(mv))?);
                if worth.same(&value) {
                    best_moves.push(mv);
                }
            }
        }
        Ok(ChanceSolution { value, best_moves })
    }
}
