//! Coordinate moves: `f2i2`, `e9e10q`, the hyphenated `f2-i2`, and Byzantine removals
//! `b1c3/xd2e2`.

use citadel_geometry::{BitWord, Geometry, Square};
use citadel_rules::{Game, Move, MoveFlag, Position};

/// A move text that is not a legal move of the position.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum MoveError {
    /// The text is not a move at all.
    #[error("`{0}` is not a move")]
    Syntax(String),
    /// A cell named in the move does not exist on this board.
    #[error("`{0}` names no cell of this board")]
    NoSuchSquare(String),
    /// Well-formed, but not legal here.
    #[error("`{0}` is not a legal move here")]
    Illegal(String),
    /// Several legal moves fit the text.
    #[error("`{0}` is ambiguous")]
    Ambiguous(String),
}

/// Reads a cell name (letter(s) then digits) from the front of `s`.
fn take_square<'a, W: BitWord>(
    geo: &Geometry<W>,
    s: &'a str,
    whole: &str,
) -> Result<(Square, &'a str), MoveError> {
    let letters = s.bytes().take_while(|b| b.is_ascii_lowercase()).count();
    let digits = s[letters..].bytes().take_while(u8::is_ascii_digit).count();
    if letters == 0 || digits == 0 {
        return Err(MoveError::Syntax(crate::clip(whole)));
    }
    let name = &s[..letters + digits];
    let sq = geo
        .parse_square(name)
        .ok_or_else(|| MoveError::NoSuchSquare(crate::clip(name)))?;
    Ok((sq, &s[letters + digits..]))
}

/// Parsed parts of a coordinate move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CoordMove {
    /// Start cell.
    pub from: Square,
    /// Destination.
    pub to: Square,
    /// Promotion kind, if named.
    pub promotion: Option<u8>,
    /// Removed pawn pair's two cells as written, if any.
    pub removal: Option<(Square, Square)>,
}

