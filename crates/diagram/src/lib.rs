#![doc = include_str!("../README.md")]

pub mod board;
pub mod cells;
pub mod decor;
pub mod glyph;
pub mod layout;
pub mod legend;
pub mod png;
pub mod record;
pub mod viewer;

pub use board::{defs, svg, Options};
pub use png::{png, RenderError};
