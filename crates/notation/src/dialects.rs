//! The SAN dialects of chess and the Persian family (see [`SanDialect`] for the other games).

use crate::san::{castle_by_rights, SanDialect};
use citadel_rules::{Chess, Move, Persian, Position};

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
