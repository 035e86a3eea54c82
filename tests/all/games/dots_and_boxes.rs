//! A mover who moves again: Dots and Boxes
//! ([`gamesolver::games::dots_and_boxes`]), where a line that completes a box keeps the turn, solved
//! by the crate's solver (one and two threads) and by a plain negamax (`common::keep_turn`)
//! on random positions; the capture lines and the canonical keys against every value of small
//! boards by the brute force (`dots_and_boxes::every_value`); the values by tiers of lines
//! drawn (`ByLines`) against the brute force on every set of lines; and the published
//! value of 3 x 3 boxes.

use crate::common::keep_turn;
use gamesolver::CheckedPlay;
use gamesolver::check::{self, Checks};
use gamesolver::games::dots_and_boxes::{
    ByLines, DotsAndBoxes, Symmetries, TakeFreeBoxes, every_value,
};
use gamesolver::{Game, RetroError, Retrograde, Solver, Tiers};

#[test]
fn values_and_best_moves_match_a_plain_negamax_on_random_positions() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut checked = 0;
    for (width, height) in [(1, 3), (2, 2), (3, 2)] {
        let mut positions = Vec::new();
        for _ in 0..4 {
            let mut position = DotsAndBoxes::new(width, height).unwrap();
            while !position.is_over() {
                positions.push(position.clone());
                let moves = position.legal_moves();
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                position.play_unchecked(moves[(seed % moves.len() as u64) as usize]);
            }
        }
        checked += keep_turn::check_solver(&positions);
        // The history heuristic orders moves, and changes no value or optimal move.
        checked +=
            keep_turn::check_solver_as(&positions, |solver| solver.with_history_heuristic(true));
    }
    assert!(checked > 100, "{checked} positions");
}

/// 3 x 3 boxes (4 x 4 dots): the second player wins by 3, as David Wilson's table of solved
/// Dots-and-Boxes boards gives it.
#[test]
fn three_by_three_boxes_is_a_loss_by_three() {
    let start = DotsAndBoxes::new(3, 3).unwrap();
    assert_eq!(Solver::new().value(&start), Ok(-3));
}

/// Knowledge whose "canonical" key is only the number of lines drawn: positions of other
/// values share it.
#[derive(Debug, Clone, Copy)]
struct CountOnly;

impl gamesolver::Knowledge<DotsAndBoxes> for CountOnly {
    fn canonical_key(&self, position: &DotsAndBoxes) -> Option<u64> {
        Some(u64::from(position.key().count_ones()))
    }
}

#[test]
fn symmetric_positions_share_a_key_and_the_checker_finds_a_false_one() {
    use gamesolver::check::{self, CheckError, Checks, Claim};
    for (width, height) in [(2, 2), (3, 2), (2, 3)] {
        let start = DotsAndBoxes::new(width, height).unwrap();
        check::knowledge(&start, &Symmetries::of(&start), &Checks::default()).unwrap();
    }
    // The same values, and the same optimal moves, with one entry for all images.
    let start = DotsAndBoxes::new(3, 3).unwrap();
    let mut symmetric = Solver::new().with_knowledge(Symmetries::of(&start));
    assert_eq!(symmetric.value(&start), Ok(-3));
    let mut plain = Solver::new();
    let mut position = DotsAndBoxes::new(3, 2).unwrap();
    let mut symmetric = Solver::new().with_knowledge(Symmetries::of(&position));
    for line in [0u8, 7, 12, 3, 15, 9] {
        position.play(line).unwrap();
        let (a, b) = (
            plain.solve(&position).unwrap(),
            symmetric.solve(&position).unwrap(),
        );
        assert_eq!(
            (a.value, a.best_moves),
            (b.value, b.best_moves),
            "\n{position}"
        );
    }
    let start = DotsAndBoxes::new(2, 2).unwrap();
    let found = check::knowledge(&start, &CountOnly, &Checks::default());
    assert!(
        matches!(&found, Err(CheckError::Disagrees(d)) if matches!(d.claim, Claim::CanonicalKey(_))),
        "{found:?}"
    );
}

