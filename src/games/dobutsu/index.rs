//! Dobutsu shogi numbered densely for the retrograde solver's indexed path: every position
//! with both lions on the board, from the side to move's view, has one index, and every
//! index names a position. For the full game that is 1,567,925,964 indices, the count of
//! positions in Tanaka's analysis (2009).
//!
//! An index is, in mixed radix: the two lions' squares (12 x 11); the *material*: for each
//! kind that can be held, how many are on the board and how many in the hand of the side to
//! move (the rest are in the other hand); then the board: the chicks' squares among the 10
//! the lions leave, the elephants' among those left, the giraffes' among those left (each a
//! set of at most two squares, ranked by the combinatorial number system), whose each piece
//! is, and which chicks are hens. Materials follow one another in a fixed order, each at
//! the offset of the sizes of those before it ([`Offsets`]).

use super::{Dobutsu, HAND_KINDS, Kind, Pieces, SQUARES, cell};
use crate::Numbering;

/// Every square.
const ALL: u16 = (1 << SQUARES) - 1;

/// Materials: for each hand kind, (on the board) * 3 + (in the side to move's hand).
const MATERIALS: usize = 9 * 9 * 9;

/// `n` choose `k`, for the small numbers here.
#[inline]
const fn choose(n: u64, k: u64) -> u64 {
    match k {
        0 => 1,
        1 => n,
        _ => n * n.saturating_sub(1) / 2,
    }
}

/// `CHOOSE[n][k]`: [`choose`] of the squares a board has, looked up without a branch.
const CHOOSE: [[u64; 3]; SQUARES + 1] = {
    let mut table = [[0; 3]; SQUARES + 1];
    let mut n = 0;
    while n <= SQUARES {
        table[n] = [
            choose(n as u64, 0),
            choose(n as u64, 1),
            choose(n as u64, 2),
        ];
        n += 1;
    }
    table
};

/// A material's board counts and hand counts, by [`HAND_KINDS`].
#[inline]
const fn material(code: usize) -> ([u64; 3], [u64; 3]) {
    let parts = [code / 81, code / 9 % 9, code % 9];
    (
        [
            parts[0] as u64 / 3,
            parts[1] as u64 / 3,
            parts[2] as u64 / 3,
        ],
        [
            parts[0] as u64 % 3,
            parts[1] as u64 % 3,
            parts[2] as u64 % 3,
        ],
    )
}

/// The boards of one material: where its pieces stand, whose they are, which chicks are
/// hens. 0 if the material does not fit `pieces`.
#[inline]
const fn boards(pieces: [u8; 3], code: usize) -> u64 {
    let (board, hand) = material(code);
    let mut size = 1;
    let (mut free, mut k) = (10, 0);
    while k < 3 {
        if board[k] + hand[k] > pieces[k] as u64 {
            return 0;
        }
        size *= choose(free, board[k]) << board[k];
        free -= board[k];
        k += 1;
    }
    size << board[0]
}

/// The buckets a block is cut into to find a place's material (see [`Offsets`]).
const BUCKETS: usize = 1 << 10;

/// Each material's offset within the lions' block, `at[code]` the sum of the sizes of the
/// materials before it and `at[MATERIALS]` the block's size; and to find the material of a
/// place without a search, the block cut into [`BUCKETS`] buckets of `1 << shift` places, the
/// material of each bucket's first place in `first`.
struct Offsets {
    at: [u64; MATERIALS + 1],
    shift: u32,
    first: [u16; BUCKETS],
}

impl Offsets {
    #[inline]
    const fn new(pieces: [u8; 3]) -> Self {
        let mut at = [0; MATERIALS + 1];
        let mut code = 0;
        while code < MATERIALS {
            at[code + 1] = at[code] + boards(pieces, code);
            code += 1;
        }
        let mut shift = 0;
        while at[MATERIALS] >> shift >= BUCKETS as u64 {
            shift += 1;
        }
        let (mut first, mut bucket, mut code) = ([0u16; BUCKETS], 0, 0);
        while bucket < BUCKETS {
            // The last material that starts at or before the bucket's first place.
            while code + 1 < MATERIALS && at[code + 1] <= (bucket as u64) << shift {
                code += 1;
            }
            first[bucket] = code as u16;
            bucket += 1;
        }
        Self { at, shift, first }
    }

    /// The material of the place `rest` (below the block's size): the last whose offset is
    /// not past it. From its bucket's first place's material, the materials that start
    /// within the bucket are stepped over: one or two where a bucket holds thousands of
    /// places.
    #[inline]
    fn material_of(&self, rest: u64) -> usize {
        let mut code = usize::from(self.first[(rest >> self.shift) as usize]);
        while self.at[code + 1] <= rest {
            code += 1;
        }
        code
    }
}

