//! Dobutsu shogi ([`gamesolver::games::dobutsu`]): its numbering against Tanaka's
//! count of positions, its moves against a second, plain reading of the rules, its un-moves
//! against its moves, and the indexed path against the forward path and against value
//! iteration (with the ends read plainly from the rules) on games with fewer pieces.
//!
//! Tanaka, T. (2009), "An analysis of a board game 'Doubutsu Shogi'", IPSJ SIG Technical
//! Report 2009-GI-22: 1,567,925,964 positions (both lions on the board, the side to move's
//! view), 246,803,167 reachable from the start, which the side to move loses in 78 plies.
//! The full solve takes minutes; `cargo run --release --example dobutsu` runs it, and
//! BENCHMARKS.md gives its figures.

use gamesolver::check::{self, Checks};
use gamesolver::games::dobutsu::{ByLions, Dobutsu, HAND_KINDS, Kind, Move, Pieces, UpToMirror};
use gamesolver::retrograde::{Counts, RetroValue, Retrograde};
use gamesolver::{Game, Numbering, Verdict, WinLossGame};
use std::collections::HashSet;

/// Sets of pieces small enough to solve here, by both paths and by value iteration.
const SMALL: [Pieces; 4] = [
    Pieces([0, 0, 0]),
    Pieces([1, 0, 0]),
    Pieces([2, 0, 1]),
    Pieces([0, 2, 1]),
];

/// Positions met in random play from the start of `pieces`' game, `games` games.
fn played(pieces: Pieces, games: usize, seed: u64) -> Vec<Dobutsu> {
    let mut random = fastrand::Rng::with_seed(seed);
    let mut seen = Vec::new();
    for _ in 0..games {
        let mut position = Dobutsu::start(pieces);
        for _ in 0..60 {
            seen.push(position);
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            position.play_unchecked(moves[random.usize(..moves.len())]);
        }
    }
    seen
}

#[test]
fn the_full_game_has_tanakas_count_of_positions() {
    assert_eq!(ByLions::default().index_count(), 1_567_925_964);
}

#[test]
fn every_index_reads_back_and_every_position_played_has_its_index() {
    let whole = ByLions::default();
    let mut random = fastrand::Rng::with_seed(7);
    for _ in 0..200_000 {
        let index = random.u64(..whole.index_count());
        let position = whole
            .position_at(index)
            .expect("every index names a position");
        assert_eq!(whole.index(&position), index, "{position}");
    }
    for position in played(Pieces::FULL, 200, 3) {
        let back = whole.position_at(whole.index(&position)).unwrap();
        assert_eq!(back, position, "{position}");
    }
    for pieces in SMALL {
        let whole = ByLions::new(pieces);
        for index in 0..whole.index_count() {
            assert_eq!(whole.index(&whole.position_at(index).unwrap()), index);
        }
    }
}

/// The moves of a position by a plain reading of the rules: each piece's steps written out
/// by direction, as (from, to) squares or drops, each played by hand.
fn plain_children(position: &Dobutsu) -> Vec<(Option<usize>, usize, String)> {
    let steps = |kind: Kind| -> Vec<(i32, i32)> {
        let all: Vec<(i32, i32)> = (-1..=1)
            .flat_map(|r| (-1..=1).map(move |c| (r, c)))
            .filter(|&d| d != (0, 0))
            .collect();
        all.into_iter()
            .filter(|&(r, c)| match kind {
                Kind::Lion => true,
                Kind::Chick => (r, c) == (1, 0),
                Kind::Elephant => r != 0 && c != 0,
                Kind::Giraffe => r == 0 || c == 0,
                Kind::Hen => r == 1 || c == 0 || r == 0,
            })
            .collect()
    };
    let mut out = Vec::new();
    for from in 0..12 {
        let Some(piece) = position.piece(from).filter(|piece| piece.mine) else {
            continue;
        };
        for (r, c) in steps(piece.kind) {
            let (row, column) = (from as i32 / 3 + r, from as i32 % 3 + c);
            if !(0..4).contains(&row) || !(0..3).contains(&column) {
                continue;
            }
            let to = (row * 3 + column) as usize;
            if position.piece(to).is_some_and(|p| p.mine) {
                continue;
            }
            out.push((Some(from), to, String::new()));
        }
    }
    for (k, kind) in HAND_KINDS.into_iter().enumerate() {
        if position.hand(true)[k] > 0 {
            for to in (0..12).filter(|&to| position.piece(to).is_none()) {
                out.push((None, to, format!("{kind:?}")));
            }
        }
    }
    out
}

#[test]
fn the_moves_are_those_of_a_plain_reading_of_the_rules() {
    for position in played(Pieces::FULL, 300, 11) {
        let moves: HashSet<(Option<usize>, usize, String)> = position
            .legal_moves()
            .iter()
            .map(|&mv: &Move| {
                let (from, to) = mv.squares();
                (
                    from,
                    to,
                    mv.dropped().map_or(String::new(), |k| format!("{k:?}")),
                )
            })
            .collect();
        let plain: HashSet<_> = if position.ending().is_some() {
            HashSet::new()
        } else {
            plain_children(&position).into_iter().collect()
        };
        assert_eq!(moves, plain, "{position}");
    }
}

