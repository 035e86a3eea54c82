//! [`Clock`]: a search's deadline, read at a rate that suits the cost of a node.

use std::time::{Duration, Instant};

/// How often the clock is read, by elapsed time: a node costs from a tenth of a microsecond
/// (a small exact solve) to milliseconds (a move that changes half of a large board), so a
/// fixed node count would overshoot a deadline on one game and waste time on another.
const CLOCK_EVERY: Duration = Duration::from_micros(250);

/// The most nodes between two readings of the clock: node costs vary within one search (a
/// move on a large board can change thousands of gains), so the interval stays short and
/// drops to one node after a long gap. A reading costs about 25 ns.
const MAX_CLOCK_INTERVAL: u64 = 32;

/// A search's deadline and the rate at which it reads the time: about every
/// `CLOCK_EVERY`, whatever a node costs, counted in nodes between readings.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Clock {
    /// When the search must stop, if ever.
    deadline: Option<Instant>,
    /// How many nodes pass between readings: adapted at every reading.
    interval: u64,
    /// Nodes left until the next reading.
    until_reading: u64,
    /// When the clock was last read.
    last: Option<Instant>,
}

impl Default for Clock {
    fn default() -> Self {
        Self {
            deadline: None,
            interval: 1,
            until_reading: 1,
            last: None,
        }
    }
}

impl Clock {
    /// Starts a search that must stop by `deadline`: the first node reads the clock. Without
    /// a deadline the clock is read only if the caller `reports` progress by it: readings
    /// every 32 nodes or so cost a search of cheap nodes that has no deadline to keep 3%
    /// (Connect 4's L1_R1, BENCHMARKS.md).
    #[inline]
    pub fn start(&mut self, deadline: Option<Instant>, reports: bool) {
        *self = Self {
            deadline,
            ..Self::default()
        };
        if deadline.is_none() && !reports {
            // Due after 2^64 nodes: never.
            self.until_reading = u64::MAX;
        }
    }

    /// Counts a node; whether the clock is to be read now ([`read`](Self::read)).
    #[inline]
    pub fn due(&mut self) -> bool {
        self.until_reading -= 1;
        self.until_reading == 0
    }

    /// Reads the time: sets how many nodes pass before the next reading, so that readings
    /// come about every `CLOCK_EVERY`, and says whether the deadline has passed.
    #[inline]
    pub fn read(&mut self) -> (Instant, bool) {
        let now = Instant::now();
        if let Some(last) = self.last {
            let gap = now.saturating_duration_since(last);
            if gap < CLOCK_EVERY / 2 && self.interval < MAX_CLOCK_INTERVAL {
                self.interval *= 2;
            } else if gap > CLOCK_EVERY {
                self.interval = 1;
            }
        }
        self.last = Some(now);
        self.until_reading = self.interval;
        (now, self.deadline.is_some_and(|deadline| now >= deadline))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cheap_node_reads_the_clock_less_often_and_a_passed_deadline_is_seen() {
        let mut clock = Clock::default();
        clock.start(Some(Instant::now() + Duration::from_secs(60)), false);
        assert!(clock.due(), "the first node reads the clock");
        assert!(!clock.read().1);
        // Readings close together double the interval, up to its cap.
        for _ in 0..10 {
            while !clock.due() {}
            clock.read();
        }
        assert_eq!(clock.interval, MAX_CLOCK_INTERVAL);
        clock.start(Some(Instant::now()), false);
        assert!(clock.due());
        assert!(
            clock.read().1,
            "a deadline of now has passed at the first reading"
        );
    }

    #[test]
    fn without_a_deadline_the_clock_is_read_only_for_reports() {
        let mut clock = Clock::default();
        clock.start(None, false);
        assert!((0..1_000_000).all(|_| !clock.due()), "never read");
        clock.start(None, true);
        assert!(clock.due(), "the first node reads the clock for a report");
    }
}
