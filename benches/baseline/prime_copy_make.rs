//! The baseline of `engine/large`: the search as it was before make/unmake. The crate's engine
//! on a wrapper of `PrimeGame` that keeps every gain (`keep_all_gains`: no floor, as the board
//! was), cannot take moves back (so every node clones the board's arrays), lists and sorts
//! every move at every node (the default `promising_moves`), and evaluates by scanning every
//! gain on the board.

use gamesolver::{Evaluator, Facts, Game, Knowledge, ScoringGame};

use gamesolver::games::prime::PrimeGame;

/// `PrimeGame` searched by copy-make, with moves generated in full.
#[derive(Clone, Debug)]
pub struct CopyMake(PrimeGame);

impl CopyMake {
    /// The wrapper of `position`, every gain kept.
    pub fn new(position: &PrimeGame) -> Self {
        let mut position = position.clone();
        position.keep_all_gains();
        Self(position)
    }
}

impl Game for CopyMake {
    type Move = u32;
    type Key = u128;
    const NAME: &'static str = "copy make";

    fn generate_moves(&self, out: &mut Vec<u32>) {
        self.0.generate_moves(out);
    }
    fn play_unchecked(&mut self, x: u32) {
        self.0.play_unchecked(x);
    }
    fn key(&self) -> u128 {
        self.0.key()
    }
    fn is_over(&self) -> bool {
        self.0.is_over()
    }
}

impl ScoringGame for CopyMake {
    fn points(&self, x: u32) -> gamesolver::Points {
        self.0.points(x)
    }
    fn margin(&self, x: u32) -> i64 {
        self.0.margin(x)
    }
}

/// PrimeGame's knowledge on the wrapper, but for the best moves: every search move listed
/// and sorted (the default `promising_moves`).
#[derive(Clone, Copy, Debug)]
pub struct CopyMakeKnowledge;

impl Knowledge<CopyMake> for CopyMakeKnowledge {
    fn value_floor(&self, _: &CopyMake) -> Option<i64> {
        Some(0)
    }
    fn facts(&self, position: &CopyMake) -> Facts<u32> {
        Facts {
            bounds: Some(position.0.value_bounds()),
            best_move: None,
        }
    }
    fn exact_value(&self, position: &CopyMake) -> Option<i64> {
        position.0.known_value()
    }
    fn search_moves(&self, position: &CopyMake, _: i64, out: &mut Vec<u32>) {
        position.0.search_moves(out);
    }
    fn key_after(&self, position: &CopyMake, x: u32) -> u128 {
        position.0.key_after(x)
    }
}

/// The evaluation by a scan of the board: every gain collected, the largest selected.
#[derive(Clone, Copy, Debug)]
pub struct ScanEvaluator;

impl Evaluator<CopyMake> for ScanEvaluator {
    fn evaluate(&self, position: &CopyMake) -> i64 {
        const HORIZON: usize = 8;
        let mut gains: Vec<i64> = position
            .0
            .numbers()
            .map(|x| position.0.gain(x).unwrap_or(0))
            .collect();
        let by_gain = |a: &i64, b: &i64| b.cmp(a);
        let tail = (gains.len() > HORIZON).then(|| {
            gains.select_nth_unstable_by(HORIZON, by_gain);
            let tail = gains[HORIZON..].iter().copied().max().unwrap_or(0);
            gains.truncate(HORIZON);
            tail
        });
        gains.sort_unstable_by(by_gain);
        let sign = |i: usize| if i.is_multiple_of(2) { 1 } else { -1 };
        let head: i64 = gains.iter().enumerate().map(|(i, &g)| sign(i) * g).sum();
        head + tail.map_or(0, |t| sign(HORIZON) * t.max(0) / 2)
    }
}
