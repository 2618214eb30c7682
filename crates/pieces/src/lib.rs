//! Pieces as data for the Citadel games.
//!
//! A [`PieceDef`] is a list of movement [`Atom`]s (leaps, rides with range limits and
//! jumping, the giraffe's bent ride), each with a [`Mode`] (move or capture only, first move
//! only). A [`PieceSet`] compiles a game's pieces against its board into per-cell tables once,
//! at start-up; move generation and attack detection then read those tables.
//!
//! ```
//! use citadel_geometry::boards;
//! use citadel_pieces::{catalog, PieceSet};
//! let set = PieceSet::new(boards::standard(), vec![catalog::knight()]);
//! let g = set.geometry();
//! let b1 = g.parse_square("b1").unwrap();
//! let (quiet, _) = set.piece(0, 0).targets(g, b1, Default::default());
//! assert_eq!(quiet.count(), 3); // a3, c3, d2
//! ```

mod atom;
pub mod catalog;
mod compiled;
mod def;
mod set;

pub use atom::{leap_images, Atom, Mode, UNLIMITED};
pub use compiled::{bent_sources, CompiledPiece};
pub use def::PieceDef;
pub use set::PieceSet;
