//! `Tiers`: a scoring game's positions numbered densely, tier by tier, for the retrograde solve
//! of exact values ([`Retrograde::solve_scores`](crate::Retrograde::solve_scores)) and of a
//! chance game's expected values ([`Retrograde::solve_expected`](crate::Retrograde::solve_expected));
//! `Place` and `Child`, what the numbering answers.

use crate::game::{ChanceGame, Game, ScoringGame};
use std::ops::Range;

/// Where a position stands in a [`Tiers`] numbering: its tier, and its index in the tier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Place {
    /// The tier, below [`Tiers::tier_count`].
    pub tier: usize,
    /// The index in the tier, below [`Tiers::tier_len`].
    pub index: u64,
}

/// A legal move's child, as the retrograde solve of values asks it: the move's margin,
/// whether it keeps the turn, and where the child stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Child {
    /// [`ScoringGame::margin`] of the move.
    pub margin: i64,
    /// [`ScoringGame::keeps_turn`] of the move.
    pub keeps_turn: bool,
    /// The child's place.
    pub place: Place,
}

/// A numbering of a [`ScoringGame`]'s positions in *tiers* (by the lines drawn, the seeds in
/// play, the material left), each tier numbered densely from 0: the game's numbering, asked of
/// this type and not of a position.
///
/// A move from a tier leads into the tiers that [`tiers_after`](Self::tiers_after) names, or
/// into its own tier. The tiers with their moves form no cycle, so the solver takes each tier
/// once the tiers after it are solved, and holds in memory only a tier and those its moves
/// lead to. Within a tier the positions of a scoring game form no cycle either; those of a
/// chance game may (Pig: a roll of 1 hands the turn back), and the solve of expected values
/// settles them. Every position has one place; an index may name none (a number the
/// encoding leaves unused). Positions proven to be worth the same may share one place, the
/// position at it standing for them all (a quotient: Yahtzee's upper totals alike,
/// [`ByTurns`](crate::games::yahtzee::ByTurns)); the proof goes beside the numbering.
///
/// A name and five methods say the numbering; two more are provided and may be given faster
/// by a game that knows its numbering well (Dots and Boxes ranks every child of a set of
/// lines at once): they must give what the provided ones give, and
/// [`check::tiers`](crate::check::tiers) holds them to it.
pub trait Tiers {
    /// The game numbered.
    type Game: ScoringGame;

    /// The game's name, written in each saved tier and checked when it is read back, so that
    /// a tier is never used for another game: the same in every program built from the
    /// game's source. Give each numbering its own, `"dots and boxes by lines"` say.
    const NAME: &'static str;

    /// A number that tells this game's rule sets and sizes apart (a board's size), written
    /// in each saved tier and checked when it is read back. 0 by default: one rule set.
    fn rules_id(&self) -> u64 {
        0
    }

    /// The number of tiers: every position's tier is below it.
    fn tier_count(&self) -> usize;

    /// The number of indices in `tier`.
    fn tier_len(&self, tier: usize) -> u64;

    /// The position at `index` of `tier`, or `None` if the index names none.
    fn position_at(&self, tier: usize, index: u64) -> Option<Self::Game>;

    /// Where `position` stands; a position the numbering leaves out (an endgame table's
    /// numbering, asked of a position with more material) at a tier past
    /// [`tier_count`](Self::tier_count), where no table holds a value.
    fn place(&self, position: &Self::Game) -> Place;

    /// Appends to `out` each tier other than `tier` that a legal move from a position of
    /// `tier` may lead to. A tier too many costs memory, not values; one missing is refused
    /// by the solve where its values are not held when asked
    /// ([`RetroError::TierNotListed`](crate::RetroError::TierNotListed)), and always by
    /// [`check::tiers`](crate::check::tiers).
    fn tiers_after(&self, tier: usize, out: &mut Vec<usize>);

    /// Calls `visit` with each index of `indices` in `tier` that names a position, in order,
    /// and the position. By default [`position_at`](Self::position_at) on each; a numbering
    /// that steps from one index to the next cheaply gives that.
    fn for_each_position(
        &self,
        tier: usize,
        indices: Range<u64>,
        mut visit: impl FnMut(u64, &Self::Game),
    ) {
        for index in indices {
            if let Some(position) = self.position_at(tier, index) {
                visit(index, &position);
            }
        }
    }

    /// Calls `visit` with the [`Child`] of each legal move of `position`, which stands at
    /// `place` (its [`place`](Self::place), which the caller knows: a numbering may read its
    /// children's places from it rather than from the position), `moves` a buffer the caller
    /// lends (its contents are the method's). By default the moves generated into `moves`,
    /// each played on a copy and [placed](Self::place). The solve of expected values asks it
    /// of players' nodes only: a chance node's, with their weights, come from
    /// [`chance_children`](Self::chance_children).
    fn children(
        &self,
        position: &Self::Game,
        place: Place,
        moves: &mut Vec<<Self::Game as Game>::Move>,
        visit: impl FnMut(Child),
    ) {
        let _ = place;
        each_child(self, position, moves, visit);
    }

    /// Calls `visit` with the [`Child`] of each chance move of `position`, a chance node of
    /// a [`ChanceGame`] at `place` (as for [`children`](Self::children)), and the move's
    /// weight; `moves` a buffer the caller lends. By default the weighted chance moves
    /// ([`ChanceGame::chance_moves`]), each played on a copy and
    /// [placed](Self::place); a numbering that places them faster gives that, and
    /// [`check::chance_tiers`](crate::check::chance_tiers) holds it to the default. The
    /// solve of expected values asks it of every chance node.
    fn chance_children(
        &self,
        position: &Self::Game,
        place: Place,
        moves: &mut Vec<(<Self::Game as Game>::Move, u32)>,
        visit: impl FnMut(Child, u32),
    ) where
        Self::Game: ChanceGame,
    {
        let _ = place;
        each_chance_child(self, position, moves, visit);
    }
}

/// The [`Child`] of each legal move of `position`, from the rules: each move played on a copy
/// and placed. What [`Tiers::children`] gives by default, and what
/// [`check::tiers`](crate::check::tiers) holds a faster one to.
pub(crate) fn each_child<T: Tiers + ?Sized>(
    tiers: &T,
    position: &T::Game,
    moves: &mut Vec<<T::Game as Game>::Move>,
    mut visit: impl FnMut(Child),
) {
    moves.clear();
    position.generate_moves(moves);
    for &mv in moves.iter() {
        let (margin, keeps_turn) = position.margin_and_turn(mv);
        let mut next = position.clone();
        next.play_unchecked(mv);
        visit(Child {
            margin,
            keeps_turn,
            place: tiers.place(&next),
        });
    }
}

/// The [`Child`] and weight of each chance move of `position`, from the rules: each played on
/// a copy and placed. What [`Tiers::chance_children`] gives by default.
pub(crate) fn each_chance_child<T: Tiers + ?Sized>(
    tiers: &T,
    position: &T::Game,
    moves: &mut Vec<(<T::Game as Game>::Move, u32)>,
    mut visit: impl FnMut(Child, u32),
) where
    T::Game: ChanceGame,
{
    moves.clear();
    position.chance_moves(moves);
    for &(mv, weight) in moves.iter() {
        let (margin, keeps_turn) = position.margin_and_turn(mv);
        let mut next = position.clone();
        next.play_unchecked(mv);
        let place = tiers.place(&next);
        visit(
            Child {
                margin,
                keeps_turn,
                place,
            },
            weight,
        );
    }
}
