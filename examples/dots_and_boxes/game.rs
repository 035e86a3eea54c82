//! Dots and Boxes on m x n boxes, as a user writes it on the crate's root imports: a move
//! draws a line between two neighbouring dots; a line that completes a box (or two) scores it
//! for the mover, who then moves again. The game ends when every line is drawn; the value of
//! the start is the first player's margin in boxes.
//!
//! The position is the set of lines drawn, a bit each: what is left to play does not depend
//! on who took the boxes so far, so the score is not part of it.

use gamesolver::{Game, Knowledge, Points, ScoringGame};
use std::collections::HashMap;
use std::fmt;

/// A board of at most 64 lines: m x n boxes have m(n + 1) + n(m + 1) of them.
pub const MAX_LINES: usize = 64;

/// A Dots and Boxes position: the lines drawn.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DotsAndBoxes {
    /// Boxes a row, and rows.
    width: usize,
    height: usize,
    /// Bit i: line i is drawn. The horizontal lines first, row by row from the top
    /// ((height + 1) rows of `width`), then the vertical ones, row by row (`height` rows of
    /// width + 1).
    drawn: u64,
}

/// Why a board or a move was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BoxesError {
    /// No box, or more than 64 lines.
    #[error("a board needs at least one box and at most {MAX_LINES} lines")]
    Size,
    /// The line is not on the board, or is drawn already.
    #[error("line {0} is not a line left to draw")]
    NotAMove(u8),
}

impl DotsAndBoxes {
    /// The empty board of `width` x `height` boxes.
    ///
    /// # Errors
    ///
    /// [`BoxesError::Size`] for no box or more than 64 lines.
    pub fn new(width: usize, height: usize) -> Result<Self, BoxesError> {
        let lines = width * (height + 1) + height * (width + 1);
        if width == 0 || height == 0 || lines > MAX_LINES {
            return Err(BoxesError::Size);
        }
        Ok(Self {
            width,
            height,
            drawn: 0,
        })
    }

    /// The same board with exactly the lines of `drawn` (bit i: line i), those past the
    /// board's lines left out.
    #[allow(dead_code)] // the brute force of the bench builds every set of lines so
    pub fn with_lines(&self, drawn: u64) -> Self {
        let all = if self.lines() == 64 {
            u64::MAX
        } else {
            (1 << self.lines()) - 1
        };
        Self {
            drawn: drawn & all,
            ..self.clone()
        }
    }

    /// The board's size: boxes a row, and rows.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// How many lines the board has.
    pub fn lines(&self) -> usize {
        self.width * (self.height + 1) + self.height * (self.width + 1)
    }

    /// Whether line `line` is drawn (never, for a number past the 64 a board can have).
    pub fn is_drawn(&self, line: u8) -> bool {
        self.drawn
            .checked_shr(u32::from(line))
            .is_some_and(|rest| rest & 1 == 1)
    }

    /// The four lines of the box in row `row`, column `column`: top, bottom, left, right.
    fn sides(&self, row: usize, column: usize) -> [usize; 4] {
        let vertical = self.width * (self.height + 1);
        [
            row * self.width + column,
            (row + 1) * self.width + column,
            vertical + row * (self.width + 1) + column,
            vertical + row * (self.width + 1) + column + 1,
        ]
    }

    /// The boxes (one or two) that line `line` is a side of.
    fn boxes_of(&self, line: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        let vertical = self.width * (self.height + 1);
        let (a, b) = if line < vertical {
            let (row, column) = (line / self.width, line % self.width);
            // Above the line and below it.
            (
                row.checked_sub(1).map(|r| (r, column)),
                (row < self.height).then_some((row, column)),
            )
        } else {
            let (row, column) = (
                (line - vertical) / (self.width + 1),
                (line - vertical) % (self.width + 1),
            );
            // Left of the line and right of it.
            (
                column.checked_sub(1).map(|c| (row, c)),
                (column < self.width).then_some((row, column)),
            )
        };
        a.into_iter().chain(b)
    }

    /// The boxes that drawing line `line` completes.
    pub fn completed_by(&self, line: u8) -> u64 {
        let with = self.drawn | 1 << line;
        self.boxes_of(usize::from(line))
            .filter(|&(row, column)| {
                self.sides(row, column)
                    .iter()
                    .all(|&side| with >> side & 1 == 1)
            })
            .count() as u64
    }

    /// The lines left that would give a box its third side (a side of a box of two sides
    /// drawn), so that the other side could take it.
    pub fn giving_lines(&self) -> u64 {
        self.capturing_and_giving_lines().1
    }

    /// The lines left that complete a box (the last side of a box of three sides drawn), and
    /// those that would give a box its third side, from one pass over the boxes.
    fn capturing_and_giving_lines(&self) -> (u64, u64) {
        let (mut capturing, mut giving) = (0, 0);
        for open in self.open_sides() {
            match open.count_ones() {
                1 => capturing |= open,
                2 => giving |= open,
                _ => {}
            }
        }
        (capturing, giving)
    }

