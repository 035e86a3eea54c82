//! `PrimeGame` played and taken back: after any sequence of moves and undos, a position is
//! equal, in every observable, to one built from scratch from the same numbers. Full boards,
//! boards past 2^15 numbers (where only the numbers above a floor are kept live) and sparse
//! boards (a few numbers, a large maximum).

use gamesolver::CheckedPlay;
use gamesolver::{Evaluator, Game, ScoringGame};

use gamesolver::games::prime::{PrimeEvaluator, PrimeGame};
use proptest::prelude::*;
use proptest::sample::Index;

/// Every observable of `game` against a position built from its numbers.
fn check_against_rebuilt(game: &PrimeGame) -> Result<(), TestCaseError> {
    let numbers: Vec<u32> = game.numbers().collect();
    let rebuilt =
        PrimeGame::from_numbers(game.size(), numbers.iter().map(|&x| u64::from(x))).unwrap();
    prop_assert_eq!(game, &rebuilt);
    prop_assert_eq!(game.len(), rebuilt.len());
    prop_assert_eq!(game.key(), rebuilt.key());
    prop_assert_eq!(game.greedy_move(), rebuilt.greedy_move());
    prop_assert_eq!(game.value_bounds(), rebuilt.value_bounds());
    prop_assert_eq!(game.known_value(), rebuilt.known_value());
    let evaluator = PrimeEvaluator::default();
    prop_assert_eq!(evaluator.evaluate(game), evaluator.evaluate(&rebuilt));
    for limit in [1, 13, 64, 100] {
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        game.best_search_moves(limit, &mut ours);
        rebuilt.best_search_moves(limit, &mut theirs);
        prop_assert_eq!(&ours, &theirs, "best {} moves", limit);
    }
    for &x in &numbers {
        prop_assert_eq!(game.gain(x), rebuilt.gain(x), "gain of {}", x);
        prop_assert_eq!(
            game.is_isolated(x),
            rebuilt.is_isolated(x),
            "isolated {}",
            x
        );
        prop_assert_eq!(
            game.multiples_left(x),
            rebuilt.multiples_left(x),
            "multiples of {}",
            x
        );
    }
    Ok(())
}

/// The best moves by definition: every search move sorted by gain, ties to the larger
/// number, as `best_search_moves` promises.
fn check_best_moves_by_sorting(game: &PrimeGame) -> Result<(), TestCaseError> {
    let mut all = Vec::new();
    game.search_moves(&mut all);
    all.sort_by_key(|&x| std::cmp::Reverse((game.margin(x), x)));
    for limit in [1, 13, 64, 100] {
        let mut best = Vec::new();
        game.best_search_moves(limit, &mut best);
        prop_assert_eq!(
            &best[..],
            &all[..limit.min(all.len())],
            "best {} moves",
            limit
        );
    }
    Ok(())
}

/// Plays or takes back moves as `steps` say: an undo when asked and a move was played, else
/// a move picked among the best few (as a search plays) or among all.
fn run(mut game: PrimeGame, steps: &[(bool, bool, Index)]) -> Result<(), TestCaseError> {
    let start = game.clone();
    let mut played = Vec::new();
    check_against_rebuilt(&game)?;
    for &(undo, among_best, pick) in steps {
        if undo && !played.is_empty() {
            let x = played.pop().unwrap();
            prop_assert_eq!(game.undo(), Some(x));
        } else {
            let mut moves = Vec::new();
            if among_best {
                game.best_search_moves(12, &mut moves);
            } else {
                game.generate_moves(&mut moves);
            }
            if moves.is_empty() {
                continue;
            }
            let x = *pick.get(&moves);
            game.play(x).unwrap();
            played.push(x);
        }
        check_against_rebuilt(&game)?;
    }
    check_best_moves_by_sorting(&game)?;
    while let Some(x) = played.pop() {
        game.undo_unchecked(x);
    }
    check_against_rebuilt(&game)?;
    prop_assert_eq!(game.key(), start.key());
    prop_assert_eq!(game, start);
    Ok(())
}

fn steps(len: usize) -> impl Strategy<Value = Vec<(bool, bool, Index)>> {
    proptest::collection::vec((any::<bool>(), any::<bool>(), any::<Index>()), 0..len)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn full_boards_undo_exactly(n in 1u32..=300, steps in steps(40)) {
        run(PrimeGame::new(n).unwrap(), &steps)?;
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn sparse_boards_undo_exactly(
        numbers in proptest::collection::btree_set(1u64..=1_000_000, 1..120),
        with_small in any::<bool>(),
        steps in steps(40),
    ) {
        // Often with 1..=40 as well, so small divisors are on the board.
        let mut numbers = numbers;
        if with_small {
            numbers.extend(1..=40);
        }
        let n = *numbers.last().unwrap() as u32;
        run(PrimeGame::from_numbers(n, numbers).unwrap(), &steps)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn boards_with_a_floor_undo_exactly(n in 32_769u32..=45_000, steps in steps(24)) {
        run(PrimeGame::new(n).unwrap(), &steps)?;
    }
}

#[test]
fn a_floor_is_lowered_as_the_top_numbers_go() {
    // Greedy play down a board with a floor, checked at every stage against a rebuild: the
    // floor has to come down several times, finally to every number.
    let mut game = PrimeGame::new(40_000).unwrap();
    let mut played = Vec::new();
    let mut turn = 0;
    while let Some(x) = game.greedy_move() {
        game.play_unchecked(x);
        played.push(x);
        if turn % 997 == 0 {
            check_against_rebuilt(&game).unwrap();
            check_best_moves_by_sorting(&game).unwrap();
        }
        turn += 1;
    }
    assert!(game.is_empty());
    assert_eq!(game.known_value(), Some(0));
    while let Some(x) = played.pop() {
        game.undo_unchecked(x);
        if played.len() % 997 == 0 {
            check_against_rebuilt(&game).unwrap();
        }
    }
    assert_eq!(game, PrimeGame::new(40_000).unwrap());
}