/// The offsets of every set of pieces (0, 1 or 2 of each kind), worked out when compiled.
static OFFSETS: [Offsets; 27] = {
    let mut all = [const {
        Offsets {
            at: [0; MATERIALS + 1],
            shift: 0,
            first: [0; BUCKETS],
        }
    }; 27];
    let mut set = 0;
    while set < 27 {
        all[set] = Offsets::new([(set / 9) as u8, (set / 3 % 3) as u8, (set % 3) as u8]);
        set += 1;
    }
    all
};

#[inline]
fn offsets(pieces: Pieces) -> &'static Offsets {
    let [c, e, g] = pieces.counts().map(usize::from);
    &OFFSETS[c * 9 + e * 3 + g]
}

/// The number of squares in each set of squares: a table, since a portable build has no
/// instruction that counts bits, and the numbering counts several a position.
static ONES: [u8; 1 << SQUARES] = {
    let mut ones = [0; 1 << SQUARES];
    let mut set = 1;
    while set < 1 << SQUARES {
        ones[set] = ones[set >> 1] + (set & 1) as u8;
        set += 1;
    }
    ones
};

/// The number of squares in `set`.
#[inline]
fn ones(set: u16) -> u64 {
    u64::from(ONES[usize::from(set & ALL)])
}

/// The lions' placing (below 132) of squares `mine` (the side to move's) and `theirs`: the
/// first times 11, plus the second's place among the 11 squares left.
#[inline]
pub(super) const fn placing(mine: usize, theirs: usize) -> usize {
    mine * 11 + theirs - (theirs > mine) as usize
}

/// The squares of the lions' placing `placing`: the side to move's, then the other's.
#[inline]
pub(super) const fn lion_squares(placing: usize) -> (usize, usize) {
    let (mine, other) = (placing / 11, placing % 11);
    (mine, other + (other >= mine) as usize)
}

/// The place of `square` among the squares of `set` below it.
#[inline]
fn place(set: u16, square: usize) -> u64 {
    ones(set & ((1 << square) - 1))
}

/// The square at place `place` among those of `set`.
#[inline]
fn square_at(set: u16, place: u64) -> usize {
    let mut rest = set;
    for _ in 0..place {
        rest &= rest - 1;
    }
    rest.trailing_zeros() as usize
}

/// The set of `count` places (at most two, increasing) of rank `rank`: the combinatorial
/// number system, `high * (high - 1) / 2 + low` for two.
#[inline]
fn unrank_pair(rank: u64, count: u64) -> [u64; 2] {
    match count {
        0 => [0; 2],
        1 => [rank, 0],
        _ => {
            let mut high = 1;
            while (high + 1) * high / 2 <= rank {
                high += 1;
            }
            [rank - high * (high - 1) / 2, high]
        }
    }
}

impl Dobutsu {
    /// Puts a piece of `kind` on `square`, its owner and promotion the next bits of `bits`
    /// (owners, hens), which it consumes.
    #[inline]
    fn place_piece(&mut self, kind: Kind, square: usize, bits: &mut (u64, u64)) {
        let mine = bits.0 & 1 == 0;
        bits.0 >>= 1;
        let kind = if kind == Kind::Chick {
            let hen = bits.1 & 1 == 1;
            bits.1 >>= 1;
            if hen { Kind::Hen } else { kind }
        } else {
            kind
        };
        self.cells[square] = cell(kind, mine);
    }
}

/// The indices of a block of the pieces `pieces`: the positions of one placing of the lions.
#[inline]
pub(super) fn block(pieces: Pieces) -> u64 {
    offsets(pieces).at[MATERIALS]
}

impl Dobutsu {
    /// The position's numbers: its lions' placing (below 132) and its place in that block.
    #[inline]
    pub(super) fn numbers(&self) -> (usize, u64) {
        // One pass over the board: the squares of each cell code.
        let mut sets = [0u16; 16];
        for (square, &code) in self.cells.iter().enumerate() {
            sets[usize::from(code)] |= 1 << square;
        }
        let of = |kind: Kind, mine: bool| sets[usize::from(cell(kind, mine))];
        let lion = |mine| of(Kind::Lion, mine).trailing_zeros() as usize;
        let (mine, theirs) = (lion(true), lion(false));
        let mut free = ALL & !(1 << mine | 1 << theirs);
        let (mut code, mut board) = (0, 0u64);
        let (mut owners, mut owner_bits) = (0u64, 0);
        let hens = of(Kind::Hen, true) | of(Kind::Hen, false);
        let mut hen_code = (0u64, 0);
        for kind in HAND_KINDS {
            let (mut set, mut of_theirs) = (of(kind, true), of(kind, false));
            if kind == Kind::Chick {
                set |= of(Kind::Hen, true);
                of_theirs |= of(Kind::Hen, false);
            }
            set |= of_theirs;
            let count = ones(set);
            let high = 15 - set.leading_zeros().min(15) as usize;
            let low = set.trailing_zeros().min(15) as usize;
            // Without a branch on the count (0, 1 or 2 pieces), which missed often: each term
            // weighed by whether its piece is there.
            let (one, two) = (u64::from(count >= 1), u64::from(count == 2));
            let y = place(free, high);
            let rank = one * place(free, low) + two * (y * y.saturating_sub(1) / 2);
            let bits = |of: u16| {
                (one * u64::from(of >> low & 1)) | ((two * u64::from(of >> high & 1)) << 1)
            };
            owners |= bits(of_theirs) << owner_bits;
            owner_bits += count;
            if kind == Kind::Chick {
                hen_code = (bits(hens), count);
            }
            board = board * CHOOSE[ones(free) as usize][count as usize] + rank;
            free &= !set;
            code = code * 9 + count as usize * 3 + usize::from(self.hands[0][kind as usize]);
        }
        let within = ((board << owner_bits | owners) << hen_code.1) | hen_code.0;
        (
            placing(mine, theirs),
            offsets(self.pieces).at[code] + within,
        )
    }

