//! Proven results saved to a file and loaded back: a stopped solve resumes to the exact value
//! (checked against plain negamax), results move between one-thread and shared tables, and a
//! file that is not whole, of another game or damaged is refused and loads nothing.

use crate::common::plain_prime::plain_negamax;
use gamesolver::games::kalah::Kalah;
use gamesolver::games::prime::PrimeKnowledge;
use gamesolver::games::prime::{PrimeGame, SmallPrimeGame, WidePrimeGame};
use gamesolver::{Budget, Game, Points, ResultsError, ScoringGame, SolveError, Solver};
use proptest::prelude::*;
use std::io::Cursor;

/// PrimeGame's solver with a table of 1 MiB, quick to make for a small board.
fn solver<G: ScoringGame>() -> Solver<G, PrimeKnowledge>
where
    PrimeKnowledge: gamesolver::Knowledge<G>,
{
    gamesolver::games::prime::solver().with_table_bytes(1 << 20)
}

fn saved<G: ScoringGame>(solver: &Solver<G, PrimeKnowledge>, game: &G) -> Vec<u8>
where
    PrimeKnowledge: gamesolver::Knowledge<G>,
{
    let mut file = Vec::new();
    solver.save_results(game, &mut file, 0).expect("saved");
    file
}

#[test]
fn loaded_results_answer_at_once_across_thread_counts() {
    let game = SmallPrimeGame::new(70).unwrap();
    for (from, to) in [(1, 1), (1, 2), (2, 1), (2, 2)] {
        let mut first = solver().with_threads(from);
        let expected = first.solve(&game).unwrap();
        let file = saved(&first, &game);
        let mut second = solver().with_threads(to);
        let count = second.load_results(&game, Cursor::new(&file)).unwrap();
        assert!(count > 0);
        let solution = second.solve(&game).unwrap();
        assert_eq!(
            (solution.value, &solution.best_moves),
            (expected.value, &expected.best_moves)
        );
        assert!(
            solution.nodes * 10 < expected.nodes,
            "{from} -> {to} threads: {} nodes after loading, {} before",
            solution.nodes,
            expected.nodes
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// A solve stopped after any number of nodes, saved and loaded into a new solver, ends
    /// with the value plain negamax gives: a stopped search stores nothing unproven.
    #[test]
    fn a_stopped_solve_resumes_to_the_exact_value(
        numbers in proptest::collection::btree_set(1u32..=24, 1..=11),
        stop_after in 1u64..200,
        min_work in 0u8..4,
    ) {
        let board: Vec<u32> = numbers.into_iter().collect();
        let game = SmallPrimeGame::from_numbers(24, board.iter().map(|&x| u64::from(x))).unwrap();
        let mut stopped = solver().with_budget(Budget::default().with_nodes(stop_after));
        let first = stopped.value(&game);
        let stopped_or_done = matches!(first, Ok(_) | Err(SolveError::BudgetExhausted { .. }));
        prop_assert!(stopped_or_done, "{:?}", first);
        let mut file = Vec::new();
        stopped.save_results(&game, &mut file, min_work).unwrap();
        let mut resumed = solver();
        resumed.load_results(&game, Cursor::new(&file)).unwrap();
        prop_assert_eq!(resumed.value(&game).unwrap(), plain_negamax(&board));
    }
}

/// A solver that has solved 1..=40, and its results.
fn solved_40() -> (SmallPrimeGame, Vec<u8>) {
    let game = SmallPrimeGame::new(40).unwrap();
    let mut first = solver();
    first.value(&game).unwrap();
    let file = saved(&first, &game);
    (game, file)
}

/// Loads `file` into a new solver, which must refuse it, and checks that it then solves as a
/// new solver does (the same nodes on one thread: nothing was loaded).
fn refused(game: &SmallPrimeGame, file: &[u8]) -> ResultsError {
    let mut fresh = solver();
    fresh.value(game).unwrap();
    let mut refusing = solver();
    let error = refusing
        .load_results(game, Cursor::new(file))
        .expect_err("refused");
    refusing.value(game).unwrap();
    assert_eq!(
        refusing.nodes(),
        fresh.nodes(),
        "{error}: something was loaded"
    );
    error
}

#[test]
fn files_cut_short_run_on_or_damaged_are_refused_whole() {
    let (game, file) = solved_40();
    assert!(file.len() > 200);
    for cut in [0, 5, 30, file.len() / 2, file.len() - 1] {
        let error = refused(&game, &file[..cut]);
        assert!(
            matches!(
                error,
                ResultsError::NotResults | ResultsError::WrongLength { .. }
            ),
            "cut at {cut}: {error}"
        );
    }
    let mut longer = file.clone();
    longer.push(0);
    assert!(matches!(
        refused(&game, &longer),
        ResultsError::WrongLength { .. }
    ));
    // A bit flipped in any word of the last entry (key, bounds, move) or in the checksum.
    for back in 1..=64 {
        let mut damaged = file.clone();
        let at = damaged.len() - back;
        damaged[at] ^= 0x10;
        let error = refused(&game, &damaged);
        assert!(
            matches!(error, ResultsError::Damaged(_)),
            "byte {back} from the end: {error}"
        );
    }
    let mut not_results = file;
    not_results[0] ^= 1;
    assert!(matches!(
        refused(&game, &not_results),
        ResultsError::NotResults
    ));
}

/// Results name the game by its `NAME` and `rules_id`, not by its type: a board kept in a
/// wider mask (the same keys' words) takes them, another game or other rules do not.
#[test]
fn results_load_into_the_same_game_of_another_type_and_not_into_another_game_or_rules() {
    let (small, file) = solved_40();
    let wide = WidePrimeGame::new(40).unwrap();
    let mut loaded = solver();
    assert!(loaded.load_results(&wide, Cursor::new(&file)).unwrap() > 0);
    assert_eq!(
        loaded.value(&wide).unwrap(),
        solver().value(&small).unwrap()
    );
    assert!(loaded.nodes() < 10, "the root's value was loaded");

    let hashed = PrimeGame::new(40).unwrap();
    let error = solver()
        .load_results(&hashed, Cursor::new(&file))
        .expect_err("refused");
    let ResultsError::OtherGame { expected, found } = &error else {
        panic!("{error}");
    };
    assert_eq!(
        (expected.as_str(), found.as_str()),
        (PrimeGame::NAME, SmallPrimeGame::NAME)
    );

    let (three, four) = (Kalah::new(3, 2).unwrap(), Kalah::new(4, 2).unwrap());
    let mut kalah = Solver::new();
    kalah.value(&three).unwrap();
    let mut file = Vec::new();
    kalah.save_results(&three, &mut file, 0).unwrap();
    let error = Solver::new()
        .load_results(&four, Cursor::new(&file))
        .expect_err("refused");
    assert!(
        matches!(
            error,
            ResultsError::OtherRules {
                expected: 4,
                found: 3
            }
        ),
        "{error}"
    );
}

/// A one-pile game whose key gives no words: its results cannot be written.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Tokens(Vec<u8>);

impl Game for Tokens {
    type Move = u8;
    type Key = Vec<u8>;
    const NAME: &'static str = "tokens";

    fn generate_moves(&self, out: &mut Vec<u8>) {
        out.extend(self.0.iter().copied().take(1));
    }

    fn play_unchecked(&mut self, _: u8) {
        self.0.remove(0);
    }

    fn key(&self) -> Vec<u8> {
        self.0.clone()
    }
}

impl ScoringGame for Tokens {
    fn points(&self, mv: u8) -> Points {
        Points {
            mover: u64::from(mv),
            opponent: 0,
        }
    }
}

#[test]
fn keys_without_words_are_neither_saved_nor_loaded() {
    let game = Tokens(vec![3, 1, 2]);
    let mut solver = Solver::new();
    assert_eq!(solver.value(&game).unwrap(), 4);
    let error = solver
        .save_results(&game, Vec::new(), 0)
        .expect_err("no words");
    assert!(matches!(error, ResultsError::KeysWithoutWords), "{error}");
    let (_, file) = solved_40();
    let error = solver
        .load_results(&game, Cursor::new(&file))
        .expect_err("no words");
    assert!(matches!(error, ResultsError::KeysWithoutWords), "{error}");
}
