//! The retrograde solve of values by tiers ([`Retrograde::solve_scores`]) on random acyclic
//! scoring games, moves within a tier and across tiers, against a plain recursion over the
//! graph and against the solver; a numbering that lies (a cycle, a tier left out, a value
//! past a byte) refused, and named by `check::tiers`; the values served as knowledge.

use gamesolver::check::{self, Checks, TiersLie};
use gamesolver::retrograde::{ScoreKnowledge, ScoreTablebase};
use gamesolver::{Game, Place, Points, RetroError, Retrograde, ScoringGame, Solver, Tiers};
use proptest::prelude::*;
use std::sync::Arc;

/// Each node's moves: the node led to, the margin, whether the turn is kept.
type Edges = Arc<Vec<Vec<(usize, i64, bool)>>>;

/// A token on the nodes of a graph.
#[derive(Clone, Debug)]
struct Token {
    at: usize,
    edges: Edges,
}

impl Game for Token {
    type Move = u8;
    type Key = u64;
    type Error = std::fmt::Error;

    fn generate_moves(&self, out: &mut Vec<u8>) {
        out.extend(0..self.edges[self.at].len() as u8);
    }
    fn check_move(&self, mv: u8) -> Result<(), std::fmt::Error> {
        (usize::from(mv) < self.edges[self.at].len())
            .then_some(())
            .ok_or(std::fmt::Error)
    }
    fn play_unchecked(&mut self, mv: u8) {
        self.at = self.edges[self.at][usize::from(mv)].0;
    }
    fn key(&self) -> u64 {
        self.at as u64
    }
}

impl ScoringGame for Token {
    fn points(&self, mv: u8) -> Points {
        let margin = self.edges[self.at][usize::from(mv)].1;
        Points {
            mover: margin.max(0).unsigned_abs(),
            opponent: margin.min(0).unsigned_abs(),
        }
    }
    fn keeps_turn(&self, mv: u8) -> bool {
        self.edges[self.at][usize::from(mv)].2
    }
}

/// The nodes in tiers of `width`, in order: node n at tier n / width, index n % width; a tier
/// leads to every tier after it unless `after` says otherwise.
struct Blocks {
    width: usize,
    edges: Edges,
    after: Option<Vec<Vec<usize>>>,
}

impl Tiers for Blocks {
    type Game = Token;

    fn tier_count(&self) -> usize {
        self.edges.len().div_ceil(self.width)
    }
    fn tier_len(&self, tier: usize) -> u64 {
        self.width.min(self.edges.len() - tier * self.width) as u64
    }
    fn position_at(&self, tier: usize, index: u64) -> Option<Token> {
        let at = tier * self.width + usize::try_from(index).ok()?;
        (at < self.edges.len()).then(|| Token {
            at,
            edges: Arc::clone(&self.edges),
        })
    }
    fn place(&self, position: &Token) -> Place {
        Place {
            tier: position.at / self.width,
            index: (position.at % self.width) as u64,
        }
    }
    fn tiers_after(&self, tier: usize, out: &mut Vec<usize>) {
        match &self.after {
            Some(after) => out.extend(&after[tier]),
            None => out.extend(tier + 1..self.tier_count()),
        }
    }
}

/// A random graph of `nodes` nodes whose moves go to larger nodes (so it is acyclic).
fn random_edges(nodes: usize, seed: u64) -> Edges {
    let mut random = fastrand::Rng::with_seed(seed);
    let edges = (0..nodes)
        .map(|node| {
            let moves = if node + 1 == nodes {
                0
            } else {
                random.usize(0..5)
            };
            (0..moves)
                .map(|_| {
                    let to = random.usize(node + 1..nodes);
                    (to, random.i64(-3..=3), random.bool())
                })
                .collect()
        })
        .collect();
    Arc::new(edges)
}

/// Every node's value by the definition, from the last node down.
fn recursion(edges: &Edges) -> Vec<i64> {
    let mut values = vec![0; edges.len()];
    for node in (0..edges.len()).rev() {
        values[node] = edges[node]
            .iter()
            .map(|&(to, margin, keeps)| {
                if keeps {
                    margin + values[to]
                } else {
                    margin - values[to]
                }
            })
            .max()
            .unwrap_or(0);
    }
    values
}

fn solve(blocks: &Blocks, threads: usize) -> Result<ScoreTablebase, RetroError> {
    Retrograde::new().with_threads(threads).solve_scores(blocks)
}

