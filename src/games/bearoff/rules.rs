//! The checkers of one side on the home points, the dice, and the plays of a roll.

use thiserror::Error;

/// The most checkers a side holds.
pub const MAX_CHECKERS: u8 = 15;

/// Why a bearoff position or move was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum BearoffError {
    /// More than [`MAX_CHECKERS`] checkers on a side.
    #[error("a side holds at most {MAX_CHECKERS} checkers, not {0}")]
    TooManyCheckers(u32),
    /// A die is not 1 to 6.
    #[error("a die shows 1 to 6, not {0}")]
    NotADie(u8),
    /// The move is neither a roll at a chance node nor a play of the roll.
    #[error("{0:#x} is no move here")]
    IllegalMove(u32),
}

/// The checkers of one side: how many stand on each home point, 1 to 6 (four bits a point,
/// point 1 lowest: a play is a few shifts, and a position's key is its word).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Checkers(u32);

/// Two dice, the smaller first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Roll(u8, u8);

impl Roll {
    /// The roll of `a` and `b`, in either order.
    ///
    /// # Errors
    ///
    /// [`BearoffError::NotADie`] for a die out of 1 to 6.
    pub fn new(a: u8, b: u8) -> Result<Self, BearoffError> {
        for die in [a, b] {
            if !(1..=6).contains(&die) {
                return Err(BearoffError::NotADie(die));
            }
        }
        Ok(Self(a.min(b), a.max(b)))
    }

    /// The dice to play: both, or four of a double.
    #[inline]
    fn dice(self) -> ([u8; 4], usize) {
        if self.0 == self.1 {
            ([self.0; 4], 4)
        } else {
            ([self.0, self.1, 0, 0], 2)
        }
    }

    /// The pips the roll moves: the two dice, or four times a double's.
    #[inline]
    #[must_use]
    pub fn pips(self) -> u32 {
        let (dice, count) = self.dice();
        dice[..count].iter().map(|&die| u32::from(die)).sum()
    }

    /// Six bits, never 0.
    #[inline]
    pub(super) fn code(self) -> u32 {
        u32::from(self.0) << 3 | u32::from(self.1)
    }

    #[inline]
    pub(super) fn from_code(code: u32) -> Option<Self> {
        let (a, b) = ((code >> 3) & 7, code & 7);
        Self::new(u8::try_from(a).ok()?, u8::try_from(b).ok()?).ok()
    }
}

impl Checkers {
    /// `counts[p - 1]` checkers on point p.
    ///
    /// # Errors
    ///
    /// [`BearoffError::TooManyCheckers`] past [`MAX_CHECKERS`].
    pub fn new(counts: [u8; 6]) -> Result<Self, BearoffError> {
        let total: u32 = counts.iter().map(|&c| u32::from(c)).sum();
        if total > u32::from(MAX_CHECKERS) {
            return Err(BearoffError::TooManyCheckers(total));
        }
        Ok(Self(
            counts
                .iter()
                .enumerate()
                .fold(0, |word, (i, &c)| word | u32::from(c) << (4 * i)),
        ))
    }

    /// How many checkers stand on each point, point 1 first.
    #[inline]
    #[must_use]
    pub fn counts(self) -> [u8; 6] {
        std::array::from_fn(|i| ((self.0 >> (4 * i)) & 15) as u8)
    }

    /// Whether every checker is off.
    #[inline]
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The pips to bear off: each checker's point, summed.
    #[inline]
    #[must_use]
    pub fn pips(self) -> u32 {
        (1..=6)
            .zip(self.counts())
            .map(|(p, c)| p * u32::from(c))
            .sum()
    }

    /// The side's place in [`every_side`]'s order (the same for every count of checkers at
    /// least its own, since sides of fewer checkers come first): a table of sides indexed
    /// by it needs no hash.
    ///
    /// Before it stand the `C(k + 5, 6)` sides of fewer than its `k` checkers, then those of
    /// `k` whose counts, read from point 6 down, are smaller: at each point p with `n`
    /// checkers on it and below, for each count v below its own c, the `C(n - v + p - 2,
    /// p - 2)` ways to put the rest on the p - 1 points below; summed over v (the hockey
    /// stick), `C(n + p - 1, p - 1) - C(n - c + p - 1, p - 1)`.
    #[inline]
    #[must_use]
    pub fn rank(self) -> usize {
        let counts = self.counts();
        let checkers: usize = counts.iter().map(|&c| usize::from(c)).sum();
        let mut rank = BINOMIAL[checkers + 5][6];
        let mut left = checkers;
        for p in (2..=6).rev() {
            let here = usize::from(counts[p - 1]);
            rank += BINOMIAL[left + p - 1][p - 1] - BINOMIAL[left - here + p - 1][p - 1];
            left -= here;
        }
        rank
    }

    /// Four bits a point, point 1 lowest: 24 bits.
    #[inline]
    #[must_use]
    pub fn packed(self) -> u32 {
        self.0
    }

    /// The checkers of a [`packed`](Self::packed) word that a play of valid checkers gave.
    #[inline]
    pub(super) fn unpacked(word: u32) -> Self {
        Self(word)
    }

