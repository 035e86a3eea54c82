//! An exact solve split into claims that independent jobs prove: the work of many processes
//! (a scheduler's workers, a cluster's nodes), for any [`ScoringGame`](crate::ScoringGame).
//!
//! # The method
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
//! # Where the jobs run
//!
//! In one process, each job by a solver of its own ([`ClaimSolve::solve`], or
//! [`plan`](ClaimSolve::plan), [`run`](ClaimSolve::run) and [`record`](ClaimSolve::record)
//! for a driver of one's own); or as processes of any scheduler (`xargs -P`, GNU Parallel, a
//! Slurm array) through a directory, for a game that writes its positions as text
//! ([`PositionText`](crate::game::PositionText)): [`ClaimSolve::merge_dir`] writes a round's
//! `.job` files, [`ClaimSolve::run_job_file`] runs one, and the next merge rebuilds the whole
//! solve from the directory alone (the files are described in `files`). Proofs are shared
//! between rounds in one process only, so far.
//!
//! # What it costs
//!
//! Jobs share no table within a round, so a game whose move orders meet in one core (as
//! PrimeGame's do: its first moves commute) proves that core again in many jobs; BENCHMARKS.md
//! ("Claims") gives the sum of the jobs' nodes against the one-process solve's.

mod claim;
mod driver;
mod files;
mod plan;
pub mod simulate;

pub use claim::{Bound, Claim, Interval, UNKNOWN};
pub use driver::{ClaimSolve, DEFAULT_MAX_EXPANDED, JobReport, MakeSolver, Next};
pub use files::{JobsError, MAX_FILE_BYTES, Merged, result_times};
pub use plan::Job;
