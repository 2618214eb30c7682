//! A text diagram of a position for the terminal: ranks (or rings, labelled `ring 4` ..
//! `ring 1`) from the highest down, `.` for an empty cell, blank for a cell that does not
//! exist.
use citadel_rules::{Game, Position};

/// Draws the board of `pos` with rank labels on the left and file letters below.
///
/// ```
/// let pos = citadel_notation::fen::start::<citadel_rules::Chess>();
/// let d = citadel_notation::diagram::render(&pos);
/// assert!(d.lines().next().unwrap().contains(" r n b q k b n r"));
/// ```
pub fn render<G: Game>(pos: &Position<G>) -> String {
    let cfg = G::config();
    let geo = cfg.geometry();
    let rows = geo.fen_rows();
    let width = cfg
        .symbols
        .iter()
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(1)
        .max(1)
        + 1;
    let min_file = rows
        .iter()
        .flat_map(|r| r.iter().flatten())
        .map(|&s| geo.coord(s).file)
        .min()
        .unwrap_or(0)
        .min(0);
    // rows are labelled by rank, or by ring on a ring board (`ring 4` .. `ring 1`)
    let label = |rank: usize| {
        if geo.wraps() {
            format!("ring {rank}")
        } else {
            rank.to_string()
        }
    };
    let label_w = label(geo.ranks() as usize).len() + 1;
    let mut out = String::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = geo.ranks() as usize - i;
        // a row starting left of file a (Tamerlane's x2) needs no indent to align file a
        let start = row
            .iter()
            .flatten()
            .map(|&s| geo.coord(s).file)
            .min()
            .unwrap_or(0)
            .min(0);
        let lead = (start - min_file) as usize;
        out.push_str(&format!("{:>label_w$} ", label(rank)));
        out.push_str(&" ".repeat(lead * width));
        for cell in row {
            let text = match cell {
                None => String::new(),
                Some(sq) => match pos.piece_at(*sq) {
                    Some(p) => cfg.symbol_of(p.kind, p.color),
                    None => ".".to_string(),
                },
            };
            out.push_str(&format!("{text:>width$}"));
        }
        out.push('\n');
    }
    out.push_str(&" ".repeat(label_w + 1 + (0 - min_file) as usize * width));
    for f in 0..geo.files() {
        let l = ((b'a' + f) as char).to_string();
        out.push_str(&format!("{l:>width$}"));
    }
    out.push('\n');
    if geo.wraps() {
        let last = (b'a' + geo.files() - 1) as char;
        out.push_str(&format!(
            "(files wrap around: {last} is next to a; ring 1 is the innermost, ring {} the outermost)\n",
            geo.ranks()
        ));
    }
    out
}
