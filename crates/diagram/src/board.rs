//! The SVG picture of a position: the board in its true shape, coordinates, the pieces, and
//! the highlights asked for in [`Options`].

use crate::decor::Decor;
use crate::glyph::{self, r2, Figure};
use crate::layout::{CellShape, Layout, CELL, MARGIN};
use citadel_geometry::{BitWord, Geometry, Square};
use citadel_rules::{Color, Game, Position};

/// Light cells.
pub const LIGHT: &str = "#f0d9b5";
/// Dark cells.
pub const DARK: &str = "#b58863";
/// Citadels.
pub const CITADEL: &str = "#8f9bab";
/// Lines around the board and citadels.
pub const EDGE: &str = "#4a3b2f";

/// What to draw besides the board and its pieces.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Options {
    /// Draw the board as seen from Black's side.
    pub flip: bool,
    /// Leave out the file, rank and ring labels.
    pub no_coordinates: bool,
    /// The last move's start and end cells, tinted.
    pub last_move: Option<(Square, Square)>,
    /// Cells of royal pieces in check, marked red.
    pub check: Vec<Square>,
    /// Arrows from one cell's centre to another's.
    pub arrows: Vec<(Square, Square)>,
    /// Cells marked with a ring.
    pub marks: Vec<Square>,
    /// Leave the glyph library out of the SVG (for pages that hold it once, like the
    /// HTML viewer, which puts [`defs`] in the page).
    pub external_defs: bool,
    /// Name the cells and pieces for a page that plays on the diagram: each cell's shape
    /// carries `data-cell="e4"` and each piece is a group `<g data-piece="e4">`, and the
    /// layers drawn over the cells (highlights, pieces, arrows) let the pointer through to
    /// them (`pointer-events="none"`).
    pub interactive: bool,
}

impl Options {
    /// Options showing what the position itself tells: its last move (if it was reached
    /// by playing one) and the royal piece in check.
    pub fn from_position<G: Game>(pos: &Position<G>) -> Options {
        Options {
            last_move: pos.last_move().map(|m| (m.from, m.to)),
            check: checked_royals(pos),
            ..Options::default()
        }
    }
}

/// The royal cells of the side to move, if it is in check.
pub fn checked_royals<G: Game>(pos: &Position<G>) -> Vec<Square> {
    if pos.in_check() {
        pos.royals(pos.turn()).iter().collect()
    } else {
        Vec::new()
    }
}

/// The `<defs>` shared by every diagram: the piece drawings and the check gradient.
pub fn defs() -> String {
    format!(
        r##"<defs>{}<radialGradient id="check"><stop offset="0" stop-color="#ff2a2a" stop-opacity="0.95"/><stop offset="0.5" stop-color="#e8201c" stop-opacity="0.7"/><stop offset="1" stop-color="#a80000" stop-opacity="0"/></radialGradient></defs>"##,
        glyph::library()
    )
}

/// The figure a piece kind of `G` is drawn as: the figure of its role ([`glyph::figure`]),
/// or a disc with its letter for a role without one (or a kind without a role) — never
/// another piece's figure.
pub fn figure_of<G: Game>(kind: u8) -> Figure {
    let def = &G::config().pieces.defs()[kind as usize];
    def.role
        .and_then(glyph::figure)
        .unwrap_or(Figure::Letter(def.letter))
}

/// Draws `pos` as a standalone SVG document.
///
/// ```
/// use citadel_diagram::{svg, Options};
/// let pos = citadel_notation::fen::start::<citadel_rules::Byzantine>();
/// let s = svg(&pos, &Options::default());
/// assert!(s.starts_with("<svg") && s.contains("ring 4"));
/// ```
pub fn svg<G: Game>(pos: &Position<G>, opts: &Options) -> String {
    let p = picture(pos, opts);
    let defs = if opts.external_defs {
        String::new()
    } else {
        defs()
    };
    format!("{}{defs}{}{}</svg>\n", p.open, p.board, p.position)
}

