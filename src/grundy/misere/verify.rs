//! The check that makes a candidate quotient a proof: every position's outcome agrees with the
//! candidate's P-portion, over all positions at once (see the module docs for why finitely
//! many states cover them).

use crate::grundy::misere::monoid::{Monoid, Mul};
use rustc_hash::FxHashSet;

/// A set of monoid elements, one bit each.
pub(crate) type Bits = Vec<u64>;

pub(crate) fn bits_for(order: usize) -> Bits {
    vec![0; order.div_ceil(64)]
}

pub(crate) fn set(bits: &mut Bits, x: u32) {
    bits[x as usize / 64] |= 1 << (x % 64);
}

/// The elements of a set, ascending.
pub(crate) fn elements(bits: &Bits) -> impl Iterator<Item = u32> + '_ {
    bits.iter().enumerate().flat_map(|(w, &word)| {
        let mut rest = word;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let b = rest.trailing_zeros();
                rest &= rest - 1;
                w as u32 * 64 + b
            })
        })
    })
}

/// One heap as the check sees it: its element and the elements of its options. Heaps with the
/// same pair act alike, so the check keeps one heap of each kind.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct HeapKind {
    /// The smallest heap of this kind, to name a failing position.
    pub(crate) heap: u64,
    pub(crate) element: u32,
    pub(crate) options: Vec<u32>,
}

/// The options' elements of `x + heap` from those of x (`options`) and x's element `e`:
/// a move in x (each option times the heap's element) or in the heap (e times its options).
pub(crate) fn add_heap(monoid: &Monoid, e: u32, options: &Bits, kind: &HeapKind) -> Bits {
    let mut next = bits_for(monoid.order());
    for x in elements(options) {
        set(&mut next, monoid.mul(x, kind.element));
    }
    for &o in &kind.options {
        set(&mut next, monoid.mul(e, o));
    }
    next
}

/// Whether a position of element `e` whose options have the elements `options` is placed right:
/// in the P-portion exactly when it has a move and no move reaches the P-portion.
pub(crate) fn consistent(p: &[bool], e: u32, options: &Bits) -> bool {
    let has_move = options.iter().any(|&w| w != 0);
    let to_p = elements(options).any(|x| p[x as usize]);
    p[e as usize] == (has_move && !to_p)
}

/// Why a candidate failed its check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Failure {
    /// This position (its heaps) is misplaced.
    Position(Vec<u64>),
    /// More states than the limit.
    TooManyStates,
}

/// Checks every position of the heaps in `kinds` against the P-portion `p`: visits every pair
/// (element, elements of the options) that a position reaches, from the empty position on.
///
/// # Errors
///
/// The first misplaced position found, or [`Failure::TooManyStates`] past `max_states` pairs.
pub(crate) fn verify(
    monoid: &Monoid,
    p: &[bool],
    kinds: &[HeapKind],
    max_states: usize,
) -> Result<(), Failure> {
    let empty = (0u32, bits_for(monoid.order()));
    // Each state once, in the order found; its parent and the kind that led to it.
    let mut states: Vec<(u32, Bits)> = vec![empty.clone()];
    let mut parents: Vec<(usize, usize)> = vec![(0, 0)];
    let mut seen: FxHashSet<(u32, Bits)> = FxHashSet::default();
    seen.insert(empty);
    let mut next = 0;
    while next < states.len() {
        let (e, options) = &states[next];
        let e = *e;
        if !consistent(p, e, options) {
            return Err(Failure::Position(word(&parents, kinds, next)));
        }
        let mut found = Vec::new();
        for (k, kind) in kinds.iter().enumerate() {
            let key = (
                monoid.mul(e, kind.element),
                add_heap(monoid, e, options, kind),
            );
            if !seen.contains(&key) {
                seen.insert(key.clone());
                found.push((key, k));
            }
        }
        for (key, k) in found {
            if states.len() >= max_states {
                return Err(Failure::TooManyStates);
            }
            states.push(key);
            parents.push((next, k));
        }
        next += 1;
    }
    Ok(())
}

/// The heaps of a position that reaches state `at`.
fn word(parents: &[(usize, usize)], kinds: &[HeapKind], mut at: usize) -> Vec<u64> {
    let mut heaps = Vec::new();
    while at != 0 {
        heaps.push(kinds[parents[at].1].heap);
        at = parents[at].0;
    }
    heaps.sort_unstable();
    heaps
}

