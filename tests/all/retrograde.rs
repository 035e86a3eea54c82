//! The retrograde solver against value iteration, an independent computation of the same
//! values (rounds of plies over every position until nothing changes: the naive baseline), on
//! random games with cycles; its memory bound; and the repetition checks of the alpha-beta
//! side.

use gamesolver::CheckedPlay;
use gamesolver::check::{self, Checks};
use gamesolver::retrograde::{Counts, RetroValue, Retrograde};
use gamesolver::{
    Game, Numbering, Points, RetroError, ScoringGame, SolveError, Solver, Verdict, WinLossGame,
};
use proptest::prelude::*;
use std::sync::Arc;

/// A token on a directed graph: a move takes it along an edge. Some points end the game as
/// they say, some of them plies ahead of the game's end; elsewhere whoever cannot move loses.
#[derive(Clone, Debug)]
struct Token {
    at: u32,
    graph: Arc<Graph>,
}

#[derive(Debug)]
struct Graph {
    edges: Vec<Vec<u32>>,
    endings: Vec<Option<(Verdict, u16)>>,
    /// The verdict of a point without edges and without an ending: a loss, or a draw under a
    /// stalemate rule (or even a win).
    stalemate: Verdict,
}

impl Game for Token {
    type Move = u32;
    type Key = u32;
    const NAME: &'static str = "token on a graph";
    const POSITIONS_REPEAT: bool = true;

    fn generate_moves(&self, out: &mut Vec<u32>) {
        out.extend(&self.graph.edges[self.at as usize]);
    }
    fn play_unchecked(&mut self, to: u32) {
        self.at = to;
    }
    fn key(&self) -> u32 {
        self.at
    }
    /// The graph's size.
    fn rules_id(&self) -> u64 {
        self.graph.edges.len() as u64
    }
}

impl WinLossGame for Token {
    fn ending(&self) -> Option<Verdict> {
        self.graph.endings[self.at as usize].map(|(verdict, _)| verdict)
    }
    fn ending_plies(&self) -> u16 {
        self.graph.endings[self.at as usize].map_or(0, |(_, plies)| plies)
    }
    fn without_moves(&self) -> Verdict {
        self.graph.stalemate
    }
}

/// The points of a token's graph as its numbering; with `UNMOVES`, it lists the points that
/// lead to a point (else the indexed path sweeps).
#[derive(Clone, Debug)]
struct ByPoint<const UNMOVES: bool = true>(Arc<Graph>);

/// The numbering by points of `token`'s graph.
fn by_point(token: &Token) -> ByPoint {
    ByPoint(Arc::clone(&token.graph))
}

impl<const UNMOVES: bool> Numbering for ByPoint<UNMOVES> {
    type Game = Token;
    // Two numberings: with un-moves and without (a table of one is refused for the other).
    const NAME: &'static str = if UNMOVES {
        "token on a graph, by its point"
    } else {
        "token on a graph, swept"
    };
    const HAS_PREDECESSORS: bool = UNMOVES;

    /// The graph's size.
    fn rules_id(&self) -> u64 {
        self.0.edges.len() as u64
    }
    fn index_count(&self) -> u64 {
        self.0.edges.len() as u64
    }
    fn index(&self, token: &Token) -> u64 {
        u64::from(token.at)
    }
    fn position_at(&self, index: u64) -> Option<Token> {
        (index < self.index_count()).then(|| Token {
            at: index as u32,
            graph: Arc::clone(&self.0),
        })
    }
    fn predecessors(&self, token: &Token, out: &mut Vec<Token>) {
        let graph = &self.0;
        for (from, edges) in graph.edges.iter().enumerate() {
            let times = edges.iter().filter(|&&to| to == token.at).count();
            for _ in 0..times {
                out.push(Token {
                    at: from as u32,
                    graph: Arc::clone(graph),
                });
            }
        }
    }
}

