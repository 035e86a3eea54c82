//! `ImpartialSolver`: memoized outcomes and Grundy values of any `ImpartialGame`, normal or
//! misère, within a memory bound.

use crate::game::{Game, ImpartialGame, PlayConvention, TableKey};
use crate::grundy::mex::mex;
use crate::grundy::{Outcome, grundy_sum};
use std::collections::HashMap;
use thiserror::Error;

/// The default memo limit of an [`ImpartialSolver`]: 2^22 positions.
pub const DEFAULT_MEMO_LIMIT: usize = 1 << 22;

/// The default memory bound of an [`ImpartialSolver`]'s memo and search path: 256 MiB.
pub const DEFAULT_MEMO_BYTES: usize = 256 << 20;

/// Why an impartial solve gave no answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
pub enum ImpartialError {
    /// The memo reached its size limit before the answer was known.
    #[error("the memo reached its limit of {limit} positions")]
    MemoFull {
        /// The limit.
        limit: usize,
    },
    /// The memo and the search path reached their memory bound before the answer was known.
    #[error("the search reached its memory bound of {bytes} bytes; the position is out of reach")]
    MemoBytesFull {
        /// The bound.
        bytes: usize,
    },
    /// The search expanded as many positions as its budget allows.
    #[error("the search expanded its budget of {nodes} positions; the position is out of reach")]
    BudgetExhausted {
        /// The budget.
        nodes: u64,
    },
    /// Grundy values are a normal-play notion; the solver plays misère.
    #[error("Grundy values need normal play; this solver uses misère play")]
    GrundyNeedsNormalPlay,
    /// The game's own rules fix a convention, and the solver plays the other: a solver of the
    /// game's convention ([`ImpartialSolver::for_game`]) would answer.
    #[error("the game is played {game}, but this solver plays {solver}")]
    ConventionMismatch {
        /// The game's convention.
        game: PlayConvention,
        /// The solver's.
        solver: PlayConvention,
    },
}

/// An exact solver for any [`ImpartialGame`] by memoized search: outcomes under normal or
/// misère play, winning moves, and Grundy values under normal play.
///
/// The memo is keyed by [`Game::key`], under the one contract of [`TableKey`] (two positions
/// with one key must play the same), and it outlives a call: [`clear`](Self::clear) it between
/// unrelated games whose keys could collide. It is bounded three ways: in positions
/// ([`with_limit`](Self::with_limit)), in bytes, the search path included
/// ([`with_memo_bytes`](Self::with_memo_bytes)), and in positions expanded per call
/// ([`with_node_budget`](Self::with_node_budget)); past any bound a call returns an error
/// instead of growing. The search is iterative, so long games do not overflow the stack.
///
/// Under normal play a position that splits into independent components
/// ([`ImpartialGame::components`]) is worth the XOR of their Grundy values
/// (Sprague–Grundy), each computed once and kept in the memo by the component's key: the
/// outcome and winning moves of many heaps cost a few lookups each. Under misère play, where
/// values of sums do not add up, the search runs over whole positions, with early stops: one
/// move to a losing position settles a node; for sums of a heap game, a
/// [`MisereQuotient`](crate::grundy::misere::MisereQuotient) answers with a product a heap.
///
/// # Examples
///
/// ```
/// use gamesolver::games::subtraction::SubtractionGame;
/// use gamesolver::grundy::{ImpartialSolver, Outcome};
/// use gamesolver::{CheckedPlay, Game, PlayConvention};
///
/// let game = SubtractionGame::default(); // 1, 3, 5, 7; k = 3; misère
/// let mut solver = ImpartialSolver::new(PlayConvention::Misere);
/// assert_eq!(solver.outcome(&game)?, Outcome::P); // the player to move loses
/// assert!(solver.winning_moves(&game)?.is_empty());
///
/// let mut game = game;
/// game.play(game.take(3, 1)).unwrap(); // 1, 3, 5, 6
/// let winning: Vec<(usize, u64)> =
///     solver.winning_moves(&game)?.iter().map(|m| (m.heap, m.take)).collect();
/// assert_eq!(winning, [(0, 1), (1, 1), (2, 1), (3, 3)]); // (heap, take), heaps from 0
/// # Ok::<(), gamesolver::grundy::ImpartialError>(())
/// ```
#[derive(Debug, Clone)]
pub struct ImpartialSolver<G: Game> {
    convention: PlayConvention,
    /// Normal play: the Grundy value. Misère: 1 if the mover wins, else 0.
    memo: HashMap<G::Key, u32>,
    limit: usize,
    bytes_limit: usize,
    memo_bytes: usize,
    budget: u64,
}

/// What a frame's value is made of.
enum Parts<G: Game> {
    /// The position's moves: the value is the mex (normal) or the win bit (misère) of the
    /// children.
    Moves(Vec<G::Move>),
    /// Independent components (normal play): the value is the XOR of theirs.
    Components(Vec<G>),
}

