//! Board geometries for the Citadel games.
//!
//! A board is data: a set of cells with integer coordinates, names, colours and a topology
//! (holes in a frame, detached cells, wrapping files). Cells get dense indices so that every
//! board fits a `u128` [`Bitboard`]; steps and rays are precomputed per cell and direction.

mod bitboard;
pub mod boards;
mod geometry;
mod square;

pub use bitboard::{BitIter, Bitboard};
pub use geometry::{Geometry, GeometryBuilder, SquareInfo};
pub use square::{Coord, Dir, Square};
