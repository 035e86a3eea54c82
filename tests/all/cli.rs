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
    rejected("subtraction", &["analyze", "--k", "9"], "2..=5");
    rejected(
        "subtraction",
        &["grundy", "--set", "1099511627776", "--upto", "3"],
        "1099511627776",
    );
    rejected("subtraction", &["nonsense"], "nonsense");
    rejected("yahtzee", &["--roll", "1123"], "five faces of 1 to 6");
    rejected("yahtzee", &["--roll", "11237"], "five faces of 1 to 6");
    rejected("yahtzee", &["--by-hand", "--threads", "2"], "--threads");
    rejected(
        "yahtzee",
        &["--load", "/nonexistent/gamesolver"],
        "tier-0.gst",
    );
}

/// Pig by tiers and by keys: the chances a hand checks (to 2 with a die, 6/7; Piglet to 1,
/// 2/3, exactly too), the policy drawn a square a pair of scores; bad input refused.
#[test]
fn pig_gives_the_chances_a_hand_checks() {
    for args in [&["--goal", "2"][..], &["--goal", "2", "--by-keys"]] {
        let out = run("pig", args, b"");
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        assert!(
            text(&out.stdout).starts_with("first_player_wins=0.857142857 "),
            "{args:?}"
        );
    }
    let out = run(
        "pig",
        &["--piglet", "--goal", "1", "--exact", "--threads", "2"],
        b"",
    );
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("first_player_wins=0.666666667 "),
        "{stdout}"
    );
    assert!(
        stdout.ends_with("first_player_wins_exactly=2/3\n"),
        "{stdout}"
    );
    let svg = std::env::temp_dir().join(format!("pig-policy-{}.svg", std::process::id()));
    let path = svg.to_str().expect("UTF-8");
    let out = run("pig", &["--goal", "3", "--svg", path], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    // To 3, each of the 9 pairs of scores holds when the turn total wins, 3 less its score
    // (a roll from less wins at least 5 times in 6): three squares of each shade.
    let picture = std::fs::read_to_string(&svg).expect("the picture");
    for shade in ["#0000FF", "#5555FF", "#AAAAFF"] {
        let square = format!("fill=\"{shade}\"");
        assert_eq!(picture.matches(&square).count(), 3, "{shade}: {picture}");
    }
    std::fs::remove_file(&svg).expect("removed");
    rejected("pig", &["--goal", "0"], "a goal of 1 to 1000");
    rejected(
        "pig",
        &["--by-keys", "--threads", "2"],
        "cannot be used with",
    );
}

/// Bearoff: a race a hand checks, exactly; the two-sided database of two checkers a side
/// built, saved, read back and asked; one of more checkers than it may hold refused.
#[test]
fn bearoff_races_and_their_database() {
    let out = run(
        "bearoff",
        &["race", "0,0,0,0,0,1", "1,0,0,0,0,0", "--exact"],
        b"",
    );
    assert_eq!(
        text(&out.stdout),
        "on_roll_wins=3/4\n",
        "{}",
        text(&out.stderr)
    );
    let file = std::env::temp_dir().join(format!("races-{}.db", std::process::id()));
    let path = file.to_str().expect("UTF-8");
    let out = run("bearoff", &["race-database", "2", path], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).ends_with(" races=729\n"),
        "{}",
        text(&out.stdout)
    );
    assert_eq!(
        std::fs::metadata(&file).expect("the file").len(),
        17 + 729 * 8 + 8
    );
    // Read back to answer a race, as solving does; one it does not hold, and --exact, refused.
    let race = ["race", "0,0,0,0,0,1", "1,0,0,0,0,0", "--database", path];
    let out = run("bearoff", &race, b"");
    assert_eq!(
        text(&out.stdout),
        "on_roll_wins=0.750000000\n",
        "{}",
        text(&out.stderr)
    );
    let out = run(
        "bearoff",
        &["race", "3,0,0,0,0,0", "1,0,0,0,0,0", "--database", path],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("does not hold this position"));
    rejected(
        "bearoff",
        &[&race[..], &["--exact"]].concat(),
        "floating-point",
    );
    std::fs::remove_file(&file).expect("removed");
    let out = run("bearoff", &["race-database", "7", path], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("at most 6 checkers a side, not 7"));
    assert!(!file.exists());
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
    // The same values, drawn too: a dot a heap.
    let svg = std::env::temp_dir().join(format!("octal-values-{}.svg", std::process::id()));
    let path = svg.to_str().expect("UTF-8");
    let out = run(
        "octal",
        &["values", "0.77", "--upto", "12", "--svg", path],
        b"",
    );
    assert_eq!(text(&out.stdout), "0 1 2 3 1 4 3 2 1 4 2 6 4\n");
    let picture = std::fs::read_to_string(&svg).expect("the picture");
    assert_eq!(picture.matches("<circle").count(), 13);
    std::fs::remove_file(&svg).expect("removed");
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

