//! The SAN dialect of each game (see [`SanDialect`]): only what differs from the defaults.

use crate::coord;
use crate::san::{castle_by_spec, SanDialect};
use citadel_rules::tamerlane::special;
use citadel_rules::{
    Byzantine, Chess, Courier, Game, MiniCitadel, Move, MoveFlag, Persian, Position, Shatranj,
    Tamerlane,
};

/// Chess: `O-O` is the king-side castle, `O-O-O` the queen-side one (the specs' SAN).
impl SanDialect for Chess {
    fn write_special(_pos: &Position<Self>, m: &Move) -> Option<String> {
        castle_by_spec(Chess::castling(), m)
    }
}

/// Persian Chess: `O-O` is the queen-side castle, king f2→d2 (rights `Q`/`q`);
/// `O-O-O` the princess-side castle, king f2→i2 (RULES.md). The rendezvous is written by the
/// default as the princess's (champion's) move to h2: `Sh2`, `Ch2`.
impl<const S: u8> SanDialect for Persian<S> {
    fn write_special(_pos: &Position<Self>, m: &Move) -> Option<String> {
        castle_by_spec(Persian::<S>::castling(), m)
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

/// Shatranj: the defaults (the pawn's promotion to a ferz is automatic, so no suffix).
impl SanDialect for Shatranj {}

/// Courier chess: the defaults (the pawn's promotion to a ferz is automatic, so no suffix).
impl SanDialect for Courier {}

/// Byzantine chess: a pawn-pair removal is the `/x` suffix after the move (`Nc3/xd2e2`, the
/// pawn moving toward higher files first, by the default); `x` before the destination is
/// written only for a capture there, so a move onto a cell its own removal emptied is quiet
/// (`Nd2/xd2e2`).
impl SanDialect for Byzantine {
    fn is_capture(pos: &Position<Self>, m: &Move) -> bool {
        let removed = coord::removal_pair(Self::config().geometry(), m);
        pos.piece_at(m.to).is_some_and(|p| p.color != pos.turn())
            && removed.is_none_or(|(a, b)| m.to != a && m.to != b)
    }
}
