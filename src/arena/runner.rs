//! `play_match`: games between two strategies, sides alternating, with a time limit a move and
//! forfeits for illegal or late moves (`MatchConfig`).

use super::Strategy;
use crate::arena::{Forfeit, GameReport, MatchReport, Side};
use crate::game::{CheckedPlay, Player, Record, ScoringGame};
use std::time::{Duration, Instant};

/// How a match is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MatchConfig {
    /// Games to play; the starting side alternates, A first in game 1.
    pub games: u32,
    /// Time per move; a later answer forfeits the game.
    pub move_time: Duration,
    /// Random plies played before the strategies take over, from game 3 on (games 1 and 2
    /// start from the start position). Games come in pairs with the same opening and sides
    /// swapped, so neither strategy is favoured.
    pub opening_plies: usize,
    /// Seed of the random openings.
    pub seed: u64,
}

impl Default for MatchConfig {
    fn default() -> Self {
        Self {
            games: 10,
            move_time: Duration::from_millis(500),
            opening_plies: 2,
            seed: 1,
        }
    }
}

/// Plays a match between strategies `a` and `b` from `start`, calling `on_game` after each
/// game (to show progress).
///
/// # Examples
///
/// ```
/// use gamesolver::arena::{play_match, MatchConfig};
/// use gamesolver::arena::RandomStrategy;
/// use gamesolver::games::prime::PrimeGame;
///
/// let config = MatchConfig { games: 4, ..MatchConfig::default() };
/// let (mut a, mut b) = (RandomStrategy::with_seed(1), RandomStrategy::with_seed(2));
/// let report = play_match(&PrimeGame::new(60)?, &mut a, &mut b, config, |_| {});
/// assert_eq!(report.games.len(), 4);
/// assert_eq!(report.wins() + report.draws() + report.losses(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn play_match<G: ScoringGame + CheckedPlay>(
    start: &G,
    a: &mut dyn Strategy<G>,
    b: &mut dyn Strategy<G>,
    config: MatchConfig,
    mut on_game: impl FnMut(&GameReport),
) -> MatchReport {
    let mut report = MatchReport::default();
    for index in 0..config.games {
        let first = if index % 2 == 0 { Side::A } else { Side::B };
        let opening = if index >= 2 {
            random_opening(
                start,
                config.opening_plies,
                config.seed ^ u64::from(index / 2),
            )
        } else {
            Vec::new()
        };
        let game = play_game(index + 1, first, start, &opening, a, b, &config);
        on_game(&game);
        report.games.push(game);
    }
    report
}

/// Up to `plies` random legal moves from `start`.
fn random_opening<G: ScoringGame>(start: &G, plies: usize, seed: u64) -> Vec<G::Move> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut position = start.clone();
    let mut opening = Vec::new();
    for _ in 0..plies {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.usize(..moves.len())];
        position.play_unchecked(mv);
        opening.push(mv);
    }
    opening
}

/// One game; the opening's points count as played.
fn play_game<G: ScoringGame + CheckedPlay>(
    number: u32,
    first: Side,
    start: &G,
    opening: &[G::Move],
    a: &mut dyn Strategy<G>,
    b: &mut dyn Strategy<G>,
    config: &MatchConfig,
) -> GameReport {
    a.new_game();
    b.new_game();
    let mut record = Record::new(start.clone());
    for &mv in opening {
        record.play(mv).expect("opening moves are legal");
    }
    let side_of = |player: Player| match (player, first) {
        (Player::First, side) => side,
        (Player::Second, Side::A) => Side::B,
        (Player::Second, Side::B) => Side::A,
    };
    let mut max_move_time = [Duration::ZERO; 2];
    let mut forfeit = None;
    while !record.is_over() {
        let side = side_of(record.to_move());
        let strategy: &mut dyn Strategy<G> = match side {
            Side::A => &mut *a,
            Side::B => &mut *b,
        };
        let asked = Instant::now();
        let choice = strategy.choose(record.position(), asked + config.move_time);
        let took = asked.elapsed();
        max_move_time[side as usize] = max_move_time[side as usize].max(took);
        if took > config.move_time {
            forfeit = Some((side, Forfeit::Late(took)));
            break;
        }
        let played = choice
            .ok_or_else(|| String::from("no move"))
            .and_then(|mv| record.play(mv).map(|_| ()).map_err(|e| e.to_string()));
        if let Err(why) = played {
            forfeit = Some((side, Forfeit::IllegalMove(why)));
            break;
        }
    }
    let (scores, winner) = scores_and_winner(&record, first, side_of, forfeit.as_ref());
    GameReport {
        number,
        first,
        scores,
        winner,
        plies: record.moves().len(),
        max_move_time,
        forfeit,
    }
}

/// The scores by side of a game that ended as `record` and `forfeit` say, and the winner: the
/// side that did not forfeit, or the higher score.
fn scores_and_winner<G: ScoringGame>(
    record: &Record<G>,
    first: Side,
    side_of: impl Fn(Player) -> Side,
    forfeit: Option<&(Side, Forfeit)>,
) -> ([u64; 2], Option<Side>) {
    let first_score = record.score(Player::First);
    let second_score = record.score(Player::Second);
    let scores = match first {
        Side::A => [first_score, second_score],
        Side::B => [second_score, first_score],
    };
    let winner = match forfeit {
        Some((Side::A, _)) => Some(Side::B),
        Some((Side::B, _)) => Some(Side::A),
        None => record.winner().map(side_of),
    };
    (scores, winner)
}
