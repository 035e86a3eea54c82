//! The solver's root procedures: the exact value, a window on it, one best move, every optimal
//! move and a principal line, each a few searches of the root or of its moves.

use super::{Solution, SolveError, Solver};
use crate::game::{Knowledge, ScoringGame};
use crate::search::searcher::{EXACT_DEPTH, NullWindows, Scored};
use crate::search::{MoveBounds, Stage, UNBOUNDED as INFINITY};

impl<G: ScoringGame, K: Knowledge<G>> Solver<G, K> {
    /// Starts a search of `position`: refused for a game whose positions can repeat, where
    /// the table would give wrong values, unless the knowledge values every such position.
    fn begin(&mut self, position: &G) -> Result<(), SolveError> {
        if G::POSITIONS_REPEAT && !self.search.knowledge().covers_repetitions() {
            return Err(SolveError::PositionsRepeat);
        }
        self.search.begin_on(position);
        Ok(())
    }

    /// The value of a finished search, or why it has none: the budget ran out, or the game
    /// is too long to be proven.
    fn checked(&self, result: Scored) -> Result<i64, SolveError> {
        if let Some(key) = self.search.cycle() {
            Err(SolveError::Cycle {
                key: key.to_owned(),
            })
        } else if self.search.aborted() {
            Err(SolveError::BudgetExhausted {
                nodes: self.search.main_nodes(),
            })
        } else if result.proven {
            Ok(result.value)
        } else {
            Err(SolveError::TooLong)
        }
    }

    /// The exact value of `position` for the side to move.
    ///
    /// # Errors
    ///
    /// [`SolveError::BudgetExhausted`] when the budget runs out, [`SolveError::TooLong`] for a
    /// game longer than 65,534 plies, [`SolveError::PositionsRepeat`] for a game that says its
    /// positions can repeat ([`Game::POSITIONS_REPEAT`](crate::Game::POSITIONS_REPEAT)) with
    /// knowledge that does not cover them ([`Knowledge::covers_repetitions`]).
    pub fn value(&mut self, position: &G) -> Result<i64, SolveError> {
        self.begin(position)?;
        self.exact_value(position)
    }

