//! The chance engine on bearoff races: to the end it is exact and agrees with the solver (on
//! one thread and two), Star2 and Star1 agree with no pruning to each depth, and it keeps its
//! budget of time and nodes on a race too large to solve (on one thread and two).

use gamesolver::chance::{ChanceEngine, ChancePruning, ChanceSolver, expectiminimax_to_depth};
use gamesolver::games::bearoff::{
    BearoffRace, Checkers, ExpectedRolls, OneSidedDatabase, PipCount,
};
use gamesolver::{Budget, Evaluator, Game};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

fn on(counts: [u8; 6]) -> Checkers {
    Checkers::new(counts).unwrap()
}

fn expected_rolls() -> ExpectedRolls {
    static DATABASE: OnceLock<Arc<OneSidedDatabase>> = OnceLock::new();
    ExpectedRolls(
        DATABASE
            .get_or_init(|| Arc::new(OneSidedDatabase::build(6).unwrap()))
            .clone(),
    )
}

#[test]
fn to_the_end_the_engine_is_exact_and_plays_a_best_move() {
    let race = BearoffRace::new(on([1, 0, 1, 0, 1, 0]), on([0, 1, 0, 1, 0, 1]));
    let mut solver = ChanceSolver::<BearoffRace, f64>::new();
    for threads in 1..=2 {
        let mut engine = ChanceEngine::<_, _, f64>::new(expected_rolls()).with_threads(threads);
        let found = engine.search(&race, Budget::default()).unwrap().unwrap();
        assert!(found.exact);
        assert!((found.value - solver.value(&race).unwrap()).abs() < 1e-12);
        assert_eq!(found.best_move, None, "a roll comes first");
        // After each roll, the move the engine plays is one of the solver's best.
        for roll in race.legal_moves() {
            let rolled = race.after(roll);
            let found = engine.search(&rolled, Budget::default()).unwrap().unwrap();
            let best = solver.solve(&rolled).unwrap();
            assert!(found.exact);
            assert!(
                (found.value - best.value).abs() < 1e-12,
                "{threads} threads"
            );
            assert!(best.best_moves.contains(&found.best_move.unwrap()));
        }
    }
}

#[test]
fn star2_and_star1_find_the_depth_limited_values_of_no_pruning() {
    let race = BearoffRace::new(on([1, 1, 1, 1, 0, 1]), on([0, 1, 2, 1, 1, 0]));
    for depth in 1..=2u16 {
        let truth: f64 = expectiminimax_to_depth(&race, depth.into(), &expected_rolls()).unwrap();
        for pruning in [
            ChancePruning::Star2,
            ChancePruning::Star1,
            ChancePruning::Off,
        ] {
            let mut engine = ChanceEngine::<_, _, f64>::new(expected_rolls())
                .with_chance_pruning(pruning)
                .with_max_entries(0);
            let budget = Budget::default().with_depth(depth);
            let found = engine.search(&race, budget).unwrap().unwrap();
            assert_eq!(found.depth, depth);
            assert!((found.value - truth).abs() < 1e-12, "{pruning:?} {depth}");
        }
    }
}

#[test]
fn the_engine_keeps_its_budget_of_time_and_nodes() {
    let race = BearoffRace::new(on([3, 3, 3, 2, 2, 2]), on([2, 2, 3, 3, 3, 2]));
    let rolled = race.after(race.legal_moves()[3]);
    for threads in 1..=2 {
        let mut engine = ChanceEngine::<_, _, f64>::new(PipCount).with_threads(threads);
        let start = Instant::now();
        let budget = Budget::default().with_time(Duration::from_millis(50));
        let found = engine.search(&rolled, budget).unwrap().unwrap();
        // The clock is read every thousand nodes or so, each a few microseconds.
        assert!(
            start.elapsed() < Duration::from_millis(250),
            "{:?}",
            start.elapsed()
        );
        assert!(rolled.legal_moves().contains(&found.best_move.unwrap()));
        assert!(!found.exact);
        let mut engine = ChanceEngine::<_, _, f64>::new(PipCount).with_threads(threads);
        let found = engine
            .search(&rolled, Budget::default().with_nodes(5_000))
            .unwrap()
            .unwrap();
        // Each thread its share, and a node over it at most.
        assert!(found.nodes <= 5_000 + threads as u64, "{}", found.nodes);
        assert!(rolled.legal_moves().contains(&found.best_move.unwrap()));
    }
}

