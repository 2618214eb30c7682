//! Byzantine (round) chess: the Shatranj army on 4 rings of 16 files, files wrapping.
//!
//! Pawns have a fixed direction along their ring (`P>` toward higher files, `P<` toward
//! lower ones), step one, capture one diagonally forward and never promote. The facing-pawns
//! rule lets the side to move remove one pair of the opponent's facing pawns as part of a
//! turn; stalemate and the bare king are decided by the rules shared with Shatranj
//! ([`crate::shatranj`]).

use crate::game::Changes;
use crate::shatranj::{self, kind};
use crate::{
    fide, Config, Game, Legality, Move, MoveFlag, MoveList, Outcome, Piece, Position,
    PositionError, Stalemate,
};
use citadel_geometry::{boards, Bitboard, Square};
use citadel_pieces::catalog;
use std::sync::OnceLock;

/// Byzantine (round) chess. Kinds: K Q(ferz) R B(alfil) N (0–4, see
/// [`shatranj::kind`]), then [`PAWN_UP`] `P>` and [`PAWN_DOWN`] `P<`. No rights.
///
/// A move with `aux = Some(c)` (and [`MoveFlag::Normal`]) first removes the opponent's
/// facing pair on `c` (a `P>`) and the next file of its ring (a `P<`).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Byzantine;

/// Kind of the pawn moving toward higher files (`P>`).
pub const PAWN_UP: u8 = 5;
/// Kind of the pawn moving toward lower files (`P<`).
pub const PAWN_DOWN: u8 = 6;

/// The start position in ring FEN (rings 4..1).
pub const START: &str = "KP>4p<qkp>4P<Q/BP>4p<bbp>4P<B/NP>4p<nnp>4P<N/RP>4p<rrp>4P<R w - - 0 1";

struct Tables {
    cfg: Config<u64>,
    /// The next cell toward higher files on the same ring, per cell.
    up: Vec<Square>,
}

/// Material values in centipawns, by kind: the Shatranj army's (see
/// [`shatranj::VALUES`]), the rook raised for the 16-file ring (its mobility is twice the
/// 8x8 rook's).
const VALUES: [(u8, i32); 7] = [
    (PAWN_UP, 100),
    (PAWN_DOWN, 100),
    (kind::KNIGHT, 300),
    (kind::ROOK, 600),
    (kind::FERZ, 170),
    (kind::ALFIL, 115),
    (kind::KING, 0),
];

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let mut defs = shatranj::army();
        defs.push(catalog::pawn_up());
        defs.push(catalog::pawn_down());
        let cfg = Config::new(crate::Variant::Byzantine, boards::byzantine(), defs, START)
            .royal(&[kind::KING])
            .pawns(&[PAWN_UP, PAWN_DOWN])
            .symbol(PAWN_UP, "P>")
            .symbol(PAWN_DOWN, "P<")
            .stalemate(Stalemate::Loss)
            .title("Byzantine (round) chess")
            // a round board
            .xboard(crate::XBoardGame::Unsupported)
            .values(&VALUES);
        let geo = cfg.geometry();
        let up = geo
            .all()
            .iter()
            .map(|s| geo.step(s, 1, 0).expect("a ring has a next file"))
            .collect();
        Tables { cfg, up }
    })
}

impl Byzantine {
    /// The second cell of the facing pair whose `P>` stands on `first`: the next file of
    /// its ring (across the seam, `a` after `p`).
    #[inline(always)]
    pub fn pair_partner(first: Square) -> Square {
        tables().up[first.index()]
    }

    /// The first cells (the `P>` pawns) of `color`'s facing pawn pairs: a `P>` whose
    /// forward cell holds a `P<` of the same side (each blocks the other).
    pub fn facing_pairs(pos: &Position<Self>, color: crate::Color) -> Bitboard<u64> {
        let bb = pos.bitboards();
        let down = bb.pieces(PAWN_DOWN, color);
        let mut out = Bitboard::EMPTY;
        for c in bb.pieces(PAWN_UP, color) {
            if down.contains(Self::pair_partner(c)) {
                out.insert(c);
            }
        }
        out
    }
}

impl Game for Byzantine {
    type Word = u64;

    #[inline(always)]
    fn config() -> &'static Config<u64> {
        &tables().cfg
    }

    #[inline(always)]
    fn decided(pos: &Position<Self>) -> Option<Outcome> {
        shatranj::bare_king(pos, true)
    }

    /// The turns with a removal: for each of the opponent's facing pairs, every legal move
    /// of the position with that pair taken off, carrying the pair in `aux`. King safety is
    /// judged after the whole turn, so a removal may answer a check.
    fn special_moves(pos: &Position<Self>, _lg: &Legality<u64>, out: &mut MoveList) {
        let them = pos.turn().other();
        let pairs = Self::facing_pairs(pos, them);
        if pairs.is_empty() {
            return;
        }
        let mut moves = MoveList::new();
        for c in pairs {
            let mut p = pos.snapshot();
            p.set_piece(c, None);
            p.set_piece(Self::pair_partner(c), None);
            moves.clear();
            p.generate_regular(&p.legality(), &mut moves);
            for m in moves.iter() {
                out.push(Move { aux: Some(c), ..*m });
            }
        }
    }

    #[inline(always)]
    fn effect(pos: &Position<Self>, m: &Move, ch: &mut Changes) -> bool {
        let Some(c) = m.aux else { return false };
        if m.flag != MoveFlag::Normal {
            return false;
        }
        ch.set(c, 0);
        ch.set(Self::pair_partner(c), 0);
        ch.set(m.from, 0);
        let code = match m.promotion {
            Some(k) => Piece::new(k, pos.turn()).code(),
            None => pos.code_at(m.from),
        };
        ch.set(m.to, code);
        true
    }

    fn validate(pos: &Position<Self>) -> Result<(), PositionError> {
        fide::one_king_each(pos)
    }
}
