//! Tamerlane chess: the great chess of Timur's court on 11x10 plus two citadels.
//!
//! Everything here follows RULES.md, section "Tamerlane chess"; the decisions it leaves open
//! are in `docs/rules/tamerlane.md`. The special rules and where they live:
//!
//! - **Pawns**: eleven kinds, each promoting on its last rank to its own piece (the pawn of
//!   kings to a prince) through the core's automatic promotion.
//! - **The pawn of pawns** (no core promotion): its first arrival on the last rank is an
//!   ordinary move after which it waits there, [`immune`](Game::immune); its later arrivals
//!   are vetoed as regular moves ([`forbidden`](Game::forbidden)) and generated as special moves:
//!   the second (`Special(SECOND_ARRIVAL)`) relocates it to f3/f8, the third is a promotion
//!   to the adventitious king. The waiting pawn's placement is `Special(PLACEMENT)`.
//! - **Royal pieces** K, S, A: the core's sole-royal rule.
//! - **The king's swap**: `Special(SWAP)`, from the king's cell to its partner's.
//! - **Citadels**: royal one-square steps into or out of the detached cells x1/x2,
//!   `Special(CITADEL)`; a king (or king-less prince) in the opponent's citadel has
//!   [`decided`](Game::decided) the game; an adventitious king in its own citadel is immune and
//!   attacks the citadel's neighbours ([`extra_attackers`](Game::extra_attackers)).

use crate::game::Changes;
use crate::{
    Bitboards, Color, Config, Game, Goals, Legality, Move, MoveFlag, MoveList, Outcome, Piece,
    Position, PositionError, Stalemate, Termination,
};
use citadel_geometry::{boards, Bitboard, Square};
use citadel_pieces::catalog;
use std::sync::OnceLock;

/// Tamerlane chess.
///
/// Kinds: see [`kind`]. Rights bits: see [`rights`]. Special moves: see [`special`].
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Tamerlane;

/// The start position (RULES.md).
pub const START: &str = "e1c1w1w1c1e/1rntgvkfgtnr/r'n't'g'v'k'f'e'c'w'p'/11/11/11/11/P'W'C'E'F'K'V'G'T'N'R'/RNTGFKVGTNR1/E1C1W1W1C1E w Kk - 0 1";

/// Kind indices.
pub mod kind {
    use citadel_pieces::Role;
    /// King `K`.
    pub const KING: u8 = 0;
    /// Prince `S` (shahzada).
    pub const PRINCE: u8 = 1;
    /// Adventitious king `A`.
    pub const ADVENTITIOUS_KING: u8 = 2;
    /// Rook `R`.
    pub const ROOK: u8 = 3;
    /// Knight `N`.
    pub const KNIGHT: u8 = 4;
    /// Scout `T` (tali'a).
    pub const SCOUT: u8 = 5;
    /// Giraffe `G`.
    pub const GIRAFFE: u8 = 6;
    /// Fers `F`.
    pub const FERS: u8 = 7;
    /// Vizier `V`.
    pub const VIZIER: u8 = 8;
    /// Elephant `E`.
    pub const ELEPHANT: u8 = 9;
    /// Camel `C`.
    pub const CAMEL: u8 = 10;
    /// War engine `W`.
    pub const WAR_ENGINE: u8 = 11;
    /// The first pawn kind; the pawns are `FIRST_PAWN + i` for the pieces of [`PAWNS`].
    pub const FIRST_PAWN: u8 = 12;
    /// Pawn of pawns `P'`.
    pub const PAWN_OF_PAWNS: u8 = 22;
    /// The pawns in kind order: (symbol, the name of their piece, the kind they promote to
    /// (the pawn of pawns has none), their role).
    pub const PAWNS: [(&str, &str, Option<u8>, Role); 11] = [
        ("R'", "rooks", Some(ROOK), Role::PawnOfRooks),
        ("N'", "knights", Some(KNIGHT), Role::PawnOfKnights),
        ("T'", "scouts", Some(SCOUT), Role::PawnOfScouts),
        ("G'", "giraffes", Some(GIRAFFE), Role::PawnOfGiraffes),
        ("V'", "viziers", Some(VIZIER), Role::PawnOfViziers),
        ("K'", "kings", Some(PRINCE), Role::PawnOfKings),
        ("F'", "fers", Some(FERS), Role::PawnOfFers),
        ("E'", "elephants", Some(ELEPHANT), Role::PawnOfElephants),
        ("C'", "camels", Some(CAMEL), Role::PawnOfCamels),
        (
            "W'",
            "war engines",
            Some(WAR_ENGINE),
            Role::PawnOfWarEngines,
        ),
        ("P'", "pawns", None, Role::PawnOfPawns),
    ];
}

