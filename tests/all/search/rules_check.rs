//! `check::knowledge` checks the rules against themselves first: a game that answers a move's
//! margin and turn in one pass (`margin_and_turn`) must give what `margin` and `keeps_turn`
//! give, since the searches follow the first and a `Record` the others; one that plays and
//! scores a move in one pass (`play_and_score`) must reach the position `play_unchecked` does.

use gamesolver::check::{self, CheckError, Checks, Claim};
use gamesolver::{Game, NoKnowledge, Points, ScoringGame};

/// A row of coins, either end taken; a coin of 1 keeps the turn. `LIES`: the one-pass
/// answer forgets the turn.
#[derive(Clone, Debug)]
struct Coins<const LIES: bool>(Vec<u32>);

impl<const LIES: bool> Game for Coins<LIES> {
    type Move = bool;
    type Key = Vec<u32>;
    const NAME: &'static str = "coins";
    fn generate_moves(&self, out: &mut Vec<bool>) {
        out.extend(match self.0.len() {
            0 => &[][..],
            1 => &[true],
            _ => &[true, false],
        });
    }
    fn play_unchecked(&mut self, left: bool) {
        if left {
            self.0.remove(0);
        } else {
            self.0.pop();
        }
    }
    fn key(&self) -> Vec<u32> {
        self.0.clone()
    }
}

impl<const LIES: bool> Coins<LIES> {
    fn end(&self, left: bool) -> u32 {
        if left {
            self.0[0]
        } else {
            self.0[self.0.len() - 1]
        }
    }
}

impl<const LIES: bool> ScoringGame for Coins<LIES> {
    fn points(&self, left: bool) -> Points {
        Points {
            mover: u64::from(self.end(left)),
            opponent: 0,
        }
    }
    fn keeps_turn(&self, left: bool) -> bool {
        self.end(left) == 1
    }
    fn margin_and_turn(&self, left: bool) -> (i64, bool) {
        (self.margin(left), !LIES && self.end(left) == 1)
    }
}

#[test]
fn a_one_pass_answer_that_disagrees_with_keeps_turn_is_named() {
    let honest = Coins::<false>(vec![3, 9, 1, 2]);
    check::knowledge(&honest, &NoKnowledge, &Checks::default()).unwrap();
    let lying = Coins::<true>(vec![3, 9, 1, 2]);
    match check::knowledge(&lying, &NoKnowledge, &Checks::default()) {
        Err(CheckError::Disagrees(disagreement)) => match disagreement.claim {
            Claim::MarginAndTurn {
                mv,
                together,
                apart,
            } => {
                assert_eq!((together.1, apart.1), (false, true), "move {mv}");
                assert_eq!(together.0, 1);
            }
            other => panic!("expected the rules' disagreement, got {other:?}"),
        },
        other => panic!("expected a disagreement, got {other:?}"),
    }
}

/// The coins, with an `is_legal` that takes any end: right once a single coin is left,
/// where the moves generated give only the left.
#[derive(Clone, Debug)]
struct AnyEnd(Coins<false>);

impl Game for AnyEnd {
    type Move = bool;
    type Key = Vec<u32>;
    const NAME: &'static str = "coins, any end";
    fn generate_moves(&self, out: &mut Vec<bool>) {
        self.0.generate_moves(out);
    }
    fn play_unchecked(&mut self, left: bool) {
        self.0.play_unchecked(left);
    }
    fn key(&self) -> Vec<u32> {
        self.0.key()
    }
    fn is_legal(&self, _: bool) -> bool {
        !self.0.0.is_empty()
    }
}

impl ScoringGame for AnyEnd {
    fn points(&self, left: bool) -> Points {
        self.0.points(left)
    }
    fn keeps_turn(&self, left: bool) -> bool {
        self.0.keeps_turn(left)
    }
}

#[test]
fn an_is_legal_that_disagrees_with_the_moves_is_named() {
    let lying = AnyEnd(Coins(vec![3, 9, 1, 2]));
    match check::knowledge(&lying, &NoKnowledge, &Checks::default()) {
        Err(CheckError::Disagrees(disagreement)) => {
            assert_eq!(disagreement.moves.len(), 3, "one coin left");
            assert_eq!(
                disagreement.claim,
                Claim::IsLegal {
                    mv: false,
                    says: true
                }
            );
        }
        other => panic!("expected a disagreement, got {other:?}"),
    }
}

/// The coins, with a one-pass play that always takes the left end, whichever end it is asked
/// for (and scores the end asked for).
#[derive(Clone, Debug)]
struct LeftOnly(Coins<false>);

impl Game for LeftOnly {
    type Move = bool;
    type Key = Vec<u32>;
    const NAME: &'static str = "coins, left only";
    fn generate_moves(&self, out: &mut Vec<bool>) {
        self.0.generate_moves(out);
    }
    fn play_unchecked(&mut self, left: bool) {
        self.0.play_unchecked(left);
    }
    fn key(&self) -> Vec<u32> {
        self.0.key()
    }
}

impl ScoringGame for LeftOnly {
    const SCORES_BY_PLAYING: bool = true;
    fn points(&self, left: bool) -> Points {
        self.0.points(left)
    }
    fn keeps_turn(&self, left: bool) -> bool {
        self.0.keeps_turn(left)
    }
    fn play_and_score(&mut self, left: bool) -> (i64, bool) {
        let scored = self.margin_and_turn(left);
        self.0.play_unchecked(true);
        scored
    }
}

#[test]
fn a_one_pass_play_that_reaches_another_position_is_named() {
    let lying = LeftOnly(Coins(vec![3, 9, 1, 2]));
    match check::knowledge(&lying, &NoKnowledge, &Checks::default()) {
        Err(CheckError::Disagrees(disagreement)) => {
            assert_eq!(disagreement.claim, Claim::PlayAndScore(false));
            // Where it is named, the right end's one-pass play really leaves another row.
            let mut position = lying.clone();
            for &mv in &disagreement.moves {
                position.play_unchecked(mv);
            }
            let mut played = position.clone();
            played.play_and_score(false);
            assert_ne!(played.key(), position.after(false).key());
        }
        other => panic!("expected a disagreement, got {other:?}"),
    }
}
