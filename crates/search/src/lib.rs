//! Search for the Citadel games: perft (single- and multi-threaded, with divide), the perft
//! fixture suites, and the game-playing engine — evaluation ([`eval`]), alpha-beta search
//! ([`Searcher`]), tactics fixtures ([`tactics`]), and self-play and matches ([`play`]).

pub mod eval;
mod perft;
pub mod play;
mod search;
pub mod suite;
pub mod tactics;
mod tt;

pub use perft::{divide, divide_parallel, perft, perft_parallel};
pub use search::{Limits, Score, SearchResult, Searcher, MATE, MATE_BOUND, MAX_PLY};
pub use tt::{Bound, Entry, Table};
