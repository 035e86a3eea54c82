//! `ReplyDeadline`: how much of a move's time a search may use, kept from how late the replies
//! have left after their searches' deadlines.

use std::time::{Duration, Instant};

/// The share of a move's time kept back whatever the history: a fifth, and 2 ms more.
const BASE_SHARE_KEPT: u32 = 5;
const BASE_KEPT: Duration = Duration::from_millis(2);

/// How much of a move's time a search may use, from how late the replies have come out.
///
/// A search stops at its deadline only at its next clock read, and what follows (the end of
/// the iteration, the answer written, the process scheduled again on a busy machine) takes
/// time that the search cannot see. So a player that answers by a deadline measures it: after
/// each reply, [`record_reply`](Self::record_reply) notes how long after the search's deadline
/// the reply left, and the next deadline keeps back twice the worst of the recent ones
/// (a lateness decays by a quarter at each later reply that is on time), on top of a fifth of
/// the time and 2 ms. On an idle machine a reply leaves within a millisecond of the search's
/// deadline; with two CPU-bound processes beside the engine on two cores, tens of
/// milliseconds.
///
/// # Examples
///
/// ```
/// use gamesolver::search::ReplyDeadline;
/// use std::time::{Duration, Instant};
///
/// let mut deadline = ReplyDeadline::default();
/// let start = Instant::now();
/// let until = deadline.search_deadline(start, Duration::from_millis(100));
/// assert_eq!(until - start, Duration::from_millis(78)); // 100 ms less a fifth, less 2 ms
/// // The reply left 10 ms after the search's deadline: the next search keeps 20 ms more.
/// deadline.record_reply(until, until + Duration::from_millis(10));
/// let next = deadline.search_deadline(start, Duration::from_millis(100));
/// assert_eq!(next - start, Duration::from_millis(58));
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReplyDeadline {
    /// The worst recent lateness of a reply after its search's deadline, decaying.
    late: Duration,
}

impl ReplyDeadline {
    /// The moment a search for a move whose time runs `time` from `start` should stop: the
    /// time less a fifth, 2 ms and twice the recent lateness ([`ReplyDeadline`]), never before
    /// `start`.
    #[must_use]
    pub fn search_deadline(&self, start: Instant, time: Duration) -> Instant {
        let kept = time / BASE_SHARE_KEPT + BASE_KEPT + 2 * self.late;
        start + time.saturating_sub(kept)
    }

    /// Notes that the reply of a search whose deadline was `search_deadline` left at `sent`.
    pub fn record_reply(&mut self, search_deadline: Instant, sent: Instant) {
        let late = sent.saturating_duration_since(search_deadline);
        self.late = late.max(self.late * 3 / 4);
    }

    /// The recent lateness the deadline keeps back twice over.
    #[must_use]
    pub fn lateness(&self) -> Duration {
        self.late
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lateness_is_kept_and_decays() {
        let mut deadline = ReplyDeadline::default();
        let start = Instant::now();
        let time = Duration::from_millis(500);
        assert_eq!(
            deadline.search_deadline(start, time) - start,
            Duration::from_millis(398)
        );
        let until = deadline.search_deadline(start, time);
        deadline.record_reply(until, until + Duration::from_millis(40));
        assert_eq!(deadline.lateness(), Duration::from_millis(40));
        // An early reply counts as on time: the lateness decays by a quarter.
        deadline.record_reply(until, start);
        assert_eq!(deadline.lateness(), Duration::from_millis(30));
        // A later one takes over.
        deadline.record_reply(until, until + Duration::from_millis(35));
        assert_eq!(deadline.lateness(), Duration::from_millis(35));
        // A move too short for the deadline is searched not at all, never before the start.
        let short = Duration::from_millis(50);
        assert_eq!(deadline.search_deadline(start, short), start);
    }
}