/// The Connect 4 example's command line: clap's usage and help, and bad moves and files told in
/// the input's own numbering (columns 1..=7, moves from 1), quoting no more than a prefix.
#[test]
fn connect4_explains_bad_input_in_its_own_numbering() {
    let out = run("connect4", &["--help"], b"");
    assert!(out.status.success() && text(&out.stdout).contains("Usage:"));
    rejected("connect4", &[], "required");
    rejected("connect4", &["4444444"], "move 7: column 4 is full");
    rejected(
        "connect4",
        &["0"],
        "move 1: '0' is not a column (columns are 1..=7)",
    );
    rejected("connect4", &["44a"], "move 3: 'a' is not a column");
    rejected("connect4", &["121212 1"], "move 7: ' ' is not a column");
    let long = "4".repeat(100_000);
    rejected(
        "connect4",
        &[&long],
        "a game has at most 42 moves, not 100000",
    );
    assert!(run("connect4", &[&long], b"").stderr.len() < 1000);
    let dir = std::env::temp_dir().join(format!("connect4-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let set = dir.join("set.txt");
    std::fs::write(
        &set,
        format!("166555255546161661734313271742243223 99 10\n{long} 0 1\n"),
    )
    .expect("written");
    let path = set.to_str().expect("UTF-8");
    let out = run("connect4", &["--set", path], b"");
    assert_eq!(out.status.code(), Some(2));
    let error = text(&out.stderr);
    assert!(error.contains("line 1: score"), "{error}");
    std::fs::write(&set, format!("{long} 0 1\n")).expect("written");
    let out = run("connect4", &["--set", path], b"");
    let error = text(&out.stderr);
    assert!(
        error.contains("line 1: a game has at most 42 moves"),
        "{error}"
    );
    assert!(error.len() < 1000, "{error}");
    std::fs::write(&set, format!("{long}\n")).expect("written");
    let error = text(&run("connect4", &["--set", path], b"").stderr);
    assert!(
        error.contains("not MOVES SCORE NODES") && error.contains("(100000 bytes)"),
        "{error}"
    );
    assert!(error.len() < 1000, "{error}");
    std::fs::remove_dir_all(&dir).expect("removed");
    #[cfg(target_os = "linux")]
    rejected(
        "connect4",
        &["--set", "/dev/zero"],
        "longer than 16777216 bytes",
    );
}

/// 0.2's contest tool was the `primegame` example; its commands given to the example now are
/// refused with a pointer to the package, never ignored.
#[test]
fn the_rules_example_refuses_the_old_tools_commands() {
    let out = run("primegame", &["solve", "20"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
    assert!(
        text(&out.stderr).contains("cargo run --release -p primegame -- solve 20"),
        "{}",
        text(&out.stderr)
    );
    let out = run("primegame", &[], b"");
    assert!(out.status.success());
    assert!(text(&out.stdout).starts_with("The rules' example"));
}

/// The tier path as a user runs it: the plan, its xargs script on two workers, the value.
#[test]
fn tier_jobs_run_by_xargs_give_the_value() {
    let dir = std::env::temp_dir().join(format!("tier-jobs-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = dir.to_str().expect("a UTF-8 temporary directory");
    let plan = run("tier_jobs", &["plan", path, "3", "2", "--pieces", "3"], b"");
    assert!(plan.status.success(), "{}", text(&plan.stderr));
    assert!(
        text(&plan.stdout).contains("jobs in 18 waves"),
        "{}",
        text(&plan.stdout)
    );
    let script = Command::new("sh")
        .arg(dir.join("xargs.sh"))
        .env("WORKERS", "2")
        .output()
        .expect("sh runs the script");
    assert!(script.status.success(), "{}", text(&script.stderr));
    let value = run("tier_jobs", &["value", path, "3", "2"], b"");
    assert_eq!(
        text(&value.stdout),
        "3x2 value=-2\n",
        "{}",
        text(&value.stderr)
    );
    let simulate = run(
        "tier_jobs",
        &["simulate", path, "3", "2", "--pieces", "3"],
        b"",
    );
    assert!(text(&simulate.stdout).contains("workers=2 makespan="));
    std::fs::remove_dir_all(&dir).expect("the directory goes");
}
