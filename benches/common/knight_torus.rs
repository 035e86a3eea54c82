//! A game whose positions repeat, with cheap moves and un-moves, for the retrograde bench: a
//! knight on a torus of `side` x `side` squares, moved by both players in turn, two ways. Some squares
//! end the game (a trap: the side to move loses; a haven: it wins; a truce: a draw), chosen
//! by a hash of the square; elsewhere the knight moves on, and play can go round for ever.

use gamesolver::{Game, Numbering, Verdict, WinLossGame};

/// The knight's jumps here: two of its eight, so that a side is often forced and play goes
/// deep.
const JUMPS: [(i64, i64); 2] = [(1, 2), (2, -1)];

/// The knight on its square (the square's index, `x + side * y`).
#[derive(Clone, Debug)]
pub struct KnightTorus {
    pub square: u64,
    pub side: u64,
}

/// The squares as the numbering; with `UNMOVES`, it lists the squares the knight came from
/// (else the indexed path sweeps).
#[derive(Clone, Debug)]
pub struct Squares<const UNMOVES: bool = true> {
    pub side: u64,
}

impl KnightTorus {
    /// The square reached by `jump`, or by its reverse.
    fn jump(&self, jump: (i64, i64), sign: i64) -> u64 {
        let side = self.side as i64;
        let (x, y) = (
            (self.square % self.side) as i64,
            (self.square / self.side) as i64,
        );
        let x = (x + sign * jump.0).rem_euclid(side);
        let y = (y + sign * jump.1).rem_euclid(side);
        (x + side * y) as u64
    }
}

impl Game for KnightTorus {
    type Move = u8;
    type Key = u64;
    const NAME: &'static str = "knight on a torus";
    const POSITIONS_REPEAT: bool = true;

    fn generate_moves(&self, out: &mut Vec<u8>) {
        out.extend(0..JUMPS.len() as u8);
    }
    fn play_unchecked(&mut self, jump: u8) {
        self.square = self.jump(JUMPS[usize::from(jump)], 1);
    }
    fn key(&self) -> u64 {
        self.square
    }
}

impl WinLossGame for KnightTorus {
    fn ending(&self) -> Option<Verdict> {
        // About one square in 13 a trap, one in 64 each a haven and a truce.
        match self.square.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 58 {
            0..=4 => Some(Verdict::Loss),
            5 => Some(Verdict::Win),
            6 => Some(Verdict::Draw),
            _ => None,
        }
    }
}

impl<const UNMOVES: bool> Numbering for Squares<UNMOVES> {
    type Game = KnightTorus;
    const NAME: &'static str = "knight on a torus, by its square";
    const HAS_PREDECESSORS: bool = UNMOVES;

    fn index_count(&self) -> u64 {
        self.side * self.side
    }
    fn index(&self, knight: &KnightTorus) -> u64 {
        knight.square
    }
    fn position_at(&self, index: u64) -> Option<KnightTorus> {
        (index < self.index_count()).then_some(KnightTorus {
            square: index,
            side: self.side,
        })
    }
    fn predecessors(&self, knight: &KnightTorus, out: &mut Vec<KnightTorus>) {
        for jump in JUMPS {
            let parent = KnightTorus {
                square: knight.jump(jump, -1),
                side: self.side,
            };
            if parent.ending().is_none() {
                out.push(parent);
            }
        }
    }
}
