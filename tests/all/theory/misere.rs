//! Misère quotients against an exhaustive misère search written here, apart from the crate:
//! outcomes and winning moves of random sums, several octal codes, subtraction sets and a
//! heap game of the user's own; the theorems every quotient must satisfy; bad input.

use gamesolver::games::octal::OctalGame;
use gamesolver::games::subtraction::{SubtractionSet, preset_outcome};
use gamesolver::grundy::Outcome;
use gamesolver::grundy::misere::{
    MAX_QUOTIENT_HEAP, MisereQuotient, QuotientError, QuotientLimits,
};
use gamesolver::{HeapGame, HeapOption, PlayConvention};
use proptest::prelude::*;
use std::collections::HashMap;

/// Exhaustive misère search over sorted heap lists: does the player to move win? Options come
/// from a closure giving, for one heap, the heaps each move leaves (0 for none).
struct Brute<F: Fn(u64) -> Vec<[u64; 2]>> {
    options: F,
    memo: HashMap<Vec<u64>, bool>,
}

impl<F: Fn(u64) -> Vec<[u64; 2]>> Brute<F> {
    fn new(options: F) -> Self {
        Self {
            options,
            memo: HashMap::new(),
        }
    }

    fn mover_wins(&mut self, heaps: &[u64]) -> bool {
        let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        let mut any_move = false;
        let mut wins = false;
        'all: for i in 0..key.len() {
            for remain in (self.options)(key[i]) {
                any_move = true;
                let mut child = key.clone();
                child.remove(i);
                child.extend(remain.iter().copied().filter(|&h| h > 0));
                if !self.mover_wins(&child) {
                    wins = true;
                    break 'all;
                }
            }
        }
        // No move left: under misère play the player to move has won.
        let result = wins || !any_move;
        self.memo.insert(key, result);
        result
    }

    /// The winning moves as (heap index, heaps left), in heap order.
    fn winning(&mut self, heaps: &[u64]) -> Vec<(usize, [u64; 2])> {
        let mut found = Vec::new();
        for i in 0..heaps.len() {
            let mut options = (self.options)(heaps[i]);
            options.sort_unstable();
            options.dedup();
            for remain in options {
                let mut child = heaps.to_vec();
                child.remove(i);
                child.extend(remain);
                if !self.mover_wins(&child) {
                    found.push((i, remain));
                }
            }
        }
        found
    }
}

/// The options of an octal code on one heap, from the digits alone.
fn octal_options(digits: &[u8], n: u64) -> Vec<[u64; 2]> {
    let mut found = Vec::new();
    for (k, &digit) in digits.iter().enumerate() {
        let k = k as u64;
        if k > n {
            break;
        }
        let rest = n - k;
        if digit & 1 != 0 && rest == 0 && k > 0 {
            found.push([0, 0]);
        }
        if digit & 2 != 0 && rest > 0 && k > 0 {
            found.push([rest, 0]);
        }
        if digit & 4 != 0 {
            for a in 1..rest {
                if a <= rest - a {
                    found.push([a, rest - a]);
                }
            }
        }
    }
    found
}

fn outcome(mover_wins: bool) -> Outcome {
    if mover_wins { Outcome::N } else { Outcome::P }
}

/// Every sum of up to `heaps` heaps of sizes 1..=bound (sorted, so each once), against the
/// brute force; and the winning moves of each.
fn check_all_sums<H: HeapGame>(
    rules: &H,
    bound: u64,
    heaps: usize,
    options: impl Fn(u64) -> Vec<[u64; 2]>,
) {
    let quotient = MisereQuotient::compute(rules, bound).unwrap();
    assert_eq!(quotient.order() % 2, 0, "odd order {}", quotient.order());
    let mut brute = Brute::new(options);
    let mut stack: Vec<Vec<u64>> = vec![Vec::new()];
    while let Some(sum) = stack.pop() {
        assert_eq!(
            quotient.outcome(&sum).unwrap(),
            outcome(brute.mover_wins(&sum)),
            "heaps {sum:?}"
        );
        let moves: Vec<(usize, [u64; 2])> = quotient
            .winning_options(rules, &sum)
            .unwrap()
            .into_iter()
            .map(|(i, o)| (i, o.remain))
            .collect();
        let mut expected = brute.winning(&sum);
        let mut got = moves;
        expected.sort_unstable();
        got.sort_unstable();
        got.dedup();
        assert_eq!(got, expected, "winning moves of {sum:?}");
        if sum.len() < heaps {
            let last = sum.last().copied().unwrap_or(1);
            for h in last..=bound {
                let mut next = sum.clone();
                next.push(h);
                stack.push(next);
            }
        }
    }
}

