//! The score card: its thirteen categories, what five dice score in each (the Joker rule
//! included), and what a turn leaves of the card for the turns after it.

use super::dice::{DICE, Dice};

/// A box of the score card. The upper section (Aces to Sixes) scores the dice showing its
/// face; the lower section scores patterns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[allow(missing_docs)] // the names are the card's own
pub enum Category {
    Aces,
    Twos,
    Threes,
    Fours,
    Fives,
    Sixes,
    ThreeOfAKind,
    FourOfAKind,
    FullHouse,
    SmallStraight,
    LargeStraight,
    Yahtzee,
    Chance,
}

impl Category {
    /// Every category, in the card's order (its bit in [`Card::filled`] is its place here).
    pub const ALL: [Category; 13] = [
        Category::Aces,
        Category::Twos,
        Category::Threes,
        Category::Fours,
        Category::Fives,
        Category::Sixes,
        Category::ThreeOfAKind,
        Category::FourOfAKind,
        Category::FullHouse,
        Category::SmallStraight,
        Category::LargeStraight,
        Category::Yahtzee,
        Category::Chance,
    ];

    /// The category of the upper section that scores `face` (1 to 6).
    #[must_use]
    pub fn upper(face: u8) -> Option<Category> {
        Self::ALL.get(usize::from(face.checked_sub(1)?)).copied()
    }

    /// The face the category scores, if it is of the upper section.
    #[inline]
    #[must_use]
    pub fn face(self) -> Option<u8> {
        let at = self as u8;
        (at < 6).then_some(at + 1)
    }

    #[inline]
    fn bit(self) -> u16 {
        1 << (self as u16)
    }
}

/// What the Joker rule lets a Yahtzee do when the Yahtzee box is filled (with 50 or 0). Either
/// way a Yahtzee box of 50 earns [`YAHTZEE_BONUS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub enum Joker {
    /// The rules of Verhoeff's optimal player (1999), whose optimum is 254.5896 and which
    /// Glenn (2006) solves too: the Yahtzee may go in any empty box; the full house and
    /// straights score it in full (25, 30, 40) once the upper box of its face is filled.
    #[default]
    Free,
    /// The rules of Hasbro's booklet: the upper box of its face if it is empty, else any
    /// empty box of the lower section (the full house and straights in full), else any
    /// empty box (scoring 0). Its optimum is about 0.0019 below.
    Forced,
}

/// The upper box of `face` (1 to 6).
#[inline]
fn upper_of(face: u8) -> Category {
    Category::ALL[usize::from(face - 1)]
}

/// The upper section's total that earns its bonus.
pub const UPPER_GOAL: u8 = 63;
/// The upper section's bonus.
pub const UPPER_BONUS: u32 = 35;
/// The bonus for each Yahtzee after one scored 50 in its box.
pub const YAHTZEE_BONUS: u32 = 100;

/// What of the score card matters for the turns to come: the boxes filled, the upper
/// section's total up to [`UPPER_GOAL`] (more earns no more), and whether the Yahtzee box
/// holds 50 (so that another Yahtzee earns [`YAHTZEE_BONUS`]). The points scored so far do
/// not matter: the game's value is what is still to come. The card carries the [`Joker`]
/// rule it is scored by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Card {
    filled: u16,
    upper: u8,
    yahtzee_fifty: bool,
    joker: Joker,
}

impl Card {
    /// The empty card, a game's start, scored by the `joker` rule.
    #[must_use]
    pub fn empty(joker: Joker) -> Self {
        Self {
            joker,
            ..Self::default()
        }
    }

    /// The card scored by the `joker` rule with the boxes of `filled` (a bit a category, [`Category::ALL`]'s order)
    /// filled, `upper` in the upper section (capped at [`UPPER_GOAL`]) and the Yahtzee box
    /// at 50 if `yahtzee_fifty`; `None` if such a card cannot arise in play (a bit past
    /// the thirteen, an upper total its filled boxes cannot make, a Yahtzee box at 50 that is
    /// not filled).
    #[inline]
    #[must_use]
    pub fn new(joker: Joker, filled: u16, upper: u8, yahtzee_fifty: bool) -> Option<Self> {
        let card = Self {
            filled,
            upper,
            yahtzee_fifty,
            joker,
        };
        let yahtzee_filled = filled & Category::Yahtzee.bit() != 0;
        let possible = filled < 1 << 13
            && upper <= UPPER_GOAL
            && (yahtzee_filled || !yahtzee_fifty)
            && upper_totals(filled) & 1 << upper != 0;
        possible.then_some(card)
    }

    /// The boxes filled, a bit a category in [`Category::ALL`]'s order.
    #[inline]
    #[must_use]
    pub fn filled(&self) -> u16 {
        self.filled
    }

    /// Whether `category`'s box is filled.
    #[inline]
    #[must_use]
    pub fn is_filled(&self, category: Category) -> bool {
        self.filled & category.bit() != 0
    }

