//! `MisereQuotient`, a finite commutative monoid with its P-portion, and the map from heaps to
//! its elements: outcomes and winning moves of misère sums.

use crate::game::{HeapGame, HeapOption};
use crate::grundy::Outcome;
use crate::grundy::misere::build::{self, Candidate};
use crate::grundy::misere::monoid::{Monoid, Mul};
use crate::grundy::misere::{MAX_QUOTIENT_HEAP, QuotientError, QuotientLimits};
use std::fmt;

/// An element of a [`MisereQuotient`]: the class of every position that plays like it in
/// every sum. Its number is its place in the quotient's breadth-first order (the identity is
/// 0); [`MisereQuotient::presentation`] writes it as a word in the generators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MisereElement(pub(crate) u32);

impl MisereElement {
    /// The element's number, from 0 (the identity) to the quotient's order less one.
    #[must_use]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for MisereElement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// The misère quotient of a heap game for heaps up to a bound: a finite commutative monoid,
/// its P-portion, and each heap's element (see the [module docs](crate::grundy::misere) for
/// the theory and the proof behind every quotient built).
///
/// The misère outcome of a sum of heaps is the product of their elements, looked up in the
/// P-portion: a sum of a thousand heaps is a thousand table lookups.
///
/// # Examples
///
/// Misère Kayles: the quotient, then the outcome of a sum and its winning moves.
///
/// ```
/// use gamesolver::grundy::misere::MisereQuotient;
/// use gamesolver::grundy::Outcome;
/// use gamesolver::games::octal::OctalGame;
///
/// let kayles = OctalGame::kayles();
/// let quotient = MisereQuotient::compute(&kayles, 12)?;
/// assert_eq!(quotient.outcome(&[1])?, Outcome::P); // the mover must take the last pin
/// assert_eq!(quotient.outcome(&[1, 1])?, Outcome::N); // take one, leave the last
/// assert_eq!(quotient.outcome(&[2, 2])?, Outcome::P);
/// assert_eq!(quotient.outcome(&[3, 5, 7])?, Outcome::N);
/// assert_eq!(quotient.order() % 2, 0); // every misère quotient has even order
/// let winning = quotient.winning_options(&kayles, &[3, 5, 7])?;
/// assert!(!winning.is_empty());
/// # Ok::<(), gamesolver::grundy::misere::QuotientError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MisereQuotient {
    pub(crate) monoid: Monoid,
    pub(crate) p: Vec<bool>,
    /// Heap 0..=bound to element.
    pub(crate) image: Vec<u32>,
}

impl MisereQuotient {
    /// The quotient of all sums of heaps 0..=`bound` of `rules`, within the default
    /// [`QuotientLimits`].
    ///
    /// # Errors
    ///
    /// As [`compute_with`](Self::compute_with).
    pub fn compute<H: HeapGame + ?Sized>(rules: &H, bound: u64) -> Result<Self, QuotientError> {
        Self::compute_with(rules, bound, &QuotientLimits::default())
    }

    /// The quotient of all sums of heaps 0..=`bound` of `rules`, within `limits`.
    ///
    /// # Errors
    ///
    /// [`QuotientError::ZeroOrderLimit`] for a size limit of 0,
    /// [`QuotientError::BoundTooLarge`] past [`MAX_QUOTIENT_HEAP`],
    /// [`QuotientError::TooManyOptions`], [`QuotientError::TooLarge`] or
    /// [`QuotientError::TooManyStates`] past a limit, [`QuotientError::OptionNotSmaller`] for
    /// rules that break [`HeapGame::options`]' contract, and [`QuotientError::NotFound`] when
    /// no candidate the builder knows how to make passes the check.
    pub fn compute_with<H: HeapGame + ?Sized>(
        rules: &H,
        bound: u64,
        limits: &QuotientLimits,
    ) -> Result<Self, QuotientError> {
        if limits.max_order == 0 {
            return Err(QuotientError::ZeroOrderLimit);
        }
        if bound > MAX_QUOTIENT_HEAP {
            return Err(QuotientError::BoundTooLarge {
                bound,
                limit: MAX_QUOTIENT_HEAP,
            });
        }
        let options = build::heap_options(rules, bound, limits.max_options)?;
        let Candidate { monoid, p, image } = build::build(&options, limits)?;
        Ok(Self { monoid, p, image })
    }

