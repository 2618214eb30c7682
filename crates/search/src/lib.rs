//! Search for the Citadel games: perft (single- and multi-threaded, with divide) and the
//! perft fixture suites.

mod perft;
pub mod suite;

pub use perft::{divide, divide_parallel, perft, perft_parallel};
