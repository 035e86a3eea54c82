//! A [`ChanceEngine`](super::ChanceEngine) iteration on threads, split at the nodes searched
//! with the game's bounds as their window, which are searched whole: the root, then the first
//! move's child, the first move's child after it, and so on, while two players' moves or more
//! are left. At such a chance node every chance move is searched whole (Star1 and Star2 cut
//! nothing in that window), each on the first thread free; at a player's node the first move
//! in the search's order is searched first (split the same way), then the others, each on the
//! first thread free within the best worth found so far when it starts. Each thread has a
//! search of its own; they share one table, so that a subtree one searched is not searched
//! again by another.
//!
//! Why a value is the definition's: a chance move's worth is exact whichever thread searched
//! it, and the mean is summed in the chance moves' order. A player's move searched within a
//! best worth `a` older than the current one: a result at or below `a` is an upper bound on
//! its worth (fail-soft), so at most the best found so far, and it is not the best; a result
//! above `a` is its exact worth. So the largest result is the node's value, and its move a
//! best move. Without a table (`with_max_entries(0)`) the value to a depth is then the
//! definition's, as on one thread, which the tests check on random games. With a table, an
//! entry searched deeper may answer a shallower search, on one thread as on several; which
//! entries are there when depends on the threads' timing, so the value to a depth may differ
//! from one thread's in the estimates it rests on (a value reported exact does not), and with
//! moves of equal worth which is found first may change.

use super::search::{Halt, Search, place};
use super::table::Shared;
use super::value::Expectation;
use super::worth::move_worth;
use crate::game::{ChanceGame, Evaluator, NoKnowledge};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

/// The depth (players' moves) from which a node's children are split between the threads:
/// below it a node's subtree is too small to share out.
pub(super) const SPLIT_FROM: u16 = 2;

/// The helper threads of a search on threads, with their searches, the table they share
/// with the main search, and the flag that stops them all.
#[derive(Debug)]
pub(super) struct Threads<G: ChanceGame, V, E> {
    pool: rayon::ThreadPool,
    helpers: Vec<Search<G, V, E>>,
    shared: Arc<Shared<G::Key, V>>,
    stop: Arc<AtomicBool>,
}