#[test]
fn octal_codes_agree_with_exhaustive_search_on_every_small_sum() {
    for (code, bound, heaps) in [
        ("0.77", 12, 3),
        ("0.07", 12, 3),
        ("0.137", 12, 3),
        ("0.75", 12, 3),
        ("0.6", 10, 3),
        ("4.7", 8, 3),
        ("0.31", 12, 3),
        ("0.52", 10, 3),
    ] {
        let game: OctalGame = code.parse().unwrap();
        let digits = game.digits().to_vec();
        check_all_sums(&game, bound, heaps, |n| octal_options(&digits, n));
    }
}

#[test]
fn subtraction_sets_agree_with_exhaustive_search_on_every_small_sum() {
    for set in [
        vec![1, 2, 3],
        vec![1, 3, 4],
        vec![2, 5],
        vec![1, 4],
        vec![2, 3, 7],
    ] {
        let rules = SubtractionSet::new(set.iter().copied()).unwrap();
        let takes: Vec<u64> = set.iter().map(|&s| u64::from(s)).collect();
        check_all_sums(&rules, 14, 3, |n| {
            takes
                .iter()
                .filter(|&&s| s <= n)
                .map(|&s| [n - s, 0])
                .collect()
        });
    }
}

/// A heap game of the user's own: take 1 or 4 (a square), or halve an even heap into two
/// equal heaps.
struct SquareOrHalve;

fn square_or_halve(n: u64) -> Vec<[u64; 2]> {
    let mut options: Vec<[u64; 2]> = [1, 4]
        .iter()
        .filter(|&&t| t <= n)
        .map(|t| [n - t, 0])
        .collect();
    if n >= 2 && n.is_multiple_of(2) {
        options.push([n / 2, n / 2]);
    }
    options
}

impl HeapGame for SquareOrHalve {
    fn options(&self, heap: u64, out: &mut Vec<HeapOption>) {
        out.extend(square_or_halve(heap).into_iter().map(|remain| HeapOption {
            take: heap - remain[0] - remain[1],
            remain,
        }));
    }
}

#[test]
fn a_user_heap_game_agrees_with_exhaustive_search() {
    check_all_sums(&SquareOrHalve, 12, 3, square_or_halve);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Larger random sums of Kayles and Dawson's Kayles (many heaps, small sizes).
    #[test]
    fn random_sums_agree_with_exhaustive_search(
        code in prop::sample::select(vec!["0.77", "0.07", "0.137", "0.75"]),
        heaps in prop::collection::vec(1u64..=9, 1..=6),
    ) {
        let game: OctalGame = code.parse().unwrap();
        let quotient = MisereQuotient::compute(&game, 9).unwrap();
        let digits = game.digits().to_vec();
        let mut brute = Brute::new(|n| octal_options(&digits, n));
        prop_assert_eq!(quotient.outcome(&heaps).unwrap(), outcome(brute.mover_wins(&heaps)));
    }

    /// The capped subtraction games are tame, and the quotient agrees with the closed rule.
    #[test]
    fn capped_subtraction_is_tame_and_agrees_with_the_closed_rule(
        k in 2u32..=5,
        heaps in prop::collection::vec(0u64..=30, 0..=12),
    ) {
        let rules = SubtractionSet::up_to(k).unwrap();
        let quotient = MisereQuotient::compute(&rules, 30).unwrap();
        prop_assert!(quotient.is_tame());
        prop_assert_eq!(
            quotient.outcome(&heaps).unwrap(),
            preset_outcome(k, &heaps, PlayConvention::Misere)
        );
    }
}

#[test]
fn misere_nim_quotients_are_the_published_ones() {
    struct Nim;
    impl HeapGame for Nim {
        fn options(&self, heap: u64, out: &mut Vec<HeapOption>) {
            out.extend((1..=heap).map(|take| HeapOption {
                take,
                remain: [heap - take, 0],
            }));
        }
    }
    // Plambeck and Siegel: heaps up to 1 give Z2; up to 2 or 3, T2 = <a, b | a² = 1, b³ = b>
    // of order 6; up to 7, order 10; every one tame.
    for (bound, order, p) in [(0, 1, 0), (1, 2, 1), (2, 6, 2), (3, 6, 2), (7, 10, 2)] {
        let quotient = MisereQuotient::compute(&Nim, bound).unwrap();
        assert_eq!(
            (quotient.order(), quotient.p_portion().count()),
            (order, p),
            "heaps to {bound}"
        );
        assert!(quotient.is_tame());
    }
}

