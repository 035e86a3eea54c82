//! Solitaire Yahtzee: the retrograde solve of expected values by tiers against the dynamic
//! programme by hand (every card of an endgame), against the chance solver's search (exact
//! fractions, and positions of two turns), and against a value a hand can check. The whole
//! game's 254.5896 (Verhoeff) is the example's and the bench's: minutes, not a test's time.

use gamesolver::CheckedPlay;
use gamesolver::chance::{BigRational, ChanceSolver, Expectation};
use gamesolver::check::{self, Checks};
use gamesolver::games::yahtzee::{
    ByTurns, Card, Category, Dice, Joker, Yahtzee, YahtzeeMove, expected_scores,
};
use gamesolver::{Game, Retrograde, Tiers};

/// The card with every box filled but `open`, the upper total `upper`, the Yahtzee box at
/// 50 if `fifty`.
fn card_open(joker: Joker, open: &[Category], upper: u8, fifty: bool) -> Card {
    let filled = open
        .iter()
        .fold((1u16 << 13) - 1, |set, &c| set & !(1 << c as u16));
    Card::new(joker, filled, upper, fifty).expect("a card that can arise")
}

/// 2,000 indices of each of the 365 tiers, drawn at random, and every index of the small ones.
#[test]
fn the_numbering_is_true_to_the_rules() {
    let checks = Checks::default().with_indices(2_000);
    for joker in [Joker::Free, Joker::Forced] {
        check::chance_tiers(&ByTurns::new(joker), &checks).unwrap();
    }
    check::chance_tiers(&ByTurns::endgame(Joker::Free, 11), &checks).unwrap();
}

#[test]
fn the_rules_are_true_to_themselves() {
    let start = Yahtzee::turn(card_open(
        Joker::Free,
        &[Category::Sixes, Category::Chance],
        0,
        false,
    ));
    let positions = check::chance(&start, 1 << 20).unwrap();
    assert!(positions > 2000, "{positions}");
}

/// Every card of two boxes left or fewer, under both Joker rules: the tiers' value of a
/// turn's start is the dynamic programme's, to the last bit or within rounding; the cards
/// whose upper totals share an index (`ByTurns`' docs) included, read through their place.
#[test]
fn an_endgame_by_tiers_is_the_dynamic_programme() {
    for joker in [Joker::Free, Joker::Forced] {
        let tiers = ByTurns::endgame(joker, 11);
        let hand = expected_scores(joker, 11);
        let table = Retrograde::new()
            .solve_expected(&tiers, ByTurns::is_turn_tier)
            .unwrap();
        let (mut cards, mut merged) = (0, 0);
        for filled in (0..1u16 << 13).filter(|set| set.count_ones() >= 11) {
            for upper in 0..=63 {
                for fifty in [false, true] {
                    let Some(card) = Card::new(joker, filled, upper, fifty) else {
                        continue;
                    };
                    let start = Yahtzee::turn(card);
                    let value = table.value(&tiers, &start).unwrap();
                    let by_hand = hand.at(&card);
                    assert!(
                        (value - by_hand).abs() <= 1e-9 * by_hand.max(1.0),
                        "{card:?}: {value} {by_hand}"
                    );
                    cards += 1;
                    let place = tiers.place(&start);
                    merged +=
                        usize::from(tiers.position_at(place.tier, place.index) != Some(start));
                }
            }
        }
        assert!(cards > 10_000 && merged > cards / 2, "{cards} {merged}");
    }
}

