//! Squares (dense cell indices), coordinates and the eight directions.

/// A cell of a board, by its dense index in that board's [`Geometry`](crate::Geometry).
///
/// Indices run rank by rank from the lowest rank, files left to right, over existing cells
/// only, so every board of the project fits in 128 indices.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Square(pub u8);

impl Square {
    /// The index as a `usize`, for table look-ups.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A frame coordinate: 0-based file (`a` = 0) and rank (rank 1 = 0). Cells outside the
/// frame (Tamerlane's citadels) have coordinates outside `0..files`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Coord {
    /// 0-based file.
    pub file: i8,
    /// 0-based rank.
    pub rank: i8,
}

/// One of the eight king directions; rays are precomputed for each.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Dir {
    /// Towards higher ranks.
    North = 0,
    /// Higher file, higher rank.
    NorthEast = 1,
    /// Towards higher files.
    East = 2,
    /// Higher file, lower rank.
    SouthEast = 3,
    /// Towards lower ranks.
    South = 4,
    /// Lower file, lower rank.
    SouthWest = 5,
    /// Towards lower files.
    West = 6,
    /// Lower file, higher rank.
    NorthWest = 7,
}

impl Dir {
    /// All eight directions, in index order.
    pub const ALL: [Dir; 8] = [
        Dir::North,
        Dir::NorthEast,
        Dir::East,
        Dir::SouthEast,
        Dir::South,
        Dir::SouthWest,
        Dir::West,
        Dir::NorthWest,
    ];
    /// The four orthogonal directions.
    pub const ORTHOGONAL: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];
    /// The four diagonal directions.
    pub const DIAGONAL: [Dir; 4] = [
        Dir::NorthEast,
        Dir::SouthEast,
        Dir::SouthWest,
        Dir::NorthWest,
    ];

    /// The (file, rank) step of this direction.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::North => (0, 1),
            Dir::NorthEast => (1, 1),
            Dir::East => (1, 0),
            Dir::SouthEast => (1, -1),
            Dir::South => (0, -1),
            Dir::SouthWest => (-1, -1),
            Dir::West => (-1, 0),
            Dir::NorthWest => (-1, 1),
        }
    }

    /// The direction with the given step, if it is a king step.
    pub fn from_delta(dx: i8, dy: i8) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.delta() == (dx, dy))
    }

    /// The opposite direction.
    pub const fn opposite(self) -> Dir {
        Dir::ALL[(self as usize + 4) % 8]
    }

    /// Whether this is a diagonal direction.
    pub const fn is_diagonal(self) -> bool {
        self as u8 % 2 == 1
    }

    /// Whether moving this way increases the dense index on a board without wraparound.
    pub const fn increases_index(self) -> bool {
        matches!(
            self,
            Dir::North | Dir::NorthEast | Dir::East | Dir::NorthWest
        )
    }
}
