//! Connect 4, written on the public API as a user would ([`gamesolver::games::connect4`]): every
//! score of the reference sets (Pascal Pons' solver, in `tests/data/connect4/`) found with the
//! rules and the bounds any player sees, and with Pons' hints; both checked by
//! `check::knowledge` against plain negamax; several threads agree with one; the one-word
//! key tells every board of the first plies apart.

use gamesolver::CheckedPlay;
use gamesolver::games::connect4::{Connect4, StonesLeft, Threats};
use gamesolver::{Knowledge, SearchConfig, Solver, check};

/// The positions of a reference set: moves and score.
fn set(name: &str) -> Vec<(String, i64)> {
    let path = format!(
        "{}/tests/data/connect4/{name}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("the reference set");
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            (fields[0].to_owned(), fields[1].parse().expect("a score"))
        })
        .collect()
}

fn solver<K: Knowledge<Connect4>>(knowledge: K, threads: usize) -> Solver<Connect4, K> {
    let config = SearchConfig::default()
        .with_table_bytes(16 << 20)
        .with_threads(threads);
    Solver::with_config(config).with_knowledge(knowledge)
}

fn assert_scores<K: Knowledge<Connect4>>(name: &str, knowledge: K, threads: usize) {
    let mut solver = solver(knowledge, threads);
    for (moves, score) in set(name) {
        let position = Connect4::from_moves(&moves).unwrap();
        solver.clear();
        assert_eq!(solver.value(&position), Ok(score), "{name}: {moves}");
    }
}

#[test]
fn every_reference_score_with_the_rules_and_bounds() {
    for name in ["L3_R1", "L2_R1", "L2_R2", "L1_R1"] {
        assert_scores(name, StonesLeft, 1);
    }
}

#[test]
fn every_reference_score_with_hints() {
    for name in ["L3_R1", "L2_R1", "L2_R2", "L1_R1", "L1_R2", "L1_R3"] {
        assert_scores(name, Threats, 1);
    }
}

#[test]
fn two_threads_find_the_same_scores() {
    assert_scores("L2_R1", StonesLeft, 2);
    assert_scores("L1_R1", Threats, 2);
}

#[test]
fn optimal_moves_agree_with_and_without_hints() {
    for (moves, score) in set("L2_R1").into_iter().take(8) {
        let position = Connect4::from_moves(&moves).unwrap();
        let plain = solver(StonesLeft, 1).solve(&position).unwrap();
        let hinted = solver(Threats, 1).solve(&position).unwrap();
        assert_eq!(plain.value, score, "{moves}");
        assert_eq!(
            (hinted.value, &hinted.best_moves),
            (score, &plain.best_moves),
            "{moves}"
        );
    }
}

#[test]
fn both_knowledges_pass_the_checker_near_the_end() {
    // Positions a plain negamax solves in milliseconds: 30 stones and more.
    let checks = check::Checks::default().with_games(4);
    for (moves, _) in set("L3_R1").into_iter().take(6) {
        let position = Connect4::from_moves(&moves).unwrap();
        check::knowledge(&position, &StonesLeft, &checks).unwrap();
        check::knowledge(&position, &Threats, &checks).unwrap();
    }
}

/// Where every move lets the opponent win with its next stone, the hints value the position
/// exactly, as the rules alone do: here the opponent threatens both ends of three in a row.
#[test]
fn a_position_every_move_loses_is_valued_exactly_by_the_hints() {
    let position = Connect4::from_moves("627364").unwrap();
    assert_eq!(Threats.facts(&position).bounds, Some(-18..=-18));
    assert_eq!(Solver::new().value(&position).unwrap(), -18);
}

#[test]
fn bad_moves_are_refused_and_change_nothing() {
    assert!(Connect4::from_moves("8").is_err());
    assert!(Connect4::from_moves("1111111").is_err()); // a column holds six
    // A move after a four: the game is over.
    assert!(Connect4::from_moves("12121212").is_err());
    let won = Connect4::from_moves("121212").unwrap();
    let mut after = won;
    use gamesolver::Game;
    after.play(0).unwrap(); // four in column 1
    assert!(after.is_over());
    assert!(after.clone().play(1).is_err());
    let before = after;
    assert!(after.play(3).is_err());
    assert_eq!(after, before);
}

