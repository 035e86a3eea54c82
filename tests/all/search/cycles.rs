//! A game whose positions repeat and does not say so, or knowledge that claims to value every
//! cycle and does not, is an error naming a position on the cycle: never a stack overflow
//! (which aborts the whole process), on one thread or two.

use gamesolver::{Game, Knowledge, Points, ScoringGame, SolveError, Solver};

/// Three points in a ring, the token moved round it; from point 0 it may also leave (a move
/// that ends the game and gives the other side 1: so the search tries going round first).
/// The rules forget to say that positions repeat.
#[derive(Clone, Debug)]
struct Ring {
    at: u8,
    left: bool,
}

impl Game for Ring {
    type Move = u8; // 0: round the ring, 1: leave
    type Key = (u8, u8);
    const NAME: &'static str = "ring";
    fn generate_moves(&self, out: &mut Vec<u8>) {
        if !self.left {
            out.push(0);
            if self.at == 0 {
                out.push(1);
            }
        }
    }
    fn play_unchecked(&mut self, mv: u8) {
        if mv == 1 {
            self.left = true;
        } else {
            self.at = (self.at + 1) % 3;
        }
    }
    fn key(&self) -> (u8, u8) {
        (self.at, u8::from(self.left))
    }
}

impl ScoringGame for Ring {
    fn points(&self, mv: u8) -> Points {
        Points {
            mover: 0,
            opponent: u64::from(mv),
        }
    }
}

/// Claims to value every cycle, and values nothing.
#[derive(Clone)]
struct ClaimsCycles;

impl Knowledge<Ring> for ClaimsCycles {
    fn covers_repetitions(&self) -> bool {
        true
    }
}

fn is_cycle(result: Result<i64, SolveError>) -> bool {
    matches!(result, Err(SolveError::Cycle { key }) if key.starts_with('('))
}

#[test]
fn a_cycle_the_game_does_not_declare_is_an_error_naming_a_position() {
    let start = Ring { at: 1, left: false };
    for threads in [1, 2] {
        let mut solver = Solver::new().with_threads(threads);
        let value = solver.value(&start);
        assert!(is_cycle(value.clone()), "{threads} threads: {value:?}");
        let solved = solver.solve(&start);
        assert!(
            matches!(solved, Err(SolveError::Cycle { .. })),
            "{solved:?}"
        );
        let mut claims = Solver::new()
            .with_threads(threads)
            .with_knowledge(ClaimsCycles);
        assert!(is_cycle(claims.value(&start)), "{threads} threads");
    }
}
