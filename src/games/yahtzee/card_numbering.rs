//! `CardNumbering`: the cards of each number of boxes filled, numbered densely for
//! [`ByTurns`](super::ByTurns): only cards that can arise, and one index for the upper totals
//! of a card that the turns to come cannot tell apart.
//!
//! # Upper totals alike, one index
//!
//! What the empty upper boxes can still add to the upper total is a set of sums `A` (each box
//! five dice of its face or fewer: 0 is one). Of a total `u` below the goal (63), the turns to
//! come read only `first(u)`, the least sum of `A` at or above `63 - u`, if there is one; of
//! a total at the goal, nothing (`first` none). Cards alike but for totals of one `first` are
//! numbered at the least of those totals that can arise. So a card with no bonus to come (its
//! total at the goal, or too low for the empty boxes to reach it) is numbered at 0 where 0
//! has none either; with Sixes the only upper box empty, the totals 51 to 56 (each needs two
//! sixes) at 51. Of the 536,448 cards that can arise, 310,656 are solved (58%).
//!
//! *Proof that cards alike but for totals of one `first` are worth the same.* The total
//! changes nothing of what is still to come but whether the upper bonus is earned: which
//! boxes the dice may be scored in ([`Card::may_score`]) and what each box scores (the Joker
//! rule and the Yahtzee bonus included) read the boxes and the Yahtzee box, never the total.
//! The bonus is earned by the score that takes a total below the goal to it
//! ([`Card::points`]). Whatever is played, the upper boxes scored from now on add, after each
//! score, a sum `s` of `A`; the bonus has come by then if and only if `u + s ≥ 63` with `u`
//! below the goal, that is if and only if `first(u)` is some and at most `s`, for the least
//! sum of `A` at or above `63 - u` is at most `s` exactly when `s ≥ 63 - u`. So two totals of
//! one `first` earn the bonus at the same score of every play, and the same points at every
//! move: the same value. (The totals, capped at the goal, need not stay equal after a score;
//! the argument is for the whole play from the card, not a step.) The tests hold every card,
//! merged or not, to the dynamic programme by hand, which merges none.

use super::card::{Card, Joker, UPPER_GOAL};
use super::dice::DICE;

/// The boxes of the card.
pub(super) const BOXES: u32 = 13;
/// A card's states beside its boxes: 64 upper totals (0 to 63) times the Yahtzee flag.
const STATES: usize = 128;
/// A card's pattern, what its states can be: its upper boxes filled (6 bits) and whether its
/// Yahtzee box is filled.
const PATTERNS: usize = 128;
/// Where the number of boxes sits in [`CardNumbering`]'s `first`, above the index.
const BOXES_SHIFT: u32 = 24;

/// The bit of the Yahtzee box in a set of boxes.
const YAHTZEE_BOX: u16 = 1 << 11;

/// Every set of boxes (a bit a box), by the number of boxes and then as numbers: the sets
/// of `n` boxes from `FIRST[n]`, in colex order (the order of sets of one size as numbers).
const BY_SIZE: [u16; 1 << BOXES] = {
    let mut sets = [0u16; 1 << BOXES];
    let mut at = 0;
    let mut n = 0;
    while n <= BOXES {
        let mut set = 0;
        while set < 1 << BOXES {
            if (set as u16).count_ones() == n {
                sets[at] = set as u16;
                at += 1;
            }
            set += 1;
        }
        n += 1;
    }
    sets
};

/// Where the sets of `n` boxes start in [`BY_SIZE`].
const FIRST: [usize; BOXES as usize + 2] = {
    let mut first = [0; BOXES as usize + 2];
    let mut n = 0;
    while n <= BOXES {
        first[n as usize + 1] = first[n as usize] + super::dice::binomial(BOXES, n) as usize;
        n += 1;
    }
    first
};

/// The sets of `n` boxes, in colex order (none past 13).
#[inline]
fn sets_of(n: u32) -> &'static [u16] {
    let n = (n as usize).min(BOXES as usize + 1);
    let end = FIRST.get(n + 1).copied().unwrap_or(FIRST[n]);
    &BY_SIZE[FIRST[n]..end]
}

/// A card's state: its upper total and Yahtzee flag in one number.
#[inline]
fn state(upper: u8, fifty: bool) -> usize {
    usize::from(upper) * 2 + usize::from(fifty)
}

/// The pattern of a set of boxes (see [`PATTERNS`]).
#[inline]
fn pattern(filled: u16) -> usize {
    usize::from(filled & 0b11_1111) | usize::from(filled & YAHTZEE_BOX != 0) << 6
}

/// The sums the empty upper boxes of `filled` can still add to the upper total, a bit a sum
/// (at most `5 × 21`): five dice of a box's face or fewer in each.
fn sums_to_come(filled: u16) -> u128 {
    let mut sums: u128 = 1;
    for face in (1..=6).filter(|face| filled & 1 << (face - 1) == 0) {
        sums = (0..=u32::from(DICE)).fold(0, |next, count| next | sums << (face * count));
    }
    sums
}

