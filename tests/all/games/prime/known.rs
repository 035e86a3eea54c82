//! Known answers and bad input for PrimeGame.

use gamesolver::CheckedPlay;
use gamesolver::{Game, Record, ScoringGame};

use gamesolver::games::prime::{PrimeError, PrimeGame, SmallPrimeGame};

/// The first player's optimal margin on the full board 1..=n, n = 1..=20.
const KNOWN: [i64; 20] = [1, 1, 0, 0, 3, 1, 4, 4, 5, 3, 6, 6, 5, 5, 4, 4, 11, 11, 6, 6];

fn largest_prime_up_to(n: u32) -> u32 {
    (2..=n)
        .rev()
        .find(|&p| (2..p).all(|d| !p.is_multiple_of(d)))
        .unwrap()
}

#[test]
fn full_board_values_up_to_20() {
    let mut solver = gamesolver::games::prime::solver();
    for (n, &known) in (1..=20).zip(KNOWN.iter()) {
        let solution = solver.solve(&SmallPrimeGame::new(n).unwrap()).unwrap();
        assert_eq!(solution.value, known, "n = {n}");
        if n >= 5 {
            assert_eq!(solution.best_moves, vec![largest_prime_up_to(n)], "n = {n}");
        }
        let big = gamesolver::games::prime::solver()
            .solve(&PrimeGame::new(n).unwrap())
            .unwrap();
        assert_eq!((big.value, big.best_moves), (known, solution.best_moves));
    }
}

/// The first player's optimal margin for n = 21..=50, as the solver found them before it had
/// value bounds (hundreds of millions of nodes at n = 50): the bounds must not change them.
const KNOWN_21_TO_50: [i64; 30] = [
    9, 9, 12, 14, 13, 9, 14, 12, 15, 15, 14, 14, 15, 15, 14, 14, 21, 19, 20, 20, 19, 25, 16, 22,
    25, 25, 20, 16, 27, 21,
];

#[test]
fn full_board_values_21_to_50() {
    let mut solver = gamesolver::games::prime::solver();
    for (n, &known) in (21..=50).zip(KNOWN_21_TO_50.iter()) {
        let solution = solver.solve(&SmallPrimeGame::new(n).unwrap()).unwrap();
        assert_eq!(solution.value, known, "n = {n}");
        assert_eq!(solution.best_moves, vec![largest_prime_up_to(n)], "n = {n}");
        // The line is a whole game that scores the value.
        let mut game = SmallPrimeGame::new(n).unwrap();
        let mut margin = 0;
        for (ply, &x) in solution.principal_variation.iter().enumerate() {
            let sign = if ply % 2 == 0 { 1 } else { -1 };
            margin += sign * game.margin(x);
            game.play(x).unwrap();
        }
        assert!(game.is_over(), "n = {n}");
        assert_eq!(margin, known, "n = {n}");
    }
}

#[test]
fn rules_example_for_20() {
    let mut record = Record::new(PrimeGame::new(20).unwrap());
    record.play(19).unwrap();
    assert_eq!(
        (
            record.score(gamesolver::Player::First),
            record.score(gamesolver::Player::Second)
        ),
        (19, 1)
    );
    let points = record.play(20).unwrap();
    assert_eq!((points.mover, points.opponent), (20, 21));
    assert_eq!(record.margin(), 40 - 21);
}

#[test]
fn bad_boards_are_rejected() {
    assert_eq!(PrimeGame::new(0).unwrap_err(), PrimeError::EmptyBoard);
    assert_eq!(SmallPrimeGame::new(0).unwrap_err(), PrimeError::EmptyBoard);
    assert_eq!(
        SmallPrimeGame::new(129).unwrap_err(),
        PrimeError::BoardTooLarge { n: 129, max: 128 }
    );
    assert!(matches!(
        PrimeGame::new(u32::MAX),
        Err(PrimeError::BoardTooLarge { .. })
    ));
    assert_eq!(
        PrimeGame::from_numbers(10, [3, 11]).unwrap_err(),
        PrimeError::OutOfRange { number: 11, n: 10 }
    );
    assert_eq!(
        PrimeGame::from_numbers(10, [0]).unwrap_err(),
        PrimeError::OutOfRange { number: 0, n: 10 }
    );
    assert_eq!(
        SmallPrimeGame::from_numbers(10, [3, 5, 3]).unwrap_err(),
        PrimeError::Repeated { number: 3 }
    );
    assert_eq!(
        PrimeGame::from_numbers(10, [u64::MAX]).unwrap_err(),
        PrimeError::OutOfRange {
            number: u64::MAX,
            n: 10
        }
    );
    for error in [
        PrimeError::EmptyBoard,
        PrimeError::Repeated { number: 3 },
        PrimeError::NotOnBoard { number: 4 },
    ] {
        assert!(!error.to_string().is_empty());
    }
}

#[test]
fn illegal_moves_change_nothing() {
    let mut big = PrimeGame::new(12).unwrap();
    big.play(12).unwrap();
    let mut small = SmallPrimeGame::new(12).unwrap();
    small.play(12).unwrap();
    for bad in [0, 1, 6, 13, u32::MAX] {
        let (before_big, before_small) = (big.clone(), small);
        assert_eq!(big.play(bad), Err(PrimeError::NotOnBoard { number: bad }));
        assert_eq!(small.play(bad), Err(PrimeError::NotOnBoard { number: bad }));
        assert_eq!((big.clone(), small), (before_big, before_small));
    }
    // Queries with numbers off the board answer, they do not panic.
    for x in [0, 13, u32::MAX] {
        assert!(!big.is_isolated(x));
        let mut visited = 0;
        big.for_each_divisor_on_board(x, |_| visited += 1);
        assert_eq!(visited, 0);
        assert_eq!(big.gain(x), None);
    }
    let mut record = Record::new(small);
    assert!(record.play(6).is_err());
    assert_eq!(record.moves().len(), 0);
    assert_eq!(record.position(), &small);
}

#[test]
fn large_boards_play_and_score() {
    let n = 1_000_000;
    let mut game = PrimeGame::new(n).unwrap();
    let points = game.points(720_720);
    // 720720 = 2^4 3^2 5 7 11 13 has 240 divisors; sigma(720720) = 3249792.
    assert_eq!(points.opponent, 3_249_792 - 720_720);
    game.play(720_720).unwrap();
    assert_eq!(game.len(), n - 240);
    assert!(!game.contains(360_360));
    let total: u64 = (1..=u64::from(n)).sum();
    assert_eq!(total, 500_000_500_000); // scores need 64 bits
}

#[test]
fn both_board_types_agree_on_moves_and_points() {
    let small = SmallPrimeGame::from_numbers(40, [1, 2, 3, 6, 12, 24, 35, 36, 40]).unwrap();
    let big = PrimeGame::from(small);
    assert_eq!(small.legal_moves(), big.legal_moves());
    for mv in small.legal_moves() {
        assert_eq!(small.points(mv), big.points(mv));
        let (a, b) = (small.after(mv), big.after(mv));
        assert_eq!(SmallPrimeGame::try_from(&b).unwrap(), a);
    }
    assert_eq!(small.to_string(), big.to_string());
}
