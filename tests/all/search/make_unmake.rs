//! Make/unmake against copy-make: the same searches on a game that takes moves back (wrapped
//! so it always does) and on the same game wrapped so that it cannot, give identical values,
//! moves, lines and node counts. On PrimeGame (small, large with candidates, past the floor,
//! sparse) and on a game of this file's own.

use gamesolver::games::prime::{PrimeEvaluator, PrimeGame, PrimeKnowledge};
use gamesolver::games::prime::{tune_engine, tune_solver};
use gamesolver::{
    Budget, Engine, Evaluator, Facts, Game, Knowledge, NoEvaluator, NoKnowledge, Points,
    ScoringGame, SearchConfig, SearchResult, Solver,
};

/// A wrapper of a game that passes every method through, plus the `Game` items given.
macro_rules! wrapper {
    ($(#[$doc:meta])* $name:ident { $($extra:tt)* }) => {
        $(#[$doc])*
        #[derive(Clone, Debug)]
        struct $name<G>(G);

        impl<G: Game> Game for $name<G> {
            type Move = G::Move;
            type Key = G::Key;
            const NAME: &'static str = G::NAME;

            fn generate_moves(&self, out: &mut Vec<G::Move>) {
                self.0.generate_moves(out);
            }
            fn play_unchecked(&mut self, mv: G::Move) {
                self.0.play_unchecked(mv);
            }
            fn key(&self) -> G::Key {
                self.0.key()
            }
            fn is_over(&self) -> bool {
                self.0.is_over()
            }
            fn is_legal(&self, mv: G::Move) -> bool {
                self.0.is_legal(mv)
            }
            $($extra)*
        }

        impl<G: ScoringGame> ScoringGame for $name<G> {
            fn points(&self, mv: G::Move) -> Points {
                self.0.points(mv)
            }
            fn margin(&self, mv: G::Move) -> i64 {
                self.0.margin(mv)
            }
        }

        impl<G: ScoringGame, E: Evaluator<G>> Evaluator<$name<G>> for Inner<E> {
            fn evaluate(&self, position: &$name<G>) -> i64 {
                self.0.evaluate(&position.0)
            }
        }

        impl<G: ScoringGame, K: Knowledge<G>> Knowledge<$name<G>> for Inner<K> {
            fn value_floor(&self, position: &$name<G>) -> Option<i64> {
                self.0.value_floor(&position.0)
            }
            fn facts(&self, position: &$name<G>) -> Facts<G::Move> {
                self.0.facts(&position.0)
            }
            fn exact_value(&self, position: &$name<G>) -> Option<i64> {
                self.0.exact_value(&position.0)
            }
            fn search_moves(&self, position: &$name<G>, threshold: i64, out: &mut Vec<G::Move>) {
                self.0.search_moves(&position.0, threshold, out);
            }
            fn promising_moves(&self, position: &$name<G>, limit: usize, out: &mut Vec<G::Move>) {
                self.0.promising_moves(&position.0, limit, out);
            }
            fn key_after(&self, position: &$name<G>, mv: G::Move) -> G::Key {
                self.0.key_after(&position.0, mv)
            }
        }
    };
}

/// The inner game's evaluator or knowledge, for either wrapper.
#[derive(Clone, Copy, Debug)]
struct Inner<E>(E);

wrapper!(
    /// A game without undo: every method of the inner game but `undo_unchecked`.
    CopyMake {}
);

wrapper!(
    /// A game that always takes moves back, whatever its size (PrimeGame copies boards up to
    /// 2048 numbers, where copying is faster).
    Undoing {
        const CAN_UNDO: bool = true;
        fn undo_unchecked(&mut self, mv: G::Move) {
            self.0.undo_unchecked(mv);
        }
    }
);

/// Everything a search reports but its time.
fn report<M: Copy>(result: &SearchResult<M>) -> (M, i64, bool, u16, u64, Vec<M>) {
    (
        result.best_move,
        result.value,
        result.exact,
        result.depth,
        result.nodes,
        result.principal_variation.clone(),
    )
}

fn assert_engines_agree<G: ScoringGame, E: Evaluator<G>, K: Knowledge<G>>(
    position: &G,
    (prime_tuned, knowledge): (bool, K),
    evaluator: impl Fn() -> E,
    depth: u16,
) {
    assert!(G::CAN_UNDO);
    let budget = Budget::default().with_depth(depth);
    let config = SearchConfig::default().with_table_bytes(8 << 20);
    let mut undoing = tuned(
        Engine::with_config(config, Inner(evaluator())).with_knowledge(Inner(knowledge.clone())),
        prime_tuned,
    );
    let mut copying = tuned(
        Engine::with_config(config, Inner(evaluator())).with_knowledge(Inner(knowledge)),
        prime_tuned,
    );
    // Twice: the second search starts from a table the first filled.
    for _ in 0..2 {
        let ours = undoing.search(&Undoing(position.clone()), budget).unwrap();
        let theirs = copying.search(&CopyMake(position.clone()), budget).unwrap();
        assert_eq!(report(&ours), report(&theirs));
    }
}

#[test]
fn prime_solver_agrees() {
    let mut boards: Vec<(u32, Vec<u64>)> = (1..=22)
        .map(|n| (n, (1..=u64::from(n)).collect()))
        .collect();
    boards.push((40, (2..=40).step_by(3).collect()));
    boards.push((60, (30..=60).collect()));
    for (n, numbers) in boards {
        let game = PrimeGame::from_numbers(n, numbers).unwrap();
        let config = SearchConfig::default().with_table_bytes(4 << 20);
        let ours = tune_solver(Solver::with_config(config).with_knowledge(Inner(PrimeKnowledge)))
            .solve(&Undoing(game.clone()))
            .unwrap();
        let theirs = tune_solver(Solver::with_config(config).with_knowledge(Inner(PrimeKnowledge)))
            .solve(&CopyMake(game.clone()))
            .unwrap();
        assert_eq!(ours, theirs, "{game}");
    }
}

/// PrimeGame's tuned settings and knowledge.
fn prime() -> (bool, PrimeKnowledge) {
    (true, PrimeKnowledge)
}

/// `engine` with PrimeGame's tuned settings if `prime`, else as it is.
fn tuned<G: ScoringGame, E: Evaluator<G>, K: Knowledge<G>>(
    engine: Engine<G, E, K>,
    prime: bool,
) -> Engine<G, E, K> {
    if prime { tune_engine(engine) } else { engine }
}

#[test]
fn prime_engine_agrees_on_every_kind_of_board() {
    assert_engines_agree(
        &PrimeGame::new(200).unwrap(),
        prime(),
        PrimeEvaluator::default,
        4,
    );
    // Large boards: candidates only, and past 2^15 numbers a floor.
    // (Copy-make clones the board's arrays at every node: depths kept small.)
    assert_engines_agree(
        &PrimeGame::new(10_000).unwrap(),
        prime(),
        PrimeEvaluator::default,
        5,
    );
    assert_engines_agree(
        &PrimeGame::new(40_000).unwrap(),
        prime(),
        PrimeEvaluator::default,
        4,
    );
    // Sparse: 1..=249 and 200,000.
    let sparse = PrimeGame::from_numbers(200_000, (1..=249).chain([200_000])).unwrap();
    assert_engines_agree(&sparse, prime(), PrimeEvaluator::default, 4);
}

/// A row of coins; a move takes the coin at either end and scores it.
#[derive(Clone, Debug)]
struct Coins {
    coins: Vec<u32>,
    left: usize,
    right: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum End {
    Left,
    Right,
}

impl Game for Coins {
    type Move = End;
    type Key = u64;
    const NAME: &'static str = "coins";

    fn generate_moves(&self, out: &mut Vec<End>) {
        if self.left < self.right {
            out.push(End::Left);
            if self.right - self.left > 1 {
                out.push(End::Right);
            }
        }
    }
    fn play_unchecked(&mut self, end: End) {
        match end {
            End::Left => self.left += 1,
            End::Right => self.right -= 1,
        }
    }
    const CAN_UNDO: bool = true;
    fn undo_unchecked(&mut self, end: End) {
        match end {
            End::Left => self.left -= 1,
            End::Right => self.right += 1,
        }
    }
    fn key(&self) -> u64 {
        ((self.left as u64) << 32) | self.right as u64
    }
}

impl ScoringGame for Coins {
    fn points(&self, end: End) -> Points {
        let coin = match end {
            End::Left => self.coins[self.left],
            End::Right => self.coins[self.right - 1],
        };
        Points {
            mover: u64::from(coin),
            opponent: 0,
        }
    }
}

/// The best margin by the textbook recurrence.
fn coins_value(coins: &[u32]) -> i64 {
    match coins {
        [] => 0,
        [only] => i64::from(*only),
        [first, rest @ ..] => {
            let (last, middle) = coins.split_last().unwrap();
            (i64::from(*first) - coins_value(rest)).max(i64::from(*last) - coins_value(middle))
        }
    }
}

#[test]
fn a_game_of_our_own_agrees_both_ways() {
    for len in 0..=14usize {
        let coins: Vec<u32> = (0..len as u32).map(|i| (i * 37 + 11) % 23).collect();
        let game = Coins {
            coins: coins.clone(),
            left: 0,
            right: len,
        };
        let ours = Solver::new()
            .with_table_bytes(1 << 20)
            .solve(&game)
            .unwrap();
        let theirs = Solver::new()
            .with_table_bytes(1 << 20)
            .solve(&CopyMake(game.clone()))
            .unwrap();
        assert_eq!(ours, theirs, "{coins:?}");
        assert_eq!(ours.value, coins_value(&coins), "{coins:?}");
        if len > 0 {
            assert_engines_agree(&game, (false, NoKnowledge), || NoEvaluator, 6);
        }
    }
}
