//! What the benches share beyond the baselines: the positions the engine benches search, and
//! a small game of our own for the retrograde bench.

// Every bench declares this one module and uses only its own part of it.
#![allow(dead_code)]

pub mod knight_torus;
pub mod positions;
