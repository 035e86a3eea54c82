#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod arena;
pub mod chance;
pub mod check;
pub mod game;
pub mod games;
pub mod grundy;
pub mod jobs;
pub mod retrograde;
pub mod search;

// The root holds what a user of any game needs: the traits a game implements and their types,
// the search front-ends and the theory types, with their errors. Each game that comes with the
// crate stands in its own module under `games::`, its types and errors with it.

pub use game::{
    ChanceGame, CheckedPlay, Child, Evaluator, Facts, Game, HeapGame, HeapOption, ImpartialGame,
    Knowledge, NoEvaluator, NoKnowledge, Numbering, Place, PlayConvention, Player, Points,
    PositionText, Record, ScoredWinLoss, ScoringGame, TableKey, Tiers, Verdict, WinLossGame,
};
pub use grundy::misere::{MisereQuotient, QuotientError, QuotientLimits};
pub use grundy::{
    GrundyError, GrundyValues, HeapTheory, ImpartialError, ImpartialSolver, Outcome, Period,
};
pub use retrograde::{RetroError, Retrograde};
pub use search::{
    Budget, Engine, ResultsError, SearchConfig, SearchResult, SearchStats, Solution, SolveError,
    Solver, TableTooLarge,
};
