//! `Knowledge`: what a search may exploit beyond the rules (bounds, exact values, move order,
//! left-out moves), each item sound or a hint; `Facts` and `NoKnowledge`.

use crate::game::ScoringGame;
use std::ops::RangeInclusive;

/// What is known of one position without searching it: proven bounds on its value and a move
/// worth trying first.
///
/// # Examples
///
/// ```
/// use gamesolver::Facts;
///
/// let facts: Facts<u32> = Facts { bounds: Some(0..=6), best_move: Some(7) };
/// assert_eq!(facts.exact(), None);
/// assert_eq!(Facts::<u32>::exactly(4).exact(), Some(4));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Facts<M> {
    /// **Sound.** Proven bounds `lower..=upper` on the value for the side to move, or `None`.
    pub bounds: Option<RangeInclusive<i64>>,
    /// **Hint.** A move to try first (it should be legal and is best the one of largest
    /// margin), or `None`.
    pub best_move: Option<M>,
}

impl<M> Default for Facts<M> {
    fn default() -> Self {
        Self {
            bounds: None,
            best_move: None,
        }
    }
}

impl<M> Facts<M> {
    /// The value is known: `value..=value`.
    #[must_use]
    pub fn exactly(value: i64) -> Self {
        Self {
            bounds: Some(value..=value),
            best_move: None,
        }
    }

    /// The value, when the bounds meet.
    #[must_use]
    pub fn exact(&self) -> Option<i64> {
        self.bounds
            .as_ref()
            .filter(|bounds| bounds.start() == bounds.end())
            .map(|bounds| *bounds.start())
    }
}