/// Every point's value by rounds: in round r a point is won in r plies if a move reaches a
/// point lost in r - 1, lost in r plies if every move reaches a point won in fewer and one in
/// r - 1; what no round decides (once every end's plies are passed) is a draw.
fn value_iteration(graph: &Graph) -> Vec<RetroValue> {
    let n = graph.edges.len();
    let ended = |p: usize| {
        let no_move = graph.edges[p].is_empty().then_some((graph.stalemate, 0));
        graph.endings[p].or(no_move)
    };
    let mut decided: Vec<Option<RetroValue>> = (0..n)
        .map(|p| ended(p).map(|(verdict, plies)| RetroValue { verdict, plies }))
        .collect();
    let last_end = graph
        .endings
        .iter()
        .flatten()
        .map(|&(_, plies)| plies)
        .max();
    for round in 1u16.. {
        let before = decided.clone();
        let is =
            |c: &u32, verdict, plies| before[*c as usize] == Some(RetroValue { verdict, plies });
        for p in (0..n).filter(|&p| before[p].is_none()) {
            let edges = &graph.edges[p];
            let verdict = if edges.iter().any(|c| is(c, Verdict::Loss, round - 1)) {
                Verdict::Win
            } else if edges.iter().all(|c| {
                before[*c as usize].is_some_and(|v| v.verdict == Verdict::Win && v.plies < round)
            }) && edges.iter().any(|c| is(c, Verdict::Win, round - 1))
            {
                Verdict::Loss
            } else {
                continue;
            };
            decided[p] = Some(RetroValue {
                verdict,
                plies: round,
            });
        }
        if decided == before && round > last_end.unwrap_or(0) {
            break;
        }
    }
    let draw = RetroValue {
        verdict: Verdict::Draw,
        plies: 0,
    };
    decided.into_iter().map(|v| v.unwrap_or(draw)).collect()
}

/// The points reachable from point 0.
fn reachable(graph: &Graph) -> Vec<u32> {
    let mut seen = vec![false; graph.edges.len()];
    let mut stack = vec![0u32];
    seen[0] = true;
    let mut found = Vec::new();
    while let Some(p) = stack.pop() {
        found.push(p);
        if graph.endings[p as usize].is_some() {
            continue;
        }
        for &c in &graph.edges[p as usize] {
            if !std::mem::replace(&mut seen[c as usize], true) {
                stack.push(c);
            }
        }
    }
    found
}

/// Random graphs of up to 40 points and 4 edges a point; some with every edge repeated 90
/// times, so that a point has more moves than the indexed path's counter of a byte holds.
fn graphs() -> impl Strategy<Value = Graph> {
    (2usize..40, prop::bool::weighted(0.2)).prop_flat_map(|(n, wide)| {
        let edges = prop::collection::vec(prop::collection::vec(0..n as u32, 0..4), n);
        let plies = || 0u16..3;
        let ending = prop_oneof![
            6 => Just(None),
            1 => Just(Some((Verdict::Draw, 0))),
            1 => plies().prop_map(|plies| Some((Verdict::Loss, plies))),
            1 => plies().prop_map(|plies| Some((Verdict::Win, plies))),
        ];
        let times = if wide { 90 } else { 1 };
        let stalemate = prop_oneof![
            4 => Just(Verdict::Loss),
            2 => Just(Verdict::Draw),
            1 => Just(Verdict::Win),
        ];
        (edges, prop::collection::vec(ending, n), stalemate).prop_map(
            move |(edges, endings, stalemate)| {
                let edges = edges.into_iter().map(|e| e.repeat(times)).collect();
                Graph {
                    edges,
                    endings,
                    stalemate,
                }
            },
        )
    })
}

