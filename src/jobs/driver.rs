//! `ClaimSolve`: the rounds of a solve split into claims, planned from what earlier rounds
//! proved, and each job run by the exact solver.

use super::claim::Window;
use super::claim::{Claim, Interval};
use super::job::Job;
use super::plan::Graph;
use crate::game::{Knowledge, NoKnowledge, ScoringGame, TableKey};
use crate::search::{Budget, SolveError, Solver};
use std::collections::{HashMap, HashSet};
use std::io::Cursor;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// What a round of planning gives: the value, or the jobs that are to run next.
#[derive(Debug, Clone)]
pub enum Next<G> {
    /// The root's value is proven.
    Value(i64),
    /// The open claims, the largest first.
    Jobs(Vec<Job<G>>),
}

/// How one job went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JobReport {
    /// The job's window.
    pub window: Window,
    /// The fail-soft value of its null-window search, or `None` if it ran out of time (it
    /// is then split into its moves' claims).
    pub result: Option<i64>,
    /// Nodes searched.
    pub nodes: u64,
    /// Time from the start of the job to its end, the making of its solver included.
    pub elapsed: Duration,
}

/// The most positions a proof graph expands unless told ([`ClaimSolve::with_max_expanded`]).
pub const DEFAULT_MAX_EXPANDED: usize = 1 << 20;

/// Makes the solver of each job.
pub type MakeSolver<G, K> = Box<dyn Fn() -> Solver<G, K> + Send + Sync>;

/// A solve split into claims: see the [module](super) for the method.
pub struct ClaimSolve<G: ScoringGame, K = NoKnowledge> {
    root: G,
    knowledge: K,
    make_solver: MakeSolver<G, K>,
    guess: i64,
    jobs_per_round: usize,
    job_time: Option<Duration>,
    max_expanded: usize,
    proven: HashMap<G::Key, Interval>,
    expanded: HashSet<G::Key>,
    // The expanded positions themselves, in the order expanded: the state a merge writes.
    expanded_positions: Vec<G>,
    // Shared proofs: the minimum work of a saved result, the results of the rounds done, and
    // those of the round under way.
    share_work: Option<u8>,
    shared: Option<Vec<u8>>,
    fresh: Mutex<Vec<Vec<u8>>>,
}

impl<G: ScoringGame, K> std::fmt::Debug for ClaimSolve<G, K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClaimSolve")
            .field("guess", &self.guess)
            .field("jobs_per_round", &self.jobs_per_round)
            .field("job_time", &self.job_time)
            .field("proven", &self.proven.len())
            .field("expanded", &self.expanded.len())
            .finish_non_exhaustive()
    }
}