#[test]
fn positions_written_as_text_read_back_the_same_and_bad_text_is_refused() {
    use gamesolver::games::connect4::TextError;
    use gamesolver::{Game, PositionText};
    for (moves, _) in set("L2_R1").into_iter().chain(set("L3_R1")) {
        let mut position = Connect4::default();
        // Every position along the game, the start and the last included.
        for (at, c) in moves.chars().enumerate() {
            let text = position.write_text();
            assert_eq!(
                Connect4::read_text(&text),
                Ok(position),
                "{moves} at {at}: {text}"
            );
            let column = c.to_digit(10).unwrap() as u8 - 1;
            position.play(column).unwrap();
        }
    }
    // Four in column 1 for the side that just moved: read back as over.
    let won = Connect4::from_moves("1212121").unwrap();
    let read = Connect4::read_text(&won.write_text()).unwrap();
    assert!(read.is_over() && read == won);
    let refused = [
        ("x/o/x/o/x/o", TextError::Columns(6)),
        (
            "xxxxxxo//////",
            TextError::Column {
                column: 1,
                text: "xxxxxxo".into(),
            },
        ),
        (
            "//a////",
            TextError::Column {
                column: 3,
                text: "a".into(),
            },
        ),
        (
            "x//////",
            TextError::Counts {
                to_move: 1,
                other: 0,
            },
        ),
        ("xxxx/ooo/o////", TextError::MoverWon),
    ];
    for (text, error) in refused {
        assert_eq!(Connect4::read_text(text), Err(error), "{text}");
    }
}

#[test]
fn scores_through_the_job_files_of_a_split_solve_are_the_reference_ones() {
    use gamesolver::jobs::{ClaimSolve, Merged};
    let dir = std::env::temp_dir().join(format!("gamesolver-c4-jobs-{}", std::process::id()));
    for (moves, score) in set("L2_R1")
        .into_iter()
        .take(4)
        .chain(set("L3_R1").into_iter().take(2))
    {
        let _ = std::fs::remove_dir_all(&dir);
        let position = Connect4::from_moves(&moves).unwrap();
        // Each merge and job rebuilt from the files, as a process of a scheduler would.
        let split = || {
            ClaimSolve::new(position, Threats)
                .with_solver(|| solver(Threats, 1))
                .with_jobs_per_round(8)
        };
        let value = loop {
            let merged = split().merge_dir(&dir).unwrap();
            assert_eq!(
                split().merge_dir(&dir).unwrap(),
                merged,
                "{moves}: a merge run twice"
            );
            match merged {
                Merged::Solved { value, .. } => break value,
                Merged::Missing(jobs) | Merged::Next(jobs) => {
                    for job in &jobs {
                        split().run_job_file(job).unwrap();
                    }
                }
            }
        };
        assert_eq!(value, score, "{moves}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The other planner on the same files: the principal line split two moves deep, each
/// batch of jobs by one solver, gives the reference score and the solver's optimal moves.
#[test]
fn a_line_split_solve_gives_the_reference_score_and_every_optimal_move() {
    use gamesolver::jobs::{LineSolve, Merged, RunOptions, pending_jobs, run_job_files};
    let dir = std::env::temp_dir().join(format!("gamesolver-c4-line-{}", std::process::id()));
    for (moves, score) in set("L3_R1").into_iter().take(3) {
        let _ = std::fs::remove_dir_all(&dir);
        let position = Connect4::from_moves(&moves).unwrap();
        let split = LineSolve::new(position).with_split(2);
        split.plan_dir(&dir).unwrap();
        let (value, best) = loop {
            let mut batch = solver(Threats, 1);
            run_job_files(
                &pending_jobs(&dir).unwrap(),
                &mut batch,
                &RunOptions::default(),
                |_| {},
            )
            .unwrap();
            if let Merged::Solved { value, best, .. } = split.merge_dir(&dir).unwrap() {
                break (value, best.expect("every optimal move"));
            }
        };
        let mut expected = solver(Threats, 1).solve(&position).unwrap().best_moves;
        let mut best = best;
        expected.sort_unstable();
        best.sort_unstable();
        assert_eq!((value, best), (score, expected), "{moves}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn positions_share_a_key_only_when_their_stones_are_the_same() {
    use gamesolver::{Game, PositionText};
    use std::collections::HashMap;
    // Every position of up to 7 stones, by every order of moves, written as text (each
    // column's stones from the bottom): one board for each key (the key's proof is in
    // `Connect4::key`).
    let mut boards: HashMap<u64, String> = HashMap::new();
    let mut level = vec![Connect4::from_moves("").unwrap()];
    for stones in 0..=7 {
        let mut next = Vec::new();
        for position in &level {
            let board = position.write_text();
            let known = boards
                .entry(position.key())
                .or_insert_with(|| board.clone());
            assert_eq!(*known, board, "two boards share key {:#x}", position.key());
            if stones < 7 {
                let mut moves = Vec::new();
                position.generate_moves(&mut moves);
                next.extend(moves.into_iter().map(|col| position.after(col)));
            }
        }
        level = next;
    }
    // Legal positions after 0 to 7 plies, by OEIS A212693 (Tromp; Edelkamp and Kissmann):
    // 1 + 7 + 49 + 238 + 1120 + 4263 + 16422 + 54859.
    assert_eq!(boards.len(), 76_959);
}
