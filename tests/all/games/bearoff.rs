//! Backgammon bearoff: the values a hand can check, exactly; the solver against the
//! definition on every small position; the one-sided values against a plain dynamic
//! programme over every position.

use gamesolver::chance::{BigRational, ChancePruning, ChanceSolver, Expectation, expectiminimax};
use gamesolver::games::bearoff::{
    Bearoff, BearoffRace, Checkers, ExpectedRolls, OneSidedDatabase, every_side,
};
use gamesolver::{ChanceGame, Game};
use std::collections::HashMap;
use std::sync::Arc;

fn on(counts: [u8; 6]) -> Checkers {
    Checkers::new(counts).unwrap()
}

fn fraction(numerator: i64, denominator: i64) -> BigRational {
    BigRational::from_int(numerator) / BigRational::from_int(denominator)
}

/// The side on roll's chance to win a race, from its value `2p - 1`.
fn chance_to_win(value: BigRational) -> BigRational {
    (value + BigRational::from_int(1)) / BigRational::from_int(2)
}

#[test]
fn hand_checked_races_and_rolls() {
    let mut solver = ChanceSolver::<BearoffRace, BigRational>::new();
    let race = |solver: &mut ChanceSolver<_, _>, mover, other| {
        chance_to_win(
            solver
                .value(&BearoffRace::new(on(mover), on(other)))
                .unwrap(),
        )
    };
    // One checker on the 6-point against one on the 1-point: the side on roll bears off at
    // once unless the roll is 1-1, 2-1, 3-1, 4-1 or 3-2 (9 in 36): 3/4.
    assert_eq!(
        race(&mut solver, [0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0]),
        fraction(3, 4)
    );
    // One each on the 6-point: 3/4, and 1/4 times the other side's 1/4 of missing: 13/16.
    assert_eq!(
        race(&mut solver, [0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 1]),
        fraction(13, 16)
    );
    // Two on the 6-point against one on the 1-point: only 3-3, 4-4, 5-5 and 6-6 take both
    // off at once: 1/9.
    assert_eq!(
        race(&mut solver, [0, 0, 0, 0, 0, 2], [1, 0, 0, 0, 0, 0]),
        fraction(1, 9)
    );
    // One checker on the 6-point needs 1 roll, and another a quarter of the time: 5/4.
    let rolls = ChanceSolver::<Bearoff, BigRational>::new()
        .value(&Bearoff::new(on([0, 0, 0, 0, 0, 1])))
        .unwrap();
    assert_eq!(rolls, fraction(-5, 4));
}

/// The value by the definition, each position once (a memo by key): the tree itself is too
/// large past a few checkers.
fn defined<G: ChanceGame>(position: &G, memo: &mut HashMap<G::Key, BigRational>) -> BigRational {
    if let Some(value) = memo.get(&position.key()) {
        return value.clone();
    }
    let worth = |mv, memo: &mut HashMap<G::Key, BigRational>| {
        let (margin, keeps) = position.margin_and_turn(mv);
        let child = defined(&position.after(mv), memo);
        let margin = BigRational::from_int(margin);
        if keeps {
            margin + child
        } else {
            margin - child
        }
    };
    let value = if position.is_chance() {
        let mut drawn = Vec::new();
        position.chance_moves(&mut drawn);
        let total: i64 = drawn.iter().map(|&(_, w)| i64::from(w)).sum();
        let sum = drawn
            .into_iter()
            .fold(BigRational::from_int(0), |sum, (mv, w)| {
                sum + BigRational::from_int(i64::from(w)) * worth(mv, memo)
            });
        if total == 0 {
            sum
        } else {
            sum / BigRational::from_int(total)
        }
    } else {
        let moves = position.legal_moves();
        let worths: Vec<BigRational> = moves.into_iter().map(|mv| worth(mv, memo)).collect();
        worths
            .into_iter()
            .max()
            .unwrap_or_else(|| BigRational::from_int(0))
    };
    memo.insert(position.key(), value.clone());
    value
}

