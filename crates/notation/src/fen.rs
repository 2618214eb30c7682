//! FEN for every game: ranks from the highest down, runs of empty or non-existent cells as
//! (multi-digit) numbers, `*` for one non-existent cell, then side, rights, en passant,
//! halfmove clock and move number. Ring FEN (Byzantine) is the same over rings 4..1.
//!
//! Games with [`FenRights::APP_FEN_DIALECT`] (the Persian family) also accept the Persian
//! Chess app's board dialect, which writes every empty or non-existent cell as its own `1`
//! (`f111111111f`). Each rank is read both ways; a rank that has the right length only one
//! way is in that dialect, one that reads the same either way is neutral, and a board whose
//! ranks need different dialects is an error (as would be a rank that reads validly both ways
//! with different contents). Writers always emit the standard form.

use crate::FenRights;
use citadel_rules::{
    with_game, Color, Game, Piece, Position, PositionError, Setup, Variant, VariantPosition,
};

/// The FEN field an error is in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FenField {
    /// The piece placement (field 1).
    Board,
    /// The side to move (field 2).
    Turn,
    /// The rights (field 3).
    Rights,
    /// The en passant cell (field 4).
    EnPassant,
    /// The halfmove clock (field 5).
    Halfmove,
    /// The move number (field 6).
    Fullmove,
    /// The position as a whole.
    Position,
}

impl std::fmt::Display for FenField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            FenField::Board => "board (field 1)",
            FenField::Turn => "side to move (field 2)",
            FenField::Rights => "rights (field 3)",
            FenField::EnPassant => "en passant (field 4)",
            FenField::Halfmove => "halfmove clock (field 5)",
            FenField::Fullmove => "move number (field 6)",
            FenField::Position => "position",
        })
    }
}

/// A FEN that is not a position of the game: the field, the offending text and why.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("invalid FEN {field}: {reason} in `{text}`")]
pub struct FenError {
    /// The field at fault.
    pub field: FenField,
    /// The offending text.
    pub text: String,
    /// What is wrong.
    pub reason: String,
}

/// A number field in `min..=max`: "expected a number" or "out of range".
fn number(text: &str, min: u64, max: u64) -> Result<u64, String> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("expected a number from {min}"));
    }
    match text.parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(format!("out of range ({min} to {max})")),
    }
}

impl FenError {
    /// An error in `field`; the offending text is kept cut to [`crate::ECHO_CHARS`].
    fn new(field: FenField, text: &str, reason: impl Into<String>) -> Self {
        FenError {
            field,
            text: crate::clip(text),
            reason: reason.into(),
        }
    }
}

/// Parses a FEN into a position of game `G`.
///
/// ```
/// use citadel_notation::fen;
/// use citadel_rules::PersianPrincess;
/// let start = "f9f/1rnbqksbnr1/1ppppppppp1/11/11/11/11/11/1PPPPPPPPP1/1RNBQKSBNR1/F9F w KQZkqz - 0 1";
/// let pos = fen::parse::<PersianPrincess>(start).unwrap();
/// assert_eq!(pos.legal_moves().len(), 25);
/// assert_eq!(fen::write(&pos), start);
/// let err = fen::parse::<PersianPrincess>("f9f/1rnbqksbnr1 w - - 0 1").unwrap_err();
/// assert!(err.to_string().contains("board"));
/// ```
pub fn parse<G: FenRights>(fen: &str) -> Result<Position<G>, FenError> {
    let setup = parse_setup::<G>(fen)?;
    Position::from_setup(&setup).map_err(|e| position_error(fen, e))
}

