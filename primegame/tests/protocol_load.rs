//! Replies on time on a loaded machine: `primegame engine` plays a few moves of a game on the
//! largest board the protocol accepts (1..=10^6) and on a contest board (1..=250), at `go 100`
//! and `go 500`, with two CPU-bound processes running beside it on this 2-core machine. The
//! time of each reply is taken as the referee takes it, from writing the line to reading the
//! answer; the worst reply over its budget is printed, in ms (negative: under it).
//!
//! Ignored by default: it is a timing, which CI must not run beside other work. Run it alone:
//! `cargo test --release -p primegame --test protocol_load -- --ignored --nocapture`
//! (`PRIMEGAME_ENGINE=path` times another build's binary instead).

use gamesolver::CheckedPlay;
use gamesolver::Game;
use gamesolver::games::prime::PrimeGame;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

/// Moves played on each board at each time.
const MOVES: usize = 30;

/// Processes killed when dropped, whatever the test does.
struct Killed(Vec<Child>);

impl Drop for Killed {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

fn cpu_bound_processes(count: usize) -> Killed {
    Killed(
        (0..count)
            .map(|_| {
                Command::new("sh")
                    .args(["-c", "while :; do :; done"])
                    .spawn()
                    .expect("sh")
            })
            .collect(),
    )
}

/// Plays `MOVES` moves of the engine against itself from `numbers`, `ms` a move; the worst
/// reply's time over `ms`, in ms.
fn worst_over_budget(
    (input, output): (&mut ChildStdin, &mut BufReader<ChildStdout>),
    numbers: &[u64],
    ms: u64,
) -> f64 {
    let largest = *numbers.iter().max().unwrap();
    let mut position = PrimeGame::from_numbers(largest as u32, numbers.iter().copied()).unwrap();
    let mut worst = f64::NEG_INFINITY;
    for _ in 0..MOVES {
        let board: Vec<String> = position.numbers().map(|x| x.to_string()).collect();
        let line = format!("go {ms} {}\n", board.join(" "));
        let mut answer = String::new();
        let sent = Instant::now();
        input.write_all(line.as_bytes()).unwrap();
        input.flush().unwrap();
        output.read_line(&mut answer).unwrap();
        let took = sent.elapsed();
        worst = worst.max((took.as_secs_f64() - ms as f64 / 1000.0) * 1000.0);
        let x: u32 = answer
            .trim()
            .strip_prefix("move ")
            .unwrap()
            .parse()
            .unwrap();
        position.play(x).expect("a legal move");
        if position.is_over() {
            break;
        }
    }
    worst
}

#[test]
#[ignore = "a timing under load: run alone, see the file's docs"]
fn replies_are_on_time_with_two_cpu_bound_processes_beside() {
    // Another build's binary may be timed the same way: PRIMEGAME_ENGINE=path.
    let binary = std::env::var("PRIMEGAME_ENGINE")
        .ok()
        .filter(|path| !path.is_empty())
        .unwrap_or_else(|| String::from(env!("CARGO_BIN_EXE_primegame")));
    let mut engine = Command::new(binary)
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = engine.stdin.take().unwrap();
    let mut output = BufReader::new(engine.stdout.take().unwrap());
    let _engine = Killed(vec![engine]);
    let _load = cpu_bound_processes(2);
    std::thread::sleep(Duration::from_millis(300));
    let boards: [(&str, Vec<u64>); 2] = [
        ("1..=10^6", (1..=1_000_000).collect()),
        ("1..=250", (1..=250).collect()),
    ];
    let mut late = Vec::new();
    for (name, numbers) in &boards {
        for ms in [100, 500] {
            let worst = worst_over_budget((&mut input, &mut output), numbers, ms);
            println!("{name}, go {ms}: worst reply {worst:+.1} ms over budget");
            if worst >= 0.0 {
                late.push(format!("{name}, go {ms}: {worst:+.1} ms"));
            }
        }
    }
    writeln!(input, "quit").unwrap();
    assert!(late.is_empty(), "late replies: {late:?}");
}
