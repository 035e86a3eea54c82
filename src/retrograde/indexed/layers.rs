//! The indexed path of a retrograde solve: a game whose positions are numbered densely
//! ([`Numbering`]) solved in arrays over its indices, a layer of plies at a time, with no
//! graph: backwards from each layer through the un-moves, or, without them, by a sweep of
//! every index a layer; on several threads.
//!
//! # The method
//!
//! Layer `d` holds the positions won or lost in `d` plies. From it, layer `d + 1` gets every
//! undecided position with a move into a position lost in `d` (won: the fastest win, since
//! no earlier layer had such a move), and every undecided position whose last unrefuted move
//! leads into a position won in `d` (lost: the longest loss, every other move refuted in an
//! earlier layer or this one), and the ends `d + 1` plies from the game's end
//! ([`WinLossGame::ending_plies`](crate::WinLossGame::ending_plies)). That is the queue of
//! the forward path (`backward`), taken a layer at a time; what no layer decides is a draw.
//! Without un-moves a position's moves are looked at again at each sweep instead of counted
//! down: the naive value iteration.
//!
//! # Ends a ply away
//!
//! A move into an end its side to move has won within [`NEAR`] plies (a lion that can be
//! taken) is refuted in the first pass, which plays every move anyway, and such an end lists
//! no un-moves: in Dobutsu shogi most positions are such ends, and un-moving them was 40% of
//! a solve. No value changes. A parent is decided lost when its last move is refuted, from
//! layer `d`, in `d + 1` plies, which is one more than the most of its children's only if
//! every move refuted earlier led to a child of at most `d` plies: true of every child the
//! layers refute, and of a near win (at most `NEAR`) once `d >= NEAR`. Below that (layer 0),
//! and in the first pass for a position whose every move leads to a near win, the plies are
//! read from the children's codes instead; a loss so found in more than 1 ply waits in its
//! code for that layer, which takes every code of its plies as it takes the ends (the last
//! end is counted as at least that far). The random graphs of the tests, with ends of 0 to 2
//! plies won, lost or drawn, check it against value iteration.
//!
//! # Memory
//!
//! Per index, a code of 2 bytes; with un-moves also a bit in each of two layers' sets: 2.25
//! bytes an index, 2 without un-moves. While a position is undecided its code holds the count
//! of its moves not yet refuted ([`UNREFUTED`] plus the count), so a parent is refuted and
//! decided by reading and writing one word: one cache miss, where a counter of its own took
//! two. A position with more moves than the 255 counted keeps [`MANY`] and has its moves
//! looked at again when a child is won, as the sweep does: the count never overflows.
//!
//! # Threads
//!
//! Each pass splits its indices (or its layer's positions) into pieces, a task each with its
//! own copy of the game. Codes and sets are atomics. A position's code changes by one
//! compare-and-swap from what was read (a count one lower, or the decision), so no two threads
//! decide it and no count is lost; each move's count falls
//! once (the child is in one layer, listed once a move); and the order within a layer does
//! not matter: whatever decides a position from layer `d` gives it `d + 1` plies, and a
//! position with a lost child has no move whose child is won, so its count never reaches
//! zero. The end of each pass joins the threads, so the next pass sees every write. On one
//! thread a plain load and store take the place of each read-modify-write, which cost as much
//! as the rest of a cheap game's step.

use super::bits::Bits;
use super::{
    DRAWN_END, FIRST, IndexedTablebase, NO_POSITION, UNDECIDED, UNREFUTED, decided, index_in,
};
use crate::game::{Game, Numbering, Verdict, WinLossGame};
use crate::retrograde::workers::Workers;
use crate::retrograde::{RetroError, RetroProgress, RetroProgressFn};
use std::ops::Range;
use std::sync::atomic::{AtomicU16, Ordering::Relaxed};

/// The code of an undecided position with more moves than are counted: its moves are looked
/// at again instead.
const MANY: u16 = u16::MAX;
/// Indices a task takes at a time in a pass over every index.
const PIECE: usize = 1 << 16;
/// Indices between two progress reports of a pass.
const BATCH: usize = 1 << 24;

