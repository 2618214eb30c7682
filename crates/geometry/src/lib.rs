#![doc = include_str!("../README.md")]

mod bitboard;
pub mod boards;
mod geometry;
mod magic;
mod square;

pub use bitboard::{BitIter, BitWord, Bitboard};
pub use geometry::{split_square_pair, Geometry, GeometryBuilder, SquareInfo};
pub use square::{Coord, Dir, Square};
