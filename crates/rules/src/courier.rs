//! Courier chess: the medieval German game on a 12x8 board, played as Fairy-Stockfish's
//! `courier`. The Shatranj army (king, ferz, rook, alfil, knight, pawns) with three more
//! pieces a side: the long-range bishop (the courier), the mann (a king that is not royal)
//! and the schleich (a wazir: one orthogonal step). Pawns step one cell (no double step, no
//! en passant) and promote to a ferz on the last rank; no castling. A stalemated side loses,
//! and so does a side left with a bare king ([`bare_king`]); the 50-move rule draws.

use crate::fide;
use crate::shatranj;
use crate::{Config, Game, Outcome, Position, PositionError, Stalemate, Termination};
use citadel_geometry::GeometryBuilder;
use citadel_pieces::{catalog, Role};
use std::sync::OnceLock;

/// Courier chess. Kinds: see [`kind`]. No rights.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Courier;

/// The start position (Fairy-Stockfish's): the pawns of the a, g and l files stand
/// advanced, as does the ferz, in front of an empty g1.
pub const START: &str =
    "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1";

/// Kind indices of the Courier army.
pub mod kind {
    /// King.
    pub const KING: u8 = 0;
    /// Ferz (the queen of the game), `F`: one diagonal step.
    pub const FERZ: u8 = 1;
    /// Rook.
    pub const ROOK: u8 = 2;
    /// Bishop (the courier), `B`: the orthodox bishop.
    pub const BISHOP: u8 = 3;
    /// Alfil, `E`: a leap of exactly two diagonally.
    pub const ALFIL: u8 = 4;
    /// Knight.
    pub const KNIGHT: u8 = 5;
    /// Mann, `M`: moves as a king, not royal (role [`Role::Mann`](citadel_pieces::Role::Mann),
    /// drawn with the guard's figure).
    pub const MANN: u8 = 6;
    /// Schleich, `W`: one orthogonal step, as a wazir (role
    /// [`Role::Schleich`](citadel_pieces::Role::Schleich), drawn with the vizier's figure).
    pub const SCHLEICH: u8 = 7;
    /// Pawn: one step forward, diagonal forward captures.
    pub const PAWN: u8 = 8;
}

fn config() -> &'static Config {
    static T: OnceLock<Config> = OnceLock::new();
    T.get_or_init(|| {
        use kind::*;
        let defs = vec![
            catalog::king(),
            catalog::ferz(),
            catalog::rook(),
            catalog::bishop(),
            catalog::alfil(),
            catalog::knight(),
            // pieces of their own (roles), moving as a king and a wazir
            catalog::king().named("mann", 'M').role(Role::Mann),
            catalog::wazir().named("schleich", 'W').role(Role::Schleich),
            catalog::shatranj_pawn(),
        ];
        let board = GeometryBuilder::new("courier", 12, 8).build();
        let cfg = Config::new(crate::Variant::Courier, board, defs, START);
        let (last, first) = (cfg.rank(7), cfg.rank(0));
        cfg.royal(&[KING])
            .pawns(&[PAWN])
            .promotion_zone(last, first)
            .promotes(PAWN, &[FERZ])
            .stalemate(Stalemate::Loss)
            .title("Courier chess")
            .xboard(crate::XBoardGame::Native("courier"))
    })
}

/// The bare-king rule as Fairy-Stockfish plays it: the Shatranj rule
/// ([`shatranj::bare_king`]: a side to move with more than its king against a lone king has
/// won; a bared side otherwise makes its reply; two bare kings play on), and a bared side to
/// move against three or more pieces has lost at once (it could never bare the other side in
/// one reply), so it has no moves.
pub fn bare_king(pos: &Position<Courier>) -> Option<Outcome> {
    let us = pos.turn();
    let theirs = pos.bitboards().color[us.other().index()].count();
    if shatranj::is_bare(pos, us) && theirs >= 3 {
        return Some(Outcome::win(us.other(), Termination::BareKing));
    }
    shatranj::bare_king(pos, false)
}

impl Game for Courier {
    type Word = u128;

    #[inline(always)]
    fn config() -> &'static Config {
        config()
    }

    #[inline(always)]
    fn decided(pos: &Position<Self>) -> Option<Outcome> {
        bare_king(pos)
    }

    /// Two bare kings: neither side can mate, stalemate or bare the other.
    fn insufficient_material(pos: &Position<Self>) -> bool {
        shatranj::both_bare(pos)
    }

    fn validate(pos: &Position<Self>) -> Result<(), PositionError> {
        fide::one_king_each(pos)
    }
}