/// The solver's values are the definition's, exactly: by the tree itself on races of a
/// checker a side, by the memoised definition on every race of up to three checkers a side
/// and every side of up to five alone, with Star1, without pruning, and with Star2 over moves
/// ordered by the expected rolls.
#[test]
fn small_positions_match_the_definition() {
    let mut race = ChanceSolver::<BearoffRace, BigRational>::new();
    let mut plain =
        ChanceSolver::<BearoffRace, BigRational>::new().with_chance_pruning(ChancePruning::Off);
    let database = Arc::new(OneSidedDatabase::build(3).unwrap());
    let mut ordered = ChanceSolver::<BearoffRace, BigRational>::new()
        .with_chance_pruning(ChancePruning::Star2)
        .with_move_ordering(ExpectedRolls(database));
    for &mover in &every_side(1)[1..] {
        for &other in &every_side(1)[1..] {
            let position = BearoffRace::new(mover, other);
            let truth: BigRational = expectiminimax(&position).unwrap();
            assert_eq!(race.value(&position).unwrap(), truth, "{mover:?} {other:?}");
        }
    }
    let mut memo = HashMap::new();
    for &mover in &every_side(3)[1..] {
        for &other in &every_side(3)[1..] {
            let position = BearoffRace::new(mover, other);
            let truth = defined(&position, &mut memo);
            assert_eq!(race.value(&position).unwrap(), truth, "{mover:?} {other:?}");
            assert_eq!(
                plain.value(&position).unwrap(),
                truth,
                "{mover:?} {other:?}"
            );
            assert_eq!(
                ordered.value(&position).unwrap(),
                truth,
                "{mover:?} {other:?}"
            );
        }
    }
    let mut alone = ChanceSolver::<Bearoff, BigRational>::new();
    let mut memo = HashMap::new();
    for &side in &every_side(5) {
        let position = Bearoff::new(side);
        assert_eq!(
            alone.value(&position).unwrap(),
            defined(&position, &mut memo),
            "{side:?}"
        );
    }
}

/// The expected rolls of every side of up to 8 checkers, by a plain dynamic programme (each
/// position after every position it can reach: fewer pips), against the solver's.
#[test]
fn expected_rolls_match_a_plain_dynamic_programme() {
    let sides = every_side(8);
    let mut by_pips = sides.clone();
    by_pips.sort_by_key(|side| side.pips());
    let mut rolls: HashMap<Checkers, f64> = HashMap::new();
    for &side in &by_pips {
        if side.is_empty() {
            rolls.insert(side, 0.0);
            continue;
        }
        let mut mean = 0.0;
        let position = Bearoff::new(side);
        let mut drawn = Vec::new();
        position.chance_moves(&mut drawn);
        for (roll, weight) in drawn {
            let after = position.after(roll);
            let best = after
                .legal_moves()
                .into_iter()
                .map(|play| rolls[&after.after(play).checkers()])
                .fold(f64::INFINITY, f64::min);
            mean += f64::from(weight) * (1.0 + best);
        }
        rolls.insert(side, mean / 36.0);
    }
    let mut solver = ChanceSolver::<Bearoff, f64>::new();
    for &side in &sides {
        let value = solver.value(&Bearoff::new(side)).unwrap();
        assert!(
            (-value).same(&rolls[&side]),
            "{side:?}: {value} against {}",
            rolls[&side]
        );
    }
}

/// A one-sided database: the solver's values, saved and read back the same; a file damaged,
/// cut short or of another kind refused; more checkers than a side holds refused.
#[test]
fn a_database_reads_back_as_saved_and_refuses_a_damaged_file() {
    use gamesolver::games::bearoff::{DatabaseError, MAX_CHECKERS, OneSidedDatabase};
    let database = OneSidedDatabase::build(6).unwrap();
    assert_eq!(database.len(), 924);
    let mut solver = ChanceSolver::<Bearoff, f64>::new();
    for side in every_side(6) {
        let value = solver.value(&Bearoff::new(side)).unwrap();
        assert!(
            (database.rolls(side).unwrap() + value).abs() < 1e-12,
            "{side:?}"
        );
    }
    assert_eq!(database.rolls(on([0, 0, 0, 0, 0, 1])), Some(1.25));
    assert_eq!(database.rolls(on([7, 0, 0, 0, 0, 0])), None);
    let mut bytes = Vec::new();
    database.save(&mut bytes).unwrap();
    assert_eq!(OneSidedDatabase::load(&bytes[..]).unwrap(), database);
    let mut damaged = bytes.clone();
    damaged[100] ^= 1;
    assert!(matches!(
        OneSidedDatabase::load(&damaged[..]),
        Err(DatabaseError::Damaged)
    ));
    assert!(matches!(
        OneSidedDatabase::load(&bytes[..bytes.len() - 1]),
        Err(DatabaseError::NotADatabase)
    ));
    let mut other = bytes.clone();
    other[0] = b'X';
    assert!(matches!(
        OneSidedDatabase::load(&other[..]),
        Err(DatabaseError::NotADatabase)
    ));
    assert!(matches!(
        OneSidedDatabase::build(MAX_CHECKERS + 1),
        Err(DatabaseError::TooManyCheckers {
            checkers: 16,
            most: 15
        })
    ));
}

