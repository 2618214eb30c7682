//! Standard algebraic notation (SAN) for every game, generic over the rules.
//!
//! A move is written as the moving piece's letter (none for pawns), the least disambiguation
//! needed (file, then rank, then both), `x` for a capture, the destination, `=X` when the
//! piece has a choice of promotion, a Byzantine removal suffix (`/xd2e2`), then `+` for check
//! or `#` for checkmate. What a game writes differently — castling, its `Special` moves — it
//! takes from its rules ([`write_special`]); everything else is derived from the rules: the
//! reader matches the text against the position's legal moves, so it needs no per-game code.
//!
//! The reader also accepts coordinate moves (`f2i2`, `e9e10q`, `f2-i2`, `b1c3/xd2e2`), `0-0`
//! for `O-O`, a promotion without `=` (`e10Q`), a superfluous disambiguation (`Nb1d2`), an
//! explicit pawn letter when no piece uses it (`Pe4`), and ignores trailing `+`, `#`, `!`, `?`.
//! An explicit `x` must be a capture; a missing one is tolerated.
//!
//! ```
//! use citadel_notation::{fen, san};
//! use citadel_rules::PersianPrincess;
//! let pos = fen::start::<PersianPrincess>();
//! let m = san::parse(&pos, "Sh2").unwrap(); // the rendezvous
//! assert_eq!(san::write(&pos, &m).unwrap(), "Sh2");
//! assert_eq!(san::parse(&pos, "g2-h2"), Ok(m));
//! let e = san::parse(&pos, "Nf9").unwrap_err();
//! assert_eq!(e.to_string(), "no knight can move to f9");
//! ```

use crate::coord::{self, removal_of};
use citadel_geometry::{Bitboard, Square};
use citadel_rules::{
    Game, IllegalMove, Move, MoveFlag, MoveList, ParsedMove, Position, Reason, Termination,
};

/// The SAN letter of a piece kind: empty for pawns, otherwise the White FEN symbol.
///
/// What each game writes in its own way comes from its rules, so that the writer and the
/// reader need no per-game code: the reader compares a text with [`write_special`] of each
/// legal move, then matches it as an ordinary move against the legal moves (special moves
/// included, by the piece on their `from` cell and their `to` cell; where an ordinary move
/// fits too, it is the one meant, as the writer never disambiguates against special moves).
///
/// What that gives each game:
///
/// - **Chess, Persian Chess**: castling `O-O`/`O-O-O` as each castle's spec names it
///   ([`Castling::name_of`](citadel_rules::Castling::name_of)); Persian `O-O` is the
///   queen-side castle (king f2→d2) and `O-O-O` the princess-side one (king f2→i2). The
///   rendezvous is the princess's or champion's move to h2 (`Sh2`, `Ch2`), unambiguous since
///   h2 holds a friendly bishop.
/// - **Mini Citadel**: a single promotion choice is never written ([`promotion_suffix`]),
///   and a suffix naming that piece is accepted (the promoted kind's letter, e.g. `+N`, or
///   its FEN symbol). Promoted pieces move under their own letters (the FEN symbol: `+Nd4`).
/// - **Tamerlane**: pawn kinds have no letter (all are pawns); a placement of the pawn of
///   pawns is `P@e5` (the game's [`move_name`](citadel_rules::Game::move_name)). The king's
///   swap is the king's move to its partner's cell (`Ke2`, no `x` since the partner is
///   friendly). The citadel step is the king's move to `x1`/`x2` (`Kx2`; the reader takes
///   the longest cell name, so `x2` is a cell, not a capture).
/// - **Byzantine**: a move with `aux` and [`MoveFlag::Normal`] removes a pawn pair and is
///   written with the suffix `/x` + the pair ([`coord::removal_of`]), the pawn moving toward
///   higher files first (`Nc3/xd2e2`, `/xp1a1` across the seam); the reader accepts the pair
///   in either order. Landing on a removed pawn is not a capture (no `x`).
///
/// ```
/// use citadel_notation::san;
/// use citadel_rules::Chess;
/// assert_eq!(san::letter_of::<Chess>(4), "N");
/// assert_eq!(san::letter_of::<Chess>(5), "");
/// ```
pub fn letter_of<G: Game>(kind: u8) -> &'static str {
    let cfg = G::config();
    if cfg.is_pawn(kind) {
        ""
    } else {
        cfg.symbols[kind as usize].as_str()
    }
}

