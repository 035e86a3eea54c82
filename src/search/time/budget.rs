//! `Budget`: how far a search may go, in depth, nodes or time.

use std::time::{Duration, Instant};

/// How much a search may spend: a depth, a node count, a wall-clock deadline and a time
/// counted from the search's start, each optional. The default is unlimited.
///
/// # Examples
///
/// ```
/// use gamesolver::search::Budget;
/// use std::time::Duration;
///
/// let budget = Budget::default().with_depth(6).with_time(Duration::from_millis(400));
/// assert_eq!(budget.depth, Some(6));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct Budget {
    /// The deepest iteration, in plies.
    pub depth: Option<u16>,
    /// The most nodes to visit.
    pub nodes: Option<u64>,
    /// The moment by which the search must have returned.
    pub deadline: Option<Instant>,
    /// The longest the search may take, counted from its start (each call of a solver or an
    /// engine that takes this budget starts its own count).
    pub time: Option<Duration>,
}

impl Budget {
    /// Limits the depth.
    #[must_use]
    pub fn with_depth(mut self, depth: u16) -> Self {
        self.depth = Some(depth);
        self
    }

    /// Limits the number of nodes.
    #[must_use]
    pub fn with_nodes(mut self, nodes: u64) -> Self {
        self.nodes = Some(nodes);
        self
    }

    /// Limits each search to `time` from its own start: a solver given this budget once
    /// gives every later solve the same time, however long after it was built.
    #[must_use]
    pub fn with_time(mut self, time: Duration) -> Self {
        self.time = Some(time);
        self
    }

    /// The same budget for a search that starts at `start`: the time turned into a deadline
    /// (the earlier of it and the deadline, if both are set).
    ///
    /// # Examples
    ///
    /// ```
    /// use gamesolver::search::Budget;
    /// use std::time::{Duration, Instant};
    ///
    /// let start = Instant::now();
    /// let budget = Budget::default().with_time(Duration::from_millis(50)).started_at(start);
    /// assert_eq!(budget.deadline, Some(start + Duration::from_millis(50)));
    /// assert_eq!(budget.time, None);
    /// ```
    #[must_use]
    pub fn started_at(mut self, start: Instant) -> Self {
        if let Some(time) = self.time.take() {
            let end = start.checked_add(time);
            self.deadline = match (self.deadline, end) {
                (Some(deadline), Some(end)) => Some(deadline.min(end)),
                (deadline, end) => deadline.or(end),
            };
        }
        self
    }

    /// Sets an absolute deadline.
    #[must_use]
    pub fn with_deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }
}
