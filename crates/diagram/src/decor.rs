//! What a game's board shows besides its cells: citadels, Persian Chess's centre square,
//! the Egyptian Eye and the squares it watches, all read from the game's rules.

use citadel_geometry::{BitWord, Square};
use citadel_rules::Config;

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
    /// The special cells of the board of the game `cfg` describes: citadels from the
    /// board's shape, the centre square and the Eye from the game's
    /// [`Landmarks`](citadel_rules::Landmarks). The cells the Eye watches are listed ray by
    /// ray outward from the Eye.
    pub fn of<W: BitWord>(cfg: &Config<W>) -> Decor {
        let geo = cfg.geometry();
        let marks = &cfg.landmarks;
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
        let mut watched = Vec::new();
        if let Some(eye) = marks.eye {
            for (dx, dy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let mut cur = eye;
                while let Some(next) = geo.step(cur, dx, dy) {
                    if marks.watched.contains(next) {
                        watched.push(next);
                    }
                    cur = next;
                }
            }
        }
        Decor {
            citadels,
            centre: marks.centre,
            eye: marks.eye,
            watched,
        }
    }
}
