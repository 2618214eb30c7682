//! The boards of the seven games and the two calibration games.

use crate::{BitWord, Coord, Geometry, GeometryBuilder};

/// Plain 8x8 (chess, shatranj).
pub fn standard<W: BitWord>() -> Geometry<W> {
    GeometryBuilder::new("8x8", 8, 8).build()
}

/// Persian Chess: 11x11 frame with only b2–j10 and the four corner citadels.
pub fn persian<W: BitWord>() -> Geometry<W> {
    cornered("persian", 11)
}

/// Mini Citadel Chess: 10x10 frame with only b2–i9 and the four corner citadels.
pub fn mini_citadel<W: BitWord>() -> Geometry<W> {
    cornered("mini-citadel", 10)
}

fn cornered<W: BitWord>(name: &'static str, n: u8) -> Geometry<W> {
    GeometryBuilder::new(name, n, n)
        .keep(|f, r| {
            let inner = |x: u8| x >= 1 && x <= n - 2;
            let edge = |x: u8| x == 0 || x == n - 1;
            (inner(f) && inner(r)) || (edge(f) && edge(r))
        })
        .build()
}

/// Tamerlane chess: 11x10 plus the citadels `x1` (beside k2, linked to k1, k2, k3) and
/// `x2` (beside a9, linked to a8, a9, a10).
pub fn tamerlane<W: BitWord>() -> Geometry<W> {
    let c = |file: i8, rank: i8| Coord { file, rank };
    GeometryBuilder::new("tamerlane", 11, 10)
        .detached("x1", c(11, 1), &[c(10, 0), c(10, 1), c(10, 2)])
        .detached("x2", c(-1, 8), &[c(0, 7), c(0, 8), c(0, 9)])
        .build()
}

/// Byzantine chess: 4 rings (ranks 1 inner .. 4 outer) of 16 files, files wrapping.
pub fn byzantine<W: BitWord>() -> Geometry<W> {
    GeometryBuilder::new("byzantine", 16, 4)
        .wrap_files()
        .build()
}