/// Whether `text` starts as every coordinate move does: two cell names (letters, then
/// digits), with perhaps a hyphen between. A test without allocation, for a reader that
/// calls [`parse_coord`] only on texts that may be coordinate moves.
pub(crate) fn has_coord_shape(text: &str) -> bool {
    let b = text.as_bytes();
    let cell = |i: usize| {
        let letters = b[i..].iter().take_while(|c| c.is_ascii_lowercase()).count();
        let digits = b[i + letters..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        (letters > 0 && digits > 0).then_some(i + letters + digits)
    };
    let Some(i) = cell(0) else { return false };
    let i = if b.get(i) == Some(&b'-') { i + 1 } else { i };
    cell(i).is_some()
}

/// Parses the text of a coordinate move without checking legality.
pub fn parse_coord<G: Game>(text: &str) -> Result<CoordMove, MoveError> {
    let cfg = G::config();
    let geo = cfg.geometry();
    let t = text.trim_end_matches(['+', '#', '!', '?']);
    if t.len() > crate::ECHO_CHARS {
        return Err(MoveError::Syntax(crate::clip(text)));
    }
    let (from, rest) = take_square(geo, t, text)?;
    let rest = rest.strip_prefix('-').unwrap_or(rest);
    let (to, mut rest) = take_square(geo, rest, text)?;
    let mut removal = None;
    if let Some(i) = rest.find("/x") {
        let r = &rest[i + 2..];
        let (a, r) = take_square(geo, r, text)?;
        let (b, r) = take_square(geo, r, text)?;
        if !r.is_empty() {
            return Err(MoveError::Syntax(crate::clip(text)));
        }
        removal = Some((a, b));
        rest = &rest[..i];
    }
    let promo = rest.strip_prefix('=').unwrap_or(rest);
    let promotion = if promo.is_empty() {
        None
    } else {
        let k = cfg
            .symbols
            .iter()
            .position(|s| s.eq_ignore_ascii_case(promo))
            .ok_or_else(|| MoveError::Syntax(crate::clip(text)))?;
        Some(k as u8)
    };
    Ok(CoordMove {
        from,
        to,
        promotion,
        removal,
    })
}

/// Finds the legal move of `pos` that the coordinate text names.
///
/// ```
/// use citadel_notation::{coord, fen};
/// use citadel_rules::CelticCitadel;
/// let pos = fen::start::<CelticCitadel>();
/// let m = coord::parse_move(&pos, "g3-g5").unwrap();
/// assert_eq!(coord::write(&pos, &m), "g3g5");
/// assert!(coord::parse_move(&pos, "g3g6").is_err());
/// ```
pub fn parse_move<G: Game>(pos: &Position<G>, text: &str) -> Result<Move, MoveError> {
    let c = parse_coord::<G>(text)?;
    find::<G>(&pos.legal_moves(), &c, text)
}

/// Finds the move of `moves` that the parsed coordinate move `c` names (`text` is only for
/// the error). A move to the last rank without a promotion letter takes the first choice
/// listed (the queen), as the Persian Chess app writes promotions.
pub fn find<G: Game>(moves: &[Move], c: &CoordMove, text: &str) -> Result<Move, MoveError> {
    let mut found: Option<Move> = None;
    for m in moves {
        if m.from != c.from || written_to::<G>(m) != c.to {
            continue;
        }
        if c.promotion.is_some() && m.promotion != c.promotion {
            continue;
        }
        if removal_pair(G::config().geometry(), m) != c.removal {
            continue;
        }
        if let Some(f) = found {
            // several promotions fit a move without a suffix: take the first listed (the
            // strongest), as GUIs do for an unqualified pawn move to the last rank
            if f.promotion.is_some()
                && c.promotion.is_none()
                && f.from == m.from
                && f.to == m.to
                && f.aux == m.aux
            {
                continue;
            }
            return Err(MoveError::Ambiguous(crate::clip(text)));
        }
        found = Some(*m);
    }
    found.ok_or_else(|| MoveError::Illegal(crate::clip(text)))
}

/// Writes a move in coordinate form. The promotion suffix is written only when the piece
/// has a choice.
pub fn write<G: Game>(pos: &Position<G>, m: &Move) -> String {
    let cfg = G::config();
    let geo = cfg.geometry();
    let mut s = format!("{}{}", geo.name_of(m.from), geo.name_of(written_to::<G>(m)));
    if let Some(k) = m.promotion {
        let choices = pos
            .piece_at(m.from)
            .map_or(0, |p| cfg.promotions[p.kind as usize].len());
        if choices > 1 {
            s.push_str(&cfg.symbols[k as usize].to_lowercase());
        }
    }
    if let Some((a, b)) = removal_pair(geo, m) {
        s.push_str("/x");
        s.push_str(geo.name_of(a));
        s.push_str(geo.name_of(b));
    }
    s
}

/// The cell a move's coordinates name as its destination: the moving piece's, but for a
/// castle of a game that writes it as the king going to its rook
/// ([`Config::castle_to_rook`](citadel_rules::Config::castle_to_rook): Chess960's `e1h1`),
/// the rook's start cell.
pub fn written_to<G: Game>(m: &Move) -> Square {
    match (m.flag, m.aux) {
        (MoveFlag::Castle, Some(rook)) if G::config().castle_to_rook => rook,
        _ => m.to,
    }
}

/// Writes a move as the engine protocols (UCI, XBoard) exchange it: the coordinate form
/// with the promotion letter always written, even where the piece has no choice (`f7f8q` in
/// shatranj, where the ferz is the only promotion) — engines such as Fairy-Stockfish do not
/// read a promotion without one. [`parse_move`] reads both forms.
///
/// ```
/// use citadel_notation::{coord, fen};
/// use citadel_rules::Shatranj;
/// let pos = fen::parse::<Shatranj>("r2k4/5P2/8/8/8/8/8/R1K5 w - - 0 1").unwrap();
/// let m = coord::parse_move(&pos, "f7f8").unwrap();
/// assert_eq!(coord::write(&pos, &m), "f7f8");
/// assert_eq!(coord::write_explicit(&pos, &m), "f7f8q");
/// assert_eq!(coord::parse_move(&pos, "f7f8q"), Ok(m));
/// ```
pub fn write_explicit<G: Game>(pos: &Position<G>, m: &Move) -> String {
    let mut t = write(pos, m);
    if let Some(k) = m.promotion {
        let letter = G::config().symbols[k as usize].to_lowercase();
        let (body, removal) = match t.find("/x") {
            Some(i) => (t[..i].to_string(), t[i..].to_string()),
            None => (t.clone(), String::new()),
        };
        if !body.ends_with(&letter) || !body.ends_with(char::is_alphabetic) {
            t = format!("{body}{letter}{removal}");
        }
    }
    t
}

/// The two cells of the pawn pair a move removes, the pawn moving toward higher files
/// first: `aux` and the next file of its ring (across the seam, `p1` then `a1`).
pub fn removal_pair<W: BitWord>(geo: &Geometry<W>, m: &Move) -> Option<(Square, Square)> {
    let a = removal_of(m)?;
    Some((a, geo.step(a, 1, 0)?))
}

/// The first cell of the pawn pair a move removes (Byzantine): an ordinary move with an
/// auxiliary cell. The pair is that cell and the next one along its ring.
pub fn removal_of(m: &Move) -> Option<Square> {
    match m.flag {
        MoveFlag::Normal => m.aux,
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen;
    use citadel_rules::{with_game, Chess, Variant};

    /// Every legal move met in random games reads back from its protocol form as itself;
    /// returns the number of promotions met.
    fn round_trip<G: Game>() -> usize {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut promotions = 0;
        for _ in 0..12 {
            let mut pos = Position::<G>::start();
            for _ in 0..400 {
                if pos.outcome_with_draws().is_some() {
                    break;
                }
                let legal = pos.legal_moves();
                for m in legal.iter() {
                    let t = write_explicit(&pos, m);
                    assert_eq!(parse_move(&pos, &t).as_ref(), Ok(m), "{t}");
                    promotions += usize::from(m.promotion.is_some());
                }
                pos.play_unchecked(legal[rng.gen_range(0..legal.len())]);
            }
        }
        promotions
    }

    #[test]
    fn every_move_reads_back_from_its_protocol_form() {
        for v in Variant::ALL {
            let promotions = with_game!(v, G => round_trip::<G>());
            // random Byzantine games do not bring a pawn round to promotion
            assert!(
                promotions > 0 || v == Variant::Byzantine,
                "{}: no promotion met",
                v.id()
            );
        }
    }

    #[test]
    fn a_promotion_with_a_choice_keeps_its_letter_and_other_moves_have_none() {
        let pos = fen::parse::<Chess>("r2k4/5P2/8/8/8/8/8/R1K5 w - - 0 1").unwrap();
        let m = parse_move(&pos, "f7f8n").unwrap();
        assert_eq!(write_explicit(&pos, &m), "f7f8n");
        let m = parse_move(&pos, "a1a7").unwrap();
        assert_eq!(write_explicit(&pos, &m), "a1a7");
    }
}
