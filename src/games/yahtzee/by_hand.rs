//! The expected score of every card by hand: the dynamic programme a user writes without
//! the crate (Verhoeff's and Glenn's), a turn at a time, the independent computation the
//! tests hold the retrograde solve to and the bench's baseline.

use super::card::{Card, Category, Joker};
use super::dice::{DICE, Dice, FIRST_OF_SIZE, every_dice};

/// The number of cards the table indexes: 13 bits of boxes, 64 upper totals, the Yahtzee
/// flag.
const CARDS: usize = (1 << 13) * 64 * 2;

fn card_index(card: &Card) -> usize {
    (usize::from(card.filled()) * 64 + usize::from(card.upper())) * 2
        + usize::from(card.yahtzee_fifty())
}

/// The expected score still to come of every card at the start of a turn, with optimal play.
#[derive(Debug, Clone)]
pub struct ExpectedScores {
    values: Vec<f64>,
}

impl ExpectedScores {
    /// The expected score still to come from `card`, at the start of a turn.
    #[must_use]
    pub fn at(&self, card: &Card) -> f64 {
        self.values[card_index(card)]
    }
}

/// Every multiset of up to five dice, numbered size by size, each by its rank, and the
/// multisets one more die makes.
struct Multisets {
    dice: Vec<Dice>,
    /// For each multiset of fewer than five dice, the number of each one more face makes.
    with: Vec<[usize; 6]>,
}

impl Multisets {
    fn new() -> Self {
        let dice = every_dice();
        let with = dice
            .iter()
            .map(|d| core::array::from_fn(|f| d.with(f as u8 + 1).map_or(0, |d| d.number())))
            .collect();
        Self { dice, with }
    }
}

/// The expected score of every card with `fewest` boxes filled or more under the `joker`
/// rule (0 for the others), by a backward pass over the cards (more boxes filled first)
/// and, for each, a pass over its turn: the five dice scored best, then for each of the three
/// rolls the dice kept valued (the mean over one more die, a die at a time) and the choice
/// after the roll (keep all, or drop a die at a time).
#[must_use]
pub fn expected_scores(joker: Joker, fewest: u32) -> ExpectedScores {
    let sets = Multisets::new();
    let mut values = vec![0.0; CARDS];
    let mut turn = Turn::new(sets.dice.len());
    for filled in (0..1u16 << 13).rev() {
        if filled.count_ones() < fewest {
            continue;
        }
        for upper in 0..64 {
            for fifty in [false, true] {
                let Some(card) = Card::new(joker, filled, upper, fifty) else {
                    continue;
                };
                if !card.is_full() && card.turns_played() >= fewest {
                    values[card_index(&card)] = turn.value(&card, &sets, &values);
                }
            }
        }
    }
    ExpectedScores { values }
}

/// A turn's working values, a number of a multiset each.
struct Turn {
    /// The value of the dice kept before a roll, the roll's number given.
    kept: Vec<f64>,
    /// The value of the choice after a roll: the dice still held, the rest to roll or drop.
    choice: Vec<f64>,
    /// The value of five dice scored now.
    scored: Vec<f64>,
}

impl Turn {
    fn new(len: usize) -> Self {
        Self {
            kept: vec![0.0; len],
            choice: vec![0.0; len],
            scored: vec![0.0; len],
        }
    }

    /// The expected score still to come from `card`'s turn.
    fn value(&mut self, card: &Card, sets: &Multisets, values: &[f64]) -> f64 {
        let five = FIRST_OF_SIZE[5]..FIRST_OF_SIZE[6];
        for at in five.clone() {
            let dice = sets.dice[at];
            self.scored[at] = Category::ALL
                .iter()
                .filter(|&&c| card.may_score(dice, c))
                .map(|&c| {
                    f64::from(card.points(dice, c)) + values[card_index(&card.after(dice, c))]
                })
                .fold(f64::MIN, f64::max);
        }
        // After the third roll: score.
        self.choice[five.clone()].copy_from_slice(&self.scored[five.clone()]);
        for roll in (1..=3).rev() {
            // Before roll `roll`: five dice are its outcome's choice, fewer the mean.
            for at in five.clone() {
                self.kept[at] = self.choice[at];
            }
            for at in (0..FIRST_OF_SIZE[5]).rev() {
                self.kept[at] = sets.with[at].iter().map(|&n| self.kept[n]).sum::<f64>() / 6.0;
            }
            if roll == 1 {
                break;
            }
            // After roll `roll - 1`: score, keep all for the next roll, or drop a die.
            for at in 0..FIRST_OF_SIZE[6] {
                let dice = sets.dice[at];
                let mut best = self.kept[at];
                if dice.len() == DICE {
                    best = best.max(self.scored[at]);
                }
                for face in dice.faces() {
                    let fewer = dice.without(face).map_or(0, |d| d.number());
                    best = best.max(self.choice[fewer]);
                }
                self.choice[at] = best;
            }
        }
        self.kept[0]
    }
}
