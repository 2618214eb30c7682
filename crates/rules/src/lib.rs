//! Rules of the Citadel games: positions, legal moves, make/unmake and outcomes.
//!
//! One shared core — [`Position`] (mailbox + bitboards + Zobrist hash + state), [`Move`],
//! legal move generation, make/unmake — configured per game by a [`Config`] (board, pieces as
//! data, royal and pawn kinds, promotion, landing restrictions) and the hooks of the
//! [`Game`] trait, which each game's module implements for its special rules. The
//! [`Variant`] enum and [`with_game!`] give one entry point with static dispatch.
//!
//! Positions are built from a [`Setup`]; the `citadel-notation` crate parses FEN into one.

pub mod byzantine;
mod castling;
pub mod chess;
mod color;
mod config;
pub mod fide;
mod game;
pub mod mini_citadel;
mod movegen;
mod moves;
mod outcome;
pub mod persian;
mod piece;
mod position;
pub mod shatranj;
pub mod tamerlane;
mod variant;
mod zobrist;

pub use byzantine::Byzantine;
pub use castling::{CastleSpec, Castling};
pub use chess::Chess;
pub use color::Color;
pub use config::{Config, Stalemate};
pub use game::{Changes, Game};
pub use mini_citadel::MiniCitadel;
pub use movegen::Legality;
pub use moves::{Move, MoveFlag, MoveList, MAX_MOVES};
pub use outcome::{GameResult, Outcome, Termination};
pub use persian::{CelticCitadel, EgyptianEye, OrientalOmega, Persian, PersianPrincess};
pub use piece::Piece;
pub use position::{Bitboards, Position, PositionError, Setup, MAX_KINDS};
pub use shatranj::Shatranj;
pub use tamerlane::Tamerlane;
pub use variant::Variant;
pub use zobrist::Zobrist;
