//! Octal games: known answers from the literature, and every value against the definition
//! computed here, independently of the crate.

use gamesolver::games::octal::{OctalError, OctalGame};
use gamesolver::games::octal::{extend_by_definition, extend_sparse};
use gamesolver::{GrundyValues, HeapGame, Period};
use proptest::prelude::*;
use std::collections::HashSet;

/// g(0..len) by the definition, written from the rules of octal codes alone: digit k's bit 1
/// takes a whole heap of k, bit 2 leaves one heap, bit 4 two non-empty heaps; a `HashSet` mex.
fn brute_values(digits: &[u8], len: usize) -> Vec<u32> {
    let mut values: Vec<u32> = Vec::with_capacity(len);
    for n in 0..len {
        let mut reachable = HashSet::new();
        for (k, &digit) in digits.iter().enumerate() {
            if k > n {
                break;
            }
            let rest = n - k;
            if digit & 1 != 0 && rest == 0 && k > 0 {
                reachable.insert(0);
            }
            if digit & 2 != 0 && rest > 0 && k > 0 {
                reachable.insert(values[rest]);
            }
            if digit & 4 != 0 {
                for a in 1..rest {
                    reachable.insert(values[a] ^ values[rest - a]);
                }
            }
        }
        values.push((0..).find(|v| !reachable.contains(v)).unwrap());
    }
    values
}

fn code(text: &str) -> OctalGame {
    text.parse().unwrap()
}

fn table(game: &OctalGame, len: usize) -> Vec<u32> {
    GrundyValues::compute(game, len as u64 - 1)
        .unwrap()
        .as_slice()
        .to_vec()
}

/// The known first values and period of a code, each also against the brute force.
fn check_known(game: &OctalGame, known: &[u32], preperiod: u64, period: u64) {
    assert_eq!(table(game, known.len()), known, "{game}");
    assert_eq!(brute_values(game.digits(), known.len()), known, "{game}");
    let periodic = GrundyValues::periodic(game, 10_000).unwrap();
    assert_eq!(
        periodic.period(),
        Some(Period { preperiod, period }),
        "{game}"
    );
    let brute = brute_values(game.digits(), 1000);
    for (n, &value) in brute.iter().enumerate() {
        assert_eq!(periodic.get(n as u64), Some(value), "{game} heap {n}");
    }
}

#[test]
fn kayles_known_values_and_period() {
    let known = [
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
        7, 2, 1, 8, 6, 7,
    ];
    assert_eq!(OctalGame::kayles().to_string(), "0.77");
    check_known(&OctalGame::kayles(), &known, 71, 12);
}

#[test]
fn dawsons_kayles_known_values_and_period() {
    let known = [
        0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0,
        4, 5, 2, 7, 4, 0,
    ];
    assert_eq!(OctalGame::dawsons_kayles(), code("0.07"));
    check_known(&OctalGame::dawsons_kayles(), &known, 53, 34);
}

#[test]
fn guiles_known_period() {
    let game = OctalGame::guiles();
    let periodic = GrundyValues::periodic(&game, 10_000).unwrap();
    assert_eq!(
        periodic.period(),
        Some(Period {
            preperiod: 1,
            period: 10
        })
    );
    let values: Vec<u32> = periodic.iter().take(21).collect();
    assert_eq!(
        values,
        [
            0, 1, 1, 0, 1, 1, 2, 2, 1, 2, 2, 1, 1, 0, 1, 1, 2, 2, 1, 2, 2
        ]
    );
    assert_eq!(values, brute_values(game.digits(), 21));
}

#[test]
fn sparse_space_equals_the_definition_on_long_sequences() {
    // Codes with long irregular stretches: 0.16 and 0.137 among them.
    for text in [
        "0.77", "0.07", "0.137", "0.16", "0.15", "4.7", "0.6", "0.4", "0.54", "0.26",
    ] {
        let game = code(text);
        let mut by_definition = Vec::new();
        extend_by_definition(&game, &mut by_definition, 6000);
        let mut sparse = Vec::new();
        extend_sparse(&game, &mut sparse, 6000);
        assert_eq!(sparse, by_definition, "code {text}");
        // In chunks, as the period search calls it.
        let mut chunked = Vec::new();
        for len in [1, 2, 100, 101, 3000, 6000] {
            extend_sparse(&game, &mut chunked, len);
        }
        assert_eq!(chunked, by_definition, "code {text}, chunked");
        assert_eq!(
            by_definition[..800],
            brute_values(game.digits(), 800),
            "code {text}"
        );
    }
}

#[test]
fn codes_parse_and_reject() {
    assert_eq!(code(".77"), OctalGame::kayles());
    assert_eq!(code("0.770"), OctalGame::kayles());
    assert_eq!(code("0.137"), OctalGame::dawsons_chess());
    assert_eq!(code("0.15"), OctalGame::guiles());
    assert_eq!(code("4.7").to_string(), "4.7");
    assert_eq!(code("4.7").takes_splitting(), [0, 1]);
    let bad = [
        ("", OctalError::NoDigits),
        ("0.", OctalError::NoDigits),
        ("77", OctalError::NoDigits),
        (
            "0.78",
            OctalError::NotOctal {
                found: '8',
                position: 3,
            },
        ),
        (
            "0.7x",
            OctalError::NotOctal {
                found: 'x',
                position: 3,
            },
        ),
        ("1.7", OctalError::BadLeadingDigit { digit: 1 }),
        (
            "9.7",
            OctalError::NotOctal {
                found: '9',
                position: 0,
            },
        ),
        ("04.7", OctalError::LongLead { digits: 2 }),
    ];
    for (text, error) in bad {
        assert_eq!(text.parse::<OctalGame>(), Err(error), "{text:?}");
        assert!(!error.to_string().is_empty());
    }
    let long = format!("0.{}", "7".repeat(65));
    assert!(matches!(
        long.parse::<OctalGame>(),
        Err(OctalError::TooLong { .. })
    ));
}

