//! Octal games: heap games given by a code of octal digits, Kayles (0.77) the best known.
//!
//! [`OctalGame`] implements [`HeapGame`](crate::HeapGame), so its Grundy values come from
//! [`GrundyValues`](crate::GrundyValues) (by the rare/common method, with periods proven by Guy
//! and Smith's rule) and sums of its heaps are played as
//! [`Heaps`](crate::games::heaps::Heaps).

mod code;
mod definition;
mod error;
mod sparse;

pub use code::{MAX_OCTAL_DIGITS, OctalGame};
pub use definition::extend_by_definition;
pub use error::OctalError;
pub use sparse::extend_sparse;
