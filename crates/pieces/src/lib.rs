#![doc = include_str!("../README.md")]

mod atom;
pub mod betza;
pub mod catalog;
mod compiled;
mod def;
mod role;
mod set;

pub use atom::{leap_images, Atom, Mode, UNLIMITED};
pub use compiled::{bent_sources, CompiledPiece};
pub use def::PieceDef;
pub use role::Role;
pub use set::PieceSet;
