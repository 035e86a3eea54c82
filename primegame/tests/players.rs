//! The contest tool's players: the reference strategies, the match runner with them, the
//! engine against them, and the contest engine's endgames on the wide board.

use gamesolver::CheckedPlay;
use gamesolver::arena::{Forfeit, MatchConfig, Side, play_match};
use gamesolver::arena::{RandomStrategy, Strategy};
use gamesolver::games::prime::{PrimeEvaluator, PrimeGame, WidePrimeGame};
use gamesolver::{Budget, Engine, Game, ScoringGame};
use primegame::contest::contest_engine;
use primegame::strategies::{Greedy, LargestPrimeFirst, OneThenGreedy, TwoPly};
use std::time::{Duration, Instant};

fn engine() -> Engine<PrimeGame, PrimeEvaluator, gamesolver::games::prime::PrimeKnowledge> {
    gamesolver::games::prime::engine(16 << 20)
}

/// The board 1..=n after the greedy player's moves down to `left` numbers.
fn greedy_endgame(n: u32, left: u32) -> PrimeGame {
    let mut position = PrimeGame::new(n).unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while position.len() > left {
        let x = Greedy.choose(&position, deadline).unwrap();
        position.play(x).unwrap();
    }
    position
}

#[test]
fn reference_strategies_play_as_named() {
    let deadline = Instant::now() + Duration::from_secs(1);
    let position = PrimeGame::from_numbers(30, [1, 4, 6, 9, 12, 23, 25, 30]).unwrap();
    let best_gain = position
        .numbers()
        .max_by_key(|&x| (position.margin(x), x))
        .unwrap();
    assert_eq!(Greedy.choose(&position, deadline), Some(best_gain));
    assert_eq!(LargestPrimeFirst.choose(&position, deadline), Some(23));
    assert_eq!(OneThenGreedy.choose(&position, deadline), Some(1));
    let no_primes = PrimeGame::from_numbers(30, [4, 6, 9, 25]).unwrap();
    assert_eq!(LargestPrimeFirst.choose(&no_primes, deadline), Some(25));
    // Two-ply: its choice maximizes gain minus the best reply's gain.
    let two_ply = TwoPly.choose(&position, deadline).unwrap();
    let score = |x: u32| {
        let child = position.after(x);
        position.margin(x) - child.numbers().map(|y| child.margin(y)).max().unwrap_or(0)
    };
    assert_eq!(score(two_ply), position.numbers().map(score).max().unwrap());
}

/// A strategy that breaks the rules, to check forfeits.
struct Cheat {
    sleep: Option<Duration>,
}

impl Strategy<PrimeGame> for Cheat {
    fn name(&self) -> &str {
        "cheat"
    }
    fn choose(&mut self, position: &PrimeGame, _: Instant) -> Option<u32> {
        match self.sleep {
            Some(time) => {
                std::thread::sleep(time);
                position.greedy_move()
            }
            None => Some(position.size() + 1),
        }
    }
}

#[test]
fn match_runner_alternates_and_forfeits() {
    let start = PrimeGame::new(40).unwrap();
    let config = MatchConfig {
        games: 4,
        move_time: Duration::from_millis(50),
        ..MatchConfig::default()
    };
    let report = play_match(
        &start,
        &mut Greedy,
        &mut RandomStrategy::with_seed(3),
        config,
        |_| {},
    );
    let firsts: Vec<Side> = report.games.iter().map(|g| g.first).collect();
    assert_eq!(firsts, [Side::A, Side::B, Side::A, Side::B]);
    for game in &report.games {
        assert_eq!(game.scores[0] + game.scores[1], (1..=40).sum::<u64>());
        assert!(game.forfeit.is_none());
    }
    let illegal = play_match(
        &start,
        &mut Greedy,
        &mut Cheat { sleep: None },
        config,
        |_| {},
    );
    assert_eq!(illegal.wins(), 4);
    assert!(matches!(
        illegal.games[0].forfeit,
        Some((Side::B, Forfeit::IllegalMove(_)))
    ));
    let late = Cheat {
        sleep: Some(Duration::from_millis(80)),
    };
    let mut late = late;
    let report = play_match(&start, &mut late, &mut Greedy, config, |_| {});
    assert_eq!(report.losses(), 4);
    assert!(matches!(
        report.games[0].forfeit,
        Some((Side::A, Forfeit::Late(_)))
    ));
}

/// The engine searching a fixed depth: deterministic, unlike a time budget.
struct FixedDepth(
    Engine<PrimeGame, PrimeEvaluator, gamesolver::games::prime::PrimeKnowledge>,
    u16,
);

impl Strategy<PrimeGame> for FixedDepth {
    fn name(&self) -> &str {
        "fixed-depth engine"
    }
    fn choose(&mut self, position: &PrimeGame, _: Instant) -> Option<u32> {
        let budget = Budget::default().with_depth(self.1);
        self.0
            .search(position, budget)
            .map(|result| result.best_move)
    }
    fn new_game(&mut self) {
        self.0.clear();
    }
}

#[test]
fn engine_at_depth_three_beats_the_reference_players() {
    // A regression check on strength; the README's table measures it at contest settings.
    let start = PrimeGame::new(100).unwrap();
    let config = MatchConfig {
        games: 4,
        move_time: Duration::from_secs(5),
        ..MatchConfig::default()
    };
    let opponents: [&mut dyn Strategy<PrimeGame>; 3] =
        [&mut Greedy, &mut LargestPrimeFirst, &mut OneThenGreedy];
    for opponent in opponents {
        let name = opponent.name().to_owned();
        let mut engine = FixedDepth(engine(), 3);
        let report = play_match(&start, &mut engine, opponent, config, |_| {});
        assert_eq!(report.wins(), 4, "against {name}: {report}");
    }
}

#[test]
fn the_contest_engine_solves_endgames_on_the_wide_board() {
    // Greedy play down to 44 numbers of 1..=250: the endgame solver on the 256-bit board
    // answers, exactly, with an optimal move, on one thread and on two.
    let position = greedy_endgame(250, 44);
    let solution = gamesolver::games::prime::solver()
        .with_table_bytes(16 << 20)
        .solve(&WidePrimeGame::try_from(&position).unwrap())
        .unwrap();
    for threads in [1, 2] {
        let result = contest_engine(threads)
            .search(
                &position,
                Budget::default().with_time(Duration::from_millis(1500)),
            )
            .unwrap();
        assert!(result.exact, "{threads} threads: not proven");
        assert_eq!(result.value, solution.value);
        assert!(solution.best_moves.contains(&result.best_move));
        assert_eq!(result.principal_variation, [result.best_move]);
    }
}
