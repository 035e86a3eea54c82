//! Proven move reductions for numbers that have no multiple left on the board.
//!
//! An *isolated* number (no divisor and no multiple left) is a pure point move: taking it
//! scores its value and changes nothing else, now or later, since the board only shrinks. Two
//! positions that differ only in which isolated number remains, x or y, differ in value by at
//! most |x - y| (the same play scores the same but for that one number).
//!
//! More generally, let x < y both have no multiple left and the same set D of divisors left.
//! Taking y leaves x isolated, taking x leaves y isolated, on the same board otherwise, and
//! both hand the opponent sum(D). By the bound above, taking y is never worse than taking x.
//! So among the numbers with no multiple left, a search need keep only the largest of each
//! divisor set. The mask boards ([`SmallPrimeGame`](crate::games::prime::SmallPrimeGame),
//! [`WidePrimeGame`](crate::games::prime::WidePrimeGame)) group the empty set, every set of one divisor, and
//! up to eight larger sets a node (a set past those is kept ungrouped, which is always sound);
//! [`PrimeGame`](crate::games::prime::PrimeGame) keeps its incremental state cheap and groups only the
//! isolated numbers, the empty set.
//! Once every number left is isolated the players take them largest first, and the value is
//! the alternating sum.

/// The value for the mover of a board of isolated numbers, given largest first:
/// x1 - x2 + x3 - ...
pub(crate) fn alternating_sum(descending: impl Iterator<Item = u32>) -> i64 {
    descending
        .zip([1i64, -1].into_iter().cycle())
        .map(|(x, sign)| sign * i64::from(x))
        .sum()
}
