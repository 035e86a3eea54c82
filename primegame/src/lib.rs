//! The PrimeGame contest tool, built on [`gamesolver`]: exact solves of any board, the engine
//! protocol the contest speaks, matches between players, and an exact solve split into jobs
//! that xargs, GNU Parallel or Slurm run.
//!
//! The binary `primegame` is a thin shell over [`cli`]; each subcommand is an `Args` struct
//! with a `run` method there. The modules are public so that the tests and benches of this
//! package, and anyone who scripts the tool, call the same code the binary runs.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod arena;
pub mod cli;
pub mod contest;
pub mod files;
pub mod jobs;
pub mod plot;
pub mod protocol;
pub mod solve;
pub mod strategies;
pub mod think;
