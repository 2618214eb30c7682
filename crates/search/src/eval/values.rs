//! Material values of every piece of every game, by piece name, with a mobility model for
//! pieces no table names.
//!
//! Values are centipawns (a pawn is 100). Where the numbers come from:
//!
//! | game | source |
//! | --- | --- |
//! | `chess` | L. Kaufman, "The Evaluation of Material Imbalances" (1999): P 1, N = B 3.25, R 5, Q 9.75 |
//! | Persian (`celtic-citadel`, `persian-princess`, `egyptian-eye`) | orthodox pieces as in chess, adjusted for the 9x9 board (the knight's share of the board shrinks); princess (B+N) and fortress (R+N) after H. G. Muller's self-play measurements of the archbishop and chancellor (both close to a queen, the chancellor a little above the archbishop) |
//! | `oriental-omega` | orthodox pieces as above; champion (WAD) 480 and wizard (NF) 460 measured by self-play: in 40-game depth-4 matches between otherwise equal engines, these values scored 62.5 % against the mobility model's 588/573 and 60 % against 400/380 |
//! | `shatranj` | al-Adli's values as given by H. J. R. Murray, *A History of Chess* (1913), p. 228, and tabulated by R. Betza: with the knight at 5.25, rook 8.75, ferz 3, alfil 2, pawn 1.75; scaled to pawn = 100 |
//! | `byzantine` | the Shatranj army as above, rook raised for the 16-file ring (its mobility is twice the 8x8 rook's) |
//! | `tamerlane` | fitted to self-play by Texel's method: `cargo xtask tune --variant tamerlane`, run while the engine's own values were rook 500, knight 300, fers 170, elephant 115 (al-Adli, as Shatranj), vizier 150, war engine 150 (Betza), giraffe 350, scout 300 (earlier self-play matches) and camel 312 (mobility model): 391 finished depth-3 self-play games, seed 1; 86,315 positions; error 0.08905 → 0.08113; the fitted values scored 61.0 % (+93 =58 −49, Elo +78 ± 41) against those in 200 depth-3 games. The pawns keep 100 and the royal pieces their mobility value |
//! | `mini-citadel` | fitted to self-play by Texel's method (no published values exist for its short-range pieces): `cargo xtask tune --variant mini-citadel`, run while the engine's own values were the mobility model's (400 depth-3 self-play games, seed 1; 17,462 positions; error 0.18506 → 0.18319); the fitted values scored 60.0 % (+117 =6 −77, Elo +70 ± 49) against the mobility model's in 200 depth-3 games (seed 101); the promoted queen, on the board in under 1 % of the positions, keeps its mobility value |
//!
//! The mobility model ([`model_value`]) gives every other piece a value from its average
//! number of target cells over the board on a one-third-occupied board (a fixed pseudo-random
//! occupancy), fitted to the chess pieces (knight 5.25 → 325, queen 13.2 → 975): `value = 54 m + 1.5 m²`. It makes a new
//! game play sensibly before its table is tuned.

use citadel_geometry::{BitWord, Bitboard, Geometry};
use citadel_pieces::{PieceDef, PieceSet};
use citadel_rules::Variant;

/// The value table of a game: `(piece name, centipawns)`; a piece it does not name gets a
/// value from [`values`]' rules.
pub fn table(variant: Variant) -> &'static [(&'static str, i32)] {
    match variant {
        Variant::Chess => &[
            ("pawn", 100),
            ("knight", 325),
            ("bishop", 325),
            ("rook", 500),
            ("queen", 975),
            ("king", 0),
        ],
        Variant::CelticCitadel | Variant::PersianPrincess | Variant::EgyptianEye => &[
            ("pawn", 100),
            ("knight", 300),
            ("bishop", 340),
            ("rook", 525),
            ("queen", 1000),
            ("princess", 875),
            ("fortress", 925),
            ("king", 0),
        ],
        Variant::OrientalOmega => &[
            ("pawn", 100),
            ("knight", 300),
            ("bishop", 340),
            ("rook", 525),
            ("queen", 1000),
            ("champion", 480),
            ("wizard", 460),
            ("king", 0),
        ],
        Variant::Shatranj => &[
            ("pawn", 100),
            ("knight", 300),
            ("rook", 500),
            ("ferz", 170),
            ("alfil", 115),
            ("king", 0),
        ],
        Variant::Byzantine => &[
            ("pawn>", 100),
            ("pawn<", 100),
            ("knight", 300),
            ("rook", 600),
            ("ferz", 170),
            ("alfil", 115),
            ("king", 0),
        ],
        Variant::Tamerlane => &[
            ("rook", 921),
            ("knight", 368),
            ("fers", 96),
            ("elephant", 75),
            ("vizier", 54),
            ("war engine", 66),
            ("giraffe", 545),
            ("scout", 186),
            ("camel", 282),
        ],
        Variant::MiniCitadel => &[
            ("pawn", 100),
            ("queen", 295),
            ("rook", 349),
            ("bishop", 276),
            ("knight", 285),
            ("guard", 264),
            ("promoted rook", 873),
            ("promoted bishop", 595),
            ("promoted knight", 812),
            ("promoted guard", 783),
            ("promoted pawn", 549),
            ("king", 0),
        ],
    }
}

/// Average number of cells a piece reaches (moves to or attacks) over the cells of the
/// board, on a fixed pseudo-random occupancy of about one third (sliders are blocked as in
/// real games).
pub fn mobility<W: BitWord>(set: &PieceSet<W>, kind: usize) -> f64 {
    let geo = set.geometry();
    let p = set.piece(0, kind);
    let cells: Vec<_> = geo.all().iter().collect();
    if cells.is_empty() {
        return 0.0;
    }
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut total = 0u64;
    let samples = 16;
    for _ in 0..samples {
        let mut occ = Bitboard::EMPTY;
        for &c in &cells {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            if (seed >> 33) % 3 == 2 {
                occ.insert(c);
            }
        }
        for &c in &cells {
            let o = occ & !Bitboard::from_square(c);
            let (quiet, attacks) = p.targets(geo, c, o);
            total += u64::from((quiet | attacks).count());
        }
    }
    total as f64 / (samples * cells.len()) as f64
}

/// Average number of cells a piece reaches on the empty board.
pub fn empty_mobility<W: BitWord>(geo: &Geometry<W>, set: &PieceSet<W>, kind: usize) -> f64 {
    let p = set.piece(0, kind);
    let n = geo.all().count();
    if n == 0 {
        return 0.0;
    }
    let total: u32 = geo
        .all()
        .iter()
        .map(|c| {
            let (q, a) = p.targets(geo, c, Bitboard::EMPTY);
            (q | a).count()
        })
        .sum();
    f64::from(total) / f64::from(n)
}

/// The value the mobility model gives a piece of average reach `m`.
pub fn model_value(m: f64) -> i32 {
    (54.0 * m + 1.5 * m * m).round() as i32
}

/// The value of each kind of a game: its table's entry, else pawns 100, a lone royal piece
/// 0, and every other piece the mobility model's value.
pub fn values<W: BitWord>(variant: Variant, set: &PieceSet<W>, pawns: u32, royal: u32) -> Vec<i32> {
    let t = table(variant);
    set.defs()
        .iter()
        .enumerate()
        .map(|(k, d): (usize, &PieceDef)| {
            if let Some(&(_, v)) = t.iter().find(|(n, _)| *n == d.name) {
                v
            } else if pawns >> k & 1 != 0 {
                100
            } else if royal >> k & 1 != 0 && royal.count_ones() == 1 {
                0
            } else {
                model_value(mobility(set, k))
            }
        })
        .collect()
}
