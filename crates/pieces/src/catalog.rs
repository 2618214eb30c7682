//! The pieces of the project's games, as data.
//!
//! Each function returns one piece definition with its [`Role`]; games pick the ones they
//! use and give them their names and letters.

use crate::{Mode, PieceDef, Role};
use citadel_geometry::Dir;

/// King: one step in any direction.
pub fn king() -> PieceDef {
    PieceDef::new("king", 'K')
        .role(Role::King)
        .leap(1, 0, Mode::Any)
        .leap(1, 1, Mode::Any)
}

/// Rook: unlimited orthogonal slides.
pub fn rook() -> PieceDef {
    PieceDef::new("rook", 'R')
        .role(Role::Rook)
        .slide(&Dir::ORTHOGONAL)
}

/// Bishop: unlimited diagonal slides.
pub fn bishop() -> PieceDef {
    PieceDef::new("bishop", 'B')
        .role(Role::Bishop)
        .slide(&Dir::DIAGONAL)
}

/// Queen: rook + bishop.
pub fn queen() -> PieceDef {
    PieceDef::new("queen", 'Q')
        .role(Role::Queen)
        .slide(&Dir::ALL)
}

/// Knight: the (1,2) leap.
pub fn knight() -> PieceDef {
    PieceDef::new("knight", 'N')
        .role(Role::Knight)
        .leap(1, 2, Mode::Any)
}

/// Orthodox pawn: one step forward to an empty cell, diagonal forward captures. The double
/// step and en passant are rules of the game, not atoms.
pub fn pawn() -> PieceDef {
    PieceDef::new("pawn", 'P')
        .role(Role::Pawn)
        .leap_one(0, 1, Mode::Move)
        .leap_one(1, 1, Mode::Capture)
        .leap_one(-1, 1, Mode::Capture)
        .oriented()
}

/// Princess (Persian Chess): bishop + knight.
pub fn princess() -> PieceDef {
    bishop()
        .with(&knight())
        .named("princess", 'S')
        .role(Role::Princess)
}

/// Fortress (Persian Chess): rook + knight.
pub fn fortress() -> PieceDef {
    rook()
        .with(&knight())
        .named("fortress", 'F')
        .role(Role::Fortress)
}

/// Champion (Oriental Omega): leaps of one or two orthogonally and two diagonally (WAD).
pub fn champion() -> PieceDef {
    PieceDef::new("champion", 'C')
        .role(Role::Champion)
        .leap(1, 0, Mode::Any)
        .leap(2, 0, Mode::Any)
        .leap(2, 2, Mode::Any)
}

/// Wizard (Oriental Omega): knight + one diagonal step (NF), not colour-bound.
pub fn wizard() -> PieceDef {
    PieceDef::new("wizard", 'W')
        .role(Role::Wizard)
        .leap(1, 2, Mode::Any)
        .leap(1, 1, Mode::Any)
}

/// Ferz: one diagonal step (Shatranj's queen, Tamerlane's fers).
pub fn ferz() -> PieceDef {
    PieceDef::new("ferz", 'F')
        .role(Role::Ferz)
        .leap(1, 1, Mode::Any)
}

/// Wazir: one orthogonal step (Tamerlane's vizier).
pub fn wazir() -> PieceDef {
    PieceDef::new("wazir", 'V')
        .role(Role::Wazir)
        .leap(1, 0, Mode::Any)
}

/// Alfil: a leap of exactly two diagonally (Shatranj's bishop, Tamerlane's elephant).
pub fn alfil() -> PieceDef {
    PieceDef::new("alfil", 'E')
        .role(Role::Alfil)
        .leap(2, 2, Mode::Any)
}

/// Dabbaba: a leap of exactly two orthogonally (Tamerlane's war engine).
pub fn dabbaba() -> PieceDef {
    PieceDef::new("dabbaba", 'W')
        .role(Role::Dabbaba)
        .leap(2, 0, Mode::Any)
}

/// Camel: the (1,3) leap.
pub fn camel() -> PieceDef {
    PieceDef::new("camel", 'C')
        .role(Role::Camel)
        .leap(1, 3, Mode::Any)
}

/// Scout (Tamerlane's tali'a): a diagonal rider that goes at least two cells.
pub fn scout() -> PieceDef {
    PieceDef::new("scout", 'T').role(Role::Scout).ride(
        &Dir::DIAGONAL,
        2,
        crate::UNLIMITED,
        false,
        Mode::Any,
    )
}

/// Giraffe (Tamerlane): one diagonal step, then three or more straight on outward.
pub fn giraffe() -> PieceDef {
    PieceDef::new("giraffe", 'G')
        .role(Role::Giraffe)
        .bent(3, Mode::Any)
}

/// Shatranj pawn: one step forward, diagonal forward captures, no double step.
pub fn shatranj_pawn() -> PieceDef {
    pawn()
}