/// `Symmetries`' canonical keys checked in every position of six small boards against their
/// values by the definition (the bench's brute force): positions that share a key have one
/// value. The exchange of a box's edge lines is at work: past one box, there are fewer keys
/// than the board's symmetries alone could give (each key would then stand for at most their
/// number of positions), and on 3 x 2 the top-left box's top line alone and its left line
/// alone share a key, which no symmetry of a board that is not square maps onto each other.
#[test]
fn positions_that_share_a_canonical_key_have_one_value_in_small_boards() {
    use gamesolver::Knowledge;
    use std::collections::HashMap;
    for (width, height) in [(1, 1), (1, 3), (2, 2), (3, 2), (2, 3), (4, 2)] {
        let board = DotsAndBoxes::new(width, height).unwrap();
        let symmetries = Symmetries::of(&board);
        let values = every_value(&board).unwrap();
        let mut value_of_key = HashMap::new();
        for (drawn, &value) in values.iter().enumerate() {
            let position = board.with_lines(drawn as u64);
            let key = symmetries.canonical_key(&position).unwrap();
            let first = *value_of_key.entry(key).or_insert(value);
            assert_eq!(first, value, "key {key:#x}:\n{position}");
        }
        let board_symmetries = if width == height { 8 } else { 4 };
        assert!(
            width * height == 1 || value_of_key.len() * board_symmetries < values.len(),
            "{width} x {height}: {} keys",
            value_of_key.len()
        );
    }
    let board = DotsAndBoxes::new(3, 2).unwrap();
    let symmetries = Symmetries::of(&board);
    let left_of_top_left = (3 * 3) as u64; // the first vertical line
    assert_eq!(
        symmetries.canonical_key(&board.with_lines(1)),
        symmetries.canonical_key(&board.with_lines(1 << left_of_top_left))
    );
    // A position of another board keeps the game's key: the maps are this board's lines.
    let other = DotsAndBoxes::new(2, 3).unwrap().with_lines(1);
    assert_eq!(symmetries.canonical_key(&other), None);
}

/// A false rule a user might believe: a line that completes some box is always worth taking
/// at once (declining the last two boxes of a chain is how a player keeps control).
#[derive(Debug, Clone, Copy)]
struct TakeAnyBox;

impl gamesolver::Knowledge<DotsAndBoxes> for TakeAnyBox {
    fn search_moves(&self, position: &DotsAndBoxes, _threshold: i64, out: &mut Vec<u8>) {
        use gamesolver::ScoringGame;
        position.generate_moves(out);
        if let Some(&line) = out.iter().find(|&&line| position.keeps_turn(line)) {
            out.clear();
            out.push(line);
        }
    }
}

#[test]
fn free_captures_pass_the_checker_and_a_false_rule_is_found() {
    use gamesolver::check::{self, CheckError, Checks, Claim};
    for (width, height) in [(2, 2), (3, 2), (2, 3), (1, 4)] {
        let start = DotsAndBoxes::new(width, height).unwrap();
        let symmetric = TakeFreeBoxes::new(&start, Some(Symmetries::of(&start)));
        for knowledge in [TakeFreeBoxes::new(&start, None), symmetric] {
            check::knowledge(&start, &knowledge, &Checks::default()).unwrap();
        }
    }
    let start = DotsAndBoxes::new(3, 3).unwrap();
    let free = TakeFreeBoxes::new(&start, None);
    assert_eq!(Solver::new().with_knowledge(free).value(&start), Ok(-3));
    let lie = (2..=3)
        .flat_map(|width| (2..=3).map(move |height| (width, height)))
        .map(|(width, height)| {
            let start = DotsAndBoxes::new(width, height).unwrap();
            check::knowledge(&start, &TakeAnyBox, &Checks::default())
        })
        .find(Result::is_err);
    assert!(
        matches!(&lie, Some(Err(CheckError::Disagrees(d))) if matches!(d.claim, Claim::SearchMoves { .. })),
        "{lie:?}"
    );
}

/// Whether `line` of a `width` x `height` board is a side of two boxes (the numbering of
/// `DotsAndBoxes`: the horizontal lines row by row, then the vertical ones).
fn between_two_boxes(line: u8, width: usize, height: usize) -> bool {
    let (line, horizontal) = (usize::from(line), width * (height + 1));
    if line < horizontal {
        (width..horizontal - width).contains(&line)
    } else {
        let column = (line - horizontal) % (width + 1);
        column != 0 && column != width
    }
}

/// `TakeFreeBoxes`' rules checked in every position of five small boards against their values
/// by the definition (the bench's brute force, a pass over every set of lines): wherever a box
/// can be taken, one of the lines `capture_lines` names is optimal (a free capture is named
/// alone). Among those positions are free captures whose other box had at most one side drawn
/// (it is left with two or three open), and positions where the decline is the only optimal
/// line named, so that a rule without either would be caught.
#[test]
fn a_capture_line_is_optimal_in_every_position_of_small_boards() {
    let mut declines = 0;
    for (width, height) in [(1, 4), (2, 2), (3, 2), (2, 3), (4, 2)] {
        let board = DotsAndBoxes::new(width, height).unwrap();
        let values = every_value(&board).unwrap();
        let (mut free, mut free_beside_an_open_box, mut only_the_decline) = (0, 0, 0);
        for drawn in 0..values.len() as u64 {
            let position = board.with_lines(drawn);
            let Some(lines) = position.capture_lines() else {
                continue;
            };
            let value_of = |line: u8| {
                let (boxes, after) = (
                    position.completed_by(line) as i8,
                    values[(drawn | 1 << line) as usize],
                );
                if boxes > 0 { boxes + after } else { -after }
            };
            let named: Vec<u8> = (0..64).filter(|&line| lines >> line & 1 == 1).collect();
            let optimal: Vec<u8> = (named.iter().copied())
                .filter(|&line| value_of(line) == values[drawn as usize])
                .collect();
            assert!(!optimal.is_empty(), "lines {named:?} of\n{position}");
            let free_beside = |line: u8| {
                position.completed_by(line) == 1 && between_two_boxes(line, width, height)
            };
            free += usize::from(named.len() == 1);
            free_beside_an_open_box += usize::from(named.len() == 1 && free_beside(named[0]));
            only_the_decline +=
                usize::from(optimal.len() == 1 && position.completed_by(optimal[0]) == 0);
        }
        assert!(
            free_beside_an_open_box > 0 && free > free_beside_an_open_box,
            "{width} x {height}"
        );
        declines += only_the_decline;
    }
    // 672 on 3 x 2 and 2 x 3, 21,012 on 4 x 2.
    assert!(declines > 0);
}

