//! The tier path: a solve of values by tiers ([`Tiers`],
//! [`Retrograde::solve_scores`](crate::Retrograde::solve_scores)) split into jobs that
//! independent processes run, each job a range of one tier's indices ([`TierJob`]).
//!
//! A job needs the whole of each tier its moves lead to, so it runs once every job of those
//! tiers has ended: [`TierPlan`] puts the jobs in *waves*, a tier's jobs in the wave after the
//! last of its children's, and writes them to a directory with a script for each scheduler
//! (`xargs -P`, GNU Parallel, a Slurm job array a tier with `afterok` on the tiers it needs).
//! Each job ([`run_tier_job`]) reads its children's values from the directory, solves its
//! range, and saves it beside them ([`TierValues`], checked when read back), with the time it
//! took to read and to solve; [`read_tier`] puts a tier back together, and [`wave_times`]
//! gives each wave's job times for [`simulate::makespan`](super::simulate::makespan). Memory
//! a job: its tier (a byte an index) and its children, not the game. A chance game's expected
//! values ([`Retrograde::solve_expected`](crate::Retrograde::solve_expected)) take the same
//! path, each job by [`run_expected_tier_job`] (eight bytes an index).

use crate::game::{ChanceGame, Tiers};
use crate::retrograde::{RetroError, Retrograde, TablebaseFileError, TierValues};
use std::fmt::Write as _;
use std::fs;
use std::io;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use thiserror::Error;

/// A good least length of a [`TierPlan`]'s ranges: a job reads the whole of the tiers it
/// needs, so a short range costs more to set up than to solve.
pub const MIN_RANGE: u64 = 1 << 16;

/// One job of the tier path: a range of one tier's indices.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TierJob {
    /// The tier.
    pub tier: usize,
    /// Its indices the job solves.
    pub range: Range<u64>,
}

impl TierJob {
    /// The file its values are saved in, in `dir`.
    #[must_use]
    pub fn file(&self, dir: &Path) -> PathBuf {
        dir.join(format!(
            "tier-{}-{}-{}.values",
            self.tier, self.range.start, self.range.end
        ))
    }
}

