//! Misère quotients: the outcome of any sum of heaps under misère play, by a finite monoid.
//!
//! Under misère play the values of heaps do not add up as Grundy values do. Plambeck's
//! quotient (Plambeck 2005, "Taming the wild in impartial combinatorial games"; Plambeck and
//! Siegel 2008, "Misère quotients for impartial games") restores a calculus: for the set A of
//! all sums of heaps up to a bound, two positions G and H are *indistinguishable* when
//! G + X and H + X have the same misère outcome for every X in A. The classes form a finite
//! commutative monoid Q (sums of positions multiply their classes), the *P-portion* is the set
//! of classes of P-positions, and each heap size maps to an element. The outcome of a sum of
//! any number of heaps is then a product in Q and one lookup: [`MisereQuotient`].
//!
//! # How the quotient is found, and why it is right
//!
//! The builder adds one heap size at a time. It first tries to give the new heap an element of
//! the quotient so far; failing that the heap becomes a generator of its own, a cyclic monoid
//! ⟨y | y^(t+p) = y^t⟩ beside the quotient so far. Each element of such a product is marked P
//! or N by the first position (in colex order) that reaches it, and the elements no product
//! tells apart are merged. When the check below finds a misplaced position, some of its heaps
//! (fewest first) are freed the same way, each a generator of its own, until the position
//! changes side; if none does, the least misplaced position in colex order, whose options are
//! all placed right, is freed instead (Siegel's MisereSolver recalibrates in this spirit). The
//! result is only a *candidate* until it passes the check, and only checked candidates are
//! kept. What the tests compare against brute force is thus a proof, not a heuristic:
//!
//! **Verification.** Let Φ map each heap to an element of a finite commutative monoid Q
//! (heap 0 and heaps without a move to the identity 1), extended to sums by products, and let
//! P ⊆ Q. Suppose every position G in A satisfies
//! Φ(G) ∈ P ⟺ (G has a move, and no option G' of G has Φ(G') ∈ P). Then Φ(G) ∈ P exactly
//! when G is a misère P-position. *Proof*, by induction on G: under misère play G is a
//! P-position exactly when it has a move and every option is an N-position, and by induction
//! an option G' is a P-position exactly when Φ(G') ∈ P. ∎
//!
//! **Finitely many checks.** The condition at G depends only on the pair
//! (Φ(G), {Φ(G') : G' an option of G}). Adding a heap h to G maps the pair (e, S) to
//! (e·Φ(h), S·Φ(h) ∪ e·Ω(h)), Ω(h) the elements of h's options, since an option of G + h
//! moves either in G or in h. So the pairs of all positions are the pairs reached from
//! (1, ∅) by these maps: a finite set, at most |Q|·2^|Q|, visited breadth first. Heaps with
//! the same (Φ(h), Ω(h)) act alike and are visited once.
//!
//! **Exact, not just correct.** If Φ is onto and correct, G ≡ H exactly when Φ(G) and Φ(H)
//! agree on P after every product (every X in A has some element, and every element some X).
//! The builder merges elements by that very relation (Moore's refinement over the heaps'
//! elements), so a checked candidate *is* the quotient: no two of its elements are
//! indistinguishable.
//!
//! Plambeck and Siegel proved that every misère quotient of impartial games (other than the
//! trivial one, of games with no move at all) has even order; the tests assert it of every
//! quotient built.
//!
//! # Tame games
//!
//! A quotient is *tame* when it is one of misère Nim's (Z2, T2 = ⟨a, b | a² = 1, b³ = b⟩, ...),
//! P-portion included: then sums play as misère Nim, by Bouton's misère rule (with all values 0
//! or 1 the mover loses with an odd count of 1s; otherwise as in normal play), each heap as
//! some Nim position. [`MisereQuotient::is_tame`] looks for such an isomorphism. The
//! subtraction games {1, ..., k} are tame, which is the rule
//! [`preset_outcome`](crate::games::subtraction::preset_outcome) uses; so is 0.31, whose heap 3,
//! of Grundy value 0, plays as *2 + *2.
//!
//! # Against the literature
//!
//! Each figure below is the crate's own run (`misere quotient GAME --upto N`), set beside
//! what the papers print; the tests check the first three.
//!
//! - Misère Nim: heaps up to 1 give Z2; up to 2 or 3, T2 = ⟨a, b | a² = 1, b³ = b⟩ of order 6
//!   with P-portion {a, b²}; up to 7, order 10: the misère Nim quotients of Plambeck and
//!   Siegel, each tame.
//! - 0.75: ⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩, P-portion {a, b²}, order 8, from heap 5
//!   on: the monoid Plambeck and Siegel call R8, the smallest wild quotient.
//! - Dawson's Kayles (0.07): order 360 for heaps up to 30, as Siegel reports for MisereSolver
//!   (Q₃₀(0.07) of size 360). Dawson's Chess (0.137) is the same game shifted by one heap, and
//!   its quotients match those of 0.07 one heap further (a test).
//! - Kayles (0.77): tame to heap 4 (T2), wild from heap 5 (order 12); order 40 with a
//!   P-portion of 9 from heap 27 up to heap 150 at least.
//!
//! # What the builder cannot do
//!
//! Some games have quotients that grow without end (0.6 passes 4096 elements by heap 17), and
//! then the builder stops at the size limit ([`QuotientError::TooLarge`]). A candidate that
//! needs more than a new cyclic generator for up to three heaps of a misplaced position is not
//! found ([`QuotientError::NotFound`]). Dawson's Kayles stops at heap 34 (order 638 at heap
//! 33), where every candidate passes the size limit (with a limit of 12,000, one reaches
//! 22,496 after a minute). Neither gives a wrong answer: only
//! checked quotients are returned.

