//! The retrograde solver's memory bound holds for the memory its keys own on the heap: a game
//! whose keys hold 1 KiB each is refused at its bound, having allocated about that much, not
//! hundreds of MB.

use crate::{GLOBAL, one_at_a_time};
use gamesolver::retrograde::Retrograde;
use gamesolver::{Game, RetroError, Verdict, WinLossGame};
use stats_alloc::Region;

/// A line of `LEN` positions, each a step from the last, whose key is 1 KiB on the heap.
#[derive(Clone, Debug)]
struct Line(u32);

const LEN: u32 = 1_000_000;

impl Game for Line {
    type Move = u8;
    type Key = Vec<u32>;
    const NAME: &'static str = "line";
    fn generate_moves(&self, out: &mut Vec<u8>) {
        if self.0 + 1 < LEN {
            out.push(0);
        }
    }
    fn play_unchecked(&mut self, _: u8) {
        self.0 += 1;
    }
    fn key(&self) -> Vec<u32> {
        let mut key = vec![0; 256];
        key[0] = self.0;
        key
    }
}

impl WinLossGame for Line {
    fn ending(&self) -> Option<Verdict> {
        None
    }
}

#[test]
fn the_bound_counts_the_keys_heap_bytes() {
    let _alone = one_at_a_time();
    let bound = 16 << 20;
    let region = Region::new(GLOBAL);
    let refused = Retrograde::new().with_max_bytes(bound).solve(&Line(0));
    let allocated = region.change().bytes_allocated;
    assert!(
        matches!(refused, Err(RetroError::TooLarge { .. })),
        "{:?}",
        refused.map(|solved| solved.len())
    );
    // Each store grows by doubling, so what was allocated in all is a few times the bound,
    // never the gigabyte a million keys of 1 KiB would take.
    assert!(allocated < 4 * bound, "{allocated} bytes allocated");
}
