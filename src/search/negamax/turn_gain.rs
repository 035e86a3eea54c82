//! The order of moves that keep the turn: by what the whole turn they begin can gain.
//!
//! After a move that keeps the turn the mover chooses again, so its own margin says little:
//! in Kalah a sowing into one's store scores one seed and opens a capture or another sowing.
//! A search that takes each move alone would otherwise see only that seed, where a user who
//! writes a whole turn as one move sorts the turns by all they score. So a move that keeps
//! the turn is ordered
//! by its *turn gain*: its margin plus the most the rest of the turn can score by margins
//! alone, looking through every chain of moves that keep the turn, up to [`TURN_LOOKAHEAD`]
//! positions a node (a game of long chains, such as Dots and Boxes, is cut short there). The
//! whole solve of Kalah(5, 4) takes 2.5 M nodes so, against 13.3 M with such moves simply
//! tried first and 51.6 M by their margins (BENCHMARKS.md, "Kalah").
//!
//! Where the look-ahead seldom changes which move comes first, it costs its time for nothing:
//! in Dots and Boxes the boxes a turn can take come to the same total in any order, and a line
//! that passes the turn never scores. So a search measures how often the look-ahead changed
//! its node's first move, and looks ahead at every node only while that is at least one node
//! in [`RARELY`]; else at one node in [`SAMPLE_EVERY`], to notice when it pays again.
//!
//! A turn looked through whole is kept in a small memo with the look-ahead it took ([`Memo`]),
//! since the child's node and the next null-window test look through it again.
//!
//! Only the order changes: every move is still searched, so a value never depends on it.

use crate::game::{ScoringGame, TableKey};

/// The most positions a node looks through to order its moves that keep the turn.
pub(crate) const TURN_LOOKAHEAD: usize = 64;

/// Move lists for the look-ahead, one per step of a chain, so that ordering allocates only
/// while the longest chain grows.
#[derive(Debug)]
pub(crate) struct TurnGain<M> {
    lists: Vec<Vec<M>>,
    /// Positions left to look through at this node.
    lookahead_left: usize,
    /// Nodes looked ahead at, and at how many of them that changed the first move (both
    /// halved now and then, so that they follow the search).
    looks: u32,
    changes: u32,
    /// Nodes asked whether to look ahead.
    asked: u32,
    /// The gains of the turns looked through lately, by their positions' hashes (see
    /// [`Memo`]); empty until a move keeps the turn.
    memo: Vec<Memo>,
}

/// A turn's gain from a position, looked through whole: a node looks through the turns of
/// its children's children, which the child's own node then orders by, and a null-window
/// test visits a node again. Kept with the look-ahead it took, so that a gain read back
/// takes as much of the node's look-ahead as working it out would have: the order is the
/// same as without the memo, move for move (unless two positions' 64-bit hashes meet, which
/// changes an order, never a value).
#[derive(Debug, Clone, Copy, Default)]
struct Memo {
    hash: u64,
    gain: i64,
    /// Positions looked through (at most [`TURN_LOOKAHEAD`]).
    used: u32,
    /// Whether the slot holds a gain.
    kept: bool,
}

/// Slots of the memo: 1024 of 24 bytes, 24 KiB, within the first-level cache (4096 were no
/// faster on Kalah).
const MEMO_SLOTS: usize = 1 << 10;

/// The look-ahead runs at every node while it changes the first move at one node in this many
/// or more.
pub(crate) const RARELY: u32 = 16;

/// Where it changes less, one node in this many looks ahead.
pub(crate) const SAMPLE_EVERY: u32 = 64;

/// The nodes that always look ahead, before the first judgement.
const WARM_UP: u32 = 256;

impl<M> Default for TurnGain<M> {
    fn default() -> Self {
        Self {
            lists: Vec::new(),
            lookahead_left: 0,
            looks: 0,
            changes: 0,
            asked: 0,
            memo: Vec::new(),
        }
    }
}

impl<M> TurnGain<M> {
    /// Whether this node should look ahead (see the module's docs).
    pub(crate) fn worth_looking(&mut self) -> bool {
        self.asked = self.asked.wrapping_add(1);
        self.looks < WARM_UP
            || self.changes * RARELY >= self.looks
            || self.asked.is_multiple_of(SAMPLE_EVERY)
    }