/// The rights of Tamerlane chess, indexed by colour (0 White, 1 Black); FEN writing order
/// `K`, `k`, `P1`, `P2`, `p1`, `p2`.
pub mod rights {
    use crate::{Color, Right};
    /// The king's swap is unused (`K`, `k`).
    pub const SWAP: [Right; 2] = [
        Right::bit("K", Color::White, 1),
        Right::bit("k", Color::Black, 2),
    ];
    /// The pawn of pawns has reached its last rank once (`P1`, `p1`).
    pub const ONCE: [Right; 2] = [
        Right::bit("P1", Color::White, 4),
        Right::bit("p1", Color::Black, 16),
    ];
    /// The pawn of pawns has reached its last rank twice (`P2`, `p2`).
    pub const TWICE: [Right; 2] = [
        Right::bit("P2", Color::White, 8),
        Right::bit("p2", Color::Black, 32),
    ];
    /// Every right, in FEN writing order.
    pub const ALL: [Right; 6] = [SWAP[0], SWAP[1], ONCE[0], TWICE[0], ONCE[1], TWICE[1]];
}

/// Numbers of the game's `MoveFlag::Special` moves.
pub mod special {
    /// A royal piece's step into or out of a citadel.
    pub const CITADEL: u8 = 0;
    /// The king's swap: `from` the king's cell, `to` its partner's.
    pub const SWAP: u8 = 1;
    /// The waiting pawn of pawns put on `to`.
    pub const PLACEMENT: u8 = 2;
    /// The pawn of pawns' second arrival: it reaches `to` and goes on to f3/f8.
    pub const SECOND_ARRIVAL: u8 = 3;
}

use kind::*;

struct Tables {
    cfg: Config,
    /// Each side's own citadel (x1 White, x2 Black).
    citadel: [Square; 2],
    /// Both citadels.
    citadels: Bitboard,
    /// The three neighbours of each side's own citadel.
    links: [Bitboard; 2],
    /// Both citadels and their neighbours: royals elsewhere make no citadel move.
    near: Bitboard,
    /// Each side's last rank (10 for White, 1 for Black).
    last: [Bitboard; 2],
    /// Both last ranks.
    last_both: Bitboard,
    /// Where the second arrival goes (f3, f8).
    kings_pawn_start: [Square; 2],
    /// The board without the citadels.
    frame: Bitboard,
    /// The capture cells of each side's pawn on each cell.
    pawn_caps: [Vec<Bitboard>; 2],
}

/// Material values in centipawns, by kind: fitted to self-play by Texel's method: `cargo
/// xtask tune --variant tamerlane`, run while the engine's own values were rook 500, knight
/// 300, fers 170, elephant 115 (al-Adli, as Shatranj), vizier 150, war engine 150 (Betza),
/// giraffe 350, scout 300 (earlier self-play matches) and camel 312 (mobility model): 391
/// finished depth-3 self-play games, seed 1; 86,315 positions; error 0.08905 → 0.08113; the
/// fitted values scored 61.0 % (+93 =58 −49, Elo +78 ± 41) against those in 200 depth-3
/// games. The pawns and the royal pieces are left to the evaluation's own model.
const VALUES: [(u8, i32); 9] = [
    (ROOK, 921),
    (KNIGHT, 368),
    (FERS, 96),
    (ELEPHANT, 75),
    (VIZIER, 54),
    (WAR_ENGINE, 66),
    (GIRAFFE, 545),
    (SCOUT, 186),
    (CAMEL, 282),
];

