//! `check::heap_theory` against the theories of the crate's heap games (which must pass) and
//! against theories that lie (a wrong value, a period proven too soon), each named.

use gamesolver::check::{self, TheoryLie};
use gamesolver::games::octal::OctalGame;
use gamesolver::games::subtraction::SubtractionSet;
use gamesolver::grundy::HeapTheory;
use gamesolver::{GrundyValues, HeapGame, HeapOption, Period};

/// Take 1 or 2 tokens: g(n) = n mod 3, period 3 from heap 0.
struct TakeOneOrTwo;

impl HeapGame for TakeOneOrTwo {
    fn options(&self, heap: u64, out: &mut Vec<HeapOption>) {
        for take in 1..=heap.min(2) {
            out.push(HeapOption {
                take,
                remain: [heap - take, 0],
            });
        }
    }
}

impl HeapTheory for TakeOneOrTwo {}

/// The same rules, with a theory that claims every value is 0 from heap 5 on.
struct WrongValues;

impl HeapGame for WrongValues {
    fn options(&self, heap: u64, out: &mut Vec<HeapOption>) {
        TakeOneOrTwo.options(heap, out);
    }
}

impl HeapTheory for WrongValues {
    fn extend_grundy(&self, values: &mut Vec<u32>, len: usize) {
        while values.len() < len {
            let n = values.len();
            values.push(if n < 5 { (n % 3) as u32 } else { 0 });
        }
    }
}

/// The rules of `TakeOneOrTwo` up to heap 40; past it a move to a heap of 2 opens too, which
/// breaks the period 3 of the values before. A rule that calls a period proven by two of its
/// repeats lies about this game.
struct ChangesAt40;

impl HeapGame for ChangesAt40 {
    fn options(&self, heap: u64, out: &mut Vec<HeapOption>) {
        TakeOneOrTwo.options(heap, out);
        if heap > 40 {
            // One move more from every heap past 40: to a heap of value 2 when there is one.
            out.push(HeapOption {
                take: heap - 2,
                remain: [2, 0],
            });
        }
    }
}

impl HeapTheory for ChangesAt40 {
    /// A lie: two repeats prove nothing for this game.
    fn period_proof_len(&self, period: Period) -> Option<u64> {
        Some(period.preperiod + 2 * period.period)
    }
}

#[test]
fn the_crates_theories_agree_with_the_definition() {
    check::heap_theory(&TakeOneOrTwo, 1_000).unwrap();
    for code in ["0.77", "0.07", "0.137", "0.15", "4.7", "0.165"] {
        let game: OctalGame = code.parse().unwrap();
        check::heap_theory(&game, 3_000).unwrap_or_else(|lie| panic!("{code}: {lie}"));
    }
    for set in [vec![1, 3, 4], vec![2, 5, 7], vec![1, 2, 3]] {
        let set = SubtractionSet::new(set.clone()).unwrap();
        check::heap_theory(&set, 3_000).unwrap();
    }
}

#[test]
fn a_wrong_value_is_named_with_its_heap() {
    assert_eq!(
        check::heap_theory(&WrongValues, 100),
        Err(TheoryLie::Value {
            heap: 5,
            claimed: 0,
            definition: 2
        })
    );
}

#[test]
fn a_period_proven_too_soon_is_named_where_it_breaks() {
    // The rule's table claims the period 3 it sees at first, which the definition breaks.
    assert!(GrundyValues::periodic(&ChangesAt40, 1_000).is_ok());
    match check::heap_theory(&ChangesAt40, 200) {
        Err(TheoryLie::Period { period, heap, .. }) => {
            assert_eq!(period.period, 3);
            assert!(heap > 40 && heap < 200, "{heap}");
        }
        other => panic!("expected a period lie, got {other:?}"),
    }
}

#[test]
fn more_heaps_than_a_table_holds_are_refused() {
    assert!(matches!(
        check::heap_theory(&TakeOneOrTwo, u64::MAX),
        Err(TheoryLie::TooManyHeaps { .. })
    ));
}
