//! `Record`: a game played move by move from a position, with each side's score.

use crate::game::{CheckedPlay, Game, Player, Points, ScoringGame};
use std::fmt;

/// A game in progress from some position: the moves played, whose turn it is, and both
/// players' scores. Moves are checked; a rejected move changes nothing.
///
/// # Examples
///
/// The opening of the rules' example, n = 20: A takes 19, B takes 20.
///
/// ```
/// use gamesolver::{Player, Record};
/// use gamesolver::games::prime::PrimeGame;
///
/// let mut record = Record::new(PrimeGame::new(20)?);
/// record.play(19)?;
/// record.play(20)?;
/// assert_eq!((record.score(Player::First), record.score(Player::Second)), (40, 21));
/// assert!(record.play(10).is_err());
/// assert_eq!(record.to_string(), "A 19 (19:1), B 20 (40:21)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Record<G: Game> {
    position: G,
    /// Each move with the points it gave and who played it.
    moves: Vec<(G::Move, Points, Player)>,
    scores: [u64; 2],
    to_move: Player,
}

impl<G: ScoringGame> Record<G> {
    /// A record starting from `position`, the first player to move.
    pub fn new(position: G) -> Self {
        Self {
            position,
            moves: Vec::new(),
            scores: [0, 0],
            to_move: Player::First,
        }
    }

    /// Plays a move for the side to move and credits both sides.
    ///
    /// # Errors
    ///
    /// The game's error for an illegal move; the record is then unchanged.
    pub fn play(&mut self, mv: G::Move) -> Result<Points, G::Error>
    where
        G: CheckedPlay,
    {
        self.position.check_move(mv)?;
        let points = self.position.points(mv);
        let keeps = self.position.keeps_turn(mv);
        self.position.play_unchecked(mv);
        let mover = self.to_move;
        self.credit(mover, points.mover);
        self.credit(mover.other(), points.opponent);
        self.moves.push((mv, points, mover));
        if !keeps {
            self.to_move = mover.other();
        }
        Ok(points)
    }

    fn credit(&mut self, player: Player, points: u64) {
        let score = &mut self.scores[player as usize];
        *score = score.saturating_add(points);
    }

    /// The current position.
    pub fn position(&self) -> &G {
        &self.position
    }

    /// The moves played so far, each with the points it gave.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = (G::Move, Points)> + '_ {
        self.moves.iter().map(|&(mv, points, _)| (mv, points))
    }

    /// The moves played so far, each with the points it gave and the player who played it
    /// (the same player twice in a row where a move kept the turn).
    pub fn plays(&self) -> impl ExactSizeIterator<Item = (G::Move, Points, Player)> + '_ {
        self.moves.iter().copied()
    }

    /// A player's score so far.
    pub fn score(&self, player: Player) -> u64 {
        self.scores[player as usize]
    }

    /// The first player's score minus the second's, in the same type as every value the
    /// solvers report (`i64`, saturating as [`Points::margin`] does).
    pub fn margin(&self) -> i64 {
        Points {
            mover: self.scores[0],
            opponent: self.scores[1],
        }
        .margin()
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.position.is_over()
    }

    /// The winner of a finished game, `None` for a draw or a game still going.
    pub fn winner(&self) -> Option<Player> {
        // The scores themselves, so that even scores past i64 decide rightly.
        match self.scores[0].cmp(&self.scores[1]) {
            _ if !self.is_over() => None,
            std::cmp::Ordering::Greater => Some(Player::First),
            std::cmp::Ordering::Less => Some(Player::Second),
            std::cmp::Ordering::Equal => None,
        }
    }
}

impl<G: ScoringGame> fmt::Display for Record<G>
where
    G::Move: fmt::Display,
{
    /// Each move as `player move (score A:score B)`, comma-separated.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut scores = [0u64; 2];
        for (i, (mv, points, mover)) in self.plays().enumerate() {
            scores[mover as usize] = scores[mover as usize].saturating_add(points.mover);
            let other = mover.other() as usize;
            scores[other] = scores[other].saturating_add(points.opponent);
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{mover} {mv} ({}:{})", scores[0], scores[1])?;
        }
        Ok(())
    }
}
