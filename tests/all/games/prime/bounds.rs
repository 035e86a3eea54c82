//! The proven value bounds of PrimeGame (0 <= value <= the best move's margin) and the lemma
//! behind them, checked against exhaustive values of every board inside 1..=18, computed here
//! by a table over bit masks with divisors by trial division.

use gamesolver::{Knowledge, ScoringGame};

use gamesolver::games::prime::{PrimeGame, PrimeKnowledge, SmallPrimeGame, WidePrimeGame};

const N: u32 = 18;

/// Proper divisors of each x in 1..=N as masks (bit x - 1 for x), by trial division.
fn divisor_masks() -> Vec<u32> {
    (0..=N)
        .map(|x| {
            (1..x)
                .filter(|&d| x.is_multiple_of(d))
                .fold(0, |mask, d| mask | 1 << (d - 1))
        })
        .collect()
}

fn numbers(mask: u32) -> impl DoubleEndedIterator<Item = u32> {
    (1..=N).filter(move |&x| mask & 1 << (x - 1) != 0)
}

fn sum(mask: u32) -> i64 {
    numbers(mask).map(i64::from).sum()
}

/// The margin of each move on `board`, with the board after it.
fn moves(board: u32, divisors: &[u32]) -> impl Iterator<Item = (i64, u32)> {
    numbers(board).map(move |x| {
        let given = divisors[x as usize] & board;
        (i64::from(x) - sum(given), board & !(given | 1 << (x - 1)))
    })
}

/// The value of every board inside 1..=N, indexed by mask: a board's children are smaller
/// masks, so one pass in increasing order fills the table.
fn exhaustive_values(divisors: &[u32]) -> Vec<i64> {
    let mut values = vec![0i64; 1 << N];
    for board in 1..1u32 << N {
        values[board as usize] = moves(board, divisors)
            .map(|(margin, child)| margin - values[child as usize])
            .max()
            .expect("a non-empty board has moves");
    }
    values
}

#[test]
fn bounds_hold_on_every_board_up_to_18() {
    let divisors = divisor_masks();
    let values = exhaustive_values(&divisors);
    for board in 0..1u32 << N {
        let value = values[board as usize];
        let best_margin = moves(board, &divisors).map(|(m, _)| m).max().unwrap_or(0);
        assert!(
            (0..=best_margin).contains(&value),
            "board {board:#x}: value {value}, best margin {best_margin}"
        );
        let small = SmallPrimeGame::from_numbers(N, numbers(board).map(u64::from)).unwrap();
        // The floor the search prunes by is the lower bound.
        assert!(
            PrimeKnowledge
                .value_floor(&small)
                .is_some_and(|floor| value >= floor)
        );
        assert_eq!(small.value_bounds(), 0..=best_margin, "{small}");
        // The move given with the bounds: the largest number of largest margin.
        let best_move = numbers(board)
            .zip(moves(board, &divisors))
            .filter(|&(_, (margin, _))| margin == best_margin)
            .map(|(x, _)| x)
            .last();
        assert_eq!(
            small.bounds_and_best_move(),
            (0..=best_margin, best_move),
            "{small}"
        );
        if board % 61 == 0 {
            let big = PrimeGame::from(small);
            assert_eq!(big.value_bounds(), 0..=best_margin, "{big}");
        }
        if board % 7 == 0 {
            let wide = WidePrimeGame::from_numbers(N, numbers(board).map(u64::from)).unwrap();
            assert_eq!(wide.bounds_and_best_move(), small.bounds_and_best_move());
        }
    }
}

/// The lemma of the proof: adding a number y none of whose divisors is on the board changes
/// the value by at most y.
#[test]
fn adding_a_number_without_divisors_changes_the_value_by_at_most_itself() {
    let divisors = divisor_masks();
    let values = exhaustive_values(&divisors);
    let mut checked = 0u32;
    for board in 0..1u32 << N {
        for y in 1..=N {
            let bit = 1 << (y - 1);
            if board & (bit | divisors[y as usize]) == 0 {
                let change = values[(board | bit) as usize] - values[board as usize];
                assert!(change.abs() <= i64::from(y), "board {board:#x} + {y}");
                checked += 1;
            }
        }
    }
    assert!(checked > 1 << N, "only {checked} cases");
}

#[test]
fn solver_matches_every_board_up_to_16() {
    const SMALL_N: u32 = 16;
    let divisors = divisor_masks();
    let values = exhaustive_values(&divisors);
    // One solver for all boards: results carried over between solves must stay right.
    let mut solver = gamesolver::games::prime::solver().with_table_bytes(1 << 20);
    for board in 0..1u32 << SMALL_N {
        let game = SmallPrimeGame::from_numbers(SMALL_N, numbers(board).map(u64::from)).unwrap();
        assert_eq!(solver.value(&game), Ok(values[board as usize]), "{game}");
    }
}

/// The moves the search asks for above a threshold of margin: every search move whose margin
/// exceeds it is among them, on every board inside 1..=18, for thresholds from below every
/// margin to above the best.
#[test]
fn moves_above_a_threshold_keep_every_search_move_that_exceeds_it() {
    let mut search_moves = Vec::new();
    let mut above = Vec::new();
    for board in 0..1u32 << N {
        let game = SmallPrimeGame::from_numbers(N, numbers(board).map(u64::from)).unwrap();
        search_moves.clear();
        game.search_moves(i64::MIN, &mut search_moves);
        for threshold in [-20, 0, 3, 9, 17] {
            above.clear();
            game.search_moves(threshold, &mut above);
            for &mv in &search_moves {
                if game.margin(mv) > threshold {
                    assert!(above.contains(&mv), "{game}: {mv} above {threshold}");
                }
            }
            assert!(above.iter().all(|mv| search_moves.contains(mv)), "{game}");
        }
    }
}