/// The whole text (without check suffix) of a move the game writes in its own form, or
/// `None` to write it as an ordinary move: the game's [`move_name`](Game::move_name), or
/// castling by [`castle_by_direction`] (FIDE's rule).
pub fn write_special<G: Game>(_pos: &Position<G>, m: &Move) -> Option<String> {
    G::move_name(m).or_else(|| castle_by_direction::<G>(m))
}

/// Whether `m` captures (for `x`): an enemy piece on its destination that the move does
/// not remove as part of a pawn pair, or en passant.
pub fn is_capture<G: Game>(pos: &Position<G>, m: &Move) -> bool {
    if m.flag == MoveFlag::EnPassant {
        return true;
    }
    let removed = coord::removal_pair(G::config().geometry(), m);
    pos.piece_at(m.to).is_some_and(|p| p.color != pos.turn())
        && removed.is_none_or(|(a, b)| m.to != a && m.to != b)
}

/// The promotion suffix of `m` (`=Q`), written only when the piece had a choice.
pub fn promotion_suffix<G: Game>(pos: &Position<G>, m: &Move) -> String {
    let cfg = G::config();
    match (m.promotion, pos.piece_at(m.from)) {
        (Some(k), Some(p)) if cfg.promotions[p.kind as usize].len() > 1 => {
            format!("={}", letter_of::<G>(k))
        }
        _ => String::new(),
    }
}

/// Whether `name` names promotion kind `kind` in a suffix: its letter or its FEN symbol,
/// compared case-insensitively.
fn names_promotion<G: Game>(kind: u8, name: &str) -> bool {
    letter_of::<G>(kind).eq_ignore_ascii_case(name)
        || G::config().symbols[kind as usize].eq_ignore_ascii_case(name)
}

/// The default castling text, FIDE's: `O-O` when the king moves toward higher files (the
/// king-side castle of chess), `O-O-O` otherwise; `None` if `m` is not a castling move.
pub fn castle_by_direction<G: Game>(m: &Move) -> Option<String> {
    if m.flag != MoveFlag::Castle {
        return None;
    }
    let geo = G::config().geometry();
    let short = geo.coord(m.to).file > geo.coord(m.from).file;
    Some(if short { "O-O" } else { "O-O-O" }.to_string())
}

/// The file part (letters) and rank part (digits) of a cell's name.
fn split_name(name: &str) -> (&str, &str) {
    let i = name
        .bytes()
        .position(|b| b.is_ascii_digit())
        .unwrap_or(name.len());
    (&name[..i], &name[i..])
}

/// The SAN letter of the piece that makes `m` (empty if none stands there).
fn mover_letter<G: Game>(pos: &Position<G>, m: &Move) -> &'static str {
    pos.piece_at(m.from).map_or("", |p| letter_of::<G>(p.kind))
}

/// Writes `m` (legal in `pos`) without its check suffix; `moves` are the legal moves.
pub fn write_body<G: Game>(pos: &Position<G>, m: &Move, moves: &[Move]) -> String {
    if let Some(s) = write_special::<G>(pos, m) {
        return s;
    }
    let geo = G::config().geometry();
    let letter = mover_letter(pos, m);
    let capture = is_capture::<G>(pos, m);
    let (file, rank) = split_name(geo.name_of(m.from));
    let others: Vec<&Move> = moves
        .iter()
        .filter(|o| {
            o.to == m.to
                && o.from != m.from
                && removal_of(o) == removal_of(m)
                && mover_letter(pos, o) == letter
                && write_special::<G>(pos, o).is_none()
        })
        .collect();
    let same_file = others
        .iter()
        .any(|o| split_name(geo.name_of(o.from)).0 == file);
    let same_rank = others
        .iter()
        .any(|o| split_name(geo.name_of(o.from)).1 == rank);
    let (need_file, need_rank) = if letter.is_empty() && capture {
        (true, same_file)
    } else if others.is_empty() {
        (false, false)
    } else if !same_file {
        (true, false)
    } else if !same_rank {
        (false, true)
    } else {
        (true, true)
    };
    let mut s = letter.to_string();
    if need_file {
        s.push_str(file);
    }
    if need_rank {
        s.push_str(rank);
    }
    if capture {
        s.push('x');
    }
    s.push_str(geo.name_of(m.to));
    s.push_str(&promotion_suffix::<G>(pos, m));
    if let Some(a) = removal_of(m) {
        s.push_str("/x");
        s.push_str(geo.name_of(a));
        if let Some(b) = geo.step(a, 1, 0) {
            s.push_str(geo.name_of(b));
        }
    }
    s
}

