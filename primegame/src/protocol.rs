//! A line protocol for playing the engine from other programs (the contest's referees and bots
//! are written in Java).
//!
//! One command per line on the input, one answer line per command on the output, flushed at
//! once:
//!
//! - `go MS X1 X2 ... XK`: the numbers still on the board, in any order, the engine to move;
//!   the answer is `move X` with X on that board, sent within MS milliseconds of reading the
//!   line: parsing it and building the position count against MS (the engine aims for 80 % of
//!   it, less 2 ms). If building the position leaves no time, the answer is the greedy move;
//!   if parsing leaves none, the largest prime sent (or the largest number).
//! - `quit`: no answer; the engine stops.
//! - anything else, a malformed or empty board (a repeated number, 0, a non-number, a number
//!   above [`MAX_PROTOCOL_NUMBER`]), or MS not a positive integer: the answer is
//!   `error REASON` on one line, and the engine keeps going.

use crate::contest::contest_engine;
use gamesolver::games::prime::Sieve;
use gamesolver::games::prime::{PrimeEvaluator, PrimeGame, PrimeKnowledge};
use gamesolver::search::ReplyDeadline;
use gamesolver::{Budget, Engine};
use std::io::{BufRead, Read, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};
use thiserror::Error;

/// The largest number a board sent over the protocol may hold: 10^6.
pub const MAX_PROTOCOL_NUMBER: u32 = 1_000_000;

/// The longest line the protocol reads: 16 MiB, twice a board of every number up to
/// [`MAX_PROTOCOL_NUMBER`]. A longer line is answered with an error and skipped.
pub const MAX_LINE_BYTES: usize = 16 << 20;

/// A parsed protocol line.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Command {
    /// Choose a move on `board` within `time`.
    Go {
        /// The time allowed.
        time: Duration,
        /// The numbers on the board, as sent.
        board: Vec<u32>,
    },
    /// Stop.
    Quit,
}

/// Why a protocol line was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Error)]
pub enum ProtocolError {
    /// An empty line.
    #[error("empty line")]
    EmptyLine,
    /// A first word that is not a command.
    #[error("unknown command {0:?} (expected go or quit)")]
    UnknownCommand(String),
    /// A missing or malformed time.
    #[error("time {0:?} is not a positive integer of milliseconds")]
    BadTime(String),
    /// `go` with no number.
    #[error("the board is empty")]
    EmptyBoard,
    /// A word on the board that is not a number.
    #[error("{0:?} is not a number")]
    NotANumber(String),
    /// A number out of range.
    #[error("{0} is outside 1..={MAX_PROTOCOL_NUMBER}")]
    OutOfRange(u64),
    /// A number sent twice.
    #[error("{0} is listed more than once")]
    Repeated(u32),
    /// Words after `quit`.
    #[error("quit takes no arguments")]
    QuitArguments,
}

/// Parses one line.
///
/// # Errors
///
/// A [`ProtocolError`] saying what is wrong with the line.
///
/// # Examples
///
/// (Checked in `primegame/tests/protocol.rs`.)
///
/// ```text
/// use crate::protocol::{parse, Command, ProtocolError};
/// use std::time::Duration;
///
/// assert_eq!(
///     parse("go 500 3 1 2")?,
///     Command::Go { time: Duration::from_millis(500), board: vec![3, 1, 2] }
/// );
/// assert_eq!(parse("quit")?, Command::Quit);
/// assert_eq!(parse("go 500 3 3"), Err(ProtocolError::Repeated(3)));
/// # Ok::<(), ProtocolError>(())
/// ```
pub fn parse(line: &str) -> Result<Command, ProtocolError> {
    let mut words = AsciiWords { rest: line };
    match words.next() {
        None => Err(ProtocolError::EmptyLine),
        Some("quit") => match words.next() {
            None => Ok(Command::Quit),
            Some(_) => Err(ProtocolError::QuitArguments),
        },
        Some("go") => {
            let time_word = words.next().unwrap_or("");
            let millis = time_word
                .parse::<u64>()
                .ok()
                .filter(|&ms| ms > 0)
                .ok_or_else(|| ProtocolError::BadTime(shown(time_word)))?;
            // At least two bytes a number: no reallocation on a large board.
            let mut board = Vec::with_capacity((line.len() / 2).min(MAX_PROTOCOL_NUMBER as usize));
            // A bit a number: ten times faster than a hash set on a board of 10^6.
            let mut seen = vec![0u64; MAX_PROTOCOL_NUMBER as usize / 64 + 1];
            for word in words {
                let x = board_number(word)?;
                let (word, bit) = (x as usize / 64, 1 << (x % 64));
                if seen[word] & bit != 0 {
                    return Err(ProtocolError::Repeated(x));
                }
                seen[word] |= bit;
                board.push(x);
            }
            if board.is_empty() {
                return Err(ProtocolError::EmptyBoard);
            }
            Ok(Command::Go {
                time: Duration::from_millis(millis),
                board,
            })
        }
        Some(other) => Err(ProtocolError::UnknownCommand(shown(other))),
    }
}