/// A diagram in three parts, so that pages showing many positions of one game (the HTML
/// viewer) hold the board once: `open + board + position + "</svg>"` is the diagram
/// (its glyph library, [`defs`], given elsewhere in the page).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// The `<svg>` start tag and title.
    pub open: String,
    /// What does not depend on the position: cells, citadels, centre, Eye, coordinates.
    pub board: String,
    /// The highlights, pieces and arrows.
    pub position: String,
}

/// The parts of the diagram of `pos` (see [`Picture`]); `opts.external_defs` is ignored.
pub fn picture<G: Game>(pos: &Position<G>, opts: &Options) -> Picture {
    let cfg = G::config();
    let geo = cfg.geometry();
    let layout = Layout::new(geo, opts.flip);
    let decor = Decor::of(cfg);
    let open = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" font-family="DejaVu Sans, Verdana, sans-serif"><title>{}</title>"#,
        G::config().variant.name(),
        w = r2(layout.width),
        h = r2(layout.height)
    );
    let mut board = String::new();
    cells(&mut board, geo, &layout, &decor, opts.interactive);
    if opts.interactive {
        board.push_str(r#"<g pointer-events="none">"#);
        decoration(&mut board, &layout, &decor);
        board.push_str("</g>");
    } else {
        decoration(&mut board, &layout, &decor);
    }
    if !opts.no_coordinates {
        coordinates(&mut board, geo, &layout);
    }
    let mut position = String::new();
    if opts.interactive {
        position.push_str(r#"<g pointer-events="none">"#);
    }
    highlights(&mut position, &layout, opts);
    pieces(&mut position, pos, &layout, opts.interactive);
    arrows(&mut position, &layout, &opts.arrows);
    if opts.interactive {
        position.push_str("</g>");
    }
    Picture {
        open,
        board,
        position,
    }
}

fn cells<W: BitWord>(s: &mut String, geo: &Geometry<W>, l: &Layout, d: &Decor, named: bool) {
    s.push_str(r#"<g id="cells">"#);
    if l.round {
        // the middle of the round board, and a rim around it
        let outer = crate::layout::HOLE + geo.ranks() as f32 * crate::layout::RING;
        s.push_str(&format!(
            r##"<circle cx="{c}" cy="{c}" r="{}" fill="none" stroke="{EDGE}" stroke-width="6"/><circle cx="{c}" cy="{c}" r="{}" fill="#e9e2d0" stroke="{EDGE}" stroke-width="3"/>"##,
            r2(outer + 2.0),
            r2(crate::layout::HOLE),
            c = r2(l.centre.0)
        ));
    } else {
        // the frame of the main board (cells of the frame that are not citadels)
        let main: Vec<Square> = geo
            .all()
            .iter()
            .filter(|sq| !d.citadels.contains(sq))
            .collect();
        if let Some(bounds) = bounds(l, &main) {
            s.push_str(&format!(
                r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{EDGE}" stroke-width="5"/>"#,
                r2(bounds.0 - 2.5),
                r2(bounds.1 - 2.5),
                r2(bounds.2 - bounds.0 + 5.0),
                r2(bounds.3 - bounds.1 + 5.0)
            ));
        }
    }
    for sq in geo.all() {
        let fill = if d.citadels.contains(&sq) {
            CITADEL
        } else if geo.info(sq).dark {
            DARK
        } else {
            LIGHT
        };
        let attrs = if named {
            format!(r#"fill="{fill}" data-cell="{}""#, geo.name_of(sq))
        } else {
            format!(r#"fill="{fill}""#)
        };
        s.push_str(&l.shape(sq, &attrs));
    }
    for &c in &d.citadels {
        citadel(s, l, c, named);
    }
    s.push_str("</g>");
}

/// The bounding box (x0, y0, x1, y1) of square cells.
fn bounds(l: &Layout, cells: &[Square]) -> Option<(f32, f32, f32, f32)> {
    let mut b: Option<(f32, f32, f32, f32)> = None;
    for &sq in cells {
        if let CellShape::Square { x, y, size } = l.cells[sq.index()] {
            let (x0, y0, x1, y1) = b.unwrap_or((x, y, x + size, y + size));
            b = Some((x0.min(x), y0.min(y), x1.max(x + size), y1.max(y + size)));
        }
    }
    b
}

/// A citadel: stone-coloured cell with a walled border and battlements along its edges
/// (which let the pointer through to the cell when `named`).
fn citadel(s: &mut String, l: &Layout, sq: Square, named: bool) {
    if let CellShape::Square { x, y, size } = l.cells[sq.index()] {
        let m = size * 0.07;
        if named {
            s.push_str(r#"<g pointer-events="none">"#);
        }
        s.push_str(&format!(
            r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{EDGE}" stroke-width="4"/><rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#d9dee6" stroke-width="2" stroke-dasharray="{} {}"/>"##,
            r2(x + 2.0),
            r2(y + 2.0),
            r2(size - 4.0),
            r2(size - 4.0),
            r2(x + m),
            r2(y + m),
            r2(size - 2.0 * m),
            r2(size - 2.0 * m),
            r2(size * 0.09),
            r2(size * 0.06),
        ));
        if named {
            s.push_str("</g>");
        }
    }
}

fn decoration(s: &mut String, l: &Layout, d: &Decor) {
    for &sq in &d.watched {
        s.push_str(&l.shape(sq, r##"fill="#6a3d9a" fill-opacity="0.2""##));
    }
    if let Some(c) = d.centre {
        // an eight-pointed star outline marks Persian Chess's centre square
        let (cx, cy) = l.centre_of(c);
        let r = CELL * 0.42;
        let mut pts = String::new();
        for i in 0..16 {
            let a = i as f32 * std::f32::consts::PI / 8.0;
            let rr = if i % 2 == 0 { r } else { r * 0.62 };
            pts.push_str(&format!(
                "{},{} ",
                r2(cx + rr * a.cos()),
                r2(cy + rr * a.sin())
            ));
        }
        s.push_str(&format!(
            r##"<polygon points="{}" fill="#e9c46a" fill-opacity="0.35" stroke="#7a4e24" stroke-opacity="0.7" stroke-width="2"/>"##,
            pts.trim_end()
        ));
    }
    if let Some(e) = d.eye {
        let (cx, cy) = l.centre_of(e);
        let w = CELL * 0.44;
        let h = CELL * 0.24;
        s.push_str(&l.shape(e, r##"fill="#6a3d9a" fill-opacity="0.35""##));
        s.push_str(&format!(
            r##"<path d="M{} {cy} Q{cx} {} {} {cy} Q{cx} {} {} {cy} Z" fill="#fdf6e3" stroke="#3b1f5c" stroke-width="2.5"/><circle cx="{cx}" cy="{cy}" r="{}" fill="#2f6db0" stroke="#3b1f5c" stroke-width="1.5"/><circle cx="{cx}" cy="{cy}" r="{}" fill="#111"/>"##,
            r2(cx - w),
            r2(cy - 2.0 * h),
            r2(cx + w),
            r2(cy + 2.0 * h),
            r2(cx - w),
            r2(h * 0.78),
            r2(h * 0.36),
            cx = r2(cx),
            cy = r2(cy)
        ));
    }
}

fn highlights(s: &mut String, l: &Layout, o: &Options) {
    if let Some((from, to)) = o.last_move {
        for sq in [from, to] {
            s.push_str(&l.shape(sq, r##"fill="#f2d22e" fill-opacity="0.5""##));
        }
    }
    for &m in &o.marks {
        let (cx, cy) = l.centre_of(m);
        s.push_str(&format!(
            r##"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="#1f6fd1" stroke-width="4" stroke-opacity="0.85"/>"##,
            r2(cx),
            r2(cy),
            r2(l.glyph_size(m) * 0.5)
        ));
    }
    for &c in &o.check {
        let (cx, cy) = l.centre_of(c);
        s.push_str(&format!(
            r##"<circle cx="{}" cy="{}" r="{}" fill="url(#check)"/>"##,
            r2(cx),
            r2(cy),
            r2(l.glyph_size(c) * 0.62)
        ));
    }
}

fn label(s: &mut String, x: f32, y: f32, size: f32, text: &str) {
    s.push_str(&format!(
        r##"<text x="{}" y="{}" font-size="{}" text-anchor="middle" dominant-baseline="central" fill="#3b2f25">{text}</text>"##,
        r2(x),
        r2(y),
        r2(size)
    ));
}

fn coordinates<W: BitWord>(s: &mut String, geo: &Geometry<W>, l: &Layout) {
    s.push_str(r#"<g id="coordinates">"#);
    if l.round {
        let outer = crate::layout::HOLE + geo.ranks() as f32 * crate::layout::RING;
        for f in 0..geo.files() {
            if let Some(sq) = geo.at(citadel_geometry::Coord {
                file: f as i8,
                rank: geo.ranks() as i8 - 1,
            }) {
                if let CellShape::Sector { a0, a1, .. } = l.cells[sq.index()] {
                    let (x, y) = l.polar(outer + MARGIN * 0.55, (a0 + a1) / 2.0);
                    label(s, x, y, 16.0, &((b'a' + f) as char).to_string());
                }
            }
        }
        // ring numbers along the seam between files p and a, on small tags
        for r in 0..geo.ranks() {
            if let Some(sq) = geo.at(citadel_geometry::Coord {
                file: 0,
                rank: r as i8,
            }) {
                if let CellShape::Sector { r0, r1, a0, .. } = l.cells[sq.index()] {
                    let (x, y) = l.polar((r0 + r1) / 2.0, a0);
                    s.push_str(&format!(
                        r##"<rect x="{}" y="{}" width="14" height="16" rx="4" fill="#fbf8f0" stroke="{EDGE}" stroke-width="1"/>"##,
                        r2(x - 7.0),
                        r2(y - 8.0)
                    ));
                    label(s, x, y, 12.0, &(r + 1).to_string());
                }
            }
        }
        let (cx, cy) = l.centre;
        label(s, cx, cy - 14.0, 14.0, "ring 1 inside,");
        label(s, cx, cy + 6.0, 14.0, "ring 4 outside;");
        label(s, cx, cy + 26.0, 14.0, "p is next to a");
    } else {
        let coords: Vec<_> = geo
            .all()
            .iter()
            .filter(|sq| !geo.detached().contains(*sq))
            .map(|sq| (sq, geo.coord(sq)))
            .collect();
        let bottom = if l.flipped { 0.0 } else { l.height };
        for f in 0..geo.files() {
            if let Some(&(sq, _)) = coords.iter().find(|(_, c)| c.file == f as i8) {
                let (x, _) = l.centre_of(sq);
                let y = if l.flipped {
                    l.height - MARGIN / 2.0
                } else {
                    bottom - MARGIN / 2.0
                };
                label(s, x, y, 16.0, &((b'a' + f) as char).to_string());
            }
        }
        for r in 0..geo.ranks() {
            if let Some(&(sq, _)) = coords.iter().find(|(_, c)| c.rank == r as i8) {
                let (_, y) = l.centre_of(sq);
                label(s, MARGIN / 2.0, y, 16.0, &(r + 1).to_string());
            }
        }
        // cells outside the frame carry their names
        for sq in geo.detached() {
            if let CellShape::Square { x, y, size } = l.cells[sq.index()] {
                s.push_str(&format!(
                    r##"<text x="{}" y="{}" font-size="12" text-anchor="middle" fill="#3b2f25">{}</text>"##,
                    r2(x + size / 2.0),
                    r2(if y < l.height / 2.0 { y - 4.0 } else { y + size + 13.0 }),
                    geo.name_of(sq)
                ));
            }
        }
    }
    s.push_str("</g>");
}

fn pieces<G: Game>(s: &mut String, pos: &Position<G>, l: &Layout, named: bool) {
    let geo = G::config().geometry();
    s.push_str(r#"<g id="pieces">"#);
    for sq in geo.all() {
        let Some(p) = pos.piece_at(sq) else { continue };
        if named {
            s.push_str(&format!(r#"<g data-piece="{}">"#, geo.name_of(sq)));
        }
        let fig = figure_of::<G>(p.kind);
        let size = l.glyph_size(sq);
        let (cx, cy) = l.centre_of(sq);
        s.push_str(&glyph::place(
            fig,
            p.color,
            cx - size / 2.0,
            cy - size / 2.0,
            size,
        ));
        if let Figure::DirectedPawn(up) = fig {
            direction::<G>(s, l, sq, up, p.color);
        }
        if named {
            s.push_str("</g>");
        }
    }
    s.push_str("</g>");
}

/// A Byzantine pawn's direction: a small arrowhead beside it, toward the next cell of its
/// ring in its direction.
fn direction<G: Game>(s: &mut String, l: &Layout, sq: Square, up: bool, c: Color) {
    let geo = G::config().geometry();
    let Some(next) = geo.step(sq, if up { 1 } else { -1 }, 0) else {
        return;
    };
    let (x0, y0) = l.centre_of(sq);
    let (x1, y1) = l.centre_of(next);
    let (dx, dy) = (x1 - x0, y1 - y0);
    let len = (dx * dx + dy * dy).sqrt().max(1e-3);
    let (ux, uy) = (dx / len, dy / len);
    let size = l.glyph_size(sq);
    // tip beyond the figure's side, base a little inside it
    let tip = (x0 + ux * size * 0.52, y0 + uy * size * 0.52);
    let back = (x0 + ux * size * 0.3, y0 + uy * size * 0.3);
    let w = size * 0.17;
    let (fill, stroke, _) = glyph::palette(c);
    s.push_str(&format!(
        r#"<path d="M{} {} L{} {} L{} {} Z" fill="{fill}" stroke="{stroke}" stroke-width="2" stroke-linejoin="round"/>"#,
        r2(tip.0),
        r2(tip.1),
        r2(back.0 - uy * w),
        r2(back.1 + ux * w),
        r2(back.0 + uy * w),
        r2(back.1 - ux * w)
    ));
}

fn arrows(s: &mut String, l: &Layout, arrows: &[(Square, Square)]) {
    for &(from, to) in arrows {
        let (x0, y0) = l.centre_of(from);
        let (x1, y1) = l.centre_of(to);
        let (dx, dy) = (x1 - x0, y1 - y0);
        let len = (dx * dx + dy * dy).sqrt();
        if len < 1.0 {
            continue;
        }
        let (ux, uy) = (dx / len, dy / len);
        let w = l.glyph_size(to) * 0.2;
        let head = w * 2.2;
        let (bx, by) = (x1 - ux * head, y1 - uy * head);
        s.push_str(&format!(
            r##"<g fill="#15781b" stroke="#15781b" opacity="0.75"><line x1="{}" y1="{}" x2="{}" y2="{}" stroke-width="{}" stroke-linecap="round"/><path d="M{} {} L{} {} L{} {} Z" stroke="none"/></g>"##,
            r2(x0),
            r2(y0),
            r2(bx),
            r2(by),
            r2(w),
            r2(x1),
            r2(y1),
            r2(bx - uy * head * 0.6),
            r2(by + ux * head * 0.6),
            r2(bx + uy * head * 0.6),
            r2(by - ux * head * 0.6)
        ));
    }
}
