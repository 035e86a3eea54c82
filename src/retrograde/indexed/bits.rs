//! [`Bits`]: a set of indices, a bit each, that threads may write at once.

use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// A set of indices, a bit each: the positions of one layer, so that a layer visits its own
/// positions and not every index (a game can have thousands of layers); also the positions
/// a start reaches. `shared`: whether threads write it at once (else a plain load and store do, without the
/// cost of an atomic read-modify-write).
pub(super) struct Bits {
    pub(super) words: Vec<AtomicU64>,
    shared: bool,
}

impl Bits {
    pub(super) fn new(n: usize, shared: bool) -> Result<Self, ()> {
        let words = bytemuck::allocation::try_zeroed_vec(n.div_ceil(64))?;
        Ok(Self { words, shared })
    }

    /// Puts `index` in the set; whether it was not in it already.
    #[inline]
    pub(super) fn insert(&self, index: usize) -> bool {
        let (word, bit) = (&self.words[index / 64], 1 << (index % 64));
        if self.shared {
            word.fetch_or(bit, Relaxed) & bit == 0
        } else {
            let before = word.load(Relaxed);
            word.store(before | bit, Relaxed);
            before & bit == 0
        }
    }

    /// Whether `index` is in the set.
    pub(super) fn contains(&self, index: usize) -> bool {
        self.words
            .get(index / 64)
            .is_some_and(|word| word.load(Relaxed) >> (index % 64) & 1 == 1)
    }

    pub(super) fn clear(&mut self) {
        self.words.iter_mut().for_each(|word| *word.get_mut() = 0);
    }

    /// The indices in the words `words`, in increasing order.
    pub(super) fn iter(&self, words: Range<usize>) -> impl Iterator<Item = usize> + '_ {
        let start = words.start;
        self.words[words]
            .iter()
            .enumerate()
            .flat_map(move |(w, word)| {
                let mut rest = word.load(Relaxed);
                std::iter::from_fn(move || {
                    (rest != 0).then(|| {
                        let bit = rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        (start + w) * 64 + bit
                    })
                })
            })
    }
}