proptest! {
    #[test]
    fn every_reachable_position_has_the_value_of_value_iteration(graph in graphs()) {
        let truth = value_iteration(&graph);
        let graph = Arc::new(graph);
        let start = Token { at: 0, graph: Arc::clone(&graph) };
        let solved = Retrograde::new().solve(&start).unwrap();
        let points = reachable(&graph);
        prop_assert_eq!(solved.len(), points.len());
        let mut counts = Counts::default();
        for &p in &points {
            let value = solved.value_of_key(&p).unwrap();
            prop_assert_eq!(value, truth[p as usize], "point {}", p);
            match value.verdict {
                Verdict::Win => counts.wins += 1,
                Verdict::Draw => counts.draws += 1,
                Verdict::Loss => counts.losses += 1,
            }
        }
        prop_assert_eq!(solved.counts(), counts);
        // By plies: each value counted at its plies, by hand.
        let by_plies = solved.counts_by_plies();
        for (plies, found) in by_plies.iter().enumerate() {
            let at = |verdict| points.iter().filter(|&&p| {
                truth[p as usize].verdict == verdict && usize::from(truth[p as usize].plies) == plies
            }).count() as u64;
            prop_assert_eq!((found.wins, found.draws, found.losses), (at(Verdict::Win), at(Verdict::Draw), at(Verdict::Loss)));
        }
        prop_assert_eq!(by_plies.iter().map(Counts::total).sum::<u64>(), points.len() as u64);
        prop_assert_eq!(solved.start(), truth[0]);
        // From two starts at once: each start, and all that either reaches, as alone.
        let last = Token { at: graph.edges.len() as u32 - 1, graph: Arc::clone(&graph) };
        let both = Retrograde::new().solve_from(&[start.clone(), last.clone()]).unwrap();
        prop_assert_eq!(both.start(), truth[0]);
        prop_assert_eq!(both.value(&last), Some(truth[last.at as usize]));
        for &p in &points {
            prop_assert_eq!(both.value_of_key(&p), Some(truth[p as usize]), "point {}", p);
        }
        prop_assert!(both.len() >= solved.len());
        // The indexed path, with un-moves and by sweeps: every point, reachable or not.
        let points = by_point(&start);
        check::unmoves(&points, &Checks::default()).unwrap();
        let backward = Retrograde::new().with_threads(2).solve_indexed(&points).unwrap();
        let alone = Retrograde::new().with_threads(1).solve_indexed(&points).unwrap();
        let swept = ByPoint::<false>(Arc::clone(&graph));
        let swept = Retrograde::new().with_threads(2).solve_indexed(&swept).unwrap();
        let listed: Vec<(u64, RetroValue)> = backward.iter().collect();
        let expected: Vec<(u64, RetroValue)> = (0u64..).zip(truth.iter().copied()).collect();
        prop_assert_eq!(listed, expected);
        for (p, value) in truth.iter().enumerate() {
            prop_assert_eq!(backward.value_at(p as u64), Some(*value), "point {}", p);
            prop_assert_eq!(alone.value_at(p as u64), Some(*value), "point {}", p);
            prop_assert_eq!(swept.value_at(p as u64), Some(*value), "point {}", p);
        }
    }
}

/// The rules of a token under another name: a table of the token is refused for it.
#[derive(Clone, Debug)]
struct Renamed(Token);

impl Game for Renamed {
    type Move = u32;
    type Key = u32;
    const NAME: &'static str = "a token by another name";
    fn generate_moves(&self, out: &mut Vec<u32>) {
        self.0.generate_moves(out);
    }
    fn play_unchecked(&mut self, to: u32) {
        self.0.play_unchecked(to);
    }
    fn key(&self) -> u32 {
        self.0.key()
    }
    fn rules_id(&self) -> u64 {
        self.0.rules_id()
    }
}

impl WinLossGame for Renamed {
    fn ending(&self) -> Option<Verdict> {
        self.0.ending()
    }
    fn ending_plies(&self) -> u16 {
        self.0.ending_plies()
    }
    fn without_moves(&self) -> Verdict {
        self.0.without_moves()
    }
}

/// Lists each parent once, however many moves it has to the point.
struct Once(Arc<Graph>);