    /// The number of boxes filled: the turns played.
    #[inline]
    #[must_use]
    pub fn turns_played(&self) -> u32 {
        self.filled.count_ones()
    }

    /// Whether every box is filled: the game is over.
    #[inline]
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.turns_played() == 13
    }

    /// The upper section's total, up to [`UPPER_GOAL`].
    #[inline]
    #[must_use]
    pub fn upper(&self) -> u8 {
        self.upper
    }

    /// The Joker rule the card is scored by.
    #[inline]
    #[must_use]
    pub fn joker(&self) -> Joker {
        self.joker
    }

    /// Whether the Yahtzee box holds 50.
    #[inline]
    #[must_use]
    pub fn yahtzee_fifty(&self) -> bool {
        self.yahtzee_fifty
    }

    /// Whether `dice` (five) may be scored in `category`: its box is empty, and the Joker
    /// rule allows it ([`Joker`]).
    #[inline]
    #[must_use]
    pub fn may_score(&self, dice: Dice, category: Category) -> bool {
        if self.is_filled(category) || dice.len() != DICE {
            return false;
        }
        let Some(face) = self.joker_face(dice) else {
            return true;
        };
        match self.joker {
            Joker::Free => true,
            Joker::Forced if !self.is_filled(upper_of(face)) => category == upper_of(face),
            Joker::Forced => {
                let lower_open = Category::ALL[6..].iter().any(|&c| !self.is_filled(c));
                category.face().is_none() || !lower_open
            }
        }
    }

    /// The face of `dice` if they are a Yahtzee with the Yahtzee box filled: the Joker
    /// rule's case.
    #[inline]
    fn joker_face(&self, dice: Dice) -> Option<u8> {
        dice.yahtzee().filter(|_| self.is_filled(Category::Yahtzee))
    }

    /// Whether a Yahtzee scores the full house and straights in full: under the Joker rule,
    /// and for [`Joker::Free`] only with its upper box filled.
    #[inline]
    fn joker_scores_in_full(&self, dice: Dice) -> bool {
        self.joker_face(dice)
            .is_some_and(|face| self.joker == Joker::Forced || self.is_filled(upper_of(face)))
    }

    /// The points of scoring `dice` in `category` (which [`may_score`](Self::may_score)
    /// allows): the box's score, the Yahtzee bonus if it is earned, and the upper bonus if the
    /// upper total reaches [`UPPER_GOAL`] by it.
    #[inline]
    #[must_use]
    pub fn points(&self, dice: Dice, category: Category) -> u32 {
        self.score(dice, category).0
    }

    /// The card after `dice` are scored in `category`.
    #[inline]
    #[must_use]
    pub fn after(&self, dice: Dice, category: Category) -> Card {
        self.score(dice, category).1
    }

    /// [`points`](Self::points) and [`after`](Self::after) at once, the box's score worked
    /// out once for both.
    #[inline]
    #[must_use]
    pub fn score(&self, dice: Dice, category: Category) -> (u32, Card) {
        let score = box_score(dice, category, self.joker_scores_in_full(dice));
        let bonus = if self.joker_face(dice).is_some() && self.yahtzee_fifty {
            YAHTZEE_BONUS
        } else {
            0
        };
        let (upper, upper_bonus) = match category.face() {
            Some(_) => {
                let total = u32::from(self.upper) + score;
                let reaches = self.upper < UPPER_GOAL && total >= u32::from(UPPER_GOAL);
                let bonus = if reaches { UPPER_BONUS } else { 0 };
                (total.min(u32::from(UPPER_GOAL)) as u8, bonus)
            }
            None => (self.upper, 0),
        };
        let after = Card {
            filled: self.filled | category.bit(),
            upper,
            yahtzee_fifty: self.yahtzee_fifty || (category == Category::Yahtzee && score == 50),
            joker: self.joker,
        };
        (score + bonus + upper_bonus, after)
    }
}

/// What `dice` (five) score in `category`'s box, the Joker rule giving a Yahtzee the full
/// house and straights if `joker`.
fn box_score(dice: Dice, category: Category, joker: bool) -> u32 {
    let most = (1..=6).map(|face| dice.count(face)).max().unwrap_or(0);
    let runs =
        |length: u8| (1..=7 - length).any(|low| (low..low + length).all(|f| dice.count(f) > 0));
    let full_house = (1..=6).any(|f| dice.count(f) == 3) && (1..=6).any(|f| dice.count(f) == 2);
    match category {
        Category::ThreeOfAKind if most >= 3 => dice.sum(),
        Category::FourOfAKind if most >= 4 => dice.sum(),
        Category::FullHouse if full_house || joker => 25,
        Category::SmallStraight if runs(4) || joker => 30,
        Category::LargeStraight if runs(5) || joker => 40,
        Category::Yahtzee if most == DICE => 50,
        Category::Chance => dice.sum(),
        upper => match upper.face() {
            Some(face) => u32::from(face) * u32::from(dice.count(face)),
            None => 0,
        },
    }
}

