//! `primegame` as a user runs it: exit status, error text and output, bad input included.

use std::io::Read;
use std::process::{Command, Output, Stdio};

/// The binary of this package, built by `cargo test` before its integration tests.
fn primegame() -> Command {
    Command::new(env!("CARGO_BIN_EXE_primegame"))
}

fn run(args: &[&str], input: &[u8]) -> Output {
    let mut child = primegame()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("primegame starts");
    let mut stdin = child.stdin.take().expect("piped");
    std::io::Write::write_all(&mut stdin, input).expect("input written");
    drop(stdin);
    child.wait_with_output().expect("primegame ends")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Exit 2 with `needle` in the error, nothing on stdout.
fn rejected(args: &[&str], needle: &str) {
    let out = run(args, b"");
    let error = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {error}");
    assert!(error.contains(needle), "{args:?}: {error}");
    assert!(out.stdout.is_empty(), "{args:?}");
}

#[test]
fn bad_arguments_exit_2_with_a_reason() {
    rejected(&["match", "--games", "0", "engine", "greedy"], "--games");
    rejected(&["match", "--n", "30", "foo", "greedy"], "unknown strategy");
    rejected(&["solve"], "required");
    rejected(&["solve", "0"], "at least 1");
    // Refused up front, not after gigabytes.
    rejected(&["solve", "16777216"], "out of reach");
    // A table past three quarters of the machine's memory is refused, not attempted.
    rejected(
        &["solve", "30", "--table-mib", "1000000000"],
        "more than this machine allows",
    );
    rejected(&["solve", "30", "--table-mib", "0"], "--table-mib");
    rejected(
        &["job", "any.job", "--table-mib", "1000000000"],
        "more than this machine allows",
    );
    rejected(&["job", "any.job", "--minutes", "0"], "positive number");
    // A file that never ends is refused at its bound, not read until memory runs out.
    #[cfg(target_os = "linux")]
    rejected(&["job", "/dev/zero"], "longer than 1048576 bytes");
}

/// A sweep over boards with one table answers each board as its own solve does (the table
/// carries only true bounds from one board to the next), across the 128-bit boundary too.
#[test]
fn a_sweep_of_boards_answers_as_single_solves() {
    let answers = |out: &Output| -> Vec<String> {
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
            .lines()
            .filter(|line| line.starts_with("n="))
            .map(str::to_owned)
            .collect()
    };
    let swept = answers(&run(&["solve", "124", "--upto", "131"], b""));
    let single: Vec<String> = (124..=131)
        .flat_map(|n| answers(&run(&["solve", &n.to_string()], b"")))
        .collect();
    assert_eq!(swept.len(), 8);
    assert_eq!(swept, single);
    rejected(&["solve", "30", "--upto", "20"], "below the first board");
    rejected(&["solve", "30", "--upto", "300"], "up to 256");
    rejected(
        &["solve", "--board", "3,4", "--upto", "20"],
        "cannot be used with",
    );
}

/// A solve stopped by `--minutes` saves what it proved to `--results` and exits with status 1,
/// and the same command resumes from it to the answer of an uninterrupted solve; a damaged
/// file is refused.
#[test]
fn a_stopped_solve_resumes_from_its_results() {
    let dir = std::env::temp_dir().join(format!("gamesolver-cli-results-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let file = dir.join("140.results");
    let path = file.to_str().expect("a UTF-8 path");
    let args = ["solve", "140", "--threads", "1", "--results", path];
    let stopped = run(&[&args[..], &["--minutes", "0.005"]].concat(), b"");
    // Out of time is no usage error: status 1, and no usage text.
    assert_eq!(stopped.status.code(), Some(1), "{}", text(&stopped.stderr));
    assert!(text(&stopped.stderr).contains("the time ran out at n=140"));
    assert!(!text(&stopped.stderr).contains("Usage"));
    assert!(text(&stopped.stdout).is_empty());
    let resumed = run(&args, b"");
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert!(text(&resumed.stderr).contains("loaded"));
    let whole = run(&["solve", "140", "--threads", "1"], b"");
    let answer = |out: &Output| text(&out.stdout).lines().next().map(str::to_owned);
    assert_eq!(answer(&resumed), answer(&whole));
    assert_eq!(answer(&whole).as_deref(), Some("n=140 value=64 best=139"));
    let mut bytes = std::fs::read(&file).expect("the results file");
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&file, bytes).expect("written");
    rejected(&args, "damaged");
    // Saved every 60 ms as it goes (the search going on from its table): the same answer.
    let file = dir.join("120.results");
    let path = file.to_str().expect("a UTF-8 path");
    let args = ["solve", "120", "--threads", "1", "--results", path];
    let saving = run(&[&args[..], &["--save-every", "0.001"]].concat(), b"");
    assert!(saving.status.success(), "{}", text(&saving.stderr));
    assert!(text(&saving.stderr).matches("saved").count() >= 2);
    let whole = run(&["solve", "120", "--threads", "1"], b"");
    assert_eq!(text(&saving.stdout), text(&whole.stdout));
    rejected(&["solve", "120", "--save-every", "1"], "--results");
    // A sweep saves at least after its last board, and runs again from what it saved.
    let file = dir.join("sweep.results");
    let path = file.to_str().expect("a UTF-8 path");
    let args = ["solve", "60", "--upto", "70", "--results", path];
    let first = run(&args, b"");
    assert!(first.status.success(), "{}", text(&first.stderr));
    assert!(text(&first.stderr).contains("saved"));
    let again = run(&args, b"");
    assert!(
        text(&again.stderr).contains("loaded"),
        "{}",
        text(&again.stderr)
    );
    assert_eq!(text(&again.stdout), text(&first.stdout));
    assert_eq!(text(&first.stdout).matches("n=").count(), 11);
    rejected(&["solve", "30", "--minutes", "0"], "positive number");
    std::fs::remove_dir_all(&dir).expect("removed");
}

/// A board of a few large numbers is small: solved at once, whatever its numbers.
#[test]
fn a_board_of_large_numbers_solves_at_once() {
    let out = run(&["solve", "--board", "1000000"], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).starts_with("n=1000000 value=1000000 best=1000000"),
        "{}",
        text(&out.stdout)
    );
    let out = run(&["solve", "--board", "1000000,500000"], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    // Taking 1000000 takes its divisor 500000 along and hands it over.
    assert!(
        text(&out.stdout).starts_with("n=1000000 value=500000 best=1000000"),
        "{}",
        text(&out.stdout)
    );
}

/// A solve split into jobs, from the command line: plan, rounds of `job` over batches of
/// files, and `merge` (status 3 while work is pending), ending with `solve`'s own line.
#[test]
fn split_solve_from_the_command_line() {
    let dir = std::env::temp_dir().join(format!("gamesolver-cli-jobs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let dir_arg = dir.to_str().expect("a UTF-8 path");
    let out = run(&["plan", "50", "--dir", dir_arg], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let answer = loop {
        // Bare names, run in the directory, as `cd D; ls *.job | xargs primegame job` does.
        for batch in pending_jobs(&dir).chunks(16) {
            let out = primegame()
                .arg("job")
                .args(batch)
                .current_dir(&dir)
                .output()
                .expect("primegame runs");
            assert!(out.status.success(), "{}", text(&out.stderr));
            assert_eq!(text(&out.stdout).lines().count(), batch.len());
        }
        let out = run(&["merge", dir_arg], b"");
        match out.status.code() {
            Some(0) => break text(&out.stdout),
            Some(3) => assert!(text(&out.stdout).starts_with("pending ")),
            other => panic!("merge: {other:?} {}", text(&out.stderr)),
        }
    };
    let solved = run(&["solve", "50"], b"");
    assert_eq!(answer.lines().next(), text(&solved.stdout).lines().next());
    // Round 1 left its proofs for the later rounds beside the jobs.
    let round1 = std::fs::read_dir(&dir)
        .expect("the directory")
        .map(|e| e.expect("an entry").file_name())
        .filter(|name| {
            let name = name.to_str().expect("UTF-8");
            name.starts_with("round1-") && name.ends_with(".proven")
        })
        .count();
    assert_eq!(round1, 1);
    simulating_the_plan(&dir);
    std::fs::remove_dir_all(&dir).expect("removed");
    let out = run(&["merge", dir_arg], b"");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
}

/// The names of the job files in `dir` without a result yet, in order.
fn pending_jobs(dir: &std::path::Path) -> Vec<String> {
    let mut pending: Vec<String> = std::fs::read_dir(dir)
        .expect("the plan's directory")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "job"))
        .filter(|p| !p.with_extension("result").exists())
        .map(|p| {
            p.file_name()
                .expect("a name")
                .to_str()
                .expect("UTF-8")
                .to_owned()
        })
        .collect();
    pending.sort();
    pending
}

/// `simulate` of the solved plan in `dir`: a line a worker count, none refused but 0, and the
/// longest time a result can carry saturating the makespan.
fn simulating_the_plan(dir: &std::path::Path) {
    let dir_arg = dir.to_str().expect("a UTF-8 path");
    let out = run(&["simulate", dir_arg, "--workers", "1,8"], b"");
    let lines: Vec<_> = text(&out.stdout).lines().map(str::to_owned).collect();
    assert!(
        lines.len() == 2
            && lines[0].starts_with("workers=1 makespan_ms=")
            && lines[0].ends_with(" speedup=1.00")
            && lines[1].starts_with("workers=8 makespan_ms="),
        "{lines:?}"
    );
    // No worker is refused as a usage error, before any file is read.
    let out = run(&["simulate", dir_arg, "--workers", "0"], b"");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    // The longest time a result line can carry saturates the makespan; nothing overflows.
    let result = std::fs::read_dir(dir)
        .expect("the directory")
        .map(|e| e.expect("an entry").path())
        .find(|p| p.extension().is_some_and(|e| e == "result"))
        .expect("a result");
    let text_of = std::fs::read_to_string(&result).expect("a result");
    let huge: String = text_of
        .lines()
        .map(|line| match line.strip_prefix("ms=") {
            Some(_) => format!("ms={}\n", u64::MAX),
            None => format!("{line}\n"),
        })
        .collect();
    std::fs::write(&result, huge).expect("written");
    let out = run(&["simulate", dir_arg, "--workers", "1,8"], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).starts_with(&format!("workers=1 makespan_ms={} ", u64::MAX)),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn the_engine_answers_bad_bytes_and_goes_on() {
    let input = b"\xff\xfe go 100 1 2\ngo 100 1 2\xff\ngo 100 4 6 9\nquit\n";
    let out = run(&["engine"], input);
    assert!(out.status.success());
    let answers = text(&out.stdout);
    let lines: Vec<&str> = answers.lines().collect();
    assert_eq!(lines.len(), 3, "{answers}");
    assert!(lines[0].starts_with("error ") && lines[1].starts_with("error "));
    assert!(lines[2].starts_with("move "));
}

/// A long solve reports its progress after about a second, by elapsed time.
#[test]
fn progress_comes_within_seconds() {
    let mut child = primegame()
        .args(["solve", "140"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("primegame starts");
    let stderr = child.stderr.take().expect("piped");
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = std::io::BufRead::read_line(&mut std::io::BufReader::new(stderr), &mut line);
        let _ = sender.send(line);
    });
    let first = receiver.recv_timeout(std::time::Duration::from_secs(20));
    child.kill().expect("the solve is stopped");
    let _ = child.wait();
    let first = first.expect("a progress line within 20 s (it is due after about 1 s)");
    assert!(first.starts_with("solving n=140"), "{first}");
}

/// The fields of a `think` line, by name.
fn think_fields(args: &[&str]) -> std::collections::HashMap<String, String> {
    let out = run(args, b"");
    assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 1, "{stdout}");
    let fields: std::collections::HashMap<String, String> = lines[0]
        .split(' ')
        .map(|field| {
            let (name, value) = field.split_once('=').expect("name=value");
            (name.to_owned(), value.to_owned())
        })
        .collect();
    let names = ["depth", "nodes", "nps", "value", "move", "ms", "exact"];
    assert_eq!(fields.len(), names.len(), "{stdout}");
    for name in names {
        assert!(fields.contains_key(name), "{name} missing: {stdout}");
    }
    fields
}

#[test]
fn think_prints_one_line_of_the_search() {
    let fields = think_fields(&["think", "--n", "1000", "--ms", "200"]);
    assert!(fields["depth"].parse::<u16>().unwrap() >= 2, "{fields:?}");
    assert!(fields["ms"].parse::<u64>().unwrap() < 200, "{fields:?}");
    assert_eq!(fields["exact"], "false");
    // Isolated numbers only: the engine proves 7 - 5 + 3.
    let fields = think_fields(&["think", "--board", "3,5,7", "--ms", "50"]);
    assert_eq!(
        (
            fields["value"].as_str(),
            fields["move"].as_str(),
            fields["exact"].as_str()
        ),
        ("5", "7", "true")
    );
    rejected(&["think", "--ms", "50"], "--n");
    rejected(&["think", "--n", "0"], "0");
    rejected(&["think", "--board", "2,2"], "more than once");
}

#[test]
fn every_command_has_help() {
    for command in [
        None,
        Some("solve"),
        Some("match"),
        Some("think"),
        Some("engine"),
        Some("plan"),
        Some("job"),
        Some("merge"),
        Some("simulate"),
        Some("plot"),
    ] {
        let args: Vec<&str> = command.into_iter().chain(["--help"]).collect();
        let out = run(&args, b"");
        assert!(out.status.success(), "{args:?}");
        assert!(text(&out.stdout).contains("Usage:"), "{args:?}");
    }
}

#[test]
fn a_closed_pipe_ends_quietly() {
    // A sweep of boards prints a line each; only 8 bytes are read.
    let mut child = primegame()
        .args(["solve", "20", "--upto", "60"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("primegame starts");
    let mut stdout = child.stdout.take().expect("piped");
    let mut first = [0u8; 8];
    stdout.read_exact(&mut first).expect("some output");
    drop(stdout);
    let out = child.wait_with_output().expect("primegame ends");
    assert!(out.status.success(), "{:?}", out.status);
    assert!(
        !text(&out.stderr).contains("panicked"),
        "{}",
        text(&out.stderr)
    );
}

/// `plot` prints each board's value as `solve` finds it and writes an SVG picture.
#[test]
fn plot_draws_the_values_solve_finds() {
    let dir = std::env::temp_dir().join(format!("primegame-cli-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let svg = dir.join("values.svg");
    let out = run(
        &[
            "plot",
            "--upto",
            "30",
            "--out",
            svg.to_str().expect("UTF-8"),
        ],
        b"",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 30);
    for n in [1, 20, 30] {
        let solved = run(&["solve", &n.to_string()], b"");
        let value = text(&solved.stdout)
            .split_whitespace()
            .find_map(|field| field.strip_prefix("value=").map(str::to_owned))
            .expect("solve prints the value");
        let plotted = &lines[n - 1];
        assert!(
            plotted.starts_with(&format!("n={n} value={value} ")),
            "{plotted}"
        );
    }
    let picture = std::fs::read_to_string(&svg).expect("the picture");
    assert!(picture.starts_with("<svg") && picture.contains("<polyline"));
    // Only the picture is left: its temporary file was renamed over it.
    let left: Vec<_> = std::fs::read_dir(&dir)
        .expect("the scratch directory")
        .collect();
    assert_eq!(left.len(), 1, "{left:?}");
    rejected(&["plot", "--upto", "300", "--out", "x.svg"], "1..=256");
    // A path that cannot be written is refused before any board is solved.
    let start = std::time::Instant::now();
    let nowhere = dir.join("no-such-dir").join("x.svg");
    rejected(
        &[
            "plot",
            "--upto",
            "150",
            "--out",
            nowhere.to_str().expect("UTF-8"),
        ],
        "no-such-dir",
    );
    assert!(start.elapsed() < std::time::Duration::from_secs(5));
    std::fs::remove_dir_all(&dir).expect("removed");
}