fn position_error(fen: &str, e: PositionError) -> FenError {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let (field, text) = match e {
        ref r if r.is_rights() => (FenField::Rights, fields.get(2).copied().unwrap_or("-")),
        PositionError::BadEnPassant { .. } => {
            (FenField::EnPassant, fields.get(3).copied().unwrap_or("-"))
        }
        PositionError::BadSquare { .. }
        | PositionError::Unpromoted { .. }
        | PositionError::PawnOutOfReach { .. }
        | PositionError::UnknownKind { .. }
        | PositionError::TooMany { .. }
        | PositionError::BoardSize(..) => (FenField::Board, fields.first().copied().unwrap_or("")),
        _ => (FenField::Position, fen),
    };
    FenError::new(field, text, e.to_string())
}

/// Parses a FEN into a position of `variant`, the game chosen at run time.
///
/// ```
/// use citadel_notation::fen;
/// use citadel_rules::Variant;
/// let text = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
/// let pos = fen::read_variant(Variant::Chess, text).unwrap();
/// assert_eq!(pos.legal_moves().len(), 15);
/// assert_eq!(fen::write_variant(&pos), text);
/// ```
pub fn read_variant(variant: Variant, text: &str) -> Result<VariantPosition, FenError> {
    with_game!(variant, G => parse::<G>(text).map(VariantPosition::from))
}

/// Writes the canonical FEN of a position of any game.
pub fn write_variant(pos: &VariantPosition) -> String {
    citadel_rules::with_position!(pos, p => write(p))
}

/// The start position of game `G` ([`Position::start`], the rules' own data).
pub fn start<G: FenRights>() -> Position<G> {
    Position::start()
}

/// Parses a FEN into an unchecked [`Setup`] for game `G`. Missing clock fields default to
/// `0 1`.
pub fn parse_setup<G: FenRights>(fen: &str) -> Result<Setup, FenError> {
    let cfg = G::config();
    let geo = cfg.geometry();
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.is_empty() {
        return Err(FenError::new(FenField::Board, fen, "empty FEN"));
    }
    if fields.len() > 6 {
        return Err(FenError::new(
            FenField::Position,
            fields[6],
            "too many fields",
        ));
    }
    let mut setup = Setup {
        board: vec![None; geo.len()],
        turn: Color::White,
        rights: 0,
        unmoved: Default::default(),
        ep: None,
        halfmove: 0,
        fullmove: 1,
    };
    parse_board::<G>(fields[0], &mut setup.board)?;
    let turn = fields.get(1).copied().unwrap_or("w");
    setup.turn = match turn {
        "w" => Color::White,
        "b" => Color::Black,
        _ => return Err(FenError::new(FenField::Turn, turn, "expected `w` or `b`")),
    };
    let rights = fields.get(2).copied().unwrap_or("-");
    G::parse_rights(rights, &mut setup).map_err(|r| FenError::new(FenField::Rights, rights, r))?;
    let ep = fields.get(3).copied().unwrap_or("-");
    if ep != "-" {
        let sq = geo
            .parse_square(ep)
            .ok_or_else(|| FenError::new(FenField::EnPassant, ep, "no such cell"))?;
        if !G::config().en_passant {
            return Err(FenError::new(
                FenField::EnPassant,
                ep,
                "this game has no en passant",
            ));
        }
        setup.ep = Some(sq);
    }
    if let Some(h) = fields.get(4) {
        setup.halfmove = number(h, 0, u16::MAX.into())
            .map_err(|e| FenError::new(FenField::Halfmove, h, e))? as u16;
    }
    if let Some(f) = fields.get(5) {
        setup.fullmove = number(f, 1, u32::MAX.into())
            .map_err(|e| FenError::new(FenField::Fullmove, f, e))? as u32;
    }
    Ok(setup)
}

/// The piece symbols of `G`, longest first, with their pieces.
fn tokens<G: Game>() -> Vec<(String, Piece)> {
    G::config().tokens()
}

/// How a FEN rank's digits are read.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Digits {
    /// A run of digits is one number of cells (`11`).
    Runs,
    /// Every `1` is one cell (the Persian Chess app: `f111111111f`); other digits are errors.
    Unary,
}

