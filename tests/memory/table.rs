//! A table takes memory as the search uses it: a small solve stays small whatever the
//! table's limit, on one thread (a table that grows) and on two (a table whose pages the
//! system gives as they are written).

use crate::one_at_a_time;
use gamesolver::Solver;
use gamesolver::games::prime::{SmallPrimeGame, tune_solver};
use sysinfo::{Pid, ProcessRefreshKind, ProcessesToUpdate, System};

/// What a small solve may add to the process's resident memory.
const SMALL_SOLVE_BYTES: u64 = 64 << 20;

fn resident_bytes(system: &mut System, pid: Pid) -> u64 {
    system.refresh_processes_specifics(
        ProcessesToUpdate::Some(&[pid]),
        true,
        ProcessRefreshKind::nothing().with_memory(),
    );
    system.process(pid).expect("this process").memory()
}

#[test]
fn a_small_solve_stays_small_whatever_the_table_limit() {
    let _alone = one_at_a_time();
    let pid = sysinfo::get_current_pid().expect("a process id");
    let mut system = System::new();
    let game = SmallPrimeGame::new(24).unwrap();
    for threads in [1, 2] {
        let before = resident_bytes(&mut system, pid);
        let mut solver = tune_solver(Solver::new())
            .with_table_bytes(usize::MAX)
            .with_threads(threads);
        let value = solver.value(&game).unwrap();
        let after = resident_bytes(&mut system, pid);
        let small_table = tune_solver(Solver::new())
            .with_table_bytes(1 << 20)
            .value(&game);
        assert_eq!(Ok(value), small_table);
        assert!(
            solver.stats().nodes < 100_000,
            "a small solve: {}",
            solver.stats().nodes
        );
        assert!(
            after.saturating_sub(before) < SMALL_SOLVE_BYTES,
            "{threads} threads: {} MiB more",
            after.saturating_sub(before) >> 20
        );
    }
}
