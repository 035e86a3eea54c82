//! A search on threads ([`ChanceEngine::with_threads`](super::ChanceEngine::with_threads),
//! [`ChanceSolver::with_threads`](super::ChanceSolver::with_threads)), split at the nodes
//! searched with the game's bounds as their window, which are searched whole: the root, then
//! the first move's child, the first move's child after it, and so on, while two players' moves
//! or more are left. At such a chance node every chance move is searched whole (Star1 and Star2
//! cut nothing in that window), each on the first thread free; at a player's node the first
//! move in the search's order is searched first (split the same way), then the others, each on
//! the first thread free within the best worth found so far when it starts. Each thread has a
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

use super::search::{Halt, Search, after_move, bounds_of, place};
use super::table::Shared;
use super::value::Expectation;
use super::worth::move_worth;
use crate::game::{ChanceGame, Evaluator, Knowledge, NoKnowledge};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

/// The depth (players' moves) from which a node's children are split between the threads:
/// below it a node's subtree is too small to share out.
pub(super) const SPLIT_FROM: u16 = 2;

/// The threads a search asks for, and its helpers once made.
#[derive(Debug)]
pub(super) struct Threads<G: ChanceGame, V, E, K = NoKnowledge> {
    wanted: usize,
    /// Made at the first search on threads, with the main search's settings then.
    helpers: Option<Helpers<G, V, E, K>>,
}

impl<G: ChanceGame, V: Expectation, E: Evaluator<G>, K: Knowledge<G>> Threads<G, V, E, K> {
    /// One thread: the main search alone.
    pub(super) fn one() -> Self {
        Self {
            wanted: 1,
            helpers: None,
        }
    }

    /// The threads that search: those asked for, or one if the system gave none.
    pub(super) fn count(&self) -> usize {
        self.wanted
    }

    /// Asks for `threads` threads (at least one), the helpers made again at the next search.
    pub(super) fn set_count(&mut self, main: &mut Search<G, V, E, K>, threads: usize) {
        self.wanted = threads.max(1);
        self.leave(main);
    }

    /// Drops the helpers, to be made again with `main`'s settings at the next search on
    /// threads: `main`'s table its own again, their nodes counted in `main`'s.
    pub(super) fn leave(&mut self, main: &mut Search<G, V, E, K>) {
        if let Some(helpers) = self.helpers.take() {
            main.nodes = helpers.sum(main, |search| search.nodes);
        }
        main.table.leave();
        main.stop = None;
    }

    /// Makes the helpers if threads are asked for and none are made; falls back to one
    /// thread if the system gives none.
    pub(super) fn prepare(&mut self, main: &mut Search<G, V, E, K>) {
        if self.wanted > 1 && self.helpers.is_none() {
            self.helpers = Helpers::new(main, self.wanted);
            if self.helpers.is_none() {
                self.wanted = 1;
            }
        }
    }

    /// Forgets what `main`'s table, the helpers' and the shared one hold.
    pub(super) fn clear(&mut self, main: &mut Search<G, V, E, K>) {
        main.clear();
        if let Some(helpers) = &mut self.helpers {
            helpers.clear();
        }
    }

    /// The entries of `main`'s table, or of the shared one.
    pub(super) fn table_len(&self, main: &Search<G, V, E, K>) -> usize {
        self.helpers
            .as_ref()
            .map_or_else(|| main.table_len(), |helpers| helpers.shared.len())
    }

    /// Nodes visited so far on every thread.
    pub(super) fn nodes(&self, main: &Search<G, V, E, K>) -> u64 {
        self.helpers.as_ref().map_or(main.nodes, |helpers| {
            helpers.sum(main, |search| search.nodes)
        })
    }

    /// The estimates taken so far on every thread.
    pub(super) fn estimates(&self, main: &Search<G, V, E, K>) -> u64 {
        let estimates = |search: &Search<G, V, E, K>| search.estimates;
        self.helpers
            .as_ref()
            .map_or(main.estimates, |helpers| helpers.sum(main, estimates))
    }

