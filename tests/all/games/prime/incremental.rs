//! The incremental state of `PrimeGame` (gains, divisor and multiple counts, greedy move)
//! against a recomputation from scratch after random play.

use gamesolver::CheckedPlay;
use gamesolver::{Game, ScoringGame};

use gamesolver::games::prime::PrimeGame;
use proptest::prelude::*;

fn check_against_scratch(game: &PrimeGame) -> Result<(), TestCaseError> {
    let numbers: Vec<u32> = game.numbers().collect();
    let n = game.size();
    for &x in &numbers {
        let divisors: Vec<u32> = numbers
            .iter()
            .copied()
            .filter(|&d| d < x && x.is_multiple_of(d))
            .collect();
        let multiples = numbers
            .iter()
            .filter(|&&m| m > x && m.is_multiple_of(x))
            .count() as u32;
        let gain = i64::from(x) - divisors.iter().map(|&d| i64::from(d)).sum::<i64>();
        prop_assert_eq!(game.gain(x), Some(gain), "gain of {}", x);
        prop_assert_eq!(game.points(x).opponent as i64, i64::from(x) - gain);
        prop_assert_eq!(game.divisors_left(x), divisors.len() as u32);
        prop_assert_eq!(game.multiples_left(x), multiples);
    }
    let greedy = numbers
        .iter()
        .copied()
        .max_by_key(|&x| (game.gain(x).unwrap(), x));
    prop_assert_eq!(game.greedy_move(), greedy);
    let rebuilt = PrimeGame::from_numbers(n, numbers.iter().map(|&x| u64::from(x))).unwrap();
    prop_assert_eq!(rebuilt.key(), game.key());
    prop_assert_eq!(&rebuilt, game);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn incremental_state_matches_scratch(
        n in 1u32..=300,
        picks in proptest::collection::vec(any::<proptest::sample::Index>(), 0..40),
    ) {
        let mut game = PrimeGame::new(n).unwrap();
        check_against_scratch(&game)?;
        for pick in picks {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play(*pick.get(&moves)).unwrap();
            check_against_scratch(&game)?;
        }
    }
}

#[test]
fn greedy_game_at_a_million_is_fast_and_complete() {
    let mut game = PrimeGame::new(1_000_000).unwrap();
    let mut margin = 0i64;
    let mut sign = 1;
    let mut moves = 0;
    while let Some(x) = game.greedy_move() {
        margin += sign * game.margin(x);
        game.play_unchecked(x);
        sign = -sign;
        moves += 1;
    }
    assert!(game.is_empty());
    assert!(moves > 100_000);
    // Every number was scored by one side: the scores add up to the board's sum, so the margin
    // has the board sum's parity.
    let total: i64 = (1..=1_000_000i64).sum();
    assert_eq!(margin.rem_euclid(2), total.rem_euclid(2));
}
