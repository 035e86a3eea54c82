//! Subtraction games: Nim where a move takes s objects from one heap for some s in a finite
//! subtraction set S. The table preset is S = {1, ..., k} with k in 2..=5, heaps 1, 3, 5, 7 and
//! misère play.

mod analysis;
mod error;
mod game;
mod heap;
mod set;

pub use analysis::{Analysis, analyze, perfect_move, preset_outcome};
pub use error::SubtractionError;
pub use game::SubtractionGame;
pub use set::SubtractionSet;
