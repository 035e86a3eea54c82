//! The analysis of a subtraction game: outcome, Grundy values, winning moves and a perfect move.

use crate::game::{CheckedPlay, PlayConvention};
use crate::games::heaps::HeapMove;
use crate::games::subtraction::{SubtractionError, SubtractionGame};
use crate::grundy::misere::MisereQuotient;
use crate::grundy::winning_moves;
use crate::grundy::{GrundyValues, ImpartialError, ImpartialSolver, Outcome, grundy_sum};

/// Values searched for the Grundy period of a general subtraction set.
const PERIOD_LIMIT: u64 = 1 << 20;

/// Who wins a subtraction position, and how.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Analysis {
    /// Who wins under the game's convention.
    pub outcome: Outcome,
    /// Every winning move, ascending by heap then count; empty for a P-position.
    pub winning_moves: Vec<HeapMove>,
    /// The normal-play Grundy value of each heap (for the preset: its size mod k + 1).
    pub heap_values: Vec<u32>,
}

/// Outcome of the preset S = {1, ..., k} in closed form.
///
/// Each heap counts as its residue r = h mod (k + 1), its normal-play Grundy value.
/// - Normal play: P iff the XOR of the residues is 0.
/// - Misère play: as normal play while some residue is 2 or more; when every residue is 0 or
///   1, P iff the XOR (the parity of the residues equal to 1) is 1. With one heap: P iff
///   h mod (k + 1) = 1.
///
/// The misère rule is the one of misère Nim with residues in place of heap sizes; the tests
/// check it against memoized search on every position of up to four heaps of size up to 20
/// for each k in 2..=5, and on random larger ones.
///
/// # Examples
///
/// ```
/// use gamesolver::games::subtraction::preset_outcome;
/// use gamesolver::{grundy::Outcome, PlayConvention};
///
/// assert_eq!(preset_outcome(3, &[1, 3, 5, 7], PlayConvention::Normal), Outcome::P);
/// assert_eq!(preset_outcome(3, &[5], PlayConvention::Misere), Outcome::P);
/// ```
#[must_use]
pub fn preset_outcome(k: u32, heaps: &[u64], convention: PlayConvention) -> Outcome {
    let modulus = u64::from(k) + 1;
    // Residues are at most k <= u32::MAX.
    let residues = heaps.iter().map(|&h| (h % modulus) as u32);
    let xor = grundy_sum(residues.clone());
    let all_small = residues.clone().all(|r| r <= 1);
    let mover_loses = match convention {
        PlayConvention::Normal => xor == 0,
        PlayConvention::Misere if all_small => xor == 1,
        PlayConvention::Misere => xor == 0,
    };
    if mover_loses { Outcome::P } else { Outcome::N }
}

/// Analyzes a subtraction position: its outcome under its convention and every winning move.
///
/// The preset {1, ..., k} uses the closed form of [`preset_outcome`]; any other set uses the
/// Grundy table with its period under normal play, and under misère play the
/// [`MisereQuotient`] of the heaps up to the largest (memoized search when the quotient passes
/// its limits).
///
/// # Errors
///
/// [`SubtractionError::NoPeriod`] if a general set's Grundy sequence shows no period within
/// 2^20 values; [`SubtractionError::SearchTooLarge`] if a misère search over a general set
/// fills its memo.
///
/// # Examples
///
/// ```
/// use gamesolver::games::subtraction::{analyze, SubtractionGame};
/// use gamesolver::grundy::Outcome;
///
/// let analysis = analyze(&SubtractionGame::default())?;
/// assert_eq!(analysis.outcome, Outcome::P);
/// assert!(analysis.winning_moves.is_empty());
/// # Ok::<(), gamesolver::games::subtraction::SubtractionError>(())
/// ```
pub fn analyze(game: &SubtractionGame) -> Result<Analysis, SubtractionError> {
    let heaps = game.heaps();
    if let Some(k) = game.set().cap() {
        let outcome_of = |g: &SubtractionGame| preset_outcome(k, g.heaps(), g.convention());
        let modulus = u64::from(k) + 1;
        return Ok(Analysis {
            outcome: outcome_of(game),
            winning_moves: moves_to_p(game, outcome_of),
            heap_values: heaps.iter().map(|&h| (h % modulus) as u32).collect(),
        });
    }
    let table = GrundyValues::periodic(game.set(), PERIOD_LIMIT).map_err(|_| {
        SubtractionError::NoPeriod {
            limit: PERIOD_LIMIT,
        }
    })?;
    let heap_values: Vec<u32> = heaps
        .iter()
        .map(|&h| table.get(h).expect("a periodic table answers every size"))
        .collect();
    let (outcome, winning_moves) = match game.convention() {
        PlayConvention::Normal => {
            let outcome_of = |g: &SubtractionGame| {
                let sum = grundy_sum(g.heaps().iter().map(|&h| table.get(h).unwrap_or(0)));
                if sum == 0 { Outcome::P } else { Outcome::N }
            };
            (outcome_of(game), moves_to_p(game, outcome_of))
        }
        PlayConvention::Misere => misere_outcome_and_moves(game)?,
    };
    Ok(Analysis {
        outcome,
        winning_moves,
        heap_values,
    })
}

