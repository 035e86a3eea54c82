//! Checks of a game's [`Knowledge`] against a plain search, of a game's claim that its
//! positions never repeat ([`repetition`], or repeat only where the knowledge values them:
//! [`uncovered_repetition`]), and of an indexed game's un-moves against its
//! moves ([`unmoves`]), for a user's own tests.
//!
//! [`knowledge`] plays random games from a start position and, at every position on the way,
//! compares what the knowledge claims with what a hint-free negamax of the rules finds: the
//! bounds and the floor must hold the value, a closed form must equal it, the search moves
//! must be legal and keep the value, the key after a move must be the key of the position
//! after it, positions that share a canonical key must have one value, the hinted move must be legal, and the solver with the knowledge must find the
//! same value and optimal moves. Each random game's positions are checked deepest first, and
//! where the solver with the knowledge goes wrong, the positions below are searched (deepest
//! first, up to [`LIE_SEARCH_POSITIONS`]) for the fact that is false, so that the report names
//! the lie itself (a bound, a floor, an exact value, a left-out move, a key) and not the wrong
//! answer it causes above. Nothing the knowledge claims makes the check panic. Hints (the order
//! of moves, the best-move hint's quality) are only checked for legality: they may be poor,
//! never wrong.
//!
//! Plain negamax visits every position below each one checked, so start from positions that
//! a plain search solves in milliseconds.
//!
//! # Examples
//!
//! PrimeGame's own knowledge passes:
//!
//! ```
//! use gamesolver::check;
//! use gamesolver::games::prime::{PrimeKnowledge, SmallPrimeGame};
//!
//! let start = SmallPrimeGame::new(14)?;
//! check::knowledge(&start, &PrimeKnowledge, &check::Checks::default())?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::game::{Game, IndexedGame, Knowledge, NoKnowledge, ScoringGame};
use crate::search::{SearchConfig, Solver};
use std::fmt;
use thiserror::Error;

/// How much [`knowledge`] checks.
///
/// # Examples
///
/// ```
/// use gamesolver::check::Checks;
///
/// let checks = Checks::default().with_games(4).with_seed(7);
/// assert_eq!((checks.games, checks.seed), (4, 7));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Checks {
    /// Random games played from the start position (8); every position of each is checked.
    pub games: usize,
    /// Seed of the random moves (1), so that a failure can be replayed.
    pub seed: u64,
    /// The table of each solver (4 MiB).
    pub table_bytes: usize,
}

impl Default for Checks {
    fn default() -> Self {
        Self {
            games: 8,
            seed: 1,
            table_bytes: 4 << 20,
        }
    }
}

impl Checks {
    /// Plays `games` random games.
    #[must_use]
    pub fn with_games(mut self, games: usize) -> Self {
        self.games = games;
        self
    }

    /// Seeds the random moves.
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }
}

/// What the knowledge claimed that the plain search disproved.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Claim<M> {
    /// The bounds leave out the value.
    Bounds {
        /// The claimed bounds.
        lower: i64,
        /// The claimed bounds.
        upper: i64,
    },
    /// The value is below the floor.
    Floor(i64),
    /// The closed-form value is not the value.
    ExactValue(i64),
    /// A search move or the hinted best move is not legal.
    IllegalMove(M),
    /// The best of the search moves is worth less than the value: a needed move was left out.
    SearchMoves {
        /// The best value over the moves kept.
        kept_best: i64,
    },
    /// The key after this move is not the key of the position after it.
    KeyAfter(M),
    /// The position shares its canonical key with another of another value (reached by
    /// these moves from the start).
    CanonicalKey(Vec<M>),
    /// The solver with the knowledge found another value.
    SolverValue(i64),
    /// The solver with the knowledge found other optimal moves.
    OptimalMoves(Vec<M>),
}

/// A position where a [`Knowledge`] and the plain search disagree.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Error)]
pub struct Disagreement<M: fmt::Debug> {
    /// The moves from the start position that reach it.
    pub moves: Vec<M>,
    /// Its value by plain negamax.
    pub value: i64,
    /// What the knowledge claimed.
    pub claim: Claim<M>,
}