/// The bytes the indexed path takes for `count` indices (see the module docs).
fn bytes_for<N: Numbering>(count: u64) -> Option<usize> {
    let count = usize::try_from(count).ok()?;
    if N::HAS_PREDECESSORS {
        count.checked_mul(2)?.checked_add(count / 4 + 16)
    } else {
        count.checked_mul(2)
    }
}

/// The codes of one layer: of its wins and losses, and of the next layer's.
struct LayerCodes {
    plies: u16,
    won: u16,
    lost: u16,
    win_next: u16,
    loss_next: u16,
}

impl LayerCodes {
    fn at(plies: u16) -> Result<Self, RetroError> {
        let next = plies.checked_add(1).ok_or(RetroError::TooDeep)?;
        Ok(Self {
            plies,
            won: decided(Verdict::Win, plies)?,
            lost: decided(Verdict::Loss, plies)?,
            win_next: decided(Verdict::Win, next)?,
            loss_next: decided(Verdict::Loss, next)?,
        })
    }

    /// Whether `code` is a win in at most this layer's plies.
    fn won_by_now(&self, code: u16) -> bool {
        code >= FIRST && code.is_multiple_of(2) && code <= self.won
    }
}

/// The array of a solve: a code an index (with un-moves, an undecided position's counts its
/// unrefuted moves). `shared`: whether threads write it at once (see [`Bits`]).
struct Arrays {
    codes: Vec<AtomicU16>,
    shared: bool,
    /// Whether the first pass checks that every move leads to an index below the count.
    checks_moves: bool,
}

/// Solves every index of `game`'s space (see the module docs).
pub(crate) fn solve<N: Numbering + Sync>(
    numbering: &N,
    (max_bytes, threads, checks_moves): (usize, usize, bool),
    progress: &mut Option<RetroProgressFn>,
) -> Result<IndexedTablebase, RetroError> {
    let count = numbering.index_count();
    let too_large = RetroError::TooLarge {
        max_bytes,
        positions: usize::try_from(count).unwrap_or(usize::MAX),
        moves: 0,
    };
    if bytes_for::<N>(count).is_none_or(|bytes| bytes > max_bytes) {
        return Err(too_large);
    }
    let n = usize::try_from(count).map_err(|_| too_large)?;
    let workers = Workers::new(threads);
    let shared = workers.shared();
    let arrays = Arrays {
        codes: bytemuck::allocation::try_zeroed_vec(n).map_err(|()| too_large)?,
        shared,
        checks_moves,
    };
    let (ends, last_end) = ends(numbering, &workers, &arrays, progress)?;
    if N::HAS_PREDECESSORS {
        let sets = (Bits::new(n, shared), Bits::new(n, shared));
        let (Ok(layer), Ok(next)) = sets else {
            return Err(too_large);
        };
        backward(
            numbering,
            &workers,
            &arrays,
            (layer, next),
            (ends, last_end),
            progress,
        )?;
        undecided_as_draws(&workers, &arrays.codes)?;
    } else {
        sweeps(
            numbering,
            &workers,
            &arrays.codes,
            (ends, last_end),
            progress,
        )?;
    }
    let codes = arrays.codes.into_iter().map(AtomicU16::into_inner);
    Ok(IndexedTablebase::from_codes(codes.collect()))
}

/// Turns the code of each position left undecided (a count of its moves) into [`UNDECIDED`].
fn undecided_as_draws(workers: &Workers, codes: &[AtomicU16]) -> Result<usize, RetroError> {
    workers.run_pieces(0..codes.len(), PIECE, |piece| {
        for code in &codes[piece] {
            if code.load(Relaxed) >= UNREFUTED {
                code.store(UNDECIDED, Relaxed);
            }
        }
        Ok(0)
    })
}

/// Calls the progress callback, if there is one.
fn report(progress: &mut Option<RetroProgressFn>, at: RetroProgress) {
    if let Some(report) = progress {
        report(at);
    }
}

