//! Search for the Citadel games: perft (single- and multi-threaded, with divide).

mod perft;

pub use perft::{divide, divide_parallel, perft, perft_parallel};