/// Tame is a property of the quotient: 0.31's heap 3 has Grundy value 0 but plays as *2 + *2,
/// and the quotient is still T2; 0.75's R8, of order 8, is no quotient of misère Nim.
#[test]
fn tameness_is_an_isomorphism_to_misere_nim() {
    for (code, tame) in [
        ("0.31", true),
        ("0.52", true),
        ("0.75", false),
        ("0.07", false),
    ] {
        let game: OctalGame = code.parse().unwrap();
        let quotient = MisereQuotient::compute(&game, 20).unwrap();
        assert_eq!(quotient.is_tame(), tame, "{code}");
    }
}

#[test]
fn kayles_is_tame_to_heap_4_and_wild_from_5() {
    let kayles = OctalGame::kayles();
    assert!(MisereQuotient::compute(&kayles, 4).unwrap().is_tame());
    assert!(!MisereQuotient::compute(&kayles, 5).unwrap().is_tame());
}

#[test]
fn bad_input_gets_a_clear_error() {
    let kayles = OctalGame::kayles();
    let zero = QuotientLimits::default().with_max_order(0);
    assert_eq!(
        MisereQuotient::compute_with(&kayles, 10, &zero),
        Err(QuotientError::ZeroOrderLimit)
    );
    assert!(matches!(
        MisereQuotient::compute(&kayles, MAX_QUOTIENT_HEAP + 1),
        Err(QuotientError::BoundTooLarge { .. })
    ));
    assert!(matches!(
        MisereQuotient::compute(&kayles, u64::MAX),
        Err(QuotientError::BoundTooLarge { .. })
    ));
    let small = QuotientLimits::default().with_max_order(8);
    assert!(matches!(
        MisereQuotient::compute_with(&kayles, 20, &small),
        Err(QuotientError::TooLarge { limit: 8, .. })
    ));
    let quotient = MisereQuotient::compute(&kayles, 10).unwrap();
    assert_eq!(
        quotient.outcome(&[3, 11]),
        Err(QuotientError::PastBound {
            heap: 11,
            bound: 10
        })
    );
    struct Grows;
    impl HeapGame for Grows {
        fn options(&self, heap: u64, out: &mut Vec<HeapOption>) {
            out.push(HeapOption {
                take: 0,
                remain: [heap, 0],
            });
        }
    }
    assert!(matches!(
        MisereQuotient::compute(&Grows, 5),
        Err(QuotientError::OptionNotSmaller { heap: 1, .. })
    ));
}

/// Dawson's Chess (0.137) heap n is Dawson's Kayles (0.07) heap n + 1, so their quotients
/// match with heaps shifted by one: an independent check of two builds.
#[test]
fn dawsons_chess_is_dawsons_kayles_shifted_by_one() {
    let chess: OctalGame = "0.137".parse().unwrap();
    let kayles = OctalGame::dawsons_kayles();
    for bound in [5, 10, 15, 20] {
        let q_chess = MisereQuotient::compute(&chess, bound).unwrap();
        let q_kayles = MisereQuotient::compute(&kayles, bound + 1).unwrap();
        assert_eq!(q_chess.order(), q_kayles.order(), "bound {bound}");
        for a in 0..=bound {
            for b in a..=bound {
                assert_eq!(
                    q_chess.outcome(&[a, b]).unwrap(),
                    q_kayles.outcome(&[a + 1, b + 1]).unwrap(),
                    "heaps {a} {b}"
                );
            }
        }
    }
}

/// A quotient to a larger bound answers every sum of the smaller one alike.
#[test]
fn larger_bounds_keep_every_answer() {
    let kayles = OctalGame::kayles();
    let small = MisereQuotient::compute(&kayles, 20).unwrap();
    let large = MisereQuotient::compute(&kayles, 60).unwrap();
    for a in 1..=20 {
        for b in a..=20 {
            for c in b..=20 {
                assert_eq!(small.outcome(&[a, b, c]), large.outcome(&[a, b, c]));
            }
        }
    }
}
