//! Play that comes back to a position, found before it overflows the stack: a game that says
//! its positions never repeat ([`Game::POSITIONS_REPEAT`](crate::Game::POSITIONS_REPEAT)
//! left `false`), or knowledge that claims to value every cycle and does not, would otherwise
//! send the search down the cycle until the thread's stack ran out.
//!
//! From ply [`DEEP_PLY`] on, the keys of the positions on the search's path are kept, and
//! every [`CHECK_EVERY`] plies the position's key is looked for among them. A position that
//! comes back at plies i < j makes every later position of that line come back every j - i
//! plies, so the repetition is seen by ply j + `CHECK_EVERY` at the latest; the search then
//! stops, and the solver reports the position ([`SolveError::Cycle`](crate::SolveError::Cycle)).
//! A game that never repeats pays one comparison a node, and a copy of its key a node past
//! [`DEEP_PLY`] plies (PrimeGame's boards past 128 numbers reach it, where their nodes are a
//! sliver of the tree: `solve 150` took the same time as before the check).

use super::{Negamax, Scored};
use crate::game::{Evaluator, Knowledge, ScoringGame};

/// The ply from which the path's keys are kept.
pub(crate) const DEEP_PLY: usize = 128;

/// How often, in plies, a deep position's key is looked for on the path.
const CHECK_EVERY: usize = 64;

/// The longest text of a key a cycle's report quotes.
const KEY_TEXT: usize = 200;

impl<G: ScoringGame, E: Evaluator<G>, K: Knowledge<G>> Negamax<G, E, K> {
    /// [`search`](Self::search) of a position at least [`DEEP_PLY`] plies from the root, its
    /// key kept on the path while its subtree is searched; a position met again on the path
    /// stops the search.
    #[cold]
    #[inline(never)]
    pub(super) fn search_deep(
        &mut self,
        position: &mut G,
        table_key: Option<&super::Keyed<G::Key>>,
        depth: u16,
        window: (i64, i64),
        ply: usize,
    ) -> Scored {
        let key = position.key();
        if ply.is_multiple_of(CHECK_EVERY) && self.deep_path.contains(&key) {
            let mut text = format!("{key:?}");
            text.truncate(KEY_TEXT);
            self.cycle = Some(text);
            self.aborted = true;
            return Scored {
                value: 0,
                proven: false,
            };
        }
        self.deep_path.push(key);
        let result = self.search_node(position, table_key, depth, window, ply);
        self.deep_path.pop();
        result
    }

    /// The key of a position the last search met twice on one line of play, as text.
    pub fn cycle(&self) -> Option<&str> {
        self.cycle.as_deref()
    }
}
