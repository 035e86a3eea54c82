//! The order in which the tiers of a [`Tiers`] numbering are solved, and when each is let go:
//! worked out before any memory is taken, so that the most bytes held at once is known first.

use super::super::RetroError;
use crate::game::Tiers;

/// The tiers in the order they are solved, and what is held at each step.
pub(super) struct Plan {
    /// The tiers, each after every tier its moves lead to.
    pub(super) order: Vec<usize>,
    /// For each step of `order`, the tiers let go once its tier is solved.
    pub(super) drops: Vec<Vec<usize>>,
    /// The most indices held at once (a cell each): the tiers solved and still needed, and
    /// the one being solved.
    pub(super) peak: u64,
}

/// The plan for `tiers`, keeping in the end the tiers `keep` says: a tier is solved once all
/// the tiers its moves lead to are ([`order`]), and let go once every tier whose moves lead
/// to it is solved (unless kept).
///
/// # Errors
///
/// [`RetroError::TierOutOfRange`] for a tier named past the count,
/// [`RetroError::TierCycle`] if the tiers' moves go round.
pub(super) fn plan<T: Tiers>(tiers: &T, keep: &dyn Fn(usize) -> bool) -> Result<Plan, RetroError> {
    let (order, after) = order(tiers)?;
    let mut parents: Vec<Vec<usize>> = vec![Vec::new(); after.len()];
    for (tier, children) in after.iter().enumerate() {
        for &child in children {
            parents[child].push(tier);
        }
    }
    let (drops, peak) = holding(tiers, &order, &after, &parents, keep);
    Ok(Plan { order, drops, peak })
}

/// The tiers of `tiers` in an order to solve them (each after every tier its moves lead to),
/// and the tiers each one's moves lead to (itself left out, each once). Among tiers ready
/// together the last made ready goes first, so that a tier's children are let go soon.
///
/// # Errors
///
/// As [`plan`].
pub(crate) fn order<T: Tiers>(tiers: &T) -> Result<(Vec<usize>, Vec<Vec<usize>>), RetroError> {
    let count = tiers.tier_count();
    let mut after: Vec<Vec<usize>> = vec![Vec::new(); count];
    let mut parents: Vec<Vec<usize>> = vec![Vec::new(); count];
    for (tier, list) in after.iter_mut().enumerate() {
        tiers.tiers_after(tier, list);
        list.retain(|&child| child != tier);
        list.sort_unstable();
        list.dedup();
        for &child in list.iter() {
            parents
                .get_mut(child)
                .ok_or(RetroError::TierOutOfRange { tier: child })?
                .push(tier);
        }
    }
    let mut waiting: Vec<usize> = after.iter().map(Vec::len).collect();
    let mut ready: Vec<usize> = (0..count).filter(|&tier| waiting[tier] == 0).collect();
    let mut order = Vec::with_capacity(count);
    while let Some(tier) = ready.pop() {
        order.push(tier);
        for &parent in &parents[tier] {
            waiting[parent] -= 1;
            if waiting[parent] == 0 {
                ready.push(parent);
            }
        }
    }
    match (0..count).find(|&tier| waiting[tier] > 0) {
        Some(tier) => Err(RetroError::TierCycle { tier }),
        None => Ok((order, after)),
    }
}

/// What each step lets go, and the most indices held at once.
fn holding<T: Tiers>(
    tiers: &T,
    order: &[usize],
    after: &[Vec<usize>],
    parents: &[Vec<usize>],
    keep: &dyn Fn(usize) -> bool,
) -> (Vec<Vec<usize>>, u64) {
    let mut unsolved_parents: Vec<usize> = parents.iter().map(Vec::len).collect();
    // Wide enough that no sum of tier lengths (each below 2^64) wraps.
    let (mut held, mut peak) = (0u128, 0u128);
    let drops = order
        .iter()
        .map(|&tier| {
            held += u128::from(tiers.tier_len(tier));
            peak = peak.max(held);
            let mut drop = Vec::new();
            for &child in &after[tier] {
                unsolved_parents[child] -= 1;
                if unsolved_parents[child] == 0 && !keep(child) {
                    drop.push(child);
                }
            }
            if unsolved_parents[tier] == 0 && !keep(tier) {
                drop.push(tier);
            }
            held -= drop
                .iter()
                .map(|&t| u128::from(tiers.tier_len(t)))
                .sum::<u128>();
            drop
        })
        .collect();
    (drops, u64::try_from(peak).unwrap_or(u64::MAX))
}
