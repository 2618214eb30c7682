//! A game's legend: each kind of piece with its figure (both sides), FEN letter and name.

use crate::board::{defs, figure_of};
use crate::glyph::{self, r2, Figure};
use citadel_rules::{Color, Game};

/// One line of a legend.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Entry {
    /// FEN symbol as White (`"K"`, `"+G"`, `"R'"`, `"P>"`).
    pub symbol: String,
    /// The piece's name (`"war engine"`).
    pub name: String,
    /// How it is drawn, in words.
    pub figure: String,
}

/// The legend entries of game `G`, in the order of its piece set.
///
/// ```
/// let l = citadel_diagram::legend::entries::<citadel_rules::Tamerlane>();
/// assert_eq!(l.len(), 23);
/// assert_eq!(l[11].name, "war engine");
/// ```
pub fn entries<G: Game>() -> Vec<Entry> {
    let cfg = G::config();
    cfg.pieces
        .defs()
        .iter()
        .enumerate()
        .map(|(k, d)| Entry {
            symbol: cfg.symbols[k].clone(),
            name: d.name.clone(),
            figure: describe(figure_of::<G>(k as u8)),
        })
        .collect()
}

fn describe(f: Figure) -> String {
    match f {
        Figure::Plain(n) => format!("{n} figure"),
        Figure::Promoted(n) => format!("{n} figure with a gold + badge"),
        Figure::PawnOf(n) => format!("pawn crowned with a small {n}"),
        Figure::DirectedPawn(true) => "pawn with an arrow toward higher files".into(),
        Figure::DirectedPawn(false) => "pawn with an arrow toward lower files".into(),
        Figure::Letter(c) => format!("disc with the letter {}", c.to_ascii_uppercase()),
    }
}

/// The legend of game `G` as a text table.
pub fn text<G: Game>() -> String {
    let e = entries::<G>();
    let w = e.iter().map(|e| e.symbol.len()).max().unwrap_or(1).max(6);
    let n = e.iter().map(|e| e.name.len()).max().unwrap_or(4).max(4);
    let mut s = format!("{:<w$}  {:<n$}  drawn as\n", "symbol", "name");
    for x in &e {
        s.push_str(&format!("{:<w$}  {:<n$}  {}\n", x.symbol, x.name, x.figure));
    }
    s
}

/// The legend of game `G` as an SVG document: one row per kind, White's and Black's
/// figure, the FEN symbols and the name.
pub fn svg<G: Game>() -> String {
    const ROW: f32 = 56.0;
    let e = entries::<G>();
    let width = 460.0;
    let height = 56.0 + ROW * e.len() as f32 + 12.0;
    let mut s = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" font-family="DejaVu Sans, Verdana, sans-serif">{}<rect width="{w}" height="{h}" fill="#fbf8f0"/><text x="16" y="32" font-size="20" font-weight="bold" fill="#3b2f25">{}</text>"##,
        defs(),
        G::config().variant.name(),
        w = r2(width),
        h = r2(height)
    );
    for (i, x) in e.iter().enumerate() {
        let y = 52.0 + i as f32 * ROW;
        let fig = figure_of::<G>(i as u8);
        let bg = if i % 2 == 0 { "#f0d9b5" } else { "#e6cfa8" };
        s.push_str(&format!(
            r#"<rect x="8" y="{}" width="{}" height="{}" fill="{bg}"/>"#,
            r2(y),
            r2(width - 16.0),
            r2(ROW)
        ));
        for (j, c) in [Color::White, Color::Black].into_iter().enumerate() {
            let gx = 16.0 + j as f32 * 54.0;
            s.push_str(&glyph::place(fig, c, gx, y + 3.0, 50.0));
            if let Figure::DirectedPawn(up) = fig {
                let (fill, stroke, _) = glyph::palette(c);
                let (tip, back) = if up {
                    (gx + 52.0, gx + 42.0)
                } else {
                    (gx - 2.0, gx + 8.0)
                };
                s.push_str(&format!(
                    r#"<path d="M{} {} L{} {} L{} {} Z" fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>"#,
                    r2(tip), r2(y + 28.0), r2(back), r2(y + 22.0), r2(back), r2(y + 34.0)
                ));
            }
        }
        let symbol = format!("{} / {}", x.symbol, x.symbol.to_lowercase());
        s.push_str(&format!(
            r##"<text x="140" y="{}" font-size="16" font-family="DejaVu Sans Mono, monospace" fill="#3b2f25">{}</text><text x="224" y="{}" font-size="16" fill="#3b2f25">{}</text>"##,
            r2(y + 33.0),
            escape(&symbol),
            r2(y + 33.0),
            escape(&x.name)
        ));
    }
    s.push_str("</svg>\n");
    s
}

/// Escapes text for XML.
pub fn escape(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
