//! Castling, shared by every game that has it (chess, the Persian family, Chess960): each way
//! of castling is data — the king's and rook's cells, the cells that must be empty and safe.
//! A game with a fixed set of ways holds them in a [`Castling`]; Chess960 finds the way from
//! where its king and rook stand and uses the [`CastleSpec`] alone.

use crate::game::Changes;
use crate::rights::Right;
use crate::{Game, Legality, Move, MoveFlag, MoveList, Piece, Position, PositionError};
use citadel_geometry::{BitWord, Bitboard, Square};

/// One way of castling (sets of cells over the game's bitboard word `W`).
#[derive(Clone, Copy, Debug)]
pub struct CastleSpec<W: BitWord = u128> {
    /// The right that allows it (its FEN letter and rights bit).
    pub right: Right,
    /// How SAN writes it (`"O-O"`, `"O-O-O"`).
    pub san: &'static str,
    /// King's start and destination.
    pub king: (Square, Square),
    /// Rook's start and destination.
    pub rook: (Square, Square),
    /// Cells that must be empty.
    pub empty: Bitboard<W>,
    /// Cells the king passes that must not be attacked (its start included).
    pub safe: Bitboard<W>,
}

impl<W: BitWord> CastleSpec<W> {
    /// The rights bit of this castling.
    #[inline(always)]
    pub fn bit(&self) -> u64 {
        self.right.mask()
    }

    /// The castling move of the side to move of `pos` by this way, if it is legal there: the
    /// right held, the king (`king_kind`) and rook (`rook_kind`) on their start cells, the
    /// cells between empty, the king's cells not attacked and the king safe after it. The
    /// caller has checked that the side to move is not in check.
    #[inline(always)]
    pub fn legal_move<G: Game<Word = W>>(
        &self,
        pos: &Position<G>,
        king_kind: u8,
        rook_kind: u8,
    ) -> Option<Move> {
        let us = pos.turn();
        if pos.rights() & self.bit() == 0
            || pos.piece_at(self.king.0) != Some(Piece::new(king_kind, us))
            || pos.piece_at(self.rook.0) != Some(Piece::new(rook_kind, us))
            || (pos.bitboards().occupied() & self.empty).any()
            || !pos.config().landing[king_kind as usize].contains(self.king.1)
            || self.safe.iter().any(|c| pos.is_attacked(c, us.other()))
        {
            return None;
        }
        let m = Move {
            aux: Some(self.rook.0),
            ..Move::with_flag(self.king.0, self.king.1, MoveFlag::Castle)
        };
        pos.is_safe_after(&m).then_some(m)
    }

    /// The board changes of castling this way in `pos`: king and rook leave their start
    /// cells, then take their destinations (which may be each other's start cells, or their
    /// own).
    #[inline(always)]
    pub fn changes<G: Game>(&self, pos: &Position<G>, ch: &mut Changes) {
        let king = pos.code_at(self.king.0);
        let rook = pos.code_at(self.rook.0);
        ch.set(self.king.0, 0);
        ch.set(self.rook.0, 0);
        ch.set(self.king.1, king);
        ch.set(self.rook.1, rook);
    }
}

/// All ways of castling of a game, with the rights each cell's move takes away.
#[derive(Clone, Debug)]
pub struct Castling<W: BitWord = u128> {
    specs: Vec<CastleSpec<W>>,
    lost: Vec<u64>,
    king_kind: u8,
    rook_kind: u8,
}

impl<W: BitWord> Castling<W> {
    /// Castling with these ways, for the given king and rook kinds; `cells` is the board size.
    pub fn new(specs: Vec<CastleSpec<W>>, king_kind: u8, rook_kind: u8, cells: usize) -> Self {
        let mut lost = vec![0u64; cells];
        for s in &specs {
            lost[s.king.0.index()] |= s.bit();
            lost[s.rook.0.index()] |= s.bit();
        }
        Castling {
            specs,
            lost,
            king_kind,
            rook_kind,
        }
    }

    /// The ways of castling.
    pub fn specs(&self) -> &[CastleSpec<W>] {
        &self.specs
    }

    /// The way of castling whose king goes `from` → `to`.
    pub fn spec_of(&self, from: Square, to: Square) -> Option<&CastleSpec<W>> {
        self.specs.iter().find(|s| s.king == (from, to))
    }

    /// The name (SAN) of the castling move `m`, or `None` if `m` is not one of these.
    pub fn name_of(&self, m: &Move) -> Option<String> {
        if m.flag != MoveFlag::Castle {
            return None;
        }
        self.spec_of(m.from, m.to).map(|s| s.san.to_string())
    }

    /// The castling rights, in the order of the specs.
    pub fn rights(&self) -> Vec<Right> {
        self.specs.iter().map(|s| s.right).collect()
    }

    /// The king kind and rook kind that castle.
    pub fn kinds(&self) -> (u8, u8) {
        (self.king_kind, self.rook_kind)
    }

    /// Adds the legal castling moves of the side to move.
    pub fn generate<G: Game<Word = W>>(
        &self,
        pos: &Position<G>,
        lg: &Legality<W>,
        out: &mut MoveList,
    ) {
        if lg.in_check {
            return;
        }
        for s in &self.specs {
            if let Some(m) = s.legal_move(pos, self.king_kind, self.rook_kind) {
                out.push(m);
            }
        }
    }

    /// Checks that every castling right held has its king and rook on their start cells.
    pub fn validate<G: Game>(&self, pos: &Position<G>) -> Result<(), PositionError> {
        let cfg = pos.config();
        let geo = cfg.geometry();
        for s in &self.specs {
            if pos.rights() & s.bit() == 0 {
                continue;
            }
            for (kind, sq, what) in [
                (self.king_kind, s.king.0, "king"),
                (self.rook_kind, s.rook.0, "rook"),
            ] {
                if pos.piece_at(sq) != Some(Piece::new(kind, s.right.color)) {
                    return Err(PositionError::RightWithoutPiece {
                        right: s.right.fen,
                        needs: format!("{:?}'s {what} on {}", s.right.color, geo.name_of(sq)),
                    });
                }
            }
        }
        Ok(())
    }

    /// The board changes of a castling move; `false` if `m` is not one.
    pub fn effect<G: Game>(&self, pos: &Position<G>, m: &Move, ch: &mut Changes) -> bool {
        if m.flag != MoveFlag::Castle {
            return false;
        }
        let Some(s) = self.specs.iter().find(|s| s.king == (m.from, m.to)) else {
            return false;
        };
        s.changes(pos, ch);
        true
    }

    /// The rights left after `m`: moving from or to a king's or rook's start cell ends the
    /// castling that uses it.
    #[inline(always)]
    pub fn rights_after(&self, rights: u64, m: &Move) -> u64 {
        rights & !(self.lost[m.from.index()] | self.lost[m.to.index()])
    }
}
