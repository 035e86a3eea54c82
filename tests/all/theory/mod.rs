//! Impartial games: subtraction games, octal games, sums of heaps and misère quotients, each
//! against an exhaustive search written apart from the crate.

mod heap_theory;
mod heaps;
mod misere;
mod octal;
mod subtraction;