    /// Counts a node that looked ahead, and whether that `changed` its first move.
    pub(crate) fn record(&mut self, changed: bool) {
        self.looks += 1;
        self.changes += u32::from(changed);
        if self.looks >= 1 << 12 {
            self.looks /= 2;
            self.changes /= 2;
        }
    }
}

impl<M: Copy> TurnGain<M> {
    /// Starts a node: [`TURN_LOOKAHEAD`] positions to look through for all its moves.
    pub(crate) fn start_node(&mut self) {
        self.lookahead_left = TURN_LOOKAHEAD;
    }

    /// The order of the legal move `mv` of `position` whose `margin` is given: the margin of a
    /// move that passes the turn; for one that keeps it, the margin plus the best gain of
    /// the turn that goes on (while the node's look-ahead lasts), from its `child` if it is
    /// made already.
    pub(crate) fn of_move<G>(
        &mut self,
        position: &G,
        (mv, child): (M, Option<&G>),
        margin: i64,
        keeps: bool,
    ) -> i64
    where
        G: ScoringGame<Move = M>,
    {
        if !keeps || self.lookahead_left == 0 {
            return margin;
        }
        self.lookahead_left -= 1;
        let (gain, _) = match child {
            Some(child) => self.best_after(child, 0),
            None => self.best_after(&position.after(mv), 0),
        };
        margin.saturating_add(gain)
    }

    /// The most a turn that continues at `position` (the same mover) can score by margins,
    /// and whether the look-ahead lasted for the whole turn: read back from the memo if it
    /// was looked through whole and the node's look-ahead left covers it, else looked through
    /// now (and kept, if whole).
    fn best_after<G>(&mut self, position: &G, level: usize) -> (i64, bool)
    where
        G: ScoringGame<Move = M>,
    {
        if self.memo.is_empty() {
            self.memo = vec![Memo::default(); MEMO_SLOTS];
        }
        let hash = position.key().hash64();
        let slot = (hash as usize) % MEMO_SLOTS;
        let memo = self.memo[slot];
        let used = memo.used as usize;
        if memo.kept && memo.hash == hash && used <= self.lookahead_left {
            self.lookahead_left -= used;
            return (memo.gain, true);
        }
        let before = self.lookahead_left;
        let (gain, whole) = self.look_through(position, level);
        if whole {
            // At most TURN_LOOKAHEAD: fits.
            let used = (before - self.lookahead_left) as u32;
            self.memo[slot] = Memo {
                hash,
                gain,
                used,
                kept: true,
            };
        }
        (gain, whole)
    }