fn build() -> Tables {
    let mut defs = vec![
        catalog::king(),
        catalog::prince(),
        catalog::adventitious_king(),
        catalog::rook(),
        catalog::knight(),
        catalog::scout(),
        catalog::giraffe(),
        catalog::ferz().named("fers", 'F'),
        catalog::wazir().named("vizier", 'V'),
        catalog::alfil().named("elephant", 'E'),
        catalog::camel(),
        catalog::dabbaba().named("war engine", 'W'),
    ];
    for (_, name, _, role) in PAWNS {
        defs.push(catalog::pawn_of(name, role));
    }
    let mut cfg = Config::new(crate::Variant::Tamerlane, boards::tamerlane(), defs, START);
    let pawn_kinds: Vec<u8> = (FIRST_PAWN..=PAWN_OF_PAWNS).collect();
    let last = [cfg.rank(9), cfg.rank(0)];
    cfg = cfg
        .royal(&[KING, PRINCE, ADVENTITIOUS_KING])
        .pawns(&pawn_kinds)
        .promotion_zone(last[0], last[1])
        // the king's swap and the pawn of pawns' placement put pawns on any rank
        .pawns_behind_start()
        .stalemate(Stalemate::Loss)
        .rights(rights::ALL.to_vec())
        .title("Tamerlane chess")
        // its citadels lie outside the 11x10 frame
        .xboard(crate::XBoardGame::Unsupported)
        .values(&VALUES);
    for (i, (symbol, _, promo, _)) in PAWNS.iter().enumerate() {
        let k = FIRST_PAWN + i as u8;
        cfg = cfg.symbol(k, symbol);
        if let Some(p) = promo {
            cfg = cfg.promotes(k, &[*p]);
        }
    }
    let geo = cfg.geometry();
    let citadel = [cfg.sq("x1"), cfg.sq("x2")];
    let links = [geo.links(citadel[0]), geo.links(citadel[1])];
    let citadels = Bitboard::from_square(citadel[0]) | Bitboard::from_square(citadel[1]);
    let frame = geo.all() & !geo.detached();
    let pawn_caps = [0usize, 1].map(|c| {
        let p = cfg.pieces.piece(c, PAWN_OF_PAWNS as usize);
        (0..geo.len())
            .map(|i| p.targets(geo, Square(i as u8), Bitboard::EMPTY).1)
            .collect()
    });
    Tables {
        citadel,
        citadels,
        links,
        near: citadels | links[0] | links[1],
        last,
        last_both: last[0] | last[1],
        kings_pawn_start: [cfg.sq("f3"), cfg.sq("f8")],
        frame,
        pawn_caps,
        // a king (or king-less prince, see `decided`) in the opponent's citadel draws
        cfg: cfg.goals(Goals {
            royal_draw: [
                Bitboard::from_square(citadel[1]),
                Bitboard::from_square(citadel[0]),
            ],
            ..Goals::default()
        }),
    }
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(build)
}

/// Pushes `m` if it leaves the mover's royalty safe.
#[inline]
fn push_safe(pos: &Position<Tamerlane>, m: Move, out: &mut MoveList) {
    if pos.is_safe_after(&m) {
        out.push(m);
    }
}

impl Tamerlane {
    /// Each side's own citadel: `[x1, x2]`.
    pub fn citadels() -> [Square; 2] {
        tables().citadel
    }

    /// The side's waiting pawn of pawns (on its last rank), if any.
    pub fn waiting_pawn(pos: &Position<Self>, color: Color) -> Option<Square> {
        (pos.bitboards().pieces(PAWN_OF_PAWNS, color) & tables().last[color.index()]).first()
    }

    /// Royal steps into and out of the citadels (only those from `only`, if given).
    fn citadel_moves(pos: &Position<Self>, out: &mut MoveList, only: Option<Square>) {
        let t = tables();
        let us = pos.turn();
        let royals = pos.royals(us);
        if (royals & t.near).is_empty() {
            return;
        }
        let them = us.other();
        let bb = pos.bitboards();
        let occ = bb.occupied();
        let from_ok = |s: Square| only.is_none() || only == Some(s);
        let own = t.citadel[us.index()];
        let enemy = t.citadel[them.index()];
        let a = bb.pieces(ADVENTITIOUS_KING, us);
        let flag = MoveFlag::Special(special::CITADEL);
        // the adventitious king leaves its citadel by any king step, capturing if it likes
        if a.contains(own) && from_ok(own) {
            let capturable = bb.color[them.index()] & !Self::immune(bb);
            for n in t.links[us.index()] {
                if !occ.contains(n) || capturable.contains(n) {
                    push_safe(pos, Move::with_flag(own, n, flag), out);
                }
            }
        }
        // ... and enters it from a neighbour
        if !occ.contains(own) {
            for s in a & t.links[us.index()] {
                if from_ok(s) {
                    push_safe(pos, Move::with_flag(s, own, flag), out);
                }
            }
        }
        // the king (or, the king gone, a prince) enters the opponent's citadel
        if !occ.contains(enemy) {
            let k = bb.pieces(KING, us);
            let walkers = if k.is_empty() {
                bb.pieces(PRINCE, us)
            } else {
                k
            };
            for s in walkers & t.links[them.index()] {
                if from_ok(s) {
                    push_safe(pos, Move::with_flag(s, enemy, flag), out);
                }
            }
        }
    }