/// Reads one FEN rank (or ring) into its cells; the error is the reason only.
fn parse_row<W: citadel_geometry::BitWord>(
    geo: &citadel_geometry::Geometry<W>,
    tokens: &[(String, Piece)],
    row: &str,
    cells: &[Option<citadel_geometry::Square>],
    rank: usize,
    unit: &str,
    digits: Digits,
) -> Result<Vec<Option<Piece>>, String> {
    let mut out = vec![None; cells.len()];
    let mut col = 0usize;
    let mut rest: &str = row;
    while !rest.is_empty() {
        let c = rest.as_bytes()[0];
        if c.is_ascii_digit() {
            let n_len = match digits {
                Digits::Runs => rest.bytes().take_while(u8::is_ascii_digit).count(),
                Digits::Unary => 1,
            };
            let n: usize = rest[..n_len]
                .parse()
                .map_err(|_| "bad number".to_string())?;
            if n == 0 {
                return Err("a run of 0 cells".into());
            }
            if digits == Digits::Unary && n != 1 {
                return Err(format!("digit `{n}` in a one-`1`-per-cell rank"));
            }
            col = col.saturating_add(n);
            rest = &rest[n_len..];
        } else if c == b'*' {
            if let Some(Some(sq)) = cells.get(col) {
                return Err(format!("`*` on the existing cell {}", geo.name_of(*sq)));
            }
            col += 1;
            rest = &rest[1..];
        } else {
            let Some((sym, piece)) = tokens.iter().find(|(s, _)| rest.starts_with(s.as_str()))
            else {
                // a marker such as `+` is named together with the letter it marks
                let mut chars = rest.chars();
                let mut token: String = chars.next().into_iter().collect();
                if !token.starts_with(|c: char| c.is_ascii_alphabetic()) {
                    token.extend(chars.next());
                }
                // a game whose pawns carry a mark (Tamerlane's `R'`, `P'`) names it
                let marked = format!("{token}'");
                if tokens.iter().any(|(s, _)| *s == marked) {
                    return Err(format!(
                        "unknown piece `{token}` (a pawn is written `{marked}`)"
                    ));
                }
                // a prefix of longer symbols (Byzantine `P` for `P>`/`P<`): say what completes it
                let mut longer: Vec<&str> = tokens
                    .iter()
                    .map(|(s, _)| s.as_str())
                    .filter(|s| s.starts_with(token.as_str()))
                    .collect();
                if !longer.is_empty() {
                    longer.sort_unstable();
                    let options: Vec<String> = longer.iter().map(|s| format!("`{s}`")).collect();
                    return Err(format!(
                        "incomplete piece `{token}`: expected {}",
                        options.join(" or ")
                    ));
                }
                return Err(format!("unknown piece `{token}`"));
            };
            match cells.get(col) {
                Some(Some(_)) => out[col] = Some(*piece),
                Some(None) => {
                    let name = frame_name(geo, cells, col, rank);
                    return Err(format!("piece `{sym}` on the non-existent cell {name}"));
                }
                None => {}
            }
            col += 1;
            rest = &rest[sym.len()..];
        }
        if col > cells.len() {
            return Err(format!("{col} cells, the {unit} has {}", cells.len()));
        }
    }
    if col != cells.len() {
        return Err(format!("{col} cells, the {unit} has {}", cells.len()));
    }
    Ok(out)
}

/// Whether a rank has a run of two or more digits: only then do the two readings differ.
fn has_digit_run(row: &str) -> bool {
    row.as_bytes()
        .windows(2)
        .any(|w| w[0].is_ascii_digit() && w[1].is_ascii_digit())
}