/// Writes a legal move of `pos` in SAN, with `+` or `#`; a move that is not legal here is
/// an [`IllegalMove`], never a plausible text. Works on a
/// [`snapshot`](Position::snapshot) of the position (no move history), so its cost does not
/// grow with the length of the game.
///
/// ```
/// use citadel_notation::{fen, san};
/// use citadel_rules::{Chess, Move};
/// let pos = fen::start::<Chess>();
/// let m = san::parse(&pos, "Nf3").unwrap();
/// assert_eq!(san::write(&pos, &m).unwrap(), "Nf3");
/// let backwards = Move::new(m.to, m.from);
/// assert!(san::write(&pos, &backwards).is_err());
/// ```
pub fn write<G: Game>(pos: &Position<G>, m: &Move) -> Result<String, IllegalMove> {
    let mut p = pos.snapshot();
    write_mut(&mut p, m)
}

/// [`write()`], playing and taking the move back on `pos` to find the check.
pub fn write_mut<G: Game>(pos: &mut Position<G>, m: &Move) -> Result<String, IllegalMove> {
    let moves = pos.legal_moves();
    if !moves.contains(m) {
        return Err(pos.illegal(m));
    }
    Ok(write_among(pos, &moves, m))
}

/// [`write_mut`] for a caller who has the position's legal moves (`moves`) and a move
/// among them (one from a generator or a reader): no test of legality. For any other move
/// the text is unspecified; use [`write()`] for a move from elsewhere.
pub fn write_among<G: Game>(pos: &mut Position<G>, moves: &[Move], m: &Move) -> String {
    let mut s = write_body(pos, m, moves);
    pos.play_unchecked(*m);
    if pos.in_check() {
        // the moves are generated only to tell mate from check
        s.extend(check_mark(pos, &pos.legal_moves()));
    }
    pos.undo();
    s
}

/// A move's SAN without its check mark, for a replay that generates each position's legal
/// moves once: [`check_mark`] of the position after the move completes it.
///
/// ```
/// use citadel_notation::{fen, san};
/// use citadel_rules::Chess;
/// let mut pos = fen::parse::<Chess>("7k/8/8/8/8/8/8/K5R1 w - - 0 1").unwrap();
/// let legal = pos.legal_moves();
/// let m = san::parse_among(&pos, &legal, "Rh1").unwrap();
/// let mut text = san::write_body_among(&pos, &legal, &m);
/// pos.play_unchecked(m);
/// text.extend(san::check_mark(&pos, &pos.legal_moves()));
/// assert_eq!(text, "Rh1+");
/// ```
pub fn write_body_among<G: Game>(pos: &Position<G>, moves: &[Move], m: &Move) -> String {
    write_body(pos, m, moves)
}

/// The mark a move that led to `pos` takes in SAN: `#` for checkmate, `+` for check, none
/// otherwise; `moves` are the legal moves of `pos`.
pub fn check_mark<G: Game>(pos: &Position<G>, moves: &MoveList) -> Option<char> {
    if !pos.in_check() {
        return None;
    }
    let mate = pos
        .outcome_among(moves)
        .is_some_and(|o| o.termination == Termination::Checkmate);
    Some(if mate { '#' } else { '+' })
}

