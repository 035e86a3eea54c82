//! Pig as a user solves it by hand after Neller and Presser (2004): the chance to win of
//! every position (i, j, k) of the side to move, i its score, j the other's, k its turn total,
//! in one array, swept whole (i, j, k in turn, each from the latest values) until no value
//! moves by more than the tolerance.

/// The first player's chance to win Pig to `goal`, and the sweeps it took.
pub fn first_player(goal: usize, tolerance: f64) -> (f64, usize) {
    let at = |i: usize, j: usize, k: usize| (i * goal + j) * goal + k;
    let mut p = vec![0.0f64; goal * goal * goal];
    let mut sweeps = 0;
    loop {
        let mut change: f64 = 0.0;
        for i in 0..goal {
            for j in 0..goal {
                for k in 0..goal - i {
                    // A bust hands the other side the turn at (j, i, 0).
                    let mut roll = (1.0 - p[at(j, i, 0)]) / 6.0;
                    for r in 2..=6 {
                        roll += if i + k + r >= goal {
                            1.0
                        } else {
                            p[at(i, j, k + r)]
                        } / 6.0;
                    }
                    let hold = 1.0 - p[at(j, i + k, 0)];
                    let value = roll.max(hold);
                    change = change.max((value - p[at(i, j, k)]).abs());
                    p[at(i, j, k)] = value;
                }
            }
        }
        sweeps += 1;
        if change <= tolerance {
            return (p[at(0, 0, 0)], sweeps);
        }
    }
}