    /// Whether the side to move's pawn of pawns has arrived once or twice (so its next
    /// arrival, or its placement, is a special move).
    #[inline(always)]
    fn pawn_of_pawns_arrived(pos: &Position<Self>) -> bool {
        let us = pos.turn().index();
        pos.rights() & (rights::ONCE[us].mask() | rights::TWICE[us].mask()) != 0
    }

    /// The pawn of pawns' second and third arrivals (only from `only`, if given).
    fn arrivals(pos: &Position<Self>, out: &mut MoveList, only: Option<Square>) {
        let us = pos.turn();
        let r = pos.rights();
        if !Self::pawn_of_pawns_arrived(pos) {
            return;
        }
        let t = tables();
        let bb = pos.bitboards();
        let last = t.last[us.index()];
        let cfg = &t.cfg;
        let geo = cfg.geometry();
        let occ = bb.occupied();
        let capturable = bb.color[us.other().index()] & !Self::immune(bb);
        for from in bb.pieces(PAWN_OF_PAWNS, us) & !last {
            if only.is_some_and(|o| o != from) {
                continue;
            }
            let (quiet, attacks) = cfg
                .pieces
                .piece(us.index(), PAWN_OF_PAWNS as usize)
                .targets(geo, from, occ);
            let tos = (quiet | (attacks & capturable)) & last;
            if tos.is_empty() {
                continue;
            }
            if r & rights::ONCE[us.index()].mask() != 0 {
                let dest = t.kings_pawn_start[us.index()];
                if pos.piece_at(dest).is_some_and(|p| cfg.is_royal(p.kind)) {
                    continue;
                }
                for to in tos {
                    push_safe(
                        pos,
                        Move::with_flag(from, to, MoveFlag::Special(special::SECOND_ARRIVAL)),
                        out,
                    );
                }
            } else {
                for to in tos {
                    push_safe(
                        pos,
                        Move {
                            promotion: Some(ADVENTITIOUS_KING),
                            ..Move::new(from, to)
                        },
                        out,
                    );
                }
            }
        }
    }

    /// The waiting pawn of pawns' placements.
    fn placements(pos: &Position<Self>, out: &mut MoveList) {
        let us = pos.turn();
        if pos.rights() & rights::ONCE[us.index()].mask() == 0 {
            return;
        }
        let Some(w) = Self::waiting_pawn(pos, us) else {
            return;
        };
        let t = tables();
        let them = us.other();
        let bb = pos.bitboards();
        let enemy = bb.color[them.index()];
        let forbidden = pos.royals(us) | pos.royals(them) | Bitboard::from_square(w);
        let mut scratch: Option<Position<Self>> = None;
        for s in t.frame & !forbidden {
            // the move changes only `w` (ours) and `s` (not a capture cell of itself), so
            // the capture cells hold after the move what they hold now
            let hit = t.pawn_caps[us.index()][s.index()] & enemy;
            if hit.is_empty() {
                continue;
            }
            let m = Move::with_flag(w, s, MoveFlag::Special(special::PLACEMENT));
            if !pos.is_safe_after(&m) {
                continue;
            }
            if let Some(target) = hit.single() {
                let after = scratch.get_or_insert_with(|| pos.clone());
                after.play_unchecked(m);
                let stuck = !Self::can_move(after, target);
                after.undo();
                if !stuck {
                    continue;
                }
            }
            out.push(m);
        }
    }

