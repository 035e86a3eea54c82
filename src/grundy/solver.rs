use crate::game::{Game, ImpartialGame, PlayConvention};
use crate::grundy::{Outcome, mex};
use std::collections::HashMap;
use thiserror::Error;

/// The default memo limit of an [`ImpartialSolver`]: 2^22 positions.
pub const DEFAULT_MEMO_LIMIT: usize = 1 << 22;

/// Why an impartial solve gave no answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
pub enum ImpartialError {
    /// The memo reached its size limit before the answer was known.
    #[error("the memo reached its limit of {limit} positions")]
    MemoFull {
        /// The limit.
        limit: usize,
    },
    /// Grundy values are a normal-play notion; the solver plays misère.
    #[error("Grundy values need normal play; this solver uses misère play")]
    GrundyNeedsNormalPlay,
}

/// An exact solver for any [`ImpartialGame`] by memoized search: outcomes under normal or
/// misère play, winning moves, and Grundy values under normal play.
///
/// The memo is keyed by [`Game::key`], which must identify positions exactly (two positions
/// with one key must play the same), and holds at most a set number of positions, the ones on
/// the current search path included. The search is iterative, so long games do not overflow
/// the stack.
///
/// # Examples
///
/// ```
/// use gamesolver::games::subtraction::{SubtractionGame, Take};
/// use gamesolver::grundy::{ImpartialSolver, Outcome};
/// use gamesolver::{Game, PlayConvention};
///
/// let game = SubtractionGame::default(); // 1, 3, 5, 7; k = 3; misère
/// let mut solver = ImpartialSolver::new(PlayConvention::Misere);
/// assert_eq!(solver.outcome(&game)?, Outcome::P); // the player to move loses
/// assert!(solver.winning_moves(&game)?.is_empty());
///
/// let mut game = game;
/// game.play(Take { heap: 3, count: 1 }).unwrap(); // 1, 3, 5, 6
/// let winning: Vec<String> = solver.winning_moves(&game)?.iter().map(|m| m.to_string()).collect();
/// assert_eq!(winning, ["1:1", "2:1", "3:1", "4:3"]); // heap:take, heaps counted from 1
/// # Ok::<(), gamesolver::grundy::ImpartialError>(())
/// ```
#[derive(Debug, Clone)]
pub struct ImpartialSolver<G: Game> {
    convention: PlayConvention,
    /// Normal play: the Grundy value. Misère: 1 if the mover wins, else 0.
    memo: HashMap<G::Key, u32>,
    limit: usize,
}

/// A position being searched: its moves and what its children were found to be worth.
struct Frame<G: Game> {
    position: G,
    moves: Vec<G::Move>,
    next: usize,
    children: Vec<u32>,
}

impl<G: ImpartialGame> ImpartialSolver<G> {
    /// A solver for one play convention, with a memo of [`DEFAULT_MEMO_LIMIT`] positions.
    #[must_use]
    pub fn new(convention: PlayConvention) -> Self {
        Self {
            convention,
            memo: HashMap::new(),
            limit: DEFAULT_MEMO_LIMIT,
        }
    }

    /// Sets the most positions the memo holds.
    #[must_use]
    pub fn with_limit(mut self, limit: usize) -> Self {
        self.limit = limit;
        self
    }

    /// The play convention.
    #[must_use]
    pub fn convention(&self) -> PlayConvention {
        self.convention
    }

    /// Positions in the memo.
    #[must_use]
    pub fn memo_len(&self) -> usize {
        self.memo.len()
    }

    /// The value of a finished search: Grundy value (normal) or win bit (misère).
    fn combine(&self, frame: &Frame<G>) -> u32 {
        match self.convention {
            PlayConvention::Normal => mex(frame.children.iter().copied()),
            // No move left: the mover did not take the last object, and wins.
            PlayConvention::Misere if frame.moves.is_empty() => 1,
            PlayConvention::Misere => u32::from(frame.children.contains(&0)),
        }
    }

    fn frame(position: G) -> Frame<G> {
        let moves = position.legal_moves();
        Frame {
            position,
            moves,
            next: 0,
            children: Vec::new(),
        }
    }

    fn value(&mut self, root: &G) -> Result<u32, ImpartialError> {
        if let Some(&value) = self.memo.get(&root.key()) {
            return Ok(value);
        }
        let mut stack = vec![Self::frame(root.clone())];
        while let Some(frame) = stack.last_mut() {
            // Under misère only the win bit is kept: one losing child settles the node.
            let settled = self.convention == PlayConvention::Misere && frame.children.contains(&0);
            if !settled && frame.next < frame.moves.len() {
                let child = frame.position.after(frame.moves[frame.next]);
                frame.next += 1;
                match self.memo.get(&child.key()) {
                    Some(&value) => frame.children.push(value),
                    // The path counts against the limit too: a long game must not grow it
                    // without bound.
                    None if self.memo.len() + stack.len() >= self.limit => {
                        return Err(ImpartialError::MemoFull { limit: self.limit });
                    }
                    None => stack.push(Self::frame(child)),
                }
                continue;
            }
            let value = self.combine(frame);
            if self.memo.len() >= self.limit {
                return Err(ImpartialError::MemoFull { limit: self.limit });
            }
            let done = stack.pop().expect("the loop holds a frame");
            self.memo.insert(done.position.key(), value);
            match stack.last_mut() {
                Some(parent) => parent.children.push(value),
                None => return Ok(value),
            }
        }
        unreachable!("the root frame returns")
    }

    /// Who wins `position` under the solver's convention.
    ///
    /// # Errors
    ///
    /// [`ImpartialError::MemoFull`] when the memo limit is reached.
    pub fn outcome(&mut self, position: &G) -> Result<Outcome, ImpartialError> {
        Ok(if self.value(position)? == 0 {
            Outcome::P
        } else {
            Outcome::N
        })
    }

    /// The Grundy value of `position` (normal play).
    ///
    /// # Errors
    ///
    /// [`ImpartialError::GrundyNeedsNormalPlay`] for a misère solver,
    /// [`ImpartialError::MemoFull`] when the memo limit is reached.
    pub fn grundy(&mut self, position: &G) -> Result<u32, ImpartialError> {
        match self.convention {
            PlayConvention::Normal => self.value(position),
            PlayConvention::Misere => Err(ImpartialError::GrundyNeedsNormalPlay),
        }
    }

    /// Every move of `position` to a position the mover then wins from (a P-position for the
    /// opponent), in the game's move order; empty for a P-position.
    ///
    /// # Errors
    ///
    /// [`ImpartialError::MemoFull`] when the memo limit is reached.
    pub fn winning_moves(&mut self, position: &G) -> Result<Vec<G::Move>, ImpartialError> {
        let mut winning = Vec::new();
        for mv in position.legal_moves() {
            if self.value(&position.after(mv))? == 0 {
                winning.push(mv);
            }
        }
        Ok(winning)
    }
}