/// Reads a move (SAN or coordinate) of `pos`.
pub fn parse<G: Game>(pos: &Position<G>, text: &str) -> Result<Move, IllegalMove> {
    parse_with(pos, &mut MoveList::new(), text)
}

/// [`parse`] with a list to work in, for a caller that reads many moves (what the list holds
/// before and after is unspecified). An ordinary SAN move is read among the moves
/// [`Position::generate_toward`] gives for the pieces its letter names and its destination;
/// any other text among all the legal moves. Both give the same answer, and the same error.
///
/// ```
/// use citadel_notation::{fen, san};
/// use citadel_rules::{Chess, MoveList};
/// let pos = fen::start::<Chess>();
/// let mut work = MoveList::new();
/// assert_eq!(san::parse_with(&pos, &mut work, "Nf3"), san::parse(&pos, "g1f3"));
/// ```
pub fn parse_with<G: Game>(
    pos: &Position<G>,
    moves: &mut MoveList,
    text: &str,
) -> Result<Move, IllegalMove> {
    resolve(pos, moves, text, true).map_err(|r| refused(pos, text, r))
}

/// Reads `text` among the moves it can name, generated into `moves`: those of the pieces its
/// letter names to its destination when it is an ordinary SAN move, all the legal ones
/// otherwise.
fn resolve<G: Game>(
    pos: &Position<G>,
    moves: &mut MoveList,
    text: &str,
    coordinates: bool,
) -> Result<Move, Reason> {
    let t = strip_marks(text);
    if let Some(parts) = ordinary_parts::<G>(t, coordinates) {
        let bb = pos.bitboards();
        let mut from = Bitboard::EMPTY;
        let mut kinds = parts.kinds;
        while kinds != 0 {
            from |= bb.pieces(kinds.trailing_zeros() as u8, pos.turn());
            kinds &= kinds - 1;
        }
        if !pos.generate_toward(from, parts.to, moves) {
            pos.generate(moves);
        }
        // what `read` does with a text that is neither malformed nor a coordinate move
        return match named_special(pos, moves, t)? {
            Some(m) => Ok(m),
            None => parse_san(pos, moves, t, parts),
        };
    }
    pos.generate(moves);
    read(pos, moves, text, coordinates)
}

/// The parts of `t` (a text without its marks) if it is an ordinary SAN move that `read`
/// would take as one: well formed, and not a coordinate move.
#[inline(always)]
fn ordinary_parts<G: Game>(t: &str, coordinates: bool) -> Option<Parts<'_>> {
    if t.is_empty() || !t.is_ascii() || t.len() > crate::ECHO_CHARS {
        return None;
    }
    if coordinates
        && t.as_bytes()[0].is_ascii_lowercase()
        && coord::has_coord_shape(t)
        && coord::parse_coord::<G>(t).is_ok()
    {
        return None;
    }
    split_parts::<G>(t).ok()
}

/// The name of the piece(s) a letter stands for, for messages.
fn piece_name<G: Game>(letter: &str) -> String {
    if letter.is_empty() {
        return "pawn".into();
    }
    let cfg = G::config();
    (0..cfg.symbols.len() as u8)
        .find(|&k| letter_of::<G>(k) == letter)
        .map_or_else(
            || format!("`{letter}`"),
            |k| cfg.pieces.defs()[k as usize].name.clone(),
        )
}

/// The text of a move with check and annotation marks taken off.
fn strip_marks(text: &str) -> &str {
    text.trim().trim_end_matches(['+', '#', '!', '?'])
}

/// Whether a special form written by the game equals the text (`0` read as `O`).
fn same_special(written: &str, text: &str) -> bool {
    if written == text {
        return true;
    }
    text.bytes().all(|b| matches!(b, b'0' | b'O' | b'-'))
        && written.len() == text.len()
        && written
            .bytes()
            .zip(text.bytes())
            .all(|(w, t)| w == t || (w == b'O' && t == b'0'))
}

