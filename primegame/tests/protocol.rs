//! The engine protocol of `primegame engine`: parsing, and no input that crashes it or
//! stops its answers.

use primegame::protocol::{Command, MAX_PROTOCOL_NUMBER, ProtocolError, parse, serve};
use proptest::prelude::*;
use std::time::Duration;

#[test]
fn serves_the_documented_session() {
    let input = "go 50 1 2 3 4 5 6\nhello\nquit\n";
    let mut output = Vec::new();
    serve(input.as_bytes(), &mut output).unwrap();
    let output = String::from_utf8(output).unwrap();
    let mut lines = output.lines();
    assert_eq!(lines.next(), Some("move 5"));
    assert!(lines.next().unwrap().starts_with("error unknown command"));
    assert_eq!(lines.next(), None);
}

#[test]
fn parses_commands_and_rejects_bad_lines() {
    assert_eq!(
        parse("  go 20 5 1\t3 "),
        Ok(Command::Go {
            time: Duration::from_millis(20),
            board: vec![5, 1, 3]
        })
    );
    assert_eq!(parse("quit"), Ok(Command::Quit));
    assert_eq!(parse(""), Err(ProtocolError::EmptyLine));
    assert_eq!(parse("quit now"), Err(ProtocolError::QuitArguments));
    assert_eq!(parse("go"), Err(ProtocolError::BadTime(String::new())));
    assert_eq!(parse("go -5 1"), Err(ProtocolError::BadTime("-5".into())));
    assert_eq!(parse("go 0 1"), Err(ProtocolError::BadTime("0".into())));
    assert_eq!(parse("go 1.5 1"), Err(ProtocolError::BadTime("1.5".into())));
    assert_eq!(parse("go 10"), Err(ProtocolError::EmptyBoard));
    assert_eq!(
        parse("go 10 1 x"),
        Err(ProtocolError::NotANumber("x".into()))
    );
    assert_eq!(
        parse("go 10 1 -1"),
        Err(ProtocolError::NotANumber("-1".into()))
    );
    assert_eq!(parse("go 10 0"), Err(ProtocolError::OutOfRange(0)));
    let too_big = u64::from(MAX_PROTOCOL_NUMBER) + 1;
    assert_eq!(
        parse(&format!("go 10 {too_big}")),
        Err(ProtocolError::OutOfRange(too_big))
    );
    assert_eq!(parse("go 10 2 2"), Err(ProtocolError::Repeated(2)));
    assert_eq!(
        parse("stop"),
        Err(ProtocolError::UnknownCommand("stop".into()))
    );
}