impl<M: fmt::Debug> fmt::Display for Disagreement<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "after {:?} the value is {} but the knowledge claims {:?}",
            self.moves, self.value, self.claim
        )
    }
}

/// Why [`knowledge`] could not finish: a disagreement, or a position the plain search could
/// not value.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Error)]
pub enum CheckError<M: fmt::Debug> {
    /// The knowledge is wrong here.
    #[error("{0}")]
    Disagrees(Disagreement<M>),
    /// A solve failed (a game longer than the solver can count).
    #[error("the plain search failed: {0}")]
    Solve(#[from] crate::SolveError),
}

/// A small generator for the random games: the same seed, the same games.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        // Truncation is fine: a draw below n.
        (crate::game::mix64(self.0) % n as u64) as usize
    }
}

/// Checks `knowledge` against plain negamax on every position of random games from `start`
/// (see the [module](self)). Returns the first disagreement, with the moves that reach it.
///
/// # Errors
///
/// [`CheckError::Disagrees`] at the first position where a sound claim is false or a move is
/// illegal; [`CheckError::Solve`] if a solve fails.
pub fn knowledge<G, K>(start: &G, knowledge: &K, checks: &Checks) -> Result<(), CheckError<G::Move>>
where
    G: ScoringGame,
    K: Knowledge<G>,
{
    if G::POSITIONS_REPEAT {
        // Random play need not end, and the solvers refuse the game.
        return Err(CheckError::Solve(crate::SolveError::PositionsRepeat));
    }
    let config = SearchConfig::default().with_table_bytes(checks.table_bytes);
    let mut check = Check {
        knowledge,
        plain: Solver::with_config(config),
        hinted: Solver::with_config(config).with_knowledge(knowledge.clone()),
        canonical: std::collections::HashMap::new(),
    };
    let mut random = Random(checks.seed);
    for _ in 0..checks.games.max(1) {
        // The game's positions, each with the highest floor above it; position i is reached
        // by the first i moves.
        let mut path = vec![(start.clone(), None)];
        let mut moves = Vec::new();
        loop {
            let (position, floor) = path.last().expect("the start");
            let legal = position.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal[random.below(legal.len())];
            let floor = (*floor).max(knowledge.value_floor(position));
            moves.push(mv);
            path.push((position.after(mv), floor));
        }
        for (ply, (position, floor)) in path.iter().enumerate().rev() {
            check.position(position, &moves[..ply], *floor)?;
        }
    }
    Ok(())
}

/// The most plies of a random game [`repetition`] plays.
pub const REPETITION_PLIES: usize = 10_000;

/// Moves from a start that bring a position back: the game's positions repeat.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Error)]
#[error("the position after move {first} comes back after move {again}: {moves:?}")]
pub struct Repetition<M: fmt::Debug> {
    /// The moves from the start.
    pub moves: Vec<M>,
    /// How many of them reach the position the first time.
    pub first: usize,
    /// How many reach it again: all of them.
    pub again: usize,
}

/// Plays random games from `start` (as many as `checks` says, each at most
/// [`REPETITION_PLIES`] plies) and returns the first position that comes back in one of them,
/// with the moves that show it: a game that says its positions never repeat
/// ([`Game::POSITIONS_REPEAT`] is `false`) and has one contradicts its rules, and its
/// alpha-beta values can be wrong. Finding none proves nothing; the more games, the more
/// likely a repetition is seen.
///
/// # Errors
///
/// The first [`Repetition`] found.
///
/// # Examples
///
/// ```
/// use gamesolver::check::{self, Checks};
/// use gamesolver::games::prime::SmallPrimeGame;
///
/// // A number taken never comes back.
/// check::repetition(&SmallPrimeGame::new(12)?, &Checks::default())?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn repetition<G: Game>(start: &G, checks: &Checks) -> Result<(), Repetition<G::Move>> {
    repetition_before(start, checks, |_| false)
}