impl Numbering for Once {
    type Game = Token;
    const NAME: &'static str = "token listing parents once";
    const HAS_PREDECESSORS: bool = true;
    fn index_count(&self) -> u64 {
        self.0.edges.len() as u64
    }
    fn index(&self, token: &Token) -> u64 {
        u64::from(token.at)
    }
    fn position_at(&self, index: u64) -> Option<Token> {
        ByPoint::<true>(Arc::clone(&self.0)).position_at(index)
    }
    fn predecessors(&self, token: &Token, out: &mut Vec<Token>) {
        ByPoint::<true>(Arc::clone(&self.0)).predecessors(token, out);
        out.dedup_by_key(|token| token.at);
    }
}

#[test]
fn a_solve_from_no_start_is_refused() {
    let none: [Token; 0] = [];
    assert_eq!(
        Retrograde::new()
            .solve_from(&none)
            .map(|solved| solved.len()),
        Err(RetroError::NoStart)
    );
}

#[test]
fn un_moves_that_miss_a_move_are_found() {
    // 0 -> 1 -> 2, and 0 -> 2 twice.
    let graph = Arc::new(Graph {
        edges: vec![vec![1, 2, 2], vec![2], vec![]],
        endings: vec![None; 3],
        stalemate: Verdict::Loss,
    });
    check::unmoves(&ByPoint::<true>(Arc::clone(&graph)), &Checks::default()).unwrap();
    let found = check::unmoves(&Once(graph), &Checks::default());
    assert_eq!(
        found,
        Err(check::UnmoveLie::Unmoves {
            from: 0,
            to: 2,
            moves: 2,
            unmoves: 1
        })
    );
}

/// Numbers each point twice: index `i` and `i + n` are the same point, `i` the one it gives.
struct Twice(Arc<Graph>);

impl Numbering for Twice {
    type Game = Token;
    const NAME: &'static str = "token numbered twice";
    const HAS_PREDECESSORS: bool = true;
    fn index_count(&self) -> u64 {
        2 * self.0.edges.len() as u64
    }
    fn index(&self, token: &Token) -> u64 {
        u64::from(token.at)
    }
    fn position_at(&self, index: u64) -> Option<Token> {
        let points = ByPoint::<true>(Arc::clone(&self.0));
        points.position_at(index % points.index_count())
    }
    fn predecessors(&self, token: &Token, out: &mut Vec<Token>) {
        ByPoint::<true>(Arc::clone(&self.0)).predecessors(token, out);
    }
}

#[test]
fn a_numbering_that_gives_one_position_two_indices_is_found() {
    let graph = Arc::new(Graph {
        edges: vec![vec![1, 2], vec![2], vec![]],
        endings: vec![None; 3],
        stalemate: Verdict::Loss,
    });
    let twice = Twice(graph);
    let found = check::unmoves(&twice, &Checks::default());
    assert_eq!(
        found,
        Err(check::UnmoveLie::Numbering {
            index: 3,
            numbered: 0
        })
    );
    // Told to check no index, the check finds nothing: the setting is honoured.
    assert_eq!(
        check::unmoves(&twice, &Checks::default().with_indices(0)),
        Ok(())
    );
}

/// A ring of `n` points, each leading to the next and to a second ring: 2n points, 4n moves.
fn rings(n: u32) -> Token {
    let edges = (0..2 * n)
        .map(|p| vec![(p + 1) % n + p / n * n, (p + n) % (2 * n)])
        .collect();
    let endings = vec![None; 2 * n as usize];
    Token {
        at: 0,
        graph: Arc::new(Graph {
            edges,
            endings,
            stalemate: Verdict::Loss,
        }),
    }
}

