//! Sums of heaps of any [`HeapGame`](crate::HeapGame): the position type that plays octal
//! games, subtraction sets or a user's own heap game as an
//! [`ImpartialGame`](crate::ImpartialGame).

mod error;
mod position;

pub use error::HeapsError;
pub use position::{HeapMove, Heaps, MAX_HEAP};
