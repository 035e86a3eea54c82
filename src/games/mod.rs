//! The games that come with the crate: each implements the traits of [`crate::game`].

pub mod heaps;
pub mod octal;
pub mod prime;
pub mod subtraction;
