//! The backward pass of a retrograde solve: from the ends of the game to every position, in
//! order of plies (the proof is in the module docs of [`retrograde`](super)).

use super::explore::Graph;
use super::{PROGRESS_EVERY, ProgressFn, RetroError, RetroProgress};
use crate::game::Verdict;

/// A position not yet decided; at the end, a draw.
pub(crate) const UNDECIDED: u8 = 0;

/// The verdict of each position as a byte: [`UNDECIDED`] (a draw once the pass is over), or
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

/// Each position's verdict (as [`code`] gives it, [`UNDECIDED`] for a draw by endless play)
/// and plies to the end.
pub(crate) fn solve<K>(
    graph: &Graph<K>,
    progress: &mut Option<ProgressFn>,
) -> Result<(Vec<u8>, Vec<u16>), RetroError> {
    let n = graph.len();
    let (parent_offsets, parents) = parents(graph);
    let mut verdicts = vec![UNDECIDED; n];
    let mut plies = vec![0u16; n];
    // Moves not yet seen to lead to a position won by its side to move.
    let mut unrefuted: Vec<u32> = (0..n)
        .map(|id| graph.children_of(id).len() as u32)
        .collect();
    // Decided positions in order of plies: the ends first. An end some plies away
    // ([`WinLossGame::ending_plies`](crate::WinLossGame::ending_plies)) waits until the
    // queue reaches its plies, so that the queue stays in order.
    let mut queue: Vec<u32> = Vec::new();
    let mut later: Vec<(u16, u32)> = Vec::new();
    for (id, ending) in graph.endings.iter().enumerate() {
        if let Some((verdict, ending_plies)) = *ending {
            verdicts[id] = code(verdict);
            match (verdict, ending_plies) {
                (Verdict::Draw, _) => {}
                (_, 0) => queue.push(id as u32),
                _ => {
                    plies[id] = ending_plies;
                    later.push((ending_plies, id as u32));
                }
            }
        }
    }
    // Latest first, so that the next to join the queue is at the end.
    later.sort_unstable_by(|a, b| b.cmp(a));
    let mut head = 0;
    loop {
        let now = match (queue.get(head), later.last()) {
            (Some(&id), _) => plies[id as usize],
            (None, Some(&(ending_plies, _))) => ending_plies,
            (None, None) => break,
        };
        while let Some(&(_, id)) = later.last().filter(|&&(p, _)| p <= now) {
            queue.push(id);
            later.pop();
        }
        let child = queue[head];
        head += 1;
        let child = child as usize;
        let next = plies[child].checked_add(1).ok_or(RetroError::TooDeep)?;
        let child_lost = verdicts[child] == code(Verdict::Loss);
        for &parent in &parents[parent_offsets[child] as usize..parent_offsets[child + 1] as usize]
        {
            let parent = parent as usize;
            if verdicts[parent] != UNDECIDED {
                continue;
            }
            if child_lost {
                // The nearest lost child: the fastest win.
                verdicts[parent] = code(Verdict::Win);
            } else {
                unrefuted[parent] -= 1;
                if unrefuted[parent] > 0 {
                    continue;
                }
                // The last won child, the farthest: the longest loss.
                verdicts[parent] = code(Verdict::Loss);
            }
            plies[parent] = next;
            queue.push(parent as u32);
        }
        if head.is_multiple_of(PROGRESS_EVERY)
            && let Some(report) = progress
        {
            report(RetroProgress::Backward {
                decided: queue.len(),
                positions: n,
            });
        }
    }
    Ok((verdicts, plies))
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
