//! `Heaps`, a sum of heaps of any `HeapGame`, and `HeapMove`, one move on one heap.

use crate::game::{CheckedPlay, Game, ImpartialGame, PlayConvention, hash_words};
use crate::game::{HeapGame, HeapOption};
use crate::games::heaps::HeapsError;
use crate::grundy::misere::{MisereQuotient, QuotientError};
use crate::grundy::{GrundyValues, Outcome};
use std::fmt;
use std::sync::Arc;

/// The largest heap a [`Heaps`] position takes by default ([`HeapGame::max_heap`]): 2^16
/// tokens.
pub const MAX_HEAP: u64 = 1 << 16;

/// A move: on heap `heap` (counted from 0), one of the rules' options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HeapMove {
    /// The heap, counted from 0.
    pub heap: usize,
    /// Tokens taken.
    pub take: u64,
    /// The heaps left in its place, 0 for none (larger first, as the position plays them).
    pub remain: [u64; 2],
}

impl fmt::Display for HeapMove {
    /// `heap 2: take 1, leave 3 + 4`, the heap counted from 1 as a person counts.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "heap {}: take {}, leave ", self.heap + 1, self.take)?;
        match self.remain {
            [0, 0] => f.write_str("nothing"),
            [a, 0] | [0, a] => write!(f, "{a}"),
            [a, b] => write!(f, "{a} + {b}"),
        }
    }
}

/// A sum of heaps under the rules of one [`HeapGame`], and the convention that decides who
/// wins at the end: the impartial game of an octal code, a subtraction set
/// ([`SubtractionGame`](crate::games::subtraction::SubtractionGame) is this type) or a user's
/// own heap game, played on many heaps at once. Normal play unless
/// [`with_convention`](Self::with_convention) says otherwise; every solver honours it
/// ([`ImpartialGame::convention`]).
///
/// Its key is the sorted list of non-empty heaps, so positions that differ only in heap order
/// share one memo entry, and it splits into its heaps as components, so the
/// [`ImpartialSolver`](crate::grundy::ImpartialSolver) values each heap size once under normal
/// play.
///
/// # Examples
///
/// ```
/// use gamesolver::games::heaps::{HeapMove, Heaps};
/// use gamesolver::grundy::{ImpartialSolver, Outcome};
/// use gamesolver::{CheckedPlay, Game, PlayConvention};
/// use gamesolver::games::octal::OctalGame;
///
/// // Kayles on rows of 4 and 2 pins: g(4) ^ g(2) = 1 ^ 2, a win for the player to move.
/// let mut kayles = Heaps::new(OctalGame::kayles(), [4, 2], PlayConvention::Normal)?;
/// let mut solver = ImpartialSolver::for_game(&kayles); // normal play
/// assert_eq!(solver.outcome(&kayles)?, Outcome::N);
/// let winning: Vec<String> = solver.winning_moves(&kayles)?.iter().map(|m| m.to_string()).collect();
/// assert_eq!(winning, ["heap 1: take 2, leave 2", "heap 2: take 1, leave 1"]);
/// kayles.play(HeapMove { heap: 0, take: 2, remain: [2, 0] }).unwrap();
/// assert_eq!(kayles.heaps(), [2, 2]);
/// assert_eq!(solver.outcome(&kayles)?, Outcome::P);
/// // A move the rules do not have is rejected, and nothing changes.
/// assert!(kayles.play(HeapMove { heap: 0, take: 3, remain: [0, 0] }).is_err());
/// assert_eq!(kayles.heaps(), [2, 2]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Heaps<H: HeapGame> {
    rules: Arc<H>,
    heaps: Vec<u64>,
    convention: PlayConvention,
}

impl<H: HeapGame> Clone for Heaps<H> {
    fn clone(&self) -> Self {
        Self {
            rules: Arc::clone(&self.rules),
            heaps: self.heaps.clone(),
            convention: self.convention,
        }
    }
}

impl<H: HeapGame> Heaps<H> {
    /// The heaps `heaps` under `rules`, played by `convention` (no convention is assumed: the
    /// same rules are another game under the other one). Any list of heaps up to the rules'
    /// [`max_heap`](HeapGame::max_heap) ([`MAX_HEAP`] by default) is a position: an empty
    /// one, or one of empty heaps, is a finished game.
    ///
    /// # Errors
    ///
    /// [`HeapsError::HeapTooLarge`] for a heap past the limit: a heap that splits has about
    /// as many moves as tokens, and a position must list its moves. (A
    /// [`GrundyValues`] with a period gives the value of a heap of any size.)
    pub fn new(
        rules: H,
        heaps: impl IntoIterator<Item = u64>,
        convention: PlayConvention,
    ) -> Result<Self, HeapsError> {
        Self::with_rules(Arc::new(rules), heaps, convention)
    }