#[test]
fn play_that_never_ends_is_a_draw_and_a_bound_too_small_is_refused() {
    let start = rings(50_000);
    let solved = Retrograde::new().solve(&start).unwrap();
    assert_eq!(
        solved.counts(),
        Counts {
            wins: 0,
            draws: 100_000,
            losses: 0
        }
    );
    let small = Retrograde::new().with_max_bytes(1 << 20).solve(&start);
    assert!(
        matches!(small, Err(RetroError::TooLarge { max_bytes, .. }) if max_bytes == 1 << 20),
        "{small:?}"
    );
    let indexed = Retrograde::new().solve_indexed(&by_point(&start)).unwrap();
    assert_eq!(indexed.counts(), solved.counts());
    let small = Retrograde::new()
        .with_max_bytes(100_000)
        .solve_indexed(&by_point(&start));
    assert!(
        matches!(small, Err(RetroError::TooLarge { .. })),
        "{small:?}"
    );
}

/// A pile where a move takes one counter or puts one back: positions repeat.
#[derive(Clone, Debug)]
struct Seesaw<const SAYS_SO: bool>(u32);

impl<const SAYS_SO: bool> Game for Seesaw<SAYS_SO> {
    type Move = i8;
    type Key = u32;
    const NAME: &'static str = "seesaw";
    const POSITIONS_REPEAT: bool = SAYS_SO;

    fn generate_moves(&self, out: &mut Vec<i8>) {
        if self.0 > 0 {
            out.extend([-1, 1]);
        }
    }
    fn play_unchecked(&mut self, mv: i8) {
        self.0 = self.0.saturating_add_signed(i32::from(mv));
    }
    fn key(&self) -> u32 {
        self.0
    }
}

impl<const SAYS_SO: bool> CheckedPlay for Seesaw<SAYS_SO> {
    type Error = std::fmt::Error;
    fn check_move(&self, mv: i8) -> Result<(), std::fmt::Error> {
        self.legal_moves()
            .contains(&mv)
            .then_some(())
            .ok_or(std::fmt::Error)
    }
}

impl<const SAYS_SO: bool> ScoringGame for Seesaw<SAYS_SO> {
    fn points(&self, _: i8) -> Points {
        Points {
            mover: 1,
            opponent: 0,
        }
    }
}

#[test]
fn the_solver_refuses_a_game_whose_positions_repeat_and_the_check_finds_one_that_lies() {
    assert_eq!(
        Solver::new().value(&Seesaw::<true>(3)),
        Err(SolveError::PositionsRepeat)
    );
    let lie = check::repetition(&Seesaw::<false>(3), &Checks::default()).unwrap_err();
    // The moves shown bring the position back.
    let replay = |plies: usize| {
        let mut position = Seesaw::<false>(3);
        for &mv in &lie.moves[..plies] {
            position.play(mv).unwrap();
        }
        position.key()
    };
    assert!(lie.first < lie.again);
    assert_eq!(replay(lie.first), replay(lie.again));
}

/// The rings of 500 points (1,000 positions), a lost end at every seventh, from position 1.
fn trapped_rings() -> Token {
    let start = rings(500);
    let mut graph = Graph {
        edges: start.graph.edges.clone(),
        endings: vec![None; 1000],
        stalemate: Verdict::Loss,
    };
    for trap in (0..1000).step_by(7) {
        graph.endings[trap] = Some((Verdict::Loss, 0));
    }
    Token {
        at: 1,
        graph: Arc::new(graph),
    }
}

