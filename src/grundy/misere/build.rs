//! Builds the misère quotient heap by heap. The new heap first tries each element of the
//! quotient so far; else it becomes a generator of its own, and every misplaced position the
//! check finds frees some of its heaps as generators of their own (fewest first) until the
//! check passes. Every candidate is marked, reduced, and kept only once checked.

use crate::game::{HeapGame, HeapOption};
use crate::grundy::misere::monoid::{Generated, Monoid, Mul, Product};
use crate::grundy::misere::verify::{self, Failure, HeapKind};
use crate::grundy::misere::{QuotientError, QuotientLimits};

/// How many recalibrations one heap may take before the builder gives up.
const MAX_ROUNDS: usize = 200;

/// The most heaps a recalibration frees at once, and the most subsets it tries.
const MAX_FREED: usize = 3;
const MAX_SUBSETS: usize = 256;

/// The largest monoid a candidate is marked in before its reduction.
const MAX_PRODUCT: usize = 1 << 20;

/// A candidate: a monoid, its P-portion, and each heap's element (heap 0 the identity).
#[derive(Debug, Clone)]
pub(crate) struct Candidate {
    pub(crate) monoid: Monoid,
    pub(crate) p: Vec<bool>,
    pub(crate) image: Vec<u32>,
}

/// The heaps each option of heaps 0..=bound leaves (0 for none), without repeats.
pub(crate) fn heap_options<H: HeapGame + ?Sized>(
    rules: &H,
    bound: u64,
    max_options: usize,
) -> Result<Vec<Vec<[u64; 2]>>, QuotientError> {
    let mut all = Vec::new();
    let mut total = 0usize;
    let mut buffer: Vec<HeapOption> = Vec::new();
    for heap in 0..=bound {
        buffer.clear();
        if heap > 0 {
            rules.options(heap, &mut buffer);
        }
        total += buffer.len();
        if total > max_options {
            return Err(QuotientError::TooManyOptions {
                heap,
                limit: max_options,
            });
        }
        if let Some(bad) = buffer.iter().find(|o| o.remain.iter().any(|&r| r >= heap)) {
            return Err(QuotientError::OptionNotSmaller {
                heap,
                remain: bad.remain,
            });
        }
        let mut pairs: Vec<[u64; 2]> = buffer.iter().map(|o| o.remain).collect();
        pairs.sort_unstable();
        pairs.dedup();
        all.push(pairs);
    }
    Ok(all)
}

/// The elements of a heap's options, sorted, from the heaps' elements.
fn option_elements(monoid: &impl Mul, image: &[u32], options: &[[u64; 2]]) -> Vec<u32> {
    let mut elements: Vec<u32> = options
        .iter()
        .map(|&[a, b]| monoid.mul(image[a as usize], image[b as usize]))
        .collect();
    elements.sort_unstable();
    elements.dedup();
    elements
}

/// Each heap's kind, heap 0 included, in heap order.
fn heap_kinds(monoid: &impl Mul, image: &[u32], options: &[Vec<[u64; 2]>]) -> Vec<HeapKind> {
    image
        .iter()
        .zip(options)
        .enumerate()
        .map(|(heap, (&element, options))| HeapKind {
            heap: heap as u64,
            element,
            options: option_elements(monoid, image, options),
        })
        .collect()
}

impl Candidate {
    /// One kind per distinct (element, option elements) pair among heaps 1..image.len().
    pub(crate) fn kinds(&self, options: &[Vec<[u64; 2]>]) -> Vec<HeapKind> {
        let mut kinds: Vec<HeapKind> = Vec::new();
        for kind in heap_kinds(&self.monoid, &self.image, options)
            .into_iter()
            .skip(1)
        {
            if !kinds
                .iter()
                .any(|k| k.element == kind.element && k.options == kind.options)
            {
                kinds.push(kind);
            }
        }
        kinds
    }

    fn element_of(&self, heaps: &[u64]) -> u32 {
        heaps
            .iter()
            .fold(0, |x, &h| self.monoid.mul(x, self.image[h as usize]))
    }

    /// The index and period of heap `heap`'s element: its powers repeat from the index on.
    fn cycle(&self, heap: usize) -> (usize, usize) {
        let g = self.image[heap];
        let mut powers = vec![0u32];
        loop {
            let next = self.monoid.mul(*powers.last().unwrap_or(&0), g);
            if let Some(i) = powers.iter().position(|&x| x == next) {
                return (i, powers.len() - i);
            }
            powers.push(next);
        }
    }
}

/// Builds the quotient of heaps 0..options.len() - 1.
pub(crate) fn build(
    options: &[Vec<[u64; 2]>],
    limits: &QuotientLimits,
) -> Result<Candidate, QuotientError> {
    let mut current = Candidate {
        monoid: Monoid::trivial(),
        p: vec![false],
        image: vec![0],
    };
    for heap in 1..options.len() {
        current = extend(current, &options[..=heap], limits)?;
    }
    Ok(current)
}

