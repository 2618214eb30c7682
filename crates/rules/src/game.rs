//! The `Game` trait: what a game adds to the shared core.

use crate::{
    Bitboards, Color, Config, Legality, Move, MoveList, Outcome, Position, PositionError,
    Stalemate, Termination,
};
use citadel_geometry::{BitWord, Bitboard, Square};

/// The board changes a move makes: `(cell, new mailbox code)` in order (0 = empty).
#[derive(Clone, Copy, Debug, Default)]
pub struct Changes {
    items: [(Square, u8); 8],
    len: u8,
}

impl Changes {
    /// Records that `sq` becomes `code` (0 empties it).
    #[inline(always)]
    pub fn set(&mut self, sq: Square, code: u8) {
        self.items[self.len as usize] = (sq, code);
        self.len += 1;
    }

    /// The recorded changes, in order.
    #[inline(always)]
    pub fn as_slice(&self) -> &[(Square, u8)] {
        &self.items[..self.len as usize]
    }
}

/// A game: configuration over the shared core plus the hooks for its special rules.
///
/// Every hook has a default that is right for orthodox chess, so a game states only what is
/// special about it. Hooks are static functions so that the core is monomorphised per game.
pub trait Game: Sized + Copy + Default + Send + Sync + std::fmt::Debug + 'static {
    /// The word of the game's bitboards: `u64` when its board has at most 64 cells (chess,
    /// shatranj, Byzantine chess), `u128` otherwise. Every set of cells of the game —
    /// geometry, piece tables, position — is a [`Bitboard<Self::Word>`](Bitboard).
    type Word: BitWord;

    /// The game's configuration, built once.
    fn config() -> &'static Config<Self::Word>;

    /// Cells whose occupants cannot be captured and where nothing counts as attacked.
    #[inline(always)]
    fn immune(_bb: &Bitboards<Self::Word>) -> Bitboard<Self::Word> {
        Bitboard::EMPTY
    }

    /// Cells whose occupants neither capture nor attack.
    #[inline(always)]
    fn inert(_bb: &Bitboards<Self::Word>) -> Bitboard<Self::Word> {
        Bitboard::EMPTY
    }

    /// Attacks the compiled pieces do not see: the pieces of `by` on cells of `attackers`
    /// (its pieces that may attack, already without excluded ones) that attack `target` by
    /// a move of the game's own rules (Tamerlane: an adventitious king in its citadel attacks
    /// the citadel's neighbours). Called by every attack test, which asks whether the set is
    /// empty; [`Position::attackers_of`] adds it to the compiled pieces' attackers.
    #[inline(always)]
    fn extra_attackers(
        _bb: &Bitboards<Self::Word>,
        _target: Square,
        _by: Color,
        _attackers: Bitboard<Self::Word>,
    ) -> Bitboard<Self::Word> {
        Bitboard::EMPTY
    }

    /// The cells from which a piece of `by` may attack `target` by the game's own rules
    /// ([`extra_attackers`](Self::extra_attackers)) in any position: a superset, which lets
    /// [`Position::check_hint`] clear a move that cannot give check. A game with extra
    /// attackers names their cells here.
    #[inline(always)]
    fn extra_reach(_target: Square, _by: Color) -> Bitboard<Self::Word> {
        Bitboard::EMPTY
    }

    /// Whether a check to the sole royal piece can be answered by a plain move of another
    /// piece only by taking a checking piece or by standing in the way of its attack, so
    /// that such moves landing elsewhere need no legality test ([`Legality::evasions`]).
    /// True unless the game changes the board of a plain move beyond its two cells
    /// ([`effect`](Self::effect)), or lets a move elsewhere make the royal piece
    /// [`immune`](Self::immune) or a checking piece [`inert`](Self::inert). It also takes
    /// for granted that no piece attacks by hopping over another (a cannon), so that a
    /// piece moving into a line can only block it: a game with such pieces sets it false.
    const LOCAL_EVASIONS: bool = true;

    /// The outcome if a rule has already decided the game in this position (such a position
    /// has no legal moves).
    #[inline(always)]
    fn decided(_pos: &Position<Self>) -> Option<Outcome> {
        None
    }

    /// The cells the side to move's piece on `from` may not reach by a regular
    /// (atom-generated) move, by the game's own rules. Asked once per piece, so that the
    /// other moves are pushed without a test each.
    #[inline(always)]
    fn forbidden(_pos: &Position<Self>, _from: Square) -> Bitboard<Self::Word> {
        Bitboard::EMPTY
    }

    /// Adds the game's special moves; only legal ones. `out` already holds legal regular
    /// moves: all of them in [`Position::generate`], at least one of them in
    /// [`Position::generate_toward`]. A game may read `out` only to know whether the side to
    /// move has a regular move (Tamerlane's swap), never for which ones.
    #[inline(always)]
    fn special_moves(_pos: &Position<Self>, _legality: &Legality<Self::Word>, _out: &mut MoveList) {
    }

    /// Adds those of the game's special moves that may capture or promote, for
    /// [`Position::generate_tactical`] (which keeps only such moves): by default all of
    /// [`special_moves`](Self::special_moves); a game leaves out the kinds that never do, so
    /// that a quiescence search does not generate them to throw them away.
    #[inline(always)]
    fn tactical_special_moves(
        pos: &Position<Self>,
        legality: &Legality<Self::Word>,
        out: &mut MoveList,
    ) {
        Self::special_moves(pos, legality, out);
    }

    /// The board changes of a move the core does not know (castling, `Special`), or of a
    /// regular move whose effect the game alters. Returns `false` to let the core do it.
    #[inline(always)]
    fn effect(_pos: &Position<Self>, _m: &Move, _changes: &mut Changes) -> bool {
        false
    }

    /// Updates the game's rights after a move (`pos` already shows the new board; the side to
    /// move has not yet been switched).
    #[inline(always)]
    fn update_rights(_pos: &mut Position<Self>, _m: &Move) {}

    /// The outcome when the side to move has no legal move: checkmate, or stalemate as the
    /// game's [`Config::stalemate`] rule says.
    fn no_moves(pos: &Position<Self>) -> Outcome {
        if pos.in_check() {
            Outcome::win(pos.turn().other(), Termination::Checkmate)
        } else {
            match pos.config().stalemate {
                Stalemate::Draw => Outcome::draw(Termination::Stalemate),
                Stalemate::Loss => Outcome::win(pos.turn().other(), Termination::Stalemate),
            }
        }
    }

    /// Whether neither side can win any more (ends games in replay and play, not in perft).
    fn insufficient_material(_pos: &Position<Self>) -> bool {
        false
    }

    /// Rights bits a set-up position may name that are moot in it and are dropped before
    /// validation (Tamerlane: `K` after that king is gone), so that such a FEN is read and
    /// written canonically.
    fn moot_rights(_pos: &Position<Self>) -> u64 {
        0
    }

    /// Checks a set-up position against the game's own rules (after the core's checks).
    fn validate(_pos: &Position<Self>) -> Result<(), PositionError> {
        Ok(())
    }

    /// The text the game's records give a move it names in its own way (a castle by its
    /// name, Tamerlane's placement `P@e6`), or `None` for a move written as a piece's move.
    /// Only moves flagged [`MoveFlag::Castle`](crate::MoveFlag::Castle) or
    /// [`MoveFlag::Special`](crate::MoveFlag::Special) are asked. Default: none (a castle is
    /// then named by its direction, `O-O` toward higher files).
    fn move_name(_m: &Move) -> Option<String> {
        None
    }
}
