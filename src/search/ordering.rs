//! A move order the search learns by itself, for games whose margins tell few moves apart:
//! killer moves (the last two moves that cut off at each ply) and a history of how often each
//! move cut off anywhere. Only an order: values never depend on it.

use crate::game::mix64;
use std::hash::{Hash, Hasher};

/// Slots of the history; moves that share a slot share a count, which only blurs the order.
const HISTORY_SLOTS: usize = 1 << 12;

/// Killers rank above any history count.
const KILLER_RANK: u64 = 1 << 62;

/// The learned order: killers per ply and a history of cut-offs.
#[derive(Debug, Clone)]
pub(crate) struct Ordering<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<u64>,
}

impl<M> Default for Ordering<M> {
    fn default() -> Self {
        Self {
            killers: Vec::new(),
            history: vec![0; HISTORY_SLOTS],
        }
    }
}

/// A hasher of the few words a move writes: enough to spread moves over the history.
#[derive(Default)]
struct MoveHasher(u64);

impl Hasher for MoveHasher {
    fn finish(&self) -> u64 {
        mix64(self.0)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }
    fn write_u16(&mut self, i: u16) {
        self.write_u64(u64::from(i));
    }
    fn write_u32(&mut self, i: u32) {
        self.write_u64(u64::from(i));
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = mix64(self.0 ^ i);
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
}

fn slot<M: Hash>(mv: &M) -> usize {
    let mut hasher = MoveHasher::default();
    mv.hash(&mut hasher);
    // Truncation is fine: only the low bits pick the slot.
    hasher.finish() as usize & (HISTORY_SLOTS - 1)
}

impl<M: Copy + Eq + Hash> Ordering<M> {
    /// How early `mv` goes at `ply`, among moves of the same margin: larger first.
    #[inline]
    pub fn rank(&self, mv: M, ply: usize) -> u64 {
        let killer = self.killers.get(ply).map_or(0, |killers| {
            if killers[0] == Some(mv) {
                KILLER_RANK + 1
            } else if killers[1] == Some(mv) {
                KILLER_RANK
            } else {
                0
            }
        });
        killer + self.history[slot(&mv)]
    }

    /// `mv` cut off a node at `ply`.
    pub fn cut_off(&mut self, mv: M, ply: usize) {
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None, None]);
        }
        let killers = &mut self.killers[ply];
        if killers[0] != Some(mv) {
            killers[1] = killers[0].replace(mv);
        }
        let count = &mut self.history[slot(&mv)];
        *count = (*count + 1).min(KILLER_RANK - 1);
    }

    /// Forgets what was learned.
    pub fn clear(&mut self) {
        self.killers.clear();
        self.history.fill(0);
    }
}