/// The quotient of heaps 0..known.len() - 1 from that of the heaps below the last.
fn extend(
    mut current: Candidate,
    known: &[Vec<[u64; 2]>],
    limits: &QuotientLimits,
) -> Result<Candidate, QuotientError> {
    let heap = known.len() - 1;
    let too_many_states = || too_many_states(heap, limits);
    let omega = option_elements(&current.monoid, &current.image, &known[heap]);
    current.image.push(0);
    if known[heap].is_empty() {
        // A heap with no move is the empty game: the identity.
        return Ok(current);
    }
    // The quotient so far, the heap one of its elements: a P-position alone exactly when it
    // has no move to the P-portion.
    let heap_is_p = !omega.iter().any(|&o| current.p[o as usize]);
    for x in 0..current.monoid.order() as u32 {
        if current.p[x as usize] != heap_is_p {
            continue;
        }
        current.image[heap] = x;
        let kinds = current.kinds(known);
        match verify::verify(&current.monoid, &current.p, &kinds, limits.max_states) {
            Ok(()) => return Ok(current),
            Err(Failure::Position(_)) => {}
            Err(Failure::TooManyStates) => return Err(too_many_states()),
        }
    }
    // A generator of its own, then recalibrations until the check passes.
    with_new_generator(&current, known, limits)
}

/// The check of the quotient with `heap` passed `limits.max_states`.
fn too_many_states(heap: usize, limits: &QuotientLimits) -> QuotientError {
    QuotientError::TooManyStates {
        heap: heap as u64,
        limit: limits.max_states,
    }
}

/// The quotient of heaps 0..known.len() - 1 when the last heap is no element of `current`: the
/// heap a generator of its own, then the candidate recalibrated until the check passes.
fn with_new_generator(
    current: &Candidate,
    known: &[Vec<[u64; 2]>],
    limits: &QuotientLimits,
) -> Result<Candidate, QuotientError> {
    let heap = known.len() - 1;
    let too_many_states = || too_many_states(heap, limits);
    let not_found = |position: Vec<u64>| QuotientError::NotFound {
        heap: heap as u64,
        position,
    };
    let mut trial = free(current, known, &[(heap, 1, 2)], limits)?
        .ok_or_else(|| not_found(vec![heap as u64]))?;
    for _ in 0..MAX_ROUNDS {
        match verify::verify(
            &trial.monoid,
            &trial.p,
            &trial.kinds(known),
            limits.max_states,
        ) {
            Ok(()) => return Ok(trial),
            Err(Failure::Position(found)) => {
                if let Some(next) = recalibrate(&trial, known, &found, limits)? {
                    trial = next;
                    continue;
                }
                // The least misplaced position, whose options are all placed right: a slower
                // search, but the side to change is then surely its own.
                let least = verify::least_failure(
                    &trial.monoid,
                    &trial.p,
                    &heap_kinds(&trial.monoid, &trial.image, known),
                    limits.max_states,
                )
                .map_err(|_| too_many_states())?
                .unwrap_or_else(|| found.clone());
                trial =
                    recalibrate(&trial, known, &least, limits)?.ok_or_else(|| not_found(least))?;
            }
            Err(Failure::TooManyStates) => return Err(too_many_states()),
        }
    }
    Err(not_found(Vec::new()))
}

/// A candidate on which the misplaced `position` changes side: some of its heaps freed, each
/// a generator of its own (fewest heaps first), the rest kept as they were. `None` if no
/// subset the builder tries does it.
fn recalibrate(
    trial: &Candidate,
    known: &[Vec<[u64; 2]>],
    position: &[u64],
    limits: &QuotientLimits,
) -> Result<Option<Candidate>, QuotientError> {
    let should_be_p = !trial.p[trial.element_of(position) as usize];
    let mut involved: Vec<u64> = position.to_vec();
    involved.dedup();
    let mut tried = 0;
    // A candidate past the size limit is passed over; the error stands if nothing else works.
    let mut too_large = None;
    for size in 1..=involved.len().min(MAX_FREED) {
        for subset in subsets(&involved, size) {
            tried += 1;
            if tried > MAX_SUBSETS {
                break;
            }
            // Room for as many copies as the position holds, and at least the old cycle.
            let freed: Vec<(usize, usize, usize)> = subset
                .iter()
                .map(|&h| {
                    let (index, period) = trial.cycle(h as usize);
                    let copies = position.iter().filter(|&&x| x == h).count();
                    (h as usize, index.max(copies).max(1), period.max(2))
                })
                .collect();
            match free(trial, known, &freed, limits) {
                Ok(Some(candidate))
                    if candidate.p[candidate.element_of(position) as usize] == should_be_p =>
                {
                    return Ok(Some(candidate));
                }
                Ok(_) => {}
                Err(error @ QuotientError::TooLarge { .. }) => too_large = Some(error),
                Err(error) => return Err(error),
            }
        }
    }
    too_large.map_or(Ok(None), Err)
}