/// Reads a move (SAN or coordinate) of `pos` among its legal moves `moves` (as returned by
/// `pos.legal_moves()`), so that a caller who has them saves a generation.
pub fn parse_among<G: Game>(
    pos: &Position<G>,
    moves: &[Move],
    text: &str,
) -> Result<Move, IllegalMove> {
    read(pos, moves, text, true).map_err(|r| refused(pos, text, r))
}

/// Reads a move of `pos` in SAN only: the coordinate forms [`parse`] also accepts (`g3-g5`,
/// `e9e10q`, `b1c3/xd2e2`) are refused, except those that are SAN too (`e2e4` is SAN with a
/// superfluous disambiguation). For a move typed by a user, [`parse`] takes either.
///
/// ```
/// use citadel_notation::{fen, san};
/// use citadel_rules::Chess;
/// let pos = fen::start::<Chess>();
/// assert_eq!(san::parse_san_only(&pos, "Nf3"), san::parse(&pos, "g1f3"));
/// assert!(san::parse_san_only(&pos, "g1-f3").is_err());
/// ```
pub fn parse_san_only<G: Game>(pos: &Position<G>, text: &str) -> Result<Move, IllegalMove> {
    resolve(pos, &mut MoveList::new(), text, false).map_err(|r| refused(pos, text, r))
}

/// The error for `text`, refused by `pos` for `reason`, with the parts the text names and
/// the position's FEN. A well-formed move refused where no move is legal is refused because
/// the game is over.
pub(crate) fn refused<G: Game>(pos: &Position<G>, text: &str, reason: Reason) -> IllegalMove {
    let reason = match pos.legal_moves().is_empty() {
        true if !reason.is_invalid() => pos.outcome_given(false).map_or(reason, Reason::GameOver),
        _ => reason,
    };
    IllegalMove {
        text: crate::clip(text),
        mv: None,
        parsed: parsed_of::<G>(text),
        reason,
        fen: pos.fen(),
    }
}

/// The parts `text` names, as far as it reads as a coordinate or SAN move.
fn parsed_of<G: Game>(text: &str) -> ParsedMove {
    let t = strip_marks(text);
    if t.is_empty() || !t.is_ascii() || t.len() > crate::ECHO_CHARS {
        return ParsedMove::default();
    }
    let geo = G::config().geometry();
    if coord::has_coord_shape(t) {
        if let Ok(c) = coord::parse_coord::<G>(t) {
            return ParsedMove {
                piece: None,
                from: Some(geo.name_of(c.from).to_string()),
                to: Some(geo.name_of(c.to).to_string()),
                promotion: c.promotion.map(|k| G::config().symbols[k as usize].clone()),
            };
        }
    }
    match split_parts::<G>(t) {
        Ok(parts) => ParsedMove {
            piece: Some(piece_name::<G>(parts.letter)),
            from: parts
                .readings
                .last()
                .map(|r| r.0)
                .filter(|d| !d.is_empty())
                .map(str::to_string),
            to: Some(geo.name_of(parts.to).to_string()),
            promotion: parts.promotion.map(str::to_string),
        },
        Err(_) => ParsedMove::default(),
    }
}

/// Reads a move among `moves`: the game's special forms, then (if `coordinates`) the
/// coordinate form, then SAN.
fn read<G: Game>(
    pos: &Position<G>,
    moves: &[Move],
    text: &str,
    coordinates: bool,
) -> Result<Move, Reason> {
    let t = strip_marks(text);
    if t.is_empty() || !t.is_ascii() || t.len() > crate::ECHO_CHARS {
        return Err(Reason::Syntax(crate::clip(text)));
    }
    if let Some(m) = named_special(pos, moves, t)? {
        return Ok(m);
    }
    if t.bytes().all(|b| matches!(b, b'0' | b'O' | b'-')) {
        return Err(Reason::Unavailable(crate::clip(t)));
    }
    // coordinate moves
    if coordinates && t.as_bytes()[0].is_ascii_lowercase() {
        if let Ok(c) = coord::parse_coord::<G>(t) {
            return coord::find(pos, moves, &c, t);
        }
    }
    parse_san(pos, moves, t, split_parts::<G>(t)?)
}

