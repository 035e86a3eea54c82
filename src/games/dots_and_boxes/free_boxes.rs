//! The free-capture rule of Dots and Boxes as knowledge, with its proof: where a box can be
//! taken, only a free capture, or the captures and the line that declines them all, are
//! searched.

use super::{DotsAndBoxes, Symmetries};
use crate::{Game, Knowledge};

/// What a user proves of Dots and Boxes, as sound knowledge: where a box can be taken, only
/// the lines `DotsAndBoxes::capture_lines` names are searched: a *free capture* alone (a line
/// that completes a box and gives no box its third side), else every line that completes a box
/// and the line that declines them all, if one does; with `symmetries`, the board's symmetries
/// and the exchange of a box's edge lines as canonical keys too ([`Symmetries`]). Where no box
/// can be taken, every line is searched, in an order that is a hint: first those that give no
/// box its third side (`DotsAndBoxes::giving_lines`), as a player avoids handing the other side
/// a box, from the centre of the board out, as Barker and Korf order theirs (AAAI 2012); then
/// the others.
///
/// **Why taking a free capture is optimal.** Let L be free in a position Q: it completes its
/// box B, and its other box C (if any) has three sides (L completes it too) or at most one.
/// Let k be the boxes L completes, v the value for the side to move. Claim: v(Q) = k +
/// v(Q + L), which L reaches (it keeps the turn); by induction on the lines left (L alone
/// left: v = k). Let m be another line and R = Q + L + m. (i) m scores the same c boxes in Q
/// and in Q + L, and keeps or passes the turn alike: only B and C differ between them, B (and
/// C if L completes it) has no open side but L, and otherwise C has at most two sides in Q + L,
/// which no single line completes. (ii) In Q + m, L still completes exactly its k boxes.
/// - m passes the turn: the opponent can answer with L (ii), so m gives at most -k - v(R),
///   the opponent to move in R; L then m gives at least k - v(R) (i).
/// - m keeps the turn and L is still free in Q + m: by induction m gives c + k + v(R), the
///   mover to move in R, which L then m gives too (i).
/// - m keeps the turn and L is not free in Q + m: then m gave C its second side, so C had
///   one, and m completes its other box X (c = k = 1). Q + m and Q + L are then one position up
///   to swapping the names of L and m: one of B and X completed, the other with three sides
///   and its open side shared with C, C with two sides open, every other box alike. What is
///   left to play depends only on which lines are open and which of them each box has, so
///   v(Q + m) = v(Q + L), and m gives what L gives.
///
/// So no line beats L. The rule is false for a capture that gives a box its third side: the
/// last two boxes of a chain are sometimes better declined, and the tests' checker finds the
/// lie "take any box at once".
///
/// **Why a capture or the decline is optimal when no capture is free.** A *turn* is the
/// lines one side draws in a row: lines that each complete a box, then one that completes
/// none (or the last line of the game); v(Q) is the best, over the turns T from Q, of the
/// boxes T takes less v of the position T ends in, the opponent to move. Let X be a box of
/// three sides in Q and c its open line; c is not free, so the box Y across c has two sides,
/// and its other open line d is c's *decline*. Take an optimal turn T.
/// - T draws c: then c drawn first is a turn with the same lines, the same boxes and the same
///   end. c completes X at once; every other line has the sides it had before, or c more, so
///   a line that completed a box still does (d then completes Y, before c would have), and
///   the last line has the same lines drawn before it and still completes none.
/// - T does not draw c and does not end with d: then c followed by T is a turn (the lines
///   before T's last differ by c alone, which borders X, open nowhere else, and Y, open at c
///   and d). It takes b more boxes, X and Y if T drew d, and ends in R + c, where T ends in R.
///   In R the opponent could draw c, take those b boxes and move again from R + c, so v(R) >=
///   b + v(R + c), and c followed by T gives at least 2b more than T, which is not optimal.
///
/// So if no optimal turn draws the open line of a box of three sides in Q, each optimal turn
/// ends with the decline of every such box, one line for all of them, and its first line
/// completes a box or is that decline. Either way the first line of some optimal turn is among
/// the lines that complete a box in Q and the line that declines them all; searching those
/// alone (and so on at each position, by induction on the lines left) finds the value.
#[derive(Debug, Clone)]
pub struct TakeFreeBoxes {
    /// The board's size: a position of another board gets its lines in the game's order.
    board: (usize, usize),
    /// The board's symmetries, if the table is to share one entry among images.
    symmetries: Option<Symmetries>,
    /// The board's lines, nearest the centre first.
    centre_first: Vec<u8>,
}

impl TakeFreeBoxes {
    /// The knowledge for positions of `board`'s size, with `symmetries` or without.
    #[inline]
    pub fn new(board: &DotsAndBoxes, symmetries: Option<Symmetries>) -> Self {
        let (w, h) = (board.width, board.height);
        let vertical = w * (h + 1);
        // Twice the distance from the centre, in the taxicab metric, of the line's midpoint.
        let distance = |line: usize| {
            let (x, y) = if line < vertical {
                (2 * (line % w) + 1, 2 * (line / w))
            } else {
                let line = line - vertical;
                (2 * (line % (w + 1)), 2 * (line / (w + 1)) + 1)
            };
            x.abs_diff(w) + y.abs_diff(h)
        };
        let mut centre_first: Vec<u8> = (0..board.lines() as u8).collect();
        centre_first.sort_by_key(|&line| distance(usize::from(line)));
        Self {
            board: board.size(),
            symmetries,
            centre_first,
        }
    }
}

impl Knowledge<DotsAndBoxes> for TakeFreeBoxes {
    #[inline]
    fn search_moves(&self, position: &DotsAndBoxes, _threshold: i64, out: &mut Vec<u8>) {
        if let Some(mut lines) = position.capture_lines() {
            while lines != 0 {
                // Each bit: a line of the board, below 64, so the cast is exact.
                out.push(lines.trailing_zeros() as u8);
                lines &= lines - 1;
            }
            return;
        }
        if position.size() != self.board {
            return position.generate_moves(out); // the order is for another board's lines
        }
        // Each bit of the two sets: a line of the board (`centre_first` holds them all).
        let giving = position.giving_lines();
        for gives in [false, true] {
            let group = if gives {
                giving
            } else {
                !position.drawn & !giving
            };
            out.extend(
                self.centre_first
                    .iter()
                    .filter(|&&line| group >> line & 1 == 1),
            );
        }
    }

    #[inline]
    fn canonical_key(&self, position: &DotsAndBoxes) -> Option<u64> {
        self.symmetries.as_ref()?.canonical_key(position)
    }
}