#[test]
fn a_saved_table_reads_back_whole_or_one_position_at_a_time_and_refuses_another_game() {
    use gamesolver::retrograde::{IndexedTablebase, TablebaseFile, TablebaseFileError};
    use std::io::Cursor;
    let start = by_point(&trapped_rings());
    let solved = Retrograde::new().solve_indexed(&start).unwrap();
    let mut bytes = Vec::new();
    solved.save(&start, &mut bytes).unwrap();
    assert_eq!(
        IndexedTablebase::load(&start, Cursor::new(&bytes)).unwrap(),
        solved
    );
    let mut file = TablebaseFile::open(&start, Cursor::new(&bytes)).unwrap();
    file.verify().unwrap();
    for index in [0, 1, 6, 7, 500, 999] {
        assert_eq!(file.value_at(index).unwrap(), solved.value_at(index));
    }
    assert!(matches!(
        file.value_at(1000),
        Err(TablebaseFileError::OutOfRange(1000))
    ));
    // Another numbering, another size, a file cut short, a damaged code.
    let other = ByPoint::<false>(Arc::clone(&start.0));
    let found = TablebaseFile::open(&other, Cursor::new(&bytes));
    assert!(
        matches!(found, Err(TablebaseFileError::OtherGame { .. })),
        "{found:?}"
    );
    let found = TablebaseFile::open(&by_point(&rings(400)), Cursor::new(&bytes));
    assert!(
        matches!(found, Err(TablebaseFileError::OtherRules { .. })),
        "{found:?}"
    );
    let found = TablebaseFile::open(&start, Cursor::new(&bytes[..bytes.len() - 1]));
    assert!(
        matches!(found, Err(TablebaseFileError::WrongLength { .. })),
        "{found:?}"
    );
    let found = TablebaseFile::open(&start, Cursor::new(&bytes[..20]));
    assert!(
        matches!(found, Err(TablebaseFileError::NotATable)),
        "{found:?}"
    );
    let mut damaged = bytes.clone();
    let at = damaged.len() - 8 - 2 * 500 - 400;
    damaged[at] ^= 0x10;
    let found = IndexedTablebase::load(&start, Cursor::new(&damaged));
    assert!(
        matches!(found, Err(TablebaseFileError::Damaged)),
        "{found:?}"
    );
    let mut file = TablebaseFile::open(&start, Cursor::new(&damaged)).unwrap();
    assert!(matches!(file.verify(), Err(TablebaseFileError::Damaged)));
}

/// The forward path's table saved and read back: the start, every position's value, the
/// counts; another game, other rules, a file cut short, damaged or of the indexed path refused.
#[test]
fn a_table_of_the_forward_path_reads_back_and_refuses_another_game() {
    use gamesolver::retrograde::{Tablebase, TablebaseFileError};
    use std::io::Cursor;
    let start = trapped_rings();
    let solved = Retrograde::new().solve(&start).unwrap();
    let mut bytes = Vec::new();
    solved.save(&start, &mut bytes).unwrap();
    let loaded = Tablebase::load(&start, Cursor::new(&bytes)).unwrap();
    assert_eq!(loaded.len(), solved.len());
    assert_eq!(loaded.start(), solved.start());
    assert_eq!(loaded.counts_by_plies(), solved.counts_by_plies());
    for (key, value) in solved.iter() {
        assert_eq!(loaded.value_of_key(key), Some(value), "{key}");
    }
    let refused = |game: &Token, bytes: &[u8]| Tablebase::load(game, Cursor::new(bytes));
    let found = Tablebase::load(&Renamed(start.clone()), Cursor::new(&bytes));
    assert!(
        matches!(found, Err(TablebaseFileError::OtherGame { .. })),
        "{found:?}"
    );
    let found = refused(&rings(400), &bytes);
    assert!(
        matches!(found, Err(TablebaseFileError::OtherRules { .. })),
        "{found:?}"
    );
    let found = refused(&start, &bytes[..bytes.len() - 1]);
    assert!(
        matches!(found, Err(TablebaseFileError::WrongLength { .. })),
        "{found:?}"
    );
    let found = refused(&start, &bytes[..20]);
    assert!(
        matches!(found, Err(TablebaseFileError::NotATable)),
        "{found:?}"
    );
    // The last position's plies, one bit off.
    let mut damaged = bytes.clone();
    let at = damaged.len() - 8 - 7;
    damaged[at] ^= 0x01;
    let found = refused(&start, &damaged);
    assert!(
        matches!(found, Err(TablebaseFileError::Damaged)),
        "{found:?}"
    );
    let mut indexed = Vec::new();
    let whole = Retrograde::new().solve_indexed(&by_point(&start)).unwrap();
    whole.save(&by_point(&start), &mut indexed).unwrap();
    let found = refused(&start, &indexed);
    assert!(
        matches!(found, Err(TablebaseFileError::NotATable)),
        "{found:?}"
    );
}

