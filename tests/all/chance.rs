//! Games with chance: the solver's values against the definition (`expectiminimax`) on
//! random games, exactly in rationals and within rounding in floating point, with each
//! pruning, ordered or not, with knowledge or not; and the errors it promises.

use gamesolver::chance::{
    BigRational, ChanceEngine, ChanceError, ChancePruning, ChanceSolver, Expectation,
    expectiminimax, expectiminimax_to_depth,
};
use gamesolver::{Budget, ChanceGame, Evaluator, Facts, Game, Knowledge, Points, ScoringGame};
use proptest::prelude::*;
use std::sync::Arc;

/// A node of a random game: a chance node (its chance moves' weights) or a player's node, each
/// move or chance move with a child, a margin and whether it keeps the turn.
#[derive(Debug, Clone)]
struct Node {
    chance: bool,
    edges: Vec<Edge>,
}

#[derive(Debug, Clone, Copy)]
struct Edge {
    child: usize,
    margin: i64,
    keeps: bool,
    weight: u32,
}

/// A position of a random game: its node. Children have larger numbers, so play ends.
#[derive(Debug, Clone)]
struct Random {
    at: usize,
    nodes: Arc<Vec<Node>>,
    /// The longest play from each node, for the bounds.
    depth: Arc<Vec<i64>>,
}

/// The largest margin of a move.
const MARGIN: i64 = 3;

impl Game for Random {
    type Move = u8;
    type Key = usize;
    const NAME: &'static str = "random";
    fn generate_moves(&self, out: &mut Vec<u8>) {
        out.extend((0..self.nodes[self.at].edges.len()).map(|i| i as u8));
    }
    fn play_unchecked(&mut self, mv: u8) {
        self.at = self.nodes[self.at].edges[usize::from(mv)].child;
    }
    fn key(&self) -> usize {
        self.at
    }
}

impl ScoringGame for Random {
    fn points(&self, mv: u8) -> Points {
        let margin = self.nodes[self.at].edges[usize::from(mv)].margin;
        Points {
            mover: margin.max(0).unsigned_abs(),
            opponent: margin.min(0).unsigned_abs(),
        }
    }
    fn keeps_turn(&self, mv: u8) -> bool {
        self.nodes[self.at].edges[usize::from(mv)].keeps
    }
}

impl ChanceGame for Random {
    fn is_chance(&self) -> bool {
        self.nodes[self.at].chance
    }
    fn chance_moves(&self, out: &mut Vec<(u8, u32)>) {
        let node = &self.nodes[self.at];
        if node.chance {
            out.extend(
                node.edges
                    .iter()
                    .enumerate()
                    .map(|(i, e)| (i as u8, e.weight)),
            );
        }
    }
    fn value_bounds(&self) -> std::ops::RangeInclusive<i64> {
        let reach = MARGIN * self.depth[self.at];
        -reach..=reach
    }
}

/// A random game of `count` nodes from the seeds: each node's edges go to later nodes.
fn random_game(count: usize, seeds: &[u64]) -> Random {
    let mut nodes = Vec::with_capacity(count);
    let mut seed = seeds.iter().copied().cycle();
    let mut next = move || seed.next().unwrap_or(0);
    for at in 0..count {
        let left = count - at - 1;
        let width = if left == 0 { 0 } else { (next() % 4) as usize };
        let chance = next() % 2 == 0;
        let edges = (0..width)
            .map(|_| Edge {
                child: at + 1 + (next() as usize % left),
                margin: (next() % (2 * MARGIN as u64 + 1)) as i64 - MARGIN,
                keeps: next() % 3 == 0,
                weight: 1 + (next() % 3) as u32,
            })
            .collect();
        nodes.push(Node { chance, edges });
    }
    let mut depth = vec![0i64; count];
    for at in (0..count).rev() {
        depth[at] = nodes[at]
            .edges
            .iter()
            .map(|e| 1 + depth[e.child])
            .max()
            .unwrap_or(0);
    }
    Random {
        at: 0,
        nodes: Arc::new(nodes),
        depth: Arc::new(depth),
    }
}

/// An estimate of a random game's position, fractional and often outside its bounds (which
/// the search clips it to).
#[derive(Debug, Clone, Copy)]
struct Guess;

