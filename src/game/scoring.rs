//! `ScoringGame`: the points a move hands out, and `Points`.

use crate::game::Game;

/// The points one move gives to each side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Points {
    /// Points for the side that moves.
    pub mover: u64,
    /// Points for the other side.
    pub opponent: u64,
}

impl Points {
    /// Mover's points minus opponent's points.
    ///
    /// Saturates at the ends of `i64`, which no real game comes near (PrimeGame with a million
    /// numbers totals about 5 * 10^11).
    #[must_use]
    pub fn margin(self) -> i64 {
        let mover = i64::try_from(self.mover).unwrap_or(i64::MAX);
        let opponent = i64::try_from(self.opponent).unwrap_or(i64::MAX);
        mover.saturating_sub(opponent)
    }
}

/// A zero-sum scoring game: every move gives points to one side or both, and the game ends
/// when no move is left.
///
/// The value of a position is the best future score margin (mover minus opponent) the side
/// to move can force. Implementing this one method on top of [`Game`] gives the exact
/// [`Solver`](crate::Solver) and the search [`Engine`](crate::Engine), on any number of
/// threads; what else a search may exploit goes in a [`Knowledge`](crate::Knowledge).
///
/// A game whose results are only win, draw or loss scores the last move 1 for a win, and
/// nothing otherwise: its values are then 1, 0 and -1 (see [`Outcome`](crate::Outcome) for
/// impartial games).
///
/// # A mover who moves again
///
/// In some games a move can keep the turn: in Kalah a sowing that ends in one's own store, in
/// Dots and Boxes a line that completes a box. Such a game says so move by move in
/// [`keeps_turn`](Self::keeps_turn); the searches then count the next position's value for
/// the mover instead of against it, and its moves are the same side's. As for any game
/// ([`Game`]), a position kept from the side to move's point of view need not record whose
/// turn it is (Kalah's is kept so: its pits turn round when the turn passes); one whose rules
/// depend on the side holds it, in its key too ([`TableKey`](crate::TableKey): positions
/// with one key play the same). The value is always the side to move's. A game whose moves
/// always pass the turn leaves the method alone and pays nothing for it.
///
/// What a move scores and whether it keeps the turn have one source each, `points` and
/// `keeps_turn`; [`margin_and_turn`](Self::margin_and_turn), which the searches ask, may
/// answer both in one pass but must agree with them, and
/// [`check::knowledge`](crate::check::knowledge) holds it to that on every position it
/// checks.
pub trait ScoringGame: Game {
    /// The points a legal move gives each side.
    fn points(&self, mv: Self::Move) -> Points;

    /// Whether the side that plays the legal move `mv` moves again after it (the turn does
    /// not pass). `false` by default: every move passes the turn.
    fn keeps_turn(&self, mv: Self::Move) -> bool {
        let _ = mv;
        false
    }

    /// The value of playing the legal move `mv` here, given `next`, the value of the
    /// position it leads to for that position's side to move: the move's margin, plus `next`
    /// if the mover moves again ([`keeps_turn`](Self::keeps_turn)), else minus `next`.
    /// Saturating.
    fn move_value(&self, mv: Self::Move, next: i64) -> i64 {
        let (margin, keeps_turn) = self.margin_and_turn(mv);
        if keeps_turn {
            margin.saturating_add(next)
        } else {
            margin.saturating_sub(next)
        }
    }

    /// The move's margin for the mover: [`Points::margin`] of [`points`](ScoringGame::points).
    fn margin(&self, mv: Self::Move) -> i64 {
        self.points(mv).margin()
    }

    /// The legal move's [`margin`](Self::margin) and whether it
    /// [keeps the turn](Self::keeps_turn), together: what the searches ask of every move they
    /// look at. By default the two methods; a game that finds both in one pass (a sowing, the
    /// boxes a line completes) answers both at once, and must give the same two answers.
    fn margin_and_turn(&self, mv: Self::Move) -> (i64, bool) {
        (self.margin(mv), self.keeps_turn(mv))
    }

    /// **Hint.** Whether a move's margin is found by playing it (Kalah's sowing), so that
    /// [`play_and_score`](Self::play_and_score) costs about what
    /// [`margin_and_turn`](Self::margin_and_turn) does. The searches then make each child
    /// once, as they order a node's moves, keep it (with its table key) for its search, and
    /// ask the memory for its table entry ahead, so that the misses of a large table overlap.
    /// It pays where a margin costs a move: Kalah(5,4) rules only went from 0.85 to 0.97
    /// times the speed of a hand-written turn-a-move search (BENCHMARKS.md). Where a margin
    /// is a cheap look, the children a cut leaves unsearched cost more than the misses save:
    /// Dots and Boxes no faster with its rules alone and 13 to 20% slower with its symmetries
    /// (BENCHMARKS.md, "Kalah"). A lie costs time, never a value. `false` by default.
    const SCORES_BY_PLAYING: bool = false;

    /// Plays the legal move `mv` and returns what [`margin_and_turn`](Self::margin_and_turn)
    /// gave before it: one pass where a game finds both together. By default the two steps;
    /// a game that overrides it must give the same position and the same two answers
    /// ([`check::knowledge`](crate::check::knowledge) holds it to that).
    fn play_and_score(&mut self, mv: Self::Move) -> (i64, bool) {
        let scored = self.margin_and_turn(mv);
        self.play_unchecked(mv);
        scored
    }
}