/// The first move of positions from random play that `wanted` picks, with its position.
fn first_move_where(wanted: impl Fn(&Dobutsu, Move) -> bool) -> (Dobutsu, Move) {
    played(Pieces::FULL, 2000, 5)
        .into_iter()
        .find_map(|p| {
            let mv = p.legal_moves().into_iter().find(|&mv| wanted(&p, mv))?;
            Some((p, mv))
        })
        .expect("random play finds one")
}

#[test]
fn a_step_to_the_far_row_makes_a_hen_and_a_taken_hen_is_a_chick_in_hand() {
    let whole = ByLions::default();
    let (position, mv) = first_move_where(|p, mv| {
        let (from, to) = mv.squares();
        from.is_some_and(|f| p.piece(f).unwrap().kind == Kind::Chick) && to >= 9
    });
    let after = position.after(mv);
    // Seen from the other side, the square is turned half round.
    let hen = after.piece(11 - mv.squares().1).unwrap();
    assert_eq!((hen.kind, hen.mine), (Kind::Hen, false));
    assert_eq!(whole.position_at(whole.index(&after)).unwrap(), after);

    let (position, mv) = first_move_where(|p, mv| {
        p.piece(mv.squares().1)
            .is_some_and(|piece| piece.kind == Kind::Hen)
    });
    let chicks = position.hand(true)[Kind::Chick as usize];
    let after = position.after(mv);
    assert_eq!(
        after.hand(false)[Kind::Chick as usize],
        chicks + 1,
        "{position}"
    );
    assert_eq!(whole.position_at(whole.index(&after)).unwrap(), after);
}

#[test]
fn the_un_moves_are_the_moves_backwards() {
    check::unmoves(&ByLions::default(), &Checks::default()).unwrap();
    for pieces in SMALL {
        check::unmoves(&ByLions::new(pieces), &Checks::default()).unwrap();
    }
}

/// Where the game ends by a plain reading of the rules, and in how many plies: a lion of
/// the side to move that the other side left on the far row has made its try; a lion that
/// one of the side to move's steps reaches is taken with that step; the other side's lion on
/// the home row that no step reaches has made its try.
fn plain_end(position: &Dobutsu) -> Option<(Verdict, u16)> {
    let lion = |mine| {
        (0..12)
            .find(|&s| {
                position
                    .piece(s)
                    .is_some_and(|p| p.kind == Kind::Lion && p.mine == mine)
            })
            .unwrap()
    };
    let (mine, theirs) = (lion(true), lion(false));
    let takes = plain_children(position)
        .iter()
        .any(|&(from, to, _)| from.is_some() && to == theirs);
    if mine >= 9 {
        Some((Verdict::Win, 0))
    } else if takes {
        Some((Verdict::Win, 1))
    } else if theirs < 3 {
        Some((Verdict::Loss, 0))
    } else {
        None
    }
}

/// Every index's value by rounds of plies over every index until nothing changes (the
/// naive value iteration), with the rules' ends and their plies.
fn value_iteration(whole: &ByLions) -> Vec<RetroValue> {
    let n = whole.index_count() as usize;
    let positions: Vec<Dobutsu> = (0..n as u64)
        .map(|i| whole.position_at(i).unwrap())
        .collect();
    let children: Vec<Vec<usize>> = positions
        .iter()
        .map(|p| {
            p.legal_moves()
                .iter()
                .map(|&mv| whole.index(&p.after(mv)) as usize)
                .collect()
        })
        .collect();
    let mut value: Vec<Option<RetroValue>> = positions
        .iter()
        .map(|p| {
            let stuck = p.legal_moves().is_empty().then_some((Verdict::Loss, 0));
            plain_end(p)
                .or(stuck)
                .map(|(verdict, plies)| RetroValue { verdict, plies })
        })
        .collect();
    for round in 1u16.. {
        let before = value.clone();
        let is = |c: usize, verdict, plies| before[c] == Some(RetroValue { verdict, plies });
        for p in (0..n).filter(|&p| before[p].is_none()) {
            let moves = &children[p];
            let verdict = if moves.iter().any(|&c| is(c, Verdict::Loss, round - 1)) {
                Verdict::Win
            } else if moves
                .iter()
                .all(|&c| before[c].is_some_and(|v| v.verdict == Verdict::Win && v.plies < round))
                && moves.iter().any(|&c| is(c, Verdict::Win, round - 1))
            {
                Verdict::Loss
            } else {
                continue;
            };
            value[p] = Some(RetroValue {
                verdict,
                plies: round,
            });
        }
        if value == before && round > 1 {
            break;
        }
    }
    let draw = RetroValue {
        verdict: Verdict::Draw,
        plies: 0,
    };
    value.into_iter().map(|v| v.unwrap_or(draw)).collect()
}

