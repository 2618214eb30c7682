//! The board changes of a move, each with the cell's piece before and after: what an
//! incremental evaluation (the accumulators, the evaluation's per-piece sums) takes away
//! and adds when the move is made.

use citadel_geometry::Square;
use citadel_rules::{Game, Move, Piece, Position};

/// A board change of a move: the cell, its mailbox code before and after (0: empty).
pub type Change = (Square, u8, u8);

/// The changes of one move, in order (at most 8: the rules' [`citadel_rules::Changes`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct ChangeList {
    items: [(Square, u8, u8); 8],
    len: u8,
}

impl ChangeList {
    /// The changes, in order.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Change] {
        &self.items[..usize::from(self.len)]
    }

    #[inline(always)]
    fn push(&mut self, c: Change) {
        if usize::from(self.len) < self.items.len() {
            self.items[usize::from(self.len)] = c;
            self.len += 1;
        }
    }
}

/// The changes `m` (legal in `pos`, not yet played) makes.
///
/// ```
/// use citadel_nnue::changes::changes;
/// use citadel_rules::{Chess, Position};
///
/// let pos = Position::<Chess>::start();
/// let m = pos.legal_moves()[0];
/// let ch = changes(&pos, &m);
/// assert_eq!(ch.as_slice().len(), 2); // the mover leaves its cell and lands on another
/// ```
#[inline]
pub fn changes<G: Game>(pos: &Position<G>, m: &Move) -> ChangeList {
    let mut out = ChangeList::default();
    if m.is_plain() {
        // the standard effect: the mover leaves `from`, lands (promoted or not) on `to`,
        // and takes what stood there
        let moved = pos.code_at(m.from);
        let landed = m
            .promotion
            .map_or(moved, |k| Piece::new(k, pos.turn()).code());
        out.push((m.from, moved, 0));
        out.push((m.to, pos.code_at(m.to), landed));
        return out;
    }
    let ch = pos.changes(m);
    let items = ch.as_slice();
    for (i, &(sq, code)) in items.iter().enumerate() {
        // a cell changed twice reads what the earlier change left there
        let old = items[..i]
            .iter()
            .rev()
            .find(|(s, _)| *s == sq)
            .map_or_else(|| pos.code_at(sq), |&(_, c)| c);
        out.push((sq, old, code));
    }
    out
}
