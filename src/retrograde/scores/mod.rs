//! Exact values by retrograde analysis: every position of a scoring game numbered in tiers
//! ([`Tiers`]) valued from its children, tier by tier, a byte a position (the method is in
//! the `retrograde` module's docs); the values kept ([`ScoreTablebase`]), and served to the
//! searches as knowledge ([`ScoreKnowledge`]).

mod cycles;
mod expected;
mod file;
mod plan;
mod spares;
mod tier;
mod valuation;

pub(crate) use cycles::Cycles;
pub use expected::ExpectedTablebase;
pub use file::TierValues;
pub(crate) use plan::order as tier_order;

use super::RetroError;
use super::workers::Workers;
use crate::game::{ChanceGame, Knowledge, Place, Tiers};
use spares::Spares;
use std::ops::Range;
use std::sync::Arc;
use std::sync::atomic::AtomicU8;
use valuation::Valuation;
pub(super) use valuation::{Exact, Expected};

/// The code of an index not valued, or that names no position.
const UNKNOWN: u8 = 0;

/// The code of a value: `value + 128`, for values of -127 to 127.
fn code_of(value: i64) -> Option<u8> {
    u8::try_from(value + 128)
        .ok()
        .filter(|&code| code != UNKNOWN)
}

/// The value a code (not [`UNKNOWN`]) stands for.
fn value_of(code: u8) -> i64 {
    i64::from(code) - 128
}

/// The exact values of the tiers a solve kept: see
/// [`Retrograde::solve_scores`](super::Retrograde::solve_scores).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoreTablebase {
    /// A code an index, for each tier kept.
    tiers: Vec<Option<Vec<u8>>>,
}

impl ScoreTablebase {
    /// The value of the position at `place`; `None` if its tier was not kept, or the index
    /// names no position or is out of range.
    #[must_use]
    pub fn value_at(&self, place: Place) -> Option<i64> {
        let codes = self.tiers.get(place.tier)?.as_ref()?;
        let code = *codes.get(usize::try_from(place.index).ok()?)?;
        (code != UNKNOWN).then(|| value_of(code))
    }

    /// The value of `position`, placed by `tiers`.
    #[must_use]
    pub fn value<T: Tiers>(&self, tiers: &T, position: &T::Game) -> Option<i64> {
        self.value_at(tiers.place(position))
    }

    /// Whether `tier` was kept.
    #[must_use]
    pub fn holds(&self, tier: usize) -> bool {
        self.tiers.get(tier).is_some_and(Option::is_some)
    }

    /// The values of `tier`, if it was kept, apart from the table: to be saved
    /// ([`TierValues::save`]) and read back into a table ([`from_tiers`](Self::from_tiers)).
    #[must_use]
    pub fn tier(&self, tier: usize) -> Option<TierValues> {
        let codes = self.tiers.get(tier)?.as_ref()?;
        Some(TierValues::new(tier, codes.len() as u64, 0, codes.clone()))
    }

    /// Every index of `tier` that names a position, with its value, in order; nothing if
    /// the tier was not kept.
    pub fn iter_tier(&self, tier: usize) -> impl Iterator<Item = (u64, i64)> + '_ {
        let codes = self.tiers.get(tier).and_then(Option::as_deref);
        (0u64..)
            .zip(codes.unwrap_or_default())
            .filter(|&(_, &code)| code != UNKNOWN)
            .map(|(index, &code)| (index, value_of(code)))
    }
}

/// Solves `tiers`, keeping the tiers `keep` says: see the [module docs](self).
pub(super) fn solve<T: Tiers + Sync>(
    tiers: &T,
    keep: &dyn Fn(usize) -> bool,
    max_bytes: usize,
    workers: &Workers,
    progress: impl FnMut(usize, usize),
) -> Result<ScoreTablebase, RetroError> {
    let cycles = Cycles::new(Default::default(), max_bytes);
    let run = (workers, &cycles);
    let held = solve_with::<T, Exact>(tiers, keep, max_bytes, run, progress)?;
    let tiers = held.into_iter().map(|codes| codes.map(plain)).collect();
    Ok(ScoreTablebase { tiers })
}

/// Solves `tiers` in expected values, keeping the tiers `keep` says.
pub(super) fn solve_expected<T: Tiers + Sync>(
    tiers: &T,
    keep: &dyn Fn(usize) -> bool,
    max_bytes: usize,
    (workers, cycles): (&Workers, &Cycles),
    progress: impl FnMut(usize, usize),
) -> Result<ExpectedTablebase, RetroError>
where
    T::Game: ChanceGame,
{
    let run = (workers, cycles);
    let held = solve_with::<T, Expected>(tiers, keep, max_bytes, run, progress)?;
    Ok(ExpectedTablebase::from_cells(held, cycles.work()))
}

