//! The SAN dialect of each game (see [`SanDialect`]): only what differs from the defaults.

use crate::san::{castle_by_rights, SanDialect};
use citadel_rules::tamerlane::special;
use citadel_rules::{Chess, Game, MiniCitadel, Move, MoveFlag, Persian, Position, Tamerlane};

/// Chess: `O-O` is the king-side castle (rights `K`/`k`, bits 1 and 4).
impl SanDialect for Chess {
    fn write_special(_pos: &Position<Self>, m: &Move) -> Option<String> {
        castle_by_rights(Chess::castling(), m, 1 | 4)
    }
}

/// Persian Chess: `O-O` is the queen-side castle, king f2→d2 (rights `Q`/`q`, bits 2 and 8);
/// `O-O-O` the princess-side castle, king f2→i2 (RULES.md). The rendezvous is written by the
/// default as the princess's (champion's) move to h2: `Sh2`, `Ch2`.
impl<const S: u8> SanDialect for Persian<S> {
    fn write_special(_pos: &Position<Self>, m: &Move) -> Option<String> {
        castle_by_rights(Persian::<S>::castling(), m, 2 | 8)
    }
}

/// Mini Citadel Chess: the defaults (promotion is automatic, so no suffix is written; a
/// suffix naming the same piece is accepted; promoted pieces are written `+N`, `+K`).
impl SanDialect for MiniCitadel {}

/// Tamerlane chess: the pawn of pawns' placement is `P@e5`; the king's swap is the king's
/// move to its partner's cell (`Ke2`) and a citadel step the royal's move (`Kx2`), both by
/// the defaults.
impl SanDialect for Tamerlane {
    fn write_special(_pos: &Position<Self>, m: &Move) -> Option<String> {
        (m.flag == MoveFlag::Special(special::PLACEMENT))
            .then(|| format!("P@{}", Self::config().geometry().name_of(m.to)))
    }
}
