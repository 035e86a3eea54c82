//! PrimeGame from the command line.
//!
//! ```text
//! primegame                      the rules' example for n = 20, then the optimal game
//! primegame solve N              exact value, optimal first moves and a line for 1..=N
//! primegame solve --board X,Y,.. the same for any position, the side to move's value
//! primegame match --n N --ms MS --games G A B
//!                                G games of strategy A against B, MS milliseconds a move
//! primegame engine               the engine protocol on stdin and stdout (see README)
//! ```

#[path = "../common/pipe.rs"]
mod pipe;

mod arena;
mod solve;

use std::process::ExitCode;

const USAGE: &str = "usage: primegame [solve N | solve --board X1,X2,... \
                     | match --n N --ms MS --games G A B | engine]";

fn main() -> ExitCode {
    pipe::quiet_on_closed_pipe();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let result = match args.as_slice() {
        [] => solve::rules_example(),
        ["solve", "--board", list] => solve::parse_board(list).and_then(solve::solve),
        ["solve", n] => solve::parse_size(n).and_then(solve::solve),
        ["match", rest @ ..] => arena::run(rest),
        ["engine"] => {
            let (stdin, stdout) = (std::io::stdin(), std::io::stdout());
            gamesolver::games::prime::protocol::serve(stdin.lock(), stdout.lock())
                .map_err(|e| e.to_string())
        }
        _ => Err(String::from("unknown command")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(reason) => {
            eprintln!("error: {reason}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}
