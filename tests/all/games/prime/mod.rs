//! PrimeGame: its bounds, its incremental state, known answers, the published lines, the
//! solver against plain negamax, and undo.

mod bounds;
mod incremental;
mod known;
mod lines;
mod oracle;
mod undo;