    /// Every way to play one die on the packed checkers `word`: a checker moved `die` points
    /// down, or borne off from the point of the die, or, the die above the highest checker,
    /// from the highest point. (Packed words: the plays of a roll are many, and a word sorts
    /// and compares in one instruction.)
    fn after_die(word: u32, die: u32, out: &mut Vec<u32>) {
        // The highest point with a checker: its nibble is the highest set one.
        let highest = (32 - word.leading_zeros()).div_ceil(4);
        // The points with a checker, a bit at the foot of each nibble not zero; each play
        // pushed as found, room for all six made first. (Gathered in an array and copied at
        // once, a copy of a few words called the library's `memcpy`, a tenth of a race's
        // solve by tiers.)
        let mut points = (word | word >> 1 | word >> 2 | word >> 3) & 0x11_1111;
        out.reserve(6);
        while points != 0 {
            let shift = points.trailing_zeros();
            points &= points - 1;
            let p = shift / 4 + 1;
            let lifted = word - (1 << shift);
            if p > die {
                out.push(lifted + (1 << (shift - 4 * die)));
            } else if p == die || p == highest {
                out.push(lifted);
            }
        }
    }

    /// Every distinct position a roll can leave, in ascending order of their packed words:
    /// each die played in turn (both orders of two), as long as a checker is left.
    #[must_use]
    pub fn plays(self, roll: Roll) -> Vec<Checkers> {
        let mut words = Vec::new();
        self.packed_plays(roll, &mut words);
        words.into_iter().map(Self::unpacked).collect()
    }

    /// The [`plays`](Self::plays) of `roll`, packed, added to `out`.
    /// The layers of positions after each die are built in `out` itself, past what it held,
    /// the last of each order of the dice moved down over the others: no allocation. Only the
    /// layers between the first die and the last are deduplicated (a double's, which would
    /// grow): one die played on one position gives distinct positions (checkers taken from
    /// different points, or one borne off), and the last layer's repeats go with the final
    /// sort.
    pub(super) fn packed_plays(self, roll: Roll, out: &mut Vec<u32>) {
        let (dice, count) = roll.dice();
        let orders: &[[usize; 4]] = if count == 4 {
            &[[0, 1, 2, 3]]
        } else {
            &[[0, 1, 0, 0], [1, 0, 0, 0]]
        };
        let start = out.len();
        for order in orders {
            // This order's layers, after the ends of the orders before.
            let base = out.len();
            out.push(self.packed());
            let mut layer = base;
            for (step, &i) in order[..count].iter().enumerate() {
                let next = out.len();
                for at in layer..next {
                    let word = out[at];
                    if word == 0 {
                        out.push(0);
                    } else {
                        Self::after_die(word, u32::from(dice[i]), out);
                    }
                }
                if step > 0 && step < count - 1 {
                    let len = sort_and_dedup(&mut out[next..]);
                    out.truncate(next + len);
                }
                layer = next;
            }
            // The order's last layer, down over the layers before it.
            let len = out.len() - layer;
            out.copy_within(layer.., base);
            out.truncate(base + len);
        }
        let len = sort_and_dedup(&mut out[start..]);
        out.truncate(start + len);
    }
}

/// Sorts `words` and moves the distinct ones to the front; their count.
fn sort_and_dedup(words: &mut [u32]) -> usize {
    words.sort_unstable();
    let mut len = 0;
    for at in 0..words.len() {
        if len == 0 || words[at] != words[len - 1] {
            words[len] = words[at];
            len += 1;
        }
    }
    len
}

/// `BINOMIAL[n][r]` is `n` choose `r`, for [`Checkers::rank`]: `n` up to 15 + 5, `r` up to 6.
const BINOMIAL: [[usize; 7]; 21] = {
    let mut table = [[0; 7]; 21];
    let mut n = 0;
    while n < 21 {
        table[n][0] = 1;
        let mut r = 1;
        while r < 7 && n > 0 {
            table[n][r] = table[n - 1][r - 1] + table[n - 1][r];
            r += 1;
        }
        n += 1;
    }
    table
};

/// Every position of one side with at most `checkers` checkers (at most [`MAX_CHECKERS`]),
/// the empty one first: `C(checkers + 6, 6)` of them (54,264 for 15).
#[must_use]
pub fn every_side(checkers: u8) -> Vec<Checkers> {
    let checkers = checkers.min(MAX_CHECKERS);
    let mut all = Vec::new();
    let mut counts = [0u8; 6];
    fill(&mut counts, 0, checkers, &mut all);
    all.sort_by_key(|c| (c.counts().iter().map(|&n| u32::from(n)).sum::<u32>(), *c));
    all
}

/// [`every_side`] of up to `checkers` checkers, and their places in it in the order of their
/// pips, fewest first: a play lowers the pips, so each side comes after those its plays reach.
pub(super) fn every_side_by_pips(checkers: u8) -> (Vec<Checkers>, Vec<usize>) {
    let sides = every_side(checkers);
    let mut order: Vec<usize> = (0..sides.len()).collect();
    order.sort_by_key(|&i| sides[i].pips());
    (sides, order)
}

