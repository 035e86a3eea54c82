//! `ExpectedTablebase`: the expected values of a chance game's tiers that a solve kept, and
//! the best moves they give.

use super::super::RetroError;
use super::TierValues;
use crate::chance::fixed_point::Settled;
use crate::game::{ChanceGame, Game, Place, ScoringGame, Tiers};
use std::sync::atomic::AtomicU64;

/// The expected values of the tiers a solve kept: see
/// [`Retrograde::solve_expected`](crate::Retrograde::solve_expected).
#[derive(Debug, Clone, PartialEq)]
pub struct ExpectedTablebase {
    /// For each tier kept, a code an index: the value's bits inverted, 0 for none.
    tiers: Vec<Option<Vec<u64>>>,
    /// What the tiers whose positions go round took to settle.
    settled: Settled,
}

/// A move's worth to its mover in expected values: its margin, and the value after it added
/// if the move keeps the turn, subtracted if it passes it.
pub(super) fn worth(margin: i64, keeps_turn: bool, next: f64) -> f64 {
    let margin = margin as f64;
    if keeps_turn {
        margin + next
    } else {
        margin - next
    }
}

impl ExpectedTablebase {
    /// The table of the cells a solve wrote (in place: the two have one layout).
    pub(super) fn from_cells(held: Vec<Option<Vec<AtomicU64>>>, settled: Settled) -> Self {
        let plain = |cells: Vec<AtomicU64>| cells.into_iter().map(AtomicU64::into_inner).collect();
        Self {
            tiers: held.into_iter().map(|cells| cells.map(plain)).collect(),
            settled,
        }
    }

    /// The largest change in the last sweep of any component of positions that go round
    /// (see [`Retrograde::with_tolerance`](crate::Retrograde::with_tolerance)): 0 for a game
    /// without cycles, or a table read back ([`from_tiers`](Self::from_tiers)); at most the
    /// tolerance otherwise, or 2⁻⁴⁶ of a value that rounding moves by more. Not the error: a
    /// value is about the residual over one less the rate at which its component's changes
    /// shrink from its limit.
    #[must_use]
    pub fn residual(&self) -> f64 {
        self.settled.residual
    }

    /// The sweeps over components of positions that go round, in all (a component of one
    /// position without a cycle counts one).
    #[must_use]
    pub fn sweeps(&self) -> u64 {
        self.settled.sweeps
    }

    /// The expected value of the position at `place` for its side to move; `None` if its
    /// tier was not kept, or the index names no position or is out of range.
    #[must_use]
    pub fn value_at(&self, place: Place) -> Option<f64> {
        let codes = self.tiers.get(place.tier)?.as_ref()?;
        let code = *codes.get(usize::try_from(place.index).ok()?)?;
        (code != 0).then(|| f64::from_bits(!code))
    }

    /// The expected value of `position`, placed by `tiers`.
    #[must_use]
    pub fn value<T: Tiers>(&self, tiers: &T, position: &T::Game) -> Option<f64> {
        self.value_at(tiers.place(position))
    }

    /// The values of `tier`, if it was kept, apart from the table: to be saved
    /// ([`TierValues::save`]) and read back into a table ([`from_tiers`](Self::from_tiers)).
    #[must_use]
    pub fn tier(&self, tier: usize) -> Option<TierValues> {
        let codes = self.tiers.get(tier)?.as_ref()?;
        Some(TierValues::expected(
            tier,
            codes.len() as u64,
            0,
            codes.clone(),
        ))
    }

    /// The table of the tiers `kept`, each whole, of expected values.
    ///
    /// # Errors
    ///
    /// [`RetroError::TierOutOfRange`] for a tier past `tiers`' count, one not whole, or one of
    /// exact values.
    pub fn from_tiers<T: Tiers>(tiers: &T, kept: Vec<TierValues>) -> Result<Self, RetroError> {
        let held = super::held_tiers(tiers, kept, TierValues::into_expected_codes)?;
        Ok(Self {
            tiers: held,
            settled: Settled::default(),
        })
    }

    /// Whether `tier` was kept.
    #[must_use]
    pub fn holds(&self, tier: usize) -> bool {
        self.tiers.get(tier).is_some_and(Option::is_some)
    }

    /// Every index of `tier` that names a position, with its value, in order; nothing if
    /// the tier was not kept.
    pub fn iter_tier(&self, tier: usize) -> impl Iterator<Item = (u64, f64)> + '_ {
        let codes = self.tiers.get(tier).and_then(Option::as_deref);
        (0u64..)
            .zip(codes.unwrap_or_default())
            .filter(|&(_, &code)| code != 0)
            .map(|(index, &code)| (index, f64::from_bits(!code)))
    }

    /// Each move of `position` (a player's node) with its worth to the mover: its margin and
    /// the expected value after it (added if the move keeps the turn, subtracted if it
    /// passes it); `None` if a child's tier was not kept. The best moves are those of the
    /// largest worth: the optimal policy, read from the table.
    #[must_use]
    pub fn move_worths<T: Tiers>(
        &self,
        tiers: &T,
        position: &T::Game,
    ) -> Option<Vec<(<T::Game as Game>::Move, f64)>>
    where
        T::Game: ChanceGame,
    {
        position
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let (margin, keeps_turn) = position.margin_and_turn(mv);
                let next = self.value(tiers, &position.after(mv))?;
                Some((mv, worth(margin, keeps_turn, next)))
            })
            .collect()
    }
}