impl<G: ScoringGame, K: Knowledge<G> + 'static> ClaimSolve<G, K> {
    /// A split solve of `root`, planned with `knowledge`, its jobs run by solvers with it and
    /// the default settings ([`with_solver`](Self::with_solver) to tune them): a first guess
    /// of 0, 64 jobs a round, no time limit on a job.
    pub fn new(root: G, knowledge: K) -> Self {
        let of_jobs = knowledge.clone();
        Self {
            root,
            knowledge,
            make_solver: Box::new(move || Solver::new().with_knowledge(of_jobs.clone())),
            guess: 0,
            jobs_per_round: 64,
            job_time: None,
            max_expanded: DEFAULT_MAX_EXPANDED,
            proven: HashMap::new(),
            expanded: HashSet::new(),
            expanded_positions: Vec::new(),
            share_work: None,
            shared: None,
            fresh: Mutex::new(Vec::new()),
        }
    }

    /// Runs each job by a solver `make_solver` makes (its table, its settings, tuned for the
    /// game); its knowledge should be the planning's.
    #[must_use]
    pub fn with_solver(
        mut self,
        make_solver: impl Fn() -> Solver<G, K> + Send + Sync + 'static,
    ) -> Self {
        self.make_solver = Box::new(make_solver);
        self
    }

    /// Bounds the proof graph to `positions` expanded positions (each a copy of the
    /// position and its key; [`DEFAULT_MAX_EXPANDED`] by default). Once it is full, planning
    /// expands nothing more and jobs run with no time limit (a stopped job could not be split).
    /// The intervals proven take one entry a job's position beside it.
    #[must_use]
    pub fn with_max_expanded(mut self, positions: usize) -> Self {
        self.max_expanded = positions;
        self
    }

    /// The most positions the proof graph expands.
    #[must_use]
    pub fn max_expanded(&self) -> usize {
        self.max_expanded
    }

    /// Shares proofs between rounds: each job saves the proven results of its searches of at
    /// least 2^`min_work` nodes ([`Solver::save_results`]), and each job of a later round
    /// loads those of every round before its own first (the time it takes counts in its
    /// [`elapsed`](JobReport::elapsed)). Only help: the results are the same without. Needs
    /// keys that give words ([`TableKey::words`](crate::TableKey::words)); without them
    /// nothing is shared.
    #[must_use]
    pub fn with_shared_proofs(mut self, min_work: u8) -> Self {
        self.share_work = Some(min_work);
        self
    }

    /// Guesses the value first (the previous board's, a short probe's): a right guess
    /// proves the value in one pass, a wrong one costs a round, never a wrong value.
    #[must_use]
    pub fn with_guess(mut self, guess: i64) -> Self {
        self.guess = guess;
        self
    }

    /// Expands the proof graph until a round has at least `jobs` open claims (10 to 20 a
    /// worker keep every worker busy), where the game allows.
    #[must_use]
    pub fn with_jobs_per_round(mut self, jobs: usize) -> Self {
        self.jobs_per_round = jobs.max(1);
        self
    }

    /// Stops a job after `time`; its position is then expanded, and its moves' claims are
    /// jobs of the next round (a piece that runs too long is split, not waited for).
    #[must_use]
    pub fn with_job_time(mut self, time: Duration) -> Self {
        self.job_time = Some(time);
        self
    }

    /// The current guess of the value.
    pub fn guess(&self) -> i64 {
        self.guess
    }

    /// What is proven of the root so far.
    pub fn root_interval(&self) -> Interval {
        let mut graph = Graph::new(&self.knowledge, &self.proven, &self.expanded);
        graph.interval(&self.root)
    }

    /// Plans the next round from what is proven: the value if it is known, else the open
    /// claims of the guess (moved when a result refutes it: see `next_guess`), the
    /// graph expanded, largest leaf first, until there are enough of them.
    pub fn plan(&mut self) -> Next<G> {
        self.share_round();
        loop {
            // Each expansion can prove more of the root (the knowledge's bounds below it).
            let interval = self.root_interval();
            if interval.is_exact() {
                return Next::Value(interval.lower);
            }
            self.guess = next_guess(self.guess, interval);
            let jobs = self.open_claims();
            let growable: Vec<&Job<G>> = jobs.iter().filter(|job| job.size > 0).collect();
            let full = self.expanded.len() >= self.max_expanded;
            if jobs.len() >= self.jobs_per_round || growable.is_empty() || full {
                return Next::Jobs(jobs);
            }
            // The largest eighth at once: a pass costs the whole graph.
            let room = self.max_expanded - self.expanded.len();
            let take = growable.len().div_ceil(8).min(room);
            let positions: Vec<G> = growable[..take]
                .iter()
                .map(|job| job.position.clone())
                .collect();
            for position in positions {
                self.expand(position);
            }
        }
    }

    /// The round before is done: its jobs' proofs join those shared, merged in one table of
    /// a job's size (its replacement rule keeps the most work), so that a job loads one file.
    fn share_round(&mut self) {
        let fresh = std::mem::take(self.fresh.get_mut().unwrap_or_else(PoisonError::into_inner));
        let Some(min_work) = self.share_work.filter(|_| !fresh.is_empty()) else {
            return;
        };
        let mut merged = (self.make_solver)();
        for proofs in self.shared.iter().chain(&fresh) {
            let _ = merged.load_results(&self.root, Cursor::new(&proofs[..]));
        }
        let mut proofs = Vec::new();
        if merged
            .save_results(&self.root, &mut proofs, min_work)
            .is_ok()
        {
            self.shared = Some(proofs);
        }
    }

    fn open_claims(&self) -> Vec<Job<G>> {
        let mut graph = Graph::new(&self.knowledge, &self.proven, &self.expanded);
        let mut jobs = HashMap::new();
        for claim in [Claim::at_least(self.guess), Claim::at_most(self.guess)] {
            graph.open_claims(&self.root, claim, &mut jobs);
        }
        let mut jobs: Vec<Job<G>> = jobs.into_values().collect();
        jobs.sort_by_key(|job| {
            (
                std::cmp::Reverse(job.size),
                job.position.key().hash64(),
                job.window,
            )
        });
        jobs
    }

    /// Runs `job` by a solver of its own (as a process of a scheduler would), within the job
    /// time.
    ///
    /// # Errors
    ///
    /// A [`SolveError`] other than the time running out.
    pub fn run(&self, job: &Job<G>) -> Result<JobReport, SolveError> {
        let start = Instant::now();
        let mut solver = (self.make_solver)();
        if let Some(proofs) = &self.shared {
            // Only help: proofs that do not load are left out.
            let _ = solver.load_results(&job.position, Cursor::new(&proofs[..]));
        }
        if let Some(time) = self.job_time_left() {
            solver.set_budget(Budget::default().with_time(time));
        }
        let Window { alpha, beta } = job.window;
        let result = match solver.value_within(&job.position, alpha, beta) {
            Ok(value) => Some(value),
            Err(SolveError::BudgetExhausted { .. }) => None,
            Err(e) => return Err(e),
        };
        if let Some(min_work) = self.share_work {
            let mut proofs = Vec::new();
            if solver
                .save_results(&job.position, &mut proofs, min_work)
                .is_ok_and(|count| count > 0)
            {
                let mut fresh = self.fresh.lock().unwrap_or_else(PoisonError::into_inner);
                fresh.push(proofs);
            }
        }
        Ok(JobReport {
            window: job.window,
            result,
            nodes: solver.nodes(),
            elapsed: start.elapsed(),
        })
    }

    /// Takes in what a job found: the interval its result proves, or, if it ran out of
    /// time, its position to be expanded.
    pub fn record(&mut self, job: &Job<G>, report: &JobReport) {
        self.record_result(&job.position, job.window, report.result);
    }

    pub(crate) fn record_result(&mut self, position: &G, window: Window, result: Option<i64>) {
        match result {
            Some(value) => {
                let proven = Interval::from_result(window, value);
                let known = self.proven.entry(position.key()).or_default();
                *known = known.meet(proven);
            }
            None => self.expand(position.clone()),
        }
    }

    /// Makes `position` an inner node of the proof graph.
    pub(crate) fn expand(&mut self, position: G) {
        if self.expanded.len() < self.max_expanded && self.expanded.insert(position.key()) {
            self.expanded_positions.push(position);
        }
    }

    /// The root, and the inner nodes of the proof graph in the order expanded.
    pub(crate) fn graph_state(&self) -> (&G, &[G]) {
        (&self.root, &self.expanded_positions)
    }

    pub(crate) fn set_guess(&mut self, guess: i64) {
        self.guess = guess;
    }

    /// A solver for one job, as [`with_solver`](Self::with_solver) makes it.
    pub(crate) fn make_solver(&self) -> Solver<G, K> {
        (self.make_solver)()
    }

    /// The least work of a shared proof, if proofs are shared.
    pub(crate) fn shared_work(&self) -> Option<u8> {
        self.share_work
    }

    /// The job time, while the graph has room to split a job that runs out of it.
    pub(crate) fn job_time_left(&self) -> Option<Duration> {
        self.job_time
            .filter(|_| self.expanded.len() < self.max_expanded)
    }

    /// Solves in this process, round after round, each job in turn: the value, and every
    /// round's reports (what a scheduler's workers would have run).
    ///
    /// # Errors
    ///
    /// As [`run`](Self::run).
    pub fn solve(&mut self) -> Result<(i64, Vec<Vec<JobReport>>), SolveError> {
        let mut rounds = Vec::new();
        loop {
            match self.plan() {
                Next::Value(value) => return Ok((value, rounds)),
                Next::Jobs(jobs) => {
                    let mut reports = Vec::with_capacity(jobs.len());
                    for job in &jobs {
                        let report = self.run(job)?;
                        self.record(job, &report);
                        reports.push(report);
                    }
                    rounds.push(reports);
                }
            }
        }
    }
}

