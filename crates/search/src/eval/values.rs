//! Material values of every piece of every game: the values each game states for its kinds
//! ([`Config::values`], given in the game's rules module beside where its pieces are
//! defined, with where the numbers come from), and a mobility model for the kinds a game
//! gives no value.
//!
//! Values are centipawns (a pawn is 100). The mobility model ([`model_value`]) gives a piece
//! a value from its average number of target cells over the board on a one-third-occupied
//! board (a fixed pseudo-random occupancy), fitted to the chess pieces (knight 5.25 → 325,
//! queen 13.2 → 975): `value = 54 m + 1.5 m²`. It makes a new game play sensibly before its
//! values are tuned.

use citadel_geometry::{BitWord, Bitboard, Geometry};
use citadel_pieces::PieceSet;
use citadel_rules::Config;

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

/// The value of each kind of a game: the game's own ([`Config::values`]), else pawns 100,
/// a lone royal piece 0, and every other piece the mobility model's value.
pub fn values<W: BitWord>(cfg: &Config<W>) -> Vec<i32> {
    let set = &cfg.pieces;
    let (pawns, royal) = (cfg.pawns, cfg.royal);
    (0..set.len())
        .map(|k| {
            if let Some(v) = cfg.values[k] {
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
