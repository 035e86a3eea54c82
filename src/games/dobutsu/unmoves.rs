//! Dobutsu shogi's un-moves: the positions from which one legal move leads to a given one,
//! for the retrograde solver's backward pass.
//!
//! The side that just moved is the other side (its pieces move down the board as the side
//! to move sees it). Its piece on a square got there by a drop (a chick, an elephant or a
//! giraffe: a hen is never dropped), or by a step from an empty square, taking nothing or
//! one of the side to move's pieces that is now in its hand (a chick in the hand may have
//! been a chick or a hen). A hen on the far row may have been a chick one step back; a chick
//! on the far row was dropped there. Lions are never taken: a move that takes one ends the
//! game, so no position after it is in the index.

use super::{
    Dobutsu, FAR_ROW, HAND_KINDS, HOME_ROW, Kind, REACH, SQUARES, THEIRS, cell, each, kind_of,
};

/// `FROM_THEIRS[kind][square]`: the squares from which the other side's piece of `kind`
/// reaches `square` (its moves are the side to move's, the board turned half round).
const FROM_THEIRS: [[u16; SQUARES]; 5] = {
    let mut table = [[0u16; SQUARES]; 5];
    let mut kind = 0;
    while kind < 5 {
        let mut to = 0;
        while to < SQUARES {
            let mut from = 0;
            while from < SQUARES {
                if REACH[kind][SQUARES - 1 - from] >> (SQUARES - 1 - to) & 1 == 1 {
                    table[kind][to] |= 1 << from;
                }
                from += 1;
            }
            to += 1;
        }
        kind += 1;
    }
    table
};

/// Gives `emit` every position from which a legal move leads to `position`, once a move, leaving
/// out some where the game had ended (the solver skips those anyway): with the side to
/// move's lion on the far row every position before had ended (the other side could take
/// it or had lost to the try), and with the other side's lion on the home row every
/// position before where that lion stood there already had (its try stood).
#[inline]
pub(super) fn predecessors(position: &Dobutsu, mut emit: impl FnMut(Dobutsu)) {
    let lion = |mine| position.squares_of(Kind::Lion, mine);
    if lion(true) & FAR_ROW != 0 {
        return;
    }
    let only_lion = lion(false) & HOME_ROW != 0;
    let empty = (0..SQUARES)
        .filter(|&s| position.cells[s] == 0)
        .fold(0u16, |set, s| set | 1 << s);
    let mut push = |mut parent: Dobutsu| {
        parent.turn_round();
        emit(parent);
    };
    for (to, &code) in position.cells.iter().enumerate() {
        if code & THEIRS == 0 {
            continue;
        }
        let kind = kind_of(code);
        if only_lion && kind != Kind::Lion {
            continue;
        }
        if HAND_KINDS.contains(&kind) {
            let mut parent = *position;
            parent.cells[to] = 0;
            parent.hands[1][kind as usize] += 1;
            push(parent);
        }
        let on_far_row = HOME_ROW >> to & 1 == 1;
        let sources = match kind {
            Kind::Hen if on_far_row => [(Kind::Hen, true), (Kind::Chick, true)],
            Kind::Chick if on_far_row => [(Kind::Chick, false), (Kind::Chick, false)],
            _ => [(kind, true), (kind, false)],
        };
        for (source, _) in sources.into_iter().filter(|&(_, stepped)| stepped) {
            for from in each(FROM_THEIRS[source as usize][to] & empty) {
                let mut parent = *position;
                parent.cells[from] = cell(source, false);
                parent.cells[to] = 0;
                push(parent);
                takings(&parent, to, &mut push);
            }
        }
    }
}

/// Each way `parent` (a step to `to` just undone) may instead have taken a piece on `to`: one
/// of each kind now in the other side's hand, a chick as a chick or a hen.
#[inline]
fn takings(parent: &Dobutsu, to: usize, mut push: impl FnMut(Dobutsu)) {
    for kind in HAND_KINDS {
        if parent.hands[1][kind as usize] == 0 {
            continue;
        }
        let was = if kind == Kind::Chick {
            &[Kind::Chick, Kind::Hen][..]
        } else {
            &[kind][..]
        };
        for &taken in was {
            let mut before = *parent;
            before.cells[to] = cell(taken, true);
            before.hands[1][kind as usize] -= 1;
            push(before);
        }
    }
}
