//! Coordinate moves: `f2i2`, `e9e10q`, the hyphenated `f2-i2`, and Byzantine removals
//! `b1c3/xd2e2`.

use crate::san;
use citadel_geometry::{BitWord, Geometry, Square};
use citadel_rules::{Game, IllegalMove, Move, MoveFlag, Position, Reason};

/// Reads a cell name (letter(s) then digits) from the front of `s`.
fn take_square<'a, W: BitWord>(
    geo: &Geometry<W>,
    s: &'a str,
    whole: &str,
) -> Result<(Square, &'a str), Reason> {
    let letters = s.bytes().take_while(|b| b.is_ascii_lowercase()).count();
    let digits = s[letters..].bytes().take_while(u8::is_ascii_digit).count();
    if letters == 0 || digits == 0 {
        return Err(Reason::Syntax(crate::clip(whole)));
    }
    let name = &s[..letters + digits];
    let sq = geo
        .parse_square(name)
        .ok_or_else(|| Reason::NoSuchSquare(crate::clip(name)))?;
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
/// Its error is the [`Reason`] alone: the text is read without a position.
pub fn parse_coord<G: Game>(text: &str) -> Result<CoordMove, Reason> {
    let cfg = G::config();
    let geo = cfg.geometry();
    let t = text.trim_end_matches(['+', '#', '!', '?']);
    if t.len() > crate::ECHO_CHARS {
        return Err(Reason::Syntax(crate::clip(text)));
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
            return Err(Reason::Syntax(crate::clip(text)));
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
            .ok_or_else(|| Reason::Syntax(crate::clip(text)))?;
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
pub fn parse_move<G: Game>(pos: &Position<G>, text: &str) -> Result<Move, IllegalMove> {
    parse_coord::<G>(text)
        .and_then(|c| find(pos, &pos.legal_moves(), &c, text))
        .map_err(|r| san::refused(pos, text, r))
}

/// Finds the move of `moves` (the legal moves of `pos`) that the parsed coordinate move `c`
/// names (`text` is for the error). Nothing is guessed: a move with a choice of promotion
/// must name its piece, as in SAN; a single choice may go unnamed.
///
/// ```
/// use citadel_notation::{coord, fen};
/// use citadel_rules::{Chess, Reason};
/// let pos = fen::parse::<Chess>("r2k4/5P2/8/8/8/8/8/R1K5 w - - 0 1").unwrap();
/// let e = coord::parse_move(&pos, "f7f8").unwrap_err();
/// assert!(matches!(e.reason, Reason::PromotionRequired { .. }));
/// assert_eq!(e.to_string(), "`f7f8` must name its promotion (f7f8q, f7f8r, f7f8b, f7f8n)");
/// assert!(coord::parse_move(&pos, "f7f8n").is_ok());
/// ```
pub fn find<G: Game>(
    pos: &Position<G>,
    moves: &[Move],
    c: &CoordMove,
    text: &str,
) -> Result<Move, Reason> {
    let geo = G::config().geometry();
    let cells = |m: &&Move| m.from == c.from && written_to::<G>(m) == c.to;
    let fits = |m: &&Move| {
        cells(m)
            && (c.promotion.is_none() || m.promotion == c.promotion)
            && removal_pair(geo, m) == c.removal
    };
    let found: Vec<&Move> = moves.iter().filter(fits).collect();
    match found.as_slice() {
        [m] => Ok(**m),
        [] => {
            if c.promotion.is_some() && moves.iter().filter(cells).any(|m| m.promotion.is_some()) {
                return Err(Reason::BadPromotion(crate::clip(text)));
            }
            Err(pos
                .refusal(citadel_geometry::Bitboard::from_square(c.from), c.to)
                .unwrap_or_else(|| Reason::NoMoveFrom {
                    from: geo.name_of(c.from).to_string(),
                    to: geo.name_of(c.to).to_string(),
                }))
        }
        [first, rest @ ..] => {
            let promotions_only = first.promotion.is_some()
                && rest
                    .iter()
                    .all(|m| m.aux == first.aux && m.promotion.is_some());
            if promotions_only && c.promotion.is_none() {
                return Err(Reason::PromotionRequired {
                    text: crate::clip(text),
                    choices: found.iter().map(|m| write(pos, m)).collect(),
                });
            }
            Err(san::ambiguous(pos, moves, text, |m| fits(&m)))
        }
    }
}

/// Writes a move in coordinate form, as the engine protocols (UCI, XBoard) exchange it: a
/// promotion always with its letter, even where the piece has no choice (`f7f8q` in
/// shatranj, where the ferz is the only promotion; engines such as Fairy-Stockfish do not
/// read a promotion without one). [`parse_move`] reads both forms.
///
/// ```
/// use citadel_notation::{coord, fen};
/// use citadel_rules::Shatranj;
/// let pos = fen::parse::<Shatranj>("r2k4/5P2/8/8/8/8/8/R1K5 w - - 0 1").unwrap();
/// let m = coord::parse_move(&pos, "f7f8").unwrap();
/// assert_eq!(coord::write(&pos, &m), "f7f8q");
/// assert_eq!(coord::parse_move(&pos, "f7f8q"), Ok(m));
/// ```
pub fn write<G: Game>(_pos: &Position<G>, m: &Move) -> String {
    let cfg = G::config();
    let geo = cfg.geometry();
    let mut s = format!("{}{}", geo.name_of(m.from), geo.name_of(written_to::<G>(m)));
    if let Some(k) = m.promotion {
        s.push_str(&cfg.symbols[k as usize].to_lowercase());
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
    use citadel_rules::{with_game, Chess, Claims, Variant};

    /// Every legal move met in random games reads back from its protocol form as itself;
    /// returns the number of promotions met.
    fn round_trip<G: Game>() -> usize {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut promotions = 0;
        for _ in 0..12 {
            let mut pos = Position::<G>::start();
            for _ in 0..400 {
                if pos.outcome(Claims::Draws).is_some() {
                    break;
                }
                let legal = pos.legal_moves();
                for m in legal.iter() {
                    let t = write(&pos, m);
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
        assert_eq!(write(&pos, &m), "f7f8n");
        let m = parse_move(&pos, "a1a7").unwrap();
        assert_eq!(write(&pos, &m), "a1a7");
    }
}