    /// As [`new`](Self::new), sharing rules already behind an `Arc`.
    ///
    /// # Errors
    ///
    /// As [`new`](Self::new).
    pub fn with_rules(
        rules: Arc<H>,
        heaps: impl IntoIterator<Item = u64>,
        convention: PlayConvention,
    ) -> Result<Self, HeapsError> {
        let heaps: Vec<u64> = heaps.into_iter().collect();
        let limit = rules.max_heap();
        if let Some(&size) = heaps.iter().find(|&&h| h > limit) {
            return Err(HeapsError::HeapTooLarge { size, limit });
        }
        Ok(Self {
            rules,
            heaps,
            convention,
        })
    }

    /// The same position under `convention`.
    #[must_use]
    pub fn with_convention(mut self, convention: PlayConvention) -> Self {
        self.convention = convention;
        self
    }

    /// Who wins when no move is left: the player who cannot move loses under normal play,
    /// wins under misère play.
    #[must_use]
    pub fn convention(&self) -> PlayConvention {
        self.convention
    }

    /// The heap sizes, in play order: a move's first remaining heap takes the moved heap's
    /// place, a second one follows it.
    #[must_use]
    pub fn heaps(&self) -> &[u64] {
        &self.heaps
    }

    /// The rules.
    #[must_use]
    pub fn rules(&self) -> &H {
        &self.rules
    }

    /// The normal-play Grundy value of the whole position from a table of its rules' values:
    /// the XOR of its heaps' values. `None` if a heap lies past a table with no period.
    ///
    /// # Examples
    ///
    /// ```
    /// use gamesolver::games::heaps::Heaps;
    /// use gamesolver::{GrundyValues, PlayConvention};
    /// use gamesolver::games::octal::OctalGame;
    ///
    /// let kayles = OctalGame::kayles();
    /// let table = GrundyValues::periodic(&kayles, 1000)?;
    /// let position = Heaps::new(kayles, [4, 2, 50_000], PlayConvention::Normal)?;
    /// assert_eq!(position.grundy_value(&table), Some(1 ^ 2 ^ table.get(50_000).unwrap()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn grundy_value(&self, table: &GrundyValues) -> Option<u32> {
        self.heaps
            .iter()
            .try_fold(0, |sum, &h| table.get(h).map(|value| sum ^ value))
    }

    /// Every move to a position of Grundy value 0 (the winning moves under normal play), in
    /// move order, from a table of the rules' values; empty when the position's value is 0.
    /// `None` if a heap lies past a table with no period.
    #[must_use]
    pub fn winning_moves_with(&self, table: &GrundyValues) -> Option<Vec<HeapMove>> {
        let total = self.grundy_value(table)?;
        let mut winning = Vec::new();
        if total == 0 {
            return Some(winning);
        }
        for (heap, &size) in self.heaps.iter().enumerate() {
            let wanted = total ^ table.get(size)?;
            // A move's heaps are smaller than the heap, so within the same table.
            for option in self.options_of(size) {
                let [a, b] = option.remain;
                if table.get(a)? ^ table.get(b)? == wanted {
                    winning.push(HeapMove::on(heap, option));
                }
            }
        }
        Some(winning)
    }

    /// The misère outcome of the whole position from a [`MisereQuotient`] of its rules: the
    /// product of its heaps' elements, looked up in the P-portion. It answers for misère play
    /// whatever the position's own convention (a quotient is a misère notion).
    ///
    /// # Errors
    ///
    /// [`QuotientError::PastBound`] for a heap past the quotient's bound.
    ///
    /// # Examples
    ///
    /// ```
    /// use gamesolver::games::heaps::Heaps;
    /// use gamesolver::grundy::misere::MisereQuotient;
    /// use gamesolver::{Outcome, PlayConvention};
    /// use gamesolver::games::octal::OctalGame;
    ///
    /// let kayles = OctalGame::kayles();
    /// let quotient = MisereQuotient::compute(&kayles, 40)?;
    /// let rows: Vec<u64> = (1..=40).collect();
    /// let position = Heaps::new(kayles, rows, PlayConvention::Misere)?;
    /// let outcome = position.misere_outcome_with(&quotient)?;
    /// let winning = position.misere_winning_moves_with(&quotient)?;
    /// assert_eq!(winning.is_empty(), outcome == Outcome::P);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn misere_outcome_with(&self, quotient: &MisereQuotient) -> Result<Outcome, QuotientError> {
        quotient.outcome(&self.heaps)
    }

    /// Every winning move under misère play, in move order, from a [`MisereQuotient`] of the
    /// position's rules; empty for a P-position.
    ///
    /// # Errors
    ///
    /// [`QuotientError::PastBound`] for a heap past the quotient's bound.
    pub fn misere_winning_moves_with(
        &self,
        quotient: &MisereQuotient,
    ) -> Result<Vec<HeapMove>, QuotientError> {
        Ok(quotient
            .winning_options(self.rules.as_ref(), &self.heaps)?
            .into_iter()
            .map(|(heap, option)| HeapMove::on(heap, option))
            .collect())
    }

    fn options_of(&self, size: u64) -> Vec<HeapOption> {
        let mut options = Vec::new();
        self.rules.options(size, &mut options);
        options
    }
}

