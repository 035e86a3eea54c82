//! The games that come with the crate, each in one module of its own.
//!
//! # Where a game goes
//!
//! Every game the crate ships lives here, one module a game, and nowhere else: its rules, its
//! knowledge (each item proven beside its code), its errors and whatever it is solved with
//! (an endgame table, a numbering for the retrograde solver, a brute force the tests check
//! the solvers against). Its tests are in `tests/games/`, its bench in `benches/`, and a
//! command line over it, if it has one, in `examples/`, short and built on this module.
//!
//! A game here is written as a user would write it in a crate of their own: it names the
//! generic layers only through what the crate's root re-exports and the public items of
//! [`game`](crate::game), [`search`](crate::search), [`grundy`](crate::grundy) and
//! [`retrograde`](crate::retrograde), never a `pub(crate)` item. So each of them shows what
//! the public API can do, and the generic layers name no game.
//!
//! The small methods a search calls at every node (a rule's `play_unchecked`, `key`,
//! `is_chance`, a position's accessors) are `#[inline]`: the generic search is compiled in
//! the crate that calls it, and a call from there into this crate is not inlined unless the
//! method is marked. Unmarked, Yahtzee's last three turns by tiers took 1.37x the time and
//! bearoff's chance search over every side 1.27x (2026-12-07, BENCHMARKS.md).
//!
//! - Scoring games: [`prime`] (PrimeGame, the contest's game), [`kalah`], [`connect4`],
//!   [`dots_and_boxes`] (a completed box keeps the turn).
//! - Impartial games: [`subtraction`] (subtraction Nim), [`octal`] (Kayles and the octal
//!   games), [`heaps`] (sums of heaps of any heap game).
//! - Games with chance: [`bearoff`] (backgammon's bearoff, one side alone and two in a race),
//!   [`pig`] (Pig and Piglet, whose positions repeat), [`yahtzee`] (solitaire Yahtzee, solved
//!   whole in tiers).
//! - Games whose positions repeat, won, lost or drawn: [`dobutsu`] (Dobutsu shogi, solved
//!   whole by the indexed retrograde path), [`three_mens_morris`].

pub mod bearoff;
pub mod connect4;
pub mod dobutsu;
pub mod dots_and_boxes;
pub mod heaps;
pub mod kalah;
pub mod octal;
pub mod pig;
pub mod prime;
pub mod subtraction;
pub mod three_mens_morris;
pub mod yahtzee;

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// The modules of the generic layers a game may name (all public); an item of any other
    /// module is reached through these or the root, or not at all.
    const PUBLIC_MODULES: [&str; 11] = [
        "game",
        "chance",
        "search",
        "grundy",
        "grundy::mex",
        "grundy::misere",
        "retrograde",
        "check",
        "jobs",
        "arena",
        "games",
    ];

    fn sources(dir: &Path, found: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("the games folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                sources(&path, found);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
    }

    /// The rule of the module docs: a game names the generic layers only through their public
    /// modules (a path `crate::a::b::Item` whose module `a::b` is private fails).
    #[test]
    fn games_name_the_generic_layers_only_through_public_modules() {
        let mut files = Vec::new();
        sources(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/games"),
            &mut files,
        );
        for file in files {
            let source = std::fs::read_to_string(&file).expect("a source file");
            // Code only: comments and docs may speak of any path.
            let code: Vec<&str> = (source.lines())
                .filter(|line| !line.trim_start().starts_with("//"))
                .collect();
            let text = code.join("\n");
            for (at, _) in text.match_indices("crate::") {
                let path: String = text[at + "crate::".len()..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                    .collect();
                let modules: Vec<&str> = path
                    .split("::")
                    .take_while(|part| part.starts_with(|c: char| c.is_lowercase()))
                    .collect();
                // The last lower-case part may be a function: the module is what precedes it.
                let module = modules[..modules.len().saturating_sub(1)].join("::");
                if module.is_empty() || module.starts_with("games") {
                    continue;
                }
                assert!(
                    PUBLIC_MODULES.contains(&module.as_str()),
                    "{}: `crate::{path}` names the private module `{module}`",
                    file.display()
                );
            }
        }
    }
}