    /// Gives every thread `deadline` and a share of `nodes` more nodes at most, if given.
    pub(super) fn set_budget(
        &mut self,
        main: &mut Search<G, V, E, K>,
        deadline: Option<Instant>,
        nodes: Option<u64>,
    ) {
        let share = nodes.map(|nodes| nodes / self.wanted as u64);
        let most = share.map(|share| main.nodes.saturating_add(share));
        main.set_budget(deadline, most);
        if let Some(helpers) = &mut self.helpers {
            for helper in &mut helpers.helpers {
                let most = share.map(|share| helper.nodes.saturating_add(share));
                helper.set_budget(deadline, most);
            }
        }
    }

    /// The value of `position`, `depth` players' moves deep, within the game's bounds: on
    /// the threads if there are some and the root's children are not the horizon.
    pub(super) fn search(
        &mut self,
        main: &mut Search<G, V, E, K>,
        position: &G,
        depth: u16,
    ) -> Result<V, Halt> {
        match self.helpers.as_mut().filter(|_| depth >= SPLIT_FROM) {
            Some(helpers) => Ok(helpers.iterate(main, position, depth)?.0),
            None => {
                // The game's bounds: the knowledge's narrow the window within the search.
                let (lower, upper) = bounds_of::<G, V>(position);
                let one = V::from_int(1);
                main.search(position, (lower - one.clone(), upper + one), depth, 0, true)
            }
        }
    }
}

/// The helper threads of a search on threads, with their searches, the table they share
/// with the main search, and the flag that stops them all.
#[derive(Debug)]
struct Helpers<G: ChanceGame, V, E, K> {
    pool: rayon::ThreadPool,
    helpers: Vec<Search<G, V, E, K>>,
    shared: Arc<Shared<G::Key, V>>,
    stop: Arc<AtomicBool>,
}

impl<G: ChanceGame, V: Expectation, E: Evaluator<G>, K: Knowledge<G>> Helpers<G, V, E, K> {
    /// `threads - 1` helpers of `main`, with its settings, sharing a table with it; `None`
    /// if the system gives no threads.
    fn new(main: &mut Search<G, V, E, K>, threads: usize) -> Option<Self> {
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
                    main.knowledge.clone(),
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
    fn clear(&mut self) {
        self.shared.clear();
        for helper in &mut self.helpers {
            helper.clear();
        }
    }

    /// The sum of `of` over `main` and the helpers' searches.
    fn sum(&self, main: &Search<G, V, E, K>, of: impl Fn(&Search<G, V, E, K>) -> u64) -> u64 {
        self.helpers
            .iter()
            .fold(of(main), |sum, helper| sum + of(helper))
    }

    /// The value of `position`, `depth` players' moves deep, searched on the threads within
    /// the game's bounds, and the place of its best move; kept in the table.
    fn iterate(
        &mut self,
        main: &mut Search<G, V, E, K>,
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
        main: &mut Search<G, V, E, K>,
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
    fn estimates(&self, main: &Search<G, V, E, K>) -> u64 {
        self.sum(main, |search| search.estimates)
    }

    /// The mean of the chance moves' worths, each searched whole on some thread.
    fn chance_node(
        &mut self,
        main: &mut Search<G, V, E, K>,
        position: &G,
        depth: u16,
        ply: usize,
    ) -> Result<V, Halt> {
        let mut drawn = Vec::new();
        super::star::heaviest_first(position, &mut drawn);
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
        main: &mut Search<G, V, E, K>,
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
        main: &mut Search<G, V, E, K>,
        position: &G,
        moves: &[(G::Move, i64, bool)],
        depth: u16,
        ply: usize,
    ) -> Result<Option<V>, Halt> {
        let Some(&(mv, _, _)) = moves.first() else {
            return Ok(None);
        };
        let child = position.after(mv);
        let child_depth = after_move(depth);
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
        main: &mut Search<G, V, E, K>,
        position: &G,
        count: usize,
        work: impl Fn(&mut Search<G, V, E, K>, &G, usize) -> Result<(), Halt> + Sync,
    ) -> Result<(), Halt> {
        let next = AtomicUsize::new(0);
        let stop = &*self.stop;
        let each = |search: &mut Search<G, V, E, K>, position: &G| loop {
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
fn whole<G: ChanceGame, V: Expectation, E: Evaluator<G>, K: Knowledge<G>>(
    search: &Search<G, V, E, K>,
    position: &G,
) -> (V, V) {
    let (lower, upper) = search.bounds(position);
    let one = V::from_int(1);
    (lower - one.clone(), upper + one)
}
