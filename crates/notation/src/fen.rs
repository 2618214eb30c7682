//! FEN for every game: ranks from the highest down, runs of empty or non-existent cells as
//! (multi-digit) numbers, `*` for one non-existent cell, then side, rights, en passant,
//! halfmove clock and move number. Ring FEN (Byzantine) is the same over rings 4..1.

use crate::FenRights;
use citadel_rules::{Color, Game, Piece, Position, PositionError, Setup};

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

impl FenError {
    fn new(field: FenField, text: &str, reason: impl Into<String>) -> Self {
        FenError {
            field,
            text: text.to_string(),
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
        PositionError::BadRight(_) => (FenField::Rights, fields.get(2).copied().unwrap_or("-")),
        PositionError::BadEnPassant(_) => {
            (FenField::EnPassant, fields.get(3).copied().unwrap_or("-"))
        }
        PositionError::BadSquare { .. }
        | PositionError::TooMany { .. }
        | PositionError::BoardSize(..) => (FenField::Board, fields.first().copied().unwrap_or("")),
        _ => (FenField::Position, fen),
    };
    FenError::new(field, text, e.to_string())
}

/// The start position of game `G`.
pub fn start<G: FenRights>() -> Position<G> {
    parse::<G>(G::config().start_fen)
        .unwrap_or_else(|e| panic!("start FEN of {} is invalid: {e}", G::config().id))
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
        setup.halfmove = h
            .parse()
            .map_err(|_| FenError::new(FenField::Halfmove, h, "expected a number"))?;
    }
    if let Some(f) = fields.get(5) {
        setup.fullmove = f
            .parse()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| FenError::new(FenField::Fullmove, f, "expected a number from 1"))?;
    }
    Ok(setup)
}

/// The piece symbols of `G`, longest first, with their pieces.
fn tokens<G: Game>() -> Vec<(String, Piece)> {
    let cfg = G::config();
    let mut t: Vec<(String, Piece)> = Vec::new();
    for k in 0..cfg.symbols.len() as u8 {
        for c in Color::BOTH {
            t.push((cfg.symbol_of(k, c), Piece::new(k, c)));
        }
    }
    t.sort_by_key(|(s, _)| std::cmp::Reverse(s.len()));
    t
}

fn parse_board<G: Game>(text: &str, board: &mut [Option<Piece>]) -> Result<(), FenError> {
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
    for (ri, (row, cells)) in given.iter().zip(&rows).enumerate() {
        let label = format!("{unit} {}", rows.len() - ri);
        let bad =
            |reason: String| FenError::new(FenField::Board, row, format!("{label}: {reason}"));
        let mut col = 0usize;
        let mut rest: &str = row;
        while !rest.is_empty() {
            let c = rest.as_bytes()[0];
            if c.is_ascii_digit() {
                let n_len = rest.bytes().take_while(u8::is_ascii_digit).count();
                let n: usize = rest[..n_len]
                    .parse()
                    .map_err(|_| bad("bad number".into()))?;
                if n == 0 {
                    return Err(bad("a run of 0 cells".into()));
                }
                col += n;
                rest = &rest[n_len..];
            } else if c == b'*' {
                if cells.get(col).is_some_and(|c| c.is_some()) {
                    return Err(bad(format!(
                        "`*` on the existing cell {}",
                        geo.name_of(cells[col].unwrap_or_default())
                    )));
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
                        return Err(bad(format!(
                            "unknown piece `{token}` (a pawn is written `{marked}`)"
                        )));
                    }
                    // a prefix of longer symbols (Byzantine `P` for `P>`/`P<`): say what
                    // completes it
                    let mut longer: Vec<&str> = tokens
                        .iter()
                        .map(|(s, _)| s.as_str())
                        .filter(|s| s.starts_with(token.as_str()))
                        .collect();
                    if !longer.is_empty() {
                        longer.sort_unstable();
                        let options: Vec<String> =
                            longer.iter().map(|s| format!("`{s}`")).collect();
                        return Err(bad(format!(
                            "incomplete piece `{token}`: expected {}",
                            options.join(" or ")
                        )));
                    }
                    return Err(bad(format!("unknown piece `{token}`")));
                };
                match cells.get(col) {
                    Some(Some(sq)) => board[sq.index()] = Some(*piece),
                    Some(None) => {
                        let name = frame_name(geo, cells, col, rows.len() - ri);
                        return Err(bad(format!(
                            "piece `{sym}` on the non-existent cell {name}"
                        )));
                    }
                    None => {}
                }
                col += 1;
                rest = &rest[sym.len()..];
            }
            if col > cells.len() {
                return Err(bad(format!("{col} cells, the {unit} has {}", cells.len())));
            }
        }
        if col != cells.len() {
            return Err(bad(format!("{col} cells, the {unit} has {}", cells.len())));
        }
    }
    Ok(())
}

/// The name a frame position of a FEN row would have (for cells that do not exist).
fn frame_name(
    geo: &citadel_geometry::Geometry,
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
