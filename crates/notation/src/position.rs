//! One trait for every position, [`Position`]: a game's own [`citadel_rules::Position<G>`]
//! (static dispatch, for hot loops) and [`VariantPosition`] (the game chosen at run time)
//! alike, with moves, FEN, SAN and coordinates. Generic code takes either:
//!
//! ```
//! use citadel_notation::Position;
//! use citadel_rules::{Chess, Claims, Variant, VariantPosition};
//!
//! /// Plays `moves` (SAN or coordinates) and returns the FEN reached.
//! fn play_all<P: Position>(pos: &mut P, moves: &[&str]) -> Result<String, citadel_rules::IllegalMove> {
//!     for text in moves {
//!         pos.play(text)?;
//!     }
//!     Ok(pos.fen())
//! }
//!
//! let line = ["e4", "e5", "Nf3", "Nc6", "Bb5"];
//! let mut chess = citadel_rules::Position::<Chess>::start();
//! let mut any = VariantPosition::start(Variant::Chess);
//! assert_eq!(play_all(&mut chess, &line).unwrap(), play_all(&mut any, &line).unwrap());
//! assert_eq!(any.to_string(), any.fen());
//!
//! // one error for every failure, with its reason and the position's FEN
//! let e = any.play("Nf9").unwrap_err();
//! assert_eq!(e.to_string(), "f9 is not a cell of this board");
//! assert!(any.outcome(Claims::Draws).is_none());
//! ```

use crate::{coord, fen, san, FenError};
use citadel_geometry::Square;
use citadel_rules::{
    with_position, Claims, Color, Game, IllegalMove, Move, MoveList, Outcome, Piece, Variant,
    VariantPosition,
};

/// A position of any game: what a program needs to play, read and write it. Implemented by
/// [`citadel_rules::Position<G>`] and by [`VariantPosition`]; `Display` writes the FEN.
pub trait Position: Clone + std::fmt::Debug + std::fmt::Display {
    /// The game.
    fn variant(&self) -> Variant;

    /// The legal moves.
    fn legal_moves(&self) -> MoveList;

    /// Whether `m` is one of the legal moves.
    fn is_legal(&self, m: Move) -> bool;

    /// Plays `m` if it is legal; otherwise an [`IllegalMove`] that says why, and the
    /// position is unchanged.
    fn try_play(&mut self, m: Move) -> Result<(), IllegalMove>;

    /// Plays `m` unchecked: for a move from [`legal_moves`](Self::legal_moves) of this very
    /// position (search, perft). Any other move leaves the position unspecified.
    fn play_unchecked(&mut self, m: Move);

    /// Reads a move typed by a user (SAN or coordinates, [`parse_move`](Self::parse_move))
    /// and plays it; returns the move played.
    fn play(&mut self, text: &str) -> Result<Move, IllegalMove> {
        let m = self.parse_move(text)?;
        self.play_unchecked(m);
        Ok(m)
    }

    /// Takes back the last move played, and returns it; `None` when there is none.
    fn undo(&mut self) -> Option<Move>;

    /// How the game has ended, if it has, counting the draws `claims` names
    /// ([`Claims`]).
    fn outcome(&self, claims: Claims) -> Option<Outcome>;

    /// The side to move.
    fn turn(&self) -> Color;

    /// Whether the side to move is in check.
    fn in_check(&self) -> bool;

    /// The piece on `sq`.
    fn piece_at(&self, sq: Square) -> Option<Piece>;

    /// The Zobrist hash.
    fn hash(&self) -> u64;

    /// The moves played on this position object (what [`undo`](Self::undo) can take back).
    fn ply_count(&self) -> usize;

    /// The FEN; the en passant cell only when a capture there is legal.
    fn fen(&self) -> String;

    /// Replaces the position with the FEN's, of the same game; on an error the position
    /// is unchanged.
    fn set_fen(&mut self, text: &str) -> Result<(), FenError>;

    /// Reads a legal move in SAN (`Nf3`, `O-O`, `e10=Q`) or coordinates (`g1f3`, `g1-f3`,
    /// `e9e10q`) ([`san::parse`]).
    fn parse_move(&self, text: &str) -> Result<Move, IllegalMove>;

    /// Reads a legal move in SAN only ([`san::parse_san_only`]).
    fn parse_san(&self, text: &str) -> Result<Move, IllegalMove>;

    /// Reads a legal move in coordinates only ([`coord::parse_move`]).
    fn parse_coord(&self, text: &str) -> Result<Move, IllegalMove>;

    /// A legal move in SAN, with `+` or `#` ([`san::write`]); an error for any other move.
    fn san(&self, m: &Move) -> Result<String, IllegalMove>;

    /// A move in coordinates, a promotion always with its letter ([`coord::write`]).
    fn coord(&self, m: &Move) -> String;

    /// The cell named `name` on this game's board.
    fn parse_square(&self, name: &str) -> Option<Square>;

    /// The name of `sq` on this game's board; `None` for a cell the board does not have.
    fn square_name(&self, sq: Square) -> Option<&'static str>;
}

impl<G: Game> Position for citadel_rules::Position<G> {
    fn variant(&self) -> Variant {
        self.config().variant
    }

    fn legal_moves(&self) -> MoveList {
        citadel_rules::Position::legal_moves(self)
    }

