//! The independent oracles the areas share: PrimeGame written again from scratch with plain
//! negamax ([`plain_prime`]), and plain negamax for any game where a mover may move again
//! ([`keep_turn`]).

pub mod keep_turn;
pub mod plain_prime;
