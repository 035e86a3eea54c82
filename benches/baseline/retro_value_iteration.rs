//! The naive baseline of the retrograde bench: value iteration as a user writes it by hand
//! over a numbering, rounds over every index until nothing changes, each position's moves
//! looked at again every round. Returns the number of wins, draws and losses.

use gamesolver::{Game, Numbering, Verdict, WinLossGame};

pub fn value_iteration<N: Numbering>(numbering: &N) -> (u64, u64, u64) {
    let n = numbering.index_count() as usize;
    // None: undecided; Some((win, plies)).
    let mut values: Vec<Option<(bool, u32)>> = vec![None; n];
    let mut drawn = vec![false; n];
    for (i, value) in values.iter_mut().enumerate() {
        let position = numbering.position_at(i as u64).expect("a dense index");
        match position.ending() {
            Some(Verdict::Win) => *value = Some((true, 0)),
            Some(Verdict::Loss) => *value = Some((false, 0)),
            Some(Verdict::Draw) => drawn[i] = true,
            None if position.is_over() => *value = Some((false, 0)),
            None => {}
        }
    }
    for round in 1.. {
        let before = values.clone();
        let mut changed = false;
        for i in 0..n {
            if before[i].is_some() || drawn[i] {
                continue;
            }
            let position = numbering.position_at(i as u64).expect("a dense index");
            let children: Vec<Option<(bool, u32)>> = position
                .legal_moves()
                .into_iter()
                .map(|mv| before[numbering.index(&position.after(mv)) as usize])
                .collect();
            if children.contains(&Some((false, round - 1))) {
                values[i] = Some((true, round));
                changed = true;
            } else if children.iter().all(|c| matches!(c, Some((true, _))))
                && children.contains(&Some((true, round - 1)))
            {
                values[i] = Some((false, round));
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let wins = values
        .iter()
        .filter(|v| matches!(v, Some((true, _))))
        .count() as u64;
    let losses = values
        .iter()
        .filter(|v| matches!(v, Some((false, _))))
        .count() as u64;
    (wins, n as u64 - wins - losses, losses)
}
