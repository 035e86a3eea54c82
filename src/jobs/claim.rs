//! Claims on a position's value, the windows a search decides them in, and what jobs proved
//! of it: [`Claim`], [`Bound`], [`Window`], [`Interval`].

use crate::search::UNBOUNDED;
use std::fmt;

/// Which side of a threshold a claim puts the value on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Bound {
    /// The value is at least the threshold: one move suffices (an OR node).
    AtLeast,
    /// The value is at most the threshold: every move is needed (an AND node).
    AtMost,
}

/// A claim on the value of a position, for its side to move: at least or at most a
/// threshold. A job proves or refutes one by a null-window search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Claim {
    /// The side of the threshold.
    pub bound: Bound,
    /// The threshold.
    pub threshold: i64,
}

impl Claim {
    /// The claim that the value is at least `threshold`.
    #[must_use]
    pub fn at_least(threshold: i64) -> Self {
        Self {
            bound: Bound::AtLeast,
            threshold,
        }
    }

    /// The claim that the value is at most `threshold`.
    #[must_use]
    pub fn at_most(threshold: i64) -> Self {
        Self {
            bound: Bound::AtMost,
            threshold,
        }
    }

    /// The null window that decides the claim: its fail-soft result is a bound that proves
    /// or refutes it.
    #[must_use]
    pub fn window(self) -> Window {
        let t = self.threshold;
        let (alpha, beta) = match self.bound {
            Bound::AtLeast => (t.saturating_sub(1), t),
            Bound::AtMost => (t, t.saturating_add(1)),
        };
        Window { alpha, beta }
    }

    /// The claim on the position after a move of `margin` (its points for the mover) that
    /// this claim needs: for [`Bound::AtLeast`], the child claim that proves this one through
    /// the move; for [`Bound::AtMost`], the one every move must satisfy.
    ///
    /// Proof: the move is worth `margin - v` if it passes the turn and `margin + v` if the
    /// mover moves again, `v` the child's value for its own side to move. `margin - v >= t`
    /// iff `v <= margin - t`, and `margin - v <= t` iff `v >= margin - t`: the side flips. With
    /// the turn kept, `margin + v >= t` iff `v >= t - margin`: the side stays.
    #[must_use]
    pub fn through(self, margin: i64, keeps_turn: bool) -> Self {
        let t = self.threshold;
        if keeps_turn {
            Self {
                bound: self.bound,
                threshold: t.saturating_sub(margin),
            }
        } else {
            Self {
                bound: match self.bound {
                    Bound::AtLeast => Bound::AtMost,
                    Bound::AtMost => Bound::AtLeast,
                },
                threshold: margin.saturating_sub(t),
            }
        }
    }

    /// Whether `interval` decides the claim: `Some(true)` proven, `Some(false)` refuted.
    #[must_use]
    pub fn decided_by(self, interval: Interval) -> Option<bool> {
        let t = self.threshold;
        match self.bound {
            Bound::AtLeast if interval.lower >= t => Some(true),
            Bound::AtLeast if interval.upper < t => Some(false),
            Bound::AtMost if interval.upper <= t => Some(true),
            Bound::AtMost if interval.lower > t => Some(false),
            _ => None,
        }
    }
}

/// What is proven of a value: `lower <= value <= upper`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Interval {
    /// Proven lower bound (`-UNBOUNDED` for none).
    pub lower: i64,
    /// Proven upper bound ([`UNBOUNDED`] for none).
    pub upper: i64,
}

impl Default for Interval {
    fn default() -> Self {
        Self::UNKNOWN
    }
}

impl Interval {
    /// Nothing proven.
    pub const UNKNOWN: Self = Self {
        lower: -UNBOUNDED,
        upper: UNBOUNDED,
    };

    /// An exact value.
    #[must_use]
    pub fn exactly(value: i64) -> Self {
        Self {
            lower: value,
            upper: value,
        }
    }

    /// What both prove.
    #[must_use]
    pub fn meet(self, other: Self) -> Self {
        Self {
            lower: self.lower.max(other.lower),
            upper: self.upper.min(other.upper),
        }
    }

    /// What the fail-soft `result` of a search within `window` proves: at or below its
    /// lower side an upper bound, at or above its upper side a lower bound, else the value.
    #[must_use]
    pub fn from_result(window: Window, result: i64) -> Self {
        let Window { alpha, beta } = window;
        let mut proven = Self::UNKNOWN;
        if result <= alpha {
            proven.upper = result;
        } else if result >= beta {
            proven.lower = result;
        } else {
            proven = Self::exactly(result);
        }
        proven
    }

    /// Whether the value is known.
    #[must_use]
    pub fn is_exact(self) -> bool {
        self.lower == self.upper
    }

