//! The traits a game implements to get the solvers and the search engine.
//!
//! The rules of a game ([`Game`]) are kept apart from how a scoring game hands out points
//! ([`ScoringGame`]), how an impartial game ends ([`ImpartialGame`]), and from what a search
//! may exploit beyond the rules ([`Knowledge`], opt-in, each item sound or a hint).

mod core;
mod impartial;
pub(crate) mod key;
mod knowledge;
mod player;
mod record;
mod scoring;

pub use self::core::Game;
pub use impartial::{ImpartialGame, PlayConvention};
pub(crate) use key::mix64;
pub use key::{KEY_WORDS, TableKey, hash_words};
pub use knowledge::{Facts, Knowledge, NoKnowledge};
pub use player::Player;
pub use record::Record;
pub use scoring::{Points, ScoringGame};