impl<G: ChanceGame, V: Expectation, E: Evaluator<G>> Threads<G, V, E> {
    /// `threads - 1` helpers of `main`, with its settings, sharing a table with it; `None`
    /// if the system gives no threads.
    pub(super) fn new(main: &mut Search<G, V, E>, threads: usize) -> Option<Self> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads - 1)
            .thread_name(|i| format!("gamesolver-chance-{i}"))
            .build()
            .ok()?;
        let max_entries = main.table.max_entries();
        let shared = Arc::new(Shared::new(max_entries));
        let stop = Arc::new(AtomicBool::new(false));
        main.table.share(Arc::clone(&shared));
        main.stop = Some(Arc::clone(&stop));
        let helpers = (1..threads)
            .map(|_| {
                let mut helper = Search::new(
                    main.evaluator.clone(),
                    NoKnowledge,
                    max_entries,
                    main.pruning,
                );
                helper.entries_after_chance = main.entries_after_chance;
                helper.order_by_estimate = main.order_by_estimate;
                helper.table.share(Arc::clone(&shared));
                helper.stop = Some(Arc::clone(&stop));
                helper
            })
            .collect();
        Some(Self {
            pool,
            helpers,
            shared,
            stop,
        })
    }

    /// Forgets what the helpers' tables and the shared one hold.
    pub(super) fn clear(&mut self) {
        self.shared.clear();
        for helper in &mut self.helpers {
            helper.clear();
        }
    }

    /// The helpers' searches.
    pub(super) fn helpers(&self) -> &[Search<G, V, E>] {
        &self.helpers
    }

    /// Gives each helper `deadline` and `nodes` more nodes at most, if given.
    pub(super) fn set_budget(&mut self, deadline: Option<Instant>, nodes: Option<u64>) {
        for helper in &mut self.helpers {
            let most = nodes.map(|nodes| helper.nodes.saturating_add(nodes));
            helper.set_budget(deadline, most);
        }
    }

    /// The value of `position`, `depth` players' moves deep, searched on the threads within
    /// the game's bounds, and the place of its best move; kept in the table.
    pub(super) fn iterate(
        &mut self,
        main: &mut Search<G, V, E>,
        position: &G,
        depth: u16,
    ) -> Result<(V, Option<u16>), Halt> {
        self.stop.store(false, Ordering::Relaxed);
        self.node(main, position, depth, 0)
    }

    /// The value of `position` within the game's bounds, `depth` players' moves deep, on the
    /// threads, and the place of its best move; kept in the table.
    fn node(
        &mut self,
        main: &mut Search<G, V, E>,
        position: &G,
        depth: u16,
        ply: usize,
    ) -> Result<(V, Option<u16>), Halt> {
        main.count_node(ply)?;
        if let Some(value) = main.known_value(position, depth) {
            return Ok((value, main.best_place(position)));
        }
        let estimates = self.estimates(main);
        let (value, best) = if position.is_chance() {
            (self.chance_node(main, position, depth, ply)?, None)
        } else {
            self.player_node(main, position, depth, ply)?
        };
        let estimated = self.estimates(main) != estimates;
        main.remember(position, value.clone(), (depth, estimated), best);
        Ok((value, best))
    }

    /// The estimates taken so far on every thread.
    fn estimates(&self, main: &Search<G, V, E>) -> u64 {
        self.helpers
            .iter()
            .fold(main.estimates, |sum, helper| sum + helper.estimates)
    }

    /// The mean of the chance moves' worths, each searched whole on some thread.
    fn chance_node(
        &mut self,
        main: &mut Search<G, V, E>,
        position: &G,
        depth: u16,
        ply: usize,
    ) -> Result<V, Halt> {
        let mut drawn = Vec::new();
        position.chance_moves(&mut drawn);
        let worths = Mutex::new(vec![None; drawn.len()]);
        self.run(main, position, drawn.len(), |search, position, i| {
            let mv = drawn[i].0;
            let child = position.after(mv);
            let window = whole(search, &child);
            let value = search.search_after_chance(&child, window, depth, ply + 1)?;
            let worth = move_worth(position, mv, value);
            worths.lock().unwrap_or_else(PoisonError::into_inner)[i] = Some(worth);
            Ok(())
        })?;
        let worths = worths.into_inner().unwrap_or_else(PoisonError::into_inner);
        let (mut sum, mut total) = (V::from_int(0), V::from_int(0));
        for (worth, &(_, weight)) in worths.into_iter().zip(&drawn) {
            let weight = V::from_int(i64::from(weight));
            sum = sum + weight.clone() * worth.unwrap_or_else(|| V::from_int(0));
            total = total + weight;
        }
        Ok(if drawn.is_empty() { sum } else { sum / total })
    }

    /// The best worth of the moves and its move's place: the first move in the search's
    /// order searched whole (on the threads, if the subtree is deep enough), then the others
    /// on the threads (see the module docs).
    fn player_node(
        &mut self,
        main: &mut Search<G, V, E>,
        position: &G,
        depth: u16,
        ply: usize,
    ) -> Result<(V, Option<u16>), Halt> {
        let first = main.best_place(position);
        let (moves, generated) = main.ordered_moves(position, first, depth);
        let head = self.first_worth(main, position, &moves, depth, ply);
        let lists = (moves, generated);
        let Some(head) = head.transpose() else {
            main.give_back(lists);
            return Ok((V::from_int(0), None));
        };
        let best = match head {
            Ok(worth) => Mutex::new((worth, place(&lists.1, lists.0[0].0))),
            Err(halt) => {
                main.give_back(lists);
                return Err(halt);
            }
        };
        let (moves, generated) = (&lists.0[1..], &lists.1);
        let beta = whole(main, position).1;
        let searched = self.run(main, position, moves.len(), |search, position, i| {
            let lock = || best.lock().unwrap_or_else(PoisonError::into_inner);
            let window = (lock().0.clone(), &beta);
            let (worth, _) = search.search_moves(position, &moves[i..=i], window, depth, ply)?;
            let mut best = lock();
            if worth > best.0 {
                *best = (worth, place(generated, moves[i].0));
            }
            Ok(())
        });
        main.give_back(lists);
        searched?;
        Ok(best.into_inner().unwrap_or_else(PoisonError::into_inner))
    }

    /// The exact worth of the first of `moves`, if any: the position after it searched on the
    /// threads if it is two players' moves deep or more, else on this one.
    fn first_worth(
        &mut self,
        main: &mut Search<G, V, E>,
        position: &G,
        moves: &[(G::Move, i64, bool)],
        depth: u16,
        ply: usize,
    ) -> Result<Option<V>, Halt> {
        let Some(&(mv, _, _)) = moves.first() else {
            return Ok(None);
        };
        let child = position.after(mv);
        let child_depth = depth - 1;
        let value = if child_depth >= SPLIT_FROM {
            self.node(main, &child, child_depth, ply + 1)?.0
        } else {
            let window = whole(main, &child);
            main.search(&child, window, child_depth, ply + 1, true)?
        };
        Ok(Some(move_worth(position, mv, value)))
    }

    /// `work` on `count` items, each on the first thread free: the main search on this
    /// thread, each helper on its own with its own copy of `position`. The first thread that
    /// stops without a value stops the others.
    fn run(
        &mut self,
        main: &mut Search<G, V, E>,
        position: &G,
        count: usize,
        work: impl Fn(&mut Search<G, V, E>, &G, usize) -> Result<(), Halt> + Sync,
    ) -> Result<(), Halt> {
        let next = AtomicUsize::new(0);
        let stop = &*self.stop;
        let each = |search: &mut Search<G, V, E>, position: &G| loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= count {
                return Ok(());
            }
            if let Err(halt) = work(search, position, i) {
                stop.store(true, Ordering::Relaxed);
                return Err(halt);
            }
        };
        let mut outcomes = vec![Ok(()); self.helpers.len() + 1];
        let (mine, theirs) = outcomes.split_at_mut(1);
        self.pool.in_place_scope(|scope| {
            for (helper, outcome) in self.helpers.iter_mut().zip(theirs) {
                let (copy, each) = (position.clone(), &each);
                scope.spawn(move |_| *outcome = each(helper, &copy));
            }
            mine[0] = each(main, position);
        });
        // The game's fault first: a clock's stop only follows it.
        let failed = outcomes
            .iter()
            .find(|outcome| matches!(outcome, Err(Halt::Failed(_))));
        failed
            .or_else(|| outcomes.iter().find(|outcome| outcome.is_err()))
            .copied()
            .unwrap_or(Ok(()))
    }
}

/// The window that holds every value of `position`: its bounds, widened.
fn whole<G: ChanceGame, V: Expectation, E: Evaluator<G>>(
    search: &Search<G, V, E>,
    position: &G,
) -> (V, V) {
    let (lower, upper) = search.bounds(position);
    let one = V::from_int(1);
    (lower - one.clone(), upper + one)
}
