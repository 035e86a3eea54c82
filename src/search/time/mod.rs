//! Time management, in one room: the [`Budget`] a search is given (depth, nodes, time or a
//! deadline), the clock that reads a deadline at a rate that suits the cost of a node
//! (`Clock`), the engine's rules for what fits in the time left (an iteration, an endgame
//! solve), and the time a player keeps back for its reply ([`ReplyDeadline`]).

mod budget;
mod clock;
mod reply_deadline;

pub use budget::Budget;
pub(crate) use clock::Clock;
pub use reply_deadline::ReplyDeadline;

use std::time::{Duration, Instant};

/// Whether a next iteration of iterative deepening can end by `deadline`: one costs about
/// `growth` times the one before, which took `last`.
#[inline]
pub(crate) fn next_iteration_fits(last: Duration, growth: u32, deadline: Instant) -> bool {
    let left = deadline.saturating_duration_since(Instant::now());
    last.saturating_mul(growth) <= left
}

/// The deadline of an exact endgame solve tried first: one `share`-th of the time left.
#[inline]
pub(crate) fn endgame_deadline(now: Instant, deadline: Instant, share: u32) -> Instant {
    now + deadline.saturating_duration_since(now) / share.max(1)
}
