//! What a game's board shows besides its cells: citadels, Persian Chess's centre square,
//! the Egyptian Eye and the squares it watches.

use citadel_geometry::{BitWord, Geometry, Square};
use citadel_rules::Variant;

/// Special cells of a game's board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Decor {
    /// Citadels: cells detached from the frame or cut off from every orthogonal neighbour
    /// (the corner citadels of the Persian and Mini Citadel boards, Tamerlane's x1 and x2).
    pub citadels: Vec<Square>,
    /// The centre square with a rule of its own (Persian Chess's f6).
    pub centre: Option<Square>,
    /// The cell of the All Seeing Eye (Egyptian Eye's f6).
    pub eye: Option<Square>,
    /// The squares the Eye watches (its two long diagonals).
    pub watched: Vec<Square>,
}

impl Decor {
    /// The special cells of `variant`'s board `geo`.
    pub fn of<W: BitWord>(variant: Variant, geo: &Geometry<W>) -> Decor {
        let citadels = if geo.wraps() {
            Vec::new()
        } else {
            geo.all()
                .iter()
                .filter(|&sq| {
                    geo.detached().contains(sq)
                        || [(1, 0), (-1, 0), (0, 1), (0, -1)]
                            .iter()
                            .all(|&(dx, dy)| geo.step(sq, dx, dy).is_none())
                })
                .collect()
        };
        let f6 = geo.parse_square("f6");
        let mut d = Decor {
            citadels,
            ..Decor::default()
        };
        match variant {
            Variant::CelticCitadel | Variant::PersianPrincess | Variant::OrientalOmega => {
                d.centre = f6;
            }
            Variant::EgyptianEye => {
                d.eye = f6;
                if let Some(eye) = f6 {
                    for (dx, dy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                        let mut cur = eye;
                        while let Some(next) = geo.step(cur, dx, dy) {
                            d.watched.push(next);
                            cur = next;
                        }
                    }
                }
            }
            _ => {}
        }
        d
    }
}