/// The words of a line between ASCII whitespace, as `split_ascii_whitespace` gives them but
/// about twice as fast on a line of millions of bytes (whitespace is skipped byte by byte with
/// no per-character decoding).
struct AsciiWords<'a> {
    rest: &'a str,
}

impl<'a> Iterator for AsciiWords<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let bytes = self.rest.as_bytes();
        let start = bytes.iter().position(|b| !b.is_ascii_whitespace())?;
        let end = bytes[start..]
            .iter()
            .position(u8::is_ascii_whitespace)
            .map_or(bytes.len(), |len| start + len);
        // ASCII whitespace bytes are character boundaries.
        let word = &self.rest[start..end];
        self.rest = &self.rest[end..];
        Some(word)
    }
}

/// A number of a board: digits read directly in the common case (a board of 10^6 numbers is
/// parsed in a few milliseconds), the standard parser and its errors otherwise.
fn board_number(word: &str) -> Result<u32, ProtocolError> {
    let digits = word.as_bytes();
    let number = if digits.len() <= 9 && digits.iter().all(u8::is_ascii_digit) {
        digits
            .iter()
            .fold(0u64, |value, &digit| value * 10 + u64::from(digit - b'0'))
    } else {
        word.parse()
            .map_err(|_| ProtocolError::NotANumber(shown(word)))?
    };
    u32::try_from(number)
        .ok()
        .filter(|x| (1..=MAX_PROTOCOL_NUMBER).contains(x))
        .ok_or(ProtocolError::OutOfRange(number))
}

/// Serves the protocol: reads commands from `input` until `quit` or the end of input, and
/// answers each on `output`, flushing every line.
///
/// # Errors
///
/// Only errors of `input` or `output` themselves; bad commands (bad UTF-8, overlong lines
/// included) are answered, not returned. An error never echoes more than the first 32
/// characters of a bad word.
///
/// # Examples
///
/// ```text
/// let input = "go 50 1 2 3 4 5 6\nhello\nquit\n";
/// let mut output = Vec::new();
/// crate::protocol::serve(input.as_bytes(), &mut output)?;
/// let output = String::from_utf8(output).unwrap();
/// let mut lines = output.lines();
/// assert_eq!(lines.next(), Some("move 5"));
/// assert!(lines.next().unwrap().starts_with("error unknown command"));
/// # Ok::<(), std::io::Error>(())
/// ```
#[allow(dead_code)] // the example serves on `serve_on_threads`; the tests call this
pub fn serve(input: impl BufRead, output: impl Write) -> std::io::Result<()> {
    serve_on_threads(input, output, 1)
}

/// As [`serve`], searching on `threads` threads (see
/// [`Engine::with_threads`](gamesolver::Engine::with_threads)); `serve` uses one, as an engine in a
/// contest may share its machine.
///
/// # Errors
///
/// As [`serve`].
pub fn serve_on_threads(
    mut input: impl BufRead,
    mut output: impl Write,
    threads: usize,
) -> std::io::Result<()> {
    let mut engine = contest_engine(threads);
    let mut reply_deadline = ReplyDeadline::default();
    // The last board's sieve, for the next board (10 ms at n = 10^6).
    let mut sieve: Option<Arc<Sieve>> = None;
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        // The clock starts when the line's first bytes are in, as near as this side can see
        // the sender's write: a board of 10^6 numbers takes milliseconds to come through.
        if input.fill_buf()?.is_empty() {
            break;
        }
        let received = Instant::now();
        // Bytes, not a String: one line of bad UTF-8 is answered like any bad line.
        input
            .by_ref()
            .take(MAX_LINE_BYTES as u64 + 1)
            .read_until(b'\n', &mut bytes)?;
        // Large boards are freed after the answer: returning 30 MB to the system takes
        // milliseconds.
        let (mut built, mut parsed, mut replied_by) = (None, Vec::new(), None);
        let answer = if bytes.len() > MAX_LINE_BYTES && bytes.last() != Some(&b'\n') {
            skip_line(&mut input)?;
            format!("error the line exceeds {MAX_LINE_BYTES} bytes")
        } else {
            let line = bytes.strip_suffix(b"\n").unwrap_or(&bytes);
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            match std::str::from_utf8(line).map(parse) {
                Err(_) => String::from("error the line is not valid UTF-8"),
                Ok(Ok(Command::Quit)) => break,
                Ok(Ok(Command::Go { time, board })) => {
                    let search_until = reply_deadline.search_deadline(received, time);
                    let answer;
                    (answer, built) = go(&mut engine, search_until, &board, sieve.as_ref());
                    parsed = board;
                    replied_by = Some(search_until);
                    answer
                }
                Ok(Err(error)) => format!("error {error}"),
            }
        };
        writeln!(output, "{answer}")?;
        output.flush()?;
        if let Some(search_until) = replied_by {
            reply_deadline.record_reply(search_until, Instant::now());
        }
        if built.is_some() {
            sieve = built.map(|position| Arc::clone(position.sieve())).or(sieve);
        }
        drop(parsed);
    }
    Ok(())
}