/// The misère outcome and winning moves: the misère quotient of the heaps up to the largest
/// answers in a few products; the memoized search stands in where the quotient passes its
/// limits.
fn misere_outcome_and_moves(
    game: &SubtractionGame,
) -> Result<(Outcome, Vec<HeapMove>), SubtractionError> {
    let largest = game.heaps().iter().copied().max().unwrap_or(0);
    if let Ok(quotient) = MisereQuotient::compute(game.set(), largest)
        && let (Ok(outcome), Ok(winning_moves)) = (
            game.misere_outcome_with(&quotient),
            game.misere_winning_moves_with(&quotient),
        )
    {
        return Ok((outcome, winning_moves));
    }
    let mut solver = ImpartialSolver::new(PlayConvention::Misere);
    let full = |error: ImpartialError| match error {
        ImpartialError::MemoFull { limit } => SubtractionError::SearchTooLarge { limit },
        cause => SubtractionError::SearchOutOfReach { cause },
    };
    Ok((
        solver.outcome(game).map_err(full)?,
        solver.winning_moves(game).map_err(full)?,
    ))
}

/// The legal moves whose child `outcome_of` calls a P-position.
fn moves_to_p(
    game: &SubtractionGame,
    outcome_of: impl Fn(&SubtractionGame) -> Outcome,
) -> Vec<HeapMove> {
    let found: Result<_, std::convert::Infallible> =
        winning_moves(game, |child| Ok(outcome_of(child)));
    found.unwrap_or_else(|never| match never {})
}

/// The move of the perfect strategy: a winning move when there is one (the first in move
/// order), else the smallest take from the largest heap, which keeps the game long and gives
/// a fallible opponent the most chances to err. `None` when the game is over.
///
/// # Errors
///
/// As [`analyze`].
///
/// # Examples
///
/// ```
/// use gamesolver::games::subtraction::{perfect_move, SubtractionGame};
/// use gamesolver::PlayConvention;
///
/// let game = SubtractionGame::preset(3, [6], PlayConvention::Misere)?;
/// assert_eq!(perfect_move(&game)?, Some(game.take(0, 1))); // leaves 5 = 4 + 1
/// # Ok::<(), gamesolver::games::subtraction::SubtractionError>(())
/// ```
pub fn perfect_move(game: &SubtractionGame) -> Result<Option<HeapMove>, SubtractionError> {
    let analysis = analyze(game)?;
    if let Some(&winning) = analysis.winning_moves.first() {
        return Ok(Some(winning));
    }
    let largest = (0..game.heaps().len()).max_by_key(|&heap| game.heaps()[heap]);
    let smallest_take = u64::from(game.set().moves()[0]);
    Ok(largest
        .map(|heap| game.take(heap, smallest_take))
        .filter(|&take| game.check_move(take).is_ok()))
}
