//! [`unmoves`]: a numbering's un-moves against the game's moves, and its indices.

use super::{Checks, Random};
use crate::game::{Game, Numbering, WinLossGame};
use thiserror::Error;

/// The indices [`unmoves`] checks unless told ([`Checks::with_indices`]): every index of a
/// smaller game, else this many drawn at random.
pub const UNMOVE_INDICES: u64 = 100_000;

/// A lie of a numbering or its un-moves, found by [`unmoves`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum UnmoveLie {
    /// The position at `index` gives another index: two indices stand for one position
    /// (`position_at` ignores part of the index), and the solver would solve it twice, one
    /// copy never reached by un-moves.
    #[error("the position at index {index} gives the index {numbered}")]
    Numbering {
        /// The index asked of [`Numbering::position_at`].
        index: u64,
        /// The index that position gives ([`Numbering::index`]).
        numbered: u64,
    },
    /// `moves` legal moves lead from the position of index `from` to that of index `to`, and
    /// the un-moves of `to` list `from` `unmoves` times (or an index is out of range).
    #[error(
        "{moves} moves lead from index {from} to index {to}, whose un-moves list it {unmoves} times"
    )]
    Unmoves {
        /// The parent's index.
        from: u64,
        /// The child's index.
        to: u64,
        /// Legal moves from the parent to the child.
        moves: usize,
        /// Times the child's un-moves list the parent.
        unmoves: usize,
    },
}

/// Checks a [`Numbering`] and its un-moves ([`Numbering::predecessors`]) against the game's
/// moves. For each index checked (every one if there are at most
/// [`checks.indices`](Checks::indices), else that many drawn at random, seeded by `checks`):
/// the position there gives that index back; each position it leads to lists it as often as
/// moves lead there; and each position it lists (where the game goes on) leads to it as
/// often. The retrograde solver trusts all three: a position under two indices, or an un-move
/// missing or extra, changes verdicts.
///
/// With a symmetry folded into the numbering (positions equal up to it share an index), the
/// un-moves of a class list a parent once for each move from it into the class, which this
/// counts by index: the contract of [`Numbering::predecessors`].
///
/// # Errors
///
/// The first [`UnmoveLie`].
pub fn unmoves<N: Numbering>(numbering: &N, checks: &Checks) -> Result<(), UnmoveLie> {
    let count = numbering.index_count();
    let mut random = Random(checks.seed);
    let sampled = count > checks.indices;
    for i in 0..count.min(checks.indices) {
        let index = if sampled {
            // Truncation is fine: a draw below the count.
            random.below(usize::try_from(count).unwrap_or(usize::MAX)) as u64
        } else {
            i
        };
        if let Some(position) = numbering.position_at(index) {
            let numbered = numbering.index(&position);
            if numbered != index {
                return Err(UnmoveLie::Numbering { index, numbered });
            }
            moves_listed_back(numbering, &position)?;
            unmoves_played_forward(numbering, &position)?;
        }
    }
    Ok(())
}

/// The indices `position` leads to, one a legal move (none once the game has ended there).
fn children_of<N: Numbering>(numbering: &N, position: &N::Game) -> Vec<u64> {
    if position.ending().is_some() {
        return Vec::new();
    }
    let moves = position.legal_moves();
    let children = moves.iter().map(|&mv| position.after(mv));
    children.map(|child| numbering.index(&child)).collect()
}

/// Each position `position` leads to lists it among its un-moves as often as moves lead there.
fn moves_listed_back<N: Numbering>(numbering: &N, position: &N::Game) -> Result<(), UnmoveLie> {
    let index = numbering.index(position);
    let children = children_of(numbering, position);
    for &to in &children {
        let unmoves = numbering.position_at(to).map_or(0, |child| {
            let mut back = Vec::new();
            numbering.predecessors(&child, &mut back);
            back.iter()
                .filter(|parent| numbering.index(parent) == index)
                .count()
        });
        let moves = children.iter().filter(|&&c| c == to).count();
        if unmoves != moves {
            return Err(UnmoveLie::Unmoves {
                from: index,
                to,
                moves,
                unmoves,
            });
        }
    }
    Ok(())
}

/// Each position among `position`'s un-moves leads to it as often as it is listed.
fn unmoves_played_forward<N: Numbering>(
    numbering: &N,
    position: &N::Game,
) -> Result<(), UnmoveLie> {
    let index = numbering.index(position);
    let mut parents = Vec::new();
    numbering.predecessors(position, &mut parents);
    // Un-moves may name positions where the game has ended: the solver skips them.
    parents.retain(|parent| parent.ending().is_none());
    let parents: Vec<u64> = parents
        .iter()
        .map(|parent| numbering.index(parent))
        .collect();
    for &from in &parents {
        let unmoves = parents.iter().filter(|&&p| p == from).count();
        let moves = numbering.position_at(from).map_or(0, |parent| {
            children_of(numbering, &parent)
                .iter()
                .filter(|&&to| to == index)
                .count()
        });
        if moves != unmoves {
            return Err(UnmoveLie::Unmoves {
                from,
                to: index,
                moves,
                unmoves,
            });
        }
    }
    Ok(())
}
