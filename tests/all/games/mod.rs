//! Each game of `gamesolver::games` against an independent computation.

mod bearoff;
mod bearoff_bounds;
mod bearoff_engine;
mod connect4;
mod dobutsu;
mod dots_and_boxes;
mod kalah;
mod pig;
mod prime;
mod three_mens_morris;
mod yahtzee;
