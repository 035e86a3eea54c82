//! [`tiers`]: a tiered numbering against the rules: its places, its steps from one index to
//! the next, and the children it gives; [`chance_tiers`]: a chance game's, its chance nodes'
//! children too.

use super::{Checks, Random};
use crate::game::{ChanceGame, Child, Game, Place, Tiers, each_chance_child, each_child};
use thiserror::Error;

/// A lie of a [`Tiers`] numbering, found by [`tiers`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum TiersLie {
    /// The position at `place` is placed elsewhere: two places stand for one position.
    #[error("the position at tier {}, index {}, is placed at tier {}, index {}", .place.tier, .place.index, .placed.tier, .placed.index)]
    Numbering {
        /// The place asked of [`Tiers::position_at`].
        place: Place,
        /// Where [`Tiers::place`] puts that position.
        placed: Place,
    },
    /// [`Tiers::for_each_position`] from `place` does not give the positions
    /// [`Tiers::position_at`] gives.
    #[error("stepping through tier {}, from index {}, disagrees with position_at", .place.tier, .place.index)]
    Stepping {
        /// Where the steps began.
        place: Place,
    },
    /// [`Tiers::children`] of the position at `place` differ from the moves played and placed.
    #[error("the children given at tier {}, index {}, are not the moves played", .place.tier, .place.index)]
    Children {
        /// The position's place.
        place: Place,
    },
    /// [`Tiers::chance_children`] of the chance node at `place` differ from the weighted chance
    /// moves played and placed.
    #[error("the chance children given at tier {}, index {}, are not the chance moves played", .place.tier, .place.index)]
    ChanceChildren {
        /// The chance node's place.
        place: Place,
    },
    /// A move from the position at `from` leads to `to`, a tier past the count, an index
    /// past its tier, or a tier other than its own that `tiers_after` leaves out.
    #[error("a move from tier {}, index {}, leads to tier {}, index {}, which its tiers_after leaves out or which is out of range", .from.tier, .from.index, .to.tier, .to.index)]
    Unlisted {
        /// The parent's place.
        from: Place,
        /// The child's place.
        to: Place,
    },
}

/// Checks a [`Tiers`] numbering against the rules. In each tier, for each index checked (every
/// one of a tier of at most [`checks.indices`](Checks::indices), else that many drawn at
/// random, seeded by `checks`): the position there is placed there; stepping through the tier
/// from it gives what [`position_at`](Tiers::position_at) gives (a few indices on); the
/// children it gives are its moves played and placed, in any order; and each leads into its
/// own tier or one [`tiers_after`](Tiers::tiers_after) names, within range. The retrograde
/// solve of values trusts all four.
///
/// # Errors
///
/// The first [`TiersLie`].
pub fn tiers<T: Tiers>(numbering: &T, checks: &Checks) -> Result<(), TiersLie> {
    each_checked(numbering, checks, |_, _| Ok(()))
}

/// [`tiers`], and at each chance node checked, the children
/// [`chance_children`](Tiers::chance_children) gives are its weighted chance moves played and
/// placed, in any order. The retrograde solve of expected values trusts it too.
///
/// # Errors
///
/// The first [`TiersLie`].
pub fn chance_tiers<T: Tiers>(numbering: &T, checks: &Checks) -> Result<(), TiersLie>
where
    T::Game: ChanceGame,
{
    each_checked(numbering, checks, |position, place| {
        if !position.is_chance() {
            return Ok(());
        }
        let mut moves = Vec::new();
        let (mut given, mut played) = (Vec::new(), Vec::new());
        numbering.chance_children(position, place, &mut moves, |child, weight| {
            given.push((child, weight))
        });
        each_chance_child(numbering, position, &mut moves, |child, weight| {
            played.push((child, weight))
        });
        let order =
            |&(child, weight): &(Child, u32)| (child.place, child.margin, child.keeps_turn, weight);
        given.sort_unstable_by_key(order);
        played.sort_unstable_by_key(order);
        (given == played)
            .then_some(())
            .ok_or(TiersLie::ChanceChildren { place })
    })
}

/// The checks of [`tiers`] on each index it checks, and `more` on each position there.
fn each_checked<T: Tiers>(
    numbering: &T,
    checks: &Checks,
    mut more: impl FnMut(&T::Game, Place) -> Result<(), TiersLie>,
) -> Result<(), TiersLie> {
    let mut random = Random(checks.seed);
    let mut after = Vec::new();
    for tier in 0..numbering.tier_count() {
        after.clear();
        numbering.tiers_after(tier, &mut after);
        let len = numbering.tier_len(tier);
        let sampled = len > checks.indices;
        for i in 0..len.min(checks.indices) {
            let index = if sampled {
                // Truncation is fine: a draw below the length.
                random.below(usize::try_from(len).unwrap_or(usize::MAX)) as u64
            } else {
                i
            };
            let place = Place { tier, index };
            stepping(numbering, place)?;
            if let Some(position) = numbering.position_at(tier, index) {
                let placed = numbering.place(&position);
                if placed != place {
                    return Err(TiersLie::Numbering { place, placed });
                }
                children(numbering, &position, place, &after)?;
                more(&position, place)?;
            }
        }
    }
    Ok(())
}

/// The indices stepped through from `place` against `position_at`, up to 4 of them.
fn stepping<T: Tiers>(numbering: &T, place: Place) -> Result<(), TiersLie> {
    let end = place
        .index
        .saturating_add(4)
        .min(numbering.tier_len(place.tier));
    let mut stepped = Vec::new();
    numbering.for_each_position(place.tier, place.index..end, |index, position| {
        stepped.push((index, position.key()));
    });
    let expected: Vec<_> = (place.index..end)
        .filter_map(|index| Some((index, numbering.position_at(place.tier, index)?.key())))
        .collect();
    if stepped == expected {
        Ok(())
    } else {
        Err(TiersLie::Stepping { place })
    }
}

/// The children `numbering` gives against the moves played, and where they lead.
fn children<T: Tiers>(
    numbering: &T,
    position: &T::Game,
    place: Place,
    after: &[usize],
) -> Result<(), TiersLie> {
    let mut moves = Vec::new();
    let (mut given, mut played) = (Vec::new(), Vec::new());
    numbering.children(position, place, &mut moves, |child| given.push(child));
    each_child(numbering, position, &mut moves, |child| played.push(child));
    let order = |child: &Child| (child.place, child.margin, child.keeps_turn);
    given.sort_unstable_by_key(order);
    played.sort_unstable_by_key(order);
    if given != played {
        return Err(TiersLie::Children { place });
    }
    for child in played {
        let to = child.place;
        let listed = to.tier == place.tier || after.contains(&to.tier);
        if !listed || to.tier >= numbering.tier_count() || to.index >= numbering.tier_len(to.tier) {
            return Err(TiersLie::Unlisted { from: place, to });
        }
    }
    Ok(())
}
