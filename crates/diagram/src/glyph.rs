//! Piece glyphs: every piece of every game drawn as SVG shapes in one style — a figure on a
//! common pedestal, filled with its side's colour and outlined, with inner lines in the
//! contrasting colour. Orthodox pieces are the usual figurines; every other piece has a
//! figure of its own, chosen so that its shape hints at its name or its move (the ferz wears
//! a diamond for its diagonal step, the vizier a square for its orthogonal one).

use citadel_pieces::Role;
use citadel_rules::Color;

/// One shape of a glyph, in a 100 x 100 box.
#[derive(Clone, Copy, Debug)]
enum Shape {
    /// A closed path filled with the side's colour and outlined.
    Body(&'static str),
    /// A circle (cx, cy, r) filled with the side's colour and outlined.
    Disc(f32, f32, f32),
    /// An open path stroked in the contrasting colour (inner lines).
    Line(&'static str),
    /// A dot (cx, cy, r) filled with the contrasting colour.
    Dot(f32, f32, f32),
}

use Shape::*;

/// The pedestal every standing figure shares.
const BASE: Shape = Body("M20 90 L80 90 L76 80 L24 80 Z");
/// A bell-shaped body under a head.
const BODY: Shape = Body("M31 80 Q33 60 40 52 L60 52 Q67 60 69 80 Z");
/// A slim body under a head.
const SLIM: Shape = Body("M36 80 Q40 64 44 58 L56 58 Q60 64 64 80 Z");

const KING: &[Shape] = &[
    BASE,
    BODY,
    Body("M35 52 L65 52 L61 45 L39 45 Z"),
    Body("M39 45 Q35 30 50 28 Q65 30 61 45 Z"),
    Body("M47 6 H53 V13 H60 V19 H53 V28 H47 V19 H40 V13 H47 Z"),
];

const QUEEN: &[Shape] = &[
    BASE,
    BODY,
    Body("M34 52 L24 24 L39 40 L42 17 L50 37 L58 17 L61 40 L76 24 L66 52 Z"),
    Disc(24.0, 21.0, 4.5),
    Disc(42.0, 14.0, 4.5),
    Disc(58.0, 14.0, 4.5),
    Disc(76.0, 21.0, 4.5),
    Line("M37 46 H63"),
];

const ROOK: &[Shape] = &[
    BASE,
    Body("M31 80 L34 42 L66 42 L69 80 Z"),
    Body("M27 42 L27 20 L37 20 L37 27 L45 27 L45 20 L55 20 L55 27 L63 27 L63 20 L73 20 L73 42 Z"),
    Line("M33 58 H67 M32 70 H68"),
];

const BISHOP: &[Shape] = &[
    BASE,
    SLIM,
    Body("M37 58 L63 58 L60 52 L40 52 Z"),
    Body("M50 15 Q72 32 62 52 L38 52 Q28 32 50 15 Z"),
    Disc(50.0, 11.0, 4.5),
    Line("M55 27 L45 40"),
];

const KNIGHT: &[Shape] = &[
    BASE,
    Body(
        "M32 80 C32 68 37 61 46 56 L40 52 Q30 55 22 53 Q14 50 18 43 L35 24 L37 12 \
         L46 19 Q66 20 72 44 Q76 62 72 80 Z",
    ),
    Dot(36.0, 33.0, 2.8),
    Line("M49 23 Q63 30 65 52"),
];

const PAWN: &[Shape] = &[
    BASE,
    Body("M33 80 Q35 62 43 56 L57 56 Q65 62 67 80 Z"),
    Body("M38 56 L62 56 L58 49 L42 49 Z"),
    Disc(50.0, 36.0, 13.0),
];

const PRINCESS: &[Shape] = &[
    BASE,
    BODY,
    Body("M35 52 L31 31 Q42 40 50 26 Q58 40 69 31 L65 52 Z"),
    Body("M50 6 L57 15 L50 24 L43 15 Z"),
    Line("M38 46 H62"),
    Dot(50.0, 40.0, 3.0),
];

const FORTRESS: &[Shape] = &[
    BASE,
    Body("M27 80 L29 44 L71 44 L73 80 Z"),
    Body("M25 44 L25 28 L33 28 L33 33 L41 33 L41 28 L59 28 L59 33 L67 33 L67 28 L75 28 L75 44 Z"),
    Line("M50 28 V8"),
    Body("M50 8 L66 12 L50 17 Z"),
    Line("M41 80 V66 Q50 55 59 66 V80"),
];

const CHAMPION: &[Shape] = &[
    BASE,
    BODY,
    Body("M50 26 Q60 8 76 10 Q64 16 60 28 Z"),
    Body("M36 54 Q32 26 50 24 Q68 26 64 54 Z"),
    Line("M37 39 H63 M50 39 V53"),
];

const WIZARD: &[Shape] = &[
    BASE,
    Body("M29 80 Q39 62 41 52 L59 52 Q61 62 71 80 Z"),
    Body("M24 54 Q50 42 76 54 Q50 62 24 54 Z"),
    Body("M36 52 Q44 30 58 8 Q57 30 64 50 Z"),
    Body("M50 28 L52 34 L58 34 L53 38 L55 44 L50 40 L45 44 L47 38 L42 34 L48 34 Z"),
];

const GUARD: &[Shape] = &[
    BASE,
    Body("M29 20 Q50 26 71 20 V48 Q71 70 50 80 Q29 70 29 48 Z"),
    Line("M38 38 L50 50 L62 38 M38 52 L50 64 L62 52"),
];

const FERZ: &[Shape] = &[
    BASE,
    BODY,
    Body("M36 52 Q30 32 50 28 Q70 32 64 52 Z"),
    Line("M37 42 Q50 36 63 42"),
    Body("M50 8 L59 18 L50 28 L41 18 Z"),
];

const VIZIER: &[Shape] = &[
    BASE,
    BODY,
    Body("M36 52 Q30 32 50 28 Q70 32 64 52 Z"),
    Line("M37 42 Q50 36 63 42"),
    Body("M42 12 H58 V28 H42 Z"),
];

const ELEPHANT: &[Shape] = &[
    BASE,
    Body(
        "M66 80 Q74 60 72 44 Q70 20 48 20 Q28 21 27 40 Q26 56 19 64 Q15 71 22 72 \
         Q31 64 37 59 L38 80 Z",
    ),
    Body("M50 32 Q67 27 65 47 Q62 61 49 55 Z"),
    Line("M37 58 Q29 63 27 56"),
    Dot(37.0, 35.0, 2.8),
];

const CAMEL: &[Shape] = &[
    BASE,
    Body("M52 80 Q54 52 70 48 Q84 50 82 80 Z"),
    Body(
        "M62 80 Q66 56 55 41 Q49 31 48 22 Q45 14 35 16 Q23 18 19 27 Q17 34 26 34 \
         Q33 34 37 36 Q44 46 43 57 Q42 69 34 80 Z",
    ),
    Dot(36.0, 23.0, 2.8),
    Line("M19 30 Q23 31 27 30"),
];

const GIRAFFE: &[Shape] = &[
    BASE,
    Body(
        "M41 80 L44 32 L36 32 Q26 31 25 26 Q26 20 34 18 L44 14 L44 7 L48 7 L48 13 \
         L53 13 L53 7 L57 7 L57 16 Q60 24 58 34 L61 80 Z",
    ),
    Dot(50.0, 44.0, 3.2),
    Dot(53.0, 56.0, 3.0),
    Dot(48.0, 66.0, 3.2),
    Dot(55.0, 73.0, 2.6),
    Dot(47.0, 22.0, 2.6),
];

const SCOUT: &[Shape] = &[
    BASE,
    SLIM,
    Body("M38 58 L62 58 L59 52 L41 52 Z"),
    Body("M50 6 L67 33 L56 29 L56 52 L44 52 L44 29 L33 33 Z"),
];

const WAR_ENGINE: &[Shape] = &[
    Body("M16 64 H84 V74 H16 Z"),
    Body("M27 64 L67 16 L73 21 L35 64 Z"),
    Disc(72.0, 16.0, 7.0),
    Body("M44 64 L50 44 L56 64 Z"),
    Disc(30.0, 80.0, 9.0),
    Disc(70.0, 80.0, 9.0),
    Dot(30.0, 80.0, 2.5),
    Dot(70.0, 80.0, 2.5),
];

const PRINCE: &[Shape] = &[
    BASE,
    BODY,
    Body("M35 52 L65 52 L61 45 L39 45 Z"),
    Body("M39 45 Q35 30 50 28 Q65 30 61 45 Z"),
    Body("M40 29 L38 12 L45 20 L50 9 L55 20 L62 12 L60 29 Z"),
];

const ADVENTITIOUS_KING: &[Shape] = &[
    BASE,
    BODY,
    Body("M35 52 L65 52 L61 45 L39 45 Z"),
    Body("M39 45 Q35 30 50 28 Q65 30 61 45 Z"),
    Disc(50.0, 16.0, 12.0),
    Line("M50 8 V24 M42 16 H58"),
];

/// The figure drawn for a piece, chosen by its role ([`figure`]); the names are those of
/// [`FIGURES`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Figure {
    /// A figure of its own.
    Plain(&'static str),
    /// A promoted piece (Mini Citadel): the base figure with a `+` badge.
    Promoted(&'static str),
    /// A pawn that promotes to a given piece (Tamerlane): a pawn carrying that piece's medal.
    PawnOf(&'static str),
    /// A pawn with a fixed direction along its ring (Byzantine): `true` toward higher files.
    DirectedPawn(bool),
    /// A piece without a drawing of its own: a disc with its letter.
    Letter(char),
}

/// The drawings, by name.
pub const FIGURES: [&str; 20] = [
    "king",
    "queen",
    "rook",
    "bishop",
    "knight",
    "pawn",
    "princess",
    "fortress",
    "champion",
    "wizard",
    "guard",
    "ferz",
    "vizier",
    "elephant",
    "camel",
    "giraffe",
    "scout",
    "war engine",
    "prince",
    "adventitious king",
];

fn shapes(figure: &str) -> Option<&'static [Shape]> {
    Some(match figure {
        "king" => KING,
        "queen" => QUEEN,
        "rook" => ROOK,
        "bishop" => BISHOP,
        "knight" => KNIGHT,
        "pawn" => PAWN,
        "princess" => PRINCESS,
        "fortress" => FORTRESS,
        "champion" => CHAMPION,
        "wizard" => WIZARD,
        "guard" => GUARD,
        "ferz" => FERZ,
        "vizier" => VIZIER,
        "elephant" => ELEPHANT,
        "camel" => CAMEL,
        "giraffe" => GIRAFFE,
        "scout" => SCOUT,
        "war engine" => WAR_ENGINE,
        "prince" => PRINCE,
        "adventitious king" => ADVENTITIOUS_KING,
        _ => return None,
    })
}

/// The figure of a piece of role `role`, or `None` for a role drawn as its letter.
///
/// Every role is decided here (the match names each one): its own drawing, or a related one
/// where the piece has none of its own — Courier's mann the guard's (a non-royal king: not
/// the king's figure, which marks the royal piece), Courier's schleich the vizier's (it moves
/// as the wazir), Makruk's met the ferz's (it moves as the ferz) — or none: Makruk's khon is
/// drawn as its letter, as no related figure is free (the ferz's is the met's).
///
/// ```
/// use citadel_diagram::glyph::{figure, Figure};
/// use citadel_pieces::Role;
/// assert_eq!(figure(Role::PawnOfCamels), Some(Figure::PawnOf("camel")));
/// assert_eq!(figure(Role::PromotedGuard), Some(Figure::Promoted("guard")));
/// assert_eq!(figure(Role::PawnDown), Some(Figure::DirectedPawn(false)));
/// assert_eq!(figure(Role::Mann), Some(Figure::Plain("guard")));
/// assert_eq!(figure(Role::Khon), None);
/// ```
pub fn figure(role: Role) -> Option<Figure> {
    use Figure::{DirectedPawn, PawnOf, Plain, Promoted};
    use Role::*;
    Some(match role {
        King => Plain("king"),
        Queen => Plain("queen"),
        Rook => Plain("rook"),
        Bishop => Plain("bishop"),
        Knight => Plain("knight"),
        Pawn => Plain("pawn"),
        Princess => Plain("princess"),
        Fortress => Plain("fortress"),
        Champion => Plain("champion"),
        Wizard => Plain("wizard"),
        Guard => Plain("guard"),
        PromotedKing => Promoted("king"),
        PromotedQueen => Promoted("queen"),
        PromotedRook => Promoted("rook"),
        PromotedBishop => Promoted("bishop"),
        PromotedKnight => Promoted("knight"),
        PromotedGuard => Promoted("guard"),
        PromotedPawn => Promoted("pawn"),
        Ferz => Plain("ferz"),
        Alfil => Plain("elephant"),
        Wazir => Plain("vizier"),
        Dabbaba => Plain("war engine"),
        Camel => Plain("camel"),
        Giraffe => Plain("giraffe"),
        Scout => Plain("scout"),
        Prince => Plain("prince"),
        AdventitiousKing => Plain("adventitious king"),
        // a Tamerlane pawn's medal shows what it becomes: the pawn of kings becomes a prince
        PawnOfRooks => PawnOf("rook"),
        PawnOfKnights => PawnOf("knight"),
        PawnOfScouts => PawnOf("scout"),
        PawnOfGiraffes => PawnOf("giraffe"),
        PawnOfViziers => PawnOf("vizier"),
        PawnOfKings => PawnOf("prince"),
        PawnOfFers => PawnOf("ferz"),
        PawnOfElephants => PawnOf("elephant"),
        PawnOfCamels => PawnOf("camel"),
        PawnOfWarEngines => PawnOf("war engine"),
        PawnOfPawns => PawnOf("pawn"),
        PawnUp => DirectedPawn(true),
        PawnDown => DirectedPawn(false),
        Mann => Plain("guard"),
        Schleich => Plain("vizier"),
        Met => Plain("ferz"),
        Khon => return None,
    })
}

/// The colours a side's pieces are drawn in: (fill, outline, inner lines).
pub fn palette(color: Color) -> (&'static str, &'static str, &'static str) {
    match color {
        Color::White => ("#fbf8f0", "#1f1a17", "#1f1a17"),
        Color::Black => ("#2a2522", "#0d0b0a", "#ece4d4"),
    }
}

/// The SVG id of a figure's drawing for a side (`w-king`, `b-war-engine`).
pub fn id(figure: &str, color: Color) -> String {
    let side = match color {
        Color::White => 'w',
        Color::Black => 'b',
    };
    format!("{side}-{}", figure.replace(' ', "-"))
}

/// The SVG elements of a figure in a 100 x 100 box, for a side; empty for an unknown name.
pub fn draw(figure: &str, color: Color) -> String {
    let (fill, stroke, detail) = palette(color);
    let mut s = String::new();
    for shape in shapes(figure).unwrap_or(&[]) {
        match *shape {
            Body(d) => s.push_str(&format!(
                r#"<path d="{d}" fill="{fill}" stroke="{stroke}" stroke-width="3" stroke-linejoin="round"/>"#
            )),
            Disc(cx, cy, r) => s.push_str(&format!(
                r#"<circle cx="{cx}" cy="{cy}" r="{r}" fill="{fill}" stroke="{stroke}" stroke-width="3"/>"#
            )),
            Line(d) => s.push_str(&format!(
                r#"<path d="{d}" fill="none" stroke="{detail}" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>"#
            )),
            Dot(cx, cy, r) => s.push_str(&format!(
                r#"<circle cx="{cx}" cy="{cy}" r="{r}" fill="{detail}"/>"#
            )),
        }
    }
    s
}

/// `<defs>` content: one `<g id=…>` per figure and side, each in a 100 x 100 box.
pub fn library() -> String {
    let mut s = String::new();
    for color in [Color::White, Color::Black] {
        for f in FIGURES {
            s.push_str(&format!(
                r#"<g id="{}">{}</g>"#,
                id(f, color),
                draw(f, color)
            ));
        }
    }
    s
}

/// SVG elements drawing `fig` for `color` in the box at (x, y) of side `size`. Byzantine
/// pawns' direction arrows are drawn by the board (they depend on where the cell lies).
pub fn place(fig: Figure, color: Color, x: f32, y: f32, size: f32) -> String {
    let s = size / 100.0;
    let use_at = |name: &str, x: f32, y: f32, scale: f32| {
        format!(
            r##"<use href="#{}" transform="translate({} {}) scale({})"/>"##,
            id(name, color),
            r2(x),
            r2(y),
            r4(scale)
        )
    };
    match fig {
        Figure::Plain(f) => use_at(f, x, y, s),
        Figure::Letter(c) => {
            // a disc in the side's colours with the piece's letter, drawn as text
            let (fill, stroke, detail) = palette(color);
            format!(
                r##"<circle cx="{}" cy="{}" r="{}" fill="{fill}" stroke="{stroke}" stroke-width="{}"/><text x="{}" y="{}" font-size="{}" font-family="DejaVu Sans, Verdana, sans-serif" font-weight="bold" text-anchor="middle" dominant-baseline="central" fill="{detail}">{}</text>"##,
                r2(x + 50.0 * s),
                r2(y + 52.0 * s),
                r2(34.0 * s),
                r2(3.0 * s),
                r2(x + 50.0 * s),
                r2(y + 53.0 * s),
                r2(40.0 * s),
                crate::legend::escape(&c.to_ascii_uppercase().to_string())
            )
        }
        Figure::DirectedPawn(_) => use_at("pawn", x, y, s),
        Figure::Promoted(f) => {
            let (_, stroke, _) = palette(color);
            format!(
                r##"{}<circle cx="{}" cy="{}" r="{}" fill="#e3b23c" stroke="{stroke}" stroke-width="{}"/><path d="M{} {}h{}M{} {}v{}" stroke="{stroke}" stroke-width="{}" stroke-linecap="round"/>"##,
                use_at(f, x, y, s),
                r2(x + 82.0 * s),
                r2(y + 18.0 * s),
                r2(14.0 * s),
                r2(2.5 * s),
                r2(x + 74.0 * s),
                r2(y + 18.0 * s),
                r2(16.0 * s),
                r2(x + 82.0 * s),
                r2(y + 10.0 * s),
                r2(16.0 * s),
                r2(4.0 * s)
            )
        }
        Figure::PawnOf(f) => {
            // a pawn's body whose head is a small figure of the piece it will become
            let (fill, stroke, _) = palette(color);
            format!(
                r##"<g transform="translate({} {}) scale({})"><path d="M20 90 L80 90 L76 80 L24 80 Z M33 80 Q35 62 43 56 L57 56 Q65 62 67 80 Z M36 56 L64 56 L60 49 L40 49 Z" fill="{fill}" stroke="{stroke}" stroke-width="3" stroke-linejoin="round"/></g>{}"##,
                r2(x),
                r2(y),
                r4(s),
                use_at(f, x + 22.0 * s, y - 2.0 * s, s * 0.56)
            )
        }
    }
}

/// Rounds to 2 decimals for compact, stable SVG text.
pub(crate) fn r2(v: f32) -> String {
    let v = (v * 100.0).round() / 100.0;
    if v == -0.0 {
        "0".into()
    } else {
        format!("{v}")
    }
}

fn r4(v: f32) -> String {
    let v = (v * 10000.0).round() / 10000.0;
    format!("{v}")
}
