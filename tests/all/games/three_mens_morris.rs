//! A game whose positions repeat, solved by retrograde analysis and served to the alpha-beta
//! searches: Three Men's Morris ([`gamesolver::games::three_mens_morris`]).
//! The retrograde verdicts and distances are checked against a plain value iteration over
//! every reachable position; the solver over a table of the sliding phase against the
//! retrograde values of every placement position; the engine with the table wins every won
//! position in the distance the table gives.

use gamesolver::CheckedPlay;
use gamesolver::check::{self, Checks};
use gamesolver::games::three_mens_morris::Morris;
use gamesolver::retrograde::{
    RetroValue, Retrograde, Tablebase, TablebaseKnowledge, tablebase_endgames, tablebase_move,
};
use gamesolver::search::SearchConfig;
use gamesolver::{
    Budget, Engine, Game, NoEvaluator, ScoredWinLoss, SolveError, Solver, Verdict, WinLossGame,
    game::verdict_value,
};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

fn position_of(key: u32) -> Morris {
    Morris::from_points((key & 0o777) as u16, (key >> 9) as u16).expect("a position in play")
}

fn solved() -> Arc<Tablebase<u32>> {
    Arc::new(
        Retrograde::new()
            .solve(&Morris::new())
            .expect("a small game"),
    )
}

/// Every position reachable from the empty board, with its children (none once it ended).
fn graph() -> HashMap<Morris, Vec<Morris>> {
    let mut graph = HashMap::new();
    let mut todo = vec![Morris::new()];
    while let Some(position) = todo.pop() {
        if graph.contains_key(&position) {
            continue;
        }
        let children: Vec<Morris> = match position.ending() {
            Some(_) => Vec::new(),
            None => position
                .legal_moves()
                .iter()
                .map(|&mv| position.after(mv))
                .collect(),
        };
        todo.extend(children.iter().copied());
        graph.insert(position, children);
    }
    graph
}

/// Value iteration: a position is won in p + 1 once a child is lost in p (the least such p),
/// lost in p + 1 once every child is won (the most), an ending at 0; what never settles is
/// drawn. Each pass decides from the values of the passes before only.
fn value_iteration(graph: &HashMap<Morris, Vec<Morris>>) -> HashMap<Morris, RetroValue> {
    let value = |verdict, plies| RetroValue { verdict, plies };
    let mut values: HashMap<Morris, RetroValue> = HashMap::new();
    loop {
        let mut next = values.clone();
        for (position, children) in graph {
            if values.contains_key(position) {
                continue;
            }
            let known: Vec<Option<RetroValue>> =
                children.iter().map(|c| values.get(c).copied()).collect();
            let fastest_win = known
                .iter()
                .flatten()
                .filter(|v| v.verdict == Verdict::Loss)
                .map(|v| v.plies)
                .min();
            let decided = match (position.ending(), fastest_win) {
                (Some(verdict), _) => Some(value(verdict, 0)),
                (None, Some(plies)) => Some(value(Verdict::Win, plies + 1)),
                (None, None)
                    if known
                        .iter()
                        .all(|v| v.is_some_and(|v| v.verdict == Verdict::Win)) =>
                {
                    let longest = known.iter().flatten().map(|v| v.plies + 1).max();
                    Some(value(Verdict::Loss, longest.unwrap_or(0)))
                }
                _ => None,
            };
            if let Some(decided) = decided {
                next.insert(*position, decided);
            }
        }
        if next.len() == values.len() {
            break;
        }
        values = next;
    }
    for position in graph.keys() {
        values.entry(*position).or_insert(value(Verdict::Draw, 0));
    }
    values
}

#[test]
fn every_retrograde_value_is_that_of_value_iteration() {
    let solved = solved();
    let expected = value_iteration(&graph());
    assert_eq!(solved.len(), expected.len());
    for (position, value) in &expected {
        assert_eq!(solved.value(position), Some(*value), "{position}");
    }
    // Both verdicts occur, and the start is drawn.
    let counts = solved.counts();
    assert!(counts.wins > 0 && counts.losses > 0 && counts.draws > 0);
    assert_eq!(solved.start().verdict, Verdict::Draw);
}