#[test]
fn options_follow_the_code() {
    let mut options = Vec::new();
    code("0.77").options(4, &mut options);
    let mut remains: Vec<[u64; 2]> = options.iter().map(|o| o.remain).collect();
    remains.sort_unstable();
    // Take 1: leave 3, or 1 + 2; take 2: leave 2, or 1 + 1.
    assert_eq!(remains, [[1, 1], [1, 2], [2, 0], [3, 0]]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn option_counts_are_the_options_listed(
        lead in prop::sample::select(vec![0u8, 4]),
        digits in prop::collection::vec(0u8..=7, 1..=5),
        heap in 0u64..300,
    ) {
        let mut all = vec![lead];
        all.extend(&digits);
        let game = OctalGame::from_digits(&all).unwrap();
        let mut options = Vec::new();
        game.options(heap, &mut options);
        prop_assert_eq!(game.option_count(heap), options.len() as u64);
    }

    #[test]
    fn any_code_matches_the_definition(
        lead in prop::sample::select(vec![0u8, 4]),
        digits in prop::collection::vec(0u8..=7, 1..=5),
    ) {
        let mut all = vec![lead];
        all.extend(&digits);
        let game = OctalGame::from_digits(&all).unwrap();
        let brute = brute_values(&all, 300);
        prop_assert_eq!(table(&game, 300), brute.clone());
        let mut sparse = Vec::new();
        extend_sparse(&game, &mut sparse, 300);
        prop_assert_eq!(sparse, brute.clone());
        // A proven period predicts every value the definition gives.
        if let Ok(periodic) = GrundyValues::periodic(&game, 5000) {
            let long = brute_values(&all, 1500);
            for (n, &value) in long.iter().enumerate() {
                prop_assert_eq!(periodic.get(n as u64), Some(value));
            }
        }
    }
}

/// Long periods of the published tables (Flammenkamp's octal game tables give the last
/// exceptional heap, one below the first periodic heap given here).
#[test]
fn long_published_periods_are_proven() {
    for (text, preperiod, period) in [("0.16", 105_351, 149_459), ("0.127", 46_578, 4)] {
        let game = code(text);
        let table = GrundyValues::periodic(&game, 1 << 21).unwrap();
        assert_eq!(table.period(), Some(Period { preperiod, period }), "{text}");
        // Every value up to 20,000 as the definition gives it.
        let mut by_definition = Vec::new();
        extend_by_definition(&game, &mut by_definition, 20_000);
        for (n, &value) in by_definition.iter().enumerate() {
            assert_eq!(table.get(n as u64), Some(value), "{text} heap {n}");
        }
    }
}

#[test]
fn no_period_within_the_limit_is_an_error_with_the_candidate() {
    // 0.16 repeats only from heap 105,351: 100,000 values prove nothing.
    match GrundyValues::periodic(&code("0.16"), 100_000) {
        Err(gamesolver::GrundyError::NoPeriodWithin { limit, .. }) => assert_eq!(limit, 100_000),
        other => panic!("expected no period, got {other:?}"),
    }
    // A heap game without a rule for proofs never claims a period.
    struct TakeOne;
    impl HeapGame for TakeOne {
        fn options(&self, heap: u64, out: &mut Vec<gamesolver::HeapOption>) {
            if heap > 0 {
                out.push(gamesolver::HeapOption {
                    take: 1,
                    remain: [heap - 1, 0],
                });
            }
        }
    }
    impl gamesolver::HeapTheory for TakeOne {}
    assert!(GrundyValues::periodic(&TakeOne, 10_000).is_err());
    assert_eq!(
        GrundyValues::compute(&TakeOne, 5).unwrap().as_slice(),
        [0, 1, 0, 1, 0, 1]
    );
}

/// Every code of up to two digits after the point, with 0 or 4 before it: the rare/common
/// method equals the brute force, and a proven period predicts the definition's values far
/// past the values that proved it.
#[test]
fn every_short_code_proves_only_true_periods() {
    let mut proven = 0;
    for lead in [0u8, 4] {
        for first in 0u8..=7 {
            for second in 0u8..=7 {
                let digits = [lead, first, second];
                let game = OctalGame::from_digits(&digits).unwrap();
                let brute = brute_values(&digits, 1500);
                let mut sparse = Vec::new();
                extend_sparse(&game, &mut sparse, 1500);
                assert_eq!(sparse, brute, "{game}");
                let Ok(table) = GrundyValues::periodic(&game, 1 << 12) else {
                    continue;
                };
                proven += 1;
                let period = table.period().unwrap();
                let mut long = Vec::new();
                extend_by_definition(&game, &mut long, 6000);
                assert_eq!(long[..1500], brute, "{game}");
                for (n, &value) in long.iter().enumerate() {
                    assert_eq!(
                        table.get(n as u64),
                        Some(value),
                        "{game} ({period}) heap {n}"
                    );
                }
            }
        }
    }
    // Most short codes are periodic (the few that are not have growing values).
    assert!(proven >= 100, "{proven} codes proven");
}