/// By hand: with only Chance left, each die is kept or rolled again on its own, for the most
/// pips. One die with one roll left is worth 3.5; with two, keep a 4 or more: (4 + 5 + 6) / 6 +
/// 3.5 / 2 = 4.25; with three, keep a 5 or more: (5 + 6) / 6 + 4.25 * 4 / 6 = 14/3. Five dice:
/// 70/3, exactly, by the search in fractions, and by the tiers within rounding.
#[test]
fn chance_alone_is_worth_seventy_thirds() {
    let card = card_open(Joker::Free, &[Category::Chance], 0, false);
    let exact: BigRational = ChanceSolver::new().value(&Yahtzee::turn(card)).unwrap();
    assert_eq!(exact, BigRational::from_int(70) / BigRational::from_int(3));
    let tiers = ByTurns::endgame(Joker::Free, 12);
    let table = Retrograde::new().solve_expected(&tiers, |_| true).unwrap();
    let value = table.value(&tiers, &Yahtzee::turn(card)).unwrap();
    assert!((value - 70.0 / 3.0).abs() < 1e-12, "{value}");
    // Four sixes and a one with a roll left: roll the one again (24 + 3.5), not score 25.
    let dice = Dice::of(&[6, 6, 6, 6, 1]).unwrap();
    let position = Yahtzee::at(card, dice, 2, false).unwrap();
    let worths = table.move_worths(&tiers, &position).unwrap();
    let best =
        worths.iter().copied().fold(
            (YahtzeeMove::Roll, f64::MIN),
            |a, b| if b.1 > a.1 { b } else { a },
        );
    assert_eq!(best, (YahtzeeMove::Drop(1), 27.5));
    assert_eq!(worths.len(), position.legal_moves().len());
}