    /// How many elements the quotient has.
    #[must_use]
    pub fn order(&self) -> usize {
        self.monoid.order()
    }

    /// The largest heap the quotient covers.
    #[must_use]
    pub fn bound(&self) -> u64 {
        self.image.len() as u64 - 1
    }

    /// The identity: the class of the empty position.
    #[must_use]
    pub fn identity(&self) -> MisereElement {
        MisereElement(0)
    }

    /// Every element, the identity first.
    pub fn elements(&self) -> impl Iterator<Item = MisereElement> + '_ {
        (0..self.order() as u32).map(MisereElement)
    }

    /// The product of two elements: the class of the sum of positions of those classes.
    #[must_use]
    pub fn product(&self, x: MisereElement, y: MisereElement) -> MisereElement {
        MisereElement(self.monoid.mul(x.0, y.0))
    }

    /// Whether positions of this class are misère P-positions (the player to move loses).
    #[must_use]
    pub fn is_p(&self, x: MisereElement) -> bool {
        self.p[x.index()]
    }

    /// The P-portion: the classes of misère P-positions.
    pub fn p_portion(&self) -> impl Iterator<Item = MisereElement> + '_ {
        self.elements().filter(|&x| self.is_p(x))
    }

    /// The element of a single heap.
    ///
    /// # Errors
    ///
    /// [`QuotientError::PastBound`] for a heap past the quotient's bound.
    pub fn heap(&self, heap: u64) -> Result<MisereElement, QuotientError> {
        usize::try_from(heap)
            .ok()
            .and_then(|h| self.image.get(h))
            .map(|&x| MisereElement(x))
            .ok_or(QuotientError::PastBound {
                heap,
                bound: self.bound(),
            })
    }

    /// The element of a sum of heaps: the product of theirs.
    ///
    /// # Errors
    ///
    /// [`QuotientError::PastBound`] for a heap past the quotient's bound.
    pub fn element(&self, heaps: &[u64]) -> Result<MisereElement, QuotientError> {
        heaps
            .iter()
            .try_fold(self.identity(), |x, &h| Ok(self.product(x, self.heap(h)?)))
    }

    /// The misère outcome of a sum of heaps.
    ///
    /// # Errors
    ///
    /// [`QuotientError::PastBound`] for a heap past the quotient's bound.
    pub fn outcome(&self, heaps: &[u64]) -> Result<Outcome, QuotientError> {
        Ok(if self.is_p(self.element(heaps)?) {
            Outcome::P
        } else {
            Outcome::N
        })
    }

    /// Every winning move of a sum of heaps under misère play, as (heap index, option of
    /// `rules` on that heap), in heap order then the rules' order; empty for a P-position.
    /// `rules` must be the rules the quotient was built from.
    ///
    /// The elements of the sum without each heap come from products of the prefixes and
    /// suffixes, so the moves of n heaps cost O(n) products and one per option.
    ///
    /// # Errors
    ///
    /// [`QuotientError::PastBound`] for a heap past the quotient's bound.
    pub fn winning_options<H: HeapGame + ?Sized>(
        &self,
        rules: &H,
        heaps: &[u64],
    ) -> Result<Vec<(usize, HeapOption)>, QuotientError> {
        let elements = heaps
            .iter()
            .map(|&h| self.heap(h))
            .collect::<Result<Vec<_>, _>>()?;
        let mut suffix = vec![self.identity(); heaps.len() + 1];
        for i in (0..heaps.len()).rev() {
            suffix[i] = self.product(elements[i], suffix[i + 1]);
        }
        let mut winning = Vec::new();
        let mut prefix = self.identity();
        let mut options = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            let rest = self.product(prefix, suffix[i + 1]);
            options.clear();
            rules.options(h, &mut options);
            for &option in &options {
                let [a, b] = option.remain;
                let after = self.product(rest, self.product(self.heap(a)?, self.heap(b)?));
                if self.is_p(after) {
                    winning.push((i, option));
                }
            }
            prefix = self.product(prefix, elements[i]);
        }
        Ok(winning)
    }

    /// The smallest (preperiod, period) with which the heaps' elements repeat within the
    /// bound, seen at least twice over: an observation, not a proof that it goes on.
    #[must_use]
    pub fn observed_period(&self) -> Option<(u64, u64)> {
        let n = self.image.len();
        (1..=n / 2).find_map(|period| {
            // The first heap from which everything up to the bound repeats.
            let mut start = n - period;
            while start > 0 && self.image[start - 1] == self.image[start - 1 + period] {
                start -= 1;
            }
            (n - start >= 2 * period).then_some((start as u64, period as u64))
        })
    }

    /// Whether the quotient is tame: isomorphic, P-portion included, to a misère quotient of
    /// Nim (Z2, or T2, T3, ... for Nim heaps up to 1, 3, 7, ...), so that sums play as misère
    /// Nim does, each heap as some Nim position (not always the Nim heap of its Grundy value:
    /// heap 3 of 0.31, of value 0, plays as *2 + *2). Nim quotients up to heaps of 63 are
    /// tried, which covers every quotient of order up to 66.
    #[must_use]
    pub fn is_tame(&self) -> bool {
        let generators: Vec<u32> = self
            .generator_heaps()
            .iter()
            .map(|&h| self.image[h as usize])
            .collect();
        for bound in [0, 1, 3, 7, 15, 31, 63] {
            let Ok(nim) = Self::compute(&Nim, bound) else {
                return false;
            };
            if nim.order() > self.order() {
                return false;
            }
            if nim.order() == self.order()
                && nim.p_portion().count() == self.p_portion().count()
                && self.isomorphic_from(&nim, &generators, &mut Vec::new())
            {
                return true;
            }
        }
        false
    }

    /// The heaps whose elements the earlier heaps' elements do not generate, in heap order:
    /// their elements generate the quotient.
    pub(crate) fn generator_heaps(&self) -> Vec<u64> {
        let mut heaps = Vec::new();
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        for (heap, &x) in self.image.iter().enumerate() {
            // The identity map on what the generators so far reach.
            let reached = self.extend_map(self, &pairs).unwrap_or_default();
            if reached.get(x as usize) == Some(&u32::MAX) {
                heaps.push(heap as u64);
                pairs.push((x, x));
            }
        }
        heaps
    }

    /// Whether the generators' images, chosen one by one (`pairs` so far), extend to an
    /// isomorphism onto `other`: each choice is kept only while the map it generates stays
    /// consistent.
    fn isomorphic_from(
        &self,
        other: &Self,
        generators: &[u32],
        pairs: &mut Vec<(u32, u32)>,
    ) -> bool {
        let Some((&g, rest)) = generators.split_first() else {
            return self
                .extend_map(other, pairs)
                .is_some_and(|map| map.iter().all(|&y| y != u32::MAX));
        };
        for y in 0..other.order() as u32 {
            if self.p[g as usize] != other.p[y as usize] {
                continue;
            }
            pairs.push((g, y));
            if self.extend_map(other, pairs).is_some() && self.isomorphic_from(other, rest, pairs) {
                return true;
            }
            pairs.pop();
        }
        false
    }

    /// The map that sending each pair's first element to its second generates, on the
    /// elements those generate (`u32::MAX` elsewhere); `None` if it is not a one-to-one map
    /// that keeps the P-portions.
    fn extend_map(&self, other: &Self, pairs: &[(u32, u32)]) -> Option<Vec<u32>> {
        let mut map = vec![u32::MAX; self.order()];
        let mut taken = vec![false; other.order()];
        let mut queue = vec![(0u32, 0u32)];
        map[0] = 0;
        taken[0] = true;
        while let Some((x, y)) = queue.pop() {
            if self.p[x as usize] != other.p[y as usize] {
                return None;
            }
            for &(gx, gy) in pairs {
                let (x2, y2) = (self.monoid.mul(x, gx), other.monoid.mul(y, gy));
                match map[x2 as usize] {
                    u32::MAX if !taken[y2 as usize] => {
                        map[x2 as usize] = y2;
                        taken[y2 as usize] = true;
                        queue.push((x2, y2));
                    }
                    mapped if mapped == y2 => {}
                    _ => return None,
                }
            }
        }
        Some(map)
    }
}

/// Nim: a move takes any number of tokens from one heap.
struct Nim;

impl HeapGame for Nim {
    fn options(&self, heap: u64, out: &mut Vec<HeapOption>) {
        out.extend((1..=heap).map(|take| HeapOption {
            take,
            remain: [heap - take, 0],
        }));
    }
}