fn fill(counts: &mut [u8; 6], point: usize, left: u8, out: &mut Vec<Checkers>) {
    if point == 6 {
        out.push(Checkers::new(*counts).unwrap_or_else(|_| unreachable!("at most 15")));
        return;
    }
    for count in 0..=left {
        counts[point] = count;
        fill(counts, point + 1, left - count, out);
    }
    counts[point] = 0;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_side_has_every_count_of_checkers_on_six_points() {
        assert_eq!(every_side(15).len(), 54_264);
        assert_eq!(every_side(6).len(), 924);
        assert!(every_side(15)[0].is_empty());
    }

    #[test]
    fn a_sides_rank_is_its_place_among_every_side() {
        for (place, side) in every_side(15).into_iter().enumerate() {
            assert_eq!(side.rank(), place, "{side:?}");
        }
    }

    #[test]
    fn a_roll_plays_both_dice_or_four_of_a_double() {
        let on = |counts| Checkers::new(counts).unwrap();
        let roll = |a, b| Roll::new(a, b).unwrap();
        // One checker on the 6-point: 5-1 takes it off (6 to 1 to off, or 6 to 5 to off).
        assert_eq!(
            on([0, 0, 0, 0, 0, 1]).plays(roll(5, 1)),
            vec![Checkers::default()]
        );
        // 2-1 leaves it on the 3-point, by either order.
        assert_eq!(
            on([0, 0, 0, 0, 0, 1]).plays(roll(2, 1)),
            vec![on([0, 0, 1, 0, 0, 0])]
        );
        // 1-1 moves it four points: the 2-point.
        assert_eq!(
            on([0, 0, 0, 0, 0, 1]).plays(roll(1, 1)),
            vec![on([0, 1, 0, 0, 0, 0])]
        );
        // Two on the 6-point and 6-5: one off, the other to the 1-point.
        assert_eq!(
            on([0, 0, 0, 0, 0, 2]).plays(roll(6, 5)),
            vec![on([1, 0, 0, 0, 0, 0])]
        );
        // A die above the highest checker bears off from the highest point only.
        assert_eq!(
            on([1, 1, 0, 0, 0, 0]).plays(roll(6, 6)),
            vec![Checkers::default()]
        );
        // On the 1- and 3-points, 4-1: the 4 bears off the 3 (the highest), the 1 the other;
        // or the 1 moves the 3 down to 2, and the 4 bears off the 2: the 1 is left.
        let plays = on([1, 0, 1, 0, 0, 0]).plays(roll(4, 1));
        assert_eq!(plays, vec![Checkers::default(), on([1, 0, 0, 0, 0, 0])]);
        assert!(Roll::new(0, 3).is_err() && Checkers::new([3; 6]).is_err());
    }

    /// The positions the dice `dice` leave, played in that order on `counts`, by the rules
    /// read plainly: a checker moved down by the die, or borne off from the point of the die,
    /// or, the die above the highest checker, from the highest point.
    fn plain_plays(counts: [u8; 6], dice: &[u8], out: &mut Vec<[u8; 6]>) {
        let Some((&die, rest)) = dice.split_first() else {
            out.push(counts);
            return;
        };
        let highest = (1..=6u8).rev().find(|&p| counts[usize::from(p) - 1] > 0);
        let Some(highest) = highest else {
            // Borne off: nothing left to play.
            out.push(counts);
            return;
        };
        for p in (1..=6u8).filter(|&p| counts[usize::from(p) - 1] > 0) {
            let mut after = counts;
            after[usize::from(p) - 1] -= 1;
            if p > die {
                after[usize::from(p - die) - 1] += 1;
            } else if p != die && p != highest {
                continue;
            }
            plain_plays(after, rest, out);
        }
    }

    /// Every side of up to 7 checkers and every roll: the plays, added to the caller's
    /// buffer after what it holds, are the plain reading's, each once, in order.
    #[test]
    fn every_roll_plays_as_the_rules_read_plainly() {
        for side in every_side(7) {
            for a in 1..=6 {
                for b in 1..=a {
                    let orders: Vec<Vec<u8>> = if a == b {
                        vec![vec![a; 4]]
                    } else {
                        vec![vec![a, b], vec![b, a]]
                    };
                    let mut plain = Vec::new();
                    for order in &orders {
                        plain_plays(side.counts(), order, &mut plain);
                    }
                    let mut plain: Vec<Checkers> = plain
                        .into_iter()
                        .map(|counts| Checkers::new(counts).unwrap())
                        .collect();
                    plain.sort_by_key(|c| c.packed());
                    plain.dedup();
                    let mut words = vec![7, 3];
                    side.packed_plays(Roll::new(a, b).unwrap(), &mut words);
                    assert_eq!(words[..2], [7, 3], "what the buffer held is kept");
                    let found: Vec<Checkers> =
                        words[2..].iter().map(|&w| Checkers::unpacked(w)).collect();
                    assert_eq!(found, plain, "{side:?} {a}-{b}");
                }
            }
        }
    }
}