/// Of the upper total `upper`, what the turns to come read (the module docs): the least sum
/// of `sums` that takes it to the goal, none at the goal or if no sum does.
fn first_bonus_sum(sums: u128, upper: u8) -> Option<u32> {
    let need = u32::from(UPPER_GOAL.checked_sub(upper).filter(|&need| need > 0)?);
    let reaching = sums >> need << need;
    (reaching != 0).then(|| reaching.trailing_zeros())
}

/// For each upper total, the total its card is numbered at, on cards of the boxes `filled`:
/// the least total that can arise with the same [`first_bonus_sum`] (itself if it cannot
/// arise).
fn numbered_totals(filled: u16) -> [u8; 64] {
    let sums = sums_to_come(filled);
    // The least total of each first sum met so far, the totals in increasing order (the
    // last place for none).
    let mut least = [None; 128];
    let mut totals = [0; 64];
    for (upper, numbered) in (0..).zip(totals.iter_mut()) {
        *numbered = upper;
        if Card::new(Joker::Free, filled, upper, false).is_some() {
            let key = first_bonus_sum(sums, upper).map_or(127, |sum| sum as usize);
            *numbered = *least[key].get_or_insert(upper);
        }
    }
    totals
}

/// The cards of each number of boxes, numbered: those of `n` boxes by their boxes (the sets
/// in colex order), then by the states numbered of each, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct CardNumbering {
    /// For each set of boxes, the index of its first card among the cards of as many boxes,
    /// and above [`BOXES_SHIFT`] the number of boxes (read, not counted from the set's bits:
    /// the baseline x86-64 target has no instruction that counts them).
    first: Vec<u32>,
    /// For each pattern and state, the index of the state's card among its boxes' cards (the
    /// index of the total it is numbered at); `u8::MAX` where no card has that state.
    rank: Vec<[u8; STATES]>,
    /// For each pattern, its states numbered, in order.
    states: Vec<Vec<u8>>,
    /// The cards of each number of boxes.
    count: [u64; BOXES as usize + 1],
}

impl CardNumbering {
    /// The numbering, worked out from [`Card::new`] (which cards arise) and the totals merged.
    pub(super) fn new() -> Self {
        let mut rank = vec![[u8::MAX; STATES]; PATTERNS];
        let mut states = vec![Vec::new(); PATTERNS];
        for pattern in 0..PATTERNS {
            // A set of boxes of the pattern: its upper boxes and the Yahtzee box.
            let filled =
                (pattern & 0b11_1111) as u16 | if pattern >> 6 == 1 { YAHTZEE_BOX } else { 0 };
            let upper_and_flag = |at: usize| ((at / 2) as u8, at % 2 == 1);
            let totals = numbered_totals(filled);
            let arising: Vec<usize> = (0..STATES)
                .filter(|&at| {
                    let (upper, fifty) = upper_and_flag(at);
                    Card::new(Joker::Free, filled, upper, fifty).is_some()
                })
                .collect();
            let numbered_at = |at: usize| {
                let (upper, fifty) = upper_and_flag(at);
                state(totals[usize::from(upper)], fifty)
            };
            let numbered = arising.iter().filter(|&&at| numbered_at(at) == at);
            states[pattern] = numbered.map(|&at| at as u8).collect();
            for (i, &at) in states[pattern].iter().enumerate() {
                rank[pattern][usize::from(at)] = i as u8;
            }
            for &at in &arising {
                rank[pattern][at] = rank[pattern][numbered_at(at)];
            }
        }
        let mut first = vec![0; 1 << BOXES];
        let mut count = [0; BOXES as usize + 1];
        for (n, count) in (0..).zip(count.iter_mut()) {
            for &set in sets_of(n) {
                first[usize::from(set)] = *count as u32 | n << BOXES_SHIFT;
                *count += states[pattern(set)].len() as u64;
            }
        }
        Self {
            first,
            rank,
            states,
            count,
        }
    }

    /// The number of cards of `n` boxes.
    #[inline]
    pub(super) fn count(&self, n: u32) -> u64 {
        self.count.get(n as usize).copied().unwrap_or(0)
    }

    /// The index of `card` among the cards of as many boxes (that of the card it is numbered
    /// at).
    #[inline]
    pub(super) fn index(&self, card: &Card) -> u64 {
        self.numbered(card).1
    }

    /// The number of boxes of `card` and its [`index`](Self::index).
    #[inline]
    pub(super) fn numbered(&self, card: &Card) -> (u32, u64) {
        let filled = card.filled();
        let rank = self.rank[pattern(filled)][state(card.upper(), card.yahtzee_fifty())];
        let first = self.first[usize::from(filled)];
        let offset = first & ((1 << BOXES_SHIFT) - 1);
        (first >> BOXES_SHIFT, u64::from(offset) + u64::from(rank))
    }

    /// The index of the first card of the boxes `set` among the cards of as many boxes.
    #[inline]
    fn first_of(&self, set: u16) -> u64 {
        u64::from(self.first[usize::from(set)] & ((1 << BOXES_SHIFT) - 1))
    }