/// A two-sided database: every race of up to two checkers a side the definition's chance
/// (exact rationals, memoised), the hand-checked races, every race of up to three the
/// solver's.
#[test]
fn a_race_database_holds_every_races_chance() {
    use gamesolver::games::bearoff::TwoSidedDatabase;
    let small = TwoSidedDatabase::build(2).unwrap();
    let sides = &every_side(2)[1..];
    assert_eq!(small.len(), sides.len() * sides.len());
    let mut memo = HashMap::new();
    for &mover in sides {
        for &other in sides {
            let truth = chance_to_win(defined(&BearoffRace::new(mover, other), &mut memo));
            let found = BigRational::from_f64(small.chance_to_win(mover, other).unwrap());
            let error = found - truth;
            let close = BigRational::from_f64(1e-12);
            assert!(error < close && -error < close, "{mover:?} {other:?}");
        }
    }
    let chance = |mover, other| small.chance_to_win(on(mover), on(other)).unwrap();
    assert_eq!(chance([0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0]), 0.75);
    assert_eq!(chance([0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 1]), 0.8125);
    assert!((chance([0, 0, 0, 0, 0, 2], [1, 0, 0, 0, 0, 0]) - 1.0 / 9.0).abs() < 1e-15);
    assert_eq!(
        small.chance_to_win(on([0; 6]), on([1, 0, 0, 0, 0, 0])),
        None
    );
    assert_eq!(
        small.chance_to_win(on([3, 0, 0, 0, 0, 0]), on([1, 0, 0, 0, 0, 0])),
        None
    );

    let database = TwoSidedDatabase::build(3).unwrap();
    let mut solver = ChanceSolver::<BearoffRace, f64>::new();
    for &mover in &every_side(3)[1..] {
        for &other in &every_side(3)[1..] {
            let value = solver.value(&BearoffRace::new(mover, other)).unwrap();
            let found = database.chance_to_win(mover, other).unwrap();
            assert!(found.same(&((1.0 + value) / 2.0)), "{mover:?} {other:?}");
        }
    }
}

/// A two-sided database saved and read back the same; a file damaged, cut short or of the
/// other kind refused; more checkers than it may hold refused before any solve.
#[test]
fn a_race_database_reads_back_checked() {
    use gamesolver::games::bearoff::{
        DatabaseError, MAX_RACE_CHECKERS, OneSidedDatabase, TwoSidedDatabase,
    };
    let database = TwoSidedDatabase::build(3).unwrap();
    let mut bytes = Vec::new();
    database.save(&mut bytes).unwrap();
    assert_eq!(TwoSidedDatabase::load(&bytes[..]).unwrap(), database);
    let mut damaged = bytes.clone();
    damaged[1000] ^= 1;
    assert!(matches!(
        TwoSidedDatabase::load(&damaged[..]),
        Err(DatabaseError::Damaged)
    ));
    assert!(matches!(
        TwoSidedDatabase::load(&bytes[..bytes.len() - 1]),
        Err(DatabaseError::NotADatabase)
    ));
    assert!(matches!(
        OneSidedDatabase::load(&bytes[..]),
        Err(DatabaseError::NotADatabase)
    ));
    let mut one_sided = Vec::new();
    OneSidedDatabase::build(3)
        .unwrap()
        .save(&mut one_sided)
        .unwrap();
    assert!(matches!(
        TwoSidedDatabase::load(&one_sided[..]),
        Err(DatabaseError::NotADatabase)
    ));
    assert!(matches!(
        TwoSidedDatabase::build(MAX_RACE_CHECKERS + 1),
        Err(DatabaseError::TooManyCheckers {
            checkers: 7,
            most: 6
        })
    ));
}