/// The upper totals (capped at [`UPPER_GOAL`]) that the upper boxes of `filled` can make,
/// a bit a total.
#[inline]
fn upper_totals(filled: u16) -> u64 {
    UPPER_TOTALS[usize::from(filled & 0b11_1111)]
}

/// [`upper_totals`] for each set of upper boxes, worked out when the crate is compiled.
const UPPER_TOTALS: [u64; 64] = {
    let mut table = [0u64; 64];
    let mut boxes = 0;
    while boxes < 64 {
        let mut totals: u64 = 1;
        let mut face = 1;
        while face <= 6 {
            if boxes & 1 << (face - 1) != 0 {
                let mut next = 0;
                let mut total = 0;
                while total <= UPPER_GOAL as u64 {
                    if totals & 1 << total != 0 {
                        let mut count = 0;
                        while count <= DICE as u64 {
                            let reached = total + face * count;
                            let goal = UPPER_GOAL as u64;
                            let capped = if reached < goal { reached } else { goal };
                            next |= 1 << capped;
                            count += 1;
                        }
                    }
                    total += 1;
                }
                totals = next;
            }
            face += 1;
        }
        table[boxes] = totals;
        boxes += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    fn dice(faces: &[u8]) -> Dice {
        Dice::of(faces).expect("dice")
    }

    #[test]
    fn boxes_score_as_the_rules_say() {
        let card = Card::empty(Joker::Free);
        let points = |faces: &[u8], category| card.points(dice(faces), category);
        assert_eq!(points(&[1, 2, 3, 4, 6], Category::SmallStraight), 30);
        assert_eq!(points(&[1, 2, 3, 4, 6], Category::LargeStraight), 0);
        assert_eq!(points(&[2, 3, 4, 5, 6], Category::LargeStraight), 40);
        assert_eq!(points(&[2, 2, 5, 5, 5], Category::FullHouse), 25);
        assert_eq!(points(&[5, 5, 5, 5, 5], Category::FullHouse), 0);
        assert_eq!(points(&[5, 5, 5, 5, 2], Category::ThreeOfAKind), 22);
        assert_eq!(points(&[5, 5, 5, 2, 2], Category::FourOfAKind), 0);
        assert_eq!(points(&[6, 6, 6, 6, 6], Category::Yahtzee), 50);
        assert_eq!(points(&[6, 6, 6, 1, 2], Category::Sixes), 18);
    }

    #[test]
    fn the_forced_joker_rule_and_the_bonuses() {
        let fives = dice(&[5; 5]);
        let card = Card::empty(Joker::Forced).after(fives, Category::Yahtzee);
        assert!(card.yahtzee_fifty());
        // The upper box of the face first, with the bonus.
        assert!(card.may_score(fives, Category::Fives));
        assert!(!card.may_score(fives, Category::FullHouse));
        assert_eq!(card.points(fives, Category::Fives), 25 + 100);
        // Then any lower box, a straight in full.
        let card = card.after(fives, Category::Fives);
        assert!(card.may_score(fives, Category::LargeStraight));
        assert!(!card.may_score(fives, Category::Aces));
        assert_eq!(card.points(fives, Category::LargeStraight), 140);
        // A Yahtzee box of 0: the Joker rule, no bonus.
        let zero = Card::empty(Joker::Forced).after(dice(&[1, 2, 3, 4, 6]), Category::Yahtzee);
        assert!(!zero.yahtzee_fifty());
        assert!(!zero.may_score(fives, Category::Chance));
        assert_eq!(zero.points(fives, Category::Fives), 25);
        // The upper bonus once the total reaches 63.
        let card = Card::new(Joker::Forced, 0b11_1110, 60, false).expect("a possible card");
        assert_eq!(card.points(dice(&[1, 1, 1, 2, 3]), Category::Aces), 3 + 35);
        assert_eq!(
            card.after(dice(&[1, 1, 1, 2, 3]), Category::Aces).upper(),
            63
        );
    }

    #[test]
    fn the_free_joker_rule() {
        let fives = dice(&[5; 5]);
        let card = Card::empty(Joker::Free).after(fives, Category::Yahtzee);
        // Any empty box, the full house in full only once the Fives are filled.
        assert!(card.may_score(fives, Category::FullHouse));
        assert!(card.may_score(fives, Category::Aces));
        assert_eq!(card.points(fives, Category::FullHouse), 100);
        let card = card.after(fives, Category::Fives);
        assert_eq!(card.points(fives, Category::FullHouse), 125);
        assert_eq!(card.points(fives, Category::Aces), 100);
    }

    #[test]
    fn cards_that_cannot_arise_are_refused() {
        let new = |filled, upper, fifty| Card::new(Joker::Free, filled, upper, fifty);
        assert_eq!(new(0, 1, false), None);
        assert_eq!(new(1 << 5, 7, false), None); // Sixes make multiples of 6
        assert!(new(1 << 5, 30, false).is_some());
        assert_eq!(new(0, 0, true), None);
        assert_eq!(new(1 << 13, 0, false), None);
    }
}
