//! `Numbering`: a [`WinLossGame`]'s positions numbered densely, for the retrograde solver's
//! indexed path ([`Retrograde::solve_indexed`](crate::retrograde::Retrograde::solve_indexed)).

use crate::game::WinLossGame;

/// A numbering of a [`WinLossGame`]'s positions, densely, `0..index_count()`: the retrograde
/// solver's path for large games
/// ([`Retrograde::solve_indexed`](crate::retrograde::Retrograde::solve_indexed)), which keeps
/// a few bytes an index and no graph, as endgame tablebase generators do. The game-wide
/// numbering is asked of this type, not of a position, so one game may be numbered more than
/// one way (Dobutsu shogi: every position, or up to the mirror), and a table is named by its
/// numbering ([`NAME`](Self::NAME)).
///
/// Every position has one index, and an index may name none (a number the encoding leaves
/// unused, or an illegal placement). Positions equal up to a symmetry of the game (a mirror)
/// may share an index, a *class*, which [`position_at`](Self::position_at) answers with one of
/// them: the solver then holds a class once. Un-moves must follow the classes (see
/// [`predecessors`](Self::predecessors)). Given the positions that lead into a position (the
/// un-moves), the solver goes backwards from the ends; without them it sweeps every index
/// once a ply. [`check::unmoves`](crate::check::unmoves) tests that the numbering gives each
/// index back and that the un-moves match the moves.
///
/// # Examples
///
/// A token on a ring of five points and a dead end (as in [`WinLossGame`]'s example),
/// numbered by its point, with un-moves.
///
/// ```
/// use gamesolver::retrograde::Retrograde;
/// use gamesolver::{Game, Numbering, Verdict, WinLossGame, check};
///
/// #[derive(Clone, Debug)]
/// struct Ring(u8);
///
/// impl Game for Ring {
///     type Move = u8;
///     type Key = u8;
///     const NAME: &'static str = "a token on a ring";
///     const POSITIONS_REPEAT: bool = true;
///
///     fn generate_moves(&self, out: &mut Vec<u8>) {
///         match self.0 {
///             0 => out.extend([1, 5]),
///             5 => {}
///             p => out.push((p + 1) % 5),
///         }
///     }
///     fn play_unchecked(&mut self, to: u8) { self.0 = to; }
///     fn key(&self) -> u8 { self.0 }
/// }
///
/// impl WinLossGame for Ring {}
///
/// struct ByPoint;
///
/// impl Numbering for ByPoint {
///     type Game = Ring;
///     const NAME: &'static str = "a token on a ring, by its point";
///     const HAS_PREDECESSORS: bool = true;
///
///     fn index_count(&self) -> u64 { 6 }
///     fn index(&self, ring: &Ring) -> u64 { u64::from(ring.0) }
///     fn position_at(&self, index: u64) -> Option<Ring> { u8::try_from(index).ok().map(Ring) }
///     fn predecessors(&self, ring: &Ring, out: &mut Vec<Ring>) {
///         // The one move into each point: from the point before it (the dead end from 0).
///         match ring.0 {
///             1 | 5 => out.push(Ring(0)),
///             0 => out.push(Ring(4)),
///             p => out.push(Ring(p - 1)),
///         }
///     }
/// }
///
/// check::unmoves(&ByPoint, &check::Checks::default())?;
/// let table = Retrograde::new().solve_indexed(&ByPoint)?;
/// assert_eq!(table.value(&ByPoint, &Ring(0)).map(|v| v.verdict), Some(Verdict::Win));
/// assert_eq!(table.value(&ByPoint, &Ring(5)).map(|v| v.verdict), Some(Verdict::Loss));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Numbering {
    /// The game numbered.
    type Game: WinLossGame;

    /// The numbering's name, written in a saved table and checked when it is read back, so
    /// that a table is never used for another game or another numbering of it: the same in
    /// every program built from the game's source. Give each numbering its own,
    /// `"dobutsu shogi up to mirror"` say.
    const NAME: &'static str;

    /// A number that tells the game's rule sets and sizes apart (a board's size, a variant),
    /// written in a saved table with the index count and checked when it is read back. 0 by
    /// default: one rule set.
    fn rules_id(&self) -> u64 {
        0
    }

    /// The number of indices: every position's index is below it.
    fn index_count(&self) -> u64;

    /// The index of `position`, below [`index_count`](Self::index_count).
    fn index(&self, position: &Self::Game) -> u64;

    /// The position of `index`, or `None` if it names none (or is past the count).
    fn position_at(&self, index: u64) -> Option<Self::Game>;

    /// Whether [`predecessors`](Self::predecessors) is implemented. `false` by default.
    const HAS_PREDECESSORS: bool = false;

    /// Appends to `out` every position from which a legal move leads to `position`, once for
    /// each such move (two moves from one position to this one: twice). Asked only when
    /// [`HAS_PREDECESSORS`](Self::HAS_PREDECESSORS) is `true`. A position where the game has
    /// ended has no moves, so it is no predecessor; the list may still name such positions
    /// (the solver decides them before it asks, and skips them), so un-moves need not test
    /// the rules' endings.
    ///
    /// With classes (positions equal up to a symmetry sharing an index), "this one" is the
    /// class: list each position once for each of its moves *into the class*. Un-moving this
    /// position alone is not enough. Say a board has a mirror σ, and a position X that is its
    /// own mirror has two moves, to R and to σR, one class. Un-moving R finds X once (through
    /// X → R), but X has two moves into the class: it must be listed twice, or the solver,
    /// which counts a parent's moves down as their children are lost to it, never counts X's
    /// second move down and reads a loss as a draw. A parent that is not its own mirror comes
    /// out right by itself (X → R and σX → R are found as two positions of one class). One
    /// recipe that holds in every case: for each distinct parent class the un-moves find,
    /// list it as many times as its moves lead into this class (play them and compare
    /// indices). [`check::unmoves`](crate::check::unmoves) counts by index and finds the
    /// mistake.
    fn predecessors(&self, position: &Self::Game, out: &mut Vec<Self::Game>) {
        let _ = (position, out);
    }
}