impl Evaluator<Random> for Guess {
    fn evaluate(&self, position: &Random) -> i64 {
        self.expected(position) as i64
    }
    fn expected(&self, position: &Random) -> f64 {
        ((position.at * 37) % 23) as f64 / 4.0 - 2.5
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// To each depth, the engine without a table (every pruning, one thread or two) finds
    /// the definition's depth-limited value exactly; with its table (of every position, or
    /// none right after a chance move), the value it calls exact is the game's.
    #[test]
    fn the_engine_gives_the_depth_limited_values(
        count in 2usize..40,
        seeds in prop::collection::vec(any::<u64>(), 1..64),
        threads in 1usize..=2,
    ) {
        let game = random_game(count, &seeds);
        for pruning in [ChancePruning::Star2, ChancePruning::Star1, ChancePruning::Off] {
            let mut bare = ChanceEngine::<Random, Guess, BigRational>::new(Guess)
                .with_max_entries(0)
                .with_chance_pruning(pruning)
                .with_threads(threads);
            let mut tabled = ChanceEngine::<Random, Guess, BigRational>::new(Guess)
                .with_chance_pruning(pruning)
                .with_threads(threads);
            let mut tabled_before_chance = ChanceEngine::<Random, Guess, BigRational>::new(Guess)
                .with_entries_after_chance(false)
                .with_chance_pruning(pruning)
                .with_threads(threads);
            for at in 0..count {
                let position = Random { at, ..game.clone() };
                for depth in 1..4u16 {
                    let budget = Budget::default().with_depth(depth);
                    let found = bare.search(&position, budget).unwrap();
                    let Some(found) = found else {
                        prop_assert!(position.legal_moves().is_empty());
                        continue;
                    };
                    let truth: BigRational =
                        expectiminimax_to_depth(&position, u32::from(found.depth), &Guess).unwrap();
                    prop_assert_eq!(&found.value, &truth, "node {} depth {}", at, depth);
                    for engine in [&mut tabled, &mut tabled_before_chance] {
                        let found = engine.search(&position, budget).unwrap().unwrap();
                        if found.exact {
                            let value: BigRational = expectiminimax(&position).unwrap();
                            prop_assert_eq!(&found.value, &value, "node {} depth {}", at, depth);
                        }
                    }
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// Every position's value, by the solver with each pruning, its moves in the game's order
    /// or ordered by an estimate, on one thread or two, with entries right after a chance move
    /// or without, is the definition's: exactly in rationals, within rounding in floating
    /// point; the best moves are worth it.
    #[test]
    fn the_solver_gives_the_definitions_values(
        count in 2usize..40,
        seeds in prop::collection::vec(any::<u64>(), 1..64),
        threads in 1usize..=2,
    ) {
        let game = random_game(count, &seeds);
        let exact = |pruning| {
            ChanceSolver::<Random, BigRational>::new()
                .with_chance_pruning(pruning)
                .with_threads(threads)
        };
        let mut solvers = [ChancePruning::Star2, ChancePruning::Star1, ChancePruning::Off].map(exact);
        let ordered = |pruning| exact(pruning).with_move_ordering(Guess);
        let mut ordered = [ChancePruning::Star2, ChancePruning::Star1, ChancePruning::Off].map(ordered);
        let before_chance = |pruning| exact(pruning).with_entries_after_chance(false);
        let mut before_chance = [ChancePruning::Star2, ChancePruning::Star1].map(before_chance);
        let mut float = ChanceSolver::<Random, f64>::new();
        for at in 0..count {
            let position = Random { at, ..game.clone() };
            let truth: BigRational = expectiminimax(&position).unwrap();
            for solver in &mut solvers {
                prop_assert_eq!(&solver.value(&position).unwrap(), &truth, "node {}", at);
            }
            for solver in &mut ordered {
                prop_assert_eq!(&solver.value(&position).unwrap(), &truth, "node {}, ordered", at);
            }
            for solver in &mut before_chance {
                let value = solver.value(&position).unwrap();
                prop_assert_eq!(&value, &truth, "node {}, no entry after chance", at);
            }
            let approximate: f64 = float.value(&position).unwrap();
            let exact: f64 = expectiminimax(&position).unwrap();
            prop_assert!(approximate.same(&exact), "node {}: {} against {}", at, approximate, exact);
            let solution = ChanceSolver::<Random, BigRational>::new().solve(&position).unwrap();
            prop_assert_eq!(&solution.value, &truth);
            for mv in solution.best_moves {
                let after: BigRational = expectiminimax(&position.after(mv)).unwrap();
                let (margin, keeps) = position.margin_and_turn(mv);
                let margin = BigRational::from_int(margin);
                let worth = if keeps { margin + after } else { margin - after };
                prop_assert_eq!(&worth, &truth);
            }
        }
    }
}

/// A game that says its positions repeat is refused, not searched forever.
#[test]
fn a_game_whose_positions_repeat_is_refused() {
    #[derive(Clone, Debug)]
    struct Loop;
    impl Game for Loop {
        type Move = u8;
        type Key = u8;
        const NAME: &'static str = "loop";
        const POSITIONS_REPEAT: bool = true;
        fn generate_moves(&self, out: &mut Vec<u8>) {
            out.push(0);
        }
        fn play_unchecked(&mut self, _: u8) {}
        fn key(&self) -> u8 {
            0
        }
    }

    impl ScoringGame for Loop {
        fn points(&self, _: u8) -> Points {
            Points::default()
        }
    }
    impl ChanceGame for Loop {
        fn is_chance(&self) -> bool {
            false
        }
        fn chance_moves(&self, _: &mut Vec<(u8, u32)>) {}
        fn value_bounds(&self) -> std::ops::RangeInclusive<i64> {
            0..=0
        }
    }
    assert_eq!(
        ChanceSolver::<Loop, f64>::new().value(&Loop),
        Err(ChanceError::PositionsRepeat)
    );
    assert_eq!(
        expectiminimax::<Loop, f64>(&Loop),
        Err(ChanceError::PositionsRepeat)
    );
}

/// Every position `start` reaches, valued by plain value iteration: all of them swept in the
/// order found until no value moves, no components, no order, no extrapolation.
fn plain_value_iteration<G: ChanceGame>(start: &G) -> std::collections::HashMap<G::Key, f64> {
    use std::collections::HashMap;
    let mut index: HashMap<G::Key, usize> = HashMap::from([(start.key(), 0)]);
    let mut positions = vec![start.clone()];
    let mut edges: Vec<Vec<(usize, f64, bool, f64)>> = Vec::new();
    let mut at = 0;
    while at < positions.len() {
        let position = positions[at].clone();
        let mut weighted = Vec::new();
        if position.is_chance() {
            position.chance_moves(&mut weighted);
        } else {
            weighted.extend(position.legal_moves().into_iter().map(|mv| (mv, 1)));
        }
        let mut out = Vec::new();
        for (mv, weight) in weighted {
            let child = position.after(mv);
            let next = index.len();
            let number = *index.entry(child.key()).or_insert_with(|| {
                positions.push(child.clone());
                next
            });
            let (margin, keeps) = position.margin_and_turn(mv);
            out.push((number, margin as f64, keeps, f64::from(weight)));
        }
        edges.push(out);
        at += 1;
    }
    let mut values = vec![0.0f64; positions.len()];
    loop {
        let mut change: f64 = 0.0;
        for (i, out) in edges.iter().enumerate() {
            if out.is_empty() {
                continue;
            }
            let worth = |&(c, m, keeps, _): &(usize, f64, bool, f64)| {
                if keeps { m + values[c] } else { m - values[c] }
            };
            let value = if positions[i].is_chance() {
                let total: f64 = out.iter().map(|e| e.3).sum();
                out.iter().map(|e| e.3 * worth(e)).sum::<f64>() / total
            } else {
                out.iter().map(worth).fold(f64::NEG_INFINITY, f64::max)
            };
            change = change.max((value - values[i]).abs());
            values[i] = value;
        }
        if change < 1e-14 {
            break;
        }
    }
    index.into_iter().map(|(key, i)| (key, values[i])).collect()
}

/// The solver of games whose positions repeat gives plain value iteration's values on Pig and
/// Piglet to small goals, and the definition's on random games without cycles.
#[test]
fn the_cyclic_solver_gives_plain_value_iterations_values() {
    use gamesolver::chance::CyclicSolver;
    use gamesolver::games::pig::Pig;
    for start in [Pig::new(12).unwrap(), Pig::piglet(6).unwrap()] {
        let truth = plain_value_iteration(&start);
        let solution = CyclicSolver::new().solve(&start).unwrap();
        assert_eq!(solution.len(), truth.len());
        let mut checked = 0;
        for mover in 0..12 {
            for other in 0..12 {
                for turn in 0..12 - mover {
                    let position = start.at(mover, other, turn);
                    if let Some(&value) = truth.get(&position.key()) {
                        let found = solution.value(&position).unwrap();
                        assert!(
                            (found - value).abs() < 1e-10,
                            "{position:?}: {found} against {value}"
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 100, "{checked}");
    }
    for seed in 0..200u64 {
        let game = random_game(30, &[seed, seed.wrapping_mul(0x9e37_79b9_7f4a_7c15), 7]);
        let solution = CyclicSolver::new().solve(&game).unwrap();
        let truth: f64 = expectiminimax(&game).unwrap();
        assert!(solution.value(&game).unwrap().same(&truth), "seed {seed}");
    }
}

/// A random game with one lie told: 0, value bounds of only 0; 1, every weight 0; 2, the
/// last chance move left out.
#[derive(Clone, Debug)]
struct Lying(Random, u8);
impl Game for Lying {
    type Move = u8;
    type Key = usize;
    const NAME: &'static str = "lying";
    fn generate_moves(&self, out: &mut Vec<u8>) {
        self.0.generate_moves(out);
    }
    fn play_unchecked(&mut self, mv: u8) {
        self.0.play_unchecked(mv);
    }
    fn key(&self) -> usize {
        self.0.key()
    }
}

impl ScoringGame for Lying {
    fn points(&self, mv: u8) -> Points {
        self.0.points(mv)
    }
    fn keeps_turn(&self, mv: u8) -> bool {
        self.0.keeps_turn(mv)
    }
}
impl ChanceGame for Lying {
    fn is_chance(&self) -> bool {
        self.0.is_chance()
    }
    fn chance_moves(&self, out: &mut Vec<(u8, u32)>) {
        self.0.chance_moves(out);
        match self.1 {
            1 => out.iter_mut().for_each(|(_, weight)| *weight = 0),
            2 => out.truncate(out.len().saturating_sub(1)),
            _ => {}
        }
    }
    fn value_bounds(&self) -> std::ops::RangeInclusive<i64> {
        if self.1 == 0 {
            0..=0
        } else {
            self.0.value_bounds()
        }
    }
}

/// The games with chance that come with the crate pass the check; bounds that lie, a weight
/// of 0 and chance moves that are not the legal ones are each named.
#[test]
fn the_check_names_a_lie_in_a_chance_game() {
    use gamesolver::check::{self, ChanceLie};
    use gamesolver::games::bearoff::{BearoffRace, Checkers};
    use gamesolver::games::pig::Pig;
    let side = |counts| Checkers::new(counts).unwrap();
    let race = BearoffRace::new(side([0, 1, 1, 0, 0, 0]), side([1, 0, 0, 1, 0, 0]));
    assert!(check::chance(&race, 1 << 16).unwrap() > 100);
    assert!(check::chance(&Pig::new(12).unwrap(), 1 << 16).unwrap() > 100);

    let mut named = [false; 3];
    for seed in 0..100u64 {
        let game = random_game(20, &[seed, seed ^ 0x5555, 3]);
        for lie in 0..3u8 {
            match check::chance(&Lying(game.clone(), lie), 1 << 12) {
                Err(ChanceLie::OutOfBounds { .. }) if lie == 0 => named[0] = true,
                Err(ChanceLie::ZeroWeight { .. }) if lie == 1 => named[1] = true,
                Err(ChanceLie::ChanceMovesDiffer { .. }) if lie == 2 => named[2] = true,
                Ok(_) => {}
                other => panic!("lie {lie}, seed {seed}: {other:?}"),
            }
        }
    }
    assert_eq!(named, [true; 3]);
}

/// What is proven of a random game's positions: the floor and ceiling of each value (of
/// `lie`'s node, one less than its floor), and a move to try first (the last listed).
#[derive(Debug, Clone)]
struct Proven {
    bounds: Arc<Vec<(i64, i64)>>,
    lie: Option<usize>,
}

impl Proven {
    fn of(game: &Random, lie: Option<usize>) -> Self {
        let bounds = (0..game.nodes.len())
            .map(|at| {
                let value: BigRational = expectiminimax(&Random { at, ..game.clone() }).unwrap();
                let whole = |v: BigRational| i64::try_from(v.to_integer()).unwrap();
                (whole(value.floor()), whole(value.ceil()))
            })
            .collect();
        Self {
            bounds: Arc::new(bounds),
            lie,
        }
    }
}

impl Knowledge<Random> for Proven {
    fn facts(&self, position: &Random) -> Facts<u8> {
        let (lower, upper) = self.bounds[position.at];
        let moves = position.nodes[position.at].edges.len();
        // A lie: the value is at most one less than its floor.
        let bounds = if self.lie == Some(position.at) {
            lower - 1..=lower - 1
        } else {
            lower..=upper
        };
        Facts {
            bounds: Some(bounds),
            best_move: moves.checked_sub(1).map(|last| last as u8),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// With the knowledge's bounds (each value's floor and ceiling) and first moves, the
    /// solver with each pruning, on one thread or two, finds the definition's values exactly,
    /// and the check passes that knowledge.
    #[test]
    fn the_solver_with_knowledge_gives_the_definitions_values(
        count in 2usize..40,
        seeds in prop::collection::vec(any::<u64>(), 1..64),
        threads in 1usize..=2,
    ) {
        let game = random_game(count, &seeds);
        let proven = Proven::of(&game, None);
        prop_assert!(gamesolver::check::chance_knowledge(&game, &proven, 1 << 12).is_ok());
        for pruning in [ChancePruning::Star2, ChancePruning::Star1, ChancePruning::Off] {
            let mut solver = ChanceSolver::<Random, BigRational>::new()
                .with_chance_pruning(pruning)
                .with_threads(threads)
                .with_knowledge(proven.clone());
            for at in 0..count {
                let position = Random { at, ..game.clone() };
                let truth: BigRational = expectiminimax(&position).unwrap();
                prop_assert_eq!(&solver.value(&position).unwrap(), &truth, "node {}", at);
            }
        }
    }
}

/// Knowledge whose bound lies about one position, reachable from the start, is named by the
/// check, and changes the solver's value (the bounds are sound claims, used as given); the
/// true bounds pass.
#[test]
fn the_check_names_a_knowledge_that_lies_about_a_chance_game() {
    use gamesolver::check::{ChanceLie, chance_knowledge};
    let mut named = 0;
    for seed in 0..50u64 {
        let game = random_game(20, &[seed, seed ^ 0x3333, 7]);
        assert!(chance_knowledge(&game, &Proven::of(&game, None), 1 << 12).is_ok());
        let lying = Proven::of(&game, Some(0));
        let told: BigRational = ChanceSolver::new()
            .with_knowledge(lying.clone())
            .value(&game)
            .unwrap();
        assert_eq!(told, BigRational::from_int(lying.bounds[0].0 - 1));
        match chance_knowledge(&game, &lying, 1 << 12) {
            Err(ChanceLie::KnowledgeOutOfBounds { key, .. }) => {
                assert_eq!(key, "0");
                named += 1;
            }
            other => panic!("seed {seed}: {other:?}"),
        }
    }
    assert_eq!(named, 50);
}

/// A solver on two threads finds one thread's value, counts the nodes of every thread, and
/// keeps that count when its settings change (its helpers made again).
#[test]
fn a_solver_on_threads_counts_every_threads_nodes() {
    for seed in 0..20u64 {
        let game = random_game(30, &[seed, seed ^ 0x5555, 3]);
        let value: BigRational = ChanceSolver::new().value(&game).unwrap();
        let mut two = ChanceSolver::<Random, BigRational>::new().with_threads(2);
        assert_eq!(two.threads(), 2);
        assert_eq!(two.value(&game).unwrap(), value, "seed {seed}");
        let nodes = two.nodes();
        assert!(nodes > 0);
        let two = two.with_chance_pruning(ChancePruning::Off);
        assert_eq!(two.nodes(), nodes);
    }
}

/// Star2 probes nothing where a node's window is its own bounds (the proof is in the module
/// docs of `chance`): one players' move deep, the root's chance node is searched whole, so
/// Star2 visits Star1's nodes exactly and finds the same value.
#[test]
fn star2_spends_no_probe_on_a_node_searched_whole() {
    use gamesolver::games::bearoff::{BearoffRace, Checkers, PipCount};
    let side = |counts| Checkers::new(counts).unwrap();
    let race = BearoffRace::new(side([1, 1, 1, 1, 1, 1]), side([0, 1, 2, 1, 1, 1]));
    let budget = Budget::default().with_depth(1);
    let search = |pruning| {
        let mut engine = ChanceEngine::<_, _, f64>::new(PipCount).with_chance_pruning(pruning);
        engine.search(&race, budget).unwrap().unwrap()
    };
    let (star1, star2) = (search(ChancePruning::Star1), search(ChancePruning::Star2));
    assert_eq!(star2.nodes, star1.nodes);
    assert_eq!(star2.value, star1.value);
}