    /// The card at `index` among the cards of `n` boxes, scored by `joker`, if there is one.
    #[inline]
    pub(super) fn card(&self, joker: Joker, n: u32, index: u64) -> Option<Card> {
        let sets = sets_of(n);
        // The last set whose first card is at or before the index.
        let after = sets.partition_point(|&set| self.first_of(set) <= index);
        let set = sets.get(after.checked_sub(1)?).copied()?;
        self.card_of(joker, set, index)
    }

    /// The card at `index` if it is one of the boxes `set`'s, scored by `joker`.
    #[inline]
    pub(super) fn card_of(&self, joker: Joker, set: u16, index: u64) -> Option<Card> {
        let at = index.checked_sub(self.first_of(set))?;
        let state = *self.states[pattern(set)].get(usize::try_from(at).ok()?)?;
        Card::new(joker, set, state / 2, state % 2 == 1)
    }

    /// Calls `visit` with each index of `cards` among the cards of `n` boxes and its card,
    /// scored by `joker`, in order: the boxes found once, then stepped through.
    pub(super) fn for_each_card(
        &self,
        joker: Joker,
        n: u32,
        cards: std::ops::Range<u64>,
        mut visit: impl FnMut(u64, Card),
    ) {
        let sets = sets_of(n);
        let end = cards.end.min(self.count(n));
        let mut at = sets.partition_point(|&set| self.first_of(set) <= cards.start);
        let mut index = cards.start;
        while index < end {
            let Some(&set) = sets.get(at.wrapping_sub(1)) else {
                return;
            };
            let set_end = sets
                .get(at)
                .map_or(end, |&next| self.first_of(next).min(end));
            for i in index..set_end {
                if let Some(card) = self.card_of(joker, set, i) {
                    visit(i, card);
                }
            }
            index = set_end;
            at += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// The sums to come by brute force: every count of dice, 0 to 5, in each empty upper box.
    fn sums_by_counts(filled: u16) -> Vec<u32> {
        let mut sums = vec![0];
        for face in (1..=6).filter(|face| filled & 1 << (face - 1) == 0) {
            sums = sums
                .iter()
                .flat_map(|&sum| (0..=5).map(move |count| sum + face * count))
                .collect();
            sums.sort_unstable();
            sums.dedup();
        }
        sums
    }

    /// Which sums to come would earn the bonus from the total `upper`: what the turns to
    /// come tell totals apart by.
    fn bonus_sums(sums: &[u32], upper: u8) -> Vec<bool> {
        let goal = u32::from(UPPER_GOAL);
        sums.iter()
            .map(|&sum| upper < UPPER_GOAL && u32::from(upper) + sum >= goal)
            .collect()
    }

    /// Every card that can arise, under both rules: its index is below its count and names
    /// the card itself, or the card of the least total that earns the bonus from the same
    /// sums to come (found by brute force); every index names a card.
    #[test]
    fn every_card_has_an_index_that_names_it_or_the_card_it_is_merged_with() {
        let cards = CardNumbering::new();
        let mut named = vec![HashSet::new(); BOXES as usize + 1];
        for joker in [Joker::Free, Joker::Forced] {
            for filled in 0..1u16 << BOXES {
                let sums = sums_by_counts(filled);
                for (upper, fifty) in (0..64).flat_map(|u| [(u, false), (u, true)]) {
                    let Some(card) = Card::new(joker, filled, upper, fifty) else {
                        continue;
                    };
                    let n = card.turns_played();
                    let index = cards.index(&card);
                    assert!(index < cards.count(n), "{card:?}");
                    let alike = (0..=upper)
                        .filter(|&u| Card::new(joker, filled, u, fifty).is_some())
                        .find(|&u| bonus_sums(&sums, u) == bonus_sums(&sums, upper));
                    let numbered = alike.and_then(|u| Card::new(joker, filled, u, fifty));
                    assert_eq!(cards.card(joker, n, index), numbered, "{card:?}");
                    named[n as usize].insert(index);
                }
            }
        }
        for (n, indices) in named.iter().enumerate() {
            assert_eq!(indices.len() as u64, cards.count(n as u32), "{n} boxes");
        }
        assert_eq!(cards.count(BOXES), 2);
    }

    /// Stepping through runs of cards gives what looking each up gives.
    #[test]
    fn stepping_through_cards_is_looking_each_up() {
        let cards = CardNumbering::new();
        for n in [0, 1, 6, 12, 13] {
            let count = cards.count(n);
            for range in [0..count, count / 3..count / 2 + 1, count - 1..count + 5] {
                let mut stepped = Vec::new();
                cards.for_each_card(Joker::Free, n, range.clone(), |i, card| {
                    stepped.push((i, card));
                });
                let looked_up: Vec<_> = (range.start..range.end.min(count))
                    .map(|i| (i, cards.card(Joker::Free, n, i).expect("a card")))
                    .collect();
                assert_eq!(stepped, looked_up, "{n} boxes, {range:?}");
            }
        }
        assert_eq!(cards.card(Joker::Free, 6, cards.count(6)), None);
        assert_eq!(cards.card(Joker::Free, 14, 0), None);
    }
}
