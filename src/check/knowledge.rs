//! [`knowledge`]: a game's knowledge against plain negamax, and the lie named where the
//! solver with the knowledge goes wrong.

use super::{Checks, Random};
use crate::game::{Knowledge, NoKnowledge, ScoringGame};
use crate::search::{SearchConfig, Solver};
use std::fmt;
use thiserror::Error;

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
    /// The rules disagree with themselves: for this move
    /// [`margin_and_turn`](ScoringGame::margin_and_turn) answers `together`, while
    /// [`margin`](ScoringGame::margin) and [`keeps_turn`](ScoringGame::keeps_turn) answer
    /// `apart`. Every search asks the first, so the values follow it, whatever the other two
    /// say.
    MarginAndTurn {
        /// The move.
        mv: M,
        /// The margin and the turn of `margin_and_turn`.
        together: (i64, bool),
        /// The margin and the turn of `margin` and `keeps_turn`.
        apart: (i64, bool),
    },
    /// The rules disagree with themselves: [`play_and_score`](ScoringGame::play_and_score)
    /// of this move gives another position (by key) or other answers than
    /// [`margin_and_turn`](ScoringGame::margin_and_turn) and then
    /// [`play_unchecked`](crate::game::Game::play_unchecked). The searches play a game's
    /// moves so where it sets [`SCORES_BY_PLAYING`](ScoringGame::SCORES_BY_PLAYING).
    PlayAndScore(M),
    /// The rules disagree with themselves: [`Game::is_legal`](crate::game::Game::is_legal)
    /// says this move is legal here and the moves generated leave it out, or the other way
    /// round. The searches trust `is_legal` with a move from outside the search (a table's
    /// move under a canonical key), so a lie plays an illegal move.
    IsLegal {
        /// The move.
        mv: M,
        /// What `is_legal` says.
        says: bool,
    },
    /// The knowledge says its search moves leave nothing out by the threshold
    /// ([`Knowledge::leaves_out_by_threshold`] is `false`), yet asked with this threshold
    /// they leave out this move, which they give without one.
    LeftOutByThreshold {
        /// The threshold asked.
        threshold: i64,
        /// The move left out.
        mv: M,
    },
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

/// Checks `knowledge` against plain negamax on every position of random games from `start`
/// (see the [module](crate::check)). Returns the first disagreement, with the moves that reach it.
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
            // The moves of the position before, to probe `is_legal` with moves not legal here.
            let probes = ply
                .checked_sub(1)
                .map(|before| path[before].0.legal_moves());
            let reached = (&moves[..ply], probes.as_deref().unwrap_or_default());
            check.position(position, reached, *floor)?;
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
/// The first legal move whose [`margin_and_turn`](ScoringGame::margin_and_turn) is not its
/// [`margin`](ScoringGame::margin) and [`keeps_turn`](ScoringGame::keeps_turn) (a game that
/// answers both in one pass must give the same two answers), or whose
/// [`play_and_score`](ScoringGame::play_and_score) is not `margin_and_turn` and the move
/// played; else the first move of `probes`
/// (the legal moves and those of the position before) on which
/// [`Game::is_legal`](crate::game::Game::is_legal) and the moves generated disagree.
fn rules_disagree<G: ScoringGame>(position: &G, probes: &[G::Move]) -> Option<Claim<G::Move>> {
    let legal = position.legal_moves();
    let is_legal = probes.iter().chain(&legal).find_map(|&mv| {
        let says = position.is_legal(mv);
        (says != legal.contains(&mv)).then_some(Claim::IsLegal { mv, says })
    });
    legal
        .into_iter()
        .find_map(|mv| {
            let together = position.margin_and_turn(mv);
            let apart = (position.margin(mv), position.keeps_turn(mv));
            if together != apart {
                return Some(Claim::MarginAndTurn {
                    mv,
                    together,
                    apart,
                });
            }
            let mut played = position.clone();
            let scored = played.play_and_score(mv);
            (scored != together || played.key() != position.after(mv).key())
                .then_some(Claim::PlayAndScore(mv))
        })
        .or(is_legal)
}

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
        && !position.is_legal(mv)
    {
        return Some(Claim::IllegalMove(mv));
    }
    if let Some(claim) = threshold_lie(position, knowledge) {
        return Some(claim);
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

/// For knowledge that says its search moves leave nothing out by the threshold, a threshold
/// (each margin of its moves) at which they leave out a move.
fn threshold_lie<G: ScoringGame, K: Knowledge<G>>(
    position: &G,
    knowledge: &K,
) -> Option<Claim<G::Move>> {
    if knowledge.leaves_out_by_threshold() {
        return None;
    }
    let mut every = Vec::new();
    knowledge.search_moves(position, i64::MIN, &mut every);
    let mut kept = Vec::new();
    every.iter().find_map(|&by| {
        let threshold = position.margin(by);
        kept.clear();
        knowledge.search_moves(position, threshold, &mut kept);
        (every.iter().find(|mv| !kept.contains(mv)))
            .map(|&mv| Claim::LeftOutByThreshold { threshold, mv })
    })
}

impl<G: ScoringGame, K: Knowledge<G>> Check<'_, G, K> {
    /// Checks one position reached by `moves` (`floor_above`: the highest floor claimed on the
    /// way), its facts first, then the solver with the knowledge; where that solver goes
    /// wrong, the false fact below ([`find_lie`](Self::find_lie)).
    fn position(
        &mut self,
        position: &G,
        (moves, probes): (&[G::Move], &[G::Move]),
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
        if let Some(claim) = rules_disagree(position, probes) {
            return fail(claim);
        }
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
        self.knowledge
            .promising_moves(position, usize::MAX, &mut best);
        if let Some(&mv) = kept.iter().chain(&best).find(|&&mv| !position.is_legal(mv)) {
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
