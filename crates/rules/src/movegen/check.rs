//! Which moves may give check: a quick test ([`CheckHint`]) that tells most moves that
//! cannot check from the few that might, without playing them.

use crate::{Game, Move, Position, MAX_KINDS};
use citadel_geometry::{BitWord, Bitboard, Square};

/// What the side to move's moves need for [`may_check`](Self::may_check): where each of its
/// piece kinds would attack the opponent's sole royal piece from, and which of its pieces
/// may stand in the way of another's attack on it. Made by [`Position::check_hint`] for
/// one position and valid for it only.
///
/// The test is a superset: a move it clears does not give check; a move it does not clear
/// may or may not (playing it tells). For a plain move, it looks only at the move's two
/// cells, which is exact as long as a plain move changes nothing else and no piece attacks
/// by hopping over another — what [`Game::LOCAL_EVASIONS`] promises; for a game that does
/// not promise it, or for a special move or a promotion, no move is cleared.
///
/// ```
/// use citadel_rules::{Chess, Game, Move, Position};
///
/// let geo = Chess::config().geometry();
/// let find = |pos: &Position<Chess>, from: &str, to: &str| -> Move {
///     let (from, to) = (geo.parse_square(from).unwrap(), geo.parse_square(to).unwrap());
///     *pos.legal_moves().iter().find(|m| m.from == from && m.to == to).unwrap()
/// };
/// let mut pos = Position::<Chess>::start();
/// for (from, to) in [("e2", "e4"), ("f7", "f6")] {
///     pos.play_unchecked(find(&pos, from, to));
/// }
/// let mut hint = pos.check_hint();
/// // the queen may check on the opened diagonal (it does); a knight move cannot
/// assert!(hint.may_check(&pos, &find(&pos, "d1", "h5")));
/// assert!(!hint.may_check(&pos, &find(&pos, "g1", "f3")));
/// ```
#[derive(Clone, Debug)]
pub struct CheckHint<W: BitWord = u128> {
    /// The opponent's sole royal piece; `None` when it has several or none, so that no move
    /// that takes nothing can check.
    royal: Option<Square>,
    /// The occupied cells as the side to move's attacks are traced here: without its own
    /// pieces, which can only add attacks, so that a piece's move cannot add any.
    through: Bitboard<W>,
    /// The cells of the side to move's pieces that may stand in the way of another of its
    /// pieces' attacks on the royal piece (moving away may uncover it).
    discover: Bitboard<W>,
    /// The cells from which the game's own rules may let a piece attack the royal piece
    /// ([`Game::extra_reach`]).
    extra: Bitboard<W>,
    /// Per kind, the cells from which a piece of that kind attacks the royal piece (over
    /// `through`), once asked for: bit `k` of `known`.
    direct: [Bitboard<W>; MAX_KINDS],
    known: u32,
}

impl<W: BitWord> CheckHint<W> {
    /// Whether the side to move's move `m` may give check (`false`: it does not).
    pub fn may_check<G: Game<Word = W>>(&mut self, pos: &Position<G>, m: &Move) -> bool {
        if !G::LOCAL_EVASIONS || !m.is_plain() || m.promotion.is_some() {
            return true;
        }
        let Some(royal) = self.royal else {
            // only taking one of several royal pieces can leave one in check
            return pos.bitboards().color[pos.turn().other().index()].contains(m.to);
        };
        if self.discover.contains(m.from)
            || self.extra.contains(m.from)
            || self.extra.contains(m.to)
        {
            return true;
        }
        let Some(piece) = pos.piece_at(m.from) else {
            return true;
        };
        let kind = piece.kind as usize;
        if self.known & 1 << kind == 0 {
            let cfg = pos.config();
            let geo = cfg.geometry();
            self.direct[kind] = cfg.pieces.piece(piece.color.index(), kind).attackers(
                geo,
                royal,
                geo.all(),
                self.through,
            );
            self.known |= 1 << kind;
        }
        self.direct[kind].contains(m.to)
    }
}

impl<G: Game> Position<G> {
    /// The [`CheckHint`] of the side to move: which of its moves may give check.
    pub fn check_hint(&self) -> CheckHint<G::Word> {
        let us = self.turn();
        let them = us.other();
        let bb = self.bitboards();
        let ours = bb.color[us.index()];
        let through = bb.occupied() & !ours;
        let mut hint = CheckHint {
            royal: self.royals(them).single(),
            through,
            discover: Bitboard::EMPTY,
            extra: Bitboard::EMPTY,
            direct: [Bitboard::EMPTY; MAX_KINDS],
            known: 0,
        };
        let Some(royal) = hint.royal else {
            return hint;
        };
        hint.extra = G::extra_reach(royal, us);
        // the pieces that would attack the royal piece if the side's own pieces were out of
        // the way: its pieces on their ways may uncover them by moving
        let cfg = self.config();
        let geo = cfg.geometry();
        let set = &cfg.pieces;
        let xray = set.attackers(royal, us.index(), through, ours, |k| bb.kind[k] & ours);
        for s in xray {
            if let Some(p) = self.piece_at(s) {
                hint.discover |= set
                    .piece(us.index(), p.kind as usize)
                    .attack_paths(geo, s, royal, through);
            }
        }
        hint.discover &= ours;
        hint
    }
}