/// A walk along three points, its key a `Vec`, which gives no words.
#[derive(Clone, Debug)]
struct Walk(u8);

impl Game for Walk {
    type Move = u8;
    type Key = Vec<u8>;
    const NAME: &'static str = "walk";
    const POSITIONS_REPEAT: bool = true;

    fn generate_moves(&self, out: &mut Vec<u8>) {
        if self.0 < 2 {
            out.push(self.0 + 1);
        }
    }
    fn play_unchecked(&mut self, to: u8) {
        self.0 = to;
    }
    fn key(&self) -> Vec<u8> {
        vec![self.0]
    }
}

impl WinLossGame for Walk {}

/// A table whose keys give no words is refused before a byte is written.
#[test]
fn a_table_of_keys_without_words_is_refused_unwritten() {
    use gamesolver::retrograde::TablebaseFileError;
    let solved = Retrograde::new().solve(&Walk(0)).unwrap();
    // From 0 the walk ends at 2 after two moves: the side to move at 2 has lost.
    assert_eq!(solved.start().verdict, Verdict::Loss);
    let mut out = Vec::new();
    let refused = solved.save(&Walk(0), &mut out);
    assert!(
        matches!(refused, Err(TablebaseFileError::KeysWithoutWords)),
        "{refused:?}"
    );
    assert!(out.is_empty());
}

/// A numbering of more indices than memory holds: the rings' points, numbered up to 2^62.
struct Vast(Arc<Graph>);

impl Numbering for Vast {
    type Game = Token;
    const NAME: &'static str = "vast";
    /// The graph's size, as [`ByPoint`] gives it.
    fn rules_id(&self) -> u64 {
        self.0.edges.len() as u64
    }
    fn index_count(&self) -> u64 {
        1 << 62
    }
    fn index(&self, token: &Token) -> u64 {
        u64::from(token.at)
    }
    fn position_at(&self, index: u64) -> Option<Token> {
        ByPoint::<false>(Arc::clone(&self.0)).position_at(index)
    }
}

/// A file that seeks to any length: the header given, zeros after it.
struct Sparse {
    head: Vec<u8>,
    len: u64,
    at: u64,
}

impl std::io::Read for Sparse {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let left = usize::try_from(self.len - self.at).unwrap_or(usize::MAX);
        let n = out.len().min(left);
        for (i, byte) in out[..n].iter_mut().enumerate() {
            let at = usize::try_from(self.at).unwrap() + i;
            *byte = self.head.get(at).copied().unwrap_or(0);
        }
        self.at += n as u64;
        Ok(n)
    }
}

impl std::io::Seek for Sparse {
    fn seek(&mut self, to: std::io::SeekFrom) -> std::io::Result<u64> {
        self.at = match to {
            std::io::SeekFrom::Start(at) => at,
            std::io::SeekFrom::End(back) => self.len.saturating_add_signed(back),
            std::io::SeekFrom::Current(by) => self.at.saturating_add_signed(by),
        };
        Ok(self.at)
    }
}

/// A table larger than memory is refused with an error when it is loaded, not by an abort,
/// and can still be read a position at a time.
#[test]
fn a_table_larger_than_memory_is_refused_whole_and_read_by_position() {
    use gamesolver::retrograde::{IndexedTablebase, TablebaseFile, TablebaseFileError};
    // The header of a real file (its magic, version and rules), with Vast's count and name.
    let start = by_point(&trapped_rings());
    let mut real = Vec::new();
    let solved = Retrograde::new().solve_indexed(&start).unwrap();
    solved.save(&start, &mut real).unwrap();
    let word = |i: usize| u64::from_le_bytes(real[8 * i..8 * i + 8].try_into().unwrap());
    let name = Vast::NAME;
    let mut head: Vec<u8> = [word(0), word(1), word(2), 1 << 62, name.len() as u64]
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .collect();
    head.extend(name.as_bytes());
    head.resize(head.len().div_ceil(8) * 8, 0);
    let len = head.len() as u64 + (1 << 63) + 8;
    let vast = Vast(Arc::clone(&start.0));
    let file = || Sparse {
        head: head.clone(),
        len,
        at: 0,
    };
    let found = IndexedTablebase::load(&vast, file());
    assert!(
        matches!(found, Err(TablebaseFileError::OutOfMemory { bytes }) if bytes == 1 << 63),
        "{found:?}"
    );
    // Code 0, the zeros of the sparse file, is a draw.
    let mut by_position = TablebaseFile::open(&vast, file()).unwrap();
    let draw = RetroValue {
        verdict: Verdict::Draw,
        plies: 0,
    };
    assert_eq!(by_position.value_at((1 << 62) - 1).unwrap(), Some(draw));
}

