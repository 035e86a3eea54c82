//! What the command lines of the gamesolver workspace share (the library's examples and the
//! `primegame` tool): why a command gave no answer, with the exit status that says which
//! ([`failure`]), and a quiet end when standard output is closed ([`pipe`]).

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod failure;
pub mod pipe;