/// As [`repetition`], for a game whose positions repeat and a `knowledge` that says it
/// values every position that can ([`Knowledge::covers_repetitions`]): each random game stops
/// at the first position the knowledge values ([`Knowledge::exact_value`]), where a search
/// stops too, and a position that comes back before that is a cycle the knowledge leaves open.
/// Finding none proves nothing.
///
/// # Errors
///
/// The first [`Repetition`] found among the positions the knowledge does not value.
pub fn uncovered_repetition<G, K>(
    start: &G,
    knowledge: &K,
    checks: &Checks,
) -> Result<(), Repetition<G::Move>>
where
    G: ScoringGame,
    K: Knowledge<G>,
{
    repetition_before(start, checks, |position| {
        knowledge.exact_value(position).is_some()
    })
}

/// Random games from `start` that stop where `stop` says (or at the end, or after
/// [`REPETITION_PLIES`]): the first position that comes back in one of them.
fn repetition_before<G: Game>(
    start: &G,
    checks: &Checks,
    stop: impl Fn(&G) -> bool,
) -> Result<(), Repetition<G::Move>> {
    let mut random = Random(checks.seed);
    let mut moves = Vec::new();
    for _ in 0..checks.games.max(1) {
        let mut position = start.clone();
        let mut seen = std::collections::HashMap::from([(position.key(), 0)]);
        let mut played = Vec::new();
        if stop(&position) {
            continue;
        }
        while played.len() < REPETITION_PLIES {
            moves.clear();
            position.generate_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[random.below(moves.len())];
            position.play_unchecked(mv);
            played.push(mv);
            if stop(&position) {
                break;
            }
            if let Some(&first) = seen.get(&position.key()) {
                let again = played.len();
                return Err(Repetition {
                    moves: played,
                    first,
                    again,
                });
            }
            seen.insert(position.key(), played.len());
        }
    }
    Ok(())
}

/// The most indices [`unmoves`] checks: every index of a smaller game, else this many drawn
/// at random.
pub const UNMOVE_INDICES: u64 = 100_000;

/// A position whose moves and un-moves disagree: `moves` legal moves lead from the position
/// of index `from` to that of index `to`, and the un-moves of `to` list `from` `unmoves`
/// times (or an index is out of range).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
#[error(
    "{moves} moves lead from index {from} to index {to}, whose un-moves list it {unmoves} times"
)]
pub struct UnmoveMismatch {
    /// The parent's index.
    pub from: u64,
    /// The child's index.
    pub to: u64,
    /// Legal moves from the parent to the child.
    pub moves: usize,
    /// Times the child's un-moves list the parent.
    pub unmoves: usize,
}

/// Checks that an [`IndexedGame`]'s un-moves ([`IndexedGame::predecessors`]) are its moves
/// backwards: for each index checked (every one up to [`UNMOVE_INDICES`], else that many at
/// random, seeded by `checks`), each position it leads to lists it as often as moves lead
/// there, and each position it lists (where the game goes on) leads to it as often. The
/// retrograde solver trusts the un-moves; one that is missing or extra changes verdicts.
///
/// # Errors
///
/// The first [`UnmoveMismatch`].
pub fn unmoves<G: IndexedGame>(game: &G, checks: &Checks) -> Result<(), UnmoveMismatch> {
    let count = game.index_count();
    let mut random = Random(checks.seed);
    let sampled = count > UNMOVE_INDICES;
    for i in 0..count.min(UNMOVE_INDICES) {
        let index = if sampled {
            // Truncation is fine: a draw below the count.
            random.below(usize::try_from(count).unwrap_or(usize::MAX)) as u64
        } else {
            i
        };
        if let Some(position) = game.position_at(index) {
            moves_listed_back(game, &position)?;
            unmoves_played_forward(game, &position)?;
        }
    }
    Ok(())
}

/// The indices `position` leads to, one a legal move (none once the game has ended there).
fn children_of<G: IndexedGame>(position: &G) -> Vec<u64> {
    if position.ending().is_some() {
        return Vec::new();
    }
    let moves = position.legal_moves();
    moves.iter().map(|&mv| position.after(mv).index()).collect()
}

