//! The minimum excludant (mex), the one operation Grundy values are built from, and the option
//! sets that compute it fast: a bitset of values ([`ValueSet`]), one word for small values
//! ([`Word`]). The crate's octal and subtraction games build their Grundy tables on them; a
//! heap game of a user's own can do the same in its
//! [`extend_grundy`](crate::grundy::HeapTheory::extend_grundy).

/// The minimum excludant: the least natural number not among `values`.
///
/// # Examples
///
/// ```
/// assert_eq!(gamesolver::grundy::mex::mex([0, 1, 3]), 2);
/// assert_eq!(gamesolver::grundy::mex::mex([]), 0);
/// ```
pub fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    // Values past 127 go to a sorted list; most games never produce one.
    let mut low = 0u128;
    let mut high = Vec::new();
    for value in values {
        if value < 128 {
            low |= 1 << value;
        } else {
            high.push(value);
        }
    }
    let first_gap = (!low).trailing_zeros();
    if first_gap < 128 {
        return first_gap;
    }
    high.sort_unstable();
    high.dedup();
    // high is 128, 129, ... up to the first gap.
    high.iter()
        .zip(128..)
        .find(|&(&value, expected)| value != expected)
        .map_or(128 + high.len() as u32, |(_, expected)| expected)
}

/// A set of Grundy values as a bitset, sized for XORs of values up to a known maximum, and
/// cleared word by word between heaps.
#[derive(Debug, Default)]
pub struct ValueSet {
    words: Vec<u64>,
}

impl ValueSet {
    /// Empties the set and sizes it for XORs of values up to `max_value`: those are below the
    /// next power of two above it, and the mex of such values is at most that power.
    pub fn reset(&mut self, max_value: u32) {
        let bound = (u64::from(max_value) + 1).next_power_of_two() as usize;
        self.words.clear();
        self.words.resize(bound / 64 + 1, 0);
    }
}

/// The values of a heap's options, gathered for their mex.
pub trait OptionSet {
    /// Adds a value, within the bound the set was made for.
    fn insert(&mut self, value: u32);
    /// The least value not in the set.
    fn mex(&self) -> u32;
}

impl OptionSet for ValueSet {
    #[inline]
    fn insert(&mut self, value: u32) {
        let value = value as usize;
        self.words[value / 64] |= 1 << (value % 64);
    }

    fn mex(&self) -> u32 {
        let gap = self
            .words
            .iter()
            .position(|&word| word != u64::MAX)
            .expect("the set is sized past its mex");
        (gap * 64 + self.words[gap].trailing_ones() as usize) as u32
    }
}

/// A set of values below 64 in one word, which stays in a register through the loops.
#[derive(Debug, Clone, Copy)]
pub struct Word(pub u64);

impl OptionSet for Word {
    #[inline]
    fn insert(&mut self, value: u32) {
        self.0 |= 1 << (value & 63);
    }

    fn mex(&self) -> u32 {
        self.0.trailing_ones()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bitset_mexes_agree_with_mex() {
        let mut seen = ValueSet::default();
        for values in [
            vec![],
            vec![0],
            vec![1],
            vec![0, 1, 2, 3],
            (0..31).collect(),
        ] {
            let expected = mex(values.iter().copied());
            seen.reset(31);
            let mut word = Word(0);
            for &value in &values {
                seen.insert(value);
                word.insert(value);
            }
            assert_eq!(seen.mex(), expected);
            assert_eq!(word.mex(), expected);
        }
        seen.reset(200);
        (0..=255).for_each(|value| seen.insert(value));
        assert_eq!(seen.mex(), 256);
    }
}
