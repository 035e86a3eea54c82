//! `MoveBounds`: what fail-soft searches have proven of the values of a position's moves, and
//! what that decides, the position's value and every optimal move. The solver's root and a
//! solve split into jobs keep their proofs in it; each chooses its own next windows.

/// What fail-soft searches have proven of the value of each move of one position: an interval
/// for each, narrowed by every result recorded, and what the intervals decide.
///
/// A move's value is at most the position's value, and the position's value is the largest
/// move value; so the position's value is decided once some move is proven worth at least
/// `best` and no move can be worth more ([`value`](Self::value)), and the optimal moves once,
/// besides, every move that could be worth `best` is proven to be or not
/// ([`optimal_moves`](Self::optimal_moves)).
///
/// # Examples
///
/// ```
/// use gamesolver::search::MoveBounds;
///
/// let mut bounds = MoveBounds::new([7, 5, 3]);
/// bounds.record(7, (i64::MIN, i64::MAX), 4); // exact: 4
/// bounds.record(5, (3, 4), 4); // at least 4
/// assert_eq!(bounds.value(), None); // 3 is unknown, and 5 may be better
/// bounds.record(5, (4, 5), 4); // at most 4: exactly 4
/// bounds.record(3, (3, 4), 1); // at most 1
/// assert_eq!(bounds.value(), Some(4));
/// assert_eq!(bounds.optimal_moves(), Some(vec![7, 5]));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MoveBounds<M> {
    /// Each move with the lower and upper bound of its value proven so far.
    moves: Vec<(M, i64, i64)>,
}

impl<M: Copy + PartialEq> MoveBounds<M> {
    /// The moves of a position, nothing proven of any.
    pub fn new(moves: impl IntoIterator<Item = M>) -> Self {
        Self {
            moves: moves
                .into_iter()
                .map(|mv| (mv, i64::MIN, i64::MAX))
                .collect(),
        }
    }

    /// Records the fail-soft `value` of `mv` searched within the window (`alpha`, `beta`): at
    /// or below `alpha` an upper bound, at or above `beta` a lower bound, else exact. `false`
    /// (nothing recorded) if `mv` is not one of the moves.
    pub fn record(&mut self, mv: M, (alpha, beta): (i64, i64), value: i64) -> bool {
        let Some((_, lower, upper)) = self.moves.iter_mut().find(|(m, ..)| *m == mv) else {
            return false;
        };
        if value <= alpha {
            *upper = (*upper).min(value);
        } else if value >= beta {
            *lower = (*lower).max(value);
        } else {
            (*lower, *upper) = (value, value);
        }
        true
    }

    /// Records that no move is worth more than `value` (the position's value, known).
    pub fn at_most(&mut self, value: i64) {
        for (_, _, upper) in &mut self.moves {
            *upper = (*upper).min(value);
        }
    }

    /// The interval proven for `mv`, `i64::MIN` and `i64::MAX` standing for no bound.
    pub fn interval(&self, mv: M) -> Option<(i64, i64)> {
        self.moves
            .iter()
            .find(|(m, ..)| *m == mv)
            .map(|&(_, lower, upper)| (lower, upper))
    }

    /// Every move with its interval, in the order given to [`new`](Self::new).
    pub fn moves(&self) -> impl ExactSizeIterator<Item = (M, i64, i64)> + '_ {
        self.moves.iter().copied()
    }

    /// The largest lower bound proven for a move: the position is worth at least this. `None`
    /// while no move has one.
    #[must_use]
    pub fn best_lower(&self) -> Option<i64> {
        self.moves
            .iter()
            .map(|&(_, lower, _)| lower)
            .max()
            .filter(|&best| best > i64::MIN)
    }

    /// The position's value, once decided: a move proven worth at least it, and every move
    /// proven worth at most it.
    #[must_use]
    pub fn value(&self) -> Option<i64> {
        let best = self.best_lower()?;
        self.moves
            .iter()
            .all(|&(_, _, upper)| upper <= best)
            .then_some(best)
    }

    /// Every optimal move, in the order given to [`new`](Self::new), once decided: the value
    /// is, and each move that could be worth it is proven to be or not.
    #[must_use]
    pub fn optimal_moves(&self) -> Option<Vec<M>> {
        let best = self.value()?;
        let undecided = |&(_, lower, upper): &(M, i64, i64)| upper == best && lower < best;
        if self.moves.iter().any(undecided) {
            return None;
        }
        Some(
            self.moves
                .iter()
                .filter(|&&(_, lower, _)| lower == best)
                .map(|&(mv, ..)| mv)
                .collect(),
        )
    }
}
