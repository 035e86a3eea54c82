//! Sums of heaps: normal-play outcomes by components against an independent XOR of values,
//! misère Kayles against a brute-force search written here, bounded searches, bad moves.

use gamesolver::CheckedPlay;
use gamesolver::games::heaps::{HeapMove, Heaps, HeapsError};
use gamesolver::games::octal::OctalGame;
use gamesolver::games::subtraction::{SubtractionGame, SubtractionSet, analyze};
use gamesolver::grundy::{ImpartialError, ImpartialSolver, Outcome};
use gamesolver::{Game, GrundyValues, PlayConvention};
use proptest::prelude::*;
use std::collections::HashMap;

/// Kayles moves on a multiset of rows: knock down 1 or 2 adjacent pins, leaving the pins on
/// either side. Sorted, zeros dropped.
/// The position under misère play.
fn misere(position: Heaps<OctalGame>) -> Heaps<OctalGame> {
    position.with_convention(PlayConvention::Misere)
}

fn kayles_children(heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut children = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        for take in 1..=2.min(h) {
            for left in 0..=h - take {
                let right = h - take - left;
                let mut child: Vec<u64> =
                    heaps[..i].iter().chain(&heaps[i + 1..]).copied().collect();
                child.extend([left, right].into_iter().filter(|&x| x > 0));
                child.sort_unstable();
                children.push(child);
            }
        }
    }
    children
}

/// Whether the player to move wins, by exhaustive search over whole positions.
fn brute_wins(heaps: &[u64], misere: bool, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&wins) = memo.get(heaps) {
        return wins;
    }
    let children = kayles_children(heaps);
    let wins = if children.is_empty() {
        misere
    } else {
        children
            .iter()
            .any(|child| !brute_wins(child, misere, memo))
    };
    memo.insert(heaps.to_vec(), wins);
    wins
}

#[test]
fn misere_kayles_single_heaps() {
    let mut solver = ImpartialSolver::new(PlayConvention::Misere);
    let mut memo = HashMap::new();
    let mut losing = Vec::new();
    for h in 0..=20u64 {
        let position =
            misere(Heaps::new(OctalGame::kayles(), [h], PlayConvention::Normal).unwrap());
        let outcome = solver.outcome(&position).unwrap();
        assert_eq!(
            outcome.mover_wins(),
            brute_wins(&[h], true, &mut memo),
            "heap {h}"
        );
        if outcome == Outcome::P {
            losing.push(h);
        }
    }
    // Misère Kayles: the mover loses exactly at 1, 4, 9, 12 and 20 among 0..=20.
    assert_eq!(losing, [1, 4, 9, 12, 20]);
}

/// The misère Grundy value of a whole position by exhaustive search: 1 with no move left,
/// else the mex of its options' values.
fn brute_misere_grundy(heaps: &[u64], memo: &mut HashMap<Vec<u64>, u32>) -> u32 {
    if let Some(&value) = memo.get(heaps) {
        return value;
    }
    let children = kayles_children(heaps);
    let value = if children.is_empty() {
        1
    } else {
        let values: Vec<u32> = children
            .iter()
            .map(|c| brute_misere_grundy(c, memo))
            .collect();
        (0..).find(|v| !values.contains(v)).unwrap()
    };
    memo.insert(heaps.to_vec(), value);
    value
}

#[test]
fn misere_kayles_known_misere_grundy_values() {
    let known = [
        1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4, 0, 1, 2, 5, 1, 6, 3, 2, 0,
    ];
    let mut memo = HashMap::new();
    let values: Vec<u32> = (0..=20u64)
        .map(|h| {
            let heaps: Vec<u64> = [h].into_iter().filter(|&x| x > 0).collect();
            brute_misere_grundy(&heaps, &mut memo)
        })
        .collect();
    assert_eq!(values, known);
    // The misère outcome is decided by the misère Grundy value being 0.
    let mut solver = ImpartialSolver::new(PlayConvention::Misere);
    for (h, &value) in known.iter().enumerate() {
        let outcome = solver
            .outcome(&misere(
                Heaps::new(OctalGame::kayles(), [h as u64], PlayConvention::Normal).unwrap(),
            ))
            .unwrap();
        assert_eq!(outcome == Outcome::P, value == 0, "heap {h}");
    }
}

#[test]
fn misere_winning_moves_lead_to_losing_positions() {
    let mut solver = ImpartialSolver::new(PlayConvention::Misere);
    let mut memo = HashMap::new();
    for heaps in [vec![3, 5], vec![2, 2, 6], vec![7, 1, 1], vec![10, 4]] {
        let position =
            misere(Heaps::new(OctalGame::kayles(), heaps.clone(), PlayConvention::Normal).unwrap());
        let winning = solver.winning_moves(&position).unwrap();
        for mv in position.legal_moves() {
            let mut child = position.after(mv).heaps().to_vec();
            child.retain(|&h| h > 0);
            child.sort_unstable();
            assert_eq!(
                winning.contains(&mv),
                !brute_wins(&child, true, &mut memo),
                "{mv}"
            );
        }
    }
}