/// What a search may exploit about a scoring game beyond its rules: opt-in, and kept apart
/// from the rules ([`Game`](crate::Game), [`ScoringGame`]) as an [`Evaluator`](crate::Evaluator) is.
///
/// Every item is provided; a game's knowledge overrides what it can prove or guess. Each says
/// in its first line whether it is:
/// - **sound**: the searches rely on it, and a wrong answer silently changes computed values;
/// - a **hint**: a wrong answer only costs time (or, for the engine's forward pruning, play
///   strength), never an exact value.
///
/// A search without knowledge uses [`NoKnowledge`]; with it, pass the value to
/// [`Solver::with_knowledge`](crate::Solver::with_knowledge) or
/// [`Engine::with_knowledge`](crate::Engine::with_knowledge). Check it against a plain search
/// with [`check::knowledge`](crate::check::knowledge) in your tests.
///
/// # Examples
///
/// A pile of counters, a move takes 1 or 2, each counter a point for the mover: the value is
/// never negative and never more than the counters left. The bounds are proven, so they are
/// sound; the checker confirms them against a plain search.
///
/// ```
/// use gamesolver::{check, Facts, Game, Knowledge, Points, ScoringGame, Solver};
///
/// #[derive(Clone, Debug)]
/// struct Pile(u32);
///
/// impl Game for Pile {
///     type Move = u32;
///     type Key = u32;
///     const NAME: &'static str = "a pile of counters";
///     fn generate_moves(&self, out: &mut Vec<u32>) {
///         out.extend((1..=2).filter(|&take| take <= self.0));
///     }
///     fn play_unchecked(&mut self, take: u32) { self.0 -= take; }
///     fn key(&self) -> u32 { self.0 }
/// }
///
/// impl ScoringGame for Pile {
///     fn points(&self, take: u32) -> Points { Points { mover: u64::from(take), opponent: 0 } }
/// }
///
/// #[derive(Clone)]
/// struct PileBounds;
///
/// impl Knowledge<Pile> for PileBounds {
///     fn facts(&self, pile: &Pile) -> Facts<u32> {
///         Facts { bounds: Some(0..=i64::from(pile.0)), best_move: None }
///     }
/// }
///
/// check::knowledge(&Pile(9), &PileBounds, &check::Checks::default())?;
/// let solution = Solver::new().with_knowledge(PileBounds).solve(&Pile(9))?;
/// assert_eq!(solution.value, 1); // 5 counters for the first player, 4 for the second
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Knowledge<G: ScoringGame>: Clone + Send + Sync {
    /// **Sound.** A lower bound on the value of `position` and of every position that can
    /// follow it, or `None` (the default). The search then skips, all at once, the moves that
    /// pass the turn and whose margin minus this floor cannot reach its window. It may depend
    /// on the knowledge's own instance (a board's size) and on the position (what is left to
    /// play). A floor above some value makes the searches skip moves they need.
    fn value_floor(&self, position: &G) -> Option<i64> {
        let _ = position;
        None
    }

    /// **Sound** bounds, and a **hint** of a move. Asked at every node before the table: a
    /// node whose bounds decide its window returns at once, and the move goes first, before
    /// the others are generated. Bounds that miss the value give wrong answers; keep this
    /// cheap, and put a costly closed form in [`exact_value`](Self::exact_value).
    fn facts(&self, position: &G) -> Facts<G::Move> {
        let _ = position;
        Facts::default()
    }

    /// **Sound.** For a game with chance: bounds on the expected value of `position` finer
    /// than [`facts`](Self::facts)' whole numbers, or `None` (the default). The exact chance
    /// solver ([`ChanceSolver::with_knowledge`](crate::chance::ChanceSolver::with_knowledge))
    /// narrows each node's window by them as by the others; no other search asks. They must
    /// hold exactly: bounds worked out in floating point are widened by their rounding error
    /// (a lie changes the exact values). In floating point, bounds within
    /// [`Expectation::same`](crate::chance::Expectation::same) of each other are taken as the
    /// value (their lower side), as whole bounds that meet are.
    /// [`check::chance_knowledge`](crate::check::chance_knowledge) names a position whose
    /// value lies outside them.
    fn expected_bounds(&self, position: &G) -> Option<RangeInclusive<f64>> {
        let _ = position;
        None
    }

    /// **Sound.** The exact value in closed form (say, once only independent moves are
    /// left), or `None`. Asked after the table misses; a wrong value is taken as it is.
    fn exact_value(&self, position: &G) -> Option<i64> {
        let _ = position;
        None
    }

    /// **Sound.** Appends to `out` (which the caller clears) the moves a search has to try, in
    /// the order to try them: every legal move but those proven no better than one kept, and
    /// those that pass the turn with a margin of at most `threshold` may be left out too (the
    /// search asks so when no smaller margin can matter). Never empty while a move of margin above `threshold` is
    /// legal. Leaving out a move that was needed changes values. The default: every legal
    /// move, in the game's order.
    fn search_moves(&self, position: &G, threshold: i64, out: &mut Vec<G::Move>) {
        let _ = threshold;
        position.generate_moves(out);
    }

    /// **Sound.** Whether [`search_moves`](Self::search_moves) may leave out moves by its
    /// `threshold`: `true`, the default, whatever it does. `false` promises that it never
    /// does (the default `search_moves` does not): the search then leaves such moves out
    /// itself, knowing their margins, and a node whose moves cannot beat its window returns
    /// the tightest upper bound the floor gives, where it would return the window's lower side
    /// (a stronger table entry). A `false` from knowledge that leaves moves out by the
    /// threshold gives wrong values; [`check::knowledge`](crate::check::knowledge) names it.
    fn leaves_out_by_threshold(&self) -> bool {
        true
    }

    /// **Hint.** Appends to `out` (which the caller clears) at most `limit` search moves, the
    /// most promising first, so that the engine's forward pruning on large positions need not
    /// generate the rest. A poor choice only weakens the engine's play on such positions; the
    /// exact solver never asks. The default sorts the search moves by margin.
    fn promising_moves(&self, position: &G, limit: usize, out: &mut Vec<G::Move>) {
        let start = out.len();
        self.search_moves(position, i64::MIN, out);
        // A stable sort: ties keep the game's order.
        out[start..].sort_by_key(|&mv| std::cmp::Reverse(position.margin(mv)));
        out.truncate(start.saturating_add(limit));
    }

    /// **Sound.** The key the search stores `position` under when it is not the game's own
    /// [`key`](crate::Game::key): a *canonical* key, the same for every position equal to this
    /// one up to a symmetry of the rules (a board's reflections, say), so that the table holds
    /// one entry for all of them. `None` (the default): the game's key.
    ///
    /// Positions that share a canonical key must have the same value, as images of each other
    /// under a symmetry do; their moves differ, so a move read back from the table is checked
    /// ([`Game::is_legal`](crate::game::Game::is_legal)) before the search plays it, and it only
    /// orders the moves. [`check::knowledge`](crate::check::knowledge) compares the values of
    /// positions that share a canonical key.
    fn canonical_key(&self, position: &G) -> Option<G::Key> {
        let _ = position;
        None
    }

    /// **Sound.** The key of the position after the legal move `mv`, without playing it (the
    /// search asks for children's keys when it looks for table cut-offs): the canonical key
    /// ([`canonical_key`](Self::canonical_key)) if there is one, else the game's. A wrong key
    /// reads another position's values. The default plays the move on a copy.
    fn key_after(&self, position: &G, mv: G::Move) -> G::Key {
        let mut child = position.clone();
        child.play_unchecked(mv);
        self.canonical_key(&child).unwrap_or_else(|| child.key())
    }

    /// **Sound.** Whether every cycle of moves passes through a position that
    /// [`exact_value`](Self::exact_value) values, so that a search stops there and never goes
    /// round a cycle. The solvers then take a game whose positions repeat
    /// ([`Game::POSITIONS_REPEAT`](crate::Game::POSITIONS_REPEAT)): the positions they
    /// expand form no cycle, so negamax with a table is sound there, as in a game that ends.
    /// A solved endgame table says so
    /// ([`TablebaseKnowledge::covering_repetitions`](crate::retrograde::TablebaseKnowledge::covering_repetitions)).
    /// `false` by default. Saying so wrongly lets a search go round a cycle and give wrong
    /// values; [`check::uncovered_repetition`](crate::check::uncovered_repetition) looks for a
    /// cycle the knowledge leaves open.
    fn covers_repetitions(&self) -> bool {
        false
    }

    /// **Hint.** Whether a search of `position` should take moves back
    /// ([`Game::undo_unchecked`](crate::Game::undo_unchecked)) rather than copy the position at every node; asked once a
    /// search, and only of a game that can undo. Yes by default; a game whose small positions
    /// copy faster than they undo says no for those.
    fn undo_pays(&self, position: &G) -> bool {
        let _ = position;
        true
    }
}

/// Knowledge of nothing: the search finds everything by itself. Every value is the plain
/// negamax value of the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct NoKnowledge;

impl<G: ScoringGame> Knowledge<G> for NoKnowledge {}