/// The least misplaced position in colex order (fewest copies of the largest heap first, then
/// of the next, ...), or `None` if every position is placed right. All positions before it are
/// then placed right, its options among them (an option trades a heap for smaller ones), so
/// its own side is the one to change. `heaps[h]` is heap h's kind, heap 0 included.
///
/// # Errors
///
/// [`Failure::TooManyStates`] past `max_states` visited (heap, element, options) triples.
pub(crate) fn least_failure(
    monoid: &Monoid,
    p: &[bool],
    heaps: &[HeapKind],
    max_states: usize,
) -> Result<Option<Vec<u64>>, Failure> {
    let mut search = Colex {
        monoid,
        p,
        heaps,
        max_states,
        visited: FxHashSet::default(),
        copies: vec![0; heaps.len()],
    };
    let top = heaps.len() - 1;
    let empty = bits_for(monoid.order());
    search.from(top, 0, empty)
}

struct Colex<'a> {
    monoid: &'a Monoid,
    p: &'a [bool],
    heaps: &'a [HeapKind],
    max_states: usize,
    /// (heap, element, options) triples whose completions by heaps up to `heap` were searched.
    visited: FxHashSet<(usize, u32, Bits)>,
    copies: Vec<u32>,
}

impl Colex<'_> {
    /// Searches the completions of a position (element e, options' elements `options`) by
    /// copies of heaps 1..=level, in colex order.
    fn from(&mut self, level: usize, e: u32, options: Bits) -> Result<Option<Vec<u64>>, Failure> {
        if level == 0 {
            return Ok((!consistent(self.p, e, &options)).then(|| self.position()));
        }
        let (mut e, mut options) = (e, options);
        let kind = &self.heaps[level];
        loop {
            if !self.visited.insert((level, e, options.clone())) {
                break;
            }
            if self.visited.len() > self.max_states {
                return Err(Failure::TooManyStates);
            }
            if let Some(found) = self.from(level - 1, e, options.clone())? {
                return Ok(Some(found));
            }
            if kind.options.is_empty() {
                break;
            }
            options = add_heap(self.monoid, e, &options, kind);
            e = self.monoid.mul(e, kind.element);
            self.copies[level] += 1;
        }
        self.copies[level] = 0;
        Ok(None)
    }

    fn position(&self) -> Vec<u64> {
        let mut heaps = Vec::new();
        for (heap, &count) in self.copies.iter().enumerate() {
            heaps.extend(std::iter::repeat_n(heap as u64, count as usize));
        }
        heaps
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::misere::monoid::{Mul, Product};

    /// Z2 = {1, a}, a the element of a Nim heap of 1.
    fn z2() -> Monoid {
        let mut product = Product::new(Monoid::trivial());
        product.add_cyclic(0, 2);
        product.quotient(&[0, 1], 2)
    }

    /// Heap 0, then heap 1, as `least_failure` takes them.
    fn heaps_to_one() -> [HeapKind; 2] {
        let none = HeapKind {
            heap: 0,
            element: 0,
            options: vec![],
        };
        [none, heap_one()]
    }

    fn heap_one() -> HeapKind {
        HeapKind {
            heap: 1,
            element: 1,
            options: vec![0],
        }
    }

    #[test]
    fn the_check_passes_misere_nim_on_heaps_of_one() {
        // An odd number of heaps of one is a misère P-position.
        assert!(verify(&z2(), &[false, true], &[heap_one()], 100).is_ok());
        assert_eq!(
            least_failure(&z2(), &[false, true], &heaps_to_one(), 100),
            Ok(None)
        );
    }

    #[test]
    fn a_wrong_p_portion_is_caught_at_its_least_position() {
        // Claiming every position N: the single heap, with no move to P, is misplaced.
        assert_eq!(
            verify(&z2(), &[false, false], &[heap_one()], 100),
            Err(Failure::Position(vec![1]))
        );
        assert_eq!(
            least_failure(&z2(), &[false, false], &heaps_to_one(), 100),
            Ok(Some(vec![1]))
        );
        // Claiming the empty position P: misplaced at once.
        assert_eq!(
            verify(&z2(), &[true, true], &[heap_one()], 100),
            Err(Failure::Position(vec![]))
        );
        // A heap of two sent to the identity cannot be right: it has a move to a P-position.
        let heap_two = HeapKind {
            heap: 2,
            element: 0,
            options: vec![0, 1],
        };
        assert!(matches!(
            verify(&z2(), &[false, true], &[heap_one(), heap_two], 100),
            Err(Failure::Position(_))
        ));
        assert_eq!(
            verify(&z2(), &[false, true], &[heap_one()], 1),
            Err(Failure::TooManyStates)
        );
    }
}
