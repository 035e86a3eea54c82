//! The retrograde solve of values by tiers ([`Retrograde::solve_scores`]) on random acyclic
//! scoring games, moves within a tier and across tiers, against a plain recursion over the
//! graph and against the solver; a numbering that lies (a cycle, a tier left out, a value
//! past a byte) refused, and named by `check::tiers`; the values served as knowledge; a
//! tier saved and read back; the tier path's jobs against one solve.

use gamesolver::chance::expectiminimax;
use gamesolver::check::{self, Checks, TiersLie};
use gamesolver::jobs::tiers::{
    TierJobError, TierPlan, read_tier, run_expected_tier_job, run_tier_job, wave_times,
};
use gamesolver::retrograde::{
    ExpectedTablebase, ScoreKnowledge, ScoreTablebase, TablebaseFileError, TierValues,
};
use gamesolver::{
    ChanceGame, Game, Place, Points, RetroError, Retrograde, ScoringGame, Solver, Tiers,
};
use proptest::prelude::*;
use std::sync::Arc;

/// Each node's moves: the node led to, the margin, whether the turn is kept.
pub(crate) type Edges = Arc<Vec<Vec<(usize, i64, bool)>>>;

/// A token on the nodes of a graph.
#[derive(Clone, Debug)]
pub(crate) struct Token {
    pub(crate) at: usize,
    pub(crate) edges: Edges,
}

impl Game for Token {
    type Move = u8;
    type Key = u64;
    const NAME: &'static str = "token";

