//! What a solve by tiers keeps of a position and how it values one from its children: the
//! exact value of a scoring game in a byte ([`Exact`]), or the expected value of a chance
//! game in eight ([`Expected`]). The tier's search (`tier`) is the same for both.

use super::super::RetroError;
use super::super::workers::Workers;
use super::cycles::Cycles;
use super::{TierValues, UNKNOWN, code_of, value_of};
use crate::game::{ChanceGame, Child, Game, Place, Tiers};
use std::ops::Range;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering::Relaxed};

/// How a solve by tiers keeps values, and values a position once its children are.
pub(crate) trait Valuation<T: Tiers> {
    /// A position's value.
    type Value: Copy;
    /// Where a value is kept, written by any thread: zeroed, it holds no value.
    type Cell: Send + Sync + bytemuck::Zeroable;
    /// A task's buffers for the moves of a position.
    type Scratch: Default;

    /// The value `cell` holds, if any.
    fn load(cell: &Self::Cell) -> Option<Self::Value>;

    /// Keeps `value`, the value of the position at `place`, in `cell`.
    ///
    /// # Errors
    ///
    /// [`RetroError::ValueOutOfRange`] for a value the cell cannot hold.
    fn store(cell: &Self::Cell, value: Self::Value, place: Place) -> Result<(), RetroError>;

    /// The cells of `values`, a whole tier of this valuation's values; `None` for a range of
    /// a tier, or values of the other kind.
    fn cells_of(values: TierValues) -> Option<Vec<Self::Cell>>;

    /// The values of `cells`, the indices from `start` of `tier` (of `tier_len` indices).
    fn values_of(tier: usize, tier_len: u64, start: u64, cells: &[Self::Cell]) -> TierValues;

    /// Calls `visit` with the place of each child of `at`, a position and its place.
    fn each_place(
        tiers: &T,
        at: (&T::Game, Place),
        scratch: &mut Self::Scratch,
        visit: impl FnMut(Place),
    );

    /// The value of `at`, a position and its place, from its children's, which `read`
    /// gives: `None` if `read` gives none for some child (not valued yet, or a failure
    /// `read` keeps).
    fn value(
        tiers: &T,
        at: (&T::Game, Place),
        scratch: &mut Self::Scratch,
        read: impl FnMut(Place) -> Option<Self::Value>,
    ) -> Option<Self::Value>;

    /// Values the positions of `roots` (indices of `tier`) that the depth-first search left
    /// because their moves within the tier go round, and those they reach, in `cells`;
    /// `read` gives a place's value (`None` for one of this tier not valued yet).
    ///
    /// # Errors
    ///
    /// [`RetroError::TierCycle`] where cycles have no value of this kind (exact values: a
    /// game whose positions repeat is not scored so); else as the solve of cycles.
    fn go_round(
        tiers: &T,
        at: (usize, Range<u64>),
        cells: &[Self::Cell],
        read: impl Fn(Place) -> Result<Option<Self::Value>, RetroError> + Sync,
        run: (&Workers, &Cycles),
    ) -> Result<(), RetroError>
    where
        T: Sync;
}

/// The worth of a move to its mover: its margin, and the child's value added if the move keeps
/// the turn, subtracted if it passes it.
fn worth(child: &Child, next: i64) -> i64 {
    if child.keeps_turn {
        child.margin.saturating_add(next)
    } else {
        child.margin.saturating_sub(next)
    }
}

/// [`worth`] in expected values.
fn expected_worth(child: &Child, next: f64) -> f64 {
    super::expected::worth(child.margin, child.keeps_turn, next)
}

/// The best of the worths of `position`'s moves, each from its child's value as `read` gives
/// it (`max` picks the better of two, `lowest` the worst there is); `over` if no move is left
/// (the game is over, and nothing more is scored). `None` if `read` gives none for a child.
#[inline(always)]
fn best_move<T: Tiers, V: Copy + PartialEq>(
    tiers: &T,
    (position, place): (&T::Game, Place),
    moves: &mut Vec<<T::Game as Game>::Move>,
    mut read: impl FnMut(Place) -> Option<V>,
    (lowest, over, worth, max): (V, V, impl Fn(&Child, V) -> V, impl Fn(V, V) -> V),
) -> Option<V> {
    let (mut best, mut waits) = (lowest, false);
    tiers.children(position, place, moves, |child| match read(child.place) {
        Some(next) => best = max(best, worth(&child, next)),
        None => waits = true,
    });
    if waits {
        return None;
    }
    // Only a game's end, or moves all worth the worst there is, leave `lowest`: the moves
    // are counted then, not at every child.
    let mut any = false;
    if best == lowest {
        tiers.children(position, place, moves, |_| any = true);
    }
    Some(if best == lowest && !any { over } else { best })
}

/// Exact values of a scoring game, a byte each (`value + 128`, -127 to 127).
pub(crate) struct Exact;

impl<T: Tiers> Valuation<T> for Exact {
    type Value = i64;
    type Cell = AtomicU8;
    type Scratch = Vec<<T::Game as Game>::Move>;

    #[inline]
    fn load(cell: &AtomicU8) -> Option<i64> {
        let code = cell.load(Relaxed);
        (code != UNKNOWN).then(|| value_of(code))
    }

