//! What a job is and what it answers: a search of one position within a window ([`Job`]),
//! and its fail-soft result with the work it took ([`JobResult`]). Every planner
//! makes jobs of this one kind, and every job file holds one.

use super::claim::{Interval, Window};
use std::fmt;

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
    fn a_result_reads_as_its_bound_and_a_stopped_one_proves_nothing() {
        let result = JobResult {
            window: Window { alpha: 2, beta: 5 },
            round: 3,
            value: Some(6),
            nodes: 10,
            ms: 1,
            setup_ms: 0,
        };
        assert_eq!(result.interval().lower, 6);
        let line = result.to_string();
        assert!(
            line.starts_with("round=3 window=2,5 result=6 bound=lower"),
            "{line}"
        );
        let stopped = JobResult {
            value: None,
            ..result
        };
        assert_eq!(stopped.interval(), Interval::UNKNOWN);
        assert!(stopped.to_string().contains("result=stopped bound=none"));
    }
}
