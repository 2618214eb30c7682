//! What chess and the Persian family share: the orthodox army, pawns with double step, en
//! passant and promotion, and the insufficient-material draw.

use crate::{Color, Config, Game, Position};
use citadel_geometry::{BitWord, Geometry};
use citadel_pieces::{catalog, PieceDef};

/// Kind indices of the orthodox pieces, the same in every FIDE-like game here.
pub mod kind {
    /// King.
    pub const KING: u8 = 0;
    /// Queen.
    pub const QUEEN: u8 = 1;
    /// Rook.
    pub const ROOK: u8 = 2;
    /// Bishop.
    pub const BISHOP: u8 = 3;
    /// Knight.
    pub const KNIGHT: u8 = 4;
    /// Pawn.
    pub const PAWN: u8 = 5;
}

/// A FIDE-like configuration: K Q R B N P (kinds 0–5) plus `extra` pieces, pawns
/// double-stepping from the 0-based ranks `pawn_ranks`, promoting on `promo_ranks` to
/// Q, R, B or N.
pub fn config<W: BitWord>(
    variant: crate::Variant,
    geo: Geometry<W>,
    extra: Vec<PieceDef>,
    start_fen: &'static str,
    pawn_ranks: [i8; 2],
    promo_ranks: [i8; 2],
) -> Config<W> {
    use kind::*;
    let mut defs = vec![
        catalog::king(),
        catalog::queen(),
        catalog::rook(),
        catalog::bishop(),
        catalog::knight(),
        catalog::pawn(),
    ];
    defs.extend(extra);
    let cfg = Config::new(variant, geo, defs, start_fen);
    let ds = [cfg.rank(pawn_ranks[0]), cfg.rank(pawn_ranks[1])];
    let pz = [cfg.rank(promo_ranks[0]), cfg.rank(promo_ranks[1])];
    cfg.royal(&[KING])
        .pawns(&[PAWN])
        .double_step(ds[0], ds[1], true)
        .promotion_zone(pz[0], pz[1])
        .promotes(PAWN, &[QUEEN, ROOK, BISHOP, KNIGHT])
}

/// King against king, or king and one bishop or knight against a lone king.
pub fn insufficient_material<G: Game>(pos: &Position<G>) -> bool {
    use kind::*;
    let bb = pos.bitboards();
    let occ = bb.occupied();
    match occ.count() {
        2 => true,
        3 => {
            let minor = bb.kind[BISHOP as usize] | bb.kind[KNIGHT as usize];
            (minor & occ).count() == 1
        }
        _ => false,
    }
}

/// Exactly one king per side.
pub fn one_king_each<G: Game>(pos: &Position<G>) -> Result<(), crate::PositionError> {
    for c in Color::BOTH {
        if pos.royals(c).more_than_one() {
            return Err(crate::PositionError::TooManyRoyals(c));
        }
    }
    Ok(())
}