/// Each position `position` leads to lists it among its un-moves as often as moves lead there.
fn moves_listed_back<G: IndexedGame>(game: &G, position: &G) -> Result<(), UnmoveMismatch> {
    let (index, children) = (position.index(), children_of(position));
    for &to in &children {
        let unmoves = game.position_at(to).map_or(0, |child| {
            let mut back = Vec::new();
            child.predecessors(&mut back);
            back.iter().filter(|parent| parent.index() == index).count()
        });
        let moves = children.iter().filter(|&&c| c == to).count();
        if unmoves != moves {
            return Err(UnmoveMismatch {
                from: index,
                to,
                moves,
                unmoves,
            });
        }
    }
    Ok(())
}

/// Each position among `position`'s un-moves leads to it as often as it is listed.
fn unmoves_played_forward<G: IndexedGame>(game: &G, position: &G) -> Result<(), UnmoveMismatch> {
    let index = position.index();
    let mut parents = Vec::new();
    position.predecessors(&mut parents);
    // Un-moves may name positions where the game has ended: the solver skips them.
    parents.retain(|parent| parent.ending().is_none());
    let parents: Vec<u64> = parents.iter().map(IndexedGame::index).collect();
    for &from in &parents {
        let unmoves = parents.iter().filter(|&&p| p == from).count();
        let moves = game.position_at(from).map_or(0, |parent| {
            children_of(&parent)
                .iter()
                .filter(|&&to| to == index)
                .count()
        });
        if moves != unmoves {
            return Err(UnmoveMismatch {
                from,
                to: index,
                moves,
                unmoves,
            });
        }
    }
    Ok(())
}

/// The most positions searched below a position where the solver with the knowledge went
/// wrong, for the false fact behind it.
pub const LIE_SEARCH_POSITIONS: usize = 100_000;

/// The solvers of a check: plain, and with the knowledge; and the value of each canonical key
/// seen, with the moves to its first position.
struct Check<'k, G: ScoringGame, K> {
    knowledge: &'k K,
    plain: Solver<G, NoKnowledge>,
    hinted: Solver<G, K>,
    canonical: std::collections::HashMap<G::Key, (i64, Vec<G::Move>)>,
}

/// The first of the position's facts (bounds, floor, exact value, best move, keys after each
/// move) that the true `value` or the rules contradict.
fn false_fact<G: ScoringGame, K: Knowledge<G>>(
    position: &G,
    (value, floor_above): (i64, Option<i64>),
    knowledge: &K,
) -> Option<Claim<G::Move>> {
    let facts = knowledge.facts(position);
    if let Some(bounds) = &facts.bounds
        && !bounds.contains(&value)
    {
        return Some(Claim::Bounds {
            lower: *bounds.start(),
            upper: *bounds.end(),
        });
    }
    if let Some(floor) = knowledge.value_floor(position).max(floor_above)
        && value < floor
    {
        return Some(Claim::Floor(floor));
    }
    if let Some(exact) = knowledge.exact_value(position)
        && exact != value
    {
        return Some(Claim::ExactValue(exact));
    }
    if let Some(mv) = facts.best_move
        && position.check_move(mv).is_err()
    {
        return Some(Claim::IllegalMove(mv));
    }
    position
        .legal_moves()
        .into_iter()
        .find(|&mv| {
            let child = position.after(mv);
            let key = knowledge
                .canonical_key(&child)
                .unwrap_or_else(|| child.key());
            knowledge.key_after(position, mv) != key
        })
        .map(Claim::KeyAfter)
}

