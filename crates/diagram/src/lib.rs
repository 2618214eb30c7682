#![doc = include_str!("../README.md")]

pub mod board;
pub mod cells;
pub mod decor;
pub mod glyph;
pub mod layout;
pub mod legend;
#[cfg(feature = "png")]
pub mod png;
pub mod record;
pub mod viewer;

pub use board::{defs, svg, Options};
#[cfg(feature = "png")]
pub use png::{png, RenderError};
