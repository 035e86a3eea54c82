//! Matches between strategies: alternating starting sides, seeded random openings, time
//! limits per move, and forfeits for illegal or late moves.

mod report;
mod runner;

pub use report::{Forfeit, GameReport, MatchReport, PairResult, Side};
pub use runner::{MatchConfig, play_match};