    fn generate_moves(&self, out: &mut Vec<u8>) {
        out.extend(0..self.edges[self.at].len() as u8);
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

/// Every third node (from node 1) with a move is a chance node, its move `i` of weight `i + 1`.
impl ChanceGame for Token {
    fn is_chance(&self) -> bool {
        self.at % 3 == 1 && !self.edges[self.at].is_empty()
    }
    fn chance_moves(&self, out: &mut Vec<(u8, u32)>) {
        if self.is_chance() {
            out.extend((0..self.edges[self.at].len() as u8).map(|mv| (mv, u32::from(mv) + 1)));
        }
    }
    /// At most 60 nodes, a margin of at most 3 a move.
    fn value_bounds(&self) -> std::ops::RangeInclusive<i64> {
        -180..=180
    }
}

/// The nodes in tiers of `width`, in order: node n at tier n / width, index n % width; a tier
/// leads to every tier after it unless `after` says otherwise.
pub(crate) struct Blocks {
    pub(crate) width: usize,
    pub(crate) edges: Edges,
    pub(crate) after: Option<Vec<Vec<usize>>>,
}

impl Tiers for Blocks {
    type Game = Token;
    const NAME: &'static str = "a token on a graph, in blocks";

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

/// `edges` in tiers of `width`, each tier leading to every tier after it.
pub(crate) fn in_blocks(width: usize, edges: &Edges) -> Blocks {
    Blocks {
        width,
        edges: Arc::clone(edges),
        after: None,
    }
}

/// A random graph of `nodes` nodes whose moves go to larger nodes (so it is acyclic).
pub(crate) fn random_edges(nodes: usize, seed: u64) -> Edges {
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
        let blocks = in_blocks(width, &edges);
        prop_assert_eq!(check::tiers(&blocks, &Checks::default()), Ok(()));
        let table = solve(&blocks, threads).unwrap();
        for (node, &value) in truth.iter().enumerate() {
            let position = Token { at: node, edges: Arc::clone(&edges) };
            prop_assert_eq!(table.value(&blocks, &position), Some(value), "node {}", node);
        }
    }
}

proptest! {
    /// Chance nodes among the players' (a third of the nodes), moves within and across
    /// tiers: the expected values by tiers are the definition's, node by node.
    #[test]
    fn expected_values_are_the_definition(
        nodes in 1usize..60,
        width in 1usize..8,
        seed in any::<u64>(),
        threads in 1usize..3,
    ) {
        let edges = random_edges(nodes, seed);
        let blocks = in_blocks(width, &edges);
        let table = Retrograde::new()
            .with_threads(threads)
            .solve_expected(&blocks, |_| true)
            .unwrap();
        for node in 0..nodes {
            let position = Token { at: node, edges: Arc::clone(&edges) };
            let truth: f64 = expectiminimax(&position).unwrap();
            let value = table.value(&blocks, &position).unwrap();
            prop_assert!((value - truth).abs() <= 1e-9, "node {}: {} {}", node, value, truth);
        }
    }
}

#[test]
fn the_values_match_the_solver_and_serve_it_as_knowledge() {
    let edges = random_edges(200, 7);
    let blocks = Arc::new(in_blocks(16, &edges));
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
    let blocks = in_blocks(10, &random_edges(100, 3));
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
    // Expected values: eight bytes an index.
    let refused = solver()
        .with_max_bytes(799)
        .solve_expected(&blocks, |_| true);
    assert_eq!(
        refused.err(),
        Some(RetroError::TiersTooLarge {
            bytes: 800,
            max_bytes: 799
        })
    );
    assert!(
        solver()
            .with_max_bytes(800)
            .solve_expected(&blocks, |_| true)
            .is_ok()
    );
}

/// A directory of its own for a test.
pub(crate) fn fresh_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gamesolver-tiers-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_tier_saved_reads_back_and_a_wrong_file_is_refused() {
    let edges = random_edges(40, 11);
    let blocks = in_blocks(16, &edges);
    let mut solver = Retrograde::new().with_threads(1);
    // Tier 2 (nodes 32 to 39) needs no other; tier 1 needs it.
    let last = solver.solve_tier(&blocks, 2, 0..8, Vec::new()).unwrap();
    let piece = solver
        .solve_tier(&blocks, 1, 4..12, vec![last.clone()])
        .unwrap();
    let truth = recursion(&edges);
    for index in 0..16 {
        let expected = (4..12).contains(&index).then(|| truth[16 + index as usize]);
        assert_eq!(piece.value_at(index), expected, "tier 1, index {index}");
    }
    let mut bytes = Vec::new();
    piece.save(&blocks, &mut bytes).unwrap();
    let read = TierValues::load(&blocks, std::io::Cursor::new(&bytes)).unwrap();
    assert_eq!(read.range(), piece.range());
    assert!((4..12).all(|index| read.value_at(index) == piece.value_at(index)));
    // Damaged, cut short, or of another size of the game: refused.
    let mut damaged = bytes.clone();
    let at = damaged.len() - 12;
    damaged[at] ^= 1;
    let load = |bytes: &[u8]| TierValues::load(&blocks, std::io::Cursor::new(bytes.to_vec()));
    assert!(matches!(load(&damaged), Err(TablebaseFileError::Damaged)));
    assert!(matches!(
        load(&bytes[..bytes.len() - 8]),
        Err(TablebaseFileError::WrongLength { .. })
    ));
    let other = in_blocks(12, &edges);
    let refused = TierValues::load(&other, std::io::Cursor::new(&bytes));
    assert!(matches!(
        refused,
        Err(TablebaseFileError::OtherRules { .. })
    ));
}

/// Expected values saved tier by tier, read back and made a table again: the same values; a
/// table of exact values takes none of them, nor one of expected values an exact tier.
#[test]
fn expected_tiers_saved_read_back() {
    let edges = random_edges(40, 13);
    let blocks = in_blocks(16, &edges);
    let solver = || Retrograde::new().with_threads(1);
    let table = solver().solve_expected(&blocks, |_| true).unwrap();
    let mut read = Vec::new();
    for tier in 0..blocks.tier_count() {
        let values = table.tier(tier).unwrap();
        assert!(values.is_expected() && values.is_whole());
        let mut bytes = Vec::new();
        values.save(&blocks, &mut bytes).unwrap();
        let back = TierValues::load(&blocks, std::io::Cursor::new(&bytes)).unwrap();
        assert_eq!(back, values);
        for index in back.range() {
            let place = Place { tier, index };
            assert_eq!(back.expected_at(index), table.value_at(place));
            assert_eq!(back.value_at(index), None);
        }
        read.push(back);
    }
    let again = ExpectedTablebase::from_tiers(&blocks, read.clone()).unwrap();
    assert_eq!(again, table);
    assert!(matches!(
        ScoreTablebase::from_tiers(&blocks, read),
        Err(RetroError::TierOutOfRange { .. })
    ));
    let exact = solve(&blocks, 1).unwrap();
    let exact_tier = exact.tier(0).unwrap();
    assert_eq!(exact_tier.expected_at(0), None);
    assert!(matches!(
        ExpectedTablebase::from_tiers(&blocks, vec![exact_tier]),
        Err(RetroError::TierOutOfRange { tier: 0 })
    ));
}

/// Every job of the tier path run in its wave, each from the directory alone, gives the values
/// of one solve; a tier whose jobs have not all run is refused.
#[test]
fn the_tier_path_gives_the_values_of_one_solve() {
    let edges = random_edges(120, 5);
    let blocks = in_blocks(20, &edges);
    let plan = TierPlan::new(&blocks, 3, 1).unwrap();
    // Six tiers, each after every later one: a wave a tier, three ranges a tier.
    assert_eq!(plan.waves().len(), 6);
    assert!(plan.waves().iter().all(|wave| wave.len() == 3));
    let dir = fresh_dir("path");
    let mut solver = Retrograde::new().with_threads(2);
    let first = &plan.waves()[1][0];
    assert!(matches!(
        run_tier_job(&blocks, &mut solver, &dir, first),
        Err(TierJobError::Incomplete(5))
    ));
    for job in plan.waves().iter().flatten() {
        run_tier_job(&blocks, &mut solver, &dir, job).unwrap();
    }
    let truth = recursion(&edges);
    for tier in 0..6 {
        let values = read_tier(&blocks, &dir, tier).unwrap();
        for index in 0..20 {
            assert_eq!(
                values.value_at(index),
                Some(truth[tier * 20 + index as usize])
            );
        }
    }
    // The start's tier, read back, serves as a table.
    let start = ScoreTablebase::from_tiers(&blocks, vec![read_tier(&blocks, &dir, 0).unwrap()]);
    let start = start.unwrap();
    assert!(start.holds(0) && !start.holds(1));
    let token = Token {
        at: 3,
        edges: Arc::clone(&edges),
    };
    assert_eq!(start.value(&blocks, &token), Some(truth[3]));
    let mut solver = Retrograde::new();
    let (from, to) = (5, 2);
    let backwards = solver.solve_tier(&blocks, 0, from..to, Vec::new());
    assert_eq!(backwards, Err(RetroError::IndexOutOfRange { index: 5 }));
    let times = wave_times(&blocks, &plan, &dir).unwrap();
    assert_eq!(times.iter().map(Vec::len).collect::<Vec<_>>(), vec![3; 6]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Expected values along the tier path, job by job from the directory alone: those of one
/// solve; a job given exact values for its children refuses them.
#[test]
fn the_tier_path_gives_expected_values() {
    let edges = random_edges(120, 17);
    let blocks = in_blocks(20, &edges);
    let plan = TierPlan::new(&blocks, 3, 1).unwrap();
    let dir = fresh_dir("expected-path");
    let mut solver = Retrograde::new().with_threads(2);
    for job in plan.waves().iter().flatten() {
        run_expected_tier_job(&blocks, &mut solver, &dir, job).unwrap();
    }
    let whole = Retrograde::new().solve_expected(&blocks, |_| true).unwrap();
    for tier in 0..6 {
        let values = read_tier(&blocks, &dir, tier).unwrap();
        for index in 0..20 {
            let place = Place { tier, index };
            assert_eq!(
                values.expected_at(index),
                whole.value_at(place),
                "{place:?}"
            );
        }
    }
    let exact = solve(&blocks, 1).unwrap().tier(5).unwrap();
    let refused = solver.solve_expected_tier(&blocks, 4, 0..20, vec![exact]);
    assert_eq!(refused, Err(RetroError::TierOutOfRange { tier: 5 }));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Blocks whose chance children all weigh 1, whatever the rules say.
struct EvenWeights(Blocks);

impl Tiers for EvenWeights {
    type Game = Token;
    const NAME: &'static str = "a token on a graph, its chance weights evened";

    fn tier_count(&self) -> usize {
        self.0.tier_count()
    }
    fn tier_len(&self, tier: usize) -> u64 {
        self.0.tier_len(tier)
    }
    fn position_at(&self, tier: usize, index: u64) -> Option<Token> {
        self.0.position_at(tier, index)
    }
    fn place(&self, position: &Token) -> Place {
        self.0.place(position)
    }
    fn tiers_after(&self, tier: usize, out: &mut Vec<usize>) {
        self.0.tiers_after(tier, out);
    }
    fn chance_children(
        &self,
        position: &Token,
        place: Place,
        moves: &mut Vec<(u8, u32)>,
        mut visit: impl FnMut(gamesolver::Child, u32),
    ) {
        self.0
            .chance_children(position, place, moves, |child, _| visit(child, 1));
    }
}

#[test]
fn chance_children_that_lie_are_named() {
    // Node 1, a chance node of two moves, weighs them 1 and 2.
    let edges: Edges = Arc::new(vec![vec![], vec![(2, 1, true), (2, 3, true)], vec![]]);
    let honest = in_blocks(1, &edges);
    assert_eq!(check::chance_tiers(&honest, &Checks::default()), Ok(()));
    let lying = EvenWeights(in_blocks(1, &edges));
    assert_eq!(
        check::chance_tiers(&lying, &Checks::default()),
        Err(TiersLie::ChanceChildren {
            place: Place { tier: 1, index: 0 }
        })
    );
    // The solve takes the weights it is given: 2 where the rules' are 7/3.
    let rules = Retrograde::new().solve_expected(&honest, |_| true).unwrap();
    let position = Token { at: 1, edges };
    assert!((rules.value(&honest, &position).unwrap() - 7.0 / 3.0).abs() < 1e-12);
    let lied = Retrograde::new().solve_expected(&lying, |_| true).unwrap();
    assert_eq!(lied.value(&lying, &position), Some(2.0));
}