    fn store(cell: &AtomicU8, value: i64, place: Place) -> Result<(), RetroError> {
        let code = code_of(value).ok_or(RetroError::ValueOutOfRange { place, value })?;
        cell.store(code, Relaxed);
        Ok(())
    }

    fn cells_of(values: TierValues) -> Option<Vec<AtomicU8>> {
        let codes = values.is_whole().then(|| values.into_exact_codes())??;
        Some(codes.into_iter().map(AtomicU8::new).collect())
    }

    fn values_of(tier: usize, tier_len: u64, start: u64, cells: &[AtomicU8]) -> TierValues {
        let codes = cells.iter().map(|cell| cell.load(Relaxed)).collect();
        TierValues::new(tier, tier_len, start, codes)
    }

    fn each_place(
        tiers: &T,
        (position, place): (&T::Game, Place),
        moves: &mut Self::Scratch,
        mut visit: impl FnMut(Place),
    ) {
        tiers.children(position, place, moves, |child| visit(child.place));
    }

    #[inline]
    fn value(
        tiers: &T,
        at: (&T::Game, Place),
        moves: &mut Self::Scratch,
        read: impl FnMut(Place) -> Option<i64>,
    ) -> Option<i64> {
        best_move(tiers, at, moves, read, (i64::MIN, 0, worth, i64::max))
    }

    fn go_round(
        _: &T,
        (tier, _): (usize, Range<u64>),
        _: &[AtomicU8],
        _: impl Fn(Place) -> Result<Option<i64>, RetroError> + Sync,
        _: (&Workers, &Cycles),
    ) -> Result<(), RetroError> {
        Err(RetroError::TierCycle { tier })
    }
}

/// Expected values of a chance game, in `f64`, eight bytes each: the value's bits inverted,
/// so that zeroed memory holds none (all bits set is a NaN, which no mean of finite values is).
pub(crate) struct Expected;

/// The buffers of a position's moves: a player's, a chance node's with their weights, and a
/// chance node's children with their weights.
pub(super) type ChanceScratch<M> = (Vec<M>, Vec<(M, u32)>, Vec<(Child, u32)>);

impl<T: Tiers> Valuation<T> for Expected
where
    T::Game: ChanceGame,
{
    type Value = f64;
    type Cell = AtomicU64;
    type Scratch = ChanceScratch<<T::Game as Game>::Move>;

    #[inline]
    fn load(cell: &AtomicU64) -> Option<f64> {
        let code = cell.load(Relaxed);
        (code != 0).then(|| f64::from_bits(!code))
    }

    fn store(cell: &AtomicU64, value: f64, _: Place) -> Result<(), RetroError> {
        cell.store(!value.to_bits(), Relaxed);
        Ok(())
    }

    fn cells_of(values: TierValues) -> Option<Vec<AtomicU64>> {
        // The words become cells in place: the two have one layout.
        let codes = values.is_whole().then(|| values.into_expected_codes())??;
        Some(codes.into_iter().map(AtomicU64::new).collect())
    }

    fn values_of(tier: usize, tier_len: u64, start: u64, cells: &[AtomicU64]) -> TierValues {
        let codes: Vec<u64> = cells.iter().map(|cell| cell.load(Relaxed)).collect();
        TierValues::expected(tier, tier_len, start, codes)
    }

    fn each_place(
        tiers: &T,
        (position, place): (&T::Game, Place),
        scratch: &mut Self::Scratch,
        mut visit: impl FnMut(Place),
    ) {
        if position.is_chance() {
            let moves = &mut scratch.1;
            tiers.chance_children(position, place, moves, |child, _| visit(child.place));
        } else {
            tiers.children(position, place, &mut scratch.0, |child| visit(child.place));
        }
    }

    fn value(
        tiers: &T,
        (position, place): (&T::Game, Place),
        scratch: &mut Self::Scratch,
        mut read: impl FnMut(Place) -> Option<f64>,
    ) -> Option<f64> {
        if !position.is_chance() {
            let rule = (f64::NEG_INFINITY, 0.0, expected_worth, f64::max);
            return best_move(tiers, (position, place), &mut scratch.0, read, rule);
        }
        // The mean over the chance moves, each weighted, of its worth: the children gathered
        // first and summed here, where the sum stays in a register (summed in the game's
        // visit, it went through memory at each child: a third of the time of Yahtzee's
        // chance nodes, 7% of its solve).
        let (children, moves) = (&mut scratch.2, &mut scratch.1);
        children.clear();
        tiers.chance_children(position, place, moves, |child, weight| {
            children.push((child, weight));
        });
        let (mut sum, mut total) = (0.0, 0u64);
        for (child, weight) in children.iter() {
            let next = read(child.place)?;
            sum += f64::from(*weight) * expected_worth(child, next);
            total += u64::from(*weight);
        }
        Some(if total == 0 { 0.0 } else { sum / total as f64 })
    }

    fn go_round(
        tiers: &T,
        at: (usize, Range<u64>),
        cells: &[AtomicU64],
        read: impl Fn(Place) -> Result<Option<f64>, RetroError> + Sync,
        run: (&Workers, &Cycles),
    ) -> Result<(), RetroError>
    where
        T: Sync,
    {
        super::cycles::solve(tiers, at, cells, read, run)
    }
}
