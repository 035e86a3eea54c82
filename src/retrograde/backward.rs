//! The backward pass of a retrograde solve: from the ends of the game to every position, in
//! order of plies (the proof is in the module docs of [`retrograde`](super)).

use super::explore::Graph;
use super::{RETRO_PROGRESS_EVERY, RetroError, RetroProgress, RetroProgressFn};
use crate::game::Verdict;

/// A position not yet decided; at the end, a draw.
pub(crate) const NO_VERDICT: u8 = 0;

/// The verdict of each position as a byte: [`NO_VERDICT`] (a draw once the pass is over), or
/// one more than the verdict's place in [`VERDICTS`].
pub(crate) const VERDICTS: [Verdict; 3] = [Verdict::Win, Verdict::Draw, Verdict::Loss];

/// The byte of a verdict.
pub(crate) fn code(verdict: Verdict) -> u8 {
    match verdict {
        Verdict::Win => 1,
        Verdict::Draw => 2,
        Verdict::Loss => 3,
    }
}

/// Each position's verdict (as [`code`] gives it, [`NO_VERDICT`] for a draw by endless play)
/// and plies to the end.
pub(crate) fn solve<K>(
    graph: &Graph<K>,
    progress: &mut Option<RetroProgressFn>,
) -> Result<(Vec<u8>, Vec<u16>), RetroError> {
    let n = graph.len();
    let (parent_offsets, parents) = parents(graph);
    let mut pass = Pass::from_ends(graph);
    while let Some(child) = pass.next_decided() {
        let child_parents =
            &parents[parent_offsets[child] as usize..parent_offsets[child + 1] as usize];
        pass.decide_parents(child, child_parents)?;
        if pass.head.is_multiple_of(RETRO_PROGRESS_EVERY)
            && let Some(report) = progress
        {
            report(RetroProgress::Backward {
                decided: pass.queue.len(),
                positions: n,
            });
        }
    }
    Ok((pass.verdicts, pass.plies))
}

/// The state of the backward pass: what is decided, and the decided positions whose parents
/// are still to be told, in order of plies.
struct Pass {
    verdicts: Vec<u8>,
    plies: Vec<u16>,
    /// Moves not yet seen to lead to a position won by its side to move.
    unrefuted: Vec<u32>,
    /// Decided positions in order of plies, the ends first; those before `head` are done.
    queue: Vec<u32>,
    head: usize,
    /// Ends some plies away ([`WinLossGame::ending_plies`](crate::WinLossGame::ending_plies)),
    /// latest first: each waits until the queue reaches its plies, so that the queue stays in
    /// order.
    later: Vec<(u16, u32)>,
}

impl Pass {
    /// The pass before any move is taken back: the ends of the game decided.
    fn from_ends<K>(graph: &Graph<K>) -> Self {
        let n = graph.len();
        let mut pass = Self {
            verdicts: vec![NO_VERDICT; n],
            plies: vec![0u16; n],
            unrefuted: (0..n)
                .map(|id| graph.children_of(id).len() as u32)
                .collect(),
            queue: Vec::new(),
            head: 0,
            later: Vec::new(),
        };
        for (id, ending) in graph.endings.iter().enumerate() {
            if let Some((verdict, ending_plies)) = *ending {
                pass.verdicts[id] = code(verdict);
                match (verdict, ending_plies) {
                    (Verdict::Draw, _) => {}
                    (_, 0) => pass.queue.push(id as u32),
                    _ => {
                        pass.plies[id] = ending_plies;
                        pass.later.push((ending_plies, id as u32));
                    }
                }
            }
        }
        // Latest first, so that the next to join the queue is at the end.
        pass.later.sort_unstable_by(|a, b| b.cmp(a));
        pass
    }

    /// The next decided position in order of plies (the ends that wait join the queue
    /// when it reaches their plies), or `None` once every decided position is done.
    fn next_decided(&mut self) -> Option<usize> {
        let now = match (self.queue.get(self.head), self.later.last()) {
            (Some(&id), _) => self.plies[id as usize],
            (None, Some(&(ending_plies, _))) => ending_plies,
            (None, None) => return None,
        };
        while let Some(&(_, id)) = self.later.last().filter(|&&(p, _)| p <= now) {
            self.queue.push(id);
            self.later.pop();
        }
        self.head += 1;
        Some(self.queue[self.head - 1] as usize)
    }

    /// Takes back every move into the decided `child` from its `parents`: a parent with a
    /// lost child is won, one whose every child is won is lost, each a ply further.
    fn decide_parents(&mut self, child: usize, parents: &[u32]) -> Result<(), RetroError> {
        let next = self.plies[child]
            .checked_add(1)
            .ok_or(RetroError::TooDeep)?;
        let child_lost = self.verdicts[child] == code(Verdict::Loss);
        for &parent in parents {
            let parent = parent as usize;
            if self.verdicts[parent] != NO_VERDICT {
                continue;
            }
            if child_lost {
                // The nearest lost child: the fastest win.
                self.verdicts[parent] = code(Verdict::Win);
            } else {
                self.unrefuted[parent] -= 1;
                if self.unrefuted[parent] > 0 {
                    continue;
                }
                // The last won child, the farthest: the longest loss.
                self.verdicts[parent] = code(Verdict::Loss);
            }
            self.plies[parent] = next;
            self.queue.push(parent as u32);
        }
        Ok(())
    }
}

/// The backward edges: position `i`'s parents are `parents[offsets[i]..offsets[i + 1]]`, one
/// a move into it.
fn parents<K>(graph: &Graph<K>) -> (Vec<u64>, Vec<u32>) {
    let n = graph.len();
    let mut offsets = vec![0u64; n + 1];
    for &child in &graph.children {
        offsets[child as usize + 1] += 1;
    }
    for i in 0..n {
        offsets[i + 1] += offsets[i];
    }
    let mut next: Vec<u64> = offsets[..n].to_vec();
    let mut parents = vec![0u32; graph.children.len()];
    for parent in 0..n {
        for &child in graph.children_of(parent) {
            let slot = &mut next[child as usize];
            parents[*slot as usize] = parent as u32;
            *slot += 1;
        }
    }
    (offsets, parents)
}
