//! The Grundy values of an octal game by the rare/common ("sparse space") method.
//!
//! By the definition, heap n of a game that splits heaps costs O(n): every split a + c of
//! n - k. In most octal games the values fall in two classes, a few *rare* ones and the
//! *common* rest, chosen so that two common heaps never XOR to the value being looked for;
//! then only the splits with a rare heap need looking at, and they are few.
//!
//! # Why it is exact
//!
//! A heap of size a has the extended value ε(a) = (g(a), a mod 2), and extended values XOR
//! coordinate-wise. A split of n - k into a + c has ε(a) ⊕ ε(c) = (g(a) ⊕ g(c), (n - k) mod 2).
//! Takes of one parity d form a class with a set C of common extended values; a heap is rare for
//! the class when its extended value is not in C. For a candidate value v of heap n the target
//! is T = (v, (n + d) mod 2). If T is not in C ⊕ C, no split with two common heaps gives v, so
//! v is reached by a split of the class only if it is reached by one with a rare heap, and
//! those are all enumerated. Otherwise the class's splits are scanned, 64 at a time and in
//! turn with the other takes', until the mex moves to a value no class needs to scan for, or
//! every split has been seen. The result is the mex of exactly the options the definition
//! sees, whatever C is; a good C only makes it fast.
//!
//! C is built greedily from the most frequent extended values, keeping it free of x with
//! x ⊕ (0, d) in C ⊕ C. Then a common heap n (ε(n) in C) never needs a scan: its target
//! ε(n) ⊕ (0, d) is outside C ⊕ C. C is rebuilt from the counts as the sequence grows.

use crate::games::octal::OctalGame;
use crate::games::octal::definition::{extend_by_definition, insert_simple_options};
use crate::grundy::mex::{OptionSet, ValueSet, Word};

/// Values up to which the extended-value bitsets stay small; past it the definition takes over.
const MAX_SPARSE_VALUE: u32 = 1 << 20;

/// A growable bitset over extended values.
#[derive(Debug, Default)]
struct Bits(Vec<u64>);

impl Bits {
    fn fit(&mut self, bits: usize) {
        let words = bits / 64 + 1;
        if self.0.len() < words {
            self.0.resize(words, 0);
        }
    }
    fn clear(&mut self) {
        self.0.fill(0);
    }
    #[inline]
    fn get(&self, bit: u32) -> bool {
        self.0[bit as usize / 64] & (1 << (bit % 64)) != 0
    }
    fn set(&mut self, bit: u32) {
        self.0[bit as usize / 64] |= 1 << (bit % 64);
    }
}

/// Splits scanned in one turn of a lane.
const SCAN_CHUNK: usize = 64;

/// The splits of one take in a full scan: heap a + (n - take - a), a from `next` up.
#[derive(Debug)]
struct Lane {
    class: usize,
    take: usize,
    next: usize,
}

/// The split takes of one parity, with their common set and rare heaps.
#[derive(Debug)]
struct Class {
    parity: u32,
    takes: Vec<usize>,
    common: Bits,
    members: Vec<u32>,
    /// C ⊕ C.
    sums: Bits,
    rare_heaps: Vec<u32>,
    rare_values: Vec<u32>,
    /// Rare heaps right after the last rebuild.
    rare_at_rebuild: usize,
}

impl Class {
    fn new(parity: u32, takes: Vec<usize>) -> Self {
        Self {
            parity,
            takes,
            common: Bits::default(),
            members: Vec::new(),
            sums: Bits::default(),
            rare_heaps: Vec::new(),
            rare_values: Vec::new(),
            rare_at_rebuild: 0,
        }
    }

    fn fit(&mut self, ext_bits: usize) {
        self.common.fit(ext_bits);
        self.sums.fit(ext_bits);
    }

    fn can_add(&self, ext: u32) -> bool {
        ext != self.parity && !self.sums.get(ext ^ self.parity)
    }

    fn add(&mut self, ext: u32) {
        self.sums.set(0);
        for &member in &self.members {
            self.sums.set(member ^ ext);
        }
        self.members.push(ext);
        self.common.set(ext);
    }

    /// Files heap n (n >= 1) of value `value` as common or rare.
    fn record(&mut self, n: usize, value: u32) {
        let ext = value << 1 | (n as u32 & 1);
        if self.common.get(ext) {
            return;
        }
        if self.can_add(ext) {
            self.add(ext);
        } else {
            self.rare_heaps.push(n as u32);
            self.rare_values.push(value);
        }
    }

    /// Chooses C again from the counts of the extended values of heaps 1.., most frequent first.
    fn rebuild(&mut self, counts: &[u64], values: &[u32]) {
        self.common.clear();
        self.sums.clear();
        self.members.clear();
        let mut order: Vec<u32> = (0..counts.len() as u32)
            .filter(|&ext| counts[ext as usize] > 0)
            .collect();
        order.sort_by_key(|&ext| std::cmp::Reverse(counts[ext as usize]));
        for ext in order {
            if self.can_add(ext) {
                self.add(ext);
            }
        }
        self.rare_heaps.clear();
        self.rare_values.clear();
        for (n, &value) in values.iter().enumerate().skip(1) {
            if !self.common.get(value << 1 | (n as u32 & 1)) {
                self.rare_heaps.push(n as u32);
                self.rare_values.push(value);
            }
        }
        self.rare_at_rebuild = self.rare_heaps.len();
    }