/// A move to an index past the count is an error on every path, never a value: with un-moves
/// the backward pass would not meet that child at all, and value its parent wrongly.
#[test]
fn a_move_to_an_index_past_the_count_is_refused_on_every_path() {
    let graph = Arc::new(Graph {
        // 0 -> 1 (a point with no move: lost) and 0 -> 7, past the 3 points.
        edges: vec![vec![1, 7], vec![], vec![0]],
        endings: vec![None; 3],
        stalemate: Verdict::Loss,
    });
    let with_unmoves = ByPoint::<true>(Arc::clone(&graph));
    let sweeps = ByPoint::<false>(graph);
    let expected = RetroError::IndexOutOfRange { index: 7 };
    assert_eq!(
        Retrograde::new().solve_indexed(&with_unmoves).unwrap_err(),
        expected
    );
    assert_eq!(
        Retrograde::new().solve_indexed(&sweeps).unwrap_err(),
        expected
    );
}

/// A line of points, each leading to the one below; the lowest has no move (lost), so the
/// point `i` is decided in `i` plies.
#[derive(Clone, Debug)]
struct Line(u32);

impl Game for Line {
    type Move = ();
    type Key = u32;
    const NAME: &'static str = "line";
    const POSITIONS_REPEAT: bool = false;

    fn generate_moves(&self, out: &mut Vec<()>) {
        if self.0 > 0 {
            out.push(());
        }
    }
    fn play_unchecked(&mut self, (): ()) {
        self.0 -= 1;
    }
    fn key(&self) -> u32 {
        self.0
    }
}

impl WinLossGame for Line {
    fn ending(&self) -> Option<Verdict> {
        None
    }
}

/// A line of `.0` points, by the point.
struct LineOf(u32);

impl Numbering for LineOf {
    type Game = Line;
    const NAME: &'static str = "line";
    const HAS_PREDECESSORS: bool = true;

    fn index_count(&self) -> u64 {
        u64::from(self.0)
    }
    fn index(&self, line: &Line) -> u64 {
        u64::from(line.0)
    }
    fn position_at(&self, index: u64) -> Option<Line> {
        (index < u64::from(self.0)).then_some(Line(index as u32))
    }
    fn predecessors(&self, line: &Line, out: &mut Vec<Line>) {
        if line.0 + 1 < self.0 {
            out.push(Line(line.0 + 1));
        }
    }
}

#[test]
fn the_indexed_path_counts_32636_plies_and_refuses_one_more() {
    let deepest = 32_636;
    let solved = Retrograde::new()
        .solve_indexed(&LineOf(deepest + 1))
        .unwrap();
    for plies in [0, 1, 2, deepest - 1, deepest] {
        let verdict = if plies % 2 == 0 {
            Verdict::Loss
        } else {
            Verdict::Win
        };
        let value = RetroValue {
            verdict,
            plies: plies as u16,
        };
        assert_eq!(solved.value_at(u64::from(plies)), Some(value));
    }
    let deeper = Retrograde::new().solve_indexed(&LineOf(deepest + 2));
    assert!(matches!(deeper, Err(RetroError::TooDeep)), "{deeper:?}");
}