/// Misère {1, 3, 4} on a thousand heaps of 7, far too many positions for any memo, is
/// answered by the misère quotient; on ten heaps it agrees with the memoized search.
#[test]
fn misere_sums_past_any_memo_come_from_the_quotient() {
    let set = SubtractionSet::new([1, 3, 4]).unwrap();
    for heaps in [10, 11, 1000, 1001] {
        let game =
            SubtractionGame::with_set(set.clone(), vec![7; heaps], PlayConvention::Misere).unwrap();
        let analysis = analyze(&game).unwrap();
        assert_eq!(
            analysis.outcome == Outcome::P,
            analysis.winning_moves.is_empty()
        );
        if heaps < 100 {
            let mut solver = ImpartialSolver::new(PlayConvention::Misere);
            assert_eq!(solver.outcome(&game).unwrap(), analysis.outcome);
            assert_eq!(solver.winning_moves(&game).unwrap(), analysis.winning_moves);
        }
    }
}

#[test]
fn out_of_reach_fails_fast_with_a_clear_error() {
    let kayles =
        misere(Heaps::new(OctalGame::kayles(), vec![30; 12], PlayConvention::Normal).unwrap());
    let mut solver = ImpartialSolver::new(PlayConvention::Misere).with_node_budget(10_000);
    assert_eq!(
        solver.outcome(&kayles),
        Err(ImpartialError::BudgetExhausted { nodes: 10_000 })
    );
    let mut small = ImpartialSolver::new(PlayConvention::Misere).with_memo_bytes(1 << 16);
    assert_eq!(
        small.outcome(&kayles),
        Err(ImpartialError::MemoBytesFull { bytes: 1 << 16 })
    );
    assert!(small.memo_bytes() <= 1 << 16);
}

#[test]
fn moves_are_checked_and_shown() {
    let mut position =
        Heaps::new(OctalGame::dawsons_kayles(), [5, 1], PlayConvention::Normal).unwrap();
    let before = position.clone();
    let mv = |heap, take, remain| HeapMove { heap, take, remain };
    let not_an_option = |size, take, remain| HeapsError::NotAnOption { size, take, remain };
    let bad = [
        (
            mv(2, 2, [3, 0]),
            HeapsError::NoSuchHeap { heap: 2, heaps: 2 },
        ),
        (mv(1, 2, [0, 0]), not_an_option(1, 2, [0, 0])),
        (mv(0, 1, [4, 0]), not_an_option(5, 1, [4, 0])),
    ];
    for (mv, error) in bad {
        assert_eq!(position.play(mv), Err(error));
        assert_eq!(position, before);
        assert!(!error.to_string().is_empty());
    }
    let split = HeapMove {
        heap: 0,
        take: 2,
        remain: [1, 2],
    };
    assert_eq!(split.to_string(), "heap 1: take 2, leave 1 + 2");
    position.play(split).unwrap();
    assert_eq!(position.heaps(), [2, 1, 1]);
    assert_eq!(position.to_string(), "heaps 2 1 1, 0.07, normal");
    assert_eq!(position.key(), vec![1, 1, 2].into_boxed_slice());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Normal play: the solver (components, memo by heap) and the table agree with the brute
    /// force on whole positions, outcome and winning moves.
    #[test]
    fn normal_kayles_sums_match_the_brute_force(
        heaps in prop::collection::vec(0u64..=12, 1..=3),
    ) {
        let position = Heaps::new(OctalGame::kayles(), heaps.clone(), PlayConvention::Normal).unwrap();
        let table = GrundyValues::periodic(&OctalGame::kayles(), 1000).unwrap();
        let mut solver = ImpartialSolver::new(PlayConvention::Normal);
        let mut memo = HashMap::new();
        let mut sorted: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        sorted.sort_unstable();
        let wins = brute_wins(&sorted, false, &mut memo);
        prop_assert_eq!(solver.outcome(&position).unwrap().mover_wins(), wins);
        prop_assert_eq!(position.grundy_value(&table).unwrap() != 0, wins);
        let winning = solver.winning_moves(&position).unwrap();
        prop_assert_eq!(position.winning_moves_with(&table).unwrap(), winning.clone());
        for mv in position.legal_moves() {
            let mut child = position.after(mv).heaps().to_vec();
            child.retain(|&h| h > 0);
            child.sort_unstable();
            prop_assert_eq!(winning.contains(&mv), !brute_wins(&child, false, &mut memo));
        }
    }
}

/// A heap game's rules id tells apart what its key does not (the key holds only the heaps):
/// the rules and the play convention; the same rules give the same id, whatever the heaps.
#[test]
fn the_rules_id_tells_rules_and_conventions_apart_and_not_heaps() {
    let id = |k, heaps: &[u64], convention| {
        SubtractionGame::preset(k, heaps.iter().copied(), convention)
            .unwrap()
            .rules_id()
    };
    let misere = id(3, &[1, 3, 5, 7], PlayConvention::Misere);
    assert_eq!(misere, id(3, &[2, 9], PlayConvention::Misere));
    assert_ne!(misere, id(3, &[1, 3, 5, 7], PlayConvention::Normal));
    assert_ne!(misere, id(2, &[1, 3, 5, 7], PlayConvention::Misere));
    assert_ne!(misere, id(4, &[1, 3, 5, 7], PlayConvention::Misere));
}
