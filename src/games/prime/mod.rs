//! PrimeGame: take a number, score it, and hand your opponent its divisors still on the board.
//!
//! The board holds 1..=n. The mover picks any number x on the board and scores x; the opponent
//! scores the sum of x's divisors below x that are still on the board; x and those divisors
//! leave the board. The game ends when the board is empty, and the higher score wins.
//!
//! Two position types share these rules: [`PrimeGame`], a board for any n up to [`MAX_N`]
//! whose moves cost what they change, and [`MaskPrimeGame`], one fixed-width mask
//! ([`SmallPrimeGame`] for n <= 128, [`WidePrimeGame`] for n <= 256) that the exact solver runs
//! several times faster on.

mod board;
mod bounds;
mod divisors;
mod error;
mod eval;
mod isolated;
mod knowledge;
mod mask;
mod mask_game;
mod max_tree;

pub use board::{MAX_N, PrimeGame};
pub use divisors::Sieve;
pub use error::PrimeError;
pub use eval::PrimeEvaluator;
pub use knowledge::{PrimeKnowledge, engine, solver, tune_engine, tune_solver};
pub use mask::BoardMask;
pub use mask_game::{MaskPrimeGame, SMALL_MAX_N, SmallPrimeGame, WIDE_MAX_N, WidePrimeGame};
