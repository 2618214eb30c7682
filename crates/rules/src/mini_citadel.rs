//! Mini Citadel Chess: the 8x8 b2–i9 with four corner citadels in a 10x10 frame, weak
//! leaping pieces, a first-move right for every piece, promotion of every piece (the king
//! included) on the last rank, and the citadel win.
//!
//! - Pieces are data (`citadel_pieces::catalog`): guard, short rook, short bishop, weak queen,
//!   weak king, knight with their first-move atoms (`Mode::First`), the orthodox pawn, and a
//!   promoted kind for each (base moves + king moves, no first move).
//! - First-move rights are the position's `unmoved` cells; the core clears a cell's right as
//!   soon as a move starts or ends there.
//! - Citadels: a piece in a citadel neither captures nor attacks ([`Game::inert`]) and cannot
//!   be captured or attacked ([`Game::immune`]), so no move entering or leaving a citadel
//!   captures. A piece in an enemy citadel has won ([`Game::decided`]).

use crate::{Bitboards, Holder, Right};
use crate::{Color, Config, Game, Goals, Outcome, Piece, Position, PositionError};
use citadel_geometry::{boards, Bitboard, Square};
use citadel_pieces::{catalog, PieceDef};
use std::sync::OnceLock;

/// Mini Citadel Chess. No rights bits: first-move rights live in the position's `unmoved`
/// cells.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct MiniCitadel;

/// The start position.
pub const START: &str =
    "g8g/1rnbqkbnr1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1RNBQKBNR1/G8G w ABCDEFGHIJabcdefghij - 0 1";

/// Kind indices: the seven base kinds (0–6), then their promoted forms in the same order
/// (`base + PROMOTED`).
pub mod kind {
    /// King (royal).
    pub const KING: u8 = 0;
    /// Queen.
    pub const QUEEN: u8 = 1;
    /// Rook.
    pub const ROOK: u8 = 2;
    /// Bishop.
    pub const BISHOP: u8 = 3;
    /// Knight.
    pub const KNIGHT: u8 = 4;
    /// Guard.
    pub const GUARD: u8 = 5;
    /// Pawn.
    pub const PAWN: u8 = 6;
    /// Offset from a base kind to its promoted kind (`+K` is `KING + PROMOTED`).
    pub const PROMOTED: u8 = 7;
}

/// The start kind of each first-move letter's cell, by file a..j (a and j: the citadels).
const START_KINDS: [u8; 10] = [
    kind::GUARD,
    kind::ROOK,
    kind::KNIGHT,
    kind::BISHOP,
    kind::QUEEN,
    kind::KING,
    kind::BISHOP,
    kind::KNIGHT,
    kind::ROOK,
    kind::GUARD,
];

/// The FEN letters of the first-move rights per side, by start file a..j: `A`/`a` the guard
/// in the a-file citadel, `B`..`I`/`b`..`i` the pieces of the second/ninth rank, `J`/`j` the
/// guard in the j-file citadel. Written in the order `ABCDEFGHIJabcdefghij`.
pub const RIGHT_LETTERS: [[&str; 10]; 2] = [
    ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"],
    ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"],
];

/// Material values in centipawns, by kind: fitted to self-play by Texel's method (no
/// published values exist for its short-range pieces): `cargo xtask tune --variant
/// mini-citadel`, run while the engine's own values were the mobility model's (400 depth-3
/// self-play games, seed 1; 17,462 positions; error 0.18506 → 0.18319); the fitted values
/// scored 60.0 % (+117 =6 −77, Elo +70 ± 49) against the mobility model's in 200 depth-3
/// games (seed 101). The promoted queen, on the board in under 1 % of the positions, and the
/// promoted king are left to the evaluation's own model.
const VALUES: [(u8, i32); 12] = {
    use kind::*;
    [
        (PAWN, 100),
        (QUEEN, 295),
        (ROOK, 349),
        (BISHOP, 276),
        (KNIGHT, 285),
        (GUARD, 264),
        (ROOK + PROMOTED, 873),
        (BISHOP + PROMOTED, 595),
        (KNIGHT + PROMOTED, 812),
        (GUARD + PROMOTED, 783),
        (PAWN + PROMOTED, 549),
        (KING, 0),
    ]
};

struct Tables {
    cfg: Config,
    /// All four citadels.
    citadels: Bitboard,
    /// The citadels each side wins by entering (White: a10, j10; Black: a1, j1).
    enemy_citadels: [Bitboard; 2],
    /// Per side, the ten cells named by the first-move letters (files a..j) with the kind
    /// that starts there.
    right_cells: [[(Square, u8); 10]; 2],
}

