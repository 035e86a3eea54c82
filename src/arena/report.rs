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
    /// `A wins=W draws=D losses=L max_ms=T` (T: A's slowest move).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "A wins={} draws={} losses={} max_ms={}",
            self.wins(),
            self.draws(),
            self.losses(),
            self.max_move_time(Side::A).as_millis()
        )
    }
}
