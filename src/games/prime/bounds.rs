//! Proven bounds on the value of every PrimeGame position: the mover never loses, and never
//! gains more than the best single move's margin.
//!
//! Write v(S) for the value of board S (mover's optimal margin), m(x) = x - (sum of x's
//! divisors on S) for the margin of taking x, and S_x for the board after taking x, so
//! v(S) = max over x of m(x) - v(S_x), and v(empty) = 0.
//!
//! **Theorem.** 0 <= v(S) <= max over x of m(x), for every board S.
//!
//! The upper bound follows from the lower one: every term m(x) - v(S_x) is at most m(x). The
//! lower bound is proven together with a lemma, by induction on the size of the board: each
//! step below uses the two statements only on smaller boards.
//!
//! **Lemma.** If y is not on T and no divisor of y is, then |v(T + y) - v(T)| <= y.
//!
//! *Lemma, at most.* In T + y, taking y scores y - v(T) <= y + v(T), as v(T) >= 0 (smaller
//! board). Taking a multiple x of y scores m_T(x) - y - v(T_x) <= v(T) - y, since y goes to
//! the opponent and leaves with x. Taking any other x scores m_T(x) - v(T_x + y), and
//! v(T_x + y) >= v(T_x) - y (lemma, smaller board), so at most v(T) + y.
//! *Lemma, at least.* For an empty T, v(y) = y. Otherwise play T's optimal move x in T + y: if
//! y divides x it scores v(T) - y as above; otherwise m_T(x) - v(T_x + y) >=
//! m_T(x) - v(T_x) - y = v(T) - y (lemma, smaller board).
//!
//! *Theorem, lower bound.* Let y be the smallest number of S (no divisor of it is on S) and
//! S' = S - y. If v(S') <= y, taking y scores y - v(S') >= 0. Otherwise steal the opponent's
//! best reply x in S': if y divides x, taking x in S scores v(S') - y > 0; if not, it scores
//! m_S'(x) - v(S'_x + y) >= m_S'(x) - v(S'_x) - y = v(S') - y > 0 by the lemma.
//!
//! Nothing here is special to divisors beyond "taking x hands the opponent the numbers below
//! it in a fixed relation"; the tests check the theorem against exhaustive values of every
//! board inside 1..=18.

use std::ops::RangeInclusive;

/// The proven range of a board's value, given the largest margin of a move on it (`None`
/// for an empty board, worth 0).
pub(crate) fn value_range(max_margin: Option<i64>) -> RangeInclusive<i64> {
    0..=max_margin.unwrap_or(0).max(0)
}
