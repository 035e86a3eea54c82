//! The budget: nodes counted, the clock read at a rate that suits the cost of a node, the
//! progress reported.

use super::{Negamax, PROGRESS_EVERY};
use crate::game::Evaluator;
use crate::game::{Knowledge, ScoringGame};
use crate::search::Progress;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// How often the clock is read, by elapsed time: a node costs from a tenth of a microsecond
/// (a small exact solve) to milliseconds (a move that changes half of a large board), so a
/// fixed node count would overshoot a deadline on one game and waste time on another.
const CLOCK_EVERY: Duration = Duration::from_micros(250);

/// The most nodes between two readings of the clock: node costs vary within one search (a
/// move on a large board can change thousands of gains), so the interval stays short and
/// drops to one node after a long gap. A reading costs about 25 ns.
const MAX_CLOCK_INTERVAL: u64 = 32;

impl<G: ScoringGame, E: Evaluator<G>, K: Knowledge<G>> Negamax<G, E, K> {
    /// Starts a new budgeted call on `position`: the node budget counts from here, the clock
    /// is read at the first node, and the position says whether to undo moves or copy it.
    pub fn begin_on(&mut self, position: &G) {
        self.undo = G::CAN_UNDO && self.knowledge.undo_pays(position);
        self.aborted = false;
        self.deadline = self.settings.budget.started_at(Instant::now()).deadline;
        self.node_limit = self
            .settings
            .budget
            .nodes
            .map_or(u64::MAX, |limit| self.nodes.saturating_add(limit));
        self.clock_interval = 1;
        self.until_clock = 1;
        self.last_clock = None;
    }

    pub(super) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            self.aborted = true;
        }
        self.until_clock -= 1;
        if self.until_clock == 0 {
            self.read_clock();
        }
        if self
            .stop
            .as_ref()
            .is_some_and(|stop| stop.load(Ordering::Relaxed))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// Checks the budget and the progress report, and sets how many nodes pass before the
    /// next reading so that readings come about every `CLOCK_EVERY`, whatever a node costs.
    pub(super) fn read_clock(&mut self) {
        let now = Instant::now();
        if let Some(last) = self.last_clock {
            let gap = now.saturating_duration_since(last);
            if gap < CLOCK_EVERY / 2 && self.clock_interval < MAX_CLOCK_INTERVAL {
                self.clock_interval *= 2;
            } else if gap > CLOCK_EVERY {
                self.clock_interval = 1;
            }
        }
        self.last_clock = Some(now);
        self.until_clock = self.clock_interval;
        if self.deadline.is_some_and(|deadline| now >= deadline) {
            self.aborted = true;
        }
        if let Some(report) = self.progress.as_mut() {
            let due = *self.next_report.get_or_insert(now + PROGRESS_EVERY);
            if now >= due {
                report(&Progress {
                    nodes: self.nodes,
                    stage: self.settings.stage,
                    table: self.table_counts,
                });
                self.next_report = Some(now + PROGRESS_EVERY);
            }
        }
    }
}
