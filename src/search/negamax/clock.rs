//! The budget at each node: nodes counted, the clock (`search::time::Clock`) read when due,
//! the progress reported.

use super::{Negamax, PROGRESS_EVERY};
use crate::game::Evaluator;
use crate::game::{Knowledge, ScoringGame};
use crate::search::Progress;
use std::sync::atomic::Ordering;
use std::time::Instant;

impl<G: ScoringGame, E: Evaluator<G>, K: Knowledge<G>> Negamax<G, E, K> {
    /// Starts a new budgeted call on `position`: the node budget counts from here, the clock
    /// is read at the first node, and the position says whether to undo moves or copy it.
    pub fn begin_on(&mut self, position: &G) {
        self.undo = G::CAN_UNDO && self.knowledge.undo_pays(position);
        self.aborted = false;
        self.deep_path.clear();
        self.cycle = None;
        let deadline = self.settings.budget.started_at(Instant::now()).deadline;
        self.clock.start(deadline, self.progress.is_some());
        self.node_limit = self
            .settings
            .budget
            .nodes
            .map_or(u64::MAX, |limit| self.nodes.saturating_add(limit));
    }

    pub(super) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            self.aborted = true;
        }
        if self.clock.due() {
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

    /// Reads the clock: checks the deadline and whether a progress report is due.
    pub(super) fn read_clock(&mut self) {
        let (now, past_deadline) = self.clock.read();
        if past_deadline {
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