    /// Whether splits of this class with two common heaps could give `value` at heap n.
    #[inline]
    fn needs_scan(&self, n: usize, value: u32) -> bool {
        self.takes.first().is_some_and(|&k| k + 2 <= n)
            && self.sums.get(value << 1 | ((n as u32 ^ self.parity) & 1))
    }
}

/// g(n) for n = `values.len()`: the simple options and the splits with a rare heap, then the
/// lanes that may still give the mex, scanned in turns.
fn heap_value<S: OptionSet>(
    game: &OctalGame,
    values: &[u32],
    classes: &[Class],
    lanes: &mut [Lane],
    seen: &mut S,
) -> u32 {
    let n = values.len();
    insert_simple_options(game, values, seen);
    for class in classes {
        for &take in &class.takes {
            if take + 2 > n {
                break;
            }
            let rest = n - take;
            // Rare heaps are ascending: those below `rest` form a prefix.
            let count = class.rare_heaps.partition_point(|&a| (a as usize) < rest);
            for (&a, &value) in class.rare_heaps[..count]
                .iter()
                .zip(&class.rare_values[..count])
            {
                seen.insert(value ^ values[rest - a as usize]);
            }
        }
    }
    let mut value = seen.mex();
    // Scan the lanes that may still give `value`, a few splits each in turn: which take
    // reaches a value first varies from heap to heap, and one lane scanned to its end
    // before the next is tried can cost O(n) where another lane answers at once.
    for lane in lanes.iter_mut() {
        lane.next = if lane.take + 2 <= n { 1 } else { usize::MAX };
    }
    loop {
        let mut scanned = false;
        for lane in lanes.iter_mut() {
            let class = &classes[lane.class];
            let rest = n.wrapping_sub(lane.take);
            if lane.next > rest / 2 || !class.needs_scan(n, value) {
                continue;
            }
            scanned = true;
            // A whole chunk, then one look at the mex: no branch in the loop.
            let end = (lane.next + SCAN_CHUNK).min(rest / 2 + 1);
            for a in lane.next..end {
                seen.insert(values[a] ^ values[rest - a]);
            }
            lane.next = end;
            value = seen.mex();
        }
        if !scanned {
            return value;
        }
    }
}

/// The game's split moves by the parity of the tokens they take, one class a parity that has
/// any.
fn classes_of(game: &OctalGame) -> Vec<Class> {
    [0, 1]
        .into_iter()
        .map(|parity| {
            let takes = game
                .takes_splitting()
                .iter()
                .filter(|&&k| k % 2 == u64::from(parity))
                .map(|&k| k as usize)
                .collect();
            Class::new(parity, takes)
        })
        .filter(|class| !class.takes.is_empty())
        .collect()
}

/// One lane a class's take, each at its start.
fn lanes_of(classes: &[Class]) -> Vec<Lane> {
    classes
        .iter()
        .enumerate()
        .flat_map(|(class, c)| {
            c.takes.iter().map(move |&take| Lane {
                class,
                take,
                next: 0,
            })
        })
        .collect()
}

/// Extends `values` (g(0), g(1), ... of `game`) to `len` values by the rare/common method.
/// Equal to [`extend_by_definition`] value for value (the tests check it); far faster on the
/// codes whose values settle into a sparse space.
pub fn extend_sparse(game: &OctalGame, values: &mut Vec<u32>, len: usize) {
    let mut classes = classes_of(game);
    let mut max = values.iter().copied().max().unwrap_or(0);
    if max >= MAX_SPARSE_VALUE {
        return extend_by_definition(game, values, len);
    }
    let mut ext_bits = 0;
    let mut counts: Vec<u64> = Vec::new();
    let mut grow = |max: u32, classes: &mut [Class], counts: &mut Vec<u64>| {
        let bits = 2 * (u64::from(max) + 1).next_power_of_two() as usize;
        if bits > ext_bits {
            ext_bits = bits;
            counts.resize(bits, 0);
            classes.iter_mut().for_each(|class| class.fit(bits));
        }
    };
    grow(max, &mut classes, &mut counts);
    for (n, &value) in values.iter().enumerate().skip(1) {
        counts[(value << 1 | (n as u32 & 1)) as usize] += 1;
    }
    classes
        .iter_mut()
        .for_each(|class| class.rebuild(&counts, values));
    let mut next_rebuild = (values.len() * 2).max(256);
    let mut seen = ValueSet::default();
    let mut lanes = lanes_of(&classes);
    while values.len() < len {
        let n = values.len();
        // Values below 32 XOR below 64: one register holds the options.
        let value = if max < 32 {
            heap_value(game, values, &classes, &mut lanes, &mut Word(0))
        } else {
            seen.reset(max);
            heap_value(game, values, &classes, &mut lanes, &mut seen)
        };
        values.push(value);
        if value > max {
            max = value;
            if max >= MAX_SPARSE_VALUE {
                return extend_by_definition(game, values, len);
            }
            grow(max, &mut classes, &mut counts);
        }
        if n == 0 {
            // Heap 0 is never part of a split.
            continue;
        }
        counts[(value << 1 | (n as u32 & 1)) as usize] += 1;
        for class in &mut classes {
            class.record(n, value);
            if n + 1 >= next_rebuild || class.rare_heaps.len() > 2 * class.rare_at_rebuild + 64 {
                class.rebuild(&counts, values);
            }
        }
        if n + 1 >= next_rebuild {
            next_rebuild *= 2;
        }
    }
}