/// The move among `moves` that the game writes in its own form as `t` (castling,
/// placements), if one is.
fn named_special<G: Game>(
    pos: &Position<G>,
    moves: &[Move],
    t: &str,
) -> Result<Option<Move>, Reason> {
    let mut special = None;
    // only castles and a game's own moves have names of their own
    let named = moves
        .iter()
        .filter(|m| matches!(m.flag, MoveFlag::Castle | MoveFlag::Special(_)));
    for m in named {
        if let Some(s) = write_special::<G>(pos, m) {
            if same_special(&s, t) {
                if special.is_some() {
                    return Err(Reason::Ambiguous {
                        text: crate::clip(t),
                        candidates: vec![s],
                    });
                }
                special = Some(*m);
            }
        }
    }
    Ok(special)
}

/// The error for several fitting moves, listing them in canonical SAN.
pub(crate) fn ambiguous<G: Game>(
    pos: &Position<G>,
    moves: &[Move],
    text: &str,
    fits: impl Fn(&Move) -> bool,
) -> Reason {
    let list: Vec<String> = moves
        .iter()
        .filter(|m| fits(m))
        .map(|m| write_body(pos, m, moves))
        .collect();
    Reason::Ambiguous {
        text: crate::clip(text),
        candidates: list,
    }
}

/// The parts of an ordinary SAN move.
struct Parts<'a> {
    letter: &'static str,
    /// The kinds written with `letter`, as a set of kind bits.
    kinds: u128,
    /// (disambiguation, explicit capture) readings of the text between letter and cell: one
    /// or two.
    readings: Readings<'a>,
    to: Square,
    promotion: Option<&'a str>,
    removal: Option<(Square, Square)>,
}

