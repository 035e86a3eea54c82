//! Chance games whose positions go round within a tier, solved by tiers
//! ([`Retrograde::solve_expected`]): random graphs against the fixed point of their
//! equations over the whole graph, on one and two threads; the tier path's jobs against one
//! solve; a cycle play cannot leave refused; the memory of a tier's graph checked before it
//! is taken.

use crate::scores::{Blocks, Edges, Token, fresh_dir, in_blocks, random_edges};
use gamesolver::jobs::tiers::{TierPlan, read_tier, run_expected_tier_job};
use gamesolver::{Place, RetroError, Retrograde};
use proptest::prelude::*;
use std::sync::Arc;

/// Node `n` of a graph is a chance node if `n % 3 == 1` and it has a move (as
/// `scores::Token` has it).
fn is_chance(node: usize, edges: &Edges) -> bool {
    node % 3 == 1 && !edges[node].is_empty()
}

/// [`random_edges`] (every move to a larger node), with up to three more moves at each chance
/// node back to a node of its own tier of `width` (itself included). A player's moves and
/// every chance node's first move still lead to larger nodes, so from any node play ends
/// with positive chance within as many moves as there are nodes, whatever the players do:
/// play ends with certainty, and the game's equations have one solution.
fn random_cyclic_edges(nodes: usize, width: usize, seed: u64) -> Edges {
    let forward = random_edges(nodes, seed);
    let mut random = fastrand::Rng::with_seed(seed ^ 0x9e37_79b9);
    let edges = (0..nodes)
        .map(|node| {
            let mut moves = forward[node].clone();
            if is_chance(node, &forward) {
                let tier_start = node - node % width;
                for _ in 0..random.usize(0..4) {
                    let to = random.usize(tier_start..=node);
                    moves.push((to, random.i64(-3..=3), random.bool()));
                }
            }
            moves
        })
        .collect();
    Arc::new(edges)
}

/// What a move is worth to the side that makes it, given the values of the nodes.
fn worth(values: &[f64], &(to, margin, keeps): &(usize, i64, bool)) -> f64 {
    if keeps {
        margin as f64 + values[to]
    } else {
        margin as f64 - values[to]
    }
}

/// Node `node`'s value from `values` by the game's equation: 0 with no move, the weighted
/// mean of its moves' worth at a chance node (weights 1, 2, …), the best worth otherwise.
fn bellman(edges: &Edges, values: &[f64], node: usize) -> f64 {
    let moves = &edges[node];
    if moves.is_empty() {
        0.0
    } else if is_chance(node, edges) {
        let weights = (1..=moves.len()).map(|w| w as f64);
        let sum: f64 = moves
            .iter()
            .zip(weights)
            .map(|(e, w)| w * worth(values, e))
            .sum();
        sum / (moves.len() * (moves.len() + 1) / 2) as f64
    } else {
        moves
            .iter()
            .map(|e| worth(values, e))
            .fold(f64::NEG_INFINITY, f64::max)
    }
}

/// Every node's value, the definition by hand: plain value iteration over the whole graph,
/// every value from the last sweep's, until no value moves by more than 10⁻¹³ of the largest
/// (at least 1); then, since a sweep's last change leaves a value as far from its limit as
/// that change over one less the rate at which the changes shrink, the equations of the best
/// moves it found solved at once ([`solve_policy`]), and checked to be the game's: swept
/// again, no value moves by more than 10⁻¹² of the largest.
fn fixed_point(edges: &Edges) -> Vec<f64> {
    let mut values = vec![0.0; edges.len()];
    let mut settled = false;
    for _ in 0..1_000_000 {
        let next: Vec<f64> = (0..edges.len())
            .map(|n| bellman(edges, &values, n))
            .collect();
        let change = next
            .iter()
            .zip(&values)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        let scale = next.iter().fold(1.0, |most: f64, v| most.max(v.abs()));
        values = next;
        if change <= 1e-13 * scale {
            settled = true;
            break;
        }
    }
    assert!(settled, "value iteration did not settle");
    let exact = solve_policy(edges, &values);
    let scale = exact.iter().fold(1.0, |most: f64, v| most.max(v.abs()));
    for node in 0..edges.len() {
        let again = bellman(edges, &exact, node);
        assert!(
            (again - exact[node]).abs() <= 1e-12 * scale,
            "node {node}: {again} {}",
            exact[node]
        );
    }
    exact
}

