//! Subtraction games: the closed form and the solvers against an independent brute force.

use gamesolver::CheckedPlay;
use gamesolver::HeapGame;
use gamesolver::games::heaps::{HeapMove, HeapsError};
use gamesolver::games::subtraction::{
    SubtractionError, SubtractionGame, SubtractionSet, analyze, preset_outcome,
};
use gamesolver::grundy::{GrundyValues, ImpartialSolver, Outcome, grundy_sum};
use gamesolver::{Game, PlayConvention};
use proptest::prelude::*;
use std::collections::HashMap;

/// Brute force, written apart from the crate: does the player to move win? Heaps sorted as
/// the memo key; `misere` flips who wins when no move is left.
struct Brute {
    set: Vec<u64>,
    misere: bool,
    memo: HashMap<Vec<u64>, bool>,
}

impl Brute {
    fn new(set: &[u64], misere: bool) -> Self {
        Self {
            set: set.to_vec(),
            misere,
            memo: HashMap::new(),
        }
    }

    fn mover_wins(&mut self, heaps: &[u64]) -> bool {
        let mut key = heaps.to_vec();
        key.sort_unstable();
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        let mut any_move = false;
        let mut wins = false;
        for i in 0..key.len() {
            for s in self.set.clone() {
                if s <= key[i] {
                    any_move = true;
                    let mut child = key.clone();
                    child[i] -= s;
                    if !self.mover_wins(&child) {
                        wins = true;
                    }
                }
            }
        }
        let result = if any_move { wins } else { self.misere };
        self.memo.insert(key, result);
        result
    }

    fn outcome(&mut self, heaps: &[u64]) -> Outcome {
        if self.mover_wins(heaps) {
            Outcome::N
        } else {
            Outcome::P
        }
    }
}

/// Every multiset of 1 to `count` heaps of sizes 0..=max, as sorted vectors.
fn multisets(count: usize, max: u64) -> Vec<Vec<u64>> {
    let mut all = Vec::new();
    let mut current = Vec::new();
    fn extend(from: u64, max: u64, left: usize, current: &mut Vec<u64>, all: &mut Vec<Vec<u64>>) {
        if !current.is_empty() {
            all.push(current.clone());
        }
        if left == 0 {
            return;
        }
        for h in from..=max {
            current.push(h);
            extend(h, max, left - 1, current, all);
            current.pop();
        }
    }
    extend(0, max, count, &mut current, &mut all);
    all
}

const CONVENTIONS: [PlayConvention; 2] = [PlayConvention::Normal, PlayConvention::Misere];

#[test]
fn closed_form_matches_brute_force_up_to_four_heaps_of_20() {
    let positions = multisets(4, 20);
    assert_eq!(positions.len(), 12_649); // C(25, 4) - 1: multisets of 1 to 4 sizes in 0..=20
    for k in 2..=5u32 {
        for convention in CONVENTIONS {
            let set: Vec<u64> = (1..=u64::from(k)).collect();
            let mut brute = Brute::new(&set, convention == PlayConvention::Misere);
            for heaps in &positions {
                assert_eq!(
                    preset_outcome(k, heaps, convention),
                    brute.outcome(heaps),
                    "k = {k}, {convention}, heaps {heaps:?}"
                );
            }
        }
    }
}

#[test]
fn single_heap_rules_of_the_table() {
    for k in 2..=5u32 {
        let m = u64::from(k) + 1;
        for h in 0..100u64 {
            let normal = preset_outcome(k, &[h], PlayConvention::Normal);
            let misere = preset_outcome(k, &[h], PlayConvention::Misere);
            assert_eq!(normal == Outcome::P, h % m == 0, "k = {k}, h = {h}");
            assert_eq!(misere == Outcome::P, h % m == 1, "k = {k}, h = {h}");
        }
    }
}

