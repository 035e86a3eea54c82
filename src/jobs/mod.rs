//! An exact solve split into jobs that independent processes run (a scheduler's workers, a
//! cluster's nodes), for any [`ScoringGame`](crate::ScoringGame): planned by claims
//! ([`ClaimSolve`]) or along the principal line ([`LineSolve`]), one job path for both.
//!
//! # Claims
//!
//! A *claim* is "the value of this position is at least t" or "at most t" ([`Claim`]). One
//! null-window search of the position decides it, and its fail-soft result is a bound: what a
//! job proves of a position is an [`Interval`], whatever claim it was run for, so results are
//! kept by position and reused by every claim they decide.
//!
//! A solve guesses the root's value g and claims both "at least g" and "at most g". A claim
//! on an *expanded* position becomes claims on its moves ([`Claim::through`], proven there):
//! "at least t" needs one move whose child's claim holds (an OR node: the first move, largest
//! margin first, not yet refuted), "at most t" needs every move's (an AND node: all of them,
//! in parallel). The open claims at the leaves are the round's jobs. Planning expands the
//! largest leaves (by their search moves) until there are enough jobs for every worker, the
//! same as Takizawa's solution of Othello (2023) guessed values at a fixed depth and verified
//! each by an independent null-window search, and as job-level proof-number search (Wu et
//! al.) hands each expansion to an unmodified solver.
//!
//! The graph is keyed by position, so positions reached by different orders are one node,
//! and what is proven of each is propagated up by negamax on intervals (the best move's
//! worth bounds the position: see `plan`): a round's results decide claims above them. When
//! both root claims hold, the value is g; when a result refutes one, the root's proven
//! interval moves the guess to its nearer side (a wrong guess costs a round, never a wrong
//! value). A job that runs past its time ([`ClaimSolve::with_job_time`]) is stopped and its
//! position expanded: its moves' claims are jobs of the next round, as cube-and-conquer splits
//! a cube that runs too long.
//!
//! Proofs carry over between rounds ([`ClaimSolve::with_shared_proofs`]): each job saves the
//! proven results of its larger searches, a round's are merged in one table, and every job of
//! a later round loads them before it starts, as one process's table would have them.
//!
//! [`simulate::makespan`] gives the time the rounds of measured jobs take on a number of
//! workers, each job's set-up (its table, the proofs it loads) counted.
//!
//! # Two planners, one job path
//!
//! A claim is decided by a search of one position within a window, and so is every job of
//! [`LineSolve`], the other planner: it splits the solve along its principal line, each round
//! windows on the moves of one position of the line, deepest first, and proves the root's
//! value and every optimal first move (its method is in its docs). Claims suit a game whose
//! work spreads over many moves; the line, a game whose first moves commute (PrimeGame's).
//! Both write the same [`Job`]s, into the same files, run by the same [`run_job_files`], and
//! merge into the same [`Merged`].
//!
//! # Where the jobs run
//!
//! In one process, each job by a solver of its own ([`ClaimSolve::solve`], or
//! [`plan`](ClaimSolve::plan), [`run`](ClaimSolve::run) and [`record`](ClaimSolve::record)
//! for a driver of one's own); or as processes of any scheduler (`xargs -P`, GNU Parallel, a
//! Slurm array) through a directory, for a game that writes its positions as text
//! ([`PositionText`](crate::game::PositionText)): a merge ([`ClaimSolve::merge_dir`],
//! [`LineSolve::merge_dir`]) writes a round's `.job` files, [`run_job_files`] runs a batch of
//! them by one solver, and the next merge rebuilds the whole solve from the directory alone
//! (the files are described in `files`). A batch loads the proofs that earlier rounds'
//! batches saved beside the jobs, and a job stopped by its deadline goes on from what it
//! proved. [`simulate::makespan`] of [`result_times`] gives the time the rounds would take on
//! a number of workers.
//!
//! # What it costs
//!
//! Jobs of one round share no table, so a game whose move orders meet in one core (as
//! PrimeGame's do: its first moves commute) proves that core again in many jobs; BENCHMARKS.md
//! ("Claims") gives the sum of the jobs' nodes against the one-process solve's.

mod claim;
mod claims_dir;
mod driver;
mod files;
mod job;
mod line;
mod plan;
mod run;
pub mod simulate;
pub mod tiers;

pub use claim::{Bound, Claim, Interval, Window};
pub use driver::{ClaimSolve, DEFAULT_MAX_EXPANDED, JobReport, MakeSolver, Next};
pub use files::{
    JobFile, JobsError, MAX_FILE_BYTES, Merged, pending_jobs, read_dir, read_job_file, read_root,
    result_times,
};
pub use job::{Job, JobResult};
pub use line::{LineSolve, MAX_SPLIT};
pub use run::{Batch, RunOptions, run_job_files};