/// Reports a layer done: `decided` positions more, of `total` so far.
fn report_layer(
    progress: &mut Option<RetroProgressFn>,
    plies: u16,
    decided: usize,
    total: &mut usize,
) {
    *total += decided;
    let total = *total;
    report(
        progress,
        RetroProgress::Layer {
            plies,
            decided,
            total,
        },
    );
}

/// Codes the ends (and the indices that name no position), and with un-moves counts each
/// position's moves. Returns how many ends were won or lost and the most plies an end is
/// from the game's end.
fn ends<N: Numbering + Sync>(
    numbering: &N,
    workers: &Workers,
    arrays: &Arrays,
    progress: &mut Option<RetroProgressFn>,
) -> Result<(usize, u16), RetroError> {
    let (n, last_end) = (arrays.codes.len(), AtomicU16::new(0));
    let mut decided = 0;
    for from in (0..n).step_by(BATCH) {
        let batch = from..(from + BATCH).min(n);
        decided += workers.run_pieces(batch.clone(), PIECE, |piece| {
            let mut moves = Vec::new();
            let mut decided = 0;
            for index in piece {
                let checks = arrays.checks_moves.then_some(n);
                let code = end_of(numbering, (index, checks), &mut moves, &last_end)?;
                decided += usize::from((FIRST..UNREFUTED).contains(&code));
                arrays.codes[index].store(code, Relaxed);
            }
            Ok(decided)
        })?;
        let done = batch.end;
        report(progress, RetroProgress::Ends { done, indices: n });
    }
    Ok((decided, last_end.into_inner()))
}

/// The code of `index` after the first pass: with un-moves, an undecided position's counts
/// its moves ([`MANY`] past 254). With un-moves and a `checked_count`, every move's child is
/// checked to have an index below it.
fn end_of<N: Numbering>(
    numbering: &N,
    (index, checked_count): (usize, Option<usize>),
    moves: &mut Vec<<N::Game as Game>::Move>,
    last_end: &AtomicU16,
) -> Result<u16, RetroError> {
    let Some(position) = numbering.position_at(index as u64) else {
        return Ok(NO_POSITION);
    };
    match position.ending_and_plies() {
        Some((Verdict::Draw, _)) => Ok(DRAWN_END),
        Some((verdict, plies)) => {
            if plies > last_end.load(Relaxed) {
                last_end.fetch_max(plies, Relaxed);
            }
            decided(verdict, plies)
        }
        None => {
            moves.clear();
            position.generate_moves(moves);
            if moves.is_empty() {
                return match position.without_moves() {
                    Verdict::Draw => Ok(DRAWN_END),
                    verdict => decided(verdict, 0),
                };
            }
            if !N::HAS_PREDECESSORS {
                return Ok(UNDECIDED);
            }
            unrefuted(numbering, &position, moves, checked_count, last_end)
        }
    }
}

/// The most plies of an end whose un-moves the backward pass skips (see the module docs).
const NEAR: u16 = 1;

/// The plies of `position` if it is an end won within [`NEAR`] plies by its side to move:
/// each move into it is refuted by the first pass, and its un-moves are not listed.
#[inline]
fn near_win<G: WinLossGame>(position: &G) -> Option<u16> {
    match position.ending_and_plies() {
        Some((Verdict::Win, plies)) if plies <= NEAR => Some(plies),
        _ => None,
    }
}

/// The first pass's code of `position`, which has `moves` and un-moves: the count of its
/// moves not refuted at once, each move into a [`near_win`] refuted now ([`MANY`] past 254);
/// lost if every move is, in one ply more than the most of those. With a `checked_count`,
/// every move's child is checked to have an index below it, first (a game's rules may not
/// hold past its numbering): the backward pass meets a child only as the un-move of an
/// index, so a move past the count would be missed.
#[inline]
fn unrefuted<N: Numbering>(
    numbering: &N,
    position: &N::Game,
    moves: &[<N::Game as Game>::Move],
    checked_count: Option<usize>,
    last_end: &AtomicU16,
) -> Result<u16, RetroError> {
    let (mut counted, mut near) = (0usize, 0);
    for &mv in moves {
        let child = position.after(mv);
        if let Some(count) = checked_count {
            index_in(numbering, &child, count)?;
        }
        match near_win(&child) {
            Some(plies) => near = near.max(plies),
            None => counted += 1,
        }
    }
    // A loss found now, or at layer 0 (past layer 1), is of `near + 1` plies: it waits in its
    // code for that layer.
    if (counted == 0 || near > 0) && near + 1 > last_end.load(Relaxed) {
        last_end.fetch_max(near + 1, Relaxed);
    }
    if counted == 0 {
        return decided(Verdict::Loss, near + 1);
    }
    Ok(u16::try_from(counted).map_or(MANY, |count| UNREFUTED + count.min(255)))
}

