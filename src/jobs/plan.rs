//! The proof graph a round is planned on: positions expanded into their moves' claims, the
//! intervals proven below them, and the claims left open at its leaves (the jobs).

use super::claim::{Bound, Claim, Interval};
use super::job::Job;
use crate::game::{Knowledge, ScoringGame};
use std::collections::{HashMap, HashSet};

/// One pass over the proof graph: what the results prove of each position it reaches, and
/// the open claims at its leaves.
pub(crate) struct Graph<'a, G: ScoringGame, K> {
    knowledge: &'a K,
    proven: &'a HashMap<G::Key, Interval>,
    expanded: &'a HashSet<G::Key>,
    memo: HashMap<G::Key, Interval>,
    // Claims already walked: a position reached by many orders is walked once a claim.
    walked: HashSet<(G::Key, Claim)>,
}

impl<'a, G: ScoringGame, K: Knowledge<G>> Graph<'a, G, K> {
    pub(crate) fn new(
        knowledge: &'a K,
        proven: &'a HashMap<G::Key, Interval>,
        expanded: &'a HashSet<G::Key>,
    ) -> Self {
        Self {
            knowledge,
            proven,
            expanded,
            memo: HashMap::new(),
            walked: HashSet::new(),
        }
    }

    /// The search moves of `position`, in the game's order.
    fn moves(&self, position: &G) -> Vec<G::Move> {
        let mut moves = Vec::new();
        self.knowledge.search_moves(position, i64::MIN, &mut moves);
        moves
    }

    /// The search moves of `position`, largest margin first (the game's order among equals):
    /// the order an OR node tries them in.
    fn ordered_moves(&self, position: &G) -> Vec<G::Move> {
        let mut moves = self.moves(position);
        moves.sort_by_key(|&mv| std::cmp::Reverse(position.margin(mv)));
        moves
    }

    /// What is proven of `position`'s value: its results, the knowledge's bounds, and, if it
    /// is expanded, the best its moves can be worth given what is proven of them (negamax on
    /// intervals: each side of the best move's worth is the largest of that side).
    pub(crate) fn interval(&mut self, position: &G) -> Interval {
        let key = position.key();
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        let mut interval = self.proven.get(&key).copied().unwrap_or_default();
        if let Some(bounds) = self.knowledge.facts(position).bounds {
            interval = interval.meet(Interval {
                lower: *bounds.start(),
                upper: *bounds.end(),
            });
        }
        let moves = self.moves(position);
        if moves.is_empty() {
            interval = Interval::exactly(0);
        } else if self.expanded.contains(&key) {
            let mut best = Interval {
                lower: i64::MIN,
                upper: i64::MIN,
            };
            for mv in moves {
                let child = self.interval(&position.after(mv));
                let (margin, keeps) = position.margin_and_turn(mv);
                let worth = child.through(margin, keeps);
                best.lower = best.lower.max(worth.lower);
                best.upper = best.upper.max(worth.upper);
            }
            interval = interval.meet(best);
        }
        self.memo.insert(key, interval);
        interval
    }

    /// Adds to `jobs` the open claims at the leaves under `claim` on `position`: nothing if
    /// what is proven decides it; the claim itself at a leaf; below an expanded position, for
    /// [`Bound::AtMost`] the claims through every move not proven (all are needed), for
    /// [`Bound::AtLeast`] the claim through the first move (one move proves it) until a move
    /// is refuted, then through every move not refuted.
    pub(crate) fn open_claims(
        &mut self,
        position: &G,
        claim: Claim,
        jobs: &mut HashMap<(G::Key, Claim), Job<G>>,
    ) {
        if claim.decided_by(self.interval(position)).is_some() {
            return;
        }
        let key = position.key();
        if !self.walked.insert((key.clone(), claim)) {
            return;
        }
        if !self.expanded.contains(&key) {
            let size = self.moves(position).len();
            jobs.entry((key, claim)).or_insert_with(|| Job {
                position: position.clone(),
                window: claim.window(),
                round: 0,
                size,
            });
            return;
        }
        let mut open = Vec::new();
        let mut refuted = false;
        for mv in self.ordered_moves(position) {
            let child = position.after(mv);
            let (margin, keeps) = position.margin_and_turn(mv);
            let through = claim.through(margin, keeps);
            match (claim.bound, through.decided_by(self.interval(&child))) {
                (Bound::AtLeast, Some(false)) => refuted = true,
                (Bound::AtMost, Some(true)) => {}
                _ => open.push((child, through)),
            }
        }
        // An OR node tries its first open move alone until one of its moves is refuted: then
        // the claim may well be false, and refuting it takes every move, all at once.
        if claim.bound == Bound::AtLeast && !refuted {
            open.truncate(1);
        }
        for (child, through) in open {
            self.open_claims(&child, through, jobs);
        }
    }
}