/// Why a job of the tier path failed.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum TierJobError {
    /// The solve refused the numbering or ran out of memory.
    #[error(transparent)]
    Solve(#[from] RetroError),
    /// A saved tier could not be read or written.
    #[error(transparent)]
    File(#[from] TablebaseFileError),
    /// The directory could not be read or written.
    #[error("the jobs' directory: {0}")]
    Io(#[from] io::Error),
    /// The pieces of a tier in the directory do not cover it once: a job has not ended.
    #[error("tier {0} is not whole in the directory: a job that solves part of it has not ended")]
    Incomplete(usize),
}

/// The jobs of a tiered solve, in waves: see the [module docs](self).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TierPlan {
    /// The jobs of each wave.
    waves: Vec<Vec<TierJob>>,
    /// The tiers each tier's moves lead to.
    after: Vec<Vec<usize>>,
}

impl TierPlan {
    /// The jobs of `tiers`, each tier cut into `ranges` ranges of one length (at least one),
    /// none shorter than `min_range` indices unless the tier is ([`MIN_RANGE`] suits most
    /// games): so that each wave has work for `ranges` workers, and no job costs more to set
    /// up than to run.
    ///
    /// # Errors
    ///
    /// [`RetroError::TierOutOfRange`] or [`RetroError::TierCycle`] for a numbering whose
    /// tiers are out of range or go round.
    pub fn new<T: Tiers>(tiers: &T, ranges: u64, min_range: u64) -> Result<Self, RetroError> {
        let (order, after) = crate::retrograde::tier_order(tiers)?;
        let mut wave_of = vec![0usize; tiers.tier_count()];
        let mut waves: Vec<Vec<TierJob>> = Vec::new();
        for tier in order {
            let wave = after[tier]
                .iter()
                .map(|&c| wave_of[c] + 1)
                .max()
                .unwrap_or(0);
            wave_of[tier] = wave;
            if waves.len() <= wave {
                waves.resize(wave + 1, Vec::new());
            }
            let len = tiers.tier_len(tier);
            let piece = len.div_ceil(ranges.max(1)).max(min_range).max(1);
            waves[wave].extend((0..len.div_ceil(piece)).map(|i| TierJob {
                tier,
                range: i * piece..(i + 1).saturating_mul(piece).min(len),
            }));
        }
        Ok(Self { waves, after })
    }

    /// The jobs of each wave, in order: a job's children are solved in earlier waves.
    #[must_use]
    pub fn waves(&self) -> &[Vec<TierJob>] {
        &self.waves
    }

    /// Writes the plan to `dir` (made if missing) for `command`, the command line that runs one
    /// job when given its tier, first index and end (as `TIER START END`):
    /// `wave-N.txt` (a job a line), `xargs.sh`, `parallel.sh` (each runs the waves in turn,
    /// `WORKERS` jobs at once, 2 by default) and `slurm.sh` (a job array a tier, each after
    /// the arrays of the tiers it needs, by `slurm-tier.sh`). The scripts split `command` into
    /// words at spaces and take it as it is: a path with a space or a quote in it needs a
    /// link without. A job array holds at most Slurm's `MaxArraySize` tasks (1,001 by
    /// default): plan fewer ranges a tier than that.
    ///
    /// # Errors
    ///
    /// An I/O error of the directory.
    pub fn write_dir(&self, dir: &Path, command: &str) -> io::Result<()> {
        fs::create_dir_all(dir)?;
        let line = |job: &TierJob| format!("{} {} {}\n", job.tier, job.range.start, job.range.end);
        let waves = "wave by wave, each a wave's jobs at once";
        let (mut xargs, mut parallel) = (script_head(command, waves), script_head(command, waves));
        let mut slurm = script_head(command, "a job array a tier, after the arrays it needs");
        for (wave, jobs) in self.waves.iter().enumerate() {
            let file = format!("wave-{wave}.txt");
            fs::write(dir.join(&file), jobs.iter().map(line).collect::<String>())?;
            let _ = writeln!(
                xargs,
                "xargs -P \"$WORKERS\" -L 1 $COMMAND < \"$DIR/{file}\""
            );
            let _ = writeln!(
                parallel,
                "parallel --halt now,fail=1 -j \"$WORKERS\" --colsep ' ' $COMMAND {{1}} {{2}} {{3}} :::: \"$DIR/{file}\""
            );
        }
        for jobs in &self.waves {
            slurm_tiers(&mut slurm, jobs, &self.after, dir, &line)?;
        }
        for (name, text) in [
            ("xargs.sh", xargs),
            ("parallel.sh", parallel),
            ("slurm.sh", slurm),
        ] {
            fs::write(dir.join(name), text)?;
        }
        fs::write(dir.join("slurm-tier.sh"), SLURM_TIER)
    }
}

/// What every script begins with: what it does, the directory, the command, the workers.
fn script_head(command: &str, how: &str) -> String {
    format!(
        "#!/bin/sh\n# The jobs of a tiered solve (gamesolver::jobs::tiers), {how}.\nset -e\nDIR=$(cd \"$(dirname \"$0\")\" && pwd)\nCOMMAND=${{COMMAND:-\"{command}\"}}\nWORKERS=${{WORKERS:-2}}\nexport COMMAND DIR\n"
    )
}

/// A tier's array job: line `SLURM_ARRAY_TASK_ID + 1` of `tier-T.txt`.
const SLURM_TIER: &str = "#!/bin/sh\n# One job of tier $1: the line of tier-$1.txt this array task names.\nset -e\nexec $COMMAND $(sed -n \"$((SLURM_ARRAY_TASK_ID + 1))p\" \"$DIR/tier-$1.txt\")\n";

/// Appends to `script` the submission of each tier of `jobs` (one wave) as a job array after
/// the arrays of its children, and writes its `tier-T.txt`.
fn slurm_tiers(
    script: &mut String,
    jobs: &[TierJob],
    after: &[Vec<usize>],
    dir: &Path,
    line: &dyn Fn(&TierJob) -> String,
) -> io::Result<()> {
    let mut tiers: Vec<usize> = jobs.iter().map(|job| job.tier).collect();
    tiers.dedup();
    for tier in tiers {
        let own: String = jobs.iter().filter(|j| j.tier == tier).map(line).collect();
        let count = own.lines().count();
        fs::write(dir.join(format!("tier-{tier}.txt")), own)?;
        let needs: Vec<String> = after[tier].iter().map(|c| format!("$T{c}")).collect();
        let dependency = if needs.is_empty() {
            String::new()
        } else {
            format!(" --dependency=afterok:{}", needs.join(":"))
        };
        let _ = writeln!(
            script,
            "T{tier}=$(sbatch --parsable --export=ALL --array=0-{}{dependency} \"$DIR/slurm-tier.sh\" {tier})",
            count.saturating_sub(1)
        );
    }
    Ok(())
}

/// Runs one job: reads the whole of each tier `job`'s tier leads to from `dir`, solves the
/// job's range by `solver`, and saves it in `dir` ([`TierJob::file`], written whole under
/// another name first, then renamed), with the time it took to read and to solve.
///
/// # Errors
///
/// [`TierJobError::Incomplete`] if a tier needed is not whole in `dir`; a file refused, the
/// solve's error, or an I/O error.
pub fn run_tier_job<T: Tiers + Sync>(
    tiers: &T,
    solver: &mut Retrograde,
    dir: &Path,
    job: &TierJob,
) -> Result<TierValues, TierJobError> {
    run_job(tiers, dir, job, |children| {
        solver.solve_tier(tiers, job.tier, job.range.clone(), children)
    })
}

/// [`run_tier_job`] in expected values, for a chance game
/// ([`Retrograde::solve_expected_tier`]).
///
/// # Errors
///
/// As [`run_tier_job`].
pub fn run_expected_tier_job<T: Tiers + Sync>(
    tiers: &T,
    solver: &mut Retrograde,
    dir: &Path,
    job: &TierJob,
) -> Result<TierValues, TierJobError>
where
    T::Game: ChanceGame,
{
    run_job(tiers, dir, job, |children| {
        solver.solve_expected_tier(tiers, job.tier, job.range.clone(), children)
    })
}

/// One job: the tiers needed read from `dir`, `solve` run on them, its values saved.
fn run_job<T: Tiers>(
    tiers: &T,
    dir: &Path,
    job: &TierJob,
    solve: impl FnOnce(Vec<TierValues>) -> Result<TierValues, RetroError>,
) -> Result<TierValues, TierJobError> {
    let clock = Instant::now();
    let mut needed = Vec::new();
    tiers.tiers_after(job.tier, &mut needed);
    needed.retain(|&tier| tier != job.tier);
    let children = needed
        .into_iter()
        .map(|tier| read_tier(tiers, dir, tier))
        .collect::<Result<Vec<_>, _>>()?;
    let setup = clock.elapsed();
    let values = solve(children)?;
    let values = values.with_times(setup, clock.elapsed() - setup);
    let file = job.file(dir);
    let partial = file.with_extension("partial");
    values.save(tiers, fs::File::create(&partial)?)?;
    fs::rename(&partial, &file)?;
    Ok(values)
}

/// The saved pieces of `tier` in `dir`.
fn pieces(dir: &Path, tier: usize) -> io::Result<Vec<PathBuf>> {
    let prefix = format!("tier-{tier}-");
    let mut found = Vec::new();
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        let name = path
            .file_name()
            .and_then(|name| name.to_str())
            .unwrap_or("");
        if name.starts_with(&prefix) && name.ends_with(".values") {
            found.push(path);
        }
    }
    Ok(found)
}

