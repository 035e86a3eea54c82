//! The threads of the retrograde solves: work split into pieces, a task each.

use super::RetroError;
use std::ops::Range;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// The threads a solve runs on: `None` for the calling thread alone.
pub(crate) struct Workers(Option<rayon::ThreadPool>);

impl Workers {
    /// A pool of `threads` threads (the calling thread alone if one, or if the pool cannot be
    /// made).
    pub(crate) fn new(threads: usize) -> Self {
        let pool = (threads > 1)
            .then(|| rayon::ThreadPoolBuilder::new().num_threads(threads).build())
            .and_then(Result::ok);
        Self(pool)
    }

    /// The threads tasks run on.
    pub(crate) fn threads(&self) -> usize {
        self.0
            .as_ref()
            .map_or(1, rayon::ThreadPool::current_num_threads)
    }

    /// Whether tasks run on several threads at once.
    pub(crate) fn shared(&self) -> bool {
        self.0.is_some()
    }

    /// Runs `work` on the pieces of `range`, `piece` long: the sum of what they return, or
    /// an error one of them met.
    pub(crate) fn run_pieces<F>(
        &self,
        range: Range<usize>,
        piece: usize,
        work: F,
    ) -> Result<usize, RetroError>
    where
        F: Fn(Range<usize>) -> Result<usize, RetroError> + Sync,
    {
        self.spawn(pieces(range, piece), work)
    }

    /// Runs `work` on each task, on the pool's threads if there is one.
    fn spawn<T, F>(&self, tasks: impl Iterator<Item = T>, work: F) -> Result<usize, RetroError>
    where
        T: Send,
        F: Fn(T) -> Result<usize, RetroError> + Sync,
    {
        let Some(pool) = &self.0 else {
            return tasks.map(work).sum();
        };
        let tasks: Vec<T> = tasks.collect();
        if tasks.len() <= 1 {
            // One task: the calling thread runs it, and the pool sleeps on.
            return tasks.into_iter().map(work).sum();
        }
        let total = AtomicUsize::new(0);
        let failure = Mutex::new(None);
        pool.scope(|scope| {
            for task in tasks {
                let (work, total, failure) = (&work, &total, &failure);
                scope.spawn(move |_| match work(task) {
                    Ok(count) => {
                        total.fetch_add(count, Relaxed);
                    }
                    Err(error) => {
                        if let Ok(mut first) = failure.lock() {
                            first.get_or_insert(error);
                        }
                    }
                });
            }
        });
        match failure
            .into_inner()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
        {
            Some(error) => Err(error),
            None => Ok(total.into_inner()),
        }
    }
}

/// `range` cut into pieces `piece` long (the last shorter).
fn pieces(range: Range<usize>, piece: usize) -> impl Iterator<Item = Range<usize>> {
    let end = range.end;
    range
        .step_by(piece.max(1))
        .map(move |from| from..(from + piece).min(end))
}