impl<G: ScoringGame, K: Knowledge<G>> Check<'_, G, K> {
    /// Checks one position reached by `moves` (`floor_above`: the highest floor claimed on the
    /// way), its facts first, then the solver with the knowledge; where that solver goes
    /// wrong, the false fact below ([`find_lie`](Self::find_lie)).
    fn position(
        &mut self,
        position: &G,
        moves: &[G::Move],
        floor_above: Option<i64>,
    ) -> Result<(), CheckError<G::Move>> {
        let truth = self.plain.solve(position)?;
        let value = truth.value;
        let fail = |claim| {
            Err(CheckError::Disagrees(Disagreement {
                moves: moves.to_vec(),
                value,
                claim,
            }))
        };
        if let Some(claim) = self.own_false_fact(position, (value, moves), floor_above)? {
            return fail(claim);
        }
        let consequence = match self.hinted.solve(position) {
            Ok(found) if found.value != value => Claim::SolverValue(found.value),
            Ok(found) if found.best_moves != truth.best_moves => {
                Claim::OptimalMoves(found.best_moves)
            }
            Ok(_) => return Ok(()),
            Err(crate::SolveError::Inconsistent { value: found }) => Claim::SolverValue(found),
            Err(error) => return Err(error.into()),
        };
        match self.find_lie(position, moves, floor_above)? {
            Some(lie) => Err(CheckError::Disagrees(lie)),
            None => fail(consequence),
        }
    }

    /// The first false fact of `position` itself, whose value is `value` and which `moves`
    /// reach: its facts, a canonical key shared with a position of another value, its search
    /// moves' legality, and whether they keep the value.
    fn own_false_fact(
        &mut self,
        position: &G,
        (value, moves): (i64, &[G::Move]),
        floor_above: Option<i64>,
    ) -> Result<Option<Claim<G::Move>>, CheckError<G::Move>> {
        if let Some(claim) = false_fact(position, (value, floor_above), self.knowledge) {
            return Ok(Some(claim));
        }
        if let Some(key) = self.knowledge.canonical_key(position) {
            let (seen, first) =
                (self.canonical.entry(key)).or_insert_with(|| (value, moves.to_vec()));
            if *seen != value {
                return Ok(Some(Claim::CanonicalKey(first.clone())));
            }
        }
        let mut kept = Vec::new();
        self.knowledge.search_moves(position, i64::MIN, &mut kept);
        let mut best = Vec::new();
        self.knowledge.best_moves(position, usize::MAX, &mut best);
        if let Some(&mv) = kept
            .iter()
            .chain(&best)
            .find(|&&mv| position.check_move(mv).is_err())
        {
            return Ok(Some(Claim::IllegalMove(mv)));
        }
        if !position.is_over() {
            let mut kept_best = i64::MIN;
            for &mv in &kept {
                let child = self.plain.value(&position.after(mv))?;
                kept_best = kept_best.max(position.move_value(mv, child));
            }
            if kept_best != value {
                return Ok(Some(Claim::SearchMoves { kept_best }));
            }
        }
        Ok(None)
    }

    /// The deepest false fact below `position` (reached by `moves`), by a search of the
    /// positions under it, children before parents, each once, up to
    /// [`LIE_SEARCH_POSITIONS`].
    fn find_lie(
        &mut self,
        position: &G,
        moves: &[G::Move],
        floor_above: Option<i64>,
    ) -> Result<Option<Disagreement<G::Move>>, CheckError<G::Move>> {
        let mut seen = std::collections::HashSet::new();
        // Each frame: a position, the moves to it, the floor above it, its moves left.
        let mut stack = vec![(
            position.clone(),
            moves.to_vec(),
            floor_above,
            position.legal_moves(),
        )];
        while let Some((current, path, floor, remaining)) = stack.last_mut() {
            if let Some(mv) = remaining.pop() {
                let child = current.after(mv);
                if seen.len() < LIE_SEARCH_POSITIONS && seen.insert(child.key()) {
                    let floor = (*floor).max(self.knowledge.value_floor(current));
                    let mut path = path.clone();
                    path.push(mv);
                    let moves = child.legal_moves();
                    stack.push((child, path, floor, moves));
                }
                continue;
            }
            let (current, path, floor, _) = stack.pop().expect("a frame");
            let value = self.plain.value(&current)?;
            if let Some(claim) = self.own_false_fact(&current, (value, &path), floor)? {
                return Ok(Some(Disagreement {
                    moves: path,
                    value,
                    claim,
                }));
            }
        }
        Ok(None)
    }
}
