//! Standard algebraic notation for every game: piece letter (none for pawns), the least
//! disambiguation needed (file, then rank, then both; a pawn capture always names its file),
//! `x` for captures, destination, `=X` for a promotion choice, Byzantine removals as a
//! `/x` suffix with the pair's cells (`Nc3/xd2e2`), `+` check, `#` checkmate; castling as
//! `O-O` / `O-O-O`. Game-specific special moves without a SAN form are written as
//! coordinate moves. The parser also accepts coordinate moves.

use crate::coord::{self, removal_pair, MoveError};
use citadel_geometry::{Geometry, Square};
use citadel_rules::{Game, Move, MoveFlag, Position};

/// The file letters and rank digits of a cell's name (`"k11"` → `("k", "11")`).
fn split_name(name: &str) -> (&str, &str) {
    let i = name.bytes().take_while(u8::is_ascii_lowercase).count();
    name.split_at(i)
}

/// Whether `m` captures on its destination (the pair a removal takes off is not a capture).
fn is_capture<G: Game>(pos: &Position<G>, m: &Move) -> bool {
    if m.flag == MoveFlag::EnPassant {
        return true;
    }
    if let Some((a, b)) = removal_pair(G::config().geometry(), m) {
        if m.to == a || m.to == b {
            return false;
        }
    }
    pos.piece_at(m.to).is_some_and(|p| p.color != pos.turn())
}

/// Pieces that SAN writes with the same letter: one kind, or every pawn kind.
fn same_group<G: Game>(pos: &Position<G>, a: Square, b: Square) -> bool {
    let cfg = G::config();
    match (pos.piece_at(a), pos.piece_at(b)) {
        (Some(x), Some(y)) => x.kind == y.kind || (cfg.is_pawn(x.kind) && cfg.is_pawn(y.kind)),
        _ => false,
    }
}

/// Writes `m` (a legal move of `pos`) in SAN, with `+` or `#`.
///
/// ```
/// use citadel_notation::{fen, san};
/// use citadel_rules::Chess;
/// let pos = fen::start::<Chess>();
/// let m = san::parse_move(&pos, "Nf3").unwrap();
/// assert_eq!(san::write(&pos, &m), "Nf3");
/// ```
pub fn write<G: Game>(pos: &Position<G>, m: &Move) -> String {
    let mut s = write_plain(pos, m);
    let mut after = pos.snapshot();
    after.play(*m);
    if after.in_check() {
        let mate = G::decided(&after).is_none() && after.legal_moves().is_empty();
        s.push(if mate { '#' } else { '+' });
    }
    s
}

/// SAN without the check suffix.
fn write_plain<G: Game>(pos: &Position<G>, m: &Move) -> String {
    let cfg = G::config();
    let geo = cfg.geometry();
    match m.flag {
        MoveFlag::Castle => {
            let long = geo.coord(m.to).file < geo.coord(m.from).file;
            return if long { "O-O-O" } else { "O-O" }.to_string();
        }
        MoveFlag::Special(_) => return coord::write(pos, m),
        _ => {}
    }
    let Some(piece) = pos.piece_at(m.from) else {
        return coord::write(pos, m);
    };
    let pawn = cfg.is_pawn(piece.kind);
    let capture = is_capture(pos, m);
    let mut s = if pawn {
        String::new()
    } else {
        cfg.symbols[piece.kind as usize].clone()
    };
    let (file, rank) = split_name(geo.name_of(m.from));
    let rivals: Vec<Square> = pos
        .legal_moves()
        .iter()
        .filter(|o| o.to == m.to && o.from != m.from && o.aux == m.aux && o.flag == m.flag)
        .filter(|o| same_group(pos, o.from, m.from))
        .map(|o| o.from)
        .collect();
    let same_file = |sq: &Square| split_name(geo.name_of(*sq)).0 == file;
    let same_rank = |sq: &Square| split_name(geo.name_of(*sq)).1 == rank;
    if pawn && capture {
        s.push_str(file);
        if rivals.iter().any(same_file) {
            s.push_str(rank);
        }
    } else if !rivals.is_empty() {
        if !rivals.iter().any(same_file) {
            s.push_str(file);
        } else if !rivals.iter().any(same_rank) {
            s.push_str(rank);
        } else {
            s.push_str(file);
            s.push_str(rank);
        }
    }
    if capture {
        s.push('x');
    }
    s.push_str(geo.name_of(m.to));
    if let Some(k) = m.promotion {
        if cfg.promotions[piece.kind as usize].len() > 1 {
            s.push('=');
            s.push_str(&cfg.symbols[k as usize]);
        }
    }
    if let Some((a, b)) = removal_pair(geo, m) {
        s.push_str("/x");
        s.push_str(geo.name_of(a));
        s.push_str(geo.name_of(b));
    }
    s
}