/// The answer to `go`: the engine's move on `board`, searched until `search_until` (from the
/// session's [`ReplyDeadline`]), with a legal move ready at every step before: the largest prime
/// sent (or the largest number) before the position is built, its greedy move after. Returns
/// the answer and the position, if one was built.
fn go(
    engine: &mut Engine<PrimeGame, PrimeEvaluator, PrimeKnowledge>,
    search_until: Instant,
    board: &[u32],
    sieve: Option<&Arc<Sieve>>,
) -> (String, Option<PrimeGame>) {
    let Some(&largest) = board.iter().max() else {
        return (String::from("error the board has no move"), None);
    };
    // Building takes about 30 ns a number (measured: 17 to 30 ms for 10^6); without the
    // time for it, the fallback.
    let build_time = Duration::from_nanos(BUILD_NANOS_PER_NUMBER * board.len() as u64);
    if Instant::now() + build_time >= search_until {
        let x = largest_prime(board).unwrap_or(largest);
        return (format!("move {x}"), None);
    }
    let numbers = board.iter().map(|&x| u64::from(x));
    let built = match sieve {
        Some(sieve) => PrimeGame::from_numbers_with_sieve(largest, numbers, sieve),
        None => PrimeGame::from_numbers(largest, numbers),
    };
    let mut position = match built {
        Ok(position) => position,
        Err(error) => return (format!("error {error}"), None),
    };
    let fallback = position.greedy_move().unwrap_or(largest);
    let x = if Instant::now() >= search_until {
        fallback
    } else {
        let budget = Budget::default().with_deadline(search_until);
        engine
            .search_in_place(&mut position, budget)
            .map_or(fallback, |result| result.best_move)
    };
    (format!("move {x}"), Some(position))
}

/// A generous estimate of the time to build a position, per number on the board.
const BUILD_NANOS_PER_NUMBER: u64 = 40;

/// The largest prime of `board`, by trial division from its largest number down: prime gaps
/// below 10^6 are at most 114, so a few dozen numbers are tried. O(numbers), no sort.
fn largest_prime(board: &[u32]) -> Option<u32> {
    let largest = *board.iter().max()? as usize;
    let mut on = vec![0u64; largest / 64 + 1];
    for &x in board {
        on[x as usize / 64] |= 1 << (x % 64);
    }
    let is_prime = |x: u32| {
        x >= 2
            && (2..)
                .take_while(|d| d * d <= x)
                .all(|d| !x.is_multiple_of(d))
    };
    (1..=largest as u32)
        .rev()
        .find(|&x| on[x as usize / 64] & (1 << (x % 64)) != 0 && is_prime(x))
}

/// Reads and drops the rest of an overlong line.
fn skip_line(input: &mut impl BufRead) -> std::io::Result<()> {
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok(());
        }
        match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => {
                input.consume(end + 1);
                return Ok(());
            }
            None => {
                let len = buffer.len();
                input.consume(len);
            }
        }
    }
}

/// A word as an error shows it: whole when short, else its first characters and an ellipsis.
fn shown(word: &str) -> String {
    const SHOWN_CHARS: usize = 32;
    match word.char_indices().nth(SHOWN_CHARS) {
        Some((cut, _)) => format!("{}…", &word[..cut]),
        None => word.to_owned(),
    }
}
