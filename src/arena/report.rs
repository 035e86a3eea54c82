//! What a match reports: each game's sides, scores and forfeit, and the pairs' results.

use std::fmt;
use std::time::Duration;

/// One of the two strategies of a match (not the player who moves first: sides alternate).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// The first strategy named.
    A,
    /// The second strategy named.
    B,
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::A => "A",
            Side::B => "B",
        })
    }
}

/// Why a game was lost without being played out.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Forfeit {
    /// The strategy returned an illegal move, or none while moves were left.
    IllegalMove(String),
    /// The strategy answered after its time was up.
    Late(Duration),
}

/// The result of one game of a match.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GameReport {
    /// The game's number in the match, from 1.
    pub number: u32,
    /// The strategy that moved first.
    pub first: Side,
    /// The scores of A and B.
    pub scores: [u64; 2],
    /// The winner, `None` for a draw.
    pub winner: Option<Side>,
    /// Plies played, the opening included.
    pub plies: usize,
    /// The longest time A and B took for one move.
    pub max_move_time: [Duration; 2],
    /// The side that forfeited, and why.
    pub forfeit: Option<(Side, Forfeit)>,
}

impl fmt::Display for GameReport {
    /// `game 3: first=B A 1234 B 1200 winner=A plies=140 max_ms=A:480,B:0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let winner = self
            .winner
            .map_or(String::from("draw"), |side| side.to_string());
        write!(
            f,
            "game {}: first={} A {} B {} winner={winner} plies={} max_ms=A:{},B:{}",
            self.number,
            self.first,
            self.scores[0],
            self.scores[1],
            self.plies,
            self.max_move_time[0].as_millis(),
            self.max_move_time[1].as_millis(),
        )?;
        if let Some((side, reason)) = &self.forfeit {
            match reason {
                Forfeit::IllegalMove(why) => write!(f, " forfeit={side} ({why})")?,
                Forfeit::Late(took) => {
                    write!(f, " forfeit={side} (late: {} ms)", took.as_millis())?
                }
            }
        }
        Ok(())
    }
}

impl GameReport {
    /// A's score minus B's, or `None` if a side forfeited (the scores then stop short).
    #[must_use]
    pub fn margin(&self) -> Option<i64> {
        let as_i64 = |score: u64| i64::try_from(score).unwrap_or(i64::MAX);
        self.forfeit
            .is_none()
            .then(|| as_i64(self.scores[0]).saturating_sub(as_i64(self.scores[1])))
    }
}

/// The result of a pair of games with the same opening, one from each seat, for A.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PairResult {
    /// A's two margins, summed (no forfeit in the pair).
    Margin(i64),
    /// A side forfeited a game of the pair: the pair is lost for it.
    Forfeited(Side),
}

impl PairResult {
    /// The side the pair goes to, `None` for a drawn pair.
    #[must_use]
    pub fn winner(self) -> Option<Side> {
        match self {
            Self::Margin(margin) if margin > 0 => Some(Side::A),
            Self::Margin(margin) if margin < 0 => Some(Side::B),
            Self::Margin(_) => None,
            Self::Forfeited(Side::A) => Some(Side::B),
            Self::Forfeited(Side::B) => Some(Side::A),
        }
    }
}

/// A whole match, from A's point of view.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct MatchReport {
    /// Every game.
    pub games: Vec<GameReport>,
}

impl MatchReport {
    fn count(&self, winner: Option<Side>) -> usize {
        self.games.iter().filter(|g| g.winner == winner).count()
    }

    /// Games A won.
    #[must_use]
    pub fn wins(&self) -> usize {
        self.count(Some(Side::A))
    }

    /// Games drawn.
    #[must_use]
    pub fn draws(&self) -> usize {
        self.count(None)
    }

    /// Games A lost.
    #[must_use]
    pub fn losses(&self) -> usize {
        self.count(Some(Side::B))
    }