    /// The king's swaps with each of its own pieces that may take part.
    ///
    /// A swap leaves every cell as occupied as it was and moves no enemy piece, so it needs
    /// no trial move: with another royal on the board every swap is safe, and a sole king
    /// is safe on the partner's cell exactly when no enemy piece attacks that cell now. (A
    /// partner on an immune cell, whose immunity the king would not inherit, is tested in
    /// full.)
    fn swaps(pos: &Position<Self>, king: Square, out: &mut MoveList) {
        let t = tables();
        let us = pos.turn();
        let cfg = &t.cfg;
        let bb = pos.bitboards();
        let on_last = t.last[us.index()].contains(king);
        let alone = pos.royals(us) == Bitboard::from_square(king);
        let immune = Self::immune(bb);
        let partners = bb.color[us.index()] & t.frame & !Bitboard::from_square(king);
        for s in partners {
            if on_last && pos.piece_at(s).is_some_and(|p| cfg.is_pawn(p.kind)) {
                continue;
            }
            let m = Move::with_flag(king, s, MoveFlag::Special(special::SWAP));
            let safe = if !alone {
                true
            } else if immune.contains(s) {
                pos.is_safe_after(&m)
            } else {
                !pos.is_attacked(s, us.other())
            };
            debug_assert_eq!(safe, pos.is_safe_after(&m), "swap {m:?}");
            if safe {
                out.push(m);
            }
        }
    }

    /// Whether the side to move's piece on `sq` has a legal move (a swap counts as the
    /// king's move, not its partner's). Used by the placement rule in the position after
    /// the placement.
    pub fn can_move(pos: &Position<Self>, sq: Square) -> bool {
        if Self::decided(pos).is_some() {
            return false;
        }
        let us = pos.turn();
        let Some(p) = pos.piece_at(sq).filter(|p| p.color == us) else {
            return false;
        };
        let t = tables();
        let cfg = &t.cfg;
        let geo = cfg.geometry();
        let bb = pos.bitboards();
        let capturable = bb.color[us.other().index()] & !Self::immune(bb);
        let cp = cfg.pieces.piece(us.index(), p.kind as usize);
        let (quiet, attacks) = cp.targets(geo, sq, bb.occupied());
        let land = cfg.landing[p.kind as usize];
        let promos = &cfg.promotions[p.kind as usize];
        let forbidden = Self::forbidden(pos, sq);
        for to in (quiet | (attacks & capturable)) & land & !forbidden {
            let mut m = Move::new(sq, to);
            if cfg.promotion_zone[us.index()].contains(to) {
                m.promotion = promos.first().copied();
            }
            if pos.is_safe_after(&m) {
                return true;
            }
        }
        let mut list = MoveList::new();
        Self::citadel_moves(pos, &mut list, Some(sq));
        Self::arrivals(pos, &mut list, Some(sq));
        if Self::waiting_pawn(pos, us) == Some(sq) {
            Self::placements(pos, &mut list);
        }
        if !list.is_empty() {
            return true;
        }
        if p.kind == KING && pos.rights() & rights::SWAP[us.index()].mask() != 0 {
            let lg = pos.legality();
            if lg.in_check && lg.royal == Some(sq) {
                Self::swaps(pos, sq, &mut list);
                return !list.is_empty();
            }
            // the swap is then legal only if the side has no other move: ask the full list
            return pos.legal_moves().iter().any(|m| m.from == sq);
        }
        false
    }
}

impl Game for Tamerlane {
    type Word = u128;

