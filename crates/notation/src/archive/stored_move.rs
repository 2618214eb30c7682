//! How an archive stores a main-line move: as the move itself (format version 4), or as its
//! rank among the position's legal moves (versions 2 and 3, read only).

use super::{Bytes, DecodeError};
use citadel_geometry::Square;
use citadel_rules::{Move, MoveFlag, MoveList};

/// The bit of a stored move's first byte that says its flag, promotion and auxiliary cell
/// follow.
pub(super) const MORE: u8 = 0x80;

/// Whether `m` can be stored as a move: its cells fit in seven bits (they do on every board:
/// a board has at most 128 cells) and its flag in a byte.
pub(super) fn storable(m: &Move) -> bool {
    let small = |sq: Square| sq.0 < MORE;
    small(m.from)
        && small(m.to)
        && m.aux.is_none_or(small)
        && !matches!(m.flag, MoveFlag::Special(n) if n > u8::MAX - 4)
        && m.promotion.is_none_or(|k| k < u8::MAX)
}

/// Appends a [`storable`] move: `from` (with [`MORE`] set if more follows) and `to`, then
/// for a move with a flag, promotion or auxiliary cell: the flag's code, the promotion kind
/// plus one and the auxiliary cell plus one (0 for none).
pub(super) fn put_move(out: &mut Vec<u8>, m: &Move) {
    let flag = match m.flag {
        MoveFlag::Normal => 0,
        MoveFlag::DoubleStep => 1,
        MoveFlag::EnPassant => 2,
        MoveFlag::Castle => 3,
        MoveFlag::Special(n) => 4 + n,
    };
    if flag == 0 && m.promotion.is_none() && m.aux.is_none() {
        out.extend_from_slice(&[m.from.0, m.to.0]);
    } else {
        let promotion = m.promotion.map_or(0, |k| k + 1);
        let aux = m.aux.map_or(0, |a| a.0 + 1);
        out.extend_from_slice(&[m.from.0 | MORE, m.to.0, flag, promotion, aux]);
    }
}

/// Reads a move written by [`put_move`].
pub(super) fn get_move(b: &mut Bytes) -> Result<Move, DecodeError> {
    let first = b.byte()?;
    let to = Square(b.byte()?);
    let mut m = Move::new(Square(first & !MORE), to);
    if first & MORE != 0 {
        m.flag = match b.byte()? {
            0 => MoveFlag::Normal,
            1 => MoveFlag::DoubleStep,
            2 => MoveFlag::EnPassant,
            3 => MoveFlag::Castle,
            n => MoveFlag::Special(n - 4),
        };
        m.promotion = b.byte()?.checked_sub(1);
        m.aux = b.byte()?.checked_sub(1).map(Square);
    }
    Ok(m)
}

/// The order that ranks a position's legal moves, independent of generation order: the
/// fields (from, to, promotion, flag, aux) packed into the upper 48 bits of a number, so that
/// numbers compare as the fields do in turn.
pub(super) fn key(m: &Move) -> u64 {
    let flag: u16 = match m.flag {
        MoveFlag::Normal => 0,
        MoveFlag::DoubleStep => 1,
        MoveFlag::EnPassant => 2,
        MoveFlag::Castle => 3,
        MoveFlag::Special(n) => 4 + u16::from(n),
    };
    let promotion = m.promotion.map_or(0, |k| k.saturating_add(1));
    let aux = m.aux.map_or(0, |a| a.0.saturating_add(1));
    (u64::from(m.from.0) << 56)
        | (u64::from(m.to.0) << 48)
        | (u64::from(promotion) << 40)
        | (u64::from(flag) << 24)
        | (u64::from(aux) << 16)
}

/// The move of rank `rank` among `legal` in the order of [`key`], found without sorting;
/// `keys` is scratch space.
pub(super) fn by_rank(legal: &MoveList, keys: &mut Vec<u64>, rank: usize) -> Option<Move> {
    if rank >= legal.len() {
        return None;
    }
    // a move's key with its index in the low 16 bits (a list holds fewer than 2^16 moves)
    keys.clear();
    keys.extend(legal.iter().enumerate().map(|(i, m)| key(m) | i as u64));
    let k = *keys.select_nth_unstable(rank).1;
    legal.get((k & 0xffff) as usize).copied()
}

/// Bytes a rank takes among `n` legal moves.
pub(super) fn width(n: usize) -> u8 {
    if n <= 256 {
        1
    } else {
        2
    }
}