/// The one or two readings of a SAN move's middle part: (disambiguation, explicit capture).
#[derive(Clone, Copy, Default)]
struct Readings<'a> {
    items: [(&'a str, bool); 2],
    len: usize,
}

impl<'a> Readings<'a> {
    fn push(&mut self, r: (&'a str, bool)) {
        self.items[self.len] = r;
        self.len += 1;
    }

    fn iter(&self) -> std::slice::Iter<'_, (&'a str, bool)> {
        self.items[..self.len].iter()
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn last(&self) -> Option<&(&'a str, bool)> {
        self.iter().last()
    }
}

/// Reads a cell name (lowercase letters then digits) that makes up all of `s`.
fn whole_square<G: Game>(s: &str) -> Option<Square> {
    G::config().geometry().parse_square(s)
}

/// Splits a removal suffix `d2e2` into its two cells.
fn removal_pair<G: Game>(s: &str, text: &str) -> Result<(Square, Square), Reason> {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() && b[i].is_ascii_lowercase() {
        i += 1;
    }
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    let (first, second) = s.split_at(i);
    match (whole_square::<G>(first), whole_square::<G>(second)) {
        (Some(a), Some(c)) => Ok((a, c)),
        _ => Err(Reason::Syntax(crate::clip(text))),
    }
}

/// Whether `s` is a disambiguation: lowercase letters, then digits, the letters (if any)
/// being the file part of some cell's name.
fn is_disambiguation<G: Game>(s: &str) -> bool {
    let letters = s.bytes().take_while(u8::is_ascii_lowercase).count();
    if !s[letters..].bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    letters == 0 || G::config().geometry().is_file_name(&s[..letters])
}

/// The parts of the ordinary SAN move `t`, an ASCII text without its marks, or why it is none.
/// Inlined, so that its parts are made where they are used, not copied out just after their
/// bytes were written (a copy the processor stalls on).
#[inline(always)]
fn split_parts<'a, G: Game>(t: &'a str) -> Result<Parts<'a>, Reason> {
    let cfg = G::config();
    let syntax = || Reason::Syntax(crate::clip(t));
    let slash_x = t.as_bytes().windows(2).position(|w| w == b"/x");
    let (main, removal) = match slash_x {
        Some(i) => (&t[..i], Some(removal_pair::<G>(&t[i + 2..], t)?)),
        None => (t, None),
    };
    // the text is ASCII (both callers check): bytes are characters
    let (main, promotion) = match main.bytes().position(|b| b == b'=') {
        Some(i) if i + 1 < main.len() => (&main[..i], Some(&main[i + 1..])),
        Some(_) => return Err(syntax()),
        None => {
            let last_digit = main
                .bytes()
                .rposition(|b| b.is_ascii_digit())
                .ok_or_else(syntax)?;
            if last_digit + 1 < main.len() {
                (&main[..=last_digit], Some(&main[last_digit + 1..]))
            } else {
                (main, None)
            }
        }
    };
    // the piece letter: the longest one the game has that starts the text; the kinds
    // written with it, and the pawns' kinds (written with none)
    let mut letter = "";
    let (mut kinds, mut pawns) = (0u128, 0u128);
    let first = main.as_bytes().first();
    for (k, symbol) in cfg.symbols.iter().take(128).enumerate() {
        // `letter_of::<G>(k)`, with the configuration read once
        if cfg.is_pawn(k as u8) {
            pawns |= 1 << k;
            continue;
        }
        let l = symbol.as_str();
        if first == l.as_bytes().first() && main.starts_with(l) {
            if l.len() > letter.len() {
                letter = l;
                kinds = 0;
            }
            if l == letter {
                kinds |= 1 << k;
            }
        }
    }
    if letter.is_empty() {
        kinds = pawns;
    }
    let mut rest = &main[letter.len()..];
    if letter.is_empty() {
        let first = main.as_bytes().first().copied().unwrap_or(b' ');
        if first == b'P' {
            rest = &main[1..]; // an explicit pawn letter, when no piece is called P
        } else if !first.is_ascii_lowercase() {
            let ch = main.chars().next().map(String::from).unwrap_or_default();
            return Err(if first.is_ascii_uppercase() || first == b'+' {
                Reason::UnknownPiece(ch)
            } else {
                syntax()
            });
        }
    }
    // the destination: trailing digits after letters; the longest cell name wins
    let rb = rest.as_bytes();
    let digits = rb.iter().rev().take_while(|b| b.is_ascii_digit()).count();
    let letters = rb[..rb.len() - digits]
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_lowercase())
        .count();
    if digits == 0 || letters == 0 {
        return Err(syntax());
    }
    let end = rb.len();
    let mut to = None;
    for l in (1..=letters).rev() {
        let start = end - digits - l;
        if let Some(sq) = whole_square::<G>(&rest[start..]) {
            to = Some((sq, start));
            break;
        }
    }
    let Some((to, start)) = to else {
        return Err(Reason::NoSuchSquare(crate::clip(&rest[end - digits - 1..])));
    };
    let middle = &rest[..start];
    let mut readings = Readings::default();
    if let Some(d) = middle.strip_suffix(['x', ':']) {
        if is_disambiguation::<G>(d) {
            readings.push((d, true));
        }
    }
    if is_disambiguation::<G>(middle) {
        readings.push((middle, false));
    }
    if readings.is_empty() {
        return Err(syntax());
    }
    Ok(Parts {
        letter,
        kinds,
        readings,
        to,
        promotion,
        removal,
    })
}

