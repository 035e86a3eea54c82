//! The entry points at the root: null-window narrowing of an exact value, the root of a
//! depth-limited search, one move's value, the stored best move.

use super::moves::NO_CHILD;
use super::{Candidate, EXACT_DEPTH, Keyed, Negamax, Node, Scored};
use crate::game::Evaluator;
use crate::game::{Knowledge, ScoringGame, TableKey};

/// Which value each null-window test of [`Negamax::narrowed`] asks about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NullWindows {
    /// The middle of the range left (nearer 0 first, where most values of small games lie),
    /// as Pascal Pons' Connect 4 solver does; but the bound a test proved, when its fail-soft
    /// result lies past the test's own edge. Such a result is a bound the search found, not
    /// one the test asked about, and a value often lies at it (the premise of the stepping
    /// below), which the next test then settles; a result at the edge tells no more than the
    /// test, and the range is halved. Either way the test lies within the range, so each one
    /// narrows it (Kalah(4,4) with the seeds left 254 K nodes against 300 K by halving alone,
    /// Connect 4 within 0.02%, BENCHMARKS.md).
    Halving,
    /// The bound the last test proved, from a first guess: MTD(f) (Plaat, Schaeffer, Pijls and
    /// de Bruin, "Best-first fixed-depth minimax algorithms", Artificial Intelligence 87,
    /// 1996). Each test asks whether the value reaches the last result (fail-soft, so a
    /// bound as tight as the search found), which pays where the values lie near the guess
    /// and the results are tight: Kalah's margins (BENCHMARKS.md).
    Stepping {
        /// The value the first test asks about.
        guess: i64,
    },
}

impl NullWindows {
    /// The value `v` of the next test (is the value above `v`?), within `lower..upper`
    /// (`lower < upper`), `last` the last test and its result if any.
    fn test_at(self, (lower, upper): (i64, i64), last: Option<(i64, i64)>) -> i64 {
        match self {
            NullWindows::Halving => {
                // A result past its test's edge is now an end of the range: is the value
                // there?
                match last {
                    Some((at, result)) if result < at && result > lower => return result - 1,
                    Some((at, result)) if result > at + 1 && result < upper => return result,
                    _ => {}
                }
                let mid = lower + (upper - lower) / 2;
                if mid <= 0 && lower / 2 < mid {
                    lower / 2
                } else if mid >= 0 && upper / 2 > mid {
                    upper / 2
                } else {
                    mid
                }
            }
            NullWindows::Stepping { guess } => {
                // Is it at least the last bound proved (or the guess)? At the lower bound, is
                // it above it? Either way a test within the range, so each one narrows it.
                let at = last.map_or(guess, |(_, result)| result).clamp(lower, upper);
                if at == lower { at } else { at - 1 }
            }
        }
    }
}

/// The range `lower..=upper` left once the test at `at` (is the value above it?) found the
/// fail-soft `result`: at most `result` if it failed low, at least it if it failed high,
/// and narrower by one at least.
fn after_test((lower, upper): (i64, i64), at: i64, result: i64) -> (i64, i64) {
    if result <= at {
        (lower, result.min(at).max(lower))
    } else {
        (result.max(at + 1).min(upper), upper)
    }
}

impl<G: ScoringGame, E: Evaluator<G>, K: Knowledge<G>> Negamax<G, E, K> {
    /// The exact value of `position`, known to lie in `lower..=upper`, by null-window tests
    /// ([`NullWindows`]): each test is cheap, and the table keeps what the others proved.
    /// Fail-soft results narrow the range by more than the test when they can.
    pub fn narrowed(
        &mut self,
        position: &mut G,
        (mut lower, mut upper): (i64, i64),
        tests: NullWindows,
    ) -> Scored {
        let (mut proven, mut last) = (true, None);
        while lower < upper {
            let at = tests.test_at((lower, upper), last);
            let result = self.search(position, EXACT_DEPTH, at, at + 1, 0);
            if self.aborted {
                return result;
            }
            proven &= result.proven;
            (lower, upper) = after_test((lower, upper), at, result.value);
            last = Some((at, result.value));
        }
        Scored {
            value: lower,
            proven,
        }
    }

    /// The root of a depth-limited search: the value and the best move, with no table cut-off
    /// (the caller wants the move), over the game's search moves or the best `root_breadth`.
    pub fn search_root(
        &mut self,
        position: &mut G,
        depth: u16,
        alpha: i64,
        beta: i64,
    ) -> (Scored, Option<G::Move>) {
        let table_move = self.table_move(position);
        let complete = match self.settings.root_breadth {
            Some(breadth) => self.collect_best(position, 0, table_move, breadth),
            None => {
                self.collect_moves(position, 0, table_move, i64::MIN);
                true
            }
        };
        self.sort_moves(0);
        let Keyed { key, hash, .. } = self.keyed(position);
        let node = Node {
            key,
            hash,
            depth,
            window: (alpha, beta),
            ply: 0,
            nodes_before: self.nodes,
            floor: self.knowledge.value_floor(position),
        };
        let (result, best_move) = self.search_children(position, &node, complete, None);
        if !self.aborted {
            self.remember(&node, result, best_move);
        }
        (result, best_move)
    }

