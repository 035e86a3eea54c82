#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod game;
pub mod games;
pub mod grundy;
pub mod search;

pub use game::{Game, ImpartialGame, PlayConvention, Player, Points, Record, ScoringGame};
pub use games::prime::{PrimeError, PrimeGame, SmallPrimeGame};
pub use search::{Budget, Evaluator, Solution, SolveError, Solver};