mod build;
mod monoid;
mod presentation;
mod quotient;
mod verify;

pub use presentation::Presentation;
pub use quotient::{MisereElement, MisereQuotient};

use thiserror::Error;

/// The largest heap bound a quotient takes: 2^12 (the positions it checks hold every heap
/// size up to the bound).
pub const MAX_QUOTIENT_HEAP: u64 = 1 << 12;

/// The limits a quotient's computation stays within; past one it stops with a
/// [`QuotientError`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct QuotientLimits {
    /// The largest quotient accepted (its order); default 4096.
    pub max_order: usize,
    /// The most (element, option elements) pairs one check visits; default 2^21.
    pub max_states: usize,
    /// The most heap options held, over all heaps up to the bound; default 2^22.
    pub max_options: usize,
}

impl Default for QuotientLimits {
    fn default() -> Self {
        Self {
            max_order: 4096,
            max_states: 1 << 21,
            max_options: 1 << 22,
        }
    }
}

impl QuotientLimits {
    /// The same limits with another largest order.
    #[must_use]
    pub fn with_max_order(mut self, max_order: usize) -> Self {
        self.max_order = max_order;
        self
    }

    /// The same limits with another number of check states.
    #[must_use]
    pub fn with_max_states(mut self, max_states: usize) -> Self {
        self.max_states = max_states;
        self
    }
}

/// Why a misère quotient was not built or could not answer.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Error)]
pub enum QuotientError {
    /// A size limit of 0 admits no quotient (the trivial one has one element).
    #[error("a quotient size limit of 0 admits no quotient; give at least 1")]
    ZeroOrderLimit,
    /// A heap bound past [`MAX_QUOTIENT_HEAP`].
    #[error("a heap bound of {bound} exceeds the limit of {limit}")]
    BoundTooLarge {
        /// The bound given.
        bound: u64,
        /// The limit.
        limit: u64,
    },
    /// The heaps' options up to the bound are more than the limit.
    #[error("the options of heaps up to {heap} exceed the limit of {limit}")]
    TooManyOptions {
        /// The heap at which the limit was passed.
        heap: u64,
        /// The limit.
        limit: usize,
    },
    /// The rules gave a heap an option that leaves a heap as large as itself.
    #[error("heap {heap} has an option leaving {remain:?}, not smaller than the heap")]
    OptionNotSmaller {
        /// The heap.
        heap: u64,
        /// The heaps the option leaves.
        remain: [u64; 2],
    },
    /// The quotient grew past the size limit.
    #[error("the quotient reached order {order} at heap {heap}, past the limit of {limit}")]
    TooLarge {
        /// The heap whose addition passed the limit.
        heap: u64,
        /// The order reached.
        order: usize,
        /// The limit.
        limit: usize,
    },
    /// A check visited more states than its limit.
    #[error("the check at heap {heap} passed its limit of {limit} states")]
    TooManyStates {
        /// The heap being added.
        heap: u64,
        /// The limit.
        limit: usize,
    },
    /// No candidate the builder tries passed the check at this heap (the quotient exists,
    /// but needs a larger change than a new cyclic generator).
    #[error(
        "no candidate quotient passed the check at heap {heap} (last misplaced position: {position:?})"
    )]
    NotFound {
        /// The heap being added.
        heap: u64,
        /// The heaps of the last position a candidate misplaced.
        position: Vec<u64>,
    },
    /// A heap past the quotient's bound.
    #[error("heap {heap} lies past the quotient's bound of {bound}")]
    PastBound {
        /// The heap.
        heap: u64,
        /// The bound.
        bound: u64,
    },
}
