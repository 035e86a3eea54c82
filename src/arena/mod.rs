//! Players and the matches between them: a [`Strategy`] picks a move within a deadline (a
//! random player, [`RandomStrategy`], or the search engine, [`EngineStrategy`]); a match
//! plays two of them with alternating starting sides, seeded random openings, time limits per
//! move, and forfeits for illegal or late moves ([`play_match`]).

mod engine_strategy;
mod random_strategy;
mod report;
mod runner;
mod strategy;

pub use engine_strategy::EngineStrategy;
pub use random_strategy::RandomStrategy;
pub use report::{Forfeit, GameReport, MatchReport, PairResult, Side};
pub use runner::{MatchConfig, play_match};
pub use strategy::Strategy;