    /// The position of the pieces `pieces` at the lions' placing `lions` (below 132) and the
    /// place `rest` in its block (below [`block`]).
    #[inline]
    pub(super) fn numbered(pieces: Pieces, lions: usize, rest: u64) -> Self {
        let offsets = offsets(pieces);
        let code = offsets.material_of(rest);
        let (board, hand) = material(code);
        let placed = board.iter().sum::<u64>();
        let mut within = rest - offsets.at[code];
        let hens = within & ((1 << board[0]) - 1);
        within >>= board[0];
        let owners = within & ((1 << placed) - 1);
        within >>= placed;
        let (mine, theirs) = lion_squares(lions);
        let mut position = Self {
            cells: [0; SQUARES],
            hands: [[0; 3]; 2],
            pieces,
        };
        position.cells[mine] = cell(Kind::Lion, true);
        position.cells[theirs] = cell(Kind::Lion, false);
        // The sets' ranks: the last kind's is the lowest digit.
        let mut sizes = [0u64; 3];
        let mut free_count = 10;
        for k in 0..3 {
            sizes[k] = choose(free_count, board[k]);
            free_count -= board[k];
        }
        let mut ranks = [0u64; 3];
        for k in (0..3).rev() {
            ranks[k] = within % sizes[k];
            within /= sizes[k];
        }
        let mut free = ALL & !(1 << mine | 1 << theirs);
        let mut bits = (owners, hens);
        for (k, kind) in HAND_KINDS.into_iter().enumerate() {
            let places = unrank_pair(ranks[k], board[k]);
            let squares = places.map(|place| square_at(free, place));
            for &square in &squares[..board[k] as usize] {
                position.place_piece(kind, square, &mut bits);
                free &= !(1 << square);
            }
            position.hands[0][k] = hand[k] as u8;
            let total = u64::from(pieces.counts()[k]);
            position.hands[1][k] = (total - board[k] - hand[k]) as u8;
        }
        position
    }
}

/// Dobutsu shogi's positions with the pieces of a [`Pieces`], every one numbered: the
/// numbering of the module docs, one index a position (1,567,925,964 for the full game).
/// [`UpToMirror`](super::UpToMirror) numbers a position and its mirror image once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ByLions {
    pieces: Pieces,
}

impl ByLions {
    /// The numbering of the positions with the pieces of `pieces`.
    #[inline]
    #[must_use]
    pub fn new(pieces: Pieces) -> Self {
        Self { pieces }
    }

    /// The pieces numbered.
    #[inline]
    #[must_use]
    pub fn pieces(&self) -> Pieces {
        self.pieces
    }
}

impl Numbering for ByLions {
    type Game = Dobutsu;
    const NAME: &'static str = "dobutsu shogi";
    const HAS_PREDECESSORS: bool = true;

    /// The pieces besides the lions: chicks, elephants and giraffes, a byte each.
    #[inline]
    fn rules_id(&self) -> u64 {
        self.pieces.id()
    }

    #[inline]
    fn index_count(&self) -> u64 {
        132 * block(self.pieces)
    }

    #[inline]
    fn index(&self, position: &Dobutsu) -> u64 {
        position.whole_index()
    }

    #[inline]
    fn position_at(&self, index: u64) -> Option<Dobutsu> {
        let block = block(self.pieces);
        (index < self.index_count())
            .then(|| Dobutsu::numbered(self.pieces, (index / block) as usize, index % block))
    }

    #[inline]
    fn predecessors(&self, position: &Dobutsu, out: &mut Vec<Dobutsu>) {
        super::unmoves::predecessors(position, |parent| out.push(parent));
    }
}

impl Dobutsu {
    /// The index of this position in the numbering of its pieces, [`ByLions`].
    #[inline]
    pub(super) fn whole_index(&self) -> u64 {
        let (lions, rest) = self.numbers();
        lions as u64 * block(self.pieces) + rest
    }
}
