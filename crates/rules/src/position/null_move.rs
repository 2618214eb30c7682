//! The null move (a pass), for a search's null-move pruning: not a move of any game here.

use crate::{Game, Move, Position};
use citadel_geometry::Square;

/// The move recorded for a pass (what `last_move` gives after `play_null`): from and to the
/// first cell, so it is never a legal move.
const NULL_MOVE: Move = Move::new(Square(0), Square(0));

impl<G: Game> Position<G> {
    /// Passes the turn: the side to move changes and an en passant right lapses, nothing
    /// else (the hash stays right). The halfmove clock restarts, so that no position before
    /// the pass counts as a repetition of one after it. Take it back with
    /// [`undo_null`](Self::undo_null) (or [`undo`](Self::undo)).
    ///
    /// ```
    /// use citadel_rules::{Chess, Position};
    /// let mut pos = Position::<Chess>::start();
    /// let before = pos.hash();
    /// pos.play_null();
    /// assert_eq!(pos.hash(), pos.compute_hash());
    /// pos.undo_null();
    /// assert_eq!(pos.hash(), before);
    /// ```
    pub fn play_null(&mut self) {
        let undo = self.undo_record(NULL_MOVE);
        self.stack.push(undo);
        self.clear_ep();
        self.halfmove = 0;
        self.pass_turn();
    }

    /// Takes back a [`play_null`](Self::play_null).
    pub fn undo_null(&mut self) {
        debug_assert!(self
            .stack
            .last()
            .is_some_and(|u| u.mv == NULL_MOVE && u.n == 0));
        self.undo();
    }
}
