//! `PositionText`: a position written as one line of text and read back, for the files that
//! other processes read (the jobs of a split solve, [`jobs`](crate::jobs)).

/// A position that can be written as one line of text and read back: what a game gives so
/// that a position can go to a file and another process can take it up.
///
/// `read_text(&p.write_text())` must give a position that plays as `p` does (the same key).
pub trait PositionText: Sized {
    /// Why a text names no position.
    type TextError: std::error::Error + Send + Sync + 'static;

    /// The position as one line, without a line break.
    fn write_text(&self) -> String;

    /// The position `text` names.
    ///
    /// # Errors
    ///
    /// The game's own error, saying why `text` names no position.
    fn read_text(text: &str) -> Result<Self, Self::TextError>;
}
