//! Every integration, known-answer and differential test of the library, one program with a
//! module for each area (one build, one link, one `common`):
//!
//! - [`games`]: each game of `gamesolver::games` against an independent computation (brute
//!   force, a plain reading of its rules, published results);
//! - [`theory`]: Grundy values, periods, outcomes and misère quotients;
//! - [`search`]: the solver, the engine, their budgets, saved results and the job path;
//! - [`retrograde`]: games whose positions repeat;
//! - [`scores`]: exact values of scoring games by retrograde analysis, tier by tier;
//! - [`cyclic_tiers`]: expected values by tiers whose positions go round;
//! - [`chance`]: games with chance, against the definition;
//! - [`cli`]: the examples as a user runs them;
//! - [`regressions`]: every committed proptest regression file replays.
//!
//! The tests that measure memory run in a program of their own (`tests/memory/`), where the
//! allocator counts.

mod chance;
mod cli;
mod common;
mod cyclic_tiers;
mod games;
mod regressions;
mod retrograde;
mod scores;
mod search;
mod theory;
