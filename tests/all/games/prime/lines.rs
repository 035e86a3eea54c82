//! The exact values published for large boards (BENCHMARKS.md), each with the principal line
//! the solve printed (`tests/data/prime/lines.txt`): every line is legal under the rules,
//! empties the board, starts with the published best move and ends with exactly the
//! published value. A check of the record that needs no search: a value whose line does not
//! add up is wrong.

use gamesolver::CheckedPlay;
use gamesolver::{Game, ScoringGame};

use gamesolver::games::prime::WidePrimeGame;

/// Each record of the file: n, value, best move, principal line.
fn records() -> Vec<(u32, i64, u32, Vec<u32>)> {
    let text = include_str!("../../../data/prime/lines.txt");
    let mut lines = text.lines().filter(|line| !line.starts_with('#'));
    let mut records = Vec::new();
    while let Some(head) = lines.next() {
        let field = |name: &str| {
            head.split_whitespace()
                .find_map(|kv| kv.strip_prefix(name)?.strip_prefix('='))
                .unwrap_or_else(|| panic!("{name} missing: {head}"))
        };
        let pv = lines.next().and_then(|line| line.strip_prefix("pv="));
        let pv = pv.unwrap_or_else(|| panic!("no line after {head}"));
        records.push((
            field("n").parse().unwrap(),
            field("value").parse().unwrap(),
            field("best").parse().unwrap(),
            pv.split(',').map(|x| x.parse().unwrap()).collect(),
        ));
    }
    records
}

#[test]
fn every_published_line_adds_up_to_its_value() {
    let records = records();
    assert!(records.len() >= 27, "{} records", records.len());
    for (n, value, best, line) in records {
        let mut game = WidePrimeGame::new(n).unwrap();
        assert_eq!(line.first(), Some(&best), "n = {n}");
        let mut margin = 0;
        for (ply, &x) in line.iter().enumerate() {
            let points = game.points(x);
            let sign = if ply % 2 == 0 { 1 } else { -1 };
            margin += sign * points.margin();
            game.play(x)
                .unwrap_or_else(|e| panic!("n = {n}, ply {ply}: {e}"));
        }
        assert!(game.is_over(), "n = {n}: {game} left");
        assert_eq!(margin, value, "n = {n}");
    }
}
