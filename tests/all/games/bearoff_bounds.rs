//! `RaceBounds` against the definition: every race of up to three checkers a side lies within
//! its bounds before and after each roll (the checker finds none outside), exact solves with
//! the bounds equal those without (in rationals; within 10⁻⁹ in floating point), with fewer
//! nodes, and the checker names a knowledge whose fractional bounds lie.

use gamesolver::chance::{BigRational, ChancePruning, ChanceSolver};
use gamesolver::check::{ChanceLie, chance_knowledge};
use gamesolver::games::bearoff::{BearoffRace, Checkers, DatabaseError, RaceBounds, every_side};
use gamesolver::{Game, Knowledge};
use std::ops::RangeInclusive;

fn on(counts: [u8; 6]) -> Checkers {
    Checkers::new(counts).unwrap()
}

fn races(checkers: u8) -> impl Iterator<Item = BearoffRace> {
    let sides: Vec<Checkers> = every_side(checkers)
        .into_iter()
        .filter(|side| !side.is_empty())
        .collect();
    let pairs: Vec<_> = sides
        .iter()
        .flat_map(|&a| sides.iter().map(move |&b| BearoffRace::new(a, b)))
        .collect();
    pairs.into_iter()
}

#[test]
fn every_small_race_lies_within_its_bounds() {
    let bounds = RaceBounds::build(3).unwrap();
    let mut solver = ChanceSolver::<BearoffRace, f64>::new();
    let mut checked = 0;
    for race in races(3) {
        // The race before its roll, and after each roll.
        let mut positions = vec![race];
        positions.extend(race.legal_moves().into_iter().map(|roll| race.after(roll)));
        for position in positions {
            let value = solver.value(&position).unwrap();
            let known = bounds.expected_bounds(&position).unwrap();
            assert!(
                known.contains(&value),
                "{position:?}: {value} not in {known:?}"
            );
            assert!(
                known.end() - known.start() < 0.05,
                "{position:?}: {known:?}"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 83 * 83 * 22);
    // And every position a race of three a side reaches, by the checker.
    let start = BearoffRace::new(on([1, 1, 1, 0, 0, 0]), on([0, 0, 0, 1, 1, 1]));
    assert!(chance_knowledge(&start, &bounds, 1 << 16).unwrap() > 1_000);
}

#[test]
fn exact_solves_with_the_bounds_equal_those_without() {
    let bounds = RaceBounds::build(4).unwrap();
    for pruning in [
        ChancePruning::Off,
        ChancePruning::Star1,
        ChancePruning::Star2,
    ] {
        let exact = || ChanceSolver::<BearoffRace, BigRational>::new().with_chance_pruning(pruning);
        let mut plain = exact();
        let mut bounded = exact().with_knowledge(bounds.clone());
        for race in [
            BearoffRace::new(on([0, 1, 0, 0, 0, 1]), on([1, 0, 0, 1, 0, 0])),
            BearoffRace::new(on([1, 0, 1, 0, 0, 1]), on([0, 2, 0, 0, 1, 0])),
        ] {
            assert_eq!(bounded.value(&race).unwrap(), plain.value(&race).unwrap());
        }
        let race = BearoffRace::new(on([1, 1, 0, 1, 0, 1]), on([0, 1, 1, 1, 0, 1]));
        let float = || ChanceSolver::<BearoffRace, f64>::new().with_chance_pruning(pruning);
        let mut plain = float();
        let mut with_bounds = float().with_knowledge(bounds.clone());
        let (value, nodes) = (plain.value(&race).unwrap(), plain.nodes());
        let (bounded, fewer) = (with_bounds.value(&race).unwrap(), with_bounds.nodes());
        // Within f64's `same`: a race decided whatever the dice ends at its lower bound.
        assert!((value - bounded).abs() < 1e-9, "{pruning:?}");
        assert!(fewer < nodes, "{pruning:?}: {fewer} against {nodes}");
    }
    // A side beyond the tables gets no bounds; a table beyond 15 checkers is refused.
    let large = BearoffRace::new(on([5, 0, 0, 0, 0, 0]), on([1, 0, 0, 0, 0, 0]));
    assert_eq!(bounds.expected_bounds(&large), None);
    assert!(matches!(
        RaceBounds::build(16),
        Err(DatabaseError::TooManyCheckers { checkers: 16, .. })
    ));
}

/// The race bounds moved up by a quarter: sound nowhere near the end.
#[derive(Debug, Clone)]
struct Raised(RaceBounds);

impl Knowledge<BearoffRace> for Raised {
    fn expected_bounds(&self, race: &BearoffRace) -> Option<RangeInclusive<f64>> {
        let known = self.0.expected_bounds(race)?;
        Some(known.start() + 0.25..=known.end() + 0.25)
    }
}

#[test]
fn the_check_names_fractional_bounds_that_lie() {
    let start = BearoffRace::new(on([1, 1, 0, 0, 0, 0]), on([0, 0, 1, 1, 0, 0]));
    let raised = Raised(RaceBounds::build(2).unwrap());
    match chance_knowledge(&start, &raised, 1 << 12) {
        Err(ChanceLie::KnowledgeOutOfExpectedBounds { value, lower, .. }) => assert!(value < lower),
        other => panic!("{other:?}"),
    }
}