fn build() -> Tables {
    use kind::*;
    let base: Vec<PieceDef> = vec![
        catalog::weak_king(),
        catalog::weak_queen(),
        catalog::short_rook(),
        catalog::short_bishop(),
        catalog::first_guard_knight(),
        catalog::guard(),
        catalog::pawn(),
    ];
    let mut defs = base.clone();
    defs.extend(base.iter().map(catalog::promoted));
    let mut cfg = Config::new(
        crate::Variant::MiniCitadel,
        boards::mini_citadel(),
        defs,
        START,
    );
    for k in 0..PROMOTED {
        let sym = format!("+{}", cfg.symbols[k as usize]);
        cfg = cfg.symbol(k + PROMOTED, &sym).promotes(k, &[k + PROMOTED]);
    }
    let ds = [cfg.rank(2), cfg.rank(7)];
    let pz = [cfg.rank(8), cfg.rank(1)];
    let cfg = cfg
        .royal(&[KING, KING + PROMOTED])
        .pawns(&[PAWN])
        .double_step(ds[0], ds[1], true)
        .promotion_zone(pz[0], pz[1])
        .title("Mini Citadel Chess")
        .values(&VALUES);
    let files = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];
    let cell = |f: usize, white: bool| {
        let rank = match (f == 0 || f == 9, white) {
            (true, true) => "1",
            (false, true) => "2",
            (false, false) => "9",
            (true, false) => "10",
        };
        cfg.sq(&format!("{}{rank}", files[f]))
    };
    let right_cells =
        [true, false].map(|white| std::array::from_fn(|f| (cell(f, white), START_KINDS[f])));
    let named = Color::BOTH
        .iter()
        .flat_map(|&c| {
            (0..10).map(move |f| Right {
                fen: RIGHT_LETTERS[c.index()][f],
                color: c,
                holder: Holder::FirstMove(right_cells[c.index()][f].0),
            })
        })
        .collect();
    let cfg = cfg.rights(named);
    let b = |ns: &[&str]| ns.iter().map(|n| cfg.sq(n)).collect::<Bitboard>();
    let enemy_citadels = [b(&["a10", "j10"]), b(&["a1", "j1"])];
    Tables {
        citadels: enemy_citadels[0] | enemy_citadels[1],
        enemy_citadels,
        right_cells,
        cfg: cfg.goals(Goals {
            piece_win: enemy_citadels,
            ..Goals::default()
        }),
    }
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(build)
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

impl MiniCitadel {
    /// The four citadel cells (a1, j1, a10, j10).
    pub fn citadels() -> Bitboard {
        tables().citadels
    }

    /// The citadels `color` wins by entering.
    pub fn enemy_citadels(color: Color) -> Bitboard {
        tables().enemy_citadels[color.index()]
    }

    /// The cells named by `color`'s first-move letters, by file a..j (`A`/`a` the citadel
    /// guard, `B`..`I` the piece of the second/ninth rank, `J`/`j` the other guard), each with
    /// the kind that starts there.
    pub fn right_cells(color: Color) -> &'static [(Square, u8); 10] {
        &tables().right_cells[color.index()]
    }

    fn validate_rights(pos: &Position<Self>) -> Result<(), PositionError> {
        let t = tables();
        let geo = t.cfg.geometry();
        let mut known = Bitboard::EMPTY;
        for c in Color::BOTH {
            for (f, &(sq, k)) in t.right_cells[c.index()].iter().enumerate() {
                known.insert(sq);
                if pos.unmoved().contains(sq) && pos.piece_at(sq) != Some(Piece::new(k, c)) {
                    return Err(PositionError::RightWithoutPiece {
                        right: RIGHT_LETTERS[c.index()][f],
                        needs: format!(
                            "{}'s unmoved {} on {}",
                            color_name(c),
                            t.cfg.pieces.defs()[k as usize].name,
                            geo.name_of(sq)
                        ),
                    });
                }
            }
        }
        if let Some(sq) = (pos.unmoved() & !known).first() {
            return Err(PositionError::FirstMoveCell(geo.name_of(sq).to_string()));
        }
        Ok(())
    }

    fn validate_squares(pos: &Position<Self>) -> Result<(), PositionError> {
        let t = tables();
        let geo = t.cfg.geometry();
        let bb = pos.bitboards();
        let bad = |k: u8, c: Color, sq: Square| PositionError::BadSquare {
            piece: t.cfg.symbol_of(k, c),
            square: geo.name_of(sq).to_string(),
        };
        // unpromoted pieces on their promotion rank, pawns outside ranks 3–8: the core's
        // checks
        // a win in an enemy citadel ends the game, so only one side can have one
        let black_in = bb.color[1] & t.enemy_citadels[1];
        if (bb.color[0] & t.enemy_citadels[0]).any() {
            if let Some(sq) = black_in.first() {
                let p = pos.piece_at(sq).map_or(kind::PAWN, |p| p.kind);
                return Err(bad(p, Color::Black, sq));
            }
        }
        Ok(())
    }
}

impl Game for MiniCitadel {
    type Word = u128;

    #[inline(always)]
    fn config() -> &'static Config {
        &tables().cfg
    }

    #[inline(always)]
    fn immune(_bb: &Bitboards) -> Bitboard {
        tables().citadels
    }

    #[inline(always)]
    fn inert(_bb: &Bitboards) -> Bitboard {
        tables().citadels
    }

    #[inline(always)]
    fn decided(pos: &Position<Self>) -> Option<Outcome> {
        let t = tables();
        if (pos.bitboards().occupied() & t.citadels).is_empty() {
            return None;
        }
        t.cfg.goals.decided(pos)
    }

    fn validate(pos: &Position<Self>) -> Result<(), PositionError> {
        crate::fide::one_king_each(pos)?;
        Self::validate_squares(pos)?;
        Self::validate_rights(pos)
    }
}
