//! Rules of the Citadel games: positions, legal moves, make/unmake, outcomes, set-up
//! validation and perft — complete on its own, with no other Citadel crate.
//!
//! One shared core — [`Position`] (mailbox + bitboards + Zobrist hash + state), [`Move`],
//! legal move generation, make/unmake — configured per game by a [`Config`] (board, pieces as
//! data, royal and pawn kinds, promotion, landing restrictions, named [`rights`]) and the
//! hooks of the [`Game`] trait, which each game's module implements for its special rules.
//! The [`Variant`] enum and [`with_game!`] give one entry point for a
//! game chosen at run time. The `citadel-notation` crate adds text formats (FEN, SAN, PGN).
//!
//! # A tour
//!
//! The start position of Persian Princess, and its legal moves:
//!
//! ```
//! use citadel_rules::{Game, MoveFlag, Position, PersianPrincess};
//!
//! let mut pos = Position::<PersianPrincess>::start();
//! let moves = pos.legal_moves();
//! assert_eq!(moves.len(), 25);
//! let geo = PersianPrincess::config().geometry();
//! assert!(moves.iter().any(|m| geo.name_of(m.from) == "c2" && geo.name_of(m.to) == "d4"));
//! ```
//!
//! Play the rendezvous — the princess on g2 and the bishop on h2 change places, once per
//! game — and take it back:
//!
//! ```
//! # use citadel_rules::{Game, MoveFlag, Position, PersianPrincess};
//! use citadel_rules::persian::{rights, RENDEZVOUS_MOVE};
//!
//! let mut pos = Position::<PersianPrincess>::start();
//! let rendezvous = *pos
//!     .legal_moves()
//!     .iter()
//!     .find(|m| m.flag == MoveFlag::Special(RENDEZVOUS_MOVE))
//!     .expect("the rendezvous is legal at the start");
//! let geo = PersianPrincess::config().geometry();
//! assert_eq!((geo.name_of(rendezvous.from), geo.name_of(rendezvous.to)), ("g2", "h2"));
//! pos.play(rendezvous);
//! assert_eq!(pos.rights() & rights::RENDEZVOUS[0].mask(), 0); // used up
//! pos.undo();
//! assert_eq!(pos, Position::start());
//! ```
//!
//! A king that reaches an enemy citadel draws the game:
//!
//! ```
//! use citadel_rules::{fide::kind, Color, Game, Outcome, Piece, Position, PersianPrincess};
//! use citadel_rules::{Setup, Termination};
//!
//! let geo = PersianPrincess::config().geometry();
//! let sq = |name| geo.parse_square(name).unwrap();
//! let mut setup = Setup::empty::<PersianPrincess>();
//! setup.put(sq("b10"), Some(Piece::new(kind::KING, Color::White)));
//! setup.put(sq("j2"), Some(Piece::new(kind::KING, Color::Black)));
//! let mut pos = Position::<PersianPrincess>::from_setup(&setup).unwrap();
//! let into_citadel = *pos.legal_moves().iter().find(|m| m.to == sq("a11")).unwrap();
//! pos.play(into_citadel);
//! assert_eq!(pos.outcome(), Some(Outcome::draw(Termination::Citadel)));
//! assert!(pos.legal_moves().is_empty());
//! ```
//!
//! Count the leaves of the legal-move tree (perft), whole or split by first move:
//!
//! ```
//! use citadel_rules::{divide, perft, Position, PersianPrincess};
//!
//! let mut pos = Position::<PersianPrincess>::start();
//! assert_eq!(perft(&mut pos, 2), 625);
//! assert_eq!(divide(&mut pos, 2).len(), 25);
//! ```
//!
//! A set-up that cannot arise is refused with a typed error naming the cell or right:
//!
//! ```
//! use citadel_rules::{chess::rights, fide::kind, Chess, Position, PositionError};
//!
//! let mut setup = Position::<Chess>::start().to_setup();
//! for p in setup.board.iter_mut().filter(|p| p.is_some_and(|p| p.kind == kind::ROOK)) {
//!     *p = None; // rooks gone, castling rights kept
//! }
//! let err = Position::<Chess>::from_setup(&setup).unwrap_err();
//! let needs = "White's rook on h1".to_string();
//! assert_eq!(err, PositionError::RightWithoutPiece { right: rights::WHITE_KING_SIDE.fen, needs });
//! assert_eq!(err.to_string(), "right `K` needs White's rook on h1");
//! ```

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
mod perft;
pub mod persian;
mod piece;
mod position;
pub mod rights;
pub mod shatranj;
mod start;
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
pub use perft::{divide, perft};
pub use persian::{CelticCitadel, EgyptianEye, OrientalOmega, Persian, PersianPrincess};
pub use piece::Piece;
pub use position::{Bitboards, EnPassantProblem, Position, PositionError, Setup, MAX_KINDS};
pub use rights::{Holder, Right, Rights, RightsError};
pub use shatranj::Shatranj;
pub use tamerlane::Tamerlane;
pub use variant::Variant;
pub use zobrist::Zobrist;
