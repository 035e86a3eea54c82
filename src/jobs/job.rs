//! What a job is and what it answers: a search of one position within a [`Window`]
//! ([`Job`]), and its fail-soft result with the work it took ([`JobResult`]). Every planner
//! makes jobs of this one kind, and every job file holds one.

use super::claim::Interval;
use crate::search::UNBOUNDED;
use std::fmt;

/// The exclusive sides of a search window on a position's value, for its side to move. A
/// side at or beyond [`UNBOUNDED`] is none, and is written `inf` or `-inf`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Window {
    /// The lower side (exclusive).
    pub alpha: i64,
    /// The upper side (exclusive).
    pub beta: i64,
}

impl Window {
    /// No side: the search finds the exact value.
    pub const FULL: Self = Self {
        alpha: -UNBOUNDED,
        beta: UNBOUNDED,
    };

    /// What a fail-soft result within the window proves ([`Interval::from_result`]).
    #[must_use]
    pub fn proves(self, result: i64) -> Interval {
        Interval::from_result(self, result)
    }

    /// What the result says of the value: `upper` (a bound from above), `lower`, or `exact`.
    #[must_use]
    pub fn kind(self, result: i64) -> &'static str {
        if result <= self.alpha {
            "upper"
        } else if result >= self.beta {
            "lower"
        } else {
            "exact"
        }
    }

    /// The window `alpha beta` as [`Display`](fmt::Display) writes it; `None` for another
    /// text or an empty window.
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        let side = |text: &str| match text {
            "inf" => Some(UNBOUNDED),
            "-inf" => Some(-UNBOUNDED),
            _ => text
                .parse::<i64>()
                .ok()
                .map(|v| v.clamp(-UNBOUNDED, UNBOUNDED)),
        };
        let (alpha, beta) = text.split_once(' ')?;
        let window = Self {
            alpha: side(alpha)?,
            beta: side(beta)?,
        };
        (window.alpha < window.beta).then_some(window)
    }
}

impl fmt::Display for Window {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |v: i64| match v {
            v if v >= UNBOUNDED => "inf".to_owned(),
            v if v <= -UNBOUNDED => "-inf".to_owned(),
            v => v.to_string(),
        };
        write!(f, "{} {}", side(self.alpha), side(self.beta))
    }
}

/// The work of one job: search `position` within `window`.
#[derive(Debug, Clone)]
pub struct Job<G> {
    /// The position searched.
    pub position: G,
    /// The window of the search.
    pub window: Window,
    /// The round that asked it, from 1: the rounds run one after another, and a round's jobs
    /// load what the rounds before proved.
    pub round: u32,
    /// The prediction of its work, used to expand and to schedule the largest first: the
    /// position's search moves.
    pub size: usize,
}

/// What a job found, as its result file says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct JobResult {
    /// The job's window.
    pub window: Window,
    /// The job's round.
    pub round: u32,
    /// The fail-soft value of the search, or `None` if it ran out of its job time (a planner
    /// that splits long jobs then expands its position).
    pub value: Option<i64>,
    /// Nodes searched, in every run of the job.
    pub nodes: u64,
    /// Milliseconds the search took, in every run of the job.
    pub ms: u64,
    /// Milliseconds the job's process spent before the search: making the batch's table and
    /// loading the proofs of earlier rounds (counted on a batch's first job), and loading what
    /// a stopped run of the job proved.
    pub setup_ms: u64,
}

impl JobResult {
    /// What the result proves of the position's value.
    #[must_use]
    pub fn interval(&self) -> Interval {
        self.value
            .map_or(Interval::UNKNOWN, |value| self.window.proves(value))
    }
}

impl fmt::Display for JobResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let value = self
            .value
            .map_or("stopped".to_owned(), |value| value.to_string());
        let kind = self.value.map_or("none", |value| self.window.kind(value));
        write!(
            f,
            "round={} window={} result={value} bound={kind} nodes={} ms={} setup_ms={}",
            self.round,
            self.window.to_string().replace(' ', ","),
            self.nodes,
            self.ms,
            self.setup_ms
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_reads_back_as_written_and_an_empty_one_is_refused() {
        for window in [
            Window::FULL,
            Window { alpha: 3, beta: 4 },
            Window {
                alpha: -UNBOUNDED,
                beta: -7,
            },
        ] {
            assert_eq!(Window::parse(&window.to_string()), Some(window));
        }
        assert_eq!(Window::FULL.to_string(), "-inf inf");
        for bad in ["4 4", "5 3", "inf -inf", "3", "a b", "3 4 5"] {
            assert_eq!(Window::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_result_proves_its_side_of_the_window() {
        let window = Window { alpha: 2, beta: 5 };
        assert_eq!(
            (window.kind(2), window.kind(3), window.kind(5)),
            ("upper", "exact", "lower")
        );
        assert_eq!(
            window.proves(1),
            Interval {
                lower: -UNBOUNDED,
                upper: 1
            }
        );
        assert_eq!(window.proves(4), Interval::exactly(4));
        assert_eq!(
            window.proves(9),
            Interval {
                lower: 9,
                upper: UNBOUNDED
            }
        );
    }
}
