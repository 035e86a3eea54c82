//! The traits a user implements, in one place: every solver, the engine and the theory above
//! are written against them.
//!
//! - [`Game`]: the rules, positions and legal moves of a two-player game.
//! - [`ScoringGame`]: the points each move hands out; a position's value is the best future
//!   score margin for the side to move.
//! - [`ImpartialGame`]: a game whose moves are the same for both sides, won by the last move
//!   (normal play) or lost by it (misère), as [`PlayConvention`] says.
//! - [`WinLossGame`]: a game won, lost or drawn, whose positions may repeat; the retrograde
//!   solver takes one, and an [`IndexedGame`] (its positions numbered densely) on its fast
//!   path.
//! - [`HeapGame`]: a game on heaps, a move replacing one heap by at most two smaller ones; the
//!   Grundy tables and misère quotients take one.
//! - [`Knowledge`]: what a search may exploit beyond the rules, opt-in, each item sound (a lie
//!   changes values) or a hint (a lie costs time); [`check::knowledge`](crate::check::knowledge)
//!   finds a lie.
//! - [`Evaluator`]: the estimate of a position at the horizon of a depth-limited search.
//! - [`TableKey`]: the key a position is stored under in a transposition table.
//!
//! The rules are kept apart from what a search may exploit, so one game can be searched with
//! several kinds of knowledge and several evaluators; a heap game's Grundy theory (a rule that
//! proves a period, a faster method) is likewise opt-in, in
//! [`grundy::HeapTheory`](crate::grundy::HeapTheory).
//!
//! # Words
//!
//! One word for each idea, in the code and the docs alike:
//!
//! - *position*: a state of a game. Every value is from the side to move's point of view
//!   (negamax), so a position need not record whose turn it is.
//! - *margin* of a move: the points it gives the mover minus those it gives the opponent
//!   ([`ScoringGame::margin`]). The *value* of a position: the best future margin the side to
//!   move can force.
//! - *outcome*: who wins an impartial position with perfect play, N (the next player) or P
//!   (the previous one); its *Grundy value* places it among heaps of Nim.
//! - *convention*: normal play (the last move wins) or misère play (it loses).
//! - *knowledge*: what a search may exploit beyond the rules; an item is *sound* (a lie
//!   changes values) or a *hint* (a lie costs time).
//! - *solver*: computes exact values, searching to the end of the game:
//!   [`Solver`](crate::Solver) for scoring games, [`ImpartialSolver`](crate::ImpartialSolver)
//!   for impartial ones.
//! - *engine*: plays within a budget, searching to a depth and estimating the positions there
//!   with an *evaluator* ([`Engine`](crate::Engine)); the exact solver it may hand its endgames
//!   to is its *endgame solver*.
//! - *searcher*: the one negamax, with its helper threads, that the solver and the engine
//!   both run; *front-end*: the solver or the engine.
//! - *table*: a transposition table, the searcher's bounded memory of positions searched. A
//!   [`GrundyTable`](crate::GrundyTable) is something else: the Grundy values of a heap game,
//!   heap by heap.
//! - *budget*: the depth, nodes or time a search may take ([`Budget`](crate::Budget)).
//! - *verdict*: who wins a position of a [`WinLossGame`] with perfect play, for the side to
//!   move: win, loss or draw ([`Verdict`]); with the *plies* to the end of the game, the
//!   fastest win and the longest loss, it is the position's *retrograde value*.

mod core;
mod eval;
mod heap;
mod impartial;
pub(crate) mod key;
mod knowledge;
mod player;
mod record;
mod scored;
mod scoring;
mod text;
mod win_loss;

pub use self::core::Game;
pub use eval::{Evaluator, NoEvaluator};
pub use heap::{HeapGame, HeapOption};
pub use impartial::{ImpartialGame, PlayConvention};
pub(crate) use key::mix64;
pub use key::{KEY_WORDS, TableKey, hash_words};
pub use knowledge::{Facts, Knowledge, NoKnowledge};
pub use player::Player;
pub use record::Record;
pub use scored::{ScoredMoveError, ScoredWinLoss, verdict_value};
pub use scoring::{Points, ScoringGame};
pub use text::PositionText;
pub use win_loss::{IndexedGame, Verdict, WinLossGame};
