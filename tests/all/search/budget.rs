//! A budget of time counts from each search's start, not from when the budget was made.

use gamesolver::games::prime::SmallPrimeGame;
use gamesolver::search::Budget;
use gamesolver::{Engine, Solver};
use std::time::Duration;

#[test]
fn time_counts_from_the_start_of_each_search() {
    let budget = Budget::default().with_time(Duration::from_millis(200));
    let mut solver = Solver::new().with_budget(budget);
    let mut engine = Engine::new(gamesolver::NoEvaluator).with_table_bytes(1 << 20);
    // Longer than the budget's time: a deadline set when the budget was made would have
    // passed before any search began.
    std::thread::sleep(Duration::from_millis(300));
    let game = SmallPrimeGame::new(12).unwrap();
    let plain = Solver::new().value(&game).unwrap();
    for _ in 0..2 {
        assert_eq!(solver.value(&game), Ok(plain));
        let found = engine.search(&game, budget).expect("a move");
        assert!(found.exact && found.value == plain, "{found:?}");
        std::thread::sleep(Duration::from_millis(250));
    }
}
