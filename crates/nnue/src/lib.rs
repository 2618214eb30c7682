#![doc = include_str!("../README.md")]

pub mod changes;
pub mod data;
pub mod layout;
pub mod network;
pub mod simd;

pub use changes::{changes, Change, ChangeList};
pub use layout::{Layout, HIDDEN};
pub use network::{Accumulator, Check, NetError, NetHeader, Network};