#[test]
fn both_paths_and_value_iteration_agree_on_small_games() {
    for pieces in SMALL {
        let (start, whole) = (Dobutsu::start(pieces), ByLions::new(pieces));
        let truth = value_iteration(&whole);
        let indexed = Retrograde::new().solve_indexed(&whole).unwrap();
        for (index, value) in truth.iter().enumerate() {
            assert_eq!(
                indexed.value_at(index as u64),
                Some(*value),
                "{pieces:?} {index}"
            );
        }
        let forward = Retrograde::new().solve(&start).unwrap();
        assert!(forward.len() > 1, "{pieces:?}");
        // What play can meet: the forward path's positions, with its verdicts.
        let reached = Retrograde::new().reach(&whole, &start).unwrap();
        assert_eq!(reached.len(), forward.len(), "{pieces:?}");
        assert_eq!(indexed.counts_in(&reached), forward.counts(), "{pieces:?}");
        assert!(reached.contains(whole.index(&start)));
        for position in played(pieces, 50, 9) {
            let truth = truth[whole.index(&position) as usize];
            assert_eq!(
                forward.value(&position),
                Some(truth),
                "{pieces:?}\n{position}"
            );
        }
    }
}

#[test]
fn up_to_the_mirror_a_position_and_its_image_share_an_index_and_indices_read_back() {
    let mirror = UpToMirror::default();
    // 72 of the 132 placings of the lions: 60 pairs of images and 12 their own.
    assert_eq!(mirror.index_count(), 1_567_925_964 / 132 * 72);
    for position in played(Pieces::FULL, 200, 5) {
        let index = mirror.index(&position);
        assert_eq!(mirror.index(&position.mirrored()), index, "{position}");
        let back = mirror
            .position_at(index)
            .expect("a class names its canonical position");
        assert!(
            [position, position.mirrored()].contains(&back),
            "{position}"
        );
    }
    for pieces in SMALL {
        let (whole, mirror) = (ByLions::new(pieces), UpToMirror::new(pieces));
        let classes: HashSet<u64> = (0..whole.index_count())
            .map(|index| mirror.index(&whole.position_at(index).unwrap()))
            .collect();
        // Every class is one index that names a position, and every such index a class.
        let named = (0..mirror.index_count()).filter(|&i| mirror.position_at(i).is_some());
        assert_eq!(named.collect::<HashSet<u64>>(), classes, "{pieces:?}");
    }
}

#[test]
fn up_to_the_mirror_the_un_moves_list_each_parent_class_once_a_move_into_the_class() {
    let checks = Checks::default().with_indices(300_000);
    check::unmoves(&UpToMirror::default(), &checks).unwrap();
    for pieces in SMALL {
        check::unmoves(&UpToMirror::new(pieces), &Checks::default()).unwrap();
    }
}

#[test]
fn up_to_the_mirror_each_class_has_the_value_of_its_positions_solved_whole() {
    for pieces in SMALL.into_iter().chain([Pieces([1, 1, 1])]) {
        let (whole, mirror) = (ByLions::new(pieces), UpToMirror::new(pieces));
        let every = Retrograde::new().solve_indexed(&whole).unwrap();
        let classes = Retrograde::new()
            .with_threads(2)
            .solve_indexed(&mirror)
            .unwrap();
        for (index, value) in every.iter() {
            let position = whole.position_at(index).unwrap();
            assert_eq!(
                classes.value(&mirror, &position),
                Some(value),
                "{pieces:?}\n{position}"
            );
        }
        // Each class weighed by its positions counts the positions.
        let weighed: Counts = classes
            .iter()
            .flat_map(|(index, value)| {
                let class = mirror.position_at(index).unwrap();
                std::iter::repeat_n(value.verdict, mirror.class_size(&class) as usize)
            })
            .collect();
        assert_eq!(weighed, every.counts(), "{pieces:?}");
        // What play meets, up to the mirror: the classes of the positions the start reaches.
        let start = Dobutsu::start(pieces);
        let reached = Retrograde::new().reach(&whole, &start).unwrap();
        let reached_classes: HashSet<u64> = (0..whole.index_count())
            .filter(|&index| reached.contains(index))
            .map(|index| mirror.index(&whole.position_at(index).unwrap()))
            .collect();
        let reach = Retrograde::new().reach(&mirror, &start).unwrap();
        assert_eq!(reach.len(), reached_classes.len(), "{pieces:?}");
        assert!(reached_classes.iter().all(|&index| reach.contains(index)));
    }
}

#[test]
fn up_to_the_mirror_each_index_stands_for_the_positions_of_its_class() {
    for pieces in SMALL {
        let mirror = UpToMirror::new(pieces);
        for index in 0..mirror.index_count() + 3 {
            let read = mirror
                .position_at(index)
                .map_or(0, |class| mirror.class_size(&class));
            assert_eq!(mirror.positions_at(index), read, "{pieces:?} {index}");
        }
        let whole = ByLions::new(pieces).index_count();
        let counted: u64 = (0..mirror.index_count())
            .map(|i| mirror.positions_at(i))
            .sum();
        assert_eq!(counted, whole, "{pieces:?}");
    }
}