/// The values of play that takes, at each player's node, the move best by `values`: the
/// linear equations of a chance node's mean and a player's chosen move, solved by Gaussian
/// elimination with partial pivoting. Play ends with certainty under any choice of moves
/// (see [`random_cyclic_edges`]), so the equations have one solution.
fn solve_policy(edges: &Edges, values: &[f64]) -> Vec<f64> {
    let n = edges.len();
    // Row `node`: the coefficients of every node's value, then the constant.
    let mut rows = vec![vec![0.0; n + 1]; n];
    for (node, row) in rows.iter_mut().enumerate() {
        row[node] = 1.0;
        let moves = &edges[node];
        let weighted: Vec<(f64, &(usize, i64, bool))> = if is_chance(node, edges) {
            let total = (moves.len() * (moves.len() + 1) / 2) as f64;
            moves
                .iter()
                .zip(1..)
                .map(|(e, w)| (f64::from(w) / total, e))
                .collect()
        } else {
            let best = moves
                .iter()
                .max_by(|a, b| worth(values, a).total_cmp(&worth(values, b)));
            best.map(|e| (1.0, e)).into_iter().collect()
        };
        for (p, &(to, margin, keeps)) in weighted {
            row[to] -= if keeps { p } else { -p };
            row[n] += p * margin as f64;
        }
    }
    for column in 0..n {
        let pivot =
            (column..n).max_by(|&a, &b| rows[a][column].abs().total_cmp(&rows[b][column].abs()));
        rows.swap(column, pivot.unwrap());
        let head = rows[column].clone();
        for row in rows.iter_mut().skip(column + 1) {
            let factor = row[column] / head[column];
            row.iter_mut()
                .zip(&head)
                .skip(column)
                .for_each(|(x, h)| *x -= factor * h);
        }
    }
    let mut solution = vec![0.0; n];
    for node in (0..n).rev() {
        let known: f64 = (node + 1..n).map(|c| rows[node][c] * solution[c]).sum();
        solution[node] = (rows[node][n] - known) / rows[node][node];
    }
    solution
}

proptest! {
    /// Moves within a tier that go round through chance nodes, moves across tiers: the
    /// values by tiers are the fixed point of the game's equations ([`fixed_point`]), node by
    /// node.
    #[test]
    fn values_that_go_round_are_the_fixed_point_of_the_equations(
        nodes in 1usize..60,
        width in 1usize..12,
        seed in any::<u64>(),
        threads in 1usize..3,
    ) {
        let edges = random_cyclic_edges(nodes, width, seed);
        let truth = fixed_point(&edges);
        let blocks = in_blocks(width, &edges);
        let table = Retrograde::new()
            .with_threads(threads)
            .solve_expected(&blocks, |_| true)
            .unwrap();
        // The tolerance, or what rounding leaves of the largest value.
        let scale = truth.iter().fold(1.0, |most: f64, v| most.max(v.abs()));
        let bound = 1e-12_f64.max(scale / (1u64 << 46) as f64);
        prop_assert!(table.residual() <= bound, "{} {}", table.residual(), bound);
        for (node, &truth) in truth.iter().enumerate() {
            let position = Token { at: node, edges: Arc::clone(&edges) };
            let value = table.value(&blocks, &position).unwrap();
            prop_assert!((value - truth).abs() <= 1e-9, "node {}: {} {}", node, value, truth);
        }
    }
}

/// Tiers that go round, solved job by job along the tier path (three ranges a tier, each job
/// settling what its range reaches): the values of one solve.
#[test]
fn the_tier_path_settles_tiers_that_go_round() {
    let edges = random_cyclic_edges(120, 20, 23);
    let blocks = in_blocks(20, &edges);
    let plan = TierPlan::new(&blocks, 3, 1).unwrap();
    let dir = fresh_dir("cyclic-path");
    let mut solver = Retrograde::new().with_threads(2);
    for job in plan.waves().iter().flatten() {
        run_expected_tier_job(&blocks, &mut solver, &dir, job).unwrap();
    }
    let whole = Retrograde::new().solve_expected(&blocks, |_| true).unwrap();
    // Components swept more than once: the graph goes round.
    assert!(
        whole.sweeps() > 120 && whole.residual() > 0.0,
        "{}",
        whole.sweeps()
    );
    let truth = fixed_point(&edges);
    for tier in 0..6 {
        let values = read_tier(&blocks, &dir, tier).unwrap();
        for index in 0..20 {
            let place = Place { tier, index };
            let (job, one) = (values.expected_at(index), whole.value_at(place));
            let (job, one) = (job.unwrap(), one.unwrap());
            let node = truth[tier * 20 + index as usize];
            assert!((job - one).abs() <= 1e-9, "{place:?}: {job} {one}");
            assert!((one - node).abs() <= 1e-9, "{place:?}: {one} {node}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A chance node whose only move comes back to it, scoring 1 and keeping the turn: its value
/// would be 1 more than itself. The sweeps stop at the most allowed and say so.
#[test]
fn a_cycle_play_cannot_leave_is_refused() {
    let edges: Edges = Arc::new(vec![vec![(1, 0, false)], vec![(1, 1, true)]]);
    let blocks = in_blocks(2, &edges);
    let refused = Retrograde::new()
        .with_threads(1)
        .solve_expected(&blocks, |_| true);
    assert_eq!(
        refused.err(),
        Some(RetroError::NoConvergence {
            tier: 0,
            sweeps: 1 << 20
        })
    );
}

/// One tier of 60 nodes that go round: its cells take 480 bytes, the graph of its cycles more,
/// counted as it grows and refused past the bound, before it is taken.
#[test]
fn the_graph_of_a_tier_that_goes_round_is_bounded() {
    let edges = random_cyclic_edges(60, 60, 5);
    let blocks = Blocks {
        width: 60,
        edges,
        after: None,
    };
    let solver = || Retrograde::new().with_threads(1);
    let refused = solver()
        .with_max_bytes(600)
        .solve_expected(&blocks, |_| true);
    match refused.err() {
        Some(RetroError::TiersTooLarge { bytes, max_bytes }) => {
            assert!(bytes > 600 && max_bytes == 600, "{bytes}");
        }
        other => panic!("{other:?}"),
    }
    assert!(
        solver()
            .with_max_bytes(1 << 20)
            .solve_expected(&blocks, |_| true)
            .is_ok()
    );
}
