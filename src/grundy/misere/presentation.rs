//! A misère quotient as the literature prints it: generators, relations, P-portion, heap table.

use crate::grundy::misere::MisereQuotient;
use crate::grundy::misere::monoid::Mul;
use std::fmt;

/// A quotient written as the literature writes one: generators (the first heap of each),
/// relations, the P-portion and the element of each heap, every element a word in the
/// generators. Made by [`MisereQuotient::presentation`]; shown by `Display`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Presentation {
    /// The generators' heaps: generator i (written a, b, c, ...) is heap `generators[i]`.
    pub generators: Vec<u64>,
    /// Each element's word, as exponents of the generators, indexed by element.
    pub words: Vec<Vec<u32>>,
    /// Relations `left = right` (exponent vectors) from which every other product follows.
    pub relations: Vec<(Vec<u32>, Vec<u32>)>,
    /// The P-portion, by element.
    pub p_portion: Vec<usize>,
    /// Each heap's element, heap 0 first.
    pub heaps: Vec<usize>,
    /// The period the heaps' elements show within the bound, if any (not proven).
    pub observed_period: Option<(u64, u64)>,
}

impl MisereQuotient {
    /// The quotient's presentation: generators, relations, P-portion and heap table.
    #[must_use]
    pub fn presentation(&self) -> Presentation {
        let order = self.order();
        // Generators: each heap whose element the earlier ones do not generate.
        let generators = self.generator_heaps();
        let mut words: Vec<Option<Vec<u32>>> = vec![None; order];
        // Each element's word: the first found breadth first, generators in order.
        let gens: Vec<u32> = generators.iter().map(|&h| self.image[h as usize]).collect();
        words[0] = Some(vec![0; gens.len()]);
        let mut queue = vec![0u32];
        let mut next = 0;
        while next < queue.len() {
            let x = queue[next];
            next += 1;
            for (i, &g) in gens.iter().enumerate() {
                let y = self.monoid.mul(x, g);
                if words[y as usize].is_none() {
                    let mut word = words[x as usize].clone().unwrap_or_default();
                    word[i] += 1;
                    words[y as usize] = Some(word);
                    queue.push(y);
                }
            }
        }
        let words: Vec<Vec<u32>> = words.into_iter().map(Option::unwrap_or_default).collect();
        let relations = self.relations(&gens, &words);
        Presentation {
            generators,
            relations,
            p_portion: self.p_portion().map(|x| x.index()).collect(),
            heaps: self.image.iter().map(|&x| x as usize).collect(),
            observed_period: self.observed_period(),
            words,
        }
    }

    /// The words one generator past an element's word that are not themselves elements'
    /// words, kept when every word one generator less is an element's word: the least words
    /// to rewrite, so every word reduces to an element's by them.
    fn relations(&self, gens: &[u32], words: &[Vec<u32>]) -> Vec<(Vec<u32>, Vec<u32>)> {
        let known: std::collections::HashSet<&[u32]> = words.iter().map(Vec::as_slice).collect();
        let is_word = |w: &[u32]| known.contains(w);
        let mut relations = Vec::new();
        for (x, word) in words.iter().enumerate() {
            for (i, &g) in gens.iter().enumerate() {
                let mut left = word.clone();
                left[i] += 1;
                if is_word(&left) || relations.iter().any(|(l, _): &(Vec<u32>, _)| *l == left) {
                    continue;
                }
                let minimal = (0..left.len()).filter(|&j| left[j] > 0).all(|j| {
                    let mut less = left.clone();
                    less[j] -= 1;
                    is_word(&less)
                });
                if minimal {
                    let right = words[self.monoid.mul(x as u32, g) as usize].clone();
                    relations.push((left, right));
                }
            }
        }
        relations.sort();
        relations
    }
}

/// Writes a word as a product of letters a, b, ... with superscript exponents; 1 for none.
fn write_word(f: &mut fmt::Formatter<'_>, word: &[u32]) -> fmt::Result {
    if word.iter().all(|&e| e == 0) {
        return f.write_str("1");
    }
    for (i, &e) in word.iter().enumerate() {
        if e == 0 {
            continue;
        }
        write!(f, "{}", letter(i))?;
        if e > 1 {
            for digit in e.to_string().chars() {
                let d = digit.to_digit(10).unwrap_or(0) as usize;
                f.write_str(["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"][d])?;
            }
        }
    }
    Ok(())
}

/// Generator i's letter: a..z, then a₁-style names past 26.
fn letter(i: usize) -> String {
    let base = char::from(b'a' + (i % 26) as u8);
    if i < 26 {
        base.to_string()
    } else {
        format!("{base}{}", i / 26)
    }
}

impl fmt::Display for Presentation {
    /// ```text
    /// order 6
    /// generators a = heap 1, b = heap 2
    /// relations a² = 1, b³ = b
    /// P-portion a, b²
    /// heaps 0..=5: 1 a b ab b ab
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "order {}", self.words.len())?;
        f.write_str("generators")?;
        for (i, heap) in self.generators.iter().enumerate() {
            let sep = if i == 0 { " " } else { ", " };
            write!(f, "{sep}{} = heap {heap}", letter(i))?;
        }
        f.write_str("\nrelations")?;
        for (i, (left, right)) in self.relations.iter().enumerate() {
            f.write_str(if i == 0 { " " } else { ", " })?;
            write_word(f, left)?;
            f.write_str(" = ")?;
            write_word(f, right)?;
        }
        f.write_str("\nP-portion")?;
        for (i, &x) in self.p_portion.iter().enumerate() {
            f.write_str(if i == 0 { " " } else { ", " })?;
            write_word(f, &self.words[x])?;
        }
        write!(f, "\nheaps 0..={}:", self.heaps.len() - 1)?;
        for &x in &self.heaps {
            f.write_str(" ")?;
            write_word(f, &self.words[x])?;
        }
        if let Some((preperiod, period)) = self.observed_period {
            write!(
                f,
                "\nobserved period {period} from heap {preperiod} (within the bound)"
            )?;
        }
        Ok(())
    }
}
