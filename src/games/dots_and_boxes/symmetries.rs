//! The symmetries of a Dots and Boxes board, and the exchange of a box's edge lines, as
//! canonical keys, with the proof that the key is canonical.

use super::DotsAndBoxes;
use crate::Knowledge;
use std::collections::HashMap;

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
/// same number of them, its first ones (`Symmetries::exchange_edges`); N is constant on
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
    #[inline]
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
    #[inline]
    fn exchange_edges(&self, drawn: u64) -> u64 {
        self.edges.iter().fold(drawn, |drawn, &(lines, first)| {
            (drawn & !lines) | first[(drawn & lines).count_ones() as usize]
        })
    }
}

/// For each box with two or more lines on the board's edge (sides of that box alone): those
/// lines, and for each count k of them, their first k.
#[inline]
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
    #[inline]
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
