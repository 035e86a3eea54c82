//! A mover who moves again: Kalah ([`gamesolver::games::kalah`]), where a
//! sowing that ends in one's own store keeps the turn, solved by the crate's solver (one and
//! two threads) and by a plain negamax (`common::keep_turn`), on random positions of
//! several sizes; its endgames by retrograde analysis in tiers of seeds (`BySeeds`) against
//! the endgame table.

use crate::common::keep_turn;
use gamesolver::CheckedPlay;
use gamesolver::games::kalah::{self, BySeeds, Endgame, EndgameError, Kalah, SeedsLeft};
use gamesolver::retrograde::ScoreKnowledge;
use gamesolver::{
    Game, Player, Record, Retrograde, ScoringGame, SearchConfig, Solver, Tiers, check,
};
use std::collections::HashMap;
use std::sync::Arc;

/// Positions along random games from the start of Kalah(m, n).
fn random_positions(m: usize, n: u8, games: u64) -> Vec<Kalah> {
    let mut positions = Vec::new();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64 ^ (m as u64) << 8 ^ u64::from(n);
    for _ in 0..games {
        let mut position = Kalah::new(m, n).unwrap();
        while !position.is_over() {
            positions.push(position.clone());
            let moves = position.legal_moves();
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            position.play_unchecked(moves[(seed >> 33) as usize % moves.len()]);
        }
    }
    positions
}

#[test]
fn values_and_best_moves_match_a_plain_negamax_on_random_positions() {
    let mut checked = 0;
    for (m, n) in [(2, 2), (3, 2), (3, 3), (4, 2), (4, 3)] {
        checked += keep_turn::check_solver(&random_positions(m, n, 6));
    }
    assert!(checked > 100, "{checked} positions");
}

/// Kalah's tuned solver finds the value by null-window tests stepping from 0 (MTD(f)) and
/// orders tied moves by the history heuristic, with the seeds left and with the rules alone:
/// the same values, optimal moves and lines.
#[test]
fn the_tuned_solver_matches_a_plain_negamax_on_random_positions() {
    let mut checked = 0;
    for (m, n) in [(2, 2), (3, 3), (4, 2), (4, 3)] {
        let positions = random_positions(m, n, 4);
        checked += keep_turn::check_solver_as(&positions, |solver| {
            kalah::tune_solver(solver.with_knowledge(SeedsLeft))
        });
        checked += keep_turn::check_solver_as(&positions, kalah::tune_solver);
    }
    assert!(checked > 100, "{checked} positions");
    // A first guess far from the value, or past every value a search allows, still finds it
    // (the rules alone: no bounds to halve instead).
    let start = Kalah::new(4, 3).unwrap();
    for guess in [i64::MIN, -100, 100, i64::MAX] {
        let mut solver = Solver::new().with_first_guess(Some(guess));
        assert_eq!(solver.value(&start), Ok(8), "{guess}");
    }
}

