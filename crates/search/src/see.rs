//! Static exchange evaluation: what a capture wins once both sides have recaptured on its
//! cell with their least valuable attackers, each free to stop when going on would lose.
//!
//! The attackers come from the rules' own attack test ([`Position::attackers_of`]), so the
//! exchange is right for every piece kind of every game (leapers, riders, bent riders,
//! pawns); a piece behind a capturer joins in once the capturer has left its line. Pins are
//! not looked at, and a royal piece recaptures only when nothing of the other side attacks
//! the cell after it.

use crate::eval::Evaluator;
use citadel_geometry::{Bitboard, Square};
use citadel_rules::{Game, Move, Position};

/// Most captures an exchange follows (a longer one is cut off there).
const MAX_SWAPS: usize = 32;

/// The material the side to move wins by the capture `m` when the exchange on its target
/// cell is played out (by [`Evaluator::gain`] for the capture itself, then by the values of
/// the pieces taken back and forth).
///
/// ```
/// use citadel_notation::{coord, fen};
/// use citadel_rules::Chess;
/// use citadel_search::{eval::Evaluator, see::see};
///
/// // the knight on d7 guards e5: Nxe5 gives a knight for a pawn
/// let pos = fen::parse::<Chess>("4k3/3n4/8/4p3/8/3N4/8/4K2R w - - 0 1").unwrap();
/// let eval = Evaluator::new::<Chess>();
/// let nxe5 = coord::parse_move(&pos, "d3e5").unwrap();
/// assert!(see(&eval, &pos, &nxe5) < 0);
/// ```
pub fn see<G: Game>(eval: &Evaluator<G::Word>, pos: &Position<G>, m: &Move) -> i32 {
    let target = m.to;
    let mut occupied = pos.bitboards().occupied() & !Bitboard::from_square(m.from);
    // the value of the piece standing on the target, which the next capture takes
    let mut on_target = match m.promotion {
        Some(k) => eval.values()[k as usize],
        None => eval.code_value(pos.code_at(m.from)),
    };
    let mut gains = [0i32; MAX_SWAPS];
    gains[0] = eval.gain(pos, m);
    let mut side = pos.turn().other();
    // most captures are not answered at all: a quick yes/no before the attacker sets
    if !pos.attacked_in(pos.bitboards(), target, side, occupied, Bitboard::EMPTY) {
        return gains[0];
    }
    let mut d = 0;
    while d + 1 < MAX_SWAPS {
        let attackers = pos.attackers_of(target, side, occupied) & occupied;
        let Some((sq, value, royal)) = least_valuable(eval, pos, attackers) else {
            break;
        };
        if royal {
            // a royal piece may take only where nothing attacks it afterwards
            let after = occupied & !Bitboard::from_square(sq);
            if (pos.attackers_of(target, side.other(), after) & after).any() {
                break;
            }
        }
        d += 1;
        gains[d] = on_target - gains[d - 1];
        occupied &= !Bitboard::from_square(sq);
        on_target = if royal { ROYAL_VALUE } else { value };
        side = side.other();
    }
    // each side, from the last capture back, stops when going on would lose
    while d > 0 {
        gains[d - 1] = -(-gains[d - 1]).max(gains[d]);
        d -= 1;
    }
    gains[0]
}

/// What taking a royal piece would be worth in an exchange (never reached: a royal piece
/// only recaptures when nothing can take it back).
const ROYAL_VALUE: i32 = 20_000;

/// The least valuable piece on `attackers`: its cell, value and whether it is royal (the
/// royal pieces are taken last).
fn least_valuable<G: Game>(
    eval: &Evaluator<G::Word>,
    pos: &Position<G>,
    attackers: Bitboard<G::Word>,
) -> Option<(Square, i32, bool)> {
    let cfg = G::config();
    let mut best: Option<(Square, i32, bool)> = None;
    for sq in attackers {
        let code = pos.code_at(sq);
        let Some(p) = pos.piece_at(sq) else { continue };
        let royal = cfg.is_royal(p.kind);
        let value = eval.code_value(code);
        let key = |v: i32, r: bool| if r { i32::MAX } else { v };
        if best.is_none_or(|(_, bv, br)| key(value, royal) < key(bv, br)) {
            best = Some((sq, value, royal));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use citadel_geometry::Square;
    use citadel_notation::{coord, fen};
    use citadel_rules::{Chess, Shatranj};

    /// The exchange value of the coordinate move `text` in `fen`, and a function giving the
    /// value of the piece on a cell of that position.
    fn see_of<G: Game>(fen: &str, text: &str) -> (i32, impl Fn(&str) -> i32) {
        let pos = fen::parse::<G>(fen).unwrap();
        let m = coord::parse_move(&pos, text).unwrap();
        let eval = Evaluator::new::<G>();
        let s = see(&eval, &pos, &m);
        let geo = G::config().geometry();
        let value = move |cell: &str| {
            let sq: Square = geo.parse_square(cell).unwrap();
            eval.code_value(pos.code_at(sq))
        };
        (s, value)
    }

    #[test]
    fn free_pawn() {
        let (s, v) = see_of::<Chess>("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5");
        assert_eq!(s, v("e5"));
    }

    #[test]
    fn knight_for_pawn_with_x_rays() {
        // Nxe5 Nxe5 Rxe5 Bxe5 Bxe5 Qxe5 Qxe5 Rxe5: White stops after Nxe5 Nxe5
        let (s, v) = see_of::<Chess>(
            "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
            "d3e5",
        );
        assert_eq!(s, v("e5") - v("d3"));
    }

    #[test]
    fn a_royal_piece_recaptures_only_when_safe() {
        // Rxe2 Rxe2 Kxe2: a pawn
        let (s, v) = see_of::<Chess>("4k3/4r3/8/8/8/8/4p2R/4K3 w - - 0 1", "h2e2");
        assert_eq!(s, v("e2"));
        // the queen guards e2, so the king may not take back: a rook for a pawn
        let (s, v) = see_of::<Chess>("4k3/4r3/q7/8/8/8/4p2R/4K3 w - - 0 1", "h2e2");
        assert_eq!(s, v("e2") - v("h2"));
    }

    #[test]
    fn shatranj_alfil_leaps_in() {
        // Rxd5 is met by the alfil on f7 leaping to d5: a rook for a pawn
        let (s, v) = see_of::<Shatranj>("3k4/5b2/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5");
        assert_eq!(s, v("d5") - v("d1"));
    }
}