    /// The sides not drawn yet of each box, a bit each.
    fn open_sides(&self) -> impl Iterator<Item = u64> + '_ {
        (0..self.height).flat_map(move |row| {
            (0..self.width).map(move |column| {
                let sides = self.sides(row, column).map(|line| 1u64 << line);
                sides.into_iter().fold(0, |all, line| all | line) & !self.drawn
            })
        })
    }

    /// Where a box can be taken, lines among which one is optimal ([`TakeFreeBoxes`] has the
    /// proofs), a bit each: a *free capture* alone if there is one (the lowest line that
    /// completes a box and gives no box its third side), else every line that completes a box
    /// and the line that declines them all, if one does. `None` where no box can be taken.
    pub fn capture_lines(&self) -> Option<u64> {
        let (capturing, giving) = self.capturing_and_giving_lines();
        let free = capturing & !giving;
        if capturing == 0 || free != 0 {
            return (free != 0).then_some(free & free.wrapping_neg());
        }
        // Every capture gives the box across it its third side: the decline of a capture is
        // that box's other open line, and a line declines them all if it is each one's.
        let mut declines_all = u64::MAX;
        for open in self.open_sides().filter(|open| open.count_ones() == 2) {
            for capture in [open & open.wrapping_neg(), open & (open - 1)] {
                if capture & capturing != 0 {
                    declines_all &= open & !capture;
                }
            }
        }
        Some(capturing | declines_all)
    }
}

impl Game for DotsAndBoxes {
    /// A line, numbered as in [`DotsAndBoxes`].
    type Move = u8;
    /// The lines drawn.
    type Key = u64;
    type Error = BoxesError;

    fn generate_moves(&self, out: &mut Vec<u8>) {
        out.extend((0..self.lines() as u8).filter(|&line| !self.is_drawn(line)));
    }

    fn check_move(&self, line: u8) -> Result<(), BoxesError> {
        if usize::from(line) < self.lines() && !self.is_drawn(line) {
            Ok(())
        } else {
            Err(BoxesError::NotAMove(line))
        }
    }

    fn play_unchecked(&mut self, line: u8) {
        self.drawn |= 1 << line;
    }

    fn key(&self) -> u64 {
        self.drawn
    }
}

impl ScoringGame for DotsAndBoxes {
    fn points(&self, line: u8) -> Points {
        Points {
            mover: self.completed_by(line),
            opponent: 0,
        }
    }

    /// A line that completes a box keeps the turn.
    fn keeps_turn(&self, line: u8) -> bool {
        self.completed_by(line) > 0
    }

    /// Both from one count of the boxes the line completes (at most 2: the cast is exact).
    fn margin_and_turn(&self, line: u8) -> (i64, bool) {
        let boxes = self.completed_by(line);
        (boxes as i64, boxes > 0)
    }
}

impl fmt::Display for DotsAndBoxes {
    /// `.-.` for a drawn horizontal line, `|` for a vertical one, row by row.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let vertical = self.width * (self.height + 1);
        let on = |line: usize| self.drawn >> line & 1 == 1;
        for row in 0..=self.height {
            for column in 0..self.width {
                let line = row * self.width + column;
                write!(f, ".{}", if on(line) { "-" } else { " " })?;
            }
            writeln!(f, ".")?;
            if row < self.height {
                for column in 0..=self.width {
                    let line = vertical + row * (self.width + 1) + column;
                    write!(f, "{} ", if on(line) { "|" } else { " " })?;
                }
                writeln!(f)?;
            }
        }
        Ok(())
    }
}

/// What a user knows of Dots and Boxes, as sound knowledge: the board's symmetries (its
/// reflections and half turn, and on a square board its quarter turns and diagonal
/// reflections) map a position to one that plays the same, and so does exchanging two lines
/// on the board's edge that are sides of the same box (a corner box's two outer sides, as
/// Barker and Korf use them, AAAI 2012). All the positions these maps and their compositions
/// reach share one canonical key.
///
/// **Why the edge exchange is sound.** A line on the board's edge is a side of one box only.
/// The rules see a line only through the boxes it is a side of: drawing it adds a side to each,
/// completes those that had three, and keeps the turn if it completed one. Two edge lines a
/// and b of the same box are sides of the same boxes, so the permutation of the lines that
/// exchanges them maps each position to one with the same boxes completed and the same moves,
/// each scoring as its image does: it is an isomorphism of the game trees, and the values are
/// equal. So only how many of a box's edge lines are drawn matters, not which.
///
/// **Why the key is canonical.** Let N draw, for each box with two or more edge lines, the
/// same number of them, its first ones ([`Symmetries::exchange_edges`]); N is constant on
/// the positions the exchanges reach. The key of x is the least N(s(x)) over the board's
/// symmetries s, the identity among them. A symmetry maps a box's edge lines to its image's,
/// so an exchange followed by s is s followed by an exchange, and any composition of the maps
/// is s'(e(x)), with s' a symmetry and e a composition of exchanges. For y = s'(e(x)),
/// N(s(y)) = N(s(s'(x))) for every s, and s s' runs over the symmetries as s does, so x and
/// y have one key. Each key is the image of x by a symmetry and exchanges, so positions that
/// no such map relates have different keys.
#[derive(Debug, Clone)]
pub struct Symmetries {
    /// The board's boxes a row and rows: a position of another board keeps the game's key.
    board: (usize, usize),
    /// For each symmetry but the identity, the image of each byte of a set of lines: the
    /// image of a set is the union of its eight bytes' images.
    images: Vec<[[u64; 256]; 8]>,
    /// For each box with two or more lines on the board's edge: those lines, and for each
    /// count k of them, their first k.
    edges: Vec<(u64, [u64; 5])>,
}