fn parse_san<G: Game>(
    pos: &Position<G>,
    moves: &[Move],
    t: &str,
    parts: Parts<'_>,
) -> Result<Move, Reason> {
    let geo = G::config().geometry();
    // the kinds written with the text's letter, as a set of kind bits
    let kinds = parts.kinds;
    let base = |m: &Move| {
        m.to == parts.to
            && pos
                .piece_at(m.from)
                .is_some_and(|p| kinds >> p.kind & 1 == 1)
    };
    let fits_from = |m: &Move, d: &str| {
        let (file, rank) = split_name(geo.name_of(m.from));
        let (df, dr) = split_name(d);
        (df.is_empty() || df == file) && (dr.is_empty() || dr == rank)
    };
    let fits_removal = |m: &Move| match (parts.removal, removal_of(m)) {
        (None, None) => true,
        (Some((a, b)), Some(r)) => {
            let partner = geo.step(r, 1, 0);
            (a == r && Some(b) == partner) || (b == r && Some(a) == partner)
        }
        _ => false,
    };
    let fits_promotion = |m: &Move| match (parts.promotion, m.promotion) {
        (None, _) => true,
        (Some(name), Some(k)) => names_promotion::<G>(k, name),
        (Some(_), None) => false,
    };
    let fits = |m: &Move| {
        base(m)
            && fits_removal(m)
            && fits_promotion(m)
            && parts
                .readings
                .iter()
                .any(|&(d, x)| fits_from(m, d) && (!x || is_capture::<G>(pos, m)))
    };
    // the usual case, one fitting move, without collecting
    let mut fitting = moves.iter().filter(|m| fits(m));
    if let (Some(m), None) = (fitting.next(), fitting.next()) {
        return Ok(*m);
    }
    let mut found: Vec<&Move> = moves.iter().filter(|m| fits(m)).collect();
    if found.len() > 1 {
        // A move the game writes in its own form (a Tamerlane placement `P@e6`, a castle) is
        // not a rival of the ordinary move with the same text, as in `write_body`: `e6` is the
        // pawn's step even when the pawn of pawns could be placed on e6.
        let ordinary: Vec<&Move> = found
            .iter()
            .copied()
            .filter(|m| write_special::<G>(pos, m).is_none())
            .collect();
        if !ordinary.is_empty() {
            found = ordinary;
        }
    }
    match found.as_slice() {
        [m] => return Ok(**m),
        [first, rest @ ..] => {
            let promotions_only = first.promotion.is_some()
                && rest
                    .iter()
                    .all(|m| m.from == first.from && m.to == first.to && m.aux == first.aux);
            if promotions_only && parts.promotion.is_none() {
                let names: Vec<String> = found
                    .iter()
                    .filter_map(|m| m.promotion)
                    .map(|k| format!("={}", letter_of::<G>(k)))
                    .collect();
                return Err(Reason::PromotionRequired {
                    text: crate::clip(t),
                    choices: names,
                });
            }
            return Err(ambiguous(pos, moves, t, fits));
        }
        [] => {}
    }
    // explain the failure, from the coarsest test to the finest
    let piece = piece_name::<G>(parts.letter);
    let to = geo.name_of(parts.to).to_string();
    let any: Vec<&Move> = moves.iter().filter(|m| base(m)).collect();
    if any.is_empty() {
        // a piece that could go there but for its king: pinned, or the king in check
        let bb = pos.bitboards();
        let mut candidates = Bitboard::EMPTY;
        let mut k = kinds;
        while k != 0 {
            candidates |= bb.pieces(k.trailing_zeros() as u8, pos.turn());
            k &= k - 1;
        }
        let named = candidates
            .iter()
            .filter(|&sq| {
                let (file, rank) = split_name(geo.name_of(sq));
                parts.readings.iter().any(|&(d, _)| {
                    let (df, dr) = split_name(d);
                    (df.is_empty() || df == file) && (dr.is_empty() || dr == rank)
                })
            })
            .collect();
        if let Some(r) = pos.refusal(named, parts.to) {
            return Err(r);
        }
        return Err(Reason::NoPiece { piece, to });
    }
    let from_ok: Vec<&&Move> = any
        .iter()
        .filter(|m| parts.readings.iter().any(|&(d, _)| fits_from(m, d)))
        .collect();
    if from_ok.is_empty() {
        let from = parts.readings.last().map_or("", |r| r.0).to_string();
        return Err(Reason::NoPieceFrom { piece, from, to });
    }
    let capture_ok = from_ok.iter().any(|m| {
        parts
            .readings
            .iter()
            .any(|&(d, x)| fits_from(m, d) && (!x || is_capture::<G>(pos, m)))
    });
    if !capture_ok {
        return Err(Reason::NoCapture { piece, to });
    }
    if !from_ok.iter().any(|m| fits_removal(m)) {
        return Err(Reason::BadRemoval(crate::clip(t)));
    }
    Err(Reason::BadPromotion(crate::clip(
        parts.promotion.unwrap_or_default(),
    )))
}