#[test]
fn known_grundy_sequences() {
    let table = |set: &[u32], upto| {
        GrundyValues::compute(&SubtractionSet::new(set.iter().copied()).unwrap(), upto).unwrap()
    };
    let mod4: Vec<u32> = (0..40).map(|n| n % 4).collect();
    assert_eq!(table(&[1, 2, 3], 39).as_slice(), mod4);
    let block = [0, 0, 1, 1, 2];
    let expected: Vec<u32> = (0..40).map(|n| block[n % 5]).collect();
    assert_eq!(table(&[2, 3], 39).as_slice(), expected);
    let block = [0, 1, 0, 1, 2, 3, 2];
    let expected: Vec<u32> = (0..42).map(|n| block[n % 7]).collect();
    assert_eq!(table(&[1, 3, 4], 41).as_slice(), expected);

    for (set, preperiod, period) in [(&[1, 2, 3][..], 0, 4), (&[2, 3], 0, 5), (&[1, 3, 4], 0, 7)] {
        let set = SubtractionSet::new(set.iter().copied()).unwrap();
        let periodic = GrundyValues::periodic(&set, 1 << 16).unwrap();
        let found = periodic.period().unwrap();
        assert_eq!(
            (found.preperiod, found.period),
            (preperiod, period),
            "{set}"
        );
    }
}

/// Grundy values by the definition, written apart from the crate: a mex per value.
fn plain_table(set: &[u32], len: usize) -> Vec<u32> {
    let mut values: Vec<u32> = Vec::with_capacity(len);
    for n in 0..len {
        let reachable: Vec<u32> = set
            .iter()
            .filter(|&&s| s as usize <= n)
            .map(|&s| values[n - s as usize])
            .collect();
        values.push((0..).find(|g| !reachable.contains(g)).unwrap());
    }
    values
}

const SETS: [&[u32]; 6] = [
    &[2, 5, 7],
    &[1, 4, 6],
    &[3, 5, 8, 13],
    &[1, 2, 4, 8, 16, 32, 64, 128],
    &[2, 4, 7],
    &[1, 3, 4, 7, 9, 12, 15, 20],
];

#[test]
fn tables_match_the_definition_past_the_period_probe() {
    for set in SETS {
        let subtraction = SubtractionSet::new(set.iter().copied()).unwrap();
        for len in [1usize, 7, 1000, 200_000] {
            let table = GrundyValues::compute(&subtraction, len as u64 - 1).unwrap();
            assert_eq!(
                table.as_slice(),
                plain_table(set, len),
                "{subtraction}, {len} values"
            );
        }
    }
}

#[test]
fn periods_are_exact_against_a_long_table() {
    // Sets with a preperiod, and an 8-element set: the period found must hold on a long
    // table computed without it, and no smaller preperiod or period may hold.
    for moves in SETS {
        let set = SubtractionSet::new(moves.iter().copied()).unwrap();
        let periodic = GrundyValues::periodic(&set, 1 << 20).unwrap();
        let period = periodic.period().unwrap();
        let (a, p) = (period.preperiod as usize, period.period as usize);
        let long = plain_table(moves, a + 3 * p + 500);
        let values = long.as_slice();
        let holds = |a: usize, p: usize| (a..values.len() - p).all(|n| values[n + p] == values[n]);
        assert!(holds(a, p), "{set}");
        assert!(a == 0 || !holds(a - 1, p), "{set}: preperiod not minimal");
        assert!((1..p).all(|q| !holds(a, q)), "{set}: period not minimal");
        for (n, &value) in values.iter().enumerate() {
            assert_eq!(periodic.get(n as u64), Some(value));
        }
    }
}

#[test]
fn winning_moves_of_the_default_table() {
    let game = SubtractionGame::default();
    let analysis = analyze(&game).unwrap();
    assert_eq!(analysis.heap_values, [1, 3, 1, 3]);
    let mut brute = Brute::new(&[1, 2, 3], true);
    assert_eq!(analysis.outcome, brute.outcome(game.heaps()));
    for mv in game.legal_moves() {
        let child = game.after(mv);
        let wins = brute.outcome(child.heaps()) == Outcome::P;
        assert_eq!(analysis.winning_moves.contains(&mv), wins, "{mv}");
    }
}

