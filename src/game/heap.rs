//! `HeapGame`: the rules of a game played on heaps, a move replacing one heap by at most two
//! smaller ones; `HeapOption`, one such move. What the theory knows of such a game beyond its
//! rules (a rule that proves a period, a faster way to its values) is
//! [`grundy::HeapTheory`](crate::grundy::HeapTheory).

/// One move on a single heap: how many tokens it takes and the heaps it leaves.
///
/// A move leaves zero, one or two heaps; `remain` holds their sizes, 0 standing for no heap
/// (a heap of size 0 has no move and adds nothing to a sum).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HeapOption {
    /// Tokens taken.
    pub take: u64,
    /// The heaps left, 0 for none, in any order.
    pub remain: [u64; 2],
}

/// The rules of a heap game: a position is a list of heaps, and a move replaces one heap by at
/// most two smaller ones. Subtraction sets, octal codes and a user's own heap game are all
/// heap games; [`GrundyValues`](crate::grundy::GrundyValues) computes the Grundy values of any of
/// them, and [`Heaps`](crate::games::heaps::Heaps) plays sums of heaps.
///
/// One method is required: the options of a single heap. The Grundy value of heap n is then
/// the mex, over its options, of the XOR of the values of the heaps each leaves.
///
/// # Examples
///
/// A heap game of the user's own: take 1 or 2 tokens, or split a heap of at least 2 into two
/// equal halves.
///
/// ```
/// use gamesolver::{GrundyValues, HeapGame, HeapOption, HeapTheory};
///
/// struct TakeOrHalve;
///
/// impl HeapGame for TakeOrHalve {
///     fn options(&self, heap: u64, out: &mut Vec<HeapOption>) {
///         for take in 1..=heap.min(2) {
///             out.push(HeapOption { take, remain: [heap - take, 0] });
///         }
///         if heap >= 2 && heap % 2 == 0 {
///             out.push(HeapOption { take: 0, remain: [heap / 2, heap / 2] });
///         }
///     }
/// }
///
/// // Its values by the definition: the theory knows nothing more of it.
/// impl HeapTheory for TakeOrHalve {}
///
/// let table = GrundyValues::compute(&TakeOrHalve, 7)?;
/// assert_eq!(table.as_slice(), [0, 1, 2, 0, 1, 2, 3, 0]);
/// # Ok::<(), gamesolver::GrundyError>(())
/// ```
pub trait HeapGame: Send + Sync {
    /// Appends every move of a single heap of `heap` tokens to `out` (which the caller
    /// clears). Every heap a move leaves must be smaller than `heap` (the Grundy values by the
    /// definition panic on a larger one, as on any broken contract).
    fn options(&self, heap: u64, out: &mut Vec<HeapOption>);

    /// How many options [`options`](Self::options) gives for a heap of `heap` tokens. The
    /// default lists them and counts; a game that can count them without listing them
    /// overrides it, so that a sum of many large heaps is refused by a memory bound before its
    /// moves are listed ([`ImpartialGame::move_count`](crate::ImpartialGame::move_count)).
    fn option_count(&self, heap: u64) -> u64 {
        let mut options = Vec::new();
        self.options(heap, &mut options);
        options.len() as u64
    }

    /// The largest heap a [`Heaps`](crate::games::heaps::Heaps) position of the game takes:
    /// 2^16 by default, since a heap that splits has about as many moves as tokens and a
    /// position lists its moves. A game with a few moves a heap whatever its size (a
    /// subtraction set) raises it.
    fn max_heap(&self) -> u64 {
        1 << 16
    }
}
