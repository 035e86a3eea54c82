//! The time a round of jobs takes on a number of workers: each job, the largest first, to
//! the worker free soonest (list scheduling, as a scheduler's queue does).

use std::time::Duration;

/// The makespan of `rounds` on `workers`: the rounds one after another (a round is planned
/// from the results of the one before), each the time its last job ends, its jobs given in
/// turn, the longest first, to the worker free soonest. Each job's time should count its
/// set-up (making its table, loading what it loads). Sums saturate at [`Duration::MAX`]: a
/// time a file can carry never overflows. No worker counts as one.
#[must_use]
pub fn makespan(rounds: &[Vec<Duration>], workers: usize) -> Duration {
    rounds
        .iter()
        .map(|round| round_makespan(round, workers.max(1)))
        .fold(Duration::ZERO, Duration::saturating_add)
}

fn round_makespan(jobs: &[Duration], workers: usize) -> Duration {
    let mut sorted = jobs.to_vec();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    let mut free = vec![Duration::ZERO; workers.min(sorted.len()).max(1)];
    for job in sorted {
        if let Some(soonest) = free.iter_mut().min() {
            *soonest = soonest.saturating_add(job);
        }
    }
    free.into_iter().max().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(values: &[u64]) -> Vec<Duration> {
        values.iter().map(|&v| Duration::from_millis(v)).collect()
    }

    #[test]
    fn a_round_takes_its_longest_job_at_least_and_its_share_of_the_total() {
        let round = ms(&[5, 4, 3, 3, 2, 1]);
        assert_eq!(
            makespan(std::slice::from_ref(&round), 1),
            Duration::from_millis(18)
        );
        assert_eq!(
            makespan(std::slice::from_ref(&round), 2),
            Duration::from_millis(9)
        );
        assert_eq!(
            makespan(std::slice::from_ref(&round), 100),
            Duration::from_millis(5)
        );
        // Rounds add up.
        assert_eq!(
            makespan(&[round.clone(), round], 100),
            Duration::from_millis(10)
        );
        assert_eq!(makespan(&[], 4), Duration::ZERO);
    }

    #[test]
    fn the_longest_times_saturate_and_never_overflow() {
        let huge = vec![Duration::MAX, Duration::MAX, Duration::from_secs(1)];
        assert_eq!(makespan(std::slice::from_ref(&huge), 1), Duration::MAX);
        assert_eq!(makespan(&[huge.clone(), huge], 2), Duration::MAX);
        assert_eq!(makespan(&[ms(&[3])], 0), Duration::from_millis(3));
    }
}
