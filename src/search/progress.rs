//! `Progress`: what a long search reports while it runs, and its `Stage`.

use crate::search::TableCounts;
use std::fmt;

/// What a long search is doing, reported now and then to a progress callback.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Progress {
    /// Nodes visited so far by the search's main thread. On several threads the helpers'
    /// nodes are not in it: [`Solver::nodes`](crate::Solver::nodes) counts them once the
    /// search returns.
    pub nodes: u64,
    /// The part of the work under way.
    pub stage: Stage,
    /// How the table served the search so far.
    pub table: TableCounts,
}

/// The part of a solve or search under way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stage {
    /// Finding the value of the root.
    Value,
    /// Searching to this depth (iterative deepening).
    Depth(u16),
    /// Checking which root moves reach the value: `done` of `total`.
    RootMoves {
        /// Root moves checked.
        done: usize,
        /// Root moves in all.
        total: usize,
    },
    /// Following the principal variation, at this ply.
    Line(usize),
}

impl fmt::Display for Progress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.stage {
            Stage::Value => write!(f, "root value")?,
            Stage::Depth(depth) => write!(f, "depth {depth}")?,
            Stage::RootMoves { done, total } => write!(f, "root moves {done}/{total}")?,
            Stage::Line(ply) => write!(f, "line ply {ply}")?,
        }
        write!(f, ", {} nodes, {}", self.nodes, self.table)
    }
}