#[test]
fn bad_input_is_rejected_and_changes_nothing() {
    assert_eq!(SubtractionSet::new([]), Err(SubtractionError::EmptySet));
    assert_eq!(
        SubtractionSet::new([0, 2]),
        Err(SubtractionError::ZeroInSet)
    );
    for k in [0, 1, 6, u32::MAX] {
        assert_eq!(
            SubtractionGame::preset(k, [3], PlayConvention::Normal),
            Err(SubtractionError::CapOutOfRange { k })
        );
    }
    assert_eq!(
        SubtractionGame::preset(3, [], PlayConvention::Normal),
        Err(SubtractionError::NoHeaps)
    );
    let mut game = SubtractionGame::default();
    let before = game.clone();
    let not_an_option = |size, take, remain| HeapsError::NotAnOption { size, take, remain };
    let bad = [
        // Taking 0, more than k, more than the heap, or leaving the wrong heap.
        (game.take(0, 0), not_an_option(1, 0, [1, 0])),
        (game.take(3, 4), not_an_option(7, 4, [3, 0])),
        (game.take(0, 2), not_an_option(1, 2, [0, 0])),
        (
            HeapMove {
                heap: 2,
                take: 1,
                remain: [3, 0],
            },
            not_an_option(5, 1, [3, 0]),
        ),
        (
            game.take(4, 1),
            HeapsError::NoSuchHeap { heap: 4, heaps: 4 },
        ),
    ];
    // Taking a whole heap of k = 3 is legal.
    let mut copy = game.clone();
    assert!(copy.play(game.take(1, 3)).is_ok());
    for (mv, error) in bad {
        assert_eq!(game.play(mv), Err(error));
        assert_eq!(game, before);
        assert!(!error.to_string().is_empty());
    }
}

#[test]
fn memo_limit_gives_an_error() {
    let game = SubtractionGame::with_set(
        SubtractionSet::new([1, 3, 4]).unwrap(),
        [30, 31, 32, 33],
        PlayConvention::Misere,
    )
    .unwrap();
    let mut solver = ImpartialSolver::new(PlayConvention::Misere).with_limit(10);
    assert!(solver.outcome(&game).is_err());
    // A small general misère position stays within analyze's own limit.
    let small = analyze(
        &SubtractionGame::with_set(
            SubtractionSet::new([1, 3, 4]).unwrap(),
            [1],
            PlayConvention::Misere,
        )
        .unwrap(),
    );
    assert!(small.is_ok());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn preset_closed_form_on_larger_positions(
        k in 2u32..=5,
        heaps in proptest::collection::vec(0u64..=40, 1..=4),
        misere in any::<bool>(),
    ) {
        let convention = if misere { PlayConvention::Misere } else { PlayConvention::Normal };
        // One brute-force memo per rule, shared by the cases.
        thread_local! {
            static BRUTES: std::cell::RefCell<HashMap<(u32, bool), Brute>> =
                std::cell::RefCell::new(HashMap::new());
        }
        let brute_outcome = BRUTES.with(|brutes| {
            let mut brutes = brutes.borrow_mut();
            let set: Vec<u64> = (1..=u64::from(k)).collect();
            brutes
                .entry((k, misere))
                .or_insert_with(|| Brute::new(&set, misere))
                .outcome(&heaps)
        });
        prop_assert_eq!(preset_outcome(k, &heaps, convention), brute_outcome);
    }

    #[test]
    fn general_sets_agree_with_brute_force(
        set in proptest::collection::btree_set(1u32..=7, 1..=3),
        heaps in proptest::collection::vec(0u64..=14, 1..=3),
        misere in any::<bool>(),
    ) {
        let convention = if misere { PlayConvention::Misere } else { PlayConvention::Normal };
        let set = SubtractionSet::new(set).unwrap();
        let game = SubtractionGame::with_set(set.clone(), heaps.clone(), convention).unwrap();
        let brute_set: Vec<u64> = set.moves().iter().map(|&s| u64::from(s)).collect();
        let mut brute = Brute::new(&brute_set, misere);
        let analysis = analyze(&game).unwrap();
        prop_assert_eq!(analysis.outcome, brute.outcome(&heaps));
        let mut solver = ImpartialSolver::new(convention);
        prop_assert_eq!(solver.outcome(&game).unwrap(), analysis.outcome);
        for mv in game.legal_moves() {
            let child = game.after(mv);
            let wins = brute.outcome(child.heaps()) == Outcome::P;
            prop_assert_eq!(analysis.winning_moves.contains(&mv), wins);
        }
        if analysis.outcome == Outcome::P {
            prop_assert!(analysis.winning_moves.is_empty());
        }
    }

    #[test]
    fn grundy_of_a_sum_is_the_xor(
        set in proptest::collection::btree_set(1u32..=6, 1..=4),
        heaps in proptest::collection::vec(0u64..=16, 1..=4),
    ) {
        let set = SubtractionSet::new(set).unwrap();
        let table = GrundyValues::periodic(&set, 1 << 16).unwrap();
        let game = SubtractionGame::with_set(set, heaps.clone(), PlayConvention::Normal).unwrap();
        let mut solver = ImpartialSolver::new(PlayConvention::Normal);
        let searched = solver.grundy(&game).unwrap();
        prop_assert_eq!(searched, grundy_sum(heaps.iter().map(|&h| table.get(h).unwrap())));
    }
}

