//! The start position of every game as SVG (pinned by insta) and rendered with resvg,
//! with pixels checked: cell colours, pieces present, cells that do not exist transparent.

use citadel_diagram::board::figure_of;
use citadel_diagram::board::{CITADEL, DARK, LIGHT};
use citadel_diagram::glyph::Figure;
use citadel_diagram::layout::{CellShape, Layout, CELL};
use citadel_diagram::{glyph, png, svg, Options};
use citadel_geometry::Square;
use citadel_notation::fen;
use citadel_rules::{with_game, Game, Variant};
use resvg::tiny_skia::Pixmap;

/// One element per line, so that snapshot diffs are readable.
fn lines(svg: &str) -> String {
    svg.replace("><", ">\n<")
}

fn board_only<G: Game>() -> String {
    let pos = fen::start::<G>();
    let o = Options {
        external_defs: true,
        ..Options::default()
    };
    svg(&pos, &o)
}

#[test]
fn start_positions_snapshots() {
    for v in Variant::ALL {
        let s = with_game!(v, G => board_only::<G>());
        insta::assert_snapshot!(format!("start_{}", v.id()), lines(&s));
    }
    insta::assert_snapshot!("piece_drawings", lines(&citadel_diagram::defs()));
}

#[test]
fn every_piece_is_drawn_as_its_own_figure_or_its_letter() {
    for v in Variant::ALL {
        with_game!(v, G => {
            for (k, d) in G::config().pieces.defs().iter().enumerate() {
                let role = d.role.unwrap_or_else(|| panic!("{v}: {} has no role", d.name));
                let drawn = figure_of::<G>(k as u8);
                match glyph::figure(role) {
                    Some(f) => assert_eq!(drawn, f, "{v}: {}", d.name),
                    // never another piece's figure (an unknown name was once a pawn)
                    None => assert_eq!(drawn, Figure::Letter(d.letter), "{v}: {}", d.name),
                }
            }
        });
    }
    // Makruk's khon has no drawing: a disc with its letter, in the SVG as text
    let svg = board_only::<citadel_rules::Makruk>();
    assert!(svg.contains(">S</text>"), "{svg}");
}

