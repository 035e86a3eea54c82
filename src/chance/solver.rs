//! `ChanceSolver`: the exact expected value of a chance game, by alpha-beta at the players'
//! nodes and Star1 at the chance nodes, with a table of what each position is proven worth.

use super::value::{Expectation, max, min};
use crate::game::{ChanceGame, ScoringGame};
use rustc_hash::FxHashMap;
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

/// What is proven of a position's value, and its best move if one was searched.
#[derive(Debug, Clone)]
struct Entry<V, M> {
    lower: V,
    upper: V,
    best: Option<M>,
}

/// A player's node's moves with their margins and turns, and the moves as generated.
type MoveLists<M> = (Vec<(M, i64, bool)>, Vec<M>);

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
    // Fx: a position's key is hashed at every node, and SipHash's guard against chosen keys
    // buys nothing here.
    table: FxHashMap<G::Key, Entry<V, G::Move>>,
    max_entries: usize,
    prune_chance: bool,
    entries_after_chance: bool,
    nodes: u64,
    move_lists: Vec<MoveLists<G::Move>>,
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

fn bounds_of<G: ChanceGame, V: Expectation>(position: &G) -> (V, V) {
    let bounds = position.value_bounds();
    (V::from_int(*bounds.start()), V::from_int(*bounds.end()))
}

impl<G: ChanceGame, V: Expectation> ChanceSolver<G, V> {
    /// A solver with Star1 pruning at chance nodes and a table of at most
    /// [`DEFAULT_MAX_ENTRIES`] positions.
    #[must_use]
    pub fn new() -> Self {
        Self {
            table: FxHashMap::default(),
            max_entries: DEFAULT_MAX_ENTRIES,
            prune_chance: true,
            entries_after_chance: true,
            nodes: 0,
            move_lists: Vec::new(),
        }
    }

    /// Holds at most `entries` positions in the table: once it is full, new positions are not
    /// remembered (the values stay exact; the search may take longer).
    #[must_use]
    pub fn with_max_entries(mut self, entries: usize) -> Self {
        self.max_entries = entries;
        self
    }

    /// Whether chance nodes are cut by Star1 (on by default): off, every chance move is searched
    /// whole, as plain expectiminimax does with a table. The values are the same.
    #[must_use]
    pub fn with_chance_pruning(mut self, on: bool) -> Self {
        self.prune_chance = on;
        self
    }

    /// Whether the positions right after a chance chance move go into the table (on by default).
    /// Off suits a game where such a position is reached from its chance node alone, as
    /// after a roll of the dice that the side then plays (backgammon's): the chance node's
    /// entry then stands for them, and the table holds a fraction of the positions. The
    /// values are the same.
    #[must_use]
    pub fn with_entries_after_chance(mut self, on: bool) -> Self {
        self.entries_after_chance = on;
        self
    }

    /// The nodes searched since the solver was made.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The positions the table holds.
    #[must_use]
    pub fn table_len(&self) -> usize {
        self.table.len()
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
        self.search(position, lower - one.clone(), upper + one, 0, true)
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

    /// Fail-soft: a result at or below `alpha` bounds the value from above, one at or above
    /// `beta` from below, one between them is the value.
    /// Unless `remember`, the table is neither asked nor given the position.
    fn search(
        &mut self,
        position: &G,
        alpha: V,
        beta: V,
        ply: usize,
        remember: bool,
    ) -> Result<V, ChanceError> {
        if ply > MAX_PLIES {
            return Err(ChanceError::TooDeep { plies: MAX_PLIES });
        }
        self.nodes += 1;
        let key = position.key();
        let entry = self.table.get(&key).filter(|_| remember);
        // An exact entry answers at once, without the game's bounds.
        if let Some(entry) = entry.filter(|entry| entry.lower.same(&entry.upper)) {
            return Ok(entry.lower.clone());
        }
        let (mut lower, mut upper) = bounds_of::<G, V>(position);
        let mut best = None;
        if let Some(entry) = entry {
            lower = max(lower, entry.lower.clone());
            upper = min(upper, entry.upper.clone());
            best = entry.best;
        }
        if lower >= beta || lower.same(&upper) {
            return Ok(lower);
        }
        if upper <= alpha {
            return Ok(upper);
        }
        let (alpha, beta) = (max(alpha, lower.clone()), min(beta, upper.clone()));
        let (value, best) = if position.is_chance() {
            (self.chance_node(position, &alpha, &beta, ply)?, None)
        } else {
            self.player_node(position, alpha.clone(), &beta, best, ply)?
        };
        if value <= alpha {
            upper = value.clone();
        } else if value >= beta {
            lower = value.clone();
        } else {
            (lower, upper) = (value.clone(), value.clone());
        }
        if remember {
            self.store(key, Entry { lower, upper, best });
        }
        Ok(value)
    }

    /// The search of the position after a chance chance move, remembered in the table as
    /// [`with_entries_after_chance`](Self::with_entries_after_chance) says.
    pub(super) fn search_after_chance(
        &mut self,
        position: &G,
        alpha: V,
        beta: V,
        ply: usize,
    ) -> Result<V, ChanceError> {
        self.search(position, alpha, beta, ply, self.entries_after_chance)
    }

    /// Whether chance nodes are cut by Star1.
    pub(super) fn prunes_chance(&self) -> bool {
        self.prune_chance
    }

    fn store(&mut self, key: G::Key, entry: Entry<V, G::Move>) {
        if self.table.len() < self.max_entries || self.table.contains_key(&key) {
            self.table.insert(key, entry);
        }
    }

    /// Alpha-beta over the moves, the table's best first, then the largest margin.
    fn player_node(
        &mut self,
        position: &G,
        alpha: V,
        beta: &V,
        first: Option<G::Move>,
        ply: usize,
    ) -> Result<(V, Option<G::Move>), ChanceError> {
        // A list of each ply's moves, kept between nodes: no allocation a node.
        let (mut moves, mut generated) = self.move_lists.pop().unwrap_or_default();
        generated.clear();
        position.generate_moves(&mut generated);
        moves.clear();
        moves.extend(generated.iter().map(|&mv| {
            let (margin, keeps) = position.margin_and_turn(mv);
            (mv, margin, keeps)
        }));
        let order = |&(mv, margin, _): &(G::Move, i64, bool)| {
            (Some(mv) != first, std::cmp::Reverse(margin))
        };
        if !moves.is_sorted_by_key(order) {
            moves.sort_by_key(order);
        }
        let result = self.search_moves(position, &moves, alpha, beta, ply);
        self.move_lists.push((moves, generated));
        result
    }

    /// The moves of a player's node searched in the order given.
    fn search_moves(
        &mut self,
        position: &G,
        moves: &[(G::Move, i64, bool)],
        mut alpha: V,
        beta: &V,
        ply: usize,
    ) -> Result<(V, Option<G::Move>), ChanceError> {
        let mut best: Option<(V, G::Move)> = None;
        for &(mv, margin, keeps) in moves {
            let margin = V::from_int(margin);
            let (a, b) = child_window(&margin, keeps, &alpha, beta);
            let child = self.search(&position.after(mv), a.clone(), b.clone(), ply + 1, true)?;
            let worth = through(&margin, keeps, child, (&a, &b), (&alpha, beta));
            if best.as_ref().is_none_or(|(value, _)| worth > *value) {
                best = Some((worth.clone(), mv));
            }
            alpha = max(alpha, worth);
            if alpha >= *beta {
                break;
            }
        }
        Ok(best.map_or((V::from_int(0), None), |(value, mv)| (value, Some(mv))))
    }
}