/// Every layer backwards through the un-moves, from the ends; `ends` is how many ends were
/// decided and the most plies one is from the game's end.
fn backward<N: Numbering + Sync>(
    numbering: &N,
    workers: &Workers,
    arrays: &Arrays,
    (mut layer, mut next): (Bits, Bits),
    (ends, last_end): (usize, u16),
    progress: &mut Option<RetroProgressFn>,
) -> Result<(), RetroError> {
    join_ends(workers, &arrays.codes, 0, &layer)?;
    let mut total = ends;
    for plies in 0u16.. {
        next.clear();
        if plies < last_end {
            join_ends(workers, &arrays.codes, plies + 1, &next)?;
        }
        let decided = layer_backward(numbering, workers, arrays, plies, &layer, &next)?;
        report_layer(progress, plies + 1, decided, &mut total);
        std::mem::swap(&mut layer, &mut next);
        if decided == 0 && plies >= last_end {
            break;
        }
    }
    Ok(())
}

/// Puts into `layer` the ends `plies` plies from the game's end.
fn join_ends(
    workers: &Workers,
    codes: &[AtomicU16],
    plies: u16,
    layer: &Bits,
) -> Result<usize, RetroError> {
    let won = decided(Verdict::Win, plies)?;
    workers.run_pieces(0..codes.len(), PIECE, |piece| {
        for index in piece {
            let code = codes[index].load(Relaxed);
            if code == won || code == won + 1 {
                layer.insert(index);
            }
        }
        Ok(0)
    })
}

/// Layer `plies + 1` (into `next`) from layer `plies` (`layer`), backwards through the
/// un-moves; returns how many positions it decided.
fn layer_backward<N: Numbering + Sync>(
    numbering: &N,
    workers: &Workers,
    arrays: &Arrays,
    plies: u16,
    layer: &Bits,
    next: &Bits,
) -> Result<usize, RetroError> {
    let codes = LayerCodes::at(plies)?;
    workers.run_pieces(0..layer.words.len(), PIECE / 64, |words| {
        let (mut parents, mut moves, mut size) = (Vec::new(), Vec::new(), 0);
        for index in layer.iter(words) {
            let Some(position) = numbering.position_at(index as u64) else {
                continue;
            };
            let lost = arrays.codes[index].load(Relaxed) == codes.lost;
            if !lost && plies <= NEAR && near_win(&position).is_some() {
                // Each move into it was refuted by the first pass.
                continue;
            }
            parents.clear();
            numbering.predecessors(&position, &mut parents);
            for parent in &parents {
                let decided = arrays.refute(numbering, parent, lost, &codes, &mut moves, next)?;
                size += usize::from(decided);
            }
        }
        Ok(size)
    })
}