/// Reads a destination cell (one file letter and digits) from the end of `s`.
fn take_last_square<'a>(
    geo: &Geometry,
    s: &'a str,
    whole: &str,
) -> Result<(&'a str, Square), MoveError> {
    let digits = s.bytes().rev().take_while(u8::is_ascii_digit).count();
    if digits == 0
        || s.len() < digits + 1
        || !s.as_bytes()[s.len() - digits - 1].is_ascii_lowercase()
    {
        return Err(MoveError::Syntax(whole.to_string()));
    }
    let at = s.len() - digits - 1;
    let name = &s[at..];
    let sq = geo
        .parse_square(name)
        .ok_or_else(|| MoveError::NoSuchSquare(name.to_string()))?;
    Ok((&s[..at], sq))
}

/// Finds the legal move of `pos` that a SAN (or coordinate) text names. Check marks and
/// `!`/`?` are ignored; a missing `x` or an over-disambiguated start cell is accepted.
///
/// ```
/// use citadel_notation::{fen, san};
/// use citadel_rules::Byzantine;
/// let pos = fen::start::<Byzantine>();
/// let m = san::parse_move(&pos, "Nc3").unwrap();
/// assert_eq!(san::write(&pos, &m), "Nc3");
/// assert_eq!(san::parse_move(&pos, "a2c3"), Ok(m));
/// ```
pub fn parse_move<G: Game>(pos: &Position<G>, text: &str) -> Result<Move, MoveError> {
    if let Ok(m) = coord::parse_move(pos, text) {
        return Ok(m);
    }
    let cfg = G::config();
    let geo = cfg.geometry();
    let t = text.trim_end_matches(['+', '#', '!', '?']);
    let moves = pos.legal_moves();
    if let Some(long) = match t {
        "O-O" | "0-0" => Some(false),
        "O-O-O" | "0-0-0" => Some(true),
        _ => None,
    } {
        return moves
            .iter()
            .find(|m| {
                m.flag == MoveFlag::Castle
                    && (geo.coord(m.to).file < geo.coord(m.from).file) == long
            })
            .copied()
            .ok_or_else(|| MoveError::Illegal(text.to_string()));
    }
    let (body, removal) = match t.find("/x") {
        Some(i) => {
            let (rest, b) = take_last_square(geo, &t[i + 2..], text)?;
            let (rest, a) = take_last_square(geo, rest, text)?;
            if !rest.is_empty() {
                return Err(MoveError::Syntax(text.to_string()));
            }
            (&t[..i], Some((a, b)))
        }
        None => (t, None),
    };
    let (body, promotion) = match body.find('=') {
        Some(i) => {
            let sym = &body[i + 1..];
            let k = cfg
                .symbols
                .iter()
                .position(|s| s.eq_ignore_ascii_case(sym))
                .ok_or_else(|| MoveError::Syntax(text.to_string()))?;
            (&body[..i], Some(k as u8))
        }
        None => (body, None),
    };
    let (pre, to) = take_last_square(geo, body, text)?;
    let pre = pre.strip_suffix('x').unwrap_or(pre);
    // the piece: the longest non-pawn symbol the text starts with; none for a pawn
    let kind = if pre.starts_with(|c: char| c.is_ascii_lowercase()) || pre.is_empty() {
        None
    } else {
        let k = (0..cfg.symbols.len())
            .filter(|&k| !cfg.is_pawn(k as u8) && pre.starts_with(cfg.symbols[k].as_str()))
            .max_by_key(|&k| cfg.symbols[k].len())
            .ok_or_else(|| MoveError::Syntax(text.to_string()))?;
        Some(k as u8)
    };
    let hint = &pre[kind.map_or(0, |k| cfg.symbols[k as usize].len())..];
    let (hint_file, hint_rank) = split_name(hint);
    if !hint_rank.bytes().all(|b| b.is_ascii_digit()) {
        return Err(MoveError::Syntax(text.to_string()));
    }
    let mut found: Option<Move> = None;
    for m in moves.iter() {
        let Some(p) = pos.piece_at(m.from) else {
            continue;
        };
        let kind_ok = match kind {
            Some(k) => p.kind == k,
            None => cfg.is_pawn(p.kind),
        };
        let (f, r) = split_name(geo.name_of(m.from));
        if m.to != to
            || !kind_ok
            || matches!(m.flag, MoveFlag::Castle | MoveFlag::Special(_))
            || removal_pair(geo, m) != removal
            || (!hint_file.is_empty() && hint_file != f)
            || (!hint_rank.is_empty() && hint_rank != r)
            || (promotion.is_some() && m.promotion != promotion)
        {
            continue;
        }
        if let Some(f) = found {
            // an unqualified promotion takes the first (strongest) choice listed
            if f.promotion.is_some() && promotion.is_none() && f.from == m.from && f.aux == m.aux {
                continue;
            }
            return Err(MoveError::Ambiguous(text.to_string()));
        }
        found = Some(*m);
    }
    found.ok_or_else(|| MoveError::Illegal(text.to_string()))
}