    /// The value of `position` searched within the window (`alpha`, `beta`), fail-soft: a
    /// result at or below `alpha` is an upper bound of the value, one at or above `beta` a
    /// lower bound, one strictly between the exact value. A null window (`beta = alpha + 1`)
    /// answers "is the value above `alpha`?" at a fraction of an exact solve's cost: the
    /// building block of a solve split into independent jobs, each a window on one position.
    ///
    /// # Errors
    ///
    /// As [`value`](Solver::value).
    ///
    /// # Examples
    ///
    /// ```
    /// use gamesolver::games::prime::SmallPrimeGame;
    ///
    /// let game = SmallPrimeGame::new(20)?;
    /// let mut solver = gamesolver::games::prime::solver();
    /// // The value is 6: above 5, and not above 6.
    /// assert!(solver.value_within(&game, 5, 6)? >= 6);
    /// assert!(solver.value_within(&game, 6, 7)? <= 6);
    /// assert_eq!(solver.value_within(&game, -100, 100)?, 6);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn value_within(&mut self, position: &G, alpha: i64, beta: i64) -> Result<i64, SolveError> {
        self.begin(position)?;
        self.search.set_stage(Stage::Value);
        let (alpha, beta) = (
            alpha.clamp(-INFINITY, INFINITY),
            beta.clamp(-INFINITY, INFINITY),
        );
        if alpha >= beta {
            // An empty window proves nothing; an exact value answers it.
            return self.exact_value(position);
        }
        let result = self
            .search
            .value(&mut position.clone(), EXACT_DEPTH, alpha, beta);
        self.checked(result)
    }

    fn exact_value(&mut self, position: &G) -> Result<i64, SolveError> {
        self.search.set_stage(Stage::Value);
        let result = match self.null_windows(position) {
            Some((bounds, tests)) => self.search.narrowed(&mut position.clone(), bounds, tests),
            None => self
                .search
                .value(&mut position.clone(), EXACT_DEPTH, -INFINITY, INFINITY),
        };
        self.checked(result)
    }

    /// The bounds and the tests by which null windows find the value of `position`, if they
    /// do: halving the root's proven bounds when they are narrow enough to pay (see
    /// [`with_null_window_range`](Self::with_null_window_range)), else stepping from the first
    /// guess if there is one ([`with_first_guess`](Self::with_first_guess)); `None` for one
    /// open window.
    fn null_windows(&self, position: &G) -> Option<((i64, i64), NullWindows)> {
        // Neither way set: the knowledge is not asked for the root's bounds.
        if self.null_window_range.is_none() && self.first_guess.is_none() {
            return None;
        }
        let bounds = self.search.knowledge().facts(position).bounds;
        let bounds = bounds.map_or((-INFINITY, INFINITY), |bounds| {
            (*bounds.start(), *bounds.end())
        });
        let (lower, upper) = (bounds.0.max(-INFINITY), bounds.1.min(INFINITY));
        if self
            .null_window_range
            .is_some_and(|range| upper.saturating_sub(lower) <= range)
        {
            return Some(((lower, upper), NullWindows::Halving));
        }
        let guess = self.first_guess?;
        Some(((lower, upper), NullWindows::Stepping { guess }))
    }

    /// The exact value of `position` and one optimal move (`None` when the game is over):
    /// cheaper than [`solve`](Self::solve), which finds every optimal move and a line.
    ///
    /// # Errors
    ///
    /// As [`value`](Solver::value).
    ///
    /// # Examples
    ///
    /// ```
    /// use gamesolver::Solver;
    /// use gamesolver::games::prime::WidePrimeGame;
    ///
    /// let game = WidePrimeGame::new(30)?;
    /// assert_eq!(Solver::new().best_move(&game)?, Some((29, 15)));
    /// // The same, far faster, with PrimeGame's knowledge.
    /// assert_eq!(gamesolver::games::prime::solver().best_move(&game)?, Some((29, 15)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn best_move(&mut self, position: &G) -> Result<Option<(G::Move, i64)>, SolveError> {
        self.begin(position)?;
        self.search.set_stage(Stage::Value);
        if let Some((bounds, tests)) = self.null_windows(position) {
            // The value first, by null windows; then the root once with a window just around
            // it, which the table answers almost at once, for the move.
            let result = self.search.narrowed(&mut position.clone(), bounds, tests);
            let value = self.checked(result)?;
            let (result, best) =
                self.search
                    .root(&mut position.clone(), EXACT_DEPTH, value - 1, value + 1);
            self.checked(result)?;
            return Ok(best.map(|mv| (mv, value)));
        }
        let (result, best) =
            self.search
                .root(&mut position.clone(), EXACT_DEPTH, -INFINITY, INFINITY);
        let value = self.checked(result)?;
        Ok(best.map(|mv| (mv, value)))
    }

    /// The exact value of playing `mv`, searched within (`alpha`, `beta`): fail-soft, so a
    /// result at or below `alpha` is an upper bound and one at or above `beta` a lower bound.
    fn move_value(
        &mut self,
        position: &G,
        mv: G::Move,
        alpha: i64,
        beta: i64,
    ) -> Result<i64, SolveError> {
        let result = self
            .search
            .move_value(&mut position.clone(), mv, EXACT_DEPTH, alpha, beta);
        self.checked(result)
    }

    /// Whether the legal move `mv` reaches `target`, exactly.
    fn reaches(&mut self, position: &G, mv: G::Move, target: i64) -> Result<bool, SolveError> {
        Ok(self.move_value(position, mv, target - 1, target)? >= target)
    }

    /// The value and every optimal move, in one pass over the root moves: the first (best by
    /// the move order) with an open window, every other with a null window at the best so far
    /// (is it as good?) and, if it is, one just above (is it better? then its exact value).
    /// Each result is kept in a [`MoveBounds`], which says what they decide.
    fn value_and_optimal_moves(&mut self, position: &G) -> Result<(i64, Vec<G::Move>), SolveError> {
        let legal = position.legal_moves();
        if legal.is_empty() {
            return Ok((0, Vec::new()));
        }
        let moves = self.search.ordered_root_moves(position);
        let mut bounds = MoveBounds::new(legal);
        // Where null windows find the value, the value first: then one test a move.
        let known = match self.null_windows(position) {
            Some(_) => Some(self.exact_value(position)?),
            None => None,
        };
        if let Some(value) = known {
            bounds.at_most(value);
        }
        for (done, &mv) in moves.iter().enumerate() {
            self.search.set_stage(Stage::RootMoves {
                done,
                total: moves.len(),
            });
            let best = bounds.best_lower();
            let mut test = |window| self.record(&mut bounds, position, mv, window);
            match (known, best) {
                // The root's value is known: is the move worth it?
                (Some(value), _) => {
                    test((value - 1, value))?;
                }
                (None, None) => {
                    test((-INFINITY, INFINITY))?;
                }
                // Null windows: is it at least as good, and then is it better (its exact
                // value then, with alpha just below the lower bound)?
                (None, Some(best)) => {
                    if test((best - 1, best))? >= best {
                        let above = test((best, best + 1))?;
                        if above > best {
                            test((above - 1, INFINITY))?;
                        }
                    }
                }
            }
        }
        // Each move was searched until its place against the best was decided.
        match (bounds.value(), bounds.optimal_moves()) {
            (Some(value), Some(optimal)) => Ok((value, optimal)),
            _ => unreachable!("every root move is searched until its place is decided"),
        }
    }

    /// Searches `mv` within `window` and records its fail-soft value in `bounds`.
    fn record(
        &mut self,
        bounds: &mut MoveBounds<G::Move>,
        position: &G,
        mv: G::Move,
        (alpha, beta): (i64, i64),
    ) -> Result<i64, SolveError> {
        let value = self.move_value(position, mv, alpha, beta)?;
        bounds.record(mv, (alpha, beta), value);
        Ok(value)
    }

    /// One optimal move of `position` (worth `value`): the first that reaches it by largest
    /// margin, then the game's move order. Not the table's move: the line must not depend on
    /// what the table holds, which varies with the thread count.
    fn one_optimal_move(&mut self, position: &G, value: i64) -> Result<G::Move, SolveError> {
        let mut candidates = position.legal_moves();
        candidates.sort_by_key(|&mv| std::cmp::Reverse(position.margin(mv)));
        for mv in candidates {
            if self.reaches(position, mv, value)? {
                return Ok(mv);
            }
        }
        // The value of a position is reached by one of its moves, unless the knowledge lies.
        Err(SolveError::Inconsistent { value })
    }

    /// An optimal line from `position`, worth `value`, starting with `first`.
    fn principal_variation(
        &mut self,
        position: &G,
        value: i64,
        first: Option<G::Move>,
    ) -> Result<Vec<G::Move>, SolveError> {
        let mut line = Vec::new();
        let mut current = position.clone();
        let mut current_value = value;
        while let Some(mv) = match (line.is_empty(), first) {
            (true, first) => first,
            (false, _) if current.is_over() || self.hands_over(&current) => None,
            (false, _) => Some(self.one_optimal_move(&current, current_value)?),
        } {
            self.search.set_stage(Stage::Line(line.len()));
            // An optimal move's child is worth exactly the move's margin minus the value, or
            // the value minus the margin if the mover moves again.
            let (margin, keeps) = current.margin_and_turn(mv);
            current_value = if keeps {
                current_value - margin
            } else {
                margin - current_value
            };
            current.play_unchecked(mv);
            line.push(mv);
        }
        Ok(line)
    }

    /// Whether a principal line stops at `position`: in a game whose positions repeat, where
    /// the knowledge values it (its line could go round a cycle for ever).
    fn hands_over(&self, position: &G) -> bool {
        G::POSITIONS_REPEAT && self.search.knowledge().exact_value(position).is_some()
    }

    /// Solves `position`: its value, all optimal moves and a principal variation.
    ///
    /// # Errors
    ///
    /// As [`value`](Solver::value).
    pub fn solve(&mut self, position: &G) -> Result<Solution<G::Move>, SolveError> {
        self.begin(position)?;
        let start_nodes = self.nodes();
        let (value, best_moves) = self.value_and_optimal_moves(position)?;
        // The line asks many small questions of a table that holds most answers: the helpers
        // would cost more to wake than they save.
        self.search.set_helpers_idle(true);
        let line = self.principal_variation(position, value, best_moves.first().copied());
        self.search.set_helpers_idle(false);
        let principal_variation = line?;
        Ok(Solution {
            value,
            best_moves,
            principal_variation,
            nodes: self.nodes() - start_nodes,
        })
    }
}
