//! The traits a user implements, in one place: every solver, the engine and the theory above
//! are written against them.
//!
//! - [`Game`]: the rules, positions and legal moves of a two-player game; [`CheckedPlay`]: a
//!   move from outside checked, with the game's own error.
//! - [`ScoringGame`]: the points each move hands out; a position's value is the best future
//!   score margin for the side to move.
//! - [`ImpartialGame`]: a game whose moves are the same for both sides, won by the last move
//!   (normal play) or lost by it (misère), as [`PlayConvention`] says.
//! - [`WinLossGame`]: a game won, lost or drawn, whose positions may repeat; the retrograde
//!   solver takes one.
//! - [`Numbering`]: a win/loss game's positions numbered densely, for the retrograde solver's
//!   indexed path.
//! - [`Tiers`]: a scoring game's positions numbered densely tier by tier; the retrograde
//!   solve of exact values takes one.
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
//!   (negamax), so a position need not record whose turn it is unless its rules depend on it.
//! - *turn*: the side to move; a move that *keeps the turn* lets the same side move again
//!   ([`ScoringGame::keeps_turn`]).
//! - *margin* of a move: the points it gives the mover minus those it gives the opponent
//!   ([`ScoringGame::margin`]); points only, never time. The *value* of a position: the best
//!   future margin the side to move can force.
//! - *optimal* (or *best*) move: one that reaches the value, proven; a *promising* move is the
//!   knowledge's guess ([`Knowledge::promising_moves`]), a hint.
//! - *outcome*: who wins an impartial position with perfect play, N (the next player) or P
//!   (the previous one), as the theory says it; as a verdict N is a win and P a loss
//!   (`Verdict::from(outcome)`). Its *Grundy value* places it among heaps of Nim; the
//!   *Grundy values* of a heap game, heap by heap, are a [`GrundyValues`](crate::GrundyValues).
//! - *convention*: normal play (the last move wins) or misère play (it loses).
//! - *chance node*: a position where the move is drawn, not chosen ([`ChanceGame`]); its
//!   *chance moves* come with integer weights, and its value is their weighted mean (an
//!   *expected value*); the other positions are *player's nodes*.
//! - *knowledge*: what a search may exploit beyond the rules; an item is *sound* (a lie
//!   changes values) or a *hint* (a lie costs time). A heap game's *theory*
//!   ([`HeapTheory`](crate::HeapTheory)) is the same for its Grundy values.
//! - *solver*: computes exact values, searching to the end of the game:
//!   [`Solver`](crate::Solver) for scoring games, [`ImpartialSolver`](crate::ImpartialSolver)
//!   for impartial ones. Its answer for a position is a *solution* ([`Solution`](crate::Solution)).
//! - *engine*: plays within a budget, searching to a depth and estimating the positions there
//!   with an *evaluator* ([`Engine`](crate::Engine)); its answer is a *search result*
//!   ([`SearchResult`](crate::SearchResult)); the exact solver it may hand its endgames to is
//!   its *endgame solver*.
//! - *searcher*: the one negamax, with its helper threads, that the solver and the engine
//!   both run; *front-end*: the solver or the engine. Its *root* is the position a search
//!   starts from.
//! - *table*: a transposition table, the searcher's bounded memory of positions searched.
//! - *tablebase*: every position of a game (or of a part of it) solved by retrograde analysis
//!   and kept, in memory or in a file ([`retrograde`](crate::retrograde)).
//! - *budget*: the depth, nodes or time a search may take ([`Budget`](crate::Budget)); a
//!   *deadline*: the instant it must stop by; the time a player keeps back for its reply is
//!   its [`ReplyDeadline`](crate::search::ReplyDeadline)'s.
//! - *verdict*: who wins a position of a [`WinLossGame`] with perfect play, for the side to
//!   move: win, loss or draw ([`Verdict`]); with the *plies* to the end of the game, the
//!   fastest win and the longest loss, it is the position's *retrograde value*.
//! - *progress*: what a long search or solve reports now and then, to a callback: the
//!   searcher's every second ([`Progress`](crate::search::Progress)), the retrograde solver's
//!   every 2^16 positions ([`RetroProgress`](crate::retrograde::RetroProgress)).
//!
//! Generic parameters come in one order: the game, the evaluator, the knowledge
//! (`Engine<G, E, K>`).

mod chance;
mod checked;
mod core;
mod eval;
mod heap;
mod impartial;
pub(crate) mod key;
mod knowledge;
mod numbering;
mod player;
mod record;
mod scored;
mod scoring;
mod text;
mod tiers;
mod win_loss;

pub use self::core::Game;
pub use chance::ChanceGame;
pub use checked::CheckedPlay;
pub use eval::{Evaluator, NoEvaluator};
pub use heap::{HeapGame, HeapOption};
pub use impartial::{ImpartialGame, PlayConvention};
pub use key::{KEY_WORDS, TableKey, hash_words, mix64};
pub use knowledge::{Facts, Knowledge, NoKnowledge};
pub use numbering::Numbering;
pub use player::Player;
pub use record::Record;
pub use scored::{ScoredMoveError, ScoredWinLoss, verdict_value};
pub use scoring::{Points, ScoringGame};
pub use text::PositionText;
pub use tiers::{Child, Place, Tiers};
pub(crate) use tiers::{each_chance_child, each_child};
pub use win_loss::{Verdict, WinLossGame};
