//! Children made as the moves are ordered ([`ScoringGame::SCORES_BY_PLAYING`]) against
//! children made when searched: the same game wrapped with the hint on and off gives identical
//! solutions (values, optimal moves, lines) and node counts, on one thread and on two, on Kalah
//! (whose moves keep the turn) and Dots and Boxes (chains of them). The hint may change only
//! the time.

use gamesolver::games::dots_and_boxes::DotsAndBoxes;
use gamesolver::games::kalah::Kalah;
use gamesolver::{Game, Points, ScoringGame, Solver};

/// A game with its own `SCORES_BY_PLAYING` replaced by `ON`; every other method passed through.
#[derive(Clone, Debug)]
struct Hinted<G, const ON: bool>(G);

impl<G: Game, const ON: bool> Game for Hinted<G, ON> {
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
    fn is_legal(&self, mv: G::Move) -> bool {
        self.0.is_legal(mv)
    }
}

impl<G: ScoringGame, const ON: bool> ScoringGame for Hinted<G, ON> {
    const SCORES_BY_PLAYING: bool = ON;

    fn points(&self, mv: G::Move) -> Points {
        self.0.points(mv)
    }
    fn keeps_turn(&self, mv: G::Move) -> bool {
        self.0.keeps_turn(mv)
    }
    fn margin_and_turn(&self, mv: G::Move) -> (i64, bool) {
        self.0.margin_and_turn(mv)
    }
    fn play_and_score(&mut self, mv: G::Move) -> (i64, bool) {
        self.0.play_and_score(mv)
    }
}

/// The solutions and node counts of `position` with the hint on and off, on `threads`.
fn same_either_way<G: ScoringGame>(position: &G, threads: usize)
where
    G::Move: std::fmt::Debug,
{
    let on = Solver::new()
        .with_threads(threads)
        .solve(&Hinted::<G, true>(position.clone()))
        .expect("solved");
    let off = Solver::new()
        .with_threads(threads)
        .solve(&Hinted::<G, false>(position.clone()))
        .expect("solved");
    assert_eq!((on.value, &on.best_moves), (off.value, &off.best_moves));
    if threads == 1 {
        assert_eq!(on.principal_variation, off.principal_variation);
        assert_eq!(on.nodes, off.nodes, "the same search, move for move");
    }
}

/// Positions along a line of play from `start`: a move chosen by a small fixed rule at each
/// step, so that midgames with moves that keep the turn are among them.
fn line_from<G: ScoringGame>(start: &G, plies: usize) -> Vec<G> {
    let mut positions = vec![start.clone()];
    let mut position = start.clone();
    for ply in 0..plies {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        position.play_unchecked(moves[(ply * 7 + 3) % moves.len()]);
        positions.push(position.clone());
    }
    positions
}

#[test]
fn kalah_gives_the_same_solutions_and_nodes_with_children_made_as_ordered() {
    for (m, n) in [(3, 3), (4, 2), (4, 3)] {
        let start = Kalah::new(m, n).expect("a size the rules take");
        for position in line_from(&start, 12) {
            same_either_way(&position, 1);
        }
        same_either_way(&start, 2);
    }
}

#[test]
fn dots_and_boxes_gives_the_same_solutions_and_nodes_with_children_made_as_ordered() {
    for (width, height) in [(2, 2), (3, 2)] {
        let start = DotsAndBoxes::new(width, height).expect("a board the rules take");
        for position in line_from(&start, 6) {
            same_either_way(&position, 1);
        }
        same_either_way(&start, 2);
    }
}
