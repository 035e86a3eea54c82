//! The search's use of bounds from a `Knowledge`, on a small game of our own: values with no
//! bounds, loose bounds and exact bounds must all be the value the recurrence gives, and exact
//! bounds must end the search at once.

use gamesolver::CheckedPlay;
use gamesolver::{Facts, Game, Knowledge, Points, ScoringGame, SearchConfig, Solver, check};
use std::fmt;

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
    const NAME: &'static str = "a pile of counters";

    fn generate_moves(&self, out: &mut Vec<u32>) {
        out.extend(1..=self.0.min(3));
    }

    fn play_unchecked(&mut self, take: u32) {
        self.0 -= take;
    }

    fn key(&self) -> u64 {
        u64::from(self.0)
    }
}

impl CheckedPlay for Pile {
    type Error = BadTake;
    fn check_move(&self, take: u32) -> Result<(), BadTake> {
        if (1..=self.0.min(3)).contains(&take) {
            Ok(())
        } else {
            Err(BadTake(take))
        }
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

/// Bounds on the pile's values: the exact value (both ends) or a loose, valid range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct PileBounds {
    exact: bool,
}

impl Knowledge<Pile> for PileBounds {
    fn facts(&self, pile: &Pile) -> Facts<u32> {
        let pile = pile.0;
        let bounds = if self.exact {
            let value = values(pile)[pile as usize];
            value..=value
        } else {
            // Every point still to come is at most the pile.
            let most = i64::from(pile);
            -most..=most
        };
        Facts {
            bounds: Some(bounds),
            best_move: None,
        }
    }
}

/// Bounds that are wrong for some piles: the value is claimed never above 1 (piles of 4k + 2
/// and 4k + 3 are worth 2 and 3).
#[derive(Debug, Clone, Copy)]
struct AtMostOne;

impl Knowledge<Pile> for AtMostOne {
    fn facts(&self, pile: &Pile) -> Facts<u32> {
        Facts {
            bounds: Some(0..=i64::from(pile.0).min(1)),
            best_move: None,
        }
    }
}

#[test]
fn the_checker_passes_true_bounds_and_catches_a_false_one() {
    let checks = check::Checks::default().with_games(6);
    for exact in [false, true] {
        check::knowledge(&Pile(14), &PileBounds { exact }, &checks).unwrap();
    }
    let caught = check::knowledge(&Pile(14), &AtMostOne, &checks);
    let Err(check::CheckError::Disagrees(found)) = caught else {
        panic!("a false bound passed: {caught:?}");
    };
    assert!(found.value > 1, "{found}");
    assert!(
        matches!(found.claim, check::Claim::Bounds { upper: 1, .. }),
        "{found}"
    );
    // The moves given reach the position.
    let mut position = Pile(14);
    for &take in &found.moves {
        position.play(take).unwrap();
    }
    assert_eq!(Solver::new().value(&position), Ok(found.value));
}

#[test]
fn bounds_give_the_same_values_and_exact_ones_end_the_search() {
    let expected = values(40);
    for pile in 0..=40u32 {
        let plain = Solver::new()
            .with_table_bytes(1 << 16)
            .solve(&Pile(pile))
            .unwrap();
        assert_eq!(plain.value, expected[pile as usize], "pile {pile}");
        for exact in [false, true] {
            let game = Pile(pile);
            let bounded = || {
                Solver::new()
                    .with_table_bytes(1 << 16)
                    .with_knowledge(PileBounds { exact })
            };
            // One thread: the node count is that of one search.
            let mut solver = bounded().with_threads(1);
            assert_eq!(solver.value(&game), Ok(plain.value), "pile {pile}");
            if exact {
                assert_eq!(
                    solver.nodes(),
                    0,
                    "pile {pile}: exact bounds are the value, no node is searched"
                );
            }
            let solution = bounded().solve(&game).unwrap();
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
    use gamesolver::games::prime::SmallPrimeGame;
    use gamesolver::search::{TableTooLarge, max_table_bytes};
    // Tiny tables still solve.
    for bytes in [0, 1, 1 << 20] {
        let mut solver = Solver::new().with_table_bytes(bytes);
        assert_eq!(
            solver
                .solve(&SmallPrimeGame::new(20).unwrap())
                .unwrap()
                .value,
            6
        );
    }
    // A request past the machine's memory is refused by the checked builder, which names
    // the limit, and clamped to it by the other (making that table would take most of the
    // machine's memory, so it is not made here).
    let limit = max_table_bytes();
    for bytes in [limit + 1, usize::MAX] {
        assert_eq!(
            SearchConfig::default().try_with_table_bytes(bytes),
            Err(TableTooLarge { bytes, limit })
        );
    }
    assert_eq!(
        SearchConfig::default()
            .try_with_table_bytes(limit)
            .map(|config| config.table_bytes),
        Ok(limit)
    );
}

#[test]
fn stats_count_what_the_search_did() {
    use gamesolver::games::prime;
    use gamesolver::games::prime::SmallPrimeGame;
    let game = SmallPrimeGame::new(40).unwrap();
    let roomy = {
        let mut solver = prime::solver().with_threads(2);
        let value = solver.value(&game).unwrap();
        (value, solver.stats(), solver.nodes())
    };
    // A table of a few entries loses results all the time, and solves the same.
    let cramped = {
        let mut solver = prime::solver().with_table_bytes(1 << 10);
        let value = solver.value(&game).unwrap();
        (value, solver.stats(), solver.nodes())
    };
    assert_eq!(roomy.0, cramped.0);
    for (_, stats, nodes) in [&roomy, &cramped] {
        assert_eq!(stats.nodes, *nodes);
        assert_eq!(stats.nodes_by_ply.iter().sum::<u64>(), stats.nodes);
        let table = stats.table;
        assert!(table.cutoffs <= table.hits && table.hits <= table.probes);
        assert!(table.child_cutoffs <= table.child_probes);
        assert!(table.evictions <= table.stores && table.stores > 0);
    }
    let evicted =
        |stats: &gamesolver::SearchStats| stats.table.evictions * 100 / stats.table.stores;
    assert!(evicted(&cramped.1) > 50, "{}", cramped.1);
    assert!(evicted(&roomy.1) < 5, "{}", roomy.1);
}
