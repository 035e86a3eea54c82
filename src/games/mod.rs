//! The games that come with the crate, each in one module of its own.
//!
//! # Where a game goes
//!
//! Every game the crate ships lives here, one module a game, and nowhere else: its rules, its
//! knowledge (each item proven beside its code), its errors and whatever it is solved with
//! (an endgame table, a numbering for the retrograde solver, a brute force the tests check
//! the solvers against). Its tests are in `tests/games/`, its bench in `benches/`, and a
//! command line over it, if it has one, in `examples/`, short and built on this module.
//!
//! A game here is written as a user would write it in a crate of their own: it names the
//! generic layers only through what the crate's root re-exports and the public items of
//! [`game`](crate::game), [`search`](crate::search), [`grundy`](crate::grundy) and
//! [`retrograde`](crate::retrograde), never a `pub(crate)` item. So each of them shows what
//! the public API can do, and the generic layers name no game.
//!
//! - Scoring games: [`prime`] (PrimeGame, the contest's game), [`kalah`], [`connect4`],
//!   [`dots_and_boxes`] (a completed box keeps the turn).
//! - Impartial games: [`subtraction`] (subtraction Nim), [`octal`] (Kayles and the octal
//!   games), [`heaps`] (sums of heaps of any heap game).
//! - Games whose positions repeat, won, lost or drawn: [`dobutsu`] (Dobutsu shogi, solved
//!   whole by the indexed retrograde path), [`three_mens_morris`].

pub mod connect4;
pub mod dobutsu;
pub mod dots_and_boxes;
pub mod heaps;
pub mod kalah;
pub mod octal;
pub mod prime;
pub mod subtraction;
pub mod three_mens_morris;
