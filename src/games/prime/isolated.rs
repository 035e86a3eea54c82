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
//! So among the numbers with no multiple left, the search keeps only the largest of each
//! divisor set. Isolated numbers are the group with the empty set; once every number left is
//! isolated the players take them largest first, and the value is the alternating sum.

/// Appends to `out` the moves a search must try: every number with a multiple left, and for
/// each set of divisors left the largest number without multiples that has it. `numbers` comes
/// largest first; `top_divisors(x)` is `None` when x has a multiple left, else its divisors on
/// the board, as a value that identifies the set.
pub(crate) fn push_search_moves<D: PartialEq>(
    descending: impl Iterator<Item = u32>,
    mut top_divisors: impl FnMut(u32) -> Option<D>,
    out: &mut Vec<u32>,
) {
    let mut seen: Vec<D> = Vec::new();
    for x in descending {
        match top_divisors(x) {
            Some(divisors) if seen.contains(&divisors) => {}
            Some(divisors) => {
                seen.push(divisors);
                out.push(x);
            }
            None => out.push(x),
        }
    }
}

/// The value for the mover of a board of isolated numbers, given largest first:
/// x1 - x2 + x3 - ...
pub(crate) fn alternating_sum(descending: impl Iterator<Item = u32>) -> i64 {
    descending
        .zip([1i64, -1].into_iter().cycle())
        .map(|(x, sign)| sign * i64::from(x))
        .sum()
}
