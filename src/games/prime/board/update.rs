//! Playing and taking back: a number leaving the board and coming back, with the updates it
//! causes to its divisors and live multiples, and nothing else.

use super::live::multiples_from;
use super::{PrimeGame, zobrist};
use std::sync::Arc;

impl PrimeGame {
    /// Takes `r` off the board and updates the state of its divisors and live multiples.
    pub(super) fn remove(&mut self, r: u32) {
        if self.floor <= 1 && r >= 2 {
            self.relation_mass -= self.mass_of(r);
        }
        if self.is_strong(r) {
            self.strong -= 1;
        }
        let live = r >= self.floor;
        self.removed
            .push((r, if live { self.best.raw(r) } else { 0 }));
        self.board.set(r as usize - 1, false);
        self.remaining -= 1;
        self.key ^= zobrist(r);
        if live {
            self.best.put(r, 0);
        }
        // Out of the list of numbers: the last one takes its slot.
        let slot = self.slots[r as usize] as usize;
        let last = self.present.pop().unwrap_or(r);
        if last != r {
            self.present[slot] = last;
            self.slots[last as usize] = slot as u32;
        }
        if r == 1 {
            // Every stored gain already counts 1 apart: nothing else changes.
            return;
        }
        self.count_as_multiple(r, -1);
        if !live || self.multiples_left[r as usize] > 0 {
            // Every live multiple still on the board loses the divisor r: it gains r.
            self.shift_live_multiples(r, r as i32);
        }
    }

    /// Puts `r` back on the board with its stored gain `raw` (0 if it was below the floor
    /// then), exactly undoing its `remove`, the last one not undone.
    pub(super) fn restore(&mut self, r: u32, raw: i32) {
        if r >= 2 {
            // A count frozen since it left (live then) says whether to look for multiples.
            if raw == 0 || self.multiples_left[r as usize] > 0 {
                self.shift_live_multiples(r, -(r as i32));
            }
            self.count_as_multiple(r, 1);
        }
        let slot = self.slots[r as usize] as usize;
        if slot == self.present.len() {
            self.present.push(r);
        } else {
            let moved = self.present[slot];
            self.slots[moved as usize] = self.present.len() as u32;
            self.present.push(moved);
            self.present[slot] = r;
        }
        self.board.set(r as usize - 1, true);
        self.remaining += 1;
        self.key ^= zobrist(r);
        if r >= self.floor {
            if raw != 0 {
                // Its gain and counts were frozen while it was off the board.
                self.best.put(r, raw);
            } else {
                // Below the floor when it left, live now: from its divisors and multiples.
                self.make_live(r);
                self.best.relink(r);
            }
        }
        if self.is_strong(r) {
            self.strong += 1;
        }
        if self.floor <= 1 && r >= 2 {
            self.relation_mass += self.mass_of(r);
        }
    }

    /// What removing `r` >= 2 takes out of the relation mass (every number live): its
    /// divisors other than 1 on the board (r minus its stored gain) and r once for each
    /// multiple left.
    fn mass_of(&self, r: u32) -> u64 {
        let divisors = i64::from(r) - self.best.gain(r);
        // The divisors on the board sum to r - gain >= 0.
        divisors as u64 + u64::from(r) * u64::from(self.multiples_left[r as usize])
    }

    /// Whether live `x` counts toward `strong`: a stored gain at or above the floor and a
    /// divisor other than 1 or a multiple on the board. Never with every number live.
    pub(super) fn is_strong(&self, x: u32) -> bool {
        self.floor > 1 && x >= self.floor && self.contains(x) && {
            let gain = self.best.gain(x);
            gain >= i64::from(self.floor)
                && (gain != i64::from(x) || self.multiples_left[x as usize] > 0)
        }
    }

    /// Adds `delta` to the stored gain of every live multiple of `d` >= 2 on the board,
    /// keeping `strong`.
    fn shift_live_multiples(&mut self, d: u32, delta: i32) {
        // Multiples above the floor and above d; the list of numbers is only read.
        let first = u64::from(self.floor).div_ceil(u64::from(d)).max(2) * u64::from(d);
        let Ok(first) = u32::try_from(first) else {
            return;
        };
        let numbers = std::mem::take(&mut self.present);
        multiples_from(d, first, self.size(), &numbers, |m| {
            // A live number on the board has a stored gain.
            if self.best.holds(m) {
                let was = self.is_strong(m);
                self.best.add(m, delta);
                self.strong = self.strong + u32::from(self.is_strong(m)) - u32::from(was);
            }
        });
        self.present = numbers;
    }

    /// Adds `delta` to the multiple counts of the live divisors (from 2) of `r` on the board.
    fn count_as_multiple(&mut self, r: u32, delta: i32) {
        if u64::from(r) >= 2 * u64::from(self.floor) {
            // A live divisor is at least the floor and at most r / 2.
            let sieve = Arc::clone(&self.sieve);
            sieve.for_each_proper_divisor(r, |d| {
                if d >= 2 && d >= self.floor && self.board[d as usize - 1] {
                    let was = self.is_strong(d);
                    let count = &mut self.multiples_left[d as usize];
                    *count = count.wrapping_add_signed(delta);
                    self.strong = self.strong + u32::from(self.is_strong(d)) - u32::from(was);
                }
            });
        }
    }
}
