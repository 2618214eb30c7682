//! Check evasions: the cells where a plain move of a piece other than the sole royal one
//! may land to answer a check ([`Legality::evasions`]), which spare the legality test of
//! the moves landing elsewhere.

use crate::{Game, Legality, Position};
use citadel_geometry::{Bitboard, Square};

impl<G: Game> Position<G> {
    /// The [`evasions`](Legality::evasions) of the side to move, whose sole royal piece on
    /// `royal` is in check: for each checking piece, its cell and the cells on its ways to
    /// the royal piece; the cells common to all of them.
    pub(super) fn evasions(&self, royal: Square) -> Bitboard<G::Word> {
        let geo = self.config().geometry();
        let them = self.turn().other();
        let bb = self.bitboards();
        let theirs = bb.color[them.index()] & !G::inert(bb);
        if !G::LOCAL_EVASIONS || G::extra_attackers(bb, royal, them, theirs).any() {
            return geo.all();
        }
        let occ = bb.occupied();
        let set = &self.config().pieces;
        let mut mask = geo.all();
        for c in self.attackers_of(royal, them, occ) {
            let Some(p) = self.piece_at(c) else {
                return geo.all();
            };
            let paths = set
                .piece(them.index(), p.kind as usize)
                .attack_paths(geo, c, royal, occ);
            mask &= paths | Bitboard::from_square(c);
        }
        mask
    }

    /// Where the side to move's piece of `kind` on `from` may land to answer a check, if any
    /// (a superset): the [`evasions`](Legality::evasions) for a piece other than the royal
    /// one, with the promotion zone if it may promote to a royal kind (a second royal piece
    /// ends the check); every cell otherwise. A move that only leaves `from` and takes or
    /// fills its landing cell (a plain move, a double step) answers the check only there.
    #[inline(always)]
    pub(super) fn evasions_of(
        &self,
        lg: &Legality<G::Word>,
        from: Square,
        kind: u8,
    ) -> Bitboard<G::Word> {
        let cfg = self.config();
        if !lg.in_check || lg.royal == Some(from) {
            cfg.geometry().all()
        } else if cfg.promotes_to_royal(kind) {
            lg.evasions | cfg.promotion_zone[self.turn().index()]
        } else {
            lg.evasions
        }
    }
}