/// The guess after what is proven of the root: kept while it is inside; refuted, the nearer
/// side of what is left (the fail-soft bound that refuted it, as MTD(f) steps), or its middle
/// once both sides are within [`BISECT_WIDTH`] (a search by halves).
fn next_guess(guess: i64, root: Interval) -> i64 {
    let kept = guess.clamp(root.lower, root.upper);
    if kept == guess || root.upper.saturating_sub(root.lower) > BISECT_WIDTH {
        kept
    } else {
        root.lower + (root.upper - root.lower) / 2
    }
}

/// The widest interval of the root whose middle is guessed: a wider one is mostly the
/// knowledge's loose bounds, far from the value.
const BISECT_WIDTH: i64 = 16;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::UNBOUNDED as UNKNOWN;

    #[test]
    fn a_refuted_guess_moves_to_the_bound_that_refuted_it_or_to_the_middle_of_a_narrow_interval() {
        let between = |lower, upper| Interval { lower, upper };
        assert_eq!(next_guess(5, between(0, 9)), 5);
        assert_eq!(next_guess(5, between(7, 11)), 9);
        assert_eq!(next_guess(5, between(-3, 2)), -1);
        assert_eq!(next_guess(5, between(7, 40)), 7);
        assert_eq!(next_guess(5, between(7, UNKNOWN)), 7);
        assert_eq!(next_guess(5, between(-UNKNOWN, 2)), 2);
    }
}