fn parse_board<G: FenRights>(text: &str, board: &mut [Option<Piece>]) -> Result<(), FenError> {
    let cfg = G::config();
    let geo = cfg.geometry();
    let rows = geo.fen_rows();
    let given: Vec<&str> = text.split('/').collect();
    let unit = if geo.wraps() { "ring" } else { "rank" };
    if given.len() != rows.len() {
        return Err(FenError::new(
            FenField::Board,
            text,
            format!(
                "{} {unit}s given, the board has {}",
                given.len(),
                rows.len()
            ),
        ));
    }
    let tokens = tokens::<G>();
    // (label, row text) of the first rank readable only one way, per reading
    let mut only_runs: Option<(String, &str)> = None;
    let mut only_unary: Option<(String, &str)> = None;
    for (ri, (row, cells)) in given.iter().zip(&rows).enumerate() {
        let rank = rows.len() - ri;
        let label = format!("{unit} {rank}");
        let bad =
            |reason: String| FenError::new(FenField::Board, row, format!("{label}: {reason}"));
        let runs = parse_row(geo, &tokens, row, cells, rank, unit, Digits::Runs);
        let unary = if G::APP_FEN_DIALECT && has_digit_run(row) {
            Some(parse_row(
                geo,
                &tokens,
                row,
                cells,
                rank,
                unit,
                Digits::Unary,
            ))
        } else {
            None
        };
        let contents = match (runs, unary) {
            (Ok(a), None) => a,
            (Ok(a), Some(Err(_))) => {
                only_runs.get_or_insert((label.clone(), row));
                a
            }
            (Err(_), Some(Ok(b))) => {
                only_unary.get_or_insert((label.clone(), row));
                b
            }
            (Ok(_), Some(Ok(_))) => {
                return Err(bad(
                    "ambiguous: it reads both as standard FEN and as the Persian Chess \
                     app's one `1` per empty cell"
                        .into(),
                ))
            }
            (Err(e), _) => return Err(bad(e)),
        };
        for (cell, piece) in cells.iter().zip(contents) {
            if let Some(sq) = cell {
                board[sq.index()] = piece;
            }
        }
    }
    if let (Some((a, ra)), Some((b, rb))) = (only_runs, only_unary) {
        return Err(FenError::new(
            FenField::Board,
            text,
            format!(
                "{b} `{rb}` is in the Persian Chess app's form (one `1` per empty cell) but \
                 {a} `{ra}` is not: mixed FEN dialects"
            ),
        ));
    }
    Ok(())
}

/// The name a frame position of a FEN row would have (for cells that do not exist).
fn frame_name<W: citadel_geometry::BitWord>(
    geo: &citadel_geometry::Geometry<W>,
    cells: &[Option<citadel_geometry::Square>],
    col: usize,
    rank: usize,
) -> String {
    let first = cells
        .iter()
        .enumerate()
        .find_map(|(i, c)| c.map(|s| geo.coord(s).file as i32 - i as i32));
    let file = first.unwrap_or(0) + col as i32;
    match u8::try_from(file) {
        Ok(f) if f < 26 => format!("{}{rank}", (b'a' + f) as char),
        _ => format!("column {}", col + 1),
    }
}

/// Writes the canonical FEN of a position.
pub fn write<G: FenRights>(pos: &Position<G>) -> String {
    write_setup::<G>(&pos.to_setup())
}

/// Writes the canonical FEN of a setup.
pub fn write_setup<G: FenRights>(setup: &Setup) -> String {
    let cfg = G::config();
    let geo = cfg.geometry();
    let mut out = String::new();
    for (i, row) in geo.fen_rows().iter().enumerate() {
        if i > 0 {
            out.push('/');
        }
        let mut run = 0;
        for cell in row {
            match cell.and_then(|sq| setup.board[sq.index()]) {
                Some(p) => {
                    if run > 0 {
                        out.push_str(&run.to_string());
                        run = 0;
                    }
                    out.push_str(&cfg.symbol_of(p.kind, p.color));
                }
                None => run += 1,
            }
        }
        if run > 0 {
            out.push_str(&run.to_string());
        }
    }
    let ep = setup
        .ep
        .map_or("-".to_string(), |e| geo.name_of(e).to_string());
    format!(
        "{out} {} {} {ep} {} {}",
        setup.turn.char(),
        G::write_rights(setup),
        setup.halfmove,
        setup.fullmove
    )
}