    /// The paired results: games 1 and 2, 3 and 4, ... share their opening and swap seats, so
    /// the sum of A's two margins takes out the first player's edge, which decides single
    /// games (the side to move never loses a PrimeGame position). A last unpaired game is left
    /// out.
    ///
    /// # Examples
    ///
    /// ```
    /// use gamesolver::arena::{MatchConfig, PairResult, play_match};
    /// use gamesolver::arena::RandomStrategy;
    /// use gamesolver::games::prime::PrimeGame;
    ///
    /// let config = MatchConfig { games: 4, ..MatchConfig::default() };
    /// let (mut a, mut b) = (RandomStrategy::with_seed(1), RandomStrategy::with_seed(2));
    /// let report = play_match(&PrimeGame::new(60)?, &mut a, &mut b, config, |_| {});
    /// let pairs = report.pairs();
    /// assert_eq!(pairs.len(), 2);
    /// let first = report.games[0].margin().unwrap() + report.games[1].margin().unwrap();
    /// assert_eq!(pairs[0], PairResult::Margin(first));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn pairs(&self) -> Vec<PairResult> {
        self.games
            .chunks_exact(2)
            .map(|pair| {
                let forfeit = pair.iter().find_map(|game| game.forfeit.as_ref());
                match (forfeit, pair[0].margin(), pair[1].margin()) {
                    (Some((side, _)), ..) => PairResult::Forfeited(*side),
                    (None, Some(first), Some(second)) => {
                        PairResult::Margin(first.saturating_add(second))
                    }
                    // A game without a forfeit has a margin.
                    (None, ..) => PairResult::Margin(0),
                }
            })
            .collect()
    }

    /// The longest time A took for one move over the match.
    #[must_use]
    pub fn max_move_time(&self, side: Side) -> Duration {
        let index = side as usize;
        self.games
            .iter()
            .map(|g| g.max_move_time[index])
            .max()
            .unwrap_or_default()
    }
}

impl fmt::Display for MatchReport {
    /// `A wins=W draws=D losses=L max_ms=T pairs=P won=PW drawn=PD lost=PL pair_margin=M`:
    /// T is A's slowest move; then the paired results ([`pairs`](Self::pairs)) and the sum of
    /// A's margins over the pairs played out.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pairs = self.pairs();
        let count = |side| pairs.iter().filter(|p| p.winner() == side).count();
        let margin: i64 = pairs
            .iter()
            .map(|p| match p {
                PairResult::Margin(margin) => *margin,
                PairResult::Forfeited(_) => 0,
            })
            .fold(0, i64::saturating_add);
        write!(
            f,
            "A wins={} draws={} losses={} max_ms={} pairs={} won={} drawn={} lost={} pair_margin={margin}",
            self.wins(),
            self.draws(),
            self.losses(),
            self.max_move_time(Side::A).as_millis(),
            pairs.len(),
            count(Some(Side::A)),
            count(None),
            count(Some(Side::B)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(number: u32, scores: [u64; 2], forfeit: Option<Side>) -> GameReport {
        let winner = match forfeit {
            Some(Side::A) => Some(Side::B),
            Some(Side::B) => Some(Side::A),
            None if scores[0] > scores[1] => Some(Side::A),
            None if scores[0] < scores[1] => Some(Side::B),
            None => None,
        };
        GameReport {
            number,
            first: if number % 2 == 1 { Side::A } else { Side::B },
            scores,
            winner,
            plies: 10,
            max_move_time: [Duration::from_millis(3), Duration::ZERO],
            forfeit: forfeit.map(|side| (side, Forfeit::Late(Duration::from_millis(9)))),
        }
    }

    #[test]
    fn pairs_sum_margins_and_lose_forfeits() {
        let report = MatchReport {
            games: vec![
                // A wins the first game by 5 and loses the second by 2: the pair is A's.
                game(1, [15, 10], None),
                game(2, [10, 12], None),
                // Lost by 7, won by 7: a drawn pair, though each game had a winner.
                game(3, [3, 10], None),
                game(4, [10, 3], None),
                // B forfeits: A's pair, whatever the scores.
                game(5, [1, 50], None),
                game(6, [2, 3], Some(Side::B)),
                // Unpaired.
                game(7, [9, 1], None),
            ],
        };
        assert_eq!(
            report.pairs(),
            [
                PairResult::Margin(3),
                PairResult::Margin(0),
                PairResult::Forfeited(Side::B)
            ]
        );
        assert_eq!(
            report.to_string(),
            "A wins=4 draws=0 losses=3 max_ms=3 pairs=3 won=2 drawn=1 lost=0 pair_margin=3"
        );
    }
}
