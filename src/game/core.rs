//! `Game`: the rules of a two-player perfect-information game, its positions and legal moves.

use crate::game::TableKey;

/// A two-player perfect-information game: its positions, legal moves and how a move changes
/// the position.
///
/// Every value the crate computes is from the point of view of the side to move (negamax).
/// The players take turns, unless a scoring game says that a move keeps the turn
/// ([`ScoringGame::keeps_turn`](crate::ScoringGame::keeps_turn): in Kalah, a sowing that ends in
/// one's own store). A position need not record whose turn it is when nothing depends on it
/// but the point of view (keep it from the side to move's side, as
/// `games::kalah` does); where the rules do depend on it, the position and its key
/// hold it ([`TableKey`]: positions with one key play the same).
///
/// The rules only: three methods and a name are required, everything else is provided on top
/// of them. Moves from outside (a player's, a file's) are checked with the game's own error
/// by [`CheckedPlay`](crate::game::CheckedPlay), which a game adds where it takes such moves;
/// a game only searched or solved needs none. What a search may exploit beyond the rules
/// (bounds, dominated moves, a move order) is opt-in, in a [`Knowledge`](crate::Knowledge)
/// kept apart from the game. By default the search takes a position by copy-make (`clone`,
/// then [`play_unchecked`](Game::play_unchecked)), so keep positions small or cheap to clone.
/// A game whose positions are large can take moves back instead: it sets
/// [`CAN_UNDO`](Game::CAN_UNDO) and implements [`undo_unchecked`](Game::undo_unchecked), and
/// the searches then play and take back moves on one position (make/unmake), with the same
/// values, moves and node counts.
///
/// # Examples
///
/// A game of the user's own: a pile of counters, a move takes 1 or 2, and each counter taken
/// is a point for the mover. Implementing [`Game`] and
/// [`ScoringGame`](crate::ScoringGame) is all it takes to solve it; [`CheckedPlay`] says why
/// a move from outside is refused.
///
/// [`CheckedPlay`]: crate::game::CheckedPlay
///
/// ```
/// use gamesolver::{CheckedPlay, Game, Points, ScoringGame, Solver};
///
/// #[derive(Clone, Debug)]
/// struct Pile(u32);
///
/// #[derive(Debug)]
/// struct BadTake(u32);
///
/// impl std::fmt::Display for BadTake {
///     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
///         write!(f, "cannot take {} from the pile", self.0)
///     }
/// }
///
/// impl std::error::Error for BadTake {}
///
/// impl Game for Pile {
///     type Move = u32;
///     type Key = u64;
///     const NAME: &'static str = "a pile of counters";
///
///     fn generate_moves(&self, out: &mut Vec<u32>) {
///         out.extend((1..=2).filter(|&take| take <= self.0));
///     }
///     fn play_unchecked(&mut self, take: u32) {
///         self.0 -= take;
///     }
///     fn key(&self) -> u64 {
///         u64::from(self.0)
///     }
/// }
///
/// impl CheckedPlay for Pile {
///     type Error = BadTake;
///     fn check_move(&self, take: u32) -> Result<(), BadTake> {
///         if (1..=2).contains(&take) && take <= self.0 { Ok(()) } else { Err(BadTake(take)) }
///     }
/// }
///
/// impl ScoringGame for Pile {
///     fn points(&self, take: u32) -> Points {
///         Points { mover: u64::from(take), opponent: 0 }
///     }
/// }
///
/// let mut pile = Pile(5);
/// assert!(pile.play(3).is_err()); // rejected, and the pile is unchanged
/// let solution = Solver::new().solve(&pile)?;
/// assert_eq!(solution.value, 1); // 3 counters for the first player, 2 for the second
/// pile.play(solution.best_moves[0])?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Game: Clone + Send {
    /// A move. Small and `Copy`, so the search can keep it in tables; `Hash`, so it can learn
    /// which moves cut off; `Send` and `Sync`, as positions are, so searches can run on
    /// several threads; `'static`, so the table that threads share can tell a move that packs
    /// into a word (an unsigned integer of at most 32 bits).
    type Move: Copy + Eq + std::hash::Hash + std::fmt::Debug + Send + Sync + 'static;
    /// A key identifying the position for the solvers' tables: see [`TableKey`] for the
    /// contract (one rule for every solver: positions with the same key must play the same).
    type Key: TableKey;
    /// The game's name, written in every file the crate saves of it (a solver's results, a
    /// retrograde table) and checked when the file is read back, so that a file is never used
    /// for another game: the same in every program built from the game's source (a
    /// compiler's type name is not: it names the crate and module, and may change between
    /// compiler versions). Give each game its own, `"kalah"` say. Two types may share a name
    /// only where equal keys' [`words`](TableKey::words) stand for the same position in both
    /// (a board kept in masks of two widths).
    const NAME: &'static str;

    /// A number that tells this game's rule sets and sizes apart (a board's size, a
    /// variant), written in a saved file beside [`NAME`](Game::NAME) and checked when it is
    /// read back, so that a file is never used for other rules. 0 by default: one rule set.
    fn rules_id(&self) -> u64 {
        0
    }

    /// Appends every legal move to `out` (which the caller clears). Taking the buffer from the
    /// caller lets the search reuse one allocation per ply.
    fn generate_moves(&self, out: &mut Vec<Self::Move>);

    /// Plays a move known to be legal. The result of an illegal move is unspecified (it may
    /// panic or corrupt the position); use
    /// [`CheckedPlay::play`](crate::game::CheckedPlay::play) for moves from outside.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Whether [`undo_unchecked`](Game::undo_unchecked) is implemented. When it is, the
    /// searches play and take back moves on one position instead of copying it at every node.
    /// `false` by default: copy-make.
    const CAN_UNDO: bool = false;

    /// Whether a position can come back after some moves (pieces that move to and fro, a
    /// token on a graph with cycles). `false` by default: every line of play ends. The
    /// alpha-beta [`Solver`](crate::Solver) refuses a game that says `true`, as its table
    /// would give wrong values silently; the [`retrograde`](crate::retrograde) solver takes
    /// it. [`check::repetition`](crate::check::repetition) finds a repetition in a game that
    /// says `false`.
    const POSITIONS_REPEAT: bool = false;

    /// Takes back `mv`, the last move played by [`play_unchecked`](Game::play_unchecked) and
    /// not yet taken back, restoring the position exactly (its key included). The searches
    /// call it only when [`CAN_UNDO`](Game::CAN_UNDO) is `true`, and only in that last-in,
    /// first-out order.
    ///
    /// # Panics
    ///
    /// The default panics: a game that sets `CAN_UNDO` must implement it.
    ///
    /// # Examples
    ///
    /// ```
    /// use gamesolver::Game;
    /// use gamesolver::games::prime::PrimeGame;
    ///
    /// let mut game = PrimeGame::new(20)?;
    /// let start = game.clone();
    /// game.play_unchecked(12); // 12 leaves with 1, 2, 3, 4 and 6
    /// game.play_unchecked(19);
    /// game.undo_unchecked(19);
    /// game.undo_unchecked(12);
    /// assert_eq!(game, start);
    /// assert_eq!(game.key(), start.key());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn undo_unchecked(&mut self, mv: Self::Move) {
        let _ = mv;
        unimplemented!("a game that sets CAN_UNDO implements undo_unchecked")
    }

    /// The transposition-table key of the position.
    fn key(&self) -> Self::Key;

    /// Whether `mv` is legal here: by default, whether
    /// [`generate_moves`](Game::generate_moves) lists it. The searches ask it of a move from
    /// outside the search (a table's move under a symmetry, a move an engine is told of); a
    /// game that can tell more cheaply gives that, and it must agree.
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// The position after a legal move, leaving `self` as it is.
    #[must_use]
    fn after(&self, mv: Self::Move) -> Self {
        let mut child = self.clone();
        child.play_unchecked(mv);
        child
    }

    /// The legal moves, collected. The searches use
    /// [`generate_moves`](Game::generate_moves) with a reused buffer instead.
    fn legal_moves(&self) -> Vec<Self::Move> {
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        moves
    }

    /// Whether the game is over: no legal move is left.
    fn is_over(&self) -> bool {
        self.legal_moves().is_empty()
    }
}
