//! The cells of tiers let go, kept for the tiers still to solve: memory taken again is the
//! process's already, where a fresh allocation is faulted in and zeroed by the system a page
//! at a time. Kept within what the plan allows beside the tiers held, so a solve never holds
//! more than the peak it stated.

/// Vectors of cells let go, their memory kept.
pub(super) struct Spares<C> {
    kept: Vec<Vec<C>>,
}

impl<C> Spares<C> {
    /// None kept.
    pub(super) fn new() -> Self {
        Self { kept: Vec::new() }
    }

    /// A vector to hold `len` cells: the smallest kept that can without growing, else the
    /// largest kept (to grow), else none. Those left are then let go, the smallest first, until
    /// they and the `len` cells fit in `room` cells.
    pub(super) fn take(&mut self, len: usize, room: usize) -> Option<Vec<C>> {
        let kept = self.kept.iter().enumerate();
        let fits = kept.clone().filter(|(_, cells)| cells.capacity() >= len);
        let best = fits.min_by_key(|(_, cells)| cells.capacity());
        let best = best.or_else(|| kept.max_by_key(|(_, cells)| cells.capacity()));
        let taken = best.map(|(at, _)| at).map(|at| self.kept.swap_remove(at));
        self.trim(room.saturating_sub(len));
        taken
    }

    /// Keeps `cells`' memory, then lets go of the smallest kept until all fit in `room` cells.
    pub(super) fn give(&mut self, cells: Vec<C>, room: usize) {
        self.kept.push(cells);
        self.trim(room);
    }

    /// Lets go of the smallest kept until the rest hold at most `room` cells.
    fn trim(&mut self, room: usize) {
        self.kept
            .sort_unstable_by_key(|cells| std::cmp::Reverse(cells.capacity()));
        let mut total: usize = self.kept.iter().map(Vec::capacity).sum();
        while total > room {
            total -= self.kept.pop().map_or(0, |cells| cells.capacity());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_capacity(capacity: usize) -> Vec<u64> {
        Vec::with_capacity(capacity)
    }

    #[test]
    fn the_smallest_that_fits_is_taken_and_the_rest_stay_within_room() {
        let mut spares = Spares::new();
        for capacity in [100, 40, 60] {
            spares.give(with_capacity(capacity), 1_000);
        }
        let taken = spares.take(50, 1_000).expect("one fits");
        assert_eq!(taken.capacity(), 60);
        // 100 and 40 kept: 100 is taken, and 40 cells beside 50 pass 80.
        let taken = spares.take(50, 80).expect("one fits");
        assert_eq!(taken.capacity(), 100);
        assert!(spares.kept.is_empty());
    }

    #[test]
    fn none_fits_the_largest_is_grown_and_too_many_are_let_go() {
        let mut spares = Spares::new();
        spares.give(with_capacity(10), 1_000);
        spares.give(with_capacity(20), 1_000);
        let taken = spares.take(500, 505).expect("the largest, to grow");
        assert_eq!(taken.capacity(), 20);
        assert!(spares.kept.is_empty(), "10 cells beside 500 pass 505");
        spares.give(with_capacity(30), 25);
        assert!(spares.kept.is_empty(), "30 cells pass 25");
        assert_eq!(spares.take(1, 100), None);
    }
}
