//! Capture and promotion generation (for a quiescence search): the legal moves that take
//! an enemy piece or promote, without the quiet ones.

use crate::{Game, Move, MoveFlag, MoveList, Piece, Position};
use citadel_geometry::Bitboard;

impl<G: Game> Position<G> {
    /// Whether `m` (a move of the side to move) is tactical: it lands on an enemy piece,
    /// captures en passant, or promotes. [`generate_tactical`](Self::generate_tactical)
    /// gives exactly the legal moves for which this holds.
    #[inline(always)]
    pub fn is_tactical(&self, m: &Move) -> bool {
        m.promotion.is_some()
            || m.flag == MoveFlag::EnPassant
            || self.bitboards().color[self.turn().other().index()].contains(m.to)
    }

    /// Fills `out` with the legal tactical moves ([`is_tactical`](Self::is_tactical)): the
    /// same moves as [`generate`](Self::generate) keeps when filtered by it, found without
    /// generating the quiet moves of the regular pieces.
    pub fn generate_tactical(&self, out: &mut MoveList) {
        out.clear();
        if G::decided(self).is_some() {
            return;
        }
        let lg = self.legality();
        let cfg = self.config();
        let geo = cfg.geometry();
        let us = self.turn();
        let bb = self.bitboards();
        let occ = bb.occupied();
        let enemy = bb.color[us.other().index()] & !G::immune(bb);
        let inert = G::inert(bb);
        let zone = cfg.promotion_zone[us.index()];
        let ep = if cfg.en_passant {
            self.ep_square()
        } else {
            None
        };
        for from in bb.color[us.index()] {
            let Some(Piece { kind, .. }) = self.piece_at(from) else {
                continue;
            };
            let cp = cfg.pieces.piece(us.index(), kind as usize);
            let forbidden = G::forbidden(self, from);
            let land = cfg.landing[kind as usize] & !forbidden;
            let promotes = cfg.is_promoting(kind);
            let (quiet, attacks) = cp.targets(geo, from, occ);
            let caps = if inert.contains(from) {
                Bitboard::EMPTY
            } else {
                attacks & enemy & land
            };
            let mut targets = caps;
            if promotes && zone.any() {
                let mut q = quiet;
                if self.unmoved().contains(from) {
                    q |= cp.first_targets(geo, from, occ);
                }
                targets |= q & land & zone;
            }
            let evade = self.evasions_of(&lg, from, kind);
            targets &= evade;
            for to in targets {
                self.push_regular(&lg, kind, Move::new(from, to), out);
            }
            if cfg.is_pawn(kind) {
                // a double step is tactical only when it lands in the promotion zone
                if let Some(to) = promotes
                    .then(|| self.double_step_target(from, occ))
                    .flatten()
                {
                    if zone.contains(to) && land.contains(to) && evade.contains(to) {
                        let m = Move::with_flag(from, to, MoveFlag::DoubleStep);
                        self.push_regular(&lg, kind, m, out);
                    }
                }
                if !inert.contains(from) {
                    if let Some(e) = self.en_passant_target(ep, attacks, occ, enemy) {
                        if !forbidden.contains(e) {
                            let m = Move::with_flag(from, e, MoveFlag::EnPassant);
                            self.push_regular(&lg, kind, m, out);
                        }
                    }
                }
            }
        }
        // the game's special moves, kept when tactical (a hook that allows a quiet special
        // move only when there is no other move may add it here: it is dropped as quiet)
        G::tactical_special_moves(self, &lg, out);
        out.retain(|m| self.is_tactical(m));
        if cfg.data_rules.must_capture {
            // every capture is here: a promotion that takes nothing is legal only without one
            self.keep_captures(out);
        }
    }
}
