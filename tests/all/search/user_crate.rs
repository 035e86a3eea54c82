//! A user's own games of both kinds, written as a user crate would: only items from the crate
//! root, keys of the user's natural types (`Vec<u16>`, a pair of indices).

use gamesolver::{
    Game, GrundyValues, ImpartialGame, ImpartialSolver, PlayConvention, Points, ScoringGame, Solver,
};

use gamesolver::games::octal::OctalGame;

/// Coins in a line: take the coin at either end and score its value.
#[derive(Clone, Debug)]
struct Coins {
    coins: Vec<u64>,
    left: u32,
    right: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum End {
    Left,
    Right,
}

impl Game for Coins {
    type Move = End;
    type Key = (u32, u32);
    const NAME: &'static str = "coins";

    fn generate_moves(&self, out: &mut Vec<End>) {
        if self.left < self.right {
            out.extend([End::Left, End::Right]);
        }
    }
    fn play_unchecked(&mut self, end: End) {
        match end {
            End::Left => self.left += 1,
            End::Right => self.right -= 1,
        }
    }
    fn key(&self) -> (u32, u32) {
        (self.left, self.right)
    }
}

impl ScoringGame for Coins {
    fn points(&self, end: End) -> Points {
        let coin = match end {
            End::Left => self.coins[self.left as usize],
            End::Right => self.coins[self.right as usize - 1],
        };
        Points {
            mover: coin,
            opponent: 0,
        }
    }
}

/// The best margin for the mover on coins[l..r], by the textbook recurrence.
fn coins_margin(coins: &[i64], l: usize, r: usize) -> i64 {
    if l == r {
        return 0;
    }
    (coins[l] - coins_margin(coins, l + 1, r)).max(coins[r - 1] - coins_margin(coins, l, r - 1))
}

#[test]
fn a_scoring_game_of_the_users_own() {
    let coins = vec![3, 9, 1, 2, 7, 4, 8, 5];
    let game = Coins {
        coins: coins.clone(),
        left: 0,
        right: coins.len() as u32,
    };
    let solution = Solver::new().solve(&game).unwrap();
    let signed: Vec<i64> = coins.iter().map(|&c| c as i64).collect();
    assert_eq!(solution.value, coins_margin(&signed, 0, coins.len()));
}

/// Kayles on rows of pins, as a user writes it: a move knocks down one pin or two adjacent
/// ones; the key is the sorted rows as `Vec<u16>`.
#[derive(Clone, Debug)]
struct Rows(Vec<u16>);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Knock {
    row: usize,
    take: u16,
    left: u16,
}

impl Game for Rows {
    type Move = Knock;
    type Key = Vec<u16>;
    const NAME: &'static str = "rows";

    fn generate_moves(&self, out: &mut Vec<Knock>) {
        for (row, &pins) in self.0.iter().enumerate() {
            for take in 1..=pins.min(2) {
                out.extend((0..=pins - take).map(|left| Knock { row, take, left }));
            }
        }
    }
    fn play_unchecked(&mut self, mv: Knock) {
        let right = self.0[mv.row] - mv.take - mv.left;
        self.0[mv.row] = mv.left;
        self.0.push(right);
    }
    fn key(&self) -> Vec<u16> {
        let mut rows: Vec<u16> = self.0.iter().copied().filter(|&r| r > 0).collect();
        rows.sort_unstable();
        rows
    }
}

impl ImpartialGame for Rows {
    fn components(&self, out: &mut Vec<Self>) -> bool {
        let rows: Vec<u16> = self.0.iter().copied().filter(|&r| r > 0).collect();
        if rows.len() < 2 {
            return false;
        }
        out.extend(rows.into_iter().map(|r| Rows(vec![r])));
        true
    }
}

#[test]
fn an_impartial_game_of_the_users_own() {
    let table = GrundyValues::compute(&OctalGame::kayles(), 40).unwrap();
    let mut solver = ImpartialSolver::new(PlayConvention::Normal);
    for rows in [
        vec![1u16],
        vec![4, 2],
        vec![7, 9, 13],
        vec![30, 31, 32, 33],
        vec![40],
    ] {
        let expected = rows
            .iter()
            .fold(0, |sum, &r| sum ^ table.as_slice()[usize::from(r)]);
        assert_eq!(
            solver.grundy(&Rows(rows.clone())).unwrap(),
            expected,
            "{rows:?}"
        );
    }
    solver.clear();
    assert_eq!(solver.memo_len(), 0);
}