#[test]
fn the_evaluators_are_near_the_exact_values_and_know_the_end() {
    let races = [
        (on([1, 1, 1, 0, 0, 1]), on([1, 1, 1, 0, 0, 1])),
        (on([2, 1, 0, 0, 0, 0]), on([0, 0, 1, 1, 1, 1])),
        (on([0, 1, 1, 1, 1, 1]), on([1, 1, 1, 1, 1, 1])),
        (on([0, 0, 0, 2, 2, 2]), on([3, 1, 1, 0, 0, 0])),
    ];
    let mut solver = ChanceSolver::<BearoffRace, f64>::new();
    let rolls = expected_rolls();
    for (mover, other) in races {
        let race = BearoffRace::new(mover, other);
        let exact = solver.value(&race).unwrap();
        for estimate in [PipCount.expected(&race), rolls.expected(&race)] {
            assert!(
                (estimate - exact).abs() < 0.3,
                "{race:?}: {estimate} for {exact}"
            );
        }
    }
    let won = BearoffRace::new(on([1, 0, 0, 0, 0, 0]), on([0; 6]));
    assert_eq!(
        (PipCount.expected(&won), rolls.expected(&won)),
        (-1.0, -1.0)
    );
}

/// The two-sided database's evaluator is the solver's value on every race it holds, before
/// and after each roll, and `beyond`'s estimate past it; the engine with it finds a race's
/// exact value and a best play at depth 1.
#[test]
fn exact_races_are_the_solvers_values_where_the_database_holds_them() {
    use gamesolver::games::bearoff::{ExactRaces, TwoSidedDatabase, every_side};
    let evaluator = ExactRaces {
        races: Arc::new(TwoSidedDatabase::build(3).unwrap()),
        beyond: PipCount,
    };
    let mut solver = ChanceSolver::<BearoffRace, f64>::new();
    for &mover in &every_side(3)[1..] {
        for &other in &every_side(3)[1..] {
            let race = BearoffRace::new(mover, other);
            let value = solver.value(&race).unwrap();
            assert!(
                (evaluator.expected(&race) - value).abs() < 1e-12,
                "{race:?}"
            );
            for roll in race.legal_moves() {
                let rolled = race.after(roll);
                let value = solver.value(&rolled).unwrap();
                assert!(
                    (evaluator.expected(&rolled) - value).abs() < 1e-12,
                    "{rolled:?}"
                );
            }
        }
    }
    let far = BearoffRace::new(on([4, 0, 0, 0, 0, 0]), on([1, 0, 0, 0, 0, 0]));
    assert_eq!(evaluator.exact(&far), None);
    assert_eq!(evaluator.expected(&far), PipCount.expected(&far));
    // Depth 1: each play's child valued exactly, so the engine's move is a best one.
    let race = BearoffRace::new(on([1, 1, 1, 0, 0, 0]), on([0, 1, 0, 1, 0, 1]));
    for roll in race.legal_moves() {
        let rolled = race.after(roll);
        let mut engine = ChanceEngine::<_, _, f64>::new(evaluator.clone());
        let found = engine
            .search(&rolled, Budget::default().with_depth(1))
            .unwrap()
            .unwrap();
        let best = solver.solve(&rolled).unwrap();
        assert!((found.value - best.value).abs() < 1e-12, "{rolled:?}");
        assert!(
            best.best_moves.contains(&found.best_move.unwrap()),
            "{rolled:?}"
        );
    }
}
