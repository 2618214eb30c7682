#![doc = include_str!("../README.md")]

pub mod eval;
mod perft;
#[cfg(feature = "notation")]
pub mod perft_report;
mod search;
pub mod see;
#[cfg(feature = "notation")]
pub mod suite;
#[cfg(feature = "notation")]
pub mod tactics;
mod time;
mod tt;
pub mod tune;

pub use perft::{divide, divide_parallel, perft, perft_parallel};
pub use search::{
    Limits, ParamError, ParamSpec, RootLine, Score, SearchOptions, SearchOptionsError,
    SearchParams, SearchResult, Searcher, MATE, MATE_BOUND, MAX_PLY,
};
pub use tt::{Bound, Entry, Table};