proptest! {
    #[test]
    fn every_node_has_the_value_of_the_recursion(
        nodes in 1usize..60,
        width in 1usize..8,
        seed in any::<u64>(),
        threads in 1usize..3,
    ) {
        let edges = random_edges(nodes, seed);
        let truth = recursion(&edges);
        let blocks = Blocks { width, edges: Arc::clone(&edges), after: None };
        prop_assert_eq!(check::tiers(&blocks, &Checks::default()), Ok(()));
        let table = solve(&blocks, threads).unwrap();
        for (node, &value) in truth.iter().enumerate() {
            let position = Token { at: node, edges: Arc::clone(&edges) };
            prop_assert_eq!(table.value(&blocks, &position), Some(value), "node {}", node);
        }
    }
}

#[test]
fn the_values_match_the_solver_and_serve_it_as_knowledge() {
    let edges = random_edges(200, 7);
    let blocks = Arc::new(Blocks {
        width: 16,
        edges: Arc::clone(&edges),
        after: None,
    });
    let table = Arc::new(solve(&blocks, 2).unwrap());
    let knowledge = ScoreKnowledge::new(Arc::clone(&blocks), Arc::clone(&table));
    for at in (0..200).step_by(7) {
        let position = Token {
            at,
            edges: Arc::clone(&edges),
        };
        let value = table.value(&*blocks, &position).unwrap();
        assert_eq!(Solver::new().value(&position), Ok(value), "node {at}");
        let solved = Solver::new()
            .with_knowledge(knowledge.clone())
            .value(&position);
        assert_eq!(solved, Ok(value), "node {at}, with the table");
    }
    assert_eq!(
        check::knowledge(&Token { at: 0, edges }, &knowledge, &Checks::default()),
        Ok(())
    );
}

#[test]
fn a_move_back_round_is_refused() {
    // Node 0 leads to node 1, which leads back: within one tier, then across two.
    let edges: Edges = Arc::new(vec![vec![(1, 1, false)], vec![(0, 1, false)]]);
    for width in [2, 1] {
        let blocks = Blocks {
            width,
            edges: Arc::clone(&edges),
            after: None,
        };
        let after = (width == 1).then(|| vec![vec![1], vec![0]]);
        let blocks = Blocks { after, ..blocks };
        assert!(
            matches!(solve(&blocks, 1), Err(RetroError::TierCycle { .. })),
            "width {width}"
        );
    }
}

#[test]
fn a_tier_left_out_is_refused_and_named() {
    // Tier 0 leads into tier 2 (node 0 to node 2), but says it leads to tier 1 alone: tier 2,
    // which no tier names, is let go once solved, and its value is missing when asked.
    let edges: Edges = Arc::new(vec![vec![(2, 1, false)], vec![], vec![]]);
    let after = Some(vec![vec![1], vec![], vec![]]);
    let blocks = Blocks {
        width: 1,
        edges,
        after,
    };
    let solved = Retrograde::new().solve_scores_keeping(&blocks, |tier| tier == 0);
    assert_eq!(solved, Err(RetroError::TierNotListed { from: 0, to: 2 }));
    let from = Place { tier: 0, index: 0 };
    let to = Place { tier: 2, index: 0 };
    assert_eq!(
        check::tiers(&blocks, &Checks::default()),
        Err(TiersLie::Unlisted { from, to })
    );
}

#[test]
fn a_value_past_a_byte_is_refused() {
    // Two moves that keep the turn, 100 points each.
    let edges: Edges = Arc::new(vec![vec![(1, 100, true)], vec![(2, 100, true)], vec![]]);
    let blocks = Blocks {
        width: 1,
        edges,
        after: None,
    };
    let place = Place { tier: 0, index: 0 };
    assert_eq!(
        solve(&blocks, 1),
        Err(RetroError::ValueOutOfRange { place, value: 200 })
    );
}

#[test]
fn the_memory_is_checked_before_it_is_taken() {
    let blocks = Blocks {
        width: 10,
        edges: random_edges(100, 3),
        after: None,
    };
    // Every tier kept: 100 bytes.
    let solver = || Retrograde::new().with_threads(1);
    let refused = solver().with_max_bytes(99).solve_scores(&blocks);
    assert_eq!(
        refused,
        Err(RetroError::TiersTooLarge {
            bytes: 100,
            max_bytes: 99
        })
    );
    assert!(solver().with_max_bytes(100).solve_scores(&blocks).is_ok());
}
