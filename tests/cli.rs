//! The examples as a user runs them: exit status, error text and output, bad input included.
//! `cargo test` builds the examples before it runs this file.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// The example binary `name`, built by `cargo test` beside the test binaries.
fn example(name: &str) -> Command {
    let exe = std::env::current_exe().expect("the test binary's path");
    let dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/PROFILE/deps");
    let path: PathBuf = dir.join("examples").join(name);
    assert!(
        path.exists(),
        "{} is missing: run `cargo test`, which builds the examples",
        path.display()
    );
    Command::new(path)
}

fn run(name: &str, args: &[&str], input: &[u8]) -> Output {
    let mut child = example(name)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example starts");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(input)
        .expect("input written");
    child.wait_with_output().expect("the example ends")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Exit 2 with `needle` in the error, nothing on stdout.
fn rejected(name: &str, args: &[&str], needle: &str) {
    let out = run(name, args, b"");
    assert_eq!(
        out.status.code(),
        Some(2),
        "{name} {args:?}: {}",
        text(&out.stderr)
    );
    assert!(
        text(&out.stderr).contains(needle),
        "{name} {args:?}: {}",
        text(&out.stderr)
    );
    assert!(out.stdout.is_empty(), "{name} {args:?}");
}

#[test]
fn bad_arguments_exit_2_with_a_reason() {
    rejected("octal", &["period", "0.78"], "not an octal digit");
    rejected("octal", &["values", "0.77"], "--upto");
    rejected(
        "octal",
        &["analyze", "0.77", "--heaps", "70000"],
        "exceeds the limit",
    );
    rejected("octal", &[], "Usage");
    rejected(
        "primegame",
        &["match", "--games", "0", "engine", "greedy"],
        "--games",
    );
    rejected(
        "primegame",
        &["match", "--n", "30", "foo", "greedy"],
        "unknown strategy",
    );
    rejected("primegame", &["solve"], "required");
    rejected("primegame", &["solve", "0"], "at least 1");
    // Refused up front, not after gigabytes.
    rejected("primegame", &["solve", "16777216"], "out of reach");
    // A table past three quarters of the machine's memory is refused, not attempted.
    rejected(
        "primegame",
        &["solve", "30", "--table-mib", "1000000000"],
        "more than this machine allows",
    );
    rejected(
        "primegame",
        &["solve", "30", "--table-mib", "0"],
        "--table-mib",
    );
    rejected(
        "primegame",
        &["job", "any.job", "--table-mib", "1000000000"],
        "more than this machine allows",
    );
    rejected(
        "primegame",
        &["job", "any.job", "--minutes", "0"],
        "positive number",
    );
    rejected("subtraction", &["analyze", "--k", "9"], "2..=5");
    rejected(
        "subtraction",
        &["grundy", "--set", "1099511627776", "--upto", "3"],
        "1099511627776",
    );
    rejected("subtraction", &["nonsense"], "nonsense");
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
    let swept = answers(&run("primegame", &["solve", "124", "--upto", "131"], b""));
    let single: Vec<String> = (124..=131)
        .flat_map(|n| answers(&run("primegame", &["solve", &n.to_string()], b"")))
        .collect();
    assert_eq!(swept.len(), 8);
    assert_eq!(swept, single);
    rejected(
        "primegame",
        &["solve", "30", "--upto", "20"],
        "below the first board",
    );
    rejected("primegame", &["solve", "30", "--upto", "300"], "up to 256");
    rejected(
        "primegame",
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
    let stopped = run(
        "primegame",
        &[&args[..], &["--minutes", "0.005"]].concat(),
        b"",
    );
    // Out of time is no usage error: status 1, and no usage text.
    assert_eq!(stopped.status.code(), Some(1), "{}", text(&stopped.stderr));
    assert!(text(&stopped.stderr).contains("the time ran out at n=140"));
    assert!(!text(&stopped.stderr).contains("Usage"));
    assert!(text(&stopped.stdout).is_empty());
    let resumed = run("primegame", &args, b"");
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert!(text(&resumed.stderr).contains("loaded"));
    let whole = run("primegame", &["solve", "140", "--threads", "1"], b"");
    let answer = |out: &Output| text(&out.stdout).lines().next().map(str::to_owned);
    assert_eq!(answer(&resumed), answer(&whole));
    assert_eq!(answer(&whole).as_deref(), Some("n=140 value=64 best=139"));
    let mut bytes = std::fs::read(&file).expect("the results file");
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&file, bytes).expect("written");
    rejected("primegame", &args, "damaged");
    // Saved every 60 ms as it goes (the search going on from its table): the same answer.
    let file = dir.join("120.results");
    let path = file.to_str().expect("a UTF-8 path");
    let args = ["solve", "120", "--threads", "1", "--results", path];
    let saving = run(
        "primegame",
        &[&args[..], &["--save-every", "0.001"]].concat(),
        b"",
    );
    assert!(saving.status.success(), "{}", text(&saving.stderr));
    assert!(text(&saving.stderr).matches("saved").count() >= 2);
    let whole = run("primegame", &["solve", "120", "--threads", "1"], b"");
    assert_eq!(text(&saving.stdout), text(&whole.stdout));
    rejected(
        "primegame",
        &["solve", "120", "--save-every", "1"],
        "--results",
    );
    // A sweep saves at least after its last board, and runs again from what it saved.
    let file = dir.join("sweep.results");
    let path = file.to_str().expect("a UTF-8 path");
    let args = ["solve", "60", "--upto", "70", "--results", path];
    let first = run("primegame", &args, b"");
    assert!(first.status.success(), "{}", text(&first.stderr));
    assert!(text(&first.stderr).contains("saved"));
    let again = run("primegame", &args, b"");
    assert!(
        text(&again.stderr).contains("loaded"),
        "{}",
        text(&again.stderr)
    );
    assert_eq!(text(&again.stdout), text(&first.stdout));
    assert_eq!(text(&first.stdout).matches("n=").count(), 11);
    rejected(
        "primegame",
        &["solve", "30", "--minutes", "0"],
        "positive number",
    );
    std::fs::remove_dir_all(&dir).expect("removed");
}

/// A board of a few large numbers is small: solved at once, whatever its numbers.
#[test]
fn a_board_of_large_numbers_solves_at_once() {
    let out = run("primegame", &["solve", "--board", "1000000"], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).starts_with("n=1000000 value=1000000 best=1000000"),
        "{}",
        text(&out.stdout)
    );
    let out = run("primegame", &["solve", "--board", "1000000,500000"], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    // Taking 1000000 takes its divisor 500000 along and hands it over.
    assert!(
        text(&out.stdout).starts_with("n=1000000 value=500000 best=1000000"),
        "{}",
        text(&out.stdout)
    );
}

/// Searches that cannot finish stop with an error, status 1 and no usage text, instead of
/// running or growing.
#[test]
fn out_of_reach_answers_come_back() {
    let start = std::time::Instant::now();
    // 0.6's quotient passes its size limit by heap 17, and the search its memory bound.
    let out = run(
        "octal",
        &["analyze", "0.6", "--heaps", "30,30,30,30", "--misere"],
        b"",
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let error = text(&out.stderr);
    assert!(error.contains("out of reach"), "{error}");
    assert!(!error.contains("Usage"), "{error}");
    assert!(out.stdout.is_empty());
    // Generous: a hang would take forever, the bounded search a few seconds.
    assert!(start.elapsed() < std::time::Duration::from_secs(120));
}

/// Misère sums that the search could not reach are answered by the quotient: a thousand
/// heaps of misère Kayles, and the two sums of the issue that filed the quotient.
#[test]
fn misere_sums_come_from_the_quotient() {
    let heaps = vec!["7"; 1000].join(",");
    for heaps in [heaps.as_str(), "5,6,7,8,9,10,11,12", "20,21,22,23,24,25"] {
        let out = run(
            "octal",
            &["analyze", "0.77", "--heaps", heaps, "--misere"],
            b"",
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert!(
            text(&out.stdout).starts_with("outcome="),
            "{}",
            text(&out.stdout)
        );
    }
    // A P-position has no winning move, an N-position at least one.
    let out = run(
        "octal",
        &["analyze", "0.77", "--heaps", &heaps, "--misere"],
        b"",
    );
    let stdout = text(&out.stdout);
    assert_eq!(
        stdout.starts_with("outcome=P"),
        !stdout.contains("win "),
        "{stdout}"
    );
}

/// A solve split into jobs, from the command line: plan, rounds of `job` over batches of
/// files, and `merge` (status 3 while work is pending), ending with `solve`'s own line.
#[test]
fn split_solve_from_the_command_line() {
    let dir = std::env::temp_dir().join(format!("gamesolver-cli-jobs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let dir_arg = dir.to_str().expect("a UTF-8 path");
    let out = run("primegame", &["plan", "50", "--dir", dir_arg], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let answer = loop {
        let mut pending: Vec<String> = std::fs::read_dir(&dir)
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
        // Bare names, run in the directory, as `cd D; ls *.job | xargs primegame job` does.
        for batch in pending.chunks(16) {
            let out = example("primegame")
                .arg("job")
                .args(batch)
                .current_dir(&dir)
                .output()
                .expect("the example runs");
            assert!(out.status.success(), "{}", text(&out.stderr));
            assert_eq!(text(&out.stdout).lines().count(), batch.len());
        }
        let out = run("primegame", &["merge", dir_arg], b"");
        match out.status.code() {
            Some(0) => break text(&out.stdout),
            Some(3) => assert!(text(&out.stdout).starts_with("pending ")),
            other => panic!("merge: {other:?} {}", text(&out.stderr)),
        }
    };
    let solved = run("primegame", &["solve", "50"], b"");
    assert_eq!(answer.lines().next(), text(&solved.stdout).lines().next());
    // Round 1 left its proofs for the later rounds beside the jobs.
    assert!(dir.join("round1-n50-r1-l47.43-a-inf-binf.proven").exists());
    let out = run("primegame", &["simulate", dir_arg, "--workers", "1,8"], b"");
    let lines: Vec<_> = text(&out.stdout).lines().map(str::to_owned).collect();
    assert!(
        lines.len() == 2
            && lines[0].starts_with("workers=1 makespan_ms=")
            && lines[0].ends_with(" speedup=1.00")
            && lines[1].starts_with("workers=8 makespan_ms="),
        "{lines:?}"
    );
    std::fs::remove_dir_all(&dir).expect("removed");
    let out = run("primegame", &["merge", dir_arg], b"");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
}

/// The quotient as the literature writes it, and bad input to the misère example.
#[test]
fn misere_prints_quotients_and_refuses_bad_input() {
    let out = run("misere", &["quotient", "0.75", "--upto", "20"], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("order 8\n"), "{stdout}");
    assert!(
        stdout.contains("relations c² = b², bc = ab, b³ = b, a² = 1"),
        "{stdout}"
    );
    assert!(stdout.contains("P-portion a, b²"), "{stdout}");
    let out = run("misere", &["analyze", "s1,2,3", "--heaps", "1,3,5,7"], b"");
    assert!(
        text(&out.stdout).starts_with("outcome=P"),
        "{}",
        text(&out.stdout)
    );
    rejected(
        "misere",
        &["quotient", "0.78", "--upto", "5"],
        "not an octal digit",
    );
    let out = run("misere", &["quotient", "0.77", "--upto", "100000"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("exceeds the limit"),
        "{}",
        text(&out.stderr)
    );
    let out = run(
        "misere",
        &["analyze", "0.77", "--heaps", "3,5", "--upto", "4"],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("past the quotient's bound"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn every_command_has_help() {
    for (name, command) in [
        ("octal", None),
        ("octal", Some("values")),
        ("octal", Some("period")),
        ("octal", Some("analyze")),
        ("misere", None),
        ("misere", Some("quotient")),
        ("misere", Some("analyze")),
        ("primegame", None),
        ("primegame", Some("solve")),
        ("primegame", Some("match")),
        ("primegame", Some("think")),
        ("primegame", Some("engine")),
        ("primegame", Some("plan")),
        ("primegame", Some("job")),
        ("primegame", Some("merge")),
        ("primegame", Some("simulate")),
        ("subtraction", None),
        ("subtraction", Some("analyze")),
        ("subtraction", Some("grundy")),
        ("subtraction", Some("play")),
    ] {
        let args: Vec<&str> = command.into_iter().chain(["--help"]).collect();
        let out = run(name, &args, b"");
        assert!(out.status.success(), "{name} {args:?}");
        assert!(text(&out.stdout).contains("Usage:"), "{name} {args:?}");
    }
}

#[test]
fn answers_are_results() {
    let out = run("octal", &["values", "0.77", "--upto", "12"], b"");
    assert_eq!(text(&out.stdout), "0 1 2 3 1 4 3 2 1 4 2 6 4\n");
    let out = run("octal", &["analyze", "0.77", "--heaps", "4,2"], b"");
    assert_eq!(
        text(&out.stdout),
        "outcome=N\nwin heap 1: take 2, leave 2\nwin heap 2: take 1, leave 1\n"
    );
    let out = run("octal", &["period", "0.07"], b"");
    assert!(text(&out.stdout).starts_with("code=0.07 preperiod=53 period=34 proven=yes"));
    // No period proven is an answer, not an error after the values.
    let out = run(
        "subtraction",
        &["grundy", "--set", "1000000000", "--upto", "3"],
        b"",
    );
    assert!(out.status.success());
    assert_eq!(
        text(&out.stdout),
        "0 0 0 0\nperiod not proven within 1048576 values\n"
    );
}

#[test]
fn a_closed_pipe_ends_quietly() {
    for (name, args) in [
        ("primegame", vec![]),
        ("octal", vec!["values", "0.77", "--upto", "3000000"]),
        (
            "subtraction",
            vec!["grundy", "--set", "1,3,4", "--upto", "3000000"],
        ),
    ] {
        let mut child = example(name)
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the example starts");
        let mut stdout = child.stdout.take().expect("piped");
        let mut first = [0u8; 8];
        stdout.read_exact(&mut first).expect("some output");
        drop(stdout);
        let out = child.wait_with_output().expect("the example ends");
        assert!(out.status.success(), "{name}: {:?}", out.status);
        assert!(
            !text(&out.stderr).contains("panicked"),
            "{name}: {}",
            text(&out.stderr)
        );
    }
}

#[test]
fn the_engine_answers_bad_bytes_and_goes_on() {
    let input = b"\xff\xfe go 100 1 2\ngo 100 1 2\xff\ngo 100 4 6 9\nquit\n";
    let out = run("primegame", &["engine"], input);
    assert!(out.status.success());
    let answers = text(&out.stdout);
    let lines: Vec<&str> = answers.lines().collect();
    assert_eq!(lines.len(), 3, "{answers}");
    assert!(lines[0].starts_with("error ") && lines[1].starts_with("error "));
    assert!(lines[2].starts_with("move "));
}

#[test]
fn play_asks_again_after_bytes_that_are_not_a_move() {
    // Heaps 1 and 2, k = 2, normal play: the person moves first.
    let input = b"\xff\xfe\n2:2\n1:1\n";
    let out = run(
        "subtraction",
        &["play", "--k", "2", "--heaps", "1,2", "--normal"],
        input,
    );
    let shown = text(&out.stdout);
    assert!(out.status.success(), "{shown}{}", text(&out.stderr));
    // Asked again after the bad bytes, and the game went on to its end.
    assert!(shown.matches("Your move").count() >= 2, "{shown}");
    assert!(!shown.contains("End of input"), "{shown}");
}

/// A long solve reports its progress after about a second, by elapsed time.
#[test]
fn progress_comes_within_seconds() {
    let mut child = example("primegame")
        .args(["solve", "140"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example starts");
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

/// The peak resident memory of a running child, in kB, by polling /proc until it ends.
#[cfg(target_os = "linux")]
fn peak_kb(mut child: std::process::Child) -> (u64, std::process::ExitStatus) {
    let status_path = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    loop {
        if let Ok(status) = std::fs::read_to_string(&status_path) {
            let hwm = status
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok());
            peak = peak.max(hwm.unwrap_or(0));
        }
        if let Some(status) = child.try_wait().expect("the child can be waited on") {
            return (peak, status);
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// Ten million Grundy values are streamed: the memory is the table's, not the text's.
#[cfg(target_os = "linux")]
#[test]
fn long_output_is_streamed() {
    let child = example("subtraction")
        .args(["grundy", "--set", "1,3,4", "--upto", "10000000"])
        .stdout(Stdio::null())
        .spawn()
        .expect("the example starts");
    let (peak, status) = peak_kb(child);
    assert!(status.success());
    // The table is 40 MB; the values as one string would add about 200 MB.
    assert!(peak < 150_000, "peak {peak} kB");
}

/// The fields of a `think` line, by name.
fn think_fields(args: &[&str]) -> std::collections::HashMap<String, String> {
    let out = run("primegame", args, b"");
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
    rejected("primegame", &["think", "--ms", "50"], "--n");
    rejected("primegame", &["think", "--n", "0"], "0");
    rejected("primegame", &["think", "--board", "2,2"], "more than once");
}