/// The subsets of `items` of `size` elements, in order.
fn subsets(items: &[u64], size: usize) -> Vec<Vec<u64>> {
    if size == 0 {
        return vec![Vec::new()];
    }
    let mut all = Vec::new();
    for (i, &first) in items.iter().enumerate() {
        for mut rest in subsets(&items[i + 1..], size - 1) {
            rest.insert(0, first);
            all.push(rest);
        }
    }
    all
}

/// The candidate in which each `(heap, index, period)` of `freed` is a generator of its own,
/// ⟨y | y^(index + period) = y^index⟩, and every other heap keeps its element of `trial`
/// (within the submonoid the kept heaps generate); marked and reduced. `None` when the
/// product would pass [`MAX_PRODUCT`] or the marking fails.
fn free(
    trial: &Candidate,
    known: &[Vec<[u64; 2]>],
    freed: &[(usize, usize, usize)],
    limits: &QuotientLimits,
) -> Result<Option<Candidate>, QuotientError> {
    let mut image = trial.image.clone();
    for &(heap, _, _) in freed {
        image[heap] = 0;
    }
    let kept = Generated::new(&trial.monoid, &image[1..]);
    let identity: Vec<u32> = (0..kept.order() as u32).collect();
    let mut product = Product::new(kept.quotient(&identity, kept.order()));
    let mut image: Vec<u32> = image.iter().map(|&x| kept.dense(x).unwrap_or(0)).collect();
    for &(heap, index, period) in freed {
        let len = index + period;
        if product.order().saturating_mul(len) > MAX_PRODUCT {
            return Ok(None);
        }
        product.add_cyclic(index, period);
        for x in &mut image {
            *x *= len as u32;
        }
        image[heap] = 1;
    }
    mark_and_reduce(&product, &image, known, limits)
}

/// Marks a P-portion on the part of `monoid` the heaps' elements generate, each element by
/// the first position that reaches it, then merges what no product tells apart. `None` if
/// the marking met an option whose element was not yet marked (the candidate is dropped).
fn mark_and_reduce(
    monoid: &impl Mul,
    image: &[u32],
    options: &[Vec<[u64; 2]>],
    limits: &QuotientLimits,
) -> Result<Option<Candidate>, QuotientError> {
    let generated = Generated::new(monoid, &image[1..]);
    let image: Vec<u32> = image
        .iter()
        .map(|&x| generated.dense(x).unwrap_or(0))
        .collect();
    let kinds = heap_kinds(&generated, &image, options);
    let order = generated.order();
    let mut marked = vec![false; order];
    let mut p = vec![false; order];
    let top = kinds.len() - 1;
    if mark(&generated, &kinds, top, 0, &[], &mut marked, &mut p).is_none()
        || marked.iter().any(|&m| !m)
    {
        return Ok(None);
    }
    let mut generators: Vec<u32> = image[1..].to_vec();
    generators.sort_unstable();
    generators.dedup();
    let (class, classes) = generated.congruence(&p, &generators);
    if classes > limits.max_order {
        return Err(QuotientError::TooLarge {
            heap: top as u64,
            order: classes,
            limit: limits.max_order,
        });
    }
    let mut reduced_p = vec![false; classes];
    for (x, &c) in class.iter().enumerate() {
        reduced_p[c as usize] = p[x];
    }
    Ok(Some(Candidate {
        monoid: generated.quotient(&class, classes),
        p: reduced_p,
        image: image.iter().map(|&x| class[x as usize]).collect(),
    }))
}

/// Visits positions in colex order (most copies of the largest heap last), so that a
/// position's options, which trade a heap for smaller ones, come before it; each element is
/// marked by the first position that reaches it. At `level`, copies of heap `level` are added
/// one by one while they reach an element not yet marked. `options` holds the elements of
/// the options of the position so far, sorted.
fn mark(
    monoid: &impl Mul,
    kinds: &[HeapKind],
    level: usize,
    e: u32,
    options: &[u32],
    marked: &mut [bool],
    p: &mut [bool],
) -> Option<()> {
    if level == 0 {
        if !marked[e as usize] {
            if options.iter().any(|&x| !marked[x as usize]) {
                return None;
            }
            // A move to the same element cannot be a move to the P-portion from it.
            p[e as usize] =
                !options.is_empty() && !options.iter().any(|&x| x == e || p[x as usize]);
            marked[e as usize] = true;
        }
        return Some(());
    }
    let kind = &kinds[level];
    let (mut e, mut options) = (e, options.to_vec());
    loop {
        mark(monoid, kinds, level - 1, e, &options, marked, p)?;
        if kind.options.is_empty() {
            return Some(());
        }
        let next = monoid.mul(e, kind.element);
        if marked[next as usize] {
            return Some(());
        }
        let mut after: Vec<u32> = options
            .iter()
            .map(|&x| monoid.mul(x, kind.element))
            .collect();
        after.extend(kind.options.iter().map(|&o| monoid.mul(e, o)));
        after.sort_unstable();
        after.dedup();
        options = after;
        e = next;
    }
}
