//! Where each cell of a board lies in the picture: squares on a grid for the rectangular
//! boards (cells outside the frame set a little apart, as Tamerlane's citadels are), annular
//! sectors for a board whose files wrap (the Byzantine rings).

use crate::glyph::r2;
use citadel_geometry::{BitWord, Geometry, Square};
use std::f32::consts::PI;

/// Side of a square cell, in SVG units.
pub const CELL: f32 = 60.0;
/// Room for the coordinates around the board.
pub const MARGIN: f32 = 28.0;
/// Gap between the frame and a cell detached from it.
pub const GAP: f32 = 16.0;
/// Width of one ring of the round board.
pub const RING: f32 = 58.0;
/// Radius of the round board's empty middle.
pub const HOLE: f32 = 128.0;

/// The shape of one cell in the picture.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CellShape {
    /// A square with its top-left corner and side.
    Square {
        /// Left edge.
        x: f32,
        /// Top edge.
        y: f32,
        /// Side.
        size: f32,
    },
    /// An annular sector around the board's centre; angles in radians, counterclockwise
    /// from the right as seen on the page.
    Sector {
        /// Inner radius.
        r0: f32,
        /// Outer radius.
        r1: f32,
        /// Start angle.
        a0: f32,
        /// End angle.
        a1: f32,
    },
}

/// Every cell's place, the picture's size and the board's centre (round boards).
#[derive(Clone, Debug)]
pub struct Layout {
    /// Shape per cell, by cell index.
    pub cells: Vec<CellShape>,
    /// Picture width.
    pub width: f32,
    /// Picture height.
    pub height: f32,
    /// Centre of a round board.
    pub centre: (f32, f32),
    /// Whether the board is round.
    pub round: bool,
    /// Whether the picture is seen from Black's side.
    pub flipped: bool,
}

impl Layout {
    /// The layout of `geo`, seen from White's side or, if `flip`, from Black's.
    pub fn new<W: BitWord>(geo: &Geometry<W>, flip: bool) -> Layout {
        if geo.wraps() {
            Self::round(geo, flip)
        } else {
            Self::grid(geo, flip)
        }
    }

    fn grid<W: BitWord>(geo: &Geometry<W>, flip: bool) -> Layout {
        let files = geo.files() as i32;
        let ranks = geo.ranks() as f32;
        let coords: Vec<_> = (0..geo.len()).map(|i| geo.coord(Square(i as u8))).collect();
        let lo = coords
            .iter()
            .map(|c| c.file as i32)
            .min()
            .unwrap_or(0)
            .min(0);
        let hi = coords
            .iter()
            .map(|c| c.file as i32)
            .max()
            .unwrap_or(0)
            .max(files - 1);
        let left_gap = if lo < 0 { GAP } else { 0.0 };
        let right_gap = if hi >= files { GAP } else { 0.0 };
        let width = 2.0 * MARGIN + (hi - lo + 1) as f32 * CELL + left_gap + right_gap;
        let height = 2.0 * MARGIN + ranks * CELL;
        let cells = coords
            .iter()
            .map(|c| {
                let f = c.file as i32;
                let mut x = MARGIN + (f - lo) as f32 * CELL;
                if f >= 0 {
                    x += left_gap;
                }
                if f >= files {
                    x += right_gap;
                }
                let mut y = MARGIN + (ranks - 1.0 - c.rank as f32) * CELL;
                if flip {
                    x = width - x - CELL;
                    y = height - y - CELL;
                }
                CellShape::Square { x, y, size: CELL }
            })
            .collect();
        Layout {
            cells,
            width,
            height,
            centre: (width / 2.0, height / 2.0),
            round: false,
            flipped: flip,
        }
    }

    fn round<W: BitWord>(geo: &Geometry<W>, flip: bool) -> Layout {
        let files = geo.files() as f32;
        let step = 2.0 * PI / files;
        let outer = HOLE + geo.ranks() as f32 * RING;
        let size = 2.0 * (outer + MARGIN);
        // file a starts at the bottom and files run anticlockwise, so that White, whose
        // pieces stand on files o, p, a, b, sees them at the bottom as on a flat board
        let start = -PI / 2.0 + if flip { PI } else { 0.0 };
        let cells = (0..geo.len())
            .map(|i| {
                let c = geo.coord(Square(i as u8));
                let a0 = start + c.file as f32 * step;
                CellShape::Sector {
                    r0: HOLE + c.rank as f32 * RING,
                    r1: HOLE + (c.rank as f32 + 1.0) * RING,
                    a0,
                    a1: a0 + step,
                }
            })
            .collect();
        Layout {
            cells,
            width: size,
            height: size,
            centre: (size / 2.0, size / 2.0),
            round: true,
            flipped: flip,
        }
    }

    /// The point at radius `r`, angle `a` of a round board.
    pub fn polar(&self, r: f32, a: f32) -> (f32, f32) {
        (self.centre.0 + r * a.cos(), self.centre.1 - r * a.sin())
    }

    /// The centre of a cell.
    pub fn centre_of(&self, sq: Square) -> (f32, f32) {
        match self.cells[sq.index()] {
            CellShape::Square { x, y, size } => (x + size / 2.0, y + size / 2.0),
            CellShape::Sector { r0, r1, a0, a1 } => self.polar((r0 + r1) / 2.0, (a0 + a1) / 2.0),
        }
    }

    /// The side of the box a piece is drawn in on a cell.
    pub fn glyph_size(&self, sq: Square) -> f32 {
        match self.cells[sq.index()] {
            CellShape::Square { size, .. } => size * 0.9,
            CellShape::Sector { r0, r1, .. } => (r1 - r0) * 0.88,
        }
    }

    /// An SVG element drawing a cell's outline with the given attributes.
    pub fn shape(&self, sq: Square, attrs: &str) -> String {
        match self.cells[sq.index()] {
            CellShape::Square { x, y, size } => format!(
                r#"<rect x="{}" y="{}" width="{}" height="{}" {attrs}/>"#,
                r2(x),
                r2(y),
                r2(size),
                r2(size)
            ),
            CellShape::Sector { r0, r1, a0, a1 } => {
                let p = |r, a| {
                    let (x, y) = self.polar(r, a);
                    format!("{} {}", r2(x), r2(y))
                };
                format!(
                    r#"<path d="M{} A{} {} 0 0 0 {} L{} A{} {} 0 0 1 {} Z" {attrs}/>"#,
                    p(r1, a0),
                    r2(r1),
                    r2(r1),
                    p(r1, a1),
                    p(r0, a1),
                    r2(r0),
                    r2(r0),
                    p(r0, a0)
                )
            }
        }
    }
}
