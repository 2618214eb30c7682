#![doc = include_str!("../README.md")]

pub mod byzantine;
mod castling;
pub mod chess;
pub mod chess960;
mod color;
mod config;
pub mod courier;
mod data_rules;
pub mod defined;
mod fen;
pub mod fide;
mod game;
#[macro_use]
mod games;
// after `games`: its tests use `with_game!`
mod eval_weights;
mod goals;
mod illegal;
mod landmarks;
pub mod makruk;
pub mod mini_citadel;
mod movegen;
mod moves;
mod outcome;
mod perft;
#[cfg(feature = "serde")]
mod perft_table;
pub mod persian;
mod piece;
mod position;
pub mod rights;
mod roles;
pub mod shatranj;
mod start;
pub mod tamerlane;
mod variant;
mod variant_position;
pub mod variants_ini;
mod zobrist;

pub use byzantine::Byzantine;
pub use castling::{CastleSpec, Castling};
pub use chess::Chess;
pub use chess960::Chess960;
pub use color::Color;
pub use config::{Config, Stalemate, XBoardGame};
pub use courier::Courier;
pub use data_rules::{DataRules, Extinction, Flag, Verdict};
pub use defined::Defined;
pub use eval_weights::EvalWeights;
pub use game::{Changes, Game};
pub use games::{Variant, VariantPosition};
pub use goals::Goals;
pub use illegal::{IllegalMove, ParsedMove, Reason};
pub use landmarks::Landmarks;
pub use makruk::Makruk;
pub use mini_citadel::MiniCitadel;
pub use movegen::{CheckHint, Legality};
pub use moves::{Move, MoveFlag, MoveList, MAX_MOVES};
pub use outcome::{Claims, GameResult, Outcome, Termination};
pub use perft::{divide, perft};
#[cfg(feature = "serde")]
pub use perft_table::{PerftCase, PerftFile};
pub use persian::{CelticCitadel, EgyptianEye, OrientalOmega, Persian, PersianPrincess};
pub use piece::Piece;
pub use position::{Bitboards, EnPassantProblem, Position, PositionError, Setup, MAX_KINDS};
pub use rights::{BoardNames, Holder, Right, Rights, RightsError};
pub use roles::{role_problem, UnknownRoleKey};
pub use shatranj::Shatranj;
pub use tamerlane::Tamerlane;
pub use variant::ParseVariantError;
pub use zobrist::Zobrist;
