//! What a search did, counted as it went: where its nodes were and how its table served it.

use std::fmt;

/// How a search used its transposition table. Each thread counts its own; a
/// [`SearchStats`] sums them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct TableCounts {
    /// Lookups of a node's own position.
    pub probes: u64,
    /// Lookups that found the position.
    pub hits: u64,
    /// Lookups whose stored bounds decided the node.
    pub cutoffs: u64,
    /// Lookups of a child for a cut-off before the node is searched
    /// ([`SearchConfig::transposition_cutoffs`](crate::SearchConfig::transposition_cutoffs)).
    pub child_probes: u64,
    /// Child lookups that cut the node off.
    pub child_cutoffs: u64,
    /// Results stored.
    pub stores: u64,
    /// Stores that pushed another position's result out of a full bucket: work the search
    /// may have to do again.
    pub evictions: u64,
}

impl TableCounts {
    /// The sum of two counts.
    #[must_use]
    pub fn plus(self, other: Self) -> Self {
        Self {
            probes: self.probes + other.probes,
            hits: self.hits + other.hits,
            cutoffs: self.cutoffs + other.cutoffs,
            child_probes: self.child_probes + other.child_probes,
            child_cutoffs: self.child_cutoffs + other.child_cutoffs,
            stores: self.stores + other.stores,
            evictions: self.evictions + other.evictions,
        }
    }
}

/// `part` of `whole` in percent (0 of nothing).
fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        // Precision loss only past 2^53, far beyond any count here.
        100.0 * part as f64 / whole as f64
    }
}

impl fmt::Display for TableCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "table hits {:.1}% (cut-offs {:.1}%), evictions {:.1}% of stores",
            percent(self.hits, self.probes),
            percent(self.cutoffs, self.probes),
            percent(self.evictions, self.stores),
        )
    }
}

/// What the searches of a [`Solver`](crate::Solver) or an [`Engine`](crate::Engine) did so
/// far, over all their threads: nodes by ply from the root and the table's counts.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct SearchStats {
    /// Nodes visited.
    pub nodes: u64,
    /// Nodes visited at each ply from the root of their search.
    pub nodes_by_ply: Vec<u64>,
    /// How the table served.
    pub table: TableCounts,
}

impl SearchStats {
    /// The sum of two searches' statistics.
    #[must_use]
    pub fn plus(mut self, other: &Self) -> Self {
        self.nodes += other.nodes;
        if self.nodes_by_ply.len() < other.nodes_by_ply.len() {
            self.nodes_by_ply.resize(other.nodes_by_ply.len(), 0);
        }
        for (sum, nodes) in self.nodes_by_ply.iter_mut().zip(&other.nodes_by_ply) {
            *sum += nodes;
        }
        self.table = self.table.plus(other.table);
        self
    }
}

impl fmt::Display for SearchStats {
    /// Nodes, the table's counts, then the nodes of each ply that has any, as
    /// `ply:percent`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} nodes, {}; nodes by ply:", self.nodes, self.table)?;
        for (ply, &nodes) in self.nodes_by_ply.iter().enumerate() {
            if nodes > 0 {
                write!(f, " {ply}:{:.1}%", percent(nodes, self.nodes))?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_add_up() {
        let a = SearchStats {
            nodes: 3,
            nodes_by_ply: vec![1, 2],
            table: TableCounts {
                probes: 2,
                hits: 1,
                ..TableCounts::default()
            },
        };
        let b = SearchStats {
            nodes: 4,
            nodes_by_ply: vec![1, 1, 2],
            table: TableCounts {
                probes: 2,
                stores: 4,
                evictions: 1,
                ..TableCounts::default()
            },
        };
        let sum = a.plus(&b);
        assert_eq!(sum.nodes, 7);
        assert_eq!(sum.nodes_by_ply, [2, 3, 2]);
        assert_eq!((sum.table.probes, sum.table.hits), (4, 1));
        assert_eq!(
            sum.to_string(),
            "7 nodes, table hits 25.0% (cut-offs 0.0%), evictions 25.0% of stores; \
             nodes by ply: 0:28.6% 1:42.9% 2:28.6%"
        );
    }
}