/// A position being searched: its parts and what those were found to be worth.
struct Frame<G: Game> {
    position: G,
    /// The position's key, computed once: looked up, counted in bytes, then stored.
    key: G::Key,
    parts: Parts<G>,
    next: usize,
    children: Vec<u32>,
    /// Bytes this frame holds on the search path.
    bytes: usize,
}

impl<G: Game> Frame<G> {
    fn len(&self) -> usize {
        match &self.parts {
            Parts::Moves(moves) => moves.len(),
            Parts::Components(parts) => parts.len(),
        }
    }
}

/// The memory one memo entry takes: the key and value in the table's slot, the key's own
/// heap memory, and the table's per-slot control byte and spare capacity (about an eighth).
fn entry_bytes<K: TableKey>(key: &K) -> usize {
    let slot = std::mem::size_of::<(K, u32)>() + 1;
    slot + slot / 8 + key.heap_bytes()
}

/// The bytes a frame takes for each of its moves or components.
fn move_bytes<G: Game>() -> usize {
    std::mem::size_of::<G::Move>().max(std::mem::size_of::<G>())
}

/// The bytes the list of `position`'s moves will take, as far as the game can count them
/// before listing them ([`ImpartialGame::move_count`]; 0 if it cannot).
fn listed_bytes<G: ImpartialGame>(position: &G) -> usize {
    position.move_count().map_or(0, |count| {
        usize::try_from(count).map_or(usize::MAX, |count| count.saturating_mul(move_bytes::<G>()))
    })
}