    fn is_legal(&self, m: Move) -> bool {
        citadel_rules::Position::is_legal(self, m)
    }

    fn try_play(&mut self, m: Move) -> Result<(), IllegalMove> {
        citadel_rules::Position::try_play(self, m)
    }

    fn play_unchecked(&mut self, m: Move) {
        citadel_rules::Position::play_unchecked(self, m)
    }

    fn undo(&mut self) -> Option<Move> {
        citadel_rules::Position::undo(self)
    }

    fn outcome(&self, claims: Claims) -> Option<Outcome> {
        citadel_rules::Position::outcome(self, claims)
    }

    fn turn(&self) -> Color {
        citadel_rules::Position::turn(self)
    }

    fn in_check(&self) -> bool {
        citadel_rules::Position::in_check(self)
    }

    fn piece_at(&self, sq: Square) -> Option<Piece> {
        (sq.index() < self.config().geometry().len())
            .then(|| citadel_rules::Position::piece_at(self, sq))
            .flatten()
    }

    fn hash(&self) -> u64 {
        citadel_rules::Position::hash(self)
    }

    fn ply_count(&self) -> usize {
        citadel_rules::Position::ply_count(self)
    }

    fn fen(&self) -> String {
        citadel_rules::Position::fen(self)
    }

    fn set_fen(&mut self, text: &str) -> Result<(), FenError> {
        *self = fen::parse::<G>(text)?;
        Ok(())
    }

    fn parse_move(&self, text: &str) -> Result<Move, IllegalMove> {
        san::parse(self, text)
    }

    fn parse_san(&self, text: &str) -> Result<Move, IllegalMove> {
        san::parse_san_only(self, text)
    }

    fn parse_coord(&self, text: &str) -> Result<Move, IllegalMove> {
        coord::parse_move(self, text)
    }

    fn san(&self, m: &Move) -> Result<String, IllegalMove> {
        san::write(self, m)
    }

    fn coord(&self, m: &Move) -> String {
        coord::write(self, m)
    }

    fn parse_square(&self, name: &str) -> Option<Square> {
        self.config().geometry().parse_square(name)
    }

    fn square_name(&self, sq: Square) -> Option<&'static str> {
        let geo = self.config().geometry();
        (sq.index() < geo.len()).then(|| geo.name_of(sq))
    }
}

impl Position for VariantPosition {
    fn variant(&self) -> Variant {
        VariantPosition::variant(self)
    }

    fn legal_moves(&self) -> MoveList {
        VariantPosition::legal_moves(self)
    }

    fn is_legal(&self, m: Move) -> bool {
        VariantPosition::is_legal(self, m)
    }

    fn try_play(&mut self, m: Move) -> Result<(), IllegalMove> {
        VariantPosition::try_play(self, m)
    }

    fn play_unchecked(&mut self, m: Move) {
        VariantPosition::play_unchecked(self, m)
    }

    fn undo(&mut self) -> Option<Move> {
        VariantPosition::undo(self)
    }

    fn outcome(&self, claims: Claims) -> Option<Outcome> {
        VariantPosition::outcome(self, claims)
    }

    fn turn(&self) -> Color {
        VariantPosition::turn(self)
    }

    fn in_check(&self) -> bool {
        VariantPosition::in_check(self)
    }

    fn piece_at(&self, sq: Square) -> Option<Piece> {
        with_position!(self, p => Position::piece_at(p, sq))
    }

    fn hash(&self) -> u64 {
        VariantPosition::hash(self)
    }

    fn ply_count(&self) -> usize {
        VariantPosition::ply_count(self)
    }

    fn fen(&self) -> String {
        VariantPosition::fen(self)
    }

    fn set_fen(&mut self, text: &str) -> Result<(), FenError> {
        with_position!(self, p => Position::set_fen(p, text))
    }

    fn parse_move(&self, text: &str) -> Result<Move, IllegalMove> {
        with_position!(self, p => san::parse(p, text))
    }

    fn parse_san(&self, text: &str) -> Result<Move, IllegalMove> {
        with_position!(self, p => san::parse_san_only(p, text))
    }

    fn parse_coord(&self, text: &str) -> Result<Move, IllegalMove> {
        with_position!(self, p => coord::parse_move(p, text))
    }

    fn san(&self, m: &Move) -> Result<String, IllegalMove> {
        with_position!(self, p => san::write(p, m))
    }

    fn coord(&self, m: &Move) -> String {
        with_position!(self, p => coord::write(p, m))
    }

    fn parse_square(&self, name: &str) -> Option<Square> {
        VariantPosition::parse_square(self, name)
    }

    fn square_name(&self, sq: Square) -> Option<&'static str> {
        with_position!(self, p => Position::square_name(p, sq))
    }
}

/// A position of `variant` from a FEN ([`fen::read_variant`]).
///
/// ```
/// use citadel_notation::{position, Position};
/// use citadel_rules::Variant;
/// let pos = position::from_fen(Variant::Tamerlane, Variant::Tamerlane.start_fen()).unwrap();
/// assert_eq!(pos.fen(), Variant::Tamerlane.start_fen());
/// ```
pub fn from_fen(variant: Variant, text: &str) -> Result<VariantPosition, FenError> {
    fen::read_variant(variant, text)
}
