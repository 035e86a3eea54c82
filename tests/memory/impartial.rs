//! A memory bound holds before the moves are listed: a sum of many large heaps is refused by
//! the impartial solver's bound without making a list of its moves, under misère play (the
//! search over whole positions) and for winning moves.

use crate::{GLOBAL, one_at_a_time};
use gamesolver::games::heaps::Heaps;
use gamesolver::games::octal::OctalGame;
use gamesolver::grundy::{DEFAULT_MEMO_BYTES, ImpartialError, ImpartialSolver};
use gamesolver::{HeapGame, PlayConvention};
use stats_alloc::Region;

#[test]
fn many_large_heaps_are_refused_before_their_moves_are_listed() {
    let _alone = one_at_a_time();
    let kayles = OctalGame::kayles();
    let heap = 1 << 16;
    let count = 1_000;
    // The list of moves alone would take several times the bound.
    let moves = count * kayles.option_count(heap);
    assert!(moves * 32 > 4 * DEFAULT_MEMO_BYTES as u64, "{moves} moves");
    let bound = DEFAULT_MEMO_BYTES as u64 / 4;
    for convention in [PlayConvention::Misere, PlayConvention::Normal] {
        let position = Heaps::new(kayles.clone(), vec![heap; count as usize], convention).unwrap();
        let mut solver = ImpartialSolver::new(convention);
        let region = Region::new(GLOBAL);
        let answer = match convention {
            PlayConvention::Misere => solver.outcome(&position).map(|_| ()),
            PlayConvention::Normal => solver.winning_moves(&position).map(|_| ()),
        };
        let allocated = region.change().bytes_allocated as u64;
        assert_eq!(
            answer,
            Err(ImpartialError::MemoBytesFull {
                bytes: DEFAULT_MEMO_BYTES
            }),
            "{convention:?}"
        );
        assert!(
            allocated < bound,
            "{convention:?}: {allocated} bytes allocated"
        );
    }
    // The same solver answers a sum it can hold.
    let small = Heaps::new(kayles, [5, 7, 9], PlayConvention::Misere).unwrap();
    assert!(
        ImpartialSolver::new(PlayConvention::Misere)
            .outcome(&small)
            .is_ok()
    );
}
