//! Pictures of every Citadel board: SVG diagrams of positions in the board's true shape
//! (the Persian boards' corner citadels and centre, the Egyptian Eye, Tamerlane's detached
//! citadels, the four rings of the Byzantine board), with designed piece figures, legends,
//! PNG rendering and a self-contained HTML game viewer.
//!
//! ```
//! use citadel_diagram::{svg, Options};
//! let pos = citadel_notation::fen::start::<citadel_rules::EgyptianEye>();
//! let picture = svg(&pos, &Options::from_position(&pos));
//! assert!(picture.contains("<svg") && picture.contains("w-princess"));
//! ```

pub mod board;
pub mod decor;
pub mod glyph;
pub mod layout;
pub mod legend;
pub mod png;
pub mod viewer;

pub use board::{defs, svg, Options};
pub use png::{png, RenderError};
