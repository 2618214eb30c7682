//! Movement atoms: the building blocks of a piece's moves.

use citadel_geometry::Dir;

/// When an atom may be used.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Mode {
    /// Moves to an empty cell or captures.
    Any,
    /// Moves to an empty cell only.
    Move,
    /// Captures only.
    Capture,
    /// A non-capturing move allowed only while the piece holds its first-move right.
    First,
}

impl Mode {
    /// Whether the atom may end on an empty cell (first-move atoms excluded).
    pub const fn moves(self) -> bool {
        matches!(self, Mode::Any | Mode::Move)
    }
    /// Whether the atom may capture.
    pub const fn captures(self) -> bool {
        matches!(self, Mode::Any | Mode::Capture)
    }
}

/// One way of moving, given from White's point of view (a piece marked
/// [`oriented`](crate::PieceDef::oriented) has its rank steps mirrored for Black).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Atom {
    /// A jump by exactly (dx, dy), over anything in between.
    Leap {
        /// File step.
        dx: i8,
        /// Rank step.
        dy: i8,
    },
    /// A ride along one direction covering `min..=max` cells; cells before the landing cell
    /// must be empty unless `jump` is set.
    Ride {
        /// The direction.
        dir: Dir,
        /// Shortest distance (1 for an ordinary slider, 2 for the scout).
        min: u8,
        /// Longest distance (`u8::MAX` for unlimited).
        max: u8,
        /// Whether it passes over occupied cells.
        jump: bool,
    },
    /// A bent ride (the giraffe): one diagonal step, then straight on outward along either
    /// orthogonal component of that diagonal for `min` or more cells; every cell on the way,
    /// the diagonal one included, must be empty.
    Bent {
        /// Least number of straight cells after the diagonal step.
        min: u8,
    },
}

/// Longest distance of an unlimited ride.
pub const UNLIMITED: u8 = u8::MAX;

/// The (up to eight) symmetric images of the leap (dx, dy), without repeats.
///
/// ```
/// assert_eq!(citadel_pieces::leap_images(1, 2).len(), 8);
/// assert_eq!(citadel_pieces::leap_images(1, 1).len(), 4);
/// assert_eq!(citadel_pieces::leap_images(0, 2).len(), 4);
/// ```
pub fn leap_images(dx: i8, dy: i8) -> Vec<(i8, i8)> {
    let mut out: Vec<(i8, i8)> = Vec::new();
    for (a, b) in [(dx, dy), (dy, dx)] {
        for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let v = (a * sa, b * sb);
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}
