//! Solitaire Yahtzee solved whole on the crate's public API: the rules
//! ([`gamesolver::games::yahtzee`]) numbered in tiers by the boxes filled and the step of the
//! turn, every position valued by retrograde analysis in expected values, the start's value
//! the optimal expected score (254.5896, Verhoeff 1999). With `--roll`, the best keep for an
//! opening roll, read from the values of the first turn.
//!
//! ```text
//! cargo run --release --example yahtzee -- --threads 2                # 254.589609
//! cargo run --release --example yahtzee -- --threads 2 --forced       # Hasbro's Joker rule
//! cargo run --release --example yahtzee -- --threads 2 --roll 11234   # ... and a first keep
//! cargo run --release --example yahtzee -- --threads 2 --save DIR      # ... the values kept
//! cargo run --release --example yahtzee -- --load DIR --roll 11234     # read back, at once
//! cargo run --release --example yahtzee -- --by-hand                  # the hand-written pass
//! ```

use clap::{CommandFactory, Parser};
use cli_support::failure::{self, Failure};
use cli_support::pipe;
use gamesolver::games::yahtzee::{
    ByTurns, Card, Dice, Joker, Yahtzee, YahtzeeMove, expected_scores,
};
use gamesolver::retrograde::{ExpectedTablebase, TierValues};
use gamesolver::{CheckedPlay, Retrograde, Tiers};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Solitaire Yahtzee: the expected final score with optimal play.
#[derive(Debug, Parser)]
#[command(name = "yahtzee")]
struct Args {
    /// Hasbro's Joker rule (a Yahtzee goes in its upper box if it is empty) instead of the
    /// papers' (any empty box).
    #[arg(long)]
    forced: bool,
    /// Threads to solve on.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
    /// An opening roll (five faces, as `11234`): print the best dice to keep for it.
    #[arg(long, value_parser = opening_roll)]
    roll: Option<Dice>,
    /// Save the values kept (every turn's start and the whole first turn, 8 MB) to this
    /// directory, a file a tier.
    #[arg(long)]
    save: Option<PathBuf>,
    /// Read the values from this directory (as `--save` wrote them) instead of solving.
    #[arg(long, conflicts_with_all = ["threads", "save"])]
    load: Option<PathBuf>,
    /// By the dynamic programme written by hand, a turn at a time, on one thread.
    #[arg(long, conflicts_with_all = ["threads", "roll", "save", "load"])]
    by_hand: bool,
}

/// The tiers kept: the starts of turns, and the whole first turn for the keep of an opening
/// roll.
fn kept(tier: usize) -> bool {
    ByTurns::is_turn_tier(tier) || tier < ByTurns::turn_tier(1)
}

/// The file of `tier` in `dir`.
fn tier_file(dir: &Path, tier: usize) -> PathBuf {
    dir.join(format!("tier-{tier}.gst"))
}

fn opening_roll(text: &str) -> Result<Dice, String> {
    let faces: Option<Vec<u8>> = text
        .chars()
        .map(|c| c.to_digit(10).map(|d| d as u8))
        .collect();
    let dice = faces.and_then(|faces| Dice::of(&faces));
    dice.filter(|dice| dice.len() == 5)
        .ok_or(format!("five faces of 1 to 6, as 11234, not {text:?}"))
}

fn run(args: &Args) -> Result<(), Failure> {
    let joker = if args.forced {
        Joker::Forced
    } else {
        Joker::Free
    };
    let clock = Instant::now();
    if args.by_hand {
        let value = expected_scores(joker, 0).at(&Card::empty(joker));
        let s = clock.elapsed().as_secs_f64();
        println!("yahtzee joker={joker:?} expected={value:.6} by hand s={s:.2}");
        return Ok(());
    }
    let tiers = ByTurns::new(joker);
    let table = match &args.load {
        Some(dir) => load(&tiers, dir)?,
        None => Retrograde::new()
            .with_threads(usize::from(args.threads))
            .solve_expected(&tiers, kept)
            .map_err(|e| Failure::OutOfReach(e.to_string()))?,
    };
    if let Some(dir) = &args.save {
        save(&table, &tiers, dir)?;
    }
    let start = Yahtzee::turn(Card::empty(joker));
    let value = table.value(&tiers, &start).unwrap_or(f64::NAN);
    let how = if args.load.is_some() {
        "read back"
    } else {
        "solved"
    };
    println!(
        "yahtzee joker={joker:?} expected={value:.6} {how}, {} tiers s={:.2}",
        tiers.tier_count(),
        clock.elapsed().as_secs_f64()
    );
    if let Some(dice) = args.roll {
        let kept = best_keep(&table, &tiers, dice)?;
        println!("roll {dice}: keep {kept}");
    }
    Ok(())
}

/// Each tier kept, saved to its file in `dir`.
fn save(table: &ExpectedTablebase, tiers: &ByTurns, dir: &Path) -> Result<(), Failure> {
    let failed = |e: &dyn std::fmt::Display| Failure::Input(format!("{}: {e}", dir.display()));
    std::fs::create_dir_all(dir).map_err(|e| failed(&e))?;
    for tier in (0..tiers.tier_count()).filter(|&tier| kept(tier)) {
        let values = table
            .tier(tier)
            .ok_or(Failure::OutOfReach(format!("tier {tier} not kept")))?;
        let file = File::create(tier_file(dir, tier)).map_err(|e| failed(&e))?;
        values.save(tiers, file).map_err(|e| failed(&e))?;
    }
    Ok(())
}

/// The tiers kept, read back from their files in `dir`.
fn load(tiers: &ByTurns, dir: &Path) -> Result<ExpectedTablebase, Failure> {
    let read = |tier| {
        let path = tier_file(dir, tier);
        let failed = |e: &dyn std::fmt::Display| Failure::Input(format!("{}: {e}", path.display()));
        let file = File::open(&path).map_err(|e| failed(&e))?;
        TierValues::load(tiers, file).map_err(|e| failed(&e))
    };
    let values: Result<Vec<_>, _> = (0..tiers.tier_count())
        .filter(|&t| kept(t))
        .map(read)
        .collect();
    ExpectedTablebase::from_tiers(tiers, values?).map_err(|e| Failure::Input(e.to_string()))
}

/// The dice the best moves keep from the opening roll `dice`: dice set aside until the roll
/// (all five kept if the best is to roll none).
fn best_keep(table: &ExpectedTablebase, tiers: &ByTurns, dice: Dice) -> Result<Dice, Failure> {
    let mut position = Yahtzee::at(Card::empty(tiers.joker()), dice, 1, false)
        .map_err(|e| Failure::Input(e.to_string()))?;
    loop {
        let worths = table.move_worths(tiers, &position);
        let worths = worths.ok_or(Failure::OutOfReach("the first turn was not kept".into()))?;
        let best = worths.into_iter().max_by(|a, b| a.1.total_cmp(&b.1));
        match best {
            Some((drop @ YahtzeeMove::Drop(_), _)) => position
                .play(drop)
                .map_err(|e| Failure::OutOfReach(e.to_string()))?,
            _ => return Ok(position.dice()),
        }
    }
}

fn main() {
    pipe::quiet_on_closed_pipe();
    if let Err(failure) = run(&Args::parse()) {
        failure::exit(Args::command(), failure);
    }
}
