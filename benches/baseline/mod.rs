//! The naive baselines of the benches: what a user would write by hand, each beside the
//! crate's way in the bench of its game, so that a ratio is read off one run.

// Every bench declares this one module and uses the baselines of its own game: the others
// are unused there.
#![allow(dead_code)]

pub mod bearoff_dp;
pub mod connect4_by_hand;
pub mod grundy_naive;
pub mod kalah_naive;
pub mod kalah_turns;
pub mod octal_naive;
pub mod pig_by_hand;
pub mod prime_bounded;
pub mod prime_copy_make;
pub mod prime_naive;
pub mod prime_plain_ab;
pub mod retro_value_iteration;