/// The remaining heaps, larger first, so that a single heap is always the first.
fn ordered([a, b]: [u64; 2]) -> [u64; 2] {
    [a.max(b), a.min(b)]
}

impl HeapMove {
    /// The move that plays `option` on heap `heap`.
    fn on(heap: usize, option: HeapOption) -> Self {
        Self {
            heap,
            take: option.take,
            remain: ordered(option.remain),
        }
    }
}

impl<H: HeapGame> Game for Heaps<H> {
    type Move = HeapMove;
    /// The non-empty heaps, sorted.
    type Key = Box<[u64]>;
    const NAME: &'static str = "heaps";

    fn generate_moves(&self, out: &mut Vec<HeapMove>) {
        let mut options = Vec::new();
        for (heap, &size) in self.heaps.iter().enumerate() {
            options.clear();
            self.rules.options(size, &mut options);
            out.extend(options.iter().map(|&option| HeapMove::on(heap, option)));
        }
    }

    /// The rules' own check, cheaper than listing the moves (and the same).
    #[inline]
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.check_move(mv).is_ok()
    }

    fn play_unchecked(&mut self, mv: HeapMove) {
        let [first, second] = ordered(mv.remain);
        self.heaps[mv.heap] = first;
        if second > 0 {
            self.heaps.insert(mv.heap + 1, second);
        }
    }

    fn key(&self) -> Box<[u64]> {
        let mut heaps: Vec<u64> = self.heaps.iter().copied().filter(|&h| h > 0).collect();
        heaps.sort_unstable();
        heaps.into_boxed_slice()
    }

    /// The play convention and the options of the heaps up to 64 tokens (or the largest the
    /// game takes), hashed: the key holds only the heaps.
    fn rules_id(&self) -> u64 {
        let mut words = vec![u64::from(self.convention == PlayConvention::Misere)];
        let mut options = Vec::new();
        for heap in 0..=self.rules.max_heap().min(64) {
            options.clear();
            self.rules.options(heap, &mut options);
            words.extend([heap, u64::MAX]);
            words.extend(
                options
                    .iter()
                    .flat_map(|o| [o.take, o.remain[0], o.remain[1]]),
            );
        }
        hash_words(words)
    }
}

impl<H: HeapGame> CheckedPlay for Heaps<H> {
    type Error = HeapsError;
    fn check_move(&self, mv: HeapMove) -> Result<(), HeapsError> {
        let size = *self.heaps.get(mv.heap).ok_or(HeapsError::NoSuchHeap {
            heap: mv.heap,
            heaps: self.heaps.len(),
        })?;
        let wanted = (mv.take, ordered(mv.remain));
        if self
            .options_of(size)
            .iter()
            .any(|option| (option.take, ordered(option.remain)) == wanted)
        {
            Ok(())
        } else {
            Err(HeapsError::NotAnOption {
                size,
                take: mv.take,
                remain: mv.remain,
            })
        }
    }
}

impl<H: HeapGame> ImpartialGame for Heaps<H> {
    fn convention(&self) -> Option<PlayConvention> {
        Some(self.convention)
    }

    /// The options of every heap, counted heap by heap ([`HeapGame::option_count`]).
    fn move_count(&self) -> Option<u64> {
        Some(
            (self.heaps.iter())
                .map(|&h| self.rules.option_count(h))
                .fold(0, u64::saturating_add),
        )
    }

    /// One component a non-empty heap, when there are two or more.
    fn components(&self, out: &mut Vec<Self>) -> bool {
        let heaps = self.heaps.iter().filter(|&&h| h > 0);
        if heaps.clone().nth(1).is_none() {
            return false;
        }
        out.extend(heaps.map(|&h| Self {
            rules: Arc::clone(&self.rules),
            heaps: vec![h],
            convention: self.convention,
        }));
        true
    }
}

impl<H: HeapGame + fmt::Display> fmt::Display for Heaps<H> {
    /// `heaps 3 4 5, 0.77, normal`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("heaps")?;
        for h in &self.heaps {
            write!(f, " {h}")?;
        }
        write!(f, ", {}, {}", self.rules, self.convention)
    }
}