/// Two turns left, every pair of open boxes with a few upper totals and both Yahtzee boxes:
/// the tiers' value of a turn's start is the chance solver's search from it.
#[test]
fn two_turns_by_tiers_are_the_search() {
    let joker = Joker::Forced;
    let tiers = ByTurns::endgame(joker, 11);
    let table = Retrograde::new()
        .solve_expected(&tiers, ByTurns::is_turn_tier)
        .unwrap();
    let mut solver = ChanceSolver::<Yahtzee, f64>::new();
    let mut checked = 0;
    for (i, &a) in Category::ALL.iter().enumerate() {
        for &b in &Category::ALL[i + 1..] {
            for (upper, fifty) in [(0, false), (60, true), (63, false)] {
                let filled = ((1u16 << 13) - 1) & !(1 << a as u16) & !(1 << b as u16);
                let Some(card) = Card::new(joker, filled, upper, fifty) else {
                    continue;
                };
                let start = Yahtzee::turn(card);
                let searched = solver.value(&start).unwrap();
                let value = table.value(&tiers, &start).unwrap();
                assert!(
                    (value - searched).abs() < 1e-9,
                    "{card:?}: {value} {searched}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn positions_play_cannot_reach_are_refused() {
    use gamesolver::games::yahtzee::YahtzeeError;
    let card = Card::empty(Joker::Free);
    let three = Dice::of(&[1, 2, 3]).unwrap();
    assert_eq!(
        Yahtzee::at(card, three, 0, true),
        Err(YahtzeeError::Roll(0))
    );
    assert_eq!(
        Yahtzee::at(card, three, 3, false),
        Err(YahtzeeError::FewDice(3))
    );
    assert!(Yahtzee::at(card, three, 3, true).is_ok());
    // A move refused leaves the position as it was.
    let mut start = Yahtzee::new();
    let before = start;
    assert!(start.play(YahtzeeMove::Roll).is_err());
    assert_eq!(start, before);
}

/// Positions an endgame's numbering leaves out give the children the rules give: played and
/// placed (past the tiers, or in them once a box is scored).
#[test]
fn positions_left_out_give_the_rules_children() {
    use gamesolver::{Child, ScoringGame};
    let tiers = ByTurns::endgame(Joker::Free, 12);
    let card = card_open(Joker::Free, &[Category::Aces, Category::Chance], 0, false);
    let dice = Dice::of(&[1, 1, 2, 5, 6]).unwrap();
    for (roll, rolling, dice) in [
        (3, false, dice),
        (1, false, dice),
        (2, true, Dice::of(&[1]).unwrap()),
    ] {
        let position = Yahtzee::at(card, dice, roll, rolling).unwrap();
        let place = tiers.place(&position);
        assert!(place.tier >= tiers.tier_count());
        let mut given = Vec::new();
        if rolling {
            let mut moves = Vec::new();
            tiers.chance_children(&position, place, &mut moves, |child, _| given.push(child));
        } else {
            tiers.children(&position, place, &mut Vec::new(), |child| given.push(child));
        }
        let played: Vec<Child> = position
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let (margin, keeps_turn) = position.margin_and_turn(mv);
                let place = tiers.place(&position.after(mv));
                Child {
                    margin,
                    keeps_turn,
                    place,
                }
            })
            .collect();
        let key = |child: &Child| (child.place, child.margin);
        given.sort_by_key(key);
        let mut played = played;
        played.sort_by_key(key);
        assert_eq!(given, played, "roll {roll}");
    }
}

/// The multisets of `size` dice.
fn all_dice(size: u8) -> Vec<Dice> {
    (0..gamesolver::games::yahtzee::MULTISETS[usize::from(size)])
        .map(|rank| Dice::unrank(size, rank).unwrap())
        .collect()
}

/// The chance that `size` dice rolled together show `dice`: `size! / Π count! / 6^size`.
fn chance_of(dice: Dice) -> f64 {
    let factorial = |n: u8| (1..=u64::from(n)).product::<u64>() as f64;
    let counts: f64 = (1..=6).map(|face| factorial(dice.count(face))).product();
    factorial(dice.len()) / counts / 6f64.powi(i32::from(dice.len()))
}

/// A turn by the rules as written: the five dice rolled together, each keep any sub-multiset
/// of the five and the rest rolled together, the chances multinomial; `score` of the five at
/// the end. Independent of the moves' one die at a time.
fn turn_by_the_rules(score: impl Fn(Dice) -> f64) -> f64 {
    let fives = all_dice(5);
    let keeps: Vec<Dice> = (0..=5).flat_map(all_dice).collect();
    let mut after: Vec<f64> = fives.iter().map(|&d| score(d)).collect();
    let value_of =
        |values: &[f64], dice: Dice| values[fives.iter().position(|&f| f == dice).unwrap()];
    for _ in 0..2 {
        let before: Vec<f64> = fives
            .iter()
            .map(|&dice| {
                let kept = keeps
                    .iter()
                    .filter(|k| (1..=6).all(|f| k.count(f) <= dice.count(f)));
                kept.map(|&keep| {
                    let rolled = all_dice(5 - keep.len());
                    rolled
                        .iter()
                        .map(|&roll| {
                            let whole = (1..=6).fold(keep, |d, f| {
                                (0..roll.count(f)).fold(d, |d, _| d.with(f).unwrap())
                            });
                            chance_of(roll) * value_of(&after, whole)
                        })
                        .sum::<f64>()
                })
                .fold(f64::MIN, f64::max)
            })
            .collect();
        after = before;
    }
    fives
        .iter()
        .map(|&d| chance_of(d) * value_of(&after, d))
        .sum()
}

/// The last turn with each box alone left, two upper totals: the tiers' value is the turn's by
/// the rules as written.
#[test]
fn the_last_turn_is_the_rules_as_written() {
    let tiers = ByTurns::endgame(Joker::Free, 12);
    let table = Retrograde::new()
        .solve_expected(&tiers, ByTurns::is_turn_tier)
        .unwrap();
    let mut checked = 0;
    for category in Category::ALL {
        for upper in [0, 60] {
            let Some(card) = Card::new(
                Joker::Free,
                ((1u16 << 13) - 1) & !(1 << category as u16),
                upper,
                false,
            ) else {
                continue;
            };
            let score = |dice| f64::from(card.points(dice, category));
            let written = turn_by_the_rules(score);
            let value = table.value(&tiers, &Yahtzee::turn(card)).unwrap();
            assert!(
                (value - written).abs() < 1e-9,
                "{category:?} {upper}: {value} {written}"
            );
            checked += 1;
        }
    }
    // Every card is one play can reach: the other upper boxes make 60 whichever is open.
    assert_eq!(checked, 26);
}