fn sliding_table(
    solved: &Arc<Tablebase<u32>>,
) -> impl Fn(&Morris) -> Option<RetroValue> + Clone + Send + Sync {
    let solved = Arc::clone(solved);
    move |p: &Morris| solved.value(p).filter(|_| p.placed())
}

#[test]
fn the_solver_over_the_sliding_table_values_every_placement_as_retrograde_does() {
    let solved = solved();
    let knowledge = TablebaseKnowledge::new(sliding_table(&solved)).covering_repetitions();
    check::uncovered_repetition(
        &ScoredWinLoss(Morris::new()),
        &knowledge,
        &Checks::default().with_games(64),
    )
    .expect("every cycle is in the sliding phase");
    let config = SearchConfig::default().with_table_bytes(1 << 20);
    let mut solver = Solver::with_config(config).with_knowledge(knowledge);
    let mut placements = 0;
    for (&key, value) in solved.iter() {
        let position = position_of(key);
        // A position where the game is over is worth 0: the move into it scored.
        if !position.placed() && value.plies > 0 {
            placements += 1;
            let found = solver.value(&ScoredWinLoss(position)).expect("a solve");
            assert_eq!(found, verdict_value(value.verdict), "{position}");
        }
    }
    assert!(placements > 500, "{placements} placement positions");
}

#[test]
fn a_table_that_leaves_a_cycle_open_is_refused_or_found() {
    let solved = solved();
    let start = ScoredWinLoss(Morris::new());
    let mut plain = Solver::with_config(SearchConfig::default().with_table_bytes(1 << 20));
    assert_eq!(plain.value(&start), Err(SolveError::PositionsRepeat));
    // Sliding positions with the centre free only: the pieces can go round the edge.
    let table = Arc::clone(&solved);
    let partial = TablebaseKnowledge::new(move |p: &Morris| {
        let (mine, theirs) = p.points();
        table
            .value(p)
            .filter(|_| p.placed() && (mine | theirs) & 1 << 4 == 0)
    })
    .covering_repetitions();
    let found = check::uncovered_repetition(&start, &partial, &Checks::default().with_games(64));
    let repetition = found.expect_err("a cycle with the centre taken");
    assert!(repetition.first < repetition.again);
}

#[test]
fn the_engine_with_the_table_wins_every_won_position_in_its_distance() {
    let solved = solved();
    let lookup = {
        let solved = Arc::clone(&solved);
        move |p: &Morris| solved.value(p)
    };
    let config = SearchConfig::default().with_table_bytes(1 << 20);
    let mut engine = Engine::with_config(config, NoEvaluator)
        .with_knowledge(TablebaseKnowledge::new(lookup.clone()))
        .with_exact_endgame(usize::MAX, 3)
        .with_endgame_solver(tablebase_endgames(lookup.clone()));
    let budget = Budget::default().with_time(Duration::from_secs(5));
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut won = 0;
    for (&key, value) in solved.iter().filter(|(_, v)| v.verdict == Verdict::Win) {
        won += 1;
        // Against the longest defence the win takes exactly its plies; against random
        // defences at most as many.
        for random_defence in [false, true] {
            let mut position = position_of(key);
            let mut plies = 0;
            while position.ending().is_none() && !position.legal_moves().is_empty() {
                let mv = if plies % 2 == 0 {
                    let result = engine
                        .search(&ScoredWinLoss(position), budget)
                        .expect("a move");
                    assert!(result.exact && result.value == 1, "{position}");
                    result.best_move
                } else if random_defence {
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    let moves = position.legal_moves();
                    moves[(seed >> 33) as usize % moves.len()]
                } else {
                    tablebase_move(&position, &lookup).expect("a move").0
                };
                position.play(mv).expect("a legal move");
                plies += 1;
            }
            // The side to move at the end has lost: the engine's side moved last.
            assert_eq!(plies % 2, 1, "{position}");
            let exact = !random_defence;
            assert!(
                plies <= value.plies && (!exact || plies == value.plies),
                "{plies} of {}",
                value.plies
            );
        }
    }
    assert!(won > 1000, "{won} won positions");
}
