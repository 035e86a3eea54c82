/// The minimum excludant: the least natural number not among `values`.
///
/// # Examples
///
/// ```
/// assert_eq!(gamesolver::grundy::mex([0, 1, 3]), 2);
/// assert_eq!(gamesolver::grundy::mex([]), 0);
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
