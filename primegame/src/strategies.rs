//! The reference players of the PrimeGame contest, and a two-ply lookahead.

use gamesolver::arena::Strategy;
use gamesolver::games::prime::PrimeGame;
use gamesolver::{Game, ScoringGame};
use std::time::Instant;

/// Takes the number of largest gain (number minus its divisors on the board), ties to the
/// larger number.
#[derive(Debug, Clone, Copy, Default)]
pub struct Greedy;

impl Strategy<PrimeGame> for Greedy {
    fn name(&self) -> &str {
        "greedy"
    }
    fn choose(&mut self, position: &PrimeGame, _: Instant) -> Option<u32> {
        position.greedy_move()
    }
}

/// Takes the largest prime on the board, else the largest number.
#[derive(Debug, Clone, Copy, Default)]
pub struct LargestPrimeFirst;

impl Strategy<PrimeGame> for LargestPrimeFirst {
    fn name(&self) -> &str {
        "prime"
    }
    fn choose(&mut self, position: &PrimeGame, _: Instant) -> Option<u32> {
        let largest_prime = position.numbers().rev().find(|&x| position.is_prime(x));
        largest_prime.or_else(|| position.numbers().next_back())
    }
}

/// Takes 1 while it is on the board, then plays greedily.
#[derive(Debug, Clone, Copy, Default)]
pub struct OneThenGreedy;

impl Strategy<PrimeGame> for OneThenGreedy {
    fn name(&self) -> &str {
        "onegreedy"
    }
    fn choose(&mut self, position: &PrimeGame, _: Instant) -> Option<u32> {
        if position.contains(1) {
            Some(1)
        } else {
            position.greedy_move()
        }
    }
}

/// Looks two plies ahead: the move that maximizes its gain minus the best gain the opponent
/// has after it, ties to the larger number.
#[derive(Debug, Clone, Copy, Default)]
pub struct TwoPly;

impl Strategy<PrimeGame> for TwoPly {
    fn name(&self) -> &str {
        "twoply"
    }
    fn choose(&mut self, position: &PrimeGame, _: Instant) -> Option<u32> {
        position.numbers().max_by_key(|&x| {
            let child = position.after(x);
            let reply = child.greedy_move().map_or(0, |y| child.margin(y));
            (position.margin(x) - reply, x)
        })
    }
}