impl<G: ImpartialGame> ImpartialSolver<G> {
    /// A solver of the convention `position` states ([`ImpartialGame::convention`]), normal
    /// play if it states none.
    ///
    /// # Examples
    ///
    /// ```
    /// use gamesolver::games::subtraction::SubtractionGame;
    /// use gamesolver::{ImpartialSolver, Outcome, PlayConvention};
    ///
    /// // One heap of 1, take 1 to 3: whoever takes the last loses, so the mover loses.
    /// let game = SubtractionGame::preset(3, [1], PlayConvention::Misere)?;
    /// assert_eq!(ImpartialSolver::for_game(&game).outcome(&game)?, Outcome::P);
    /// // A solver of the other convention refuses rather than answer for normal play.
    /// assert!(ImpartialSolver::new(PlayConvention::Normal).outcome(&game).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn for_game(position: &G) -> Self {
        Self::new(position.convention().unwrap_or_default())
    }

    /// A solver for one play convention, with a memo of [`DEFAULT_MEMO_LIMIT`] positions and
    /// [`DEFAULT_MEMO_BYTES`] bytes, and no node budget.
    #[must_use]
    pub fn new(convention: PlayConvention) -> Self {
        Self {
            convention,
            memo: HashMap::new(),
            limit: DEFAULT_MEMO_LIMIT,
            bytes_limit: DEFAULT_MEMO_BYTES,
            memo_bytes: 0,
            budget: u64::MAX,
        }
    }

    /// Sets the most positions the memo holds.
    #[must_use]
    pub fn with_limit(mut self, limit: usize) -> Self {
        self.limit = limit;
        self
    }

    /// Sets the most bytes the memo and the search path may take (estimated from the keys'
    /// sizes and the table's layout).
    #[must_use]
    pub fn with_memo_bytes(mut self, bytes: usize) -> Self {
        self.bytes_limit = bytes;
        self
    }

    /// Sets the most positions one call may expand.
    #[must_use]
    pub fn with_node_budget(mut self, nodes: u64) -> Self {
        self.budget = nodes;
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

    /// Bytes the memo takes, as counted against [`with_memo_bytes`](Self::with_memo_bytes).
    #[must_use]
    pub fn memo_bytes(&self) -> usize {
        self.memo_bytes
    }

    /// Empties the memo.
    pub fn clear(&mut self) {
        self.memo.clear();
        self.memo_bytes = 0;
    }

    /// The value of a finished frame: Grundy value (normal) or win bit (misère).
    fn combine(&self, frame: &Frame<G>) -> u32 {
        match (&frame.parts, self.convention) {
            (Parts::Components(_), _) => grundy_sum(frame.children.iter().copied()),
            (Parts::Moves(_), PlayConvention::Normal) => mex(frame.children.iter().copied()),
            // No move left: the mover did not take the last object, and wins.
            (Parts::Moves(moves), PlayConvention::Misere) if moves.is_empty() => 1,
            (Parts::Moves(_), PlayConvention::Misere) => u32::from(frame.children.contains(&0)),
        }
    }

    /// The frame of `position`, unless its moves, counted before they are listed
    /// ([`ImpartialGame::move_count`]), would take the memo and the path (`path_bytes` so far)
    /// past the byte bound.
    fn frame(
        &self,
        position: G,
        key: G::Key,
        path_bytes: usize,
    ) -> Result<Frame<G>, ImpartialError> {
        let mut components = Vec::new();
        let parts =
            if self.convention == PlayConvention::Normal && position.components(&mut components) {
                Parts::Components(components)
            } else {
                let listed = listed_bytes(&position);
                if (self.memo_bytes + path_bytes).saturating_add(listed) > self.bytes_limit {
                    return Err(ImpartialError::MemoBytesFull {
                        bytes: self.bytes_limit,
                    });
                }
                Parts::Moves(position.legal_moves())
            };
        let mut frame = Frame {
            position,
            bytes: entry_bytes(&key),
            key,
            parts,
            next: 0,
            children: Vec::new(),
        };
        frame.bytes += std::mem::size_of::<Frame<G>>() + frame.len() * move_bytes::<G>();
        Ok(frame)
    }

    /// Errors once the memo and the path would pass a bound.
    fn check_room(&self, stack: &[Frame<G>], path_bytes: usize) -> Result<(), ImpartialError> {
        if self.memo.len() + stack.len() >= self.limit {
            return Err(ImpartialError::MemoFull { limit: self.limit });
        }
        if self.memo_bytes + path_bytes > self.bytes_limit {
            return Err(ImpartialError::MemoBytesFull {
                bytes: self.bytes_limit,
            });
        }
        Ok(())
    }

    /// A game that states its convention is never valued under the other.
    fn check_convention(&self, root: &G) -> Result<(), ImpartialError> {
        match root.convention() {
            Some(game) if game != self.convention => Err(ImpartialError::ConventionMismatch {
                game,
                solver: self.convention,
            }),
            _ => Ok(()),
        }
    }

    fn value(&mut self, root: &G) -> Result<u32, ImpartialError> {
        self.check_convention(root)?;
        let key = root.key();
        if let Some(&value) = self.memo.get(&key) {
            return Ok(value);
        }
        let mut expanded = 1u64;
        let first = self.frame(root.clone(), key, 0)?;
        let mut path_bytes = first.bytes;
        let mut stack = vec![first];
        self.check_room(&stack, path_bytes)?;
        while let Some(frame) = stack.last_mut() {
            // Under misère only the win bit is kept: one losing child settles the node. The
            // node is looked at after every child, so the last child is the only one to check.
            let settled = self.convention == PlayConvention::Misere
                && matches!(frame.parts, Parts::Moves(_))
                && frame.children.last() == Some(&0);
            if !settled && frame.next < frame.len() {
                let child = match &frame.parts {
                    Parts::Moves(moves) => frame.position.after(moves[frame.next]),
                    Parts::Components(parts) => parts[frame.next].clone(),
                };
                frame.next += 1;
                let key = child.key();
                if let Some(&value) = self.memo.get(&key) {
                    frame.children.push(value);
                    continue;
                }
                if expanded >= self.budget {
                    return Err(ImpartialError::BudgetExhausted { nodes: self.budget });
                }
                expanded += 1;
                let child = self.frame(child, key, path_bytes)?;
                path_bytes += child.bytes;
                stack.push(child);
                self.check_room(&stack, path_bytes)?;
                continue;
            }
            let value = self.combine(frame);
            let done = stack.pop().expect("the loop holds a frame");
            path_bytes -= done.bytes;
            // Sums are not kept: their value is a few lookups of their components.
            // Within the bounds by construction: the frame was counted on the path, in
            // positions and in more bytes than its entry, when it was pushed.
            if let Parts::Moves(_) = done.parts {
                self.memo_bytes += entry_bytes(&done.key);
                self.memo.insert(done.key, value);
            }
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
    /// [`ImpartialError::MemoFull`], [`ImpartialError::MemoBytesFull`] or
    /// [`ImpartialError::BudgetExhausted`] when a bound is reached.
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
    /// [`ImpartialError::GrundyNeedsNormalPlay`] for a misère solver; as
    /// [`outcome`](Self::outcome) when a bound is reached.
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
    /// [`ImpartialError::MemoFull`], [`ImpartialError::MemoBytesFull`] or
    /// [`ImpartialError::BudgetExhausted`] when a bound is reached.
    pub fn winning_moves(&mut self, position: &G) -> Result<Vec<G::Move>, ImpartialError> {
        self.check_convention(position)?;
        // The list of moves is made first: it must fit the bound beside the memo.
        if self.memo_bytes.saturating_add(listed_bytes(position)) > self.bytes_limit {
            return Err(ImpartialError::MemoBytesFull {
                bytes: self.bytes_limit,
            });
        }
        super::winning_moves(position, |child| self.outcome(child))
    }
}