    /// The value of playing `mv` in `position`, searched `depth` plies within (`alpha`,
    /// `beta`), fail-soft.
    pub fn move_value(
        &mut self,
        position: &mut G,
        mv: G::Move,
        depth: u16,
        alpha: i64,
        beta: i64,
    ) -> Scored {
        let (margin, keeps) = position.margin_and_turn(mv);
        let candidate = Candidate {
            order: 0,
            margin,
            mv,
            keeps,
            deferred: false,
            child: NO_CHILD,
        };
        self.with_child(position, mv, |core, child| {
            core.child(child, None, depth, candidate, (alpha, beta), 0)
        })
    }

    /// The stored best move of `position`, if the table still has it (under a canonical key,
    /// a symmetric image's move may come back: a caller checks it before playing it).
    pub fn table_move(&self, position: &G) -> Option<G::Move> {
        self.table
            .probe(&self.table_key(position).0)
            .and_then(|entry| entry.best)
    }

    /// [`table_key`](Self::table_key) of `position` with its hash.
    #[inline]
    pub(super) fn keyed(&self, position: &G) -> Keyed<G::Key> {
        let (key, canonical) = self.table_key(position);
        let hash = key.hash64();
        Keyed {
            key,
            canonical,
            hash,
        }
    }

    /// The key `position` is stored under, and whether it is the knowledge's canonical key
    /// ([`Knowledge::canonical_key`]) rather than the game's.
    #[inline]
    pub(super) fn table_key(&self, position: &G) -> (G::Key, bool) {
        match self.knowledge.canonical_key(position) {
            Some(key) => (key, true),
            None => (position.key(), false),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::INFINITY;
    use super::*;

    /// The tests of a search whose value is `value` and whose fail-soft result is the
    /// tightest bound (`tight`: the value itself) or the loosest (the test's own edge), from
    /// `range`: the value found, and how many tests it took.
    fn find(tests: NullWindows, range: (i64, i64), value: i64, tight: bool) -> (i64, usize) {
        let (mut range, mut last, mut count) = (range, None, 0);
        while range.0 < range.1 {
            let at = tests.test_at(range, last);
            assert!(
                range.0 <= at && at < range.1,
                "{tests:?} {range:?} tested at {at}"
            );
            let result = match (tight, value <= at) {
                (true, _) => value,
                (false, true) => at,
                (false, false) => at + 1,
            };
            range = after_test(range, at, result);
            (last, count) = (Some((at, result)), count + 1);
        }
        (range.0, count)
    }

    #[test]
    fn every_test_lies_in_the_range_and_the_value_is_found() {
        let ways = [
            NullWindows::Halving,
            NullWindows::Stepping { guess: 0 },
            NullWindows::Stepping { guess: 5 },
            NullWindows::Stepping { guess: -40 },
            // A guess past any value a search allows is taken at the range's edge.
            NullWindows::Stepping { guess: i64::MAX },
            NullWindows::Stepping { guess: i64::MIN },
        ];
        for tests in ways {
            for lower in -9..=9 {
                for upper in lower..=9 {
                    for value in lower..=upper {
                        for tight in [true, false] {
                            let (found, count) = find(tests, (lower, upper), value, tight);
                            assert_eq!(found, value, "{tests:?} {lower}..={upper}");
                            assert!(count <= (upper - lower) as usize);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn halving_asks_next_about_a_result_past_the_tests_edge() {
        let halving = NullWindows::Halving;
        // Above 0? At least 5, the search found: is it above 5?
        assert_eq!(halving.test_at((5, 32), Some((0, 5))), 5);
        // Above 0? At most -5: is it at least -5 (above -6)?
        assert_eq!(halving.test_at((-32, -5), Some((0, -5))), -6);
        // Results at the test's edge tell no more than the test: halved, nearer 0 first.
        assert_eq!(halving.test_at((1, 32), Some((0, 1))), 16);
        assert_eq!(halving.test_at((-32, 0), Some((0, 0))), -16);
        // With no test before, and past the edge onto the range's other end, halved too.
        assert_eq!(halving.test_at((-32, 32), None), -16);
        assert_eq!(halving.test_at((5, 6), Some((3, 6))), 5);
    }

    #[test]
    fn stepping_from_a_guess_needs_two_tests_when_the_results_are_tight() {
        // MTD(f): is it at least the guess, then is it above the bound the first proved (or
        // at least it)? Over the whole range a search allows.
        let stepping = NullWindows::Stepping { guess: 0 };
        for value in [-7, -1, 0, 1, 12] {
            let (found, count) = find(stepping, (-INFINITY, INFINITY), value, true);
            assert_eq!((found, count), (value, 2), "{value}");
        }
    }
}
