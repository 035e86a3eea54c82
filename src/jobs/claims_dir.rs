//! A [`ClaimSolve`] in a directory of job files: its state (the guess and the positions
//! expanded) beside the jobs, and its merge.

use super::driver::{ClaimSolve, Next};
use super::files::{
    JobsError, Merged, check_root, field, io, malformed, read_dir, read_state_line, write_job,
    write_whole,
};
use super::job::JobResult;
use super::run::{RunOptions, run_job_files};
use crate::game::{Knowledge, PositionText, ScoringGame};
use std::fs;
use std::io::BufReader;
use std::path::Path;

impl<G, K> ClaimSolve<G, K>
where
    G: ScoringGame + PositionText,
    K: Knowledge<G> + 'static,
{
    /// Merges the directory `dir`: rebuilds the solve from its files (the root, the state,
    /// every result), plans the next round, and writes its job files and the new state. Run
    /// it after each round, and first on an empty directory. The guess set on this solve
    /// counts only for the first merge; later ones take it from the state.
    ///
    /// # Errors
    ///
    /// [`JobsError::OtherRoot`] if the directory solves another position,
    /// [`JobsError::Malformed`] for a file that is not what it should be, [`JobsError::Io`].
    pub fn merge_dir(&mut self, dir: &Path) -> Result<Merged<G::Move>, JobsError> {
        fs::create_dir_all(dir).map_err(io(dir))?;
        check_root(dir, self.graph_state().0)?;
        self.read_state(dir)?;
        let jobs = read_dir::<G>(dir)?;
        // The round after the last one with results: a merge run twice writes the same jobs.
        let mut next_round = 1;
        for file in &jobs {
            if let Some(result) = &file.result {
                self.record_result(&file.job.position, result.window, result.value);
                next_round = next_round.max(file.job.round + 1);
            }
        }
        let next = self.plan();
        self.write_state(dir)?;
        let planned = match next {
            Next::Value(value) => {
                let (jobs, nodes, ms) = super::files::work(&jobs);
                return Ok(Merged::Solved {
                    value,
                    best: None,
                    jobs,
                    nodes,
                    ms,
                });
            }
            Next::Jobs(planned) => planned,
        };
        let mut paths = Vec::new();
        for job in &planned {
            let path = write_job(dir, next_round, job.window, &job.position)?;
            if !path.with_extension("result").exists() {
                paths.push(path);
            }
        }
        Ok(Merged::Next(paths))
    }

    /// Reads the state a merge wrote: the guess and the positions expanded.
    fn read_state(&mut self, dir: &Path) -> Result<(), JobsError> {
        let path = dir.join("state");
        let file = match fs::File::open(&path) {
            Ok(file) => file,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(io(&path)(e)),
        };
        let mut reader = BufReader::new(file);
        let guess = read_state_line(&path, &mut reader)?;
        let guess = field(&path, guess.as_deref(), "guess")?;
        self.set_guess(guess.parse().map_err(|_| malformed(&path, "guess"))?);
        let mut expanded = 0usize;
        while let Some(line) = read_state_line(&path, &mut reader)? {
            expanded += 1;
            if expanded > self.max_expanded() {
                return Err(malformed(&path, "more positions than the graph expands"));
            }
            let position = field(&path, Some(&line), "expanded")?;
            let position = G::read_text(position).map_err(|e| malformed(&path, e.to_string()))?;
            self.expand(position);
        }
        Ok(())
    }

    fn write_state(&self, dir: &Path) -> Result<(), JobsError> {
        let mut text = format!("guess={}\n", self.guess());
        for position in self.graph_state().1 {
            text.push_str(&format!("expanded={}\n", position.write_text()));
        }
        write_whole(&dir.join("state"), &text)
    }

    /// Runs the job of the file `job` by a solver of its own (as [`run`](Self::run): the job
    /// time, the proofs shared if [`with_shared_proofs`](Self::with_shared_proofs) asks,
    /// through the directory's `.proven` files) and writes its result beside it.
    ///
    /// # Errors
    ///
    /// As [`run_job_files`].
    pub fn run_job_file(&self, job: &Path) -> Result<JobResult, JobsError> {
        let mut solver = self.make_solver();
        let options = RunOptions {
            isolated: self.shared_work().is_none(),
            min_work: self.shared_work().unwrap_or(0),
            deadline: None,
            job_time: self.job_time_left(),
        };
        let batch = run_job_files(&[job.to_owned()], &mut solver, &options, |_| {})?;
        batch
            .results
            .into_iter()
            .next()
            .ok_or_else(|| malformed(job, "no job ran"))
    }
}
