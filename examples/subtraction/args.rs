//! The command line of the `subtraction` example: its commands and their arguments (clap).

use clap::{Args, Parser, Subcommand};
use gamesolver::PlayConvention;
use gamesolver::games::subtraction::SubtractionGame;

/// Subtraction Nim: heaps, a move takes 1 to k objects from one heap; misère by default.
/// Without a command: the default table analyzed and played out perfectly.
#[derive(Debug, Parser)]
#[command(name = "subtraction")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Outcome and winning moves (heap:take, heaps counted from 1).
    Analyze(GameArgs),
    /// Grundy values g(0..=M) of a subtraction set, and their period.
    Grundy {
        /// The subtraction set, comma-separated.
        #[arg(long, value_delimiter = ',', required = true)]
        set: Vec<u32>,
        /// The largest heap.
        #[arg(long)]
        upto: u64,
    },
    /// Play against the perfect strategy.
    Play(GameArgs),
}

/// A position of the preset game.
#[derive(Debug, Args)]
pub struct GameArgs {
    /// The most objects a move takes, 2 to 5.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(2..=5))]
    pub k: u32,
    /// The heaps, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "1,3,5,7")]
    pub heaps: Vec<u64>,
    /// Normal play (whoever takes the last object wins) instead of misère.
    #[arg(long)]
    pub normal: bool,
}

impl Default for GameArgs {
    fn default() -> Self {
        Self {
            k: 3,
            heaps: vec![1, 3, 5, 7],
            normal: false,
        }
    }
}

impl GameArgs {
    /// The preset game the options describe.
    pub fn game(&self) -> Result<SubtractionGame, String> {
        let convention = if self.normal {
            PlayConvention::Normal
        } else {
            PlayConvention::Misere
        };
        SubtractionGame::preset(self.k, self.heaps.iter().copied(), convention)
            .map_err(|e| e.to_string())
    }
}