impl Symmetries {
    /// The symmetries of `board`'s shape.
    pub fn of(board: &DotsAndBoxes) -> Self {
        let (w, h) = (board.width, board.height);
        // Each line as the two dots it joins, (x, y) with x in 0..=w and y in 0..=h.
        let segments: Vec<[(usize, usize); 2]> = (0..board.lines())
            .map(|line| {
                let vertical = w * (h + 1);
                if line < vertical {
                    let (y, x) = (line / w, line % w);
                    [(x, y), (x + 1, y)]
                } else {
                    let (y, x) = ((line - vertical) / (w + 1), (line - vertical) % (w + 1));
                    [(x, y), (x, y + 1)]
                }
            })
            .collect();
        let index: HashMap<[(usize, usize); 2], u8> = (segments.iter().enumerate())
            .map(|(i, &s)| (s, i as u8))
            .collect();
        let transposes: &[bool] = if w == h { &[false, true] } else { &[false] };
        let mut images = Vec::new();
        for &transpose in transposes {
            for (flip_x, flip_y) in [(false, false), (true, false), (false, true), (true, true)] {
                if !transpose && !flip_x && !flip_y {
                    continue;
                }
                let map = |(x, y): (usize, usize)| {
                    let (x, y) = (
                        if flip_x { w - x } else { x },
                        if flip_y { h - y } else { y },
                    );
                    if transpose { (y, x) } else { (x, y) }
                };
                let to: Vec<u8> = (segments.iter())
                    .map(|&[a, b]| {
                        let (a, b) = (map(a), map(b));
                        index[&[a.min(b), a.max(b)]]
                    })
                    .collect();
                let mut bytes = [[0u64; 256]; 8];
                for (line, &image) in to.iter().enumerate() {
                    for (value, union) in bytes[line / 8].iter_mut().enumerate() {
                        if value >> (line % 8) & 1 == 1 {
                            *union |= 1 << image;
                        }
                    }
                }
                images.push(bytes);
            }
        }
        Self {
            board: board.size(),
            images,
            edges: edge_lines_by_box(board),
        }
    }

    /// `drawn` with the same number of each box's edge lines drawn, its first ones.
    fn exchange_edges(&self, drawn: u64) -> u64 {
        self.edges.iter().fold(drawn, |drawn, &(lines, first)| {
            (drawn & !lines) | first[(drawn & lines).count_ones() as usize]
        })
    }
}

/// For each box with two or more lines on the board's edge (sides of that box alone): those
/// lines, and for each count k of them, their first k.
fn edge_lines_by_box(board: &DotsAndBoxes) -> Vec<(u64, [u64; 5])> {
    let mut by_box: HashMap<(usize, usize), u64> = HashMap::new();
    for line in 0..board.lines() {
        let mut boxes = board.boxes_of(line);
        if let (Some(only), None) = (boxes.next(), boxes.next()) {
            *by_box.entry(only).or_default() |= 1 << line;
        }
    }
    let mut edges: Vec<(u64, [u64; 5])> = (by_box.into_values())
        .filter(|lines| lines.count_ones() >= 2)
        .map(|lines| {
            let mut first = [0u64; 5];
            let mut rest = lines;
            for k in 1..first.len() {
                first[k] = first[k - 1] | (rest & rest.wrapping_neg());
                rest &= rest.wrapping_sub(1);
            }
            (lines, first)
        })
        .collect();
    edges.sort_unstable();
    edges
}

impl Knowledge<DotsAndBoxes> for Symmetries {
    fn canonical_key(&self, position: &DotsAndBoxes) -> Option<u64> {
        if position.size() != self.board {
            return None; // the maps are for another board's lines
        }
        let bytes = position.drawn.to_le_bytes();
        let image = |map: &[[u64; 256]; 8]| {
            (map.iter().zip(bytes)).fold(0, |drawn, (table, byte)| drawn | table[usize::from(byte)])
        };
        let least = (self.images.iter().map(image))
            .map(|drawn| self.exchange_edges(drawn))
            .fold(self.exchange_edges(position.drawn), u64::min);
        Some(least)
    }
}

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

    fn canonical_key(&self, position: &DotsAndBoxes) -> Option<u64> {
        self.symmetries.as_ref()?.canonical_key(position)
    }
}