/// The order `TakeFreeBoxes` searches in where no box can be taken: every line left once, and
/// first those that give no box its third side (read from the rules: after the line, no other
/// line completes more boxes than before it), then those that do.
#[test]
fn lines_that_hand_over_no_box_are_searched_first_and_none_is_left_out() {
    use gamesolver::Knowledge;
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for (width, height) in [(3, 3), (4, 3), (2, 5)] {
        let start = DotsAndBoxes::new(width, height).unwrap();
        let knowledge = TakeFreeBoxes::new(&start, None);
        let mut position = start.clone();
        while !position.is_over() {
            let mut order = Vec::new();
            knowledge.search_moves(&position, 0, &mut order);
            if position.capture_lines().is_none() {
                let mut sorted = order.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, position.legal_moves(), "\n{position}");
                let gives = |line: u8| {
                    let mut after = position.clone();
                    after.play_unchecked(line);
                    after
                        .legal_moves()
                        .into_iter()
                        .any(|m| after.completed_by(m) > position.completed_by(m))
                };
                let first_giving = order.iter().position(|&l| gives(l)).unwrap_or(order.len());
                assert!(
                    order[first_giving..].iter().all(|&l| gives(l)),
                    "\n{position}"
                );
            }
            let moves = position.legal_moves();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            position.play_unchecked(moves[(seed % moves.len() as u64) as usize]);
        }
    }
}

#[test]
fn the_numbering_by_lines_passes_the_tier_check() {
    for (width, height, indices) in [(2, 2, u64::MAX), (3, 2, u64::MAX), (3, 3, 2_000)] {
        let board = DotsAndBoxes::new(width, height).unwrap();
        let checks = Checks::default().with_indices(indices);
        assert_eq!(check::tiers(&ByLines::new(&board), &checks), Ok(()));
    }
}

#[test]
fn values_by_tiers_are_the_brute_force_on_every_set_of_lines() {
    for (width, height, threads) in [
        (1, 1, 1),
        (2, 1, 2),
        (2, 2, 1),
        (3, 2, 2),
        (2, 3, 1),
        (3, 3, 2),
    ] {
        let board = DotsAndBoxes::new(width, height).unwrap();
        let tiers = ByLines::new(&board);
        let table = Retrograde::new()
            .with_threads(threads)
            .solve_scores(&tiers)
            .unwrap();
        let truth = every_value(&board).unwrap();
        for (drawn, &value) in truth.iter().enumerate() {
            let position = board.with_lines(drawn as u64);
            assert_eq!(
                table.value(&tiers, &position),
                Some(i64::from(value)),
                "{width} x {height}, lines {drawn:b}"
            );
        }
    }
}

/// Keeping the start alone, a solve holds two neighbouring tiers at most: 3 x 3 boxes (24
/// lines), C(24, 12) + C(24, 13) bytes, and refuses a byte less before it starts.
#[test]
fn keeping_the_start_holds_two_tiers() {
    let board = DotsAndBoxes::new(3, 3).unwrap();
    let tiers = ByLines::new(&board);
    let two_tiers = tiers.tier_len(12) + tiers.tier_len(13);
    assert_eq!(two_tiers, 2_704_156 + 2_496_144);
    let solve = |bytes: u64| {
        Retrograde::new()
            .with_max_bytes(bytes as usize)
            .solve_scores_keeping(&tiers, |tier| tier == 0)
    };
    assert_eq!(
        solve(two_tiers - 1),
        Err(RetroError::TiersTooLarge {
            bytes: two_tiers,
            max_bytes: two_tiers as usize - 1
        })
    );
    let table = solve(two_tiers).unwrap();
    assert_eq!(table.value(&tiers, &board), Some(-3));
    assert!(table.holds(0) && !table.holds(1));
    // A board of another size has no place in the tiers, and no value in the table.
    let larger = DotsAndBoxes::new(5, 5).unwrap().with_lines(u64::MAX);
    assert!(tiers.place(&larger).tier >= tiers.tier_count());
    assert_eq!(table.value(&tiers, &larger), None);
}
