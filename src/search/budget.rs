//! `Budget`: how far a search may go, in depth, nodes or time.

use std::time::{Duration, Instant};

/// How much a search may spend: a depth, a node count and a wall-clock deadline, each
/// optional. The default is unlimited.
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
pub struct Budget {
    /// The deepest iteration, in plies.
    pub depth: Option<u16>,
    /// The most nodes to visit.
    pub nodes: Option<u64>,
    /// The moment by which the search must have returned.
    pub deadline: Option<Instant>,
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

    /// Sets a deadline `time` from now.
    #[must_use]
    pub fn with_time(mut self, time: Duration) -> Self {
        self.deadline = Instant::now().checked_add(time);
        self
    }

    /// Sets an absolute deadline.
    #[must_use]
    pub fn with_deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }
}