    /// [`best_after`](Self::best_after) worked out.
    fn look_through<G>(&mut self, position: &G, level: usize) -> (i64, bool)
    where
        G: ScoringGame<Move = M>,
    {
        if self.lists.len() <= level {
            self.lists.resize_with(level + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.lists[level]);
        moves.clear();
        position.generate_moves(&mut moves);
        let mut best = if moves.is_empty() { 0 } else { i64::MIN };
        let mut whole = true;
        for &mv in &moves {
            // Where the game scores by playing, the move is played once for both.
            let mut child = G::SCORES_BY_PLAYING.then(|| position.clone());
            let (mut gain, keeps) = match &mut child {
                Some(child) => child.play_and_score(mv),
                None => position.margin_and_turn(mv),
            };
            if keeps && self.lookahead_left > 0 {
                self.lookahead_left -= 1;
                let child = child.unwrap_or_else(|| position.after(mv));
                let (after, child_whole) = self.best_after(&child, level + 1);
                gain = gain.saturating_add(after);
                whole &= child_whole;
            } else if keeps {
                // The turn is cut short here.
                whole = false;
            }
            best = best.max(gain);
        }
        self.lists[level] = moves;
        (best, whole)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Points};

    /// Coins in a row: a move takes one, scores its worth, and keeps the turn when the worth
    /// is odd.
    #[derive(Clone, Debug)]
    struct Coins(Vec<u8>);

    impl Game for Coins {
        type Move = usize;
        type Key = Vec<u8>;
        const NAME: &'static str = "coins";
        fn generate_moves(&self, out: &mut Vec<usize>) {
            out.extend(0..self.0.len());
        }
        fn play_unchecked(&mut self, mv: usize) {
            self.0.remove(mv);
        }
        fn key(&self) -> Vec<u8> {
            self.0.clone()
        }
    }

    impl ScoringGame for Coins {
        fn points(&self, mv: usize) -> Points {
            Points {
                mover: u64::from(self.0[mv]),
                opponent: 0,
            }
        }
        fn keeps_turn(&self, mv: usize) -> bool {
            self.0[mv] % 2 == 1
        }
    }

    /// Every sum a turn that starts with `mv` can score, by brute force.
    fn best_turn(position: &Coins, mv: usize) -> i64 {
        let margin = position.margin(mv);
        let next = position.after(mv);
        if !position.keeps_turn(mv) {
            return margin;
        }
        let rest = next
            .legal_moves()
            .into_iter()
            .map(|mv| best_turn(&next, mv));
        margin + rest.max().unwrap_or(0)
    }

    #[test]
    fn a_move_that_keeps_the_turn_is_worth_the_best_turn_it_begins() {
        let position = Coins(vec![1, 4, 3, 2, 5, 7]);
        let mut gain = TurnGain::default();
        for mv in position.legal_moves() {
            gain.start_node();
            let (margin, keeps) = (position.margin(mv), position.keeps_turn(mv));
            assert_eq!(
                gain.of_move(&position, (mv, None), margin, keeps),
                best_turn(&position, mv)
            );
        }
        // The 1, then the 3, 5 and 7 and the best even coin.
        assert_eq!(best_turn(&position, 0), 1 + 3 + 5 + 7 + 4);
    }

    #[test]
    fn the_look_ahead_stops_at_its_budget_with_a_gain_no_larger_than_the_best() {
        let position = Coins((0..12).map(|i| 2 * i + 1).collect());
        let mut gain = TurnGain::default();
        gain.start_node();
        let cut_short = gain.of_move(&position, (0, None), 1, true);
        assert_eq!(gain.lookahead_left, 0);
        assert!(cut_short >= 1 && cut_short <= best_turn(&position, 0));
        // With the look-ahead spent, a move counts its margin alone.
        assert_eq!(gain.of_move(&position, (1, None), 3, true), 3);
    }

    /// The look-ahead without a memo: the turn's gain from `position` within `budget`
    /// positions, and the budget left.
    fn looked_through(position: &Coins, budget: usize) -> (i64, usize) {
        let (mut best, mut left) = (if position.0.is_empty() { 0 } else { i64::MIN }, budget);
        for mv in position.legal_moves() {
            let mut gain = position.margin(mv);
            if position.keeps_turn(mv) && left > 0 {
                let (after, rest) = looked_through(&position.after(mv), left - 1);
                (gain, left) = (gain + after, rest);
            }
            best = best.max(gain);
        }
        (best, left)
    }

    #[test]
    fn a_gain_from_the_memo_is_the_look_ahead_s_and_takes_as_much_of_it() {
        let rows = [
            vec![1, 4, 3, 2, 5, 7],
            vec![3, 1, 2, 5],
            vec![1, 3, 5, 7, 9, 2, 11],
        ];
        let mut memo = TurnGain::default();
        for budget in (0..=TURN_LOOKAHEAD).rev().chain(0..=TURN_LOOKAHEAD) {
            for row in &rows {
                let position = Coins(row.clone());
                for mv in position.legal_moves() {
                    let (margin, keeps) = (position.margin(mv), position.keeps_turn(mv));
                    memo.lookahead_left = budget;
                    let gain = memo.of_move(&position, (mv, None), margin, keeps);
                    let expected = match (keeps, budget) {
                        (true, 1..) => {
                            let (after, left) = looked_through(&position.after(mv), budget - 1);
                            (margin + after, left)
                        }
                        _ => (margin, budget),
                    };
                    assert_eq!(
                        (gain, memo.lookahead_left),
                        expected,
                        "{row:?} {mv} {budget}"
                    );
                }
            }
        }
        assert!(memo.memo.iter().any(|slot| slot.kept));
    }

    #[test]
    fn a_look_ahead_that_never_changes_the_order_is_sampled() {
        let mut gain = TurnGain::<usize>::default();
        let looked = |gain: &mut TurnGain<usize>, nodes: u32| {
            (0..nodes).filter(|_| gain.worth_looking()).count()
        };
        for _ in 0..WARM_UP {
            assert!(gain.worth_looking());
            gain.record(false);
        }
        assert_eq!(looked(&mut gain, 64 * SAMPLE_EVERY), 64);
        // Once it changes the first move at one node in `RARELY`, it runs everywhere.
        for _ in 0..WARM_UP / 4 {
            gain.record(true);
        }
        assert_eq!(looked(&mut gain, 1000), 1000);
    }
}