#[test]
fn an_endgame_table_holds_the_plain_negamax_value_of_every_position_it_covers() {
    let mut checked = 0;
    for (m, n, seeds) in [(3, 3, 18), (4, 3, 12), (5, 2, 10)] {
        // A memo a board: the key holds the pits, not how many a side.
        let mut memo = HashMap::new();
        let start = Kalah::new(m, n).unwrap();
        let table = Endgame::build(&start, seeds, 1 << 30).unwrap();
        for position in random_positions(m, n, 12) {
            let covered = position.seeds_left() <= seeds;
            let value = table.value(&position);
            assert_eq!(value.is_some(), covered, "{position}");
            if let Some(value) = value {
                assert_eq!(
                    value,
                    keep_turn::plain_value(&position, &mut memo),
                    "{position}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 250, "{checked} positions");
}

#[test]
fn the_solver_with_an_endgame_table_keeps_every_value_and_the_checker_finds_no_lie() {
    // Kalah(3, 3) whole (18 seeds): the table alone gives the start's value.
    let start = Kalah::new(3, 3).unwrap();
    let whole = Endgame::build(&start, 18, 1 << 30).unwrap();
    assert_eq!(
        whole.value(&start),
        Some(Solver::new().value(&start).unwrap())
    );
    for (m, n, seeds) in [(4, 3, 10), (3, 4, 12)] {
        let start = Kalah::new(m, n).unwrap();
        let table = Endgame::build(&start, seeds, 1 << 30).unwrap();
        let rules = Solver::new().solve(&start).unwrap();
        let with_table = Solver::new()
            .with_knowledge(table.clone())
            .solve(&start)
            .unwrap();
        assert_eq!(
            (with_table.value, &with_table.best_moves),
            (rules.value, &rules.best_moves)
        );
        assert!(with_table.nodes < rules.nodes);
        // Two threads fill one table, racing on the same positions.
        let fresh = Endgame::build(&start, seeds, 1 << 30).unwrap();
        let two_threads = SearchConfig::default().with_threads(2);
        let threaded = Solver::with_config(two_threads)
            .with_knowledge(fresh)
            .solve(&start)
            .unwrap();
        assert_eq!(threaded.value, rules.value);
        let report = check::knowledge(&start, &table, &check::Checks::default());
        assert!(report.is_ok(), "{report:?}");
    }
}

#[test]
fn an_endgame_table_past_its_memory_is_refused_before_it_is_made() {
    let start = Kalah::new(6, 4).unwrap();
    // C(S + 12, 12) positions of at most S seeds on 12 pits: 13 seeds fit 8 M, 14 do not.
    assert_eq!(Endgame::seeds_within(&start, 8 << 20), 13);
    let table = Endgame::build(&start, 13, 8 << 20).unwrap();
    assert_eq!((table.positions(), table.computed()), (5_200_300, 0));
    assert!(Endgame::build(&start, 14, 8 << 20).is_err()); // C(26, 12) = 9,657,700
    // 48 seeds over 12 pits: C(60, 12), about 1.4e12 bytes.
    let refused = Endgame::build(&start, 48, 1 << 30).unwrap_err();
    assert!(matches!(refused, EndgameError::TooLarge { seeds: 48, bytes, .. } if bytes > 1 << 40));
    assert!(matches!(
        Endgame::build(&start, u32::MAX, u64::MAX),
        Err(EndgameError::TooLarge {
            seeds: u32::MAX,
            ..
        })
    ));
}

#[test]
fn a_record_gives_the_turn_back_to_a_mover_who_moves_again() {
    // Kalah(3, 1): pit 3 (counted from 0: 2) holds one seed, which falls in the store.
    let start = Kalah::new(3, 1).unwrap();
    assert!(start.keeps_turn(2));
    assert!(!start.keeps_turn(0));
    let mut record = Record::new(start);
    record.play(2).unwrap();
    assert_eq!(record.to_move(), Player::First);
    record.play(0).unwrap();
    assert_eq!(record.to_move(), Player::Second);
    let movers: Vec<Player> = record.plays().map(|(_, _, player)| player).collect();
    assert_eq!(movers, [Player::First, Player::First]);
}

/// Knowledge that lies in one way, for the checker to name.
#[derive(Debug, Clone, Copy)]
enum Lie {
    /// The value is never negative.
    NonNegative,
    /// No position is worth less than 0 (the floor).
    Floor,
    /// A position of two seeds is worth 2.
    Exact,
    /// The search moves leave nothing out by the threshold, it says, and they leave out
    /// the moves that pass the turn with a margin of at most the threshold.
    Threshold,
}

impl gamesolver::Knowledge<Kalah> for Lie {
    fn value_floor(&self, _: &Kalah) -> Option<i64> {
        matches!(self, Lie::Floor).then_some(0)
    }
    fn facts(&self, position: &Kalah) -> gamesolver::Facts<u8> {
        let seeds = i64::from(position.seeds_left());
        gamesolver::Facts {
            bounds: Some(
                if matches!(self, Lie::NonNegative) {
                    0
                } else {
                    -seeds
                }..=seeds,
            ),
            best_move: None,
        }
    }
    fn exact_value(&self, position: &Kalah) -> Option<i64> {
        (matches!(self, Lie::Exact) && position.seeds_left() == 2).then_some(2)
    }
    fn search_moves(&self, position: &Kalah, threshold: i64, out: &mut Vec<u8>) {
        position.generate_moves(out);
        if matches!(self, Lie::Threshold) {
            out.retain(|&mv| position.margin(mv) > threshold || position.keeps_turn(mv));
        }
    }
    fn leaves_out_by_threshold(&self) -> bool {
        !matches!(self, Lie::Threshold)
    }
}

#[test]
fn the_seeds_left_bound_every_value_and_the_checker_names_each_lie() {
    use gamesolver::check::{self, CheckError, Checks, Claim};
    let start = Kalah::new(3, 2).unwrap();
    check::knowledge(&start, &SeedsLeft, &Checks::default()).unwrap();
    let plain = Solver::new().value(&start).unwrap();
    assert_eq!(
        Solver::new()
            .with_knowledge(SeedsLeft)
            .value(&start)
            .unwrap(),
        plain
    );
    for lie in [Lie::NonNegative, Lie::Floor, Lie::Exact, Lie::Threshold] {
        let Err(CheckError::Disagrees(found)) = check::knowledge(&start, &lie, &Checks::default())
        else {
            panic!("{lie:?} was not found");
        };
        // The report names the false fact itself, at a position where it is false.
        let mut position = start.clone();
        for &mv in &found.moves {
            position.play(mv).unwrap();
        }
        assert_eq!(found.value, Solver::new().value(&position).unwrap());
        match (lie, &found.claim) {
            (Lie::NonNegative, Claim::Bounds { lower: 0, .. }) => assert!(found.value < 0),
            (Lie::Floor, Claim::Floor(0)) => assert!(found.value < 0),
            (Lie::Exact, Claim::ExactValue(2)) => assert_ne!(found.value, 2),
            (Lie::Threshold, &Claim::LeftOutByThreshold { threshold, mv }) => {
                assert!(position.margin(mv) <= threshold && !position.keeps_turn(mv));
            }
            (lie, claim) => panic!("{lie:?} reported as {claim:?}"),
        }
    }
}

/// The seeds left (a floor, bounds, every move searched) and an endgame table of them give
/// the rules' value on every small board: the moves the floor leaves out bound a node that
/// fails low by their margins, never by more than they can be worth.
#[test]
fn the_seeds_left_and_the_endgame_table_keep_every_small_value() {
    for (m, n) in [
        (2, 1),
        (2, 3),
        (3, 1),
        (3, 3),
        (4, 1),
        (4, 2),
        (4, 3),
        (5, 1),
        (6, 1),
    ] {
        let start = Kalah::new(m, n).unwrap();
        let plain = Solver::new().value(&start).unwrap();
        let seeds = Solver::new().with_knowledge(SeedsLeft).value(&start);
        let endgame = Endgame::build(&start, 6, 1 << 24).unwrap();
        let table = Solver::new().with_knowledge(endgame).value(&start);
        assert_eq!((seeds, table), (Ok(plain), Ok(plain)), "Kalah({m},{n})");
    }
}

#[test]
fn the_engine_and_the_arena_honour_a_mover_who_moves_again() {
    use gamesolver::arena::{EngineStrategy, RandomStrategy};
    use gamesolver::arena::{MatchConfig, Side, play_match};
    use gamesolver::search::Budget;
    use gamesolver::{Engine, NoEvaluator};
    let start = Kalah::new(3, 3).unwrap();
    let value = Solver::new().value(&start).unwrap();
    let mut engine = Engine::new(NoEvaluator).with_table_bytes(1 << 20);
    let found = engine
        .search(&start, Budget::default().with_depth(200))
        .unwrap();
    assert!(found.exact && found.value == value, "{found:?}");
    // A perfect player gets at least the value first and at least minus it second, whatever
    // the other plays, with the turns and points counted as the rules give them.
    let mut perfect = EngineStrategy::new(Engine::new(NoEvaluator).with_table_bytes(1 << 20));
    for seed in 1..=3 {
        let mut random = RandomStrategy::with_seed(seed);
        let config = MatchConfig {
            games: 2,
            ..MatchConfig::default()
        };
        let report = play_match(&start, &mut perfect, &mut random, config, |_| {});
        for game in &report.games {
            let margin = game.scores[0] as i64 - game.scores[1] as i64;
            let guaranteed = if game.first == Side::A { value } else { -value };
            assert!(margin >= guaranteed, "{game:?}: {margin} < {guaranteed}");
            assert_eq!(
                game.scores[0] + game.scores[1],
                18,
                "every seed ends in a store"
            );
        }
    }
}

/// A sowing seed by seed, as the rules read (the example sows by whole laps and ranges, and
/// reckons a sowing's points without sowing):
/// the pits after, the mover's points, the opponent's, and whether the mover moves again.
fn sow_seed_by_seed(pits: &[u8], pit: usize) -> (Vec<u8>, u64, u64, bool) {
    let m = pits.len() / 2;
    // Places: the mover's pits 0..m, its store at m, the opponent's pits m + 1..=2m.
    let mut places: Vec<u64> = pits[..m].iter().map(|&s| u64::from(s)).collect();
    places.push(0);
    places.extend(pits[m..].iter().map(|&s| u64::from(s)));
    let mut seeds = std::mem::take(&mut places[pit]);
    let mut at = pit;
    while seeds > 0 {
        at = (at + 1) % places.len();
        places[at] += 1;
        seeds -= 1;
    }
    if at < m && places[at] == 1 {
        // The "empty capture" rule: the last seed and the opposite pit's, even if empty.
        places[m] += 1 + std::mem::take(&mut places[2 * m - at]);
        places[at] = 0;
    }
    let (own, other) = (places[..m].to_vec(), places[m + 1..].to_vec());
    let (mut mover, mut opponent) = (places[m], 0);
    let over = own.iter().all(|&s| s == 0) || other.iter().all(|&s| s == 0);
    let after: Vec<u64> = if over {
        mover += own.iter().sum::<u64>();
        opponent += other.iter().sum::<u64>();
        vec![0; 2 * m]
    } else if at == m {
        [own, other].concat()
    } else {
        [other, own].concat()
    };
    let after = after.iter().map(|&s| u8::try_from(s).unwrap()).collect();
    (after, mover, opponent, at == m && !over)
}

#[test]
fn a_sowing_and_its_reckoning_are_the_sowing_seed_by_seed() {
    let mut sowings = 0;
    // Up to 15 seeds a pit: laps round the whole board on 1 to 7 pits a side.
    for (m, n) in [(1, 15), (2, 9), (3, 15), (4, 6), (6, 4), (6, 15), (8, 15)] {
        for position in random_positions(m, n, 20) {
            for pit in position.legal_moves() {
                let (pits, mover, opponent, again) =
                    sow_seed_by_seed(position.pits(), usize::from(pit));
                let points = position.points(pit);
                let mut child = position.clone();
                let played = child.play_sowing(pit);
                assert_eq!(
                    (
                        child.pits(),
                        points.mover,
                        points.opponent,
                        position.keeps_turn(pit)
                    ),
                    (&pits[..], mover, opponent, again),
                    "{:?}, pit {pit}",
                    position.pits()
                );
                // The sowing played, and reckoned without playing it, give the same margin.
                let margin = mover as i64 - opponent as i64;
                assert_eq!(played, (margin, again), "{:?}, pit {pit}", position.pits());
                assert_eq!(position.margin_and_turn(pit), (margin, again));
                sowings += 1;
            }
        }
    }
    assert!(sowings > 5_000, "{sowings} sowings");
}

#[test]
fn small_kalah_has_its_published_values() {
    // Irving, Donkers and Uiterwijk, "Solving Kalah" (ICGA Journal, 2000), with the empty
    // capture rule: Kalah(4, 3) = +8, (4, 4) = +2, (5, 3) = +8.
    for (m, n, value) in [(4, 3, 8), (4, 4, 2), (5, 3, 8)] {
        let start = Kalah::new(m, n).unwrap();
        assert_eq!(
            Solver::new().value(&start).unwrap(),
            value,
            "Kalah({m}, {n})"
        );
    }
}

/// Kalah by the seeds in play (`BySeeds`), solved whole by retrograde analysis: its numbering
/// passes the tier check, and every position of every tier has the endgame table's value
/// (filled by its own recursion, and by `Endgame::solve`) and, along random games, the plain
/// negamax's.
#[test]
fn values_by_tiers_of_seeds_are_the_endgame_tables() {
    for (m, n, seeds, threads) in [(2, 3, 12, 1), (3, 3, 10, 2), (4, 2, 8, 2)] {
        let start = Kalah::new(m, n).unwrap();
        let tiers = BySeeds::new(&start, seeds);
        let checks = check::Checks::default().with_indices(3_000);
        assert_eq!(check::tiers(&tiers, &checks), Ok(()), "Kalah({m}, {n})");
        let table = Retrograde::new()
            .with_threads(threads)
            .solve_scores(&tiers)
            .unwrap();
        let endgame = Endgame::build(&start, u32::from(seeds), 1 << 30).unwrap();
        // The same table solved before it is asked: every value there, the same values.
        let solved = Endgame::solve(&start, u32::from(seeds), 1 << 30, threads).unwrap();
        assert_eq!(solved.computed(), solved.positions());
        let mut positions = 0;
        for tier in 0..tiers.tier_count() {
            for (index, value) in table.iter_tier(tier) {
                let position = tiers.position_at(tier, index).unwrap();
                assert_eq!(endgame.value(&position), Some(value), "{position}");
                assert_eq!(solved.value(&position), Some(value), "{position}");
                positions += 1;
            }
        }
        assert_eq!(positions as usize, endgame.positions(), "Kalah({m}, {n})");
        let mut memo = HashMap::new();
        for position in random_positions(m, n, 6) {
            let value = table.value(&tiers, &position);
            assert_eq!(value.is_some(), position.seeds_left() <= u32::from(seeds));
            if let Some(value) = value {
                assert_eq!(
                    value,
                    keep_turn::plain_value(&position, &mut memo),
                    "{position}"
                );
            }
        }
    }
}

/// The values by tiers serve the solver as knowledge: Kalah(3, 3) keeps its value.
#[test]
fn the_solver_with_values_by_tiers_keeps_the_value() {
    let start = Kalah::new(3, 3).unwrap();
    let tiers = Arc::new(BySeeds::new(&start, 12));
    let table = Arc::new(Retrograde::new().solve_scores(&*tiers).unwrap());
    let knowledge = ScoreKnowledge::new(tiers, table);
    let with_table = Solver::new()
        .with_knowledge(knowledge.clone())
        .value(&start);
    assert_eq!(with_table, Solver::new().value(&start));
    assert_eq!(
        check::knowledge(&start, &knowledge, &check::Checks::default()),
        Ok(())
    );
}
