//! The search's use of `ScoringGame::value_bounds`, on a small game of our own: values with no
//! bounds, loose bounds and exact bounds must all be the value the recurrence gives, and exact
//! bounds must end the search at once.

use gamesolver::{Game, Points, ScoringGame, Solver};
use std::fmt;
use std::ops::RangeInclusive;

/// A take the pile does not allow.
#[derive(Debug)]
struct BadTake(u32);

impl fmt::Display for BadTake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot take {}", self.0)
    }
}

impl std::error::Error for BadTake {}

/// A pile of tokens; a move takes 1 to 3. The mover scores what it takes if the pile left is
/// even, else the opponent does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Pile(u32);

impl Game for Pile {
    type Move = u32;
    type Key = u64;
    type Error = BadTake;

    fn generate_moves(&self, out: &mut Vec<u32>) {
        out.extend(1..=self.0.min(3));
    }

    fn check_move(&self, take: u32) -> Result<(), BadTake> {
        if (1..=self.0.min(3)).contains(&take) {
            Ok(())
        } else {
            Err(BadTake(take))
        }
    }

    fn play_unchecked(&mut self, take: u32) {
        self.0 -= take;
    }

    fn key(&self) -> u64 {
        u64::from(self.0)
    }
}

impl ScoringGame for Pile {
    fn points(&self, take: u32) -> Points {
        let points = u64::from(take);
        if (self.0 - take).is_multiple_of(2) {
            Points {
                mover: points,
                opponent: 0,
            }
        } else {
            Points {
                mover: 0,
                opponent: points,
            }
        }
    }
}

/// The values of piles 0..=max by the recurrence, computed here.
fn values(max: u32) -> Vec<i64> {
    let mut values: Vec<i64> = vec![0];
    for pile in 1..=max {
        let best = (1..=pile.min(3))
            .map(|take| Pile(pile).margin(take) - values[(pile - take) as usize])
            .max()
            .expect("a non-empty pile has moves");
        values.push(best);
    }
    values
}

/// The same game with bounds: the exact value (both ends) or a loose, valid range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Bounded {
    pile: Pile,
    exact: bool,
}

impl Game for Bounded {
    type Move = u32;
    type Key = u64;
    type Error = BadTake;

    fn generate_moves(&self, out: &mut Vec<u32>) {
        self.pile.generate_moves(out);
    }

    fn check_move(&self, take: u32) -> Result<(), BadTake> {
        self.pile.check_move(take)
    }

    fn play_unchecked(&mut self, take: u32) {
        self.pile.play_unchecked(take);
    }

    fn key(&self) -> u64 {
        self.pile.key()
    }
}

impl ScoringGame for Bounded {
    fn points(&self, take: u32) -> Points {
        self.pile.points(take)
    }

    fn value_bounds(&self) -> Option<RangeInclusive<i64>> {
        let pile = self.pile.0;
        if self.exact {
            let value = values(pile)[pile as usize];
            Some(value..=value)
        } else {
            // Every point still to come is at most the pile.
            let most = i64::from(pile);
            Some(-most..=most)
        }
    }
}

#[test]
fn bounds_give_the_same_values_and_exact_ones_end_the_search() {
    let expected = values(40);
    for pile in 0..=40u32 {
        let plain = Solver::with_table_bytes(1 << 16)
            .solve(&Pile(pile))
            .unwrap();
        assert_eq!(plain.value, expected[pile as usize], "pile {pile}");
        for exact in [false, true] {
            let game = Bounded {
                pile: Pile(pile),
                exact,
            };
            // One thread: the node count is that of one search.
            let mut solver = Solver::with_table_bytes(1 << 16).with_threads(1);
            assert_eq!(solver.value(&game), Ok(plain.value), "pile {pile}");
            if exact {
                assert_eq!(
                    solver.nodes(),
                    1,
                    "pile {pile}: exact bounds end the search"
                );
            }
            let solution = Solver::with_table_bytes(1 << 16).solve(&game).unwrap();
            assert_eq!(
                (solution.value, &solution.best_moves),
                (plain.value, &plain.best_moves),
                "pile {pile}, exact bounds {exact}"
            );
        }
    }
}

#[test]
fn any_table_size_gives_a_working_solver() {
    use gamesolver::{SmallPrimeGame, Solver};
    // Any size works: tiny tables still solve, a huge request is clamped (and halved while
    // the system refuses it) instead of panicking or aborting.
    for bytes in [0, 1, usize::MAX] {
        let mut solver = Solver::with_table_bytes(bytes);
        assert_eq!(
            solver
                .solve(&SmallPrimeGame::new(20).unwrap())
                .unwrap()
                .value,
            6
        );
    }
}