    #[inline(always)]
    fn config() -> &'static Config {
        &tables().cfg
    }

    /// A placement of the pawn of pawns is written `P@` and its cell.
    fn move_name(m: &Move) -> Option<String> {
        (m.flag == MoveFlag::Special(special::PLACEMENT))
            .then(|| format!("P@{}", Self::config().geometry().name_of(m.to)))
    }

    /// A waiting pawn of pawns, and an adventitious king in its own citadel.
    #[inline(always)]
    fn immune(bb: &Bitboards) -> Bitboard {
        let t = tables();
        let pp = bb.kind[PAWN_OF_PAWNS as usize] & t.last_both;
        let a = bb.kind[ADVENTITIOUS_KING as usize] & t.citadels;
        if (pp | a).is_empty() {
            return Bitboard::EMPTY;
        }
        let (w, b) = (bb.color[0], bb.color[1]);
        (pp & ((w & t.last[0]) | (b & t.last[1])))
            | (a & ((w & Bitboard::from_square(t.citadel[0]))
                | (b & Bitboard::from_square(t.citadel[1]))))
    }

    /// An adventitious king in its own citadel attacks the citadel's three neighbours; one
    /// next to its own citadel attacks the citadel (it could step in).
    #[inline(always)]
    fn extra_attackers(bb: &Bitboards, target: Square, by: Color, attackers: Bitboard) -> Bitboard {
        let a = bb.kind[ADVENTITIOUS_KING as usize] & attackers;
        if a.is_empty() {
            return Bitboard::EMPTY;
        }
        let t = tables();
        let own = t.citadel[by.index()];
        let links = t.links[by.index()];
        if links.contains(target) {
            a & Bitboard::from_square(own)
        } else if target == own {
            a & links
        } else {
            Bitboard::EMPTY
        }
    }

    /// Where [`extra_attackers`](Game::extra_attackers) may find an attacker of `target`:
    /// its side's citadel for the citadel's neighbours, the neighbours for the citadel.
    #[inline(always)]
    fn extra_reach(target: Square, by: Color) -> Bitboard {
        let t = tables();
        let own = t.citadel[by.index()];
        if t.links[by.index()].contains(target) {
            Bitboard::from_square(own)
        } else if target == own {
            t.links[by.index()]
        } else {
            Bitboard::EMPTY
        }
    }

    /// A king in the opponent's citadel (or a prince there, its king gone) has drawn.
    #[inline(always)]
    fn decided(pos: &Position<Self>) -> Option<Outcome> {
        let t = tables();
        let bb = pos.bitboards();
        if (bb.occupied() & t.citadels).is_empty() {
            return None;
        }
        for c in Color::BOTH {
            let enemy = t.citadel[c.other().index()];
            if let Some(p) = pos.piece_at(enemy).filter(|p| p.color == c) {
                if p.kind == KING || (p.kind == PRINCE && bb.pieces(KING, c).is_empty()) {
                    return Some(Outcome::draw(Termination::Citadel));
                }
            }
        }
        None
    }

    /// The pawn of pawns' second and third arrivals are special moves, not regular ones.
    #[inline(always)]
    fn forbidden(pos: &Position<Self>, from: Square) -> Bitboard {
        let us = pos.turn();
        if !Self::pawn_of_pawns_arrived(pos)
            || pos.code_at(from) != Piece::new(PAWN_OF_PAWNS, us).code()
        {
            return Bitboard::EMPTY;
        }
        tables().last[us.index()]
    }

    fn special_moves(pos: &Position<Self>, lg: &Legality, out: &mut MoveList) {
        Self::tactical_special_moves(pos, lg, out);
        let us = pos.turn();
        if pos.rights() & rights::SWAP[us.index()].mask() != 0 {
            if let Some(k) = pos.bitboards().pieces(KING, us).first() {
                // in check as the sole royal, or no other legal move at all
                if (lg.in_check && lg.royal == Some(k)) || out.is_empty() {
                    Self::swaps(pos, k, out);
                }
            }
        }
    }

    /// The special moves but the king's swaps (an exchange with an own piece never captures
    /// or promotes): the royals' citadel moves, then what the pawn of pawns' rights allow.
    fn tactical_special_moves(pos: &Position<Self>, _lg: &Legality, out: &mut MoveList) {
        // each checked here first: they rarely apply
        if (pos.royals(pos.turn()) & tables().near).any() {
            Self::citadel_moves(pos, out, None);
        }
        if Self::pawn_of_pawns_arrived(pos) {
            Self::arrivals(pos, out, None);
            Self::placements(pos, out);
        }
    }

    #[inline(always)]
    fn effect(pos: &Position<Self>, m: &Move, ch: &mut Changes) -> bool {
        match m.flag {
            MoveFlag::Special(special::SWAP) => {
                ch.set(m.from, pos.code_at(m.to));
                ch.set(m.to, pos.code_at(m.from));
                true
            }
            MoveFlag::Special(special::PLACEMENT) => {
                ch.set(m.from, 0);
                ch.set(m.to, pos.code_at(m.from));
                true
            }
            MoveFlag::Special(special::SECOND_ARRIVAL) => {
                let dest = tables().kings_pawn_start[pos.turn().index()];
                ch.set(m.from, 0);
                if pos.code_at(m.to) != 0 {
                    ch.set(m.to, 0);
                }
                ch.set(dest, pos.code_at(m.from));
                true
            }
            _ => false,
        }
    }

    #[inline(always)]
    fn update_rights(pos: &mut Position<Self>, m: &Move) {
        let t = tables();
        let us = pos.turn().index();
        let them = 1 - us;
        let old = pos.rights();
        let mut r = old;
        match m.flag {
            MoveFlag::Special(special::SWAP) => r &= !rights::SWAP[us].mask(),
            MoveFlag::Special(special::SECOND_ARRIVAL) => {
                r = (r & !rights::ONCE[us].mask()) | rights::TWICE[us].mask()
            }
            MoveFlag::Normal if t.last[us].contains(m.to) => {
                if m.promotion == Some(ADVENTITIOUS_KING) {
                    r &= !(rights::ONCE[us].mask() | rights::TWICE[us].mask());
                } else if pos.code_at(m.to) == Piece::new(PAWN_OF_PAWNS, pos.turn()).code() {
                    r |= rights::ONCE[us].mask();
                }
            }
            _ => {}
        }
        // the opponent's rights end with the piece they belong to
        if r & (rights::SWAP[them].mask() | rights::ONCE[them].mask() | rights::TWICE[them].mask())
            != 0
        {
            let bb = pos.bitboards();
            let c = pos.turn().other();
            if bb.pieces(KING, c).is_empty() {
                r &= !rights::SWAP[them].mask();
            }
            if bb.pieces(PAWN_OF_PAWNS, c).is_empty() {
                r &= !(rights::ONCE[them].mask() | rights::TWICE[them].mask());
            }
        }
        if r != old {
            pos.set_rights(r);
        }
    }

    /// No legal move loses: checkmate and stalemate both win for the other side.
    /// RULES.md's literal reading keeps `K`/`k` after that king is gone and `P1`/`P2` after
    /// the pawn of pawns is gone; such rights are moot and dropped (docs/rules/tamerlane.md).
    fn moot_rights(pos: &Position<Self>) -> u64 {
        let bb = pos.bitboards();
        let mut moot = 0;
        for c in Color::BOTH {
            let i = c.index();
            if bb.pieces(KING, c).is_empty() {
                moot |= rights::SWAP[i].mask();
            }
            if bb.pieces(PAWN_OF_PAWNS, c).is_empty() {
                moot |= rights::ONCE[i].mask() | rights::TWICE[i].mask();
            }
        }
        moot
    }

    fn validate(pos: &Position<Self>) -> Result<(), PositionError> {
        let t = tables();
        let cfg = &t.cfg;
        let geo = cfg.geometry();
        let bb = pos.bitboards();
        let r = pos.rights();
        let bad_square = |sq: Square| {
            let p = pos.piece_at(sq).unwrap_or(Piece::new(KING, Color::White));
            PositionError::BadSquare {
                piece: cfg.symbol_of(p.kind, p.color),
                square: geo.name_of(sq).to_string(),
            }
        };
        for c in Color::BOTH {
            let i = c.index();
            let too_many = |piece: &str| PositionError::TooMany {
                color: c,
                piece: piece.to_string(),
                max: 1,
            };
            if bb.pieces(KING, c).more_than_one() {
                return Err(too_many("king (K)"));
            }
            let pp = bb.pieces(PAWN_OF_PAWNS, c);
            if pp.more_than_one() {
                return Err(too_many("pawn of pawns (P')"));
            }
            if bb.pieces(ADVENTITIOUS_KING, c).more_than_one() {
                return Err(too_many("adventitious king (A)"));
            }
            if (pp | bb.pieces(ADVENTITIOUS_KING, c)).more_than_one() {
                return Err(too_many(
                    "pawn of pawns (P') or adventitious king (A), one being the other's third life",
                ));
            }
            // what may stand in this side's own citadel
            let own = t.citadel[i];
            if let Some(p) = pos.piece_at(own) {
                let ok = if p.color == c {
                    p.kind == ADVENTITIOUS_KING
                } else {
                    p.kind == KING || (p.kind == PRINCE && bb.pieces(KING, p.color).is_empty())
                };
                if !ok {
                    return Err(bad_square(own));
                }
            }
            // pawns on their last rank (except the waiting pawn of pawns): the core's check
            let (once, twice) = (rights::ONCE[i], rights::TWICE[i]);
            if r & once.mask() != 0 && r & twice.mask() != 0 {
                return Err(PositionError::RightsTogether(once.fen, twice.fen));
            }
            if let Some(sq) = (pp & t.last[i]).first() {
                if r & once.mask() == 0 {
                    return Err(PositionError::MissingRight {
                        right: once.fen,
                        piece: format!("{c:?}'s waiting pawn of pawns"),
                        square: geo.name_of(sq).to_string(),
                    });
                }
            }
        }
        Ok(())
    }
}