#[test]
fn every_role_has_a_drawn_figure_or_its_letter() {
    use citadel_pieces::Role;
    let library = citadel_diagram::defs();
    for role in Role::ALL {
        let names = match glyph::figure(role) {
            None => continue,
            Some(Figure::Letter(c)) => {
                panic!("{role}: a letter ({c}) is the piece's, not the role's")
            }
            Some(Figure::DirectedPawn(_)) => vec!["pawn"],
            Some(Figure::Plain(n)) | Some(Figure::Promoted(n)) => vec![n],
            Some(Figure::PawnOf(n)) => vec!["pawn", n],
        };
        for n in names {
            assert!(glyph::FIGURES.contains(&n), "{role}: {n}");
            assert!(
                !glyph::draw(n, citadel_rules::Color::White).is_empty(),
                "{role}: {n}"
            );
            let id = glyph::id(n, citadel_rules::Color::Black);
            assert!(library.contains(&format!(r#"id="{id}""#)), "{role}: {id}");
        }
        // only pawns look like pawns
        if matches!(glyph::figure(role), Some(Figure::Plain("pawn"))) {
            assert_eq!(role, Role::Pawn);
        }
    }
    // pieces a game names on its own borrow a related figure
    assert_eq!(glyph::figure(Role::Mann), Some(Figure::Plain("guard")));
    assert_eq!(glyph::figure(Role::Schleich), Some(Figure::Plain("vizier")));
    assert_eq!(glyph::figure(Role::Met), Some(Figure::Plain("ferz")));
    assert_eq!(glyph::figure(Role::Khon), None);
}

fn rgba(pm: &Pixmap, x: f32, y: f32) -> [u8; 4] {
    let p = pm.pixel(x as u32, y as u32).expect("inside the picture");
    let p = p.demultiply();
    [p.red(), p.green(), p.blue(), p.alpha()]
}

fn hex(c: &str) -> [u8; 4] {
    let v = u32::from_str_radix(&c[1..], 16).unwrap();
    [(v >> 16) as u8, (v >> 8) as u8, v as u8, 255]
}

fn close(a: [u8; 4], b: [u8; 4]) -> bool {
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 3)
}

/// Rendered start position of `G` with its layout.
fn render<G: Game>() -> (Pixmap, Layout) {
    let pos = fen::start::<G>();
    let s = svg(&pos, &Options::default());
    let layout = Layout::new(G::config().geometry(), false);
    (png::pixmap(&s, 1.0).expect("renders"), layout)
}

fn sq<G: Game>(name: &str) -> Square {
    G::config().geometry().parse_square(name).unwrap()
}

/// The colour near a square cell's top-left corner (inside, clear of its border).
fn corner(pm: &Pixmap, l: &Layout, s: Square) -> [u8; 4] {
    match l.cells[s.index()] {
        CellShape::Square { x, y, .. } => rgba(pm, x + 9.0, y + 9.0),
        CellShape::Sector { .. } => {
            let (x, y) = l.centre_of(s);
            rgba(pm, x, y)
        }
    }
}

/// Whether some pixel of the cell's middle has the colour `c` (a piece's fill).
fn has_colour(pm: &Pixmap, l: &Layout, s: Square, c: &str) -> bool {
    let (cx, cy) = l.centre_of(s);
    let r = CELL * 0.3;
    let mut y = cy - r;
    while y < cy + r {
        let mut x = cx - r;
        while x < cx + r {
            if close(rgba(pm, x, y), hex(c)) {
                return true;
            }
            x += 1.0;
        }
        y += 1.0;
    }
    false
}

#[test]
fn persian_board_renders_with_citadels_and_holes() {
    type G = citadel_rules::PersianPrincess;
    let (pm, l) = render::<G>();
    // empty cells: d6 dark, e6 light
    assert!(close(corner(&pm, &l, sq::<G>("d6")), hex(DARK)));
    assert!(close(corner(&pm, &l, sq::<G>("e6")), hex(LIGHT)));
    // a citadel (holding a fortress): stone colour in its corner
    assert!(close(corner(&pm, &l, sq::<G>("k1")), hex(CITADEL)));
    let (cx, cy) = l.centre_of(sq::<G>("k1"));
    // a2 does not exist: one cell above a1 the picture is transparent
    assert_eq!(rgba(&pm, cx - 10.0 * CELL, cy - CELL)[3], 0);
    assert_eq!(rgba(&pm, cx - 10.0 * CELL, cy)[3], 255);
    // b1 neither, to the right of a1
    assert_eq!(rgba(&pm, cx - 9.0 * CELL, cy)[3], 0);
    // pieces: White's queen on e2 shows White's fill, Black's king on f10 Black's fill
    let (w, _, _) = glyph::palette(citadel_rules::Color::White);
    let (b, _, _) = glyph::palette(citadel_rules::Color::Black);
    assert!(has_colour(&pm, &l, sq::<G>("e2"), w));
    assert!(has_colour(&pm, &l, sq::<G>("f10"), b));
    assert!(!has_colour(&pm, &l, sq::<G>("e5"), w) && !has_colour(&pm, &l, sq::<G>("e5"), b));
}

#[test]
fn egyptian_eye_tints_the_watched_diagonals() {
    type G = citadel_rules::EgyptianEye;
    let (pm, l) = render::<G>();
    // d4 and d6 are both dark and empty; only d4 lies on the Eye's diagonals
    let watched = corner(&pm, &l, sq::<G>("d4"));
    let plain = corner(&pm, &l, sq::<G>("d6"));
    assert!(close(plain, hex(DARK)));
    assert!(!close(watched, hex(DARK)), "{watched:?}");
    // the Eye's iris at f6's centre is blue
    let (cx, cy) = l.centre_of(sq::<G>("f6"));
    let iris = rgba(&pm, cx + 5.0, cy);
    assert!(iris[2] > iris[0] + 40, "{iris:?}");
}

#[test]
fn tamerlane_citadels_stand_apart() {
    type G = citadel_rules::Tamerlane;
    let (pm, l) = render::<G>();
    let x1 = sq::<G>("x1");
    let CellShape::Square { x, y, .. } = l.cells[x1.index()] else {
        panic!("square cell")
    };
    assert!(close(rgba(&pm, x + 20.0, y + 40.0), hex(CITADEL)));
    // the gap between k2 and x1, and the cell above x1 (beside k3), are transparent
    assert_eq!(rgba(&pm, x - 6.0, y + 30.0)[3], 0);
    assert_eq!(rgba(&pm, x + 30.0, y - 30.0)[3], 0);
    // a pawn of pawns on k3 (White's): drawn
    let (w, _, _) = glyph::palette(citadel_rules::Color::White);
    assert!(has_colour(&pm, &l, sq::<G>("k3"), w));
}

#[test]
fn byzantine_board_is_round() {
    type G = citadel_rules::Byzantine;
    let (pm, l) = render::<G>();
    // corners of the picture lie outside the rings: transparent; the middle is the hole
    assert_eq!(rgba(&pm, 3.0, 3.0)[3], 0);
    assert!(close(
        rgba(&pm, l.centre.0, l.centre.1 + 60.0),
        hex("#e9e2d0")
    ));
    // empty cells e1..e4 alternate colours
    let g = G::config().geometry();
    for r in 1..=4 {
        let s = sq::<G>(&format!("e{r}"));
        let want = if g.info(s).dark { DARK } else { LIGHT };
        assert!(close(corner(&pm, &l, s), hex(want)), "e{r}");
    }
    // the rook on a1 (innermost ring) is White's
    let (w, _, _) = glyph::palette(citadel_rules::Color::White);
    assert!(has_colour(&pm, &l, sq::<G>("a1"), w));
}

#[test]
fn flipping_turns_the_board_round() {
    type G = citadel_rules::Chess;
    let geo = G::config().geometry();
    let (a, b) = (Layout::new(geo, false), Layout::new(geo, true));
    let (x0, y0) = a.centre_of(sq::<G>("a1"));
    let (x1, y1) = b.centre_of(sq::<G>("h8"));
    assert!((x0 - x1).abs() < 0.01 && (y0 - y1).abs() < 0.01);
}

#[test]
fn highlights_are_drawn() {
    type G = citadel_rules::Chess;
    let pos =
        fen::parse::<G>("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").unwrap();
    let o = Options::from_position(&pos);
    assert_eq!(o.check, vec![sq::<G>("e1")]);
    let mut o = o;
    o.arrows.push((sq::<G>("h4"), sq::<G>("e1")));
    o.marks.push(sq::<G>("f2"));
    o.last_move = Some((sq::<G>("d8"), sq::<G>("h4")));
    let s = svg(&pos, &o);
    assert!(s.contains("url(#check)") && s.contains("#15781b") && s.contains("#1f6fd1"));
    let pm = png::pixmap(&s, 1.0).unwrap();
    let l = Layout::new(G::config().geometry(), false);
    // d8 (empty, light) is tinted yellow by the last-move highlight
    let c = corner(&pm, &l, sq::<G>("d8"));
    assert!(!close(c, hex(LIGHT)) && c[0] > 200 && c[2] < 160, "{c:?}");
}

/// `s` without every piece of text from `start` to the next `end` (included).
fn drop_all(s: &str, start: &str, end: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(at) = rest.find(start) {
        out.push_str(&rest[..at]);
        let after = &rest[at + start.len()..];
        rest = after.find(end).map_or("", |e| &after[e + end.len()..]);
    }
    out + rest
}

/// An interactive diagram names every cell once and every piece once, and only adds to the
/// plain one: without the names and its groups it is the same picture.
#[test]
fn interactive_diagrams_name_cells_and_pieces() {
    fn check<G: Game>() {
        let pos = fen::start::<G>();
        let plain = svg(&pos, &Options::default());
        let o = Options {
            interactive: true,
            ..Options::default()
        };
        let named = svg(&pos, &o);
        let id = G::config().id;
        let geo = G::config().geometry();
        let pieces = geo
            .all()
            .iter()
            .filter(|&sq| pos.piece_at(sq).is_some())
            .count();
        assert_eq!(named.matches(" data-cell=\"").count(), geo.len(), "{id}");
        assert_eq!(named.matches("<g data-piece=\"").count(), pieces, "{id}");
        for sq in geo.all() {
            let name = geo.name_of(sq);
            assert!(
                named.contains(&format!(" data-cell=\"{name}\"")),
                "{id}: {name}"
            );
        }
        let stripped = named.replace(r#"<g pointer-events="none">"#, "");
        let stripped = drop_all(&stripped, " data-cell=\"", "\"");
        let stripped = drop_all(&stripped, "<g data-piece=\"", "\">");
        assert_eq!(
            stripped.replace("</g>", ""),
            plain.replace("</g>", ""),
            "{id}"
        );
    }
    for v in Variant::ALL {
        with_game!(v, G => check::<G>());
    }
}