    /// The interval of a move's worth to the mover, from the child's interval: `margin -
    /// child` (the turn passes) or `margin + child` (it does not), unknown sides kept unknown.
    #[must_use]
    pub fn through(self, margin: i64, keeps_turn: bool) -> Self {
        let side = |v: i64, sign: i64| {
            if v.abs() >= UNBOUNDED {
                v.signum() * sign * UNBOUNDED
            } else {
                margin.saturating_add(sign * v).clamp(-UNBOUNDED, UNBOUNDED)
            }
        };
        if keeps_turn {
            Self {
                lower: side(self.lower, 1),
                upper: side(self.upper, 1),
            }
        } else {
            Self {
                lower: side(self.upper, -1),
                upper: side(self.lower, -1),
            }
        }
    }
}

/// The exclusive sides of a search window on a position's value, for its side to move. A
/// side at or beyond [`UNBOUNDED`] is none, and is written `inf` or `-inf`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Window {
    /// The lower side (exclusive).
    pub alpha: i64,
    /// The upper side (exclusive).
    pub beta: i64,
}

impl Window {
    /// No side: the search finds the exact value.
    pub const FULL: Self = Self {
        alpha: -UNBOUNDED,
        beta: UNBOUNDED,
    };

    /// What a fail-soft result within the window proves ([`Interval::from_result`]).
    #[must_use]
    pub fn proves(self, result: i64) -> Interval {
        Interval::from_result(self, result)
    }

    /// What the result says of the value: `upper` (a bound from above), `lower`, or `exact`.
    #[must_use]
    pub fn kind(self, result: i64) -> &'static str {
        if result <= self.alpha {
            "upper"
        } else if result >= self.beta {
            "lower"
        } else {
            "exact"
        }
    }

    /// The window `alpha beta` as [`Display`](fmt::Display) writes it; `None` for another
    /// text or an empty window.
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        let side = |text: &str| match text {
            "inf" => Some(UNBOUNDED),
            "-inf" => Some(-UNBOUNDED),
            _ => text
                .parse::<i64>()
                .ok()
                .map(|v| v.clamp(-UNBOUNDED, UNBOUNDED)),
        };
        let (alpha, beta) = text.split_once(' ')?;
        let window = Self {
            alpha: side(alpha)?,
            beta: side(beta)?,
        };
        (window.alpha < window.beta).then_some(window)
    }
}

impl fmt::Display for Window {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |v: i64| match v {
            v if v >= UNBOUNDED => "inf".to_owned(),
            v if v <= -UNBOUNDED => "-inf".to_owned(),
            v => v.to_string(),
        };
        write!(f, "{} {}", side(self.alpha), side(self.beta))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_claim_through_a_move_holds_exactly_when_the_move_gives_the_parent_claim() {
        for bound in [Bound::AtLeast, Bound::AtMost] {
            for t in -4..=4 {
                let claim = Claim {
                    bound,
                    threshold: t,
                };
                for margin in -3..=3 {
                    for keeps in [false, true] {
                        let child = claim.through(margin, keeps);
                        for v in -8..=8 {
                            let worth = if keeps { margin + v } else { margin - v };
                            let parent = match bound {
                                Bound::AtLeast => worth >= t,
                                Bound::AtMost => worth <= t,
                            };
                            let by_child = child.decided_by(Interval::exactly(v));
                            assert_eq!(by_child, Some(parent), "{claim:?} {margin} {keeps} {v}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_fail_soft_result_decides_its_claim() {
        for claim in [Claim::at_least(3), Claim::at_most(3)] {
            for result in -2..=8 {
                let proven = Interval::from_result(claim.window(), result);
                assert!(claim.decided_by(proven).is_some(), "{claim:?} {result}");
                assert!(proven.lower <= result && result <= proven.upper);
            }
        }
    }

    #[test]
    fn an_interval_through_a_move_bounds_the_move_s_worth() {
        let child = Interval {
            lower: -2,
            upper: 5,
        };
        assert_eq!(
            child.through(3, false),
            Interval {
                lower: -2,
                upper: 5
            }
        );
        assert_eq!(child.through(3, true), Interval { lower: 1, upper: 8 });
        assert_eq!(Interval::UNKNOWN.through(3, false), Interval::UNKNOWN);
    }

    #[test]
    fn a_window_reads_back_as_written_and_an_empty_one_is_refused() {
        for window in [
            Window::FULL,
            Window { alpha: 3, beta: 4 },
            Window {
                alpha: -UNBOUNDED,
                beta: -7,
            },
        ] {
            assert_eq!(Window::parse(&window.to_string()), Some(window));
        }
        assert_eq!(Window::FULL.to_string(), "-inf inf");
        for bad in ["4 4", "5 3", "inf -inf", "3", "a b", "3 4 5"] {
            assert_eq!(Window::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_result_proves_its_side_of_the_window() {
        let window = Window { alpha: 2, beta: 5 };
        assert_eq!(
            (window.kind(2), window.kind(3), window.kind(5)),
            ("upper", "exact", "lower")
        );
        assert_eq!(
            window.proves(1),
            Interval {
                lower: -UNBOUNDED,
                upper: 1
            }
        );
        assert_eq!(window.proves(4), Interval::exactly(4));
        assert_eq!(
            window.proves(9),
            Interval {
                lower: 9,
                upper: UNBOUNDED
            }
        );
    }
}
