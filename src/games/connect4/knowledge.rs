//! What a search may exploit in Connect 4 beyond the rules: the bounds the stones left give
//! ([`StonesLeft`], sound) and Pons' hints ([`Threats`], sound bounds and a move order).

use super::{CELLS, CENTER_FIRST, Connect4, WIDTH, winning_cells};
use crate::{Facts, Knowledge};

/// The bounds that follow from the stones left: at best a win with the next stone, at worst
/// a loss to the opponent's next. Sound: no stone scores more than its win.
#[derive(Debug, Clone, Copy, Default)]
pub struct StonesLeft;

impl StonesLeft {
    /// The table the example and its bench search with these bounds: 4 MiB. A node costs
    /// little beside a probe that misses the caches, so a table the caches come near to
    /// holding pays, up to where the search needs more room (BENCHMARKS.md).
    pub const TABLE_BYTES: usize = 4 << 20;
}

#[inline]
fn stones_left_bounds(position: &Connect4) -> std::ops::RangeInclusive<i64> {
    let left = i64::from(CELLS - position.moves);
    -(left / 2)..=(left + 1) / 2
}

impl Knowledge<Connect4> for StonesLeft {
    #[inline]
    fn facts(&self, position: &Connect4) -> Facts<u8> {
        let bounds = if position.over || position.moves == CELLS {
            0..=0
        } else {
            stones_left_bounds(position)
        };
        Facts {
            bounds: Some(bounds),
            best_move: None,
        }
    }
}

/// Pons' hints, each proven below: a win now is played at once; a move that lets the opponent
/// win at once is left out (it loses with the opponent's next stone, the worst loss there is)
/// unless every move does, and then that loss is the position's exact value; the others go
/// first by the threats they make.
#[derive(Debug, Clone, Copy, Default)]
pub struct Threats;

impl Threats {
    /// The table the example and its bench search with the hints: 1 MiB, which the caches
    /// hold. The hints search a tenth of the nodes the bounds alone do, or fewer, and need
    /// less room (BENCHMARKS.md).
    pub const TABLE_BYTES: usize = 1 << 20;
}

/// The cells where a stone does not let the opponent win at once: the one forced block if the
/// opponent has a cell to win on now (none if it has two), and never a cell under one of its
/// winning cells.
#[inline]
fn non_losing(position: &Connect4) -> u64 {
    let threats = position.their_wins & !position.mask;
    let mut safe = position.playable();
    let forced = safe & threats;
    if forced != 0 {
        if forced.count_ones() > 1 {
            return 0;
        }
        safe = forced;
    }
    safe & !(threats >> 1)
}

impl Knowledge<Connect4> for Threats {
    #[inline]
    fn facts(&self, position: &Connect4) -> Facts<u8> {
        if position.over || position.moves == CELLS {
            return Facts::exactly(0);
        }
        if let Some(col) = position.winning_column() {
            // The best a move can score, and it ends the game.
            let win = i64::from((CELLS + 1 - position.moves) / 2);
            return Facts {
                bounds: Some(win..=win),
                best_move: Some(col),
            };
        }
        // No win now: the next own stone comes two plies on. And with a move that does not
        // lose at once, the opponent cannot win with its next stone either.
        let left = i64::from(CELLS - position.moves);
        let upper = (left - 1) / 2;
        if non_losing(position) == 0 {
            // Every move lets the opponent win with its next stone: the worst loss there is.
            let loss = -left / 2;
            return Facts {
                bounds: Some(loss..=loss),
                best_move: None,
            };
        }
        let lower = -(left - 2) / 2;
        Facts {
            bounds: Some(lower..=upper.max(lower)),
            best_move: None,
        }
    }

    #[inline]
    fn search_moves(&self, position: &Connect4, _threshold: i64, out: &mut Vec<u8>) {
        if position.over || position.playable() == 0 {
            return;
        }
        if let Some(win) = position.winning_column() {
            out.push(win);
            return;
        }
        // The landing cells, center first, that do not let the opponent win at once.
        let safe = non_losing(position);
        let landings = CENTER_FIRST.map(|col| (col, position.landing(col)));
        if safe.count_ones() == 1 {
            // One move (a forced block, often): nothing to order.
            if let Some(&(col, _)) = landings.iter().find(|&&(_, cell)| cell & safe != 0) {
                out.push(col);
            }
            return;
        }
        let mut ranked = [(0u32, 0u8); WIDTH as usize];
        let mut count = 0;
        for (col, cell) in landings.into_iter().filter(|&(_, cell)| cell & safe != 0) {
            // More threats first; each move's count is made once, not at every comparison.
            let own = position.current | cell;
            let threats = (winning_cells(own) & !(position.mask | cell)).count_ones();
            ranked[count] = (threats, col);
            count += 1;
        }
        if count == 0 {
            // Every move loses at once, all alike: one stands for them (a column not full).
            if let Some(&(col, _)) = landings.iter().find(|&&(_, cell)| cell != 0) {
                out.push(col);
            }
            return;
        }
        // More threats first; ties stay center-first (a stable insertion sort, inline: at most
        // seven moves, where the library's sort is a call).
        for i in 1..count {
            let moving = ranked[i];
            let mut j = i;
            while j > 0 && ranked[j - 1].0 < moving.0 {
                ranked[j] = ranked[j - 1];
                j -= 1;
            }
            ranked[j] = moving;
        }
        out.extend(ranked[..count].iter().map(|&(_, col)| col));
    }
}
