//! The engine against the exact solver, its budgets and deadlines, and its endgames. The
//! contest tool's players and matches are tested in the `primegame` package.

use gamesolver::CheckedPlay;
use gamesolver::arena::{EngineStrategy, Strategy};
use gamesolver::games::prime::{PrimeEvaluator, PrimeGame, SmallPrimeGame};
use gamesolver::{Budget, Engine};
use std::time::{Duration, Instant};

fn engine() -> Engine<PrimeGame, PrimeEvaluator, gamesolver::games::prime::PrimeKnowledge> {
    gamesolver::games::prime::engine(16 << 20)
}

#[test]
fn engine_with_enough_time_is_exact_up_to_30() {
    let mut solver = gamesolver::games::prime::solver().with_table_bytes(16 << 20);
    let mut boards: Vec<(u32, Vec<u64>)> = [8, 13, 20, 24, 27, 30]
        .iter()
        .map(|&n| (n, (1..=u64::from(n)).collect()))
        .collect();
    // Some middle-game positions too: every third number of 1..=30, odd numbers, and so on.
    boards.push((30, (1..=30).step_by(3).collect()));
    boards.push((29, (1..=29).step_by(2).collect()));
    boards.push((30, (10..=30).collect()));
    for (n, numbers) in boards {
        let small = SmallPrimeGame::from_numbers(n, numbers.iter().copied()).unwrap();
        let exact = solver.solve(&small).unwrap();
        let position = PrimeGame::from_numbers(n, numbers).unwrap();
        let result = engine().search(&position, Budget::default()).unwrap();
        assert!(result.exact, "n = {n}: not proven");
        assert_eq!(result.value, exact.value, "n = {n}");
        assert!(
            exact.best_moves.contains(&result.best_move),
            "n = {n}: {}",
            result.best_move
        );
        assert_eq!(result.principal_variation[0], result.best_move);
    }
}

#[test]
fn engine_respects_depth_and_node_budgets() {
    let position = PrimeGame::new(200).unwrap();
    let result = engine()
        .search(&position, Budget::default().with_depth(2))
        .unwrap();
    assert_eq!(result.depth, 2);
    assert!(!result.exact);
    let result = engine()
        .search(&position, Budget::default().with_nodes(500))
        .unwrap();
    assert!(result.nodes <= 500 + 200, "{} nodes", result.nodes);
    assert!(position.contains(result.best_move));
    // No legal move, no result.
    let mut over = PrimeGame::new(1).unwrap();
    over.play(1).unwrap();
    assert!(engine().search(&over, Budget::default()).is_none());
}

#[test]
fn engine_strategy_answers_within_its_time() {
    // Slack for a loaded machine: the engine aims at 80 % of the time less 2 ms.
    const SLACK: Duration = Duration::from_millis(25);
    for n in [250, 5000] {
        let position = PrimeGame::new(n).unwrap();
        let mut strategy = EngineStrategy::new(engine());
        for ms in [20, 100, 500] {
            let time = Duration::from_millis(ms);
            let start = Instant::now();
            let mv = strategy.choose(&position, start + time).unwrap();
            let took = start.elapsed();
            assert!(position.contains(mv));
            assert!(took <= time + SLACK, "n = {n}, {ms} ms: took {took:?}");
        }
    }
}

/// The board 1..=n after greedy play down to `left` numbers.
fn greedy_endgame(n: u32, left: u32) -> PrimeGame {
    let mut position = PrimeGame::new(n).unwrap();
    while position.len() > left {
        let x = position.greedy_move().unwrap();
        position.play(x).unwrap();
    }
    position
}

#[test]
fn endgames_are_solved_exactly_within_the_time() {
    // Greedy play down to 36 numbers of 1..=200: the engine's first try, an exact solve in a
    // third of its time, finishes, and agrees with the solver.
    let position = greedy_endgame(200, 36);
    let result = engine()
        .search(
            &position,
            Budget::default().with_time(Duration::from_millis(1000)),
        )
        .unwrap();
    assert!(result.exact, "not proven: depth {}", result.depth);
    let solution = gamesolver::games::prime::solver()
        .with_table_bytes(16 << 20)
        .solve(&position)
        .unwrap();
    assert_eq!(result.value, solution.value);
    assert!(solution.best_moves.contains(&result.best_move));
    assert_eq!(result.principal_variation.len(), usize::from(result.depth));
}

/// An engine's table is made whole when it is built, so a request past the engine's cap is
/// capped, and the configuration says so: `usize::MAX` no longer takes three quarters of the
/// machine's memory before the first search.
#[test]
fn an_engines_table_is_capped_and_says_so() {
    use gamesolver::search::ENGINE_MAX_TABLE_BYTES;
    let engine = Engine::new(PrimeEvaluator::default()).with_table_bytes(usize::MAX);
    assert_eq!(engine.config().table_bytes, ENGINE_MAX_TABLE_BYTES);
    drop(engine);
    let small = Engine::new(PrimeEvaluator::default()).with_table_bytes(1 << 20);
    assert_eq!(small.config().table_bytes, 1 << 20);
    let config = gamesolver::SearchConfig::default().with_table_bytes(usize::MAX);
    let tuned = Engine::with_config(config, PrimeEvaluator::default());
    assert_eq!(tuned.config().table_bytes, ENGINE_MAX_TABLE_BYTES);
    drop(tuned);
    let contest = gamesolver::games::prime::engine(usize::MAX);
    assert_eq!(contest.config().table_bytes, ENGINE_MAX_TABLE_BYTES);
}