impl Arrays {
    /// Tells `parent` that one of its moves leads to a position lost (`lost`) or won in
    /// `layer`'s plies, and decides it, into `next`, where that settles it. Returns whether
    /// it did.
    #[inline]
    fn refute<N: Numbering>(
        &self,
        numbering: &N,
        parent: &N::Game,
        lost: bool,
        layer: &LayerCodes,
        moves: &mut Vec<<N::Game as Game>::Move>,
        next: &Bits,
    ) -> Result<bool, RetroError> {
        let at = index_in(numbering, parent, self.codes.len())?;
        let cell = &self.codes[at];
        let mut code = cell.load(Relaxed);
        loop {
            if code < UNREFUTED {
                // Decided already (or an end, or no position).
                return Ok(false);
            }
            let last = code == UNREFUTED + 1;
            let after = if lost {
                layer.win_next
            } else if code == MANY || (last && layer.plies < NEAR) {
                // Every child won, in how many plies: a near win's may be more than this
                // layer's.
                match self.loss_after(numbering, parent, layer, moves)? {
                    Some(loss) => loss,
                    None => return Ok(false),
                }
            } else if last {
                layer.loss_next
            } else {
                code - 1
            };
            if !self.shared {
                cell.store(after, Relaxed);
            } else if let Err(now) = cell.compare_exchange_weak(code, after, Relaxed, Relaxed) {
                // Another thread refuted or decided it first: read it again.
                code = now;
                continue;
            }
            if after == layer.win_next || after == layer.loss_next {
                next.insert(at);
            }
            return Ok(after < UNREFUTED);
        }
    }

    /// The code of `position` lost, if every move leads to a position won by now (in at most
    /// `layer`'s plies) or to a near win: in one ply more than the most. The test of a position
    /// with more moves than are counted, and at layer 0 of a position whose last move is
    /// refuted (a near win's plies are not known from the layer).
    fn loss_after<N: Numbering>(
        &self,
        numbering: &N,
        position: &N::Game,
        layer: &LayerCodes,
        moves: &mut Vec<<N::Game as Game>::Move>,
    ) -> Result<Option<u16>, RetroError> {
        let mut most = FIRST;
        moves.clear();
        position.generate_moves(moves);
        for &mv in moves.iter() {
            let child = position.after(mv);
            let code = self.codes[index_in(numbering, &child, self.codes.len())?].load(Relaxed);
            // Not a child won in this layer's next plies, whose un-moves come then.
            if !layer.won_by_now(code) && near_win(&child).is_none() {
                return Ok(None);
            }
            most = most.max(code);
        }
        let plies = (most - FIRST) / 2 + 1;
        decided(Verdict::Loss, plies).map(Some)
    }
}

/// Every layer by a sweep of every undecided position's moves, until a sweep decides
/// nothing and no end is left to join.
fn sweeps<N: Numbering + Sync>(
    numbering: &N,
    workers: &Workers,
    codes: &[AtomicU16],
    (ends, last_end): (usize, u16),
    progress: &mut Option<RetroProgressFn>,
) -> Result<(), RetroError> {
    let mut total = ends;
    for plies in 0u16.. {
        let layer = LayerCodes::at(plies)?;
        let decided = workers.run_pieces(0..codes.len(), PIECE, |piece| {
            sweep(numbering, codes, &layer, piece)
        })?;
        report_layer(progress, plies + 1, decided, &mut total);
        if decided == 0 && plies >= last_end {
            break;
        }
    }
    Ok(())
}

/// The positions of `piece` decided in `layer`'s next plies, by their moves; returns how
/// many.
fn sweep<N: Numbering>(
    numbering: &N,
    codes: &[AtomicU16],
    layer: &LayerCodes,
    piece: Range<usize>,
) -> Result<usize, RetroError> {
    let (mut moves, mut size) = (Vec::new(), 0);
    for index in piece {
        if codes[index].load(Relaxed) != UNDECIDED {
            continue;
        }
        let Some(position) = numbering.position_at(index as u64) else {
            continue;
        };
        moves.clear();
        position.generate_moves(&mut moves);
        let (mut any_lost, mut all_won, mut one_now) = (false, true, false);
        for &mv in &moves {
            let child = codes[index_in(numbering, &position.after(mv), codes.len())?].load(Relaxed);
            any_lost |= child == layer.lost;
            // Won in at most `plies` plies (a win decided in this sweep has one more).
            all_won &= layer.won_by_now(child);
            one_now |= child == layer.won;
        }
        let code = if any_lost {
            layer.win_next
        } else if all_won && one_now {
            layer.loss_next
        } else {
            continue;
        };
        codes[index].store(code, Relaxed);
        size += 1;
    }
    Ok(size)
}