/// Runs `serve` on `input` and returns its answers.
fn answers(input: &str) -> Vec<String> {
    let mut output = Vec::new();
    serve(input.as_bytes(), &mut output).unwrap();
    String::from_utf8(output)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn answers_every_line_until_quit() {
    let out = answers("go 30 4 6 9 12\nnonsense\ngo 30 3 3\nquit\ngo 30 1\n");
    assert_eq!(out.len(), 3);
    assert!(["move 4", "move 6", "move 9", "move 12"].contains(&out[0].as_str()));
    assert!(out[1].starts_with("error "));
    assert!(out[2].starts_with("error "));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_lines_get_one_answer_each(lines in proptest::collection::vec("[ -~]{0,30}", 1..6)) {
        let lines: Vec<String> = lines.into_iter().filter(|l| !l.trim_start().starts_with("quit")).collect();
        // Every line ends in a newline, so an empty line is still a line.
        let input: String = lines.iter().map(|line| format!("{line}\n")).collect();
        let out = answers(&input);
        prop_assert_eq!(out.len(), lines.len());
        for answer in out {
            prop_assert!(answer.starts_with("error ") || answer.starts_with("move "));
        }
    }

    #[test]
    fn random_boards_get_a_legal_move(
        board in proptest::collection::btree_set(1u32..=400, 1..60),
        ms in 1u64..=40,
    ) {
        let mut numbers: Vec<u32> = board.into_iter().collect();
        numbers.reverse();
        let line = format!(
            "go {ms} {}",
            numbers.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
        );
        let out = answers(&line);
        prop_assert_eq!(out.len(), 1);
        let x: u32 = out[0].strip_prefix("move ").expect("a move").parse().unwrap();
        prop_assert!(numbers.contains(&x));
    }
}

#[test]
fn bad_bytes_and_long_words_are_answered_briefly() {
    let mut input = b"\xff\xfe go 100 1 2\ngo 100 1 2\xff\n".to_vec();
    input.extend(b"go 30 ");
    input.extend(std::iter::repeat_n(b'x', 1 << 20));
    input.extend(b"\ngo 30 1 2 3\n");
    let mut output = Vec::new();
    serve(input.as_slice(), &mut output).unwrap();
    let out: Vec<String> = String::from_utf8(output)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(out.len(), 4, "{out:?}");
    assert_eq!(out[0], "error the line is not valid UTF-8");
    assert_eq!(out[1], "error the line is not valid UTF-8");
    assert!(
        out[2].starts_with("error \"xxxx") && out[2].len() < 100,
        "{}",
        out[2]
    );
    assert!(out[3].starts_with("move "));
}

#[test]
fn an_overlong_line_is_refused_and_skipped() {
    use primegame::protocol::MAX_LINE_BYTES;
    let mut input = b"go 30 ".to_vec();
    input.extend(std::iter::repeat_n(b'7', MAX_LINE_BYTES + 1000));
    input.extend(b"\ngo 30 1 2 3\n");
    let mut output = Vec::new();
    serve(input.as_slice(), &mut output).unwrap();
    let output = String::from_utf8(output).unwrap();
    let out: Vec<&str> = output.lines().collect();
    assert_eq!(out.len(), 2);
    assert!(out[0].starts_with("error the line exceeds"));
    assert!(out[1].starts_with("move "));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Any bytes at all: every line gets exactly one answer, and a good line after them too.
    #[test]
    fn arbitrary_bytes_get_one_answer_a_line(
        lines in proptest::collection::vec(
            proptest::collection::vec(any::<u8>().prop_filter("no newline", |&b| b != b'\n'), 0..40),
            1..6,
        ),
    ) {
        let lines: Vec<Vec<u8>> = lines
            .into_iter()
            .filter(|l| !matches!(std::str::from_utf8(l).map(parse), Ok(Ok(Command::Quit))))
            .collect();
        let mut input = Vec::new();
        for line in &lines {
            input.extend(line);
            input.push(b'\n');
        }
        input.extend(b"go 20 1 2 3\n");
        let mut output = Vec::new();
        serve(input.as_slice(), &mut output).unwrap();
        let output = String::from_utf8(output).unwrap();
        let out: Vec<&str> = output.lines().collect();
        prop_assert_eq!(out.len(), lines.len() + 1);
        for answer in &out {
            prop_assert!(answer.starts_with("error ") || answer.starts_with("move "));
        }
        prop_assert!(out.last().unwrap().starts_with("move "));
    }
}

/// A reader that notes when it is first asked for bytes (after the engine is made), and a
/// writer that notes when the answer comes.
struct Timed<T> {
    inner: T,
    first: Option<std::time::Instant>,
}

impl<R: std::io::Read> std::io::Read for Timed<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.first.get_or_insert_with(std::time::Instant::now);
        self.inner.read(buf)
    }
}

impl<R: std::io::BufRead> std::io::BufRead for Timed<R> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        self.first.get_or_insert_with(std::time::Instant::now);
        self.inner.fill_buf()
    }
    fn consume(&mut self, amount: usize) {
        self.inner.consume(amount);
    }
}

impl<W: std::io::Write> std::io::Write for Timed<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.first.get_or_insert_with(std::time::Instant::now);
        self.inner.write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// The time from the engine reading a `go` line to its answer, and the move.
fn timed_answer(ms: u64, board: &[u64]) -> (std::time::Duration, u64) {
    let line = format!(
        "go {ms} {}\n",
        board
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    );
    let mut input = Timed {
        inner: line.as_bytes(),
        first: None,
    };
    let mut output = Timed {
        inner: Vec::new(),
        first: None,
    };
    serve(&mut input, &mut output).unwrap();
    let answer = String::from_utf8(output.inner).unwrap();
    let x = answer
        .trim()
        .strip_prefix("move ")
        .unwrap()
        .parse()
        .unwrap();
    (output.first.unwrap() - input.first.unwrap(), x)
}

#[test]
fn large_boards_are_answered_in_time() {
    // Reading the line, parsing it and building the position count: 10^5 numbers, and two
    // sparse boards whose largest number is 10^6.
    let boards: [Vec<u64>; 3] = [
        (1..=100_000).collect(),
        (1..=249).chain([1_000_000]).collect(),
        (1..=250).map(|k| 4000 * k).collect(),
    ];
    for board in &boards {
        for ms in [100, 500] {
            let (took, x) = timed_answer(ms, board);
            assert!(board.contains(&x), "{x} is not on the board");
            assert!(
                took < std::time::Duration::from_millis(ms),
                "{} numbers up to {}: {took:?} for go {ms}",
                board.len(),
                board.last().unwrap()
            );
        }
    }
}
