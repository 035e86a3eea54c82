//! `primegame`: the contest tool's command line (see [`primegame::cli`]).

fn main() {
    primegame::cli::main();
}