/// Solves `tiers` valued by `V`: the cells of the tiers `keep` says (`None` for the others).
fn solve_with<T: Tiers + Sync, V: Valuation<T>>(
    tiers: &T,
    keep: &dyn Fn(usize) -> bool,
    max_bytes: usize,
    run: (&Workers, &Cycles),
    mut progress: impl FnMut(usize, usize),
) -> Result<Vec<Option<Vec<V::Cell>>>, RetroError> {
    let plan = plan::plan(tiers, keep)?;
    let bytes = plan.peak.saturating_mul(size_of::<V::Cell>() as u64);
    if bytes > max_bytes as u64 {
        return Err(RetroError::TiersTooLarge { bytes, max_bytes });
    }
    let mut held: Vec<Option<Vec<V::Cell>>> = (0..tiers.tier_count()).map(|_| None).collect();
    // The cells held, and the most the plan holds at once: the spares keep within the rest.
    let (mut held_len, peak) = (0usize, usize::try_from(plan.peak).unwrap_or(usize::MAX));
    let mut spares = Spares::new();
    for (step, (&tier, drops)) in plan.order.iter().zip(&plan.drops).enumerate() {
        let len = tiers.tier_len(tier);
        let len_cells = usize::try_from(len).unwrap_or(usize::MAX);
        let spare = spares.take(len_cells, peak.saturating_sub(held_len));
        let cells = tier::solve::<T, V>(tiers, tier, 0..len, &held, spare, run)?;
        held_len = held_len.saturating_add(cells.len());
        held[tier] = Some(cells);
        for &drop in drops {
            if let Some(cells) = held[drop].take() {
                held_len -= cells.len();
                spares.give(cells, peak.saturating_sub(held_len));
            }
        }
        progress(step + 1, plan.order.len());
    }
    Ok(held)
}

/// Solves the indices `range` of `tier` valued by `V` ([`Exact`] or [`Expected`]), given the
/// whole tiers its moves lead to, in `max_bytes` (the tier's cells beside its children's, and
/// the range's copy).
pub(super) fn solve_range<T: Tiers + Sync, V: Valuation<T>>(
    tiers: &T,
    (tier, range): (usize, Range<u64>),
    children: Vec<TierValues>,
    max_bytes: usize,
    run: (&Workers, &Cycles),
) -> Result<TierValues, RetroError> {
    if range.start > range.end {
        return Err(RetroError::IndexOutOfRange { index: range.start });
    }
    let cell = size_of::<V::Cell>() as u64;
    let held_len = children
        .iter()
        .map(|child| child.range().end - child.range().start);
    let bytes = held_len
        .chain([tiers.tier_len(tier), range.end.saturating_sub(range.start)])
        .fold(0u64, u64::saturating_add)
        .saturating_mul(cell);
    if bytes > max_bytes as u64 {
        return Err(RetroError::TiersTooLarge { bytes, max_bytes });
    }
    let mut held: Vec<Option<Vec<V::Cell>>> = (0..tiers.tier_count()).map(|_| None).collect();
    for child in children {
        let at = child.tier();
        let cells = V::cells_of(child).filter(|_| at < held.len());
        held[at] = Some(cells.ok_or(RetroError::TierOutOfRange { tier: at })?);
    }
    let cells = tier::solve::<T, V>(tiers, tier, range.clone(), &held, None, run)?;
    let (start, end) = (range.start as usize, range.end as usize);
    Ok(V::values_of(
        tier,
        tiers.tier_len(tier),
        range.start,
        &cells[start..end],
    ))
}

impl ScoreTablebase {
    /// The table of the tiers `kept`, each whole.
    ///
    /// # Errors
    ///
    /// [`RetroError::TierOutOfRange`] for a tier past `tiers`' count, or one not whole.
    pub fn from_tiers<T: Tiers>(tiers: &T, kept: Vec<TierValues>) -> Result<Self, RetroError> {
        let held = held_tiers(tiers, kept, TierValues::into_exact_codes)?;
        Ok(Self { tiers: held })
    }
}

/// The codes of the tiers `kept`, each whole, in their places among `tiers`' tiers, as
/// `codes_of` gives them (`None` for values of the other kind).
fn held_tiers<T: Tiers, C: Clone>(
    tiers: &T,
    kept: Vec<TierValues>,
    codes_of: fn(TierValues) -> Option<Vec<C>>,
) -> Result<Vec<Option<Vec<C>>>, RetroError> {
    let mut held: Vec<Option<Vec<C>>> = vec![None; tiers.tier_count()];
    for values in kept {
        let at = values.tier();
        let whole = values.is_whole() && values.range().end == tiers.tier_len(at);
        let codes = codes_of(values).filter(|_| whole);
        match (held.get_mut(at), codes) {
            (Some(slot), Some(codes)) => *slot = Some(codes),
            _ => return Err(RetroError::TierOutOfRange { tier: at }),
        }
    }
    Ok(held)
}

/// Codes that threads wrote, as plain bytes (in place: the two have one layout).
fn plain(codes: Vec<AtomicU8>) -> Vec<u8> {
    codes.into_iter().map(AtomicU8::into_inner).collect()
}

/// Knowledge from a [`ScoreTablebase`]: the exact value of each position of a kept tier,
/// for the [`Solver`](crate::Solver) and the [`Engine`](crate::Engine). Sound as far as the
/// table is. Clones share the table.
#[derive(Debug)]
pub struct ScoreKnowledge<T> {
    tiers: Arc<T>,
    table: Arc<ScoreTablebase>,
}

impl<T> Clone for ScoreKnowledge<T> {
    fn clone(&self) -> Self {
        Self {
            tiers: Arc::clone(&self.tiers),
            table: Arc::clone(&self.table),
        }
    }
}

impl<T> ScoreKnowledge<T> {
    /// The knowledge of `table`, whose positions `tiers` places.
    #[must_use]
    pub fn new(tiers: Arc<T>, table: Arc<ScoreTablebase>) -> Self {
        Self { tiers, table }
    }
}

impl<T: Tiers + Send + Sync> Knowledge<T::Game> for ScoreKnowledge<T> {
    fn exact_value(&self, position: &T::Game) -> Option<i64> {
        self.table.value(&*self.tiers, position)
    }
}