/// The whole of `tier`, put together from its pieces saved in `dir`.
///
/// # Errors
///
/// [`TierJobError::Incomplete`] if the pieces do not cover the tier once; a file refused, or
/// an I/O error.
pub fn read_tier<T: Tiers>(tiers: &T, dir: &Path, tier: usize) -> Result<TierValues, TierJobError> {
    let values = pieces(dir, tier)?
        .into_iter()
        .map(|path| Ok(TierValues::load(tiers, fs::File::open(path)?)?))
        .collect::<Result<Vec<_>, TierJobError>>()?;
    TierValues::join(values).ok_or(TierJobError::Incomplete(tier))
}

/// The time each job of `plan` took (reading and solving), wave by wave, read from the pieces
/// saved in `dir`: what [`simulate::makespan`](super::simulate::makespan) takes.
///
/// # Errors
///
/// A piece missing or refused, or an I/O error.
pub fn wave_times<T: Tiers>(
    tiers: &T,
    plan: &TierPlan,
    dir: &Path,
) -> Result<Vec<Vec<Duration>>, TierJobError> {
    plan.waves
        .iter()
        .map(|jobs| {
            jobs.iter()
                .map(|job| {
                    let values = TierValues::load(tiers, fs::File::open(job.file(dir))?)?;
                    let (setup, solve) = values.times();
                    Ok(setup + solve)
                })
                .collect()
        })
        .collect()
}