/// Guard (Mini Citadel Chess): leaps exactly two cells orthogonally or diagonally (AD),
/// over anything; first move: a non-capturing knight leap.
pub fn guard() -> PieceDef {
    PieceDef::new("guard", 'G')
        .role(Role::Guard)
        .leap(2, 0, Mode::Any)
        .leap(2, 2, Mode::Any)
        .leap(1, 2, Mode::First)
}

/// Short rook (Mini Citadel Chess): leaps one or two cells orthogonally (WD), over anything;
/// first move: a non-capturing knight leap.
pub fn short_rook() -> PieceDef {
    PieceDef::new("rook", 'R')
        .role(Role::Rook)
        .leap(1, 0, Mode::Any)
        .leap(2, 0, Mode::Any)
        .leap(1, 2, Mode::First)
}

/// Short bishop (Mini Citadel Chess): leaps one or two cells diagonally (FA), over anything;
/// first move: a non-capturing knight leap.
pub fn short_bishop() -> PieceDef {
    PieceDef::new("bishop", 'B')
        .role(Role::Bishop)
        .leap(1, 1, Mode::Any)
        .leap(2, 2, Mode::Any)
        .leap(1, 2, Mode::First)
}

/// Weak queen (Mini Citadel Chess): one diagonal step (move or capture), one orthogonal step
/// to capture only; first move: a non-capturing guard leap (two cells orthogonally or
/// diagonally).
pub fn weak_queen() -> PieceDef {
    PieceDef::new("queen", 'Q')
        .role(Role::Queen)
        .leap(1, 1, Mode::Any)
        .leap(1, 0, Mode::Capture)
        .leap(2, 0, Mode::First)
        .leap(2, 2, Mode::First)
}

/// Weak king (Mini Citadel Chess): one orthogonal step (move or capture), one diagonal step
/// to capture only; first move: a non-capturing guard leap, allowed even out of check.
pub fn weak_king() -> PieceDef {
    PieceDef::new("king", 'K')
        .role(Role::King)
        .leap(1, 0, Mode::Any)
        .leap(1, 1, Mode::Capture)
        .leap(2, 0, Mode::First)
        .leap(2, 2, Mode::First)
}

/// Knight with a first move (Mini Citadel Chess): the (1,2) leap; first move: a
/// non-capturing guard leap.
pub fn first_guard_knight() -> PieceDef {
    knight().leap(2, 0, Mode::First).leap(2, 2, Mode::First)
}

/// A promoted piece (Mini Citadel Chess): keeps the moves of `base` without its first-move
/// atoms and adds the moves and captures of an orthodox king. Same letter; games give it its
/// own symbol (`+R`). Its role is the [promoted](Role::promoted) form of the base's (none
/// for a base without one).
pub fn promoted(base: &PieceDef) -> PieceDef {
    let mut p = PieceDef::new(&format!("promoted {}", base.name), base.letter);
    p.role = base.role.and_then(Role::promoted);
    p.oriented = base.oriented;
    p.atoms = base
        .atoms
        .iter()
        .copied()
        .filter(|&(_, m)| m != Mode::First)
        .collect();
    p.with(&king())
}

/// Prince (Tamerlane's shahzada, from the pawn of kings): a royal piece that steps like a king.
pub fn prince() -> PieceDef {
    king().named("prince", 'S').role(Role::Prince)
}

/// Adventitious king (Tamerlane's shah masnu'a, the pawn of pawns' third life): a royal piece
/// that steps like a king.
pub fn adventitious_king() -> PieceDef {
    king()
        .named("adventitious king", 'A')
        .role(Role::AdventitiousKing)
}

/// A Tamerlane pawn named after the piece it promotes to (`"rooks"` gives the pawn of rooks),
/// with its role (`Role::PawnOfRooks`): an orthodox pawn without the double step.
pub fn pawn_of(piece: &str, role: Role) -> PieceDef {
    pawn().named(&format!("pawn of {piece}"), 'P').role(role)
}

/// Byzantine pawn moving toward higher files (`P>`): one step along its ring to an empty
/// cell, captures one step diagonally forward (next file, ring ±1). The direction is by
/// file, the same for both sides, so the piece is not oriented.
pub fn pawn_up() -> PieceDef {
    PieceDef::new("pawn>", 'P')
        .role(Role::PawnUp)
        .leap_one(1, 0, Mode::Move)
        .leap_one(1, 1, Mode::Capture)
        .leap_one(1, -1, Mode::Capture)
}

/// Byzantine pawn moving toward lower files (`P<`): [`pawn_up`] mirrored along the ring.
pub fn pawn_down() -> PieceDef {
    PieceDef::new("pawn<", 'P')
        .role(Role::PawnDown)
        .leap_one(-1, 0, Mode::Move)
        .leap_one(-1, 1, Mode::Capture)
        .leap_one(-1, -1, Mode::Capture)
}
