#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod arena;
pub mod check;
pub mod game;
pub mod games;
pub mod grundy;
pub mod search;
pub mod strategy;

pub use game::{
    Facts, Game, ImpartialGame, Knowledge, NoKnowledge, PlayConvention, Player, Points, Record,
    ScoringGame, TableKey,
};
pub use games::heaps::{HeapMove, Heaps, HeapsError};
pub use games::octal::{OctalError, OctalGame};
pub use games::prime::{
    MaskPrimeGame, PrimeError, PrimeEvaluator, PrimeGame, PrimeKnowledge, SmallPrimeGame,
    WidePrimeGame,
};
pub use grundy::misere::{MisereQuotient, QuotientError, QuotientLimits};
pub use grundy::{
    GrundyError, GrundyTable, HeapGame, HeapOption, ImpartialError, ImpartialSolver, Outcome,
    Period,
};
pub use search::{
    Budget, Engine, Evaluator, NoEvaluator, ResultsError, SearchConfig, SearchResult, SearchStats,
    Solution, SolveError, Solver, TableTooLarge,
};