#[test]
fn a_long_game_hits_the_limit_instead_of_growing() {
    // One heap of a million with S = {1}: the search path alone would hold a million positions.
    let game = SubtractionGame::with_set(
        SubtractionSet::new([1]).unwrap(),
        [1_000_000],
        PlayConvention::Misere,
    )
    .unwrap();
    let mut solver = ImpartialSolver::new(PlayConvention::Misere).with_limit(1000);
    assert_eq!(
        solver.outcome(&game),
        Err(gamesolver::grundy::ImpartialError::MemoFull { limit: 1000 })
    );
    assert!(solver.memo_len() <= 1000);
}

#[test]
fn a_games_own_convention_is_never_overridden() {
    // The case a user reported: take 1..=3 from a heap of 1, misère. Whoever takes the last
    // loses, so the mover loses; a normal-play answer (N) must not come back.
    let game = SubtractionGame::preset(3, [1], PlayConvention::Misere).unwrap();
    assert_eq!(
        ImpartialSolver::new(PlayConvention::Normal).outcome(&game),
        Err(gamesolver::grundy::ImpartialError::ConventionMismatch {
            game: PlayConvention::Misere,
            solver: PlayConvention::Normal,
        })
    );
    assert!(
        ImpartialSolver::new(PlayConvention::Normal)
            .grundy(&game)
            .is_err()
    );
    assert_eq!(
        ImpartialSolver::for_game(&game).outcome(&game),
        Ok(Outcome::P)
    );
    assert_eq!(analyze(&game).unwrap().outcome, Outcome::P);
    let normal = game.with_convention(PlayConvention::Normal);
    assert_eq!(
        ImpartialSolver::for_game(&normal).outcome(&normal),
        Ok(Outcome::N)
    );
}

#[test]
fn option_counts_are_the_options_listed() {
    for set in SETS {
        let subtraction = SubtractionSet::new(set.iter().copied()).unwrap();
        for heap in 0..40 {
            let mut options = Vec::new();
            subtraction.options(heap, &mut options);
            assert_eq!(
                subtraction.option_count(heap),
                options.len() as u64,
                "{subtraction}, {heap}"
            );
        }
    }
}
