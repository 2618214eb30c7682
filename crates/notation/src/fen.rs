//! FEN for every game: ranks from the highest down, runs of empty or non-existent cells as
//! (multi-digit) numbers, `*` for one non-existent cell, then side, rights, en passant,
//! halfmove clock and move number. Ring FEN (Byzantine) is the same over rings 4..1.
//!
//! Games with [`Config::unary_empty_fen`](citadel_rules::Config::unary_empty_fen) (the Persian family) also accept the Persian
//! Chess app's board dialect, which writes every empty or non-existent cell as its own `1`
//! (`f111111111f`). Each rank is read both ways; a rank that has the right length only one
//! way is in that dialect, one that reads the same either way is neutral, and a board whose
//! ranks need different dialects is an error (as would be a rank that reads validly both ways
//! with different contents). Writers always emit the standard form.
use citadel_rules::{
    with_game, Color, Game, Piece, Position, PositionError, RightsError, Setup, Variant,
    VariantPosition,
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

/// A FEN that is not a position of the game: the field, the offending text and what is
/// wrong ([`FenErrorKind`], which a caller can match).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FenError {
    /// The field at fault.
    pub field: FenField,
    /// The offending text, shortened to [`crate::ECHO_CHARS`].
    pub text: String,
    /// What is wrong.
    pub kind: FenErrorKind,
}

impl std::fmt::Display for FenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "invalid FEN {}: {} in `{}`",
            self.field, self.kind, self.text
        )
    }
}

impl std::error::Error for FenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        std::error::Error::source(&self.kind)
    }
}

/// What a row of the FEN board is: a rank, or a ring of a ring board (Byzantine).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RowUnit {
    /// A rank.
    Rank,
    /// A ring.
    Ring,
}

impl std::fmt::Display for RowUnit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            RowUnit::Rank => "rank",
            RowUnit::Ring => "ring",
        })
    }
}

/// One row of the FEN board, as messages name it: `rank 7`, `ring 2`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Row {
    /// Rank or ring.
    pub unit: RowUnit,
    /// Its number (rank 1 is White's first rank, ring 1 the innermost).
    pub number: usize,
}

impl std::fmt::Display for Row {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.unit, self.number)
    }
}

/// `` `a` or `b` ``: the options a message lists.
fn either(options: &[String]) -> String {
    let quoted: Vec<String> = options.iter().map(|s| format!("`{s}`")).collect();
    quoted.join(" or ")
}

/// What is wrong with a FEN; its `Display` is the reason part of [`FenError`]'s message.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum FenErrorKind {
    /// No field at all.
    #[error("empty FEN")]
    Empty,
    /// More than six fields.
    #[error("too many fields")]
    TooManyFields,
    /// The board has another number of ranks (rings) than the game.
    #[error("{given} {unit}s given, the board has {expected}")]
    RowCount {
        /// Rank or ring.
        unit: RowUnit,
        /// Rows given.
        given: usize,
        /// Rows of the board.
        expected: usize,
    },
    /// A run of digits too long to be a number.
    #[error("{row}: bad number")]
    BadNumber {
        /// The row.
        row: Row,
    },
    /// A run of zero cells (`0`).
    #[error("{row}: a run of 0 cells")]
    ZeroRun {
        /// The row.
        row: Row,
    },
    /// A digit other than `1` in a row in the Persian Chess app's dialect.
    #[error("{row}: digit `{digit}` in a one-`1`-per-cell rank")]
    AppDigit {
        /// The row.
        row: Row,
        /// The digit.
        digit: usize,
    },
    /// `*` (a non-existent cell) where the board has a cell.
    #[error("{row}: `*` on the existing cell {cell}")]
    StarOnCell {
        /// The row.
        row: Row,
        /// The cell's name.
        cell: String,
    },
    /// A letter that is no piece of the game.
    #[error("{row}: unknown piece `{token}`")]
    UnknownPiece {
        /// The row.
        row: Row,
        /// The letter (with its marker, such as `+X`).
        token: String,
    },
    /// A pawn letter without the mark the game's pawns carry (Tamerlane's `P'`).
    #[error("{row}: unknown piece `{token}` (a pawn is written `{marked}`)")]
    UnmarkedPawn {
        /// The row.
        row: Row,
        /// The letter as written.
        token: String,
        /// The pawn's symbol.
        marked: String,
    },
    /// The start of longer piece symbols only (Byzantine `P` for `P>`/`P<`).
    #[error("{row}: incomplete piece `{token}`: expected {}", either(options))]
    IncompletePiece {
        /// The row.
        row: Row,
        /// The text as written.
        token: String,
        /// The symbols it starts, sorted.
        options: Vec<String>,
    },
    /// A piece on a cell of the frame the board does not have.
    #[error("{row}: piece `{piece}` on the non-existent cell {cell}")]
    NonExistentCell {
        /// The row.
        row: Row,
        /// The piece's symbol.
        piece: String,
        /// The cell's name (`b10`, or `column N` beyond file z).
        cell: String,
    },
    /// A row of another length than the board's.
    #[error("{row}: {cells} cells, the {} has {expected}", row.unit)]
    RowLength {
        /// The row.
        row: Row,
        /// Cells given (so far, when too many).
        cells: usize,
        /// Cells of the row.
        expected: usize,
    },
    /// A row that reads validly both as standard FEN and in the Persian Chess app's dialect,
    /// with different contents.
    #[error(
        "{row}: ambiguous: it reads both as standard FEN and as the Persian Chess app's one \
         `1` per empty cell"
    )]
    AmbiguousDialect {
        /// The row.
        row: Row,
    },
    /// Rows in the Persian Chess app's dialect beside rows in standard FEN.
    #[error(
        "{app} `{app_text}` is in the Persian Chess app's form (one `1` per empty cell) but \
         {standard} `{standard_text}` is not: mixed FEN dialects"
    )]
    MixedDialects {
        /// The first row readable only in the app's dialect.
        app: Row,
        /// Its text.
        app_text: String,
        /// The first row readable only as standard FEN.
        standard: Row,
        /// Its text.
        standard_text: String,
    },
    /// The side to move is neither `w` nor `b`.
    #[error("expected `w` or `b`")]
    BadSide,
    /// The rights field does not read.
    #[error("{0}")]
    Rights(#[source] RightsError),
    /// The en passant field names no cell of the board.
    #[error("no such cell")]
    NoSuchCell,
    /// An en passant cell in a game without en passant.
    #[error("this game has no en passant")]
    NoEnPassant,
    /// A clock field that is not a number.
    #[error("expected a number from {min}")]
    NotANumber {
        /// The smallest value allowed.
        min: u64,
    },
    /// A clock field out of its range.
    #[error("out of range ({min} to {max})")]
    OutOfRange {
        /// The smallest value allowed.
        min: u64,
        /// The largest value allowed.
        max: u64,
    },
    /// The fields read, but the rules reject the position (a piece where it cannot stand,
    /// a right without its piece, the side not to move in check, ...).
    #[error("{0}")]
    Rejected(#[source] PositionError),
}

/// A number field in `min..=max`.
fn number(text: &str, min: u64, max: u64) -> Result<u64, FenErrorKind> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(FenErrorKind::NotANumber { min });
    }
    match text.parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(FenErrorKind::OutOfRange { min, max }),
    }
}

impl FenError {
    /// An error in `field`; the offending text is kept shortened to [`crate::ECHO_CHARS`].
    fn new(field: FenField, text: &str, kind: FenErrorKind) -> Self {
        FenError {
            field,
            text: crate::clip(text),
            kind,
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
pub fn parse<G: Game>(fen: &str) -> Result<Position<G>, FenError> {
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
    FenError::new(field, text, FenErrorKind::Rejected(e))
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
pub fn start<G: Game>() -> Position<G> {
    Position::start()
}

/// Parses a FEN into an unchecked [`Setup`] for game `G`. Missing clock fields default to
/// `0 1`.
pub fn parse_setup<G: Game>(fen: &str) -> Result<Setup, FenError> {
    let cfg = G::config();
    let geo = cfg.geometry();
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.is_empty() {
        return Err(FenError::new(FenField::Board, fen, FenErrorKind::Empty));
    }
    if fields.len() > 6 {
        return Err(FenError::new(
            FenField::Position,
            fields[6],
            FenErrorKind::TooManyFields,
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
        _ => return Err(FenError::new(FenField::Turn, turn, FenErrorKind::BadSide)),
    };
    let rights = fields.get(2).copied().unwrap_or("-");
    G::config()
        .rights
        .read(rights, &mut setup)
        .map_err(|r| FenError::new(FenField::Rights, rights, FenErrorKind::Rights(r)))?;
    let ep = fields.get(3).copied().unwrap_or("-");
    if ep != "-" {
        let sq = geo
            .parse_square(ep)
            .ok_or_else(|| FenError::new(FenField::EnPassant, ep, FenErrorKind::NoSuchCell))?;
        if !G::config().en_passant {
            return Err(FenError::new(
                FenField::EnPassant,
                ep,
                FenErrorKind::NoEnPassant,
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

/// Reads one FEN rank (or ring) into its cells.
fn parse_row<W: citadel_geometry::BitWord>(
    geo: &citadel_geometry::Geometry<W>,
    tokens: &[(String, Piece)],
    text: &str,
    cells: &[Option<citadel_geometry::Square>],
    row: Row,
    digits: Digits,
) -> Result<Vec<Option<Piece>>, FenErrorKind> {
    let mut out = vec![None; cells.len()];
    let mut col = 0usize;
    let mut rest: &str = text;
    let length = |cells_given: usize| FenErrorKind::RowLength {
        row,
        cells: cells_given,
        expected: cells.len(),
    };
    while !rest.is_empty() {
        let c = rest.as_bytes()[0];
        if c.is_ascii_digit() {
            let n_len = match digits {
                Digits::Runs => rest.bytes().take_while(u8::is_ascii_digit).count(),
                Digits::Unary => 1,
            };
            let n: usize = rest[..n_len]
                .parse()
                .map_err(|_| FenErrorKind::BadNumber { row })?;
            if n == 0 {
                return Err(FenErrorKind::ZeroRun { row });
            }
            if digits == Digits::Unary && n != 1 {
                return Err(FenErrorKind::AppDigit { row, digit: n });
            }
            col = col.saturating_add(n);
            rest = &rest[n_len..];
        } else if c == b'*' {
            if let Some(Some(sq)) = cells.get(col) {
                return Err(FenErrorKind::StarOnCell {
                    row,
                    cell: geo.name_of(*sq).to_string(),
                });
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
                    return Err(FenErrorKind::UnmarkedPawn { row, token, marked });
                }
                // a prefix of longer symbols (Byzantine `P` for `P>`/`P<`): say what completes it
                let mut options: Vec<String> = tokens
                    .iter()
                    .map(|(s, _)| s.clone())
                    .filter(|s| s.starts_with(token.as_str()))
                    .collect();
                if !options.is_empty() {
                    options.sort_unstable();
                    return Err(FenErrorKind::IncompletePiece {
                        row,
                        token,
                        options,
                    });
                }
                return Err(FenErrorKind::UnknownPiece { row, token });
            };
            match cells.get(col) {
                Some(Some(_)) => out[col] = Some(*piece),
                Some(None) => {
                    return Err(FenErrorKind::NonExistentCell {
                        row,
                        piece: sym.clone(),
                        cell: frame_name(geo, cells, col, row.number),
                    });
                }
                None => {}
            }
            col += 1;
            rest = &rest[sym.len()..];
        }
        if col > cells.len() {
            return Err(length(col));
        }
    }
    if col != cells.len() {
        return Err(length(col));
    }
    Ok(out)
}

/// Whether a rank has a run of two or more digits: only then do the two readings differ.
fn has_digit_run(row: &str) -> bool {
    row.as_bytes()
        .windows(2)
        .any(|w| w[0].is_ascii_digit() && w[1].is_ascii_digit())
}

fn parse_board<G: Game>(text: &str, board: &mut [Option<Piece>]) -> Result<(), FenError> {
    let cfg = G::config();
    let geo = cfg.geometry();
    let rows = geo.fen_rows();
    let given: Vec<&str> = text.split('/').collect();
    let unit = if geo.wraps() {
        RowUnit::Ring
    } else {
        RowUnit::Rank
    };
    if given.len() != rows.len() {
        return Err(FenError::new(
            FenField::Board,
            text,
            FenErrorKind::RowCount {
                unit,
                given: given.len(),
                expected: rows.len(),
            },
        ));
    }
    let tokens = tokens::<G>();
    // (row, its text) of the first rank readable only one way, per reading
    let mut only_runs: Option<(Row, &str)> = None;
    let mut only_unary: Option<(Row, &str)> = None;
    for (ri, (text, cells)) in given.iter().zip(&rows).enumerate() {
        let row = Row {
            unit,
            number: rows.len() - ri,
        };
        let bad = |kind: FenErrorKind| FenError::new(FenField::Board, text, kind);
        let runs = parse_row(geo, &tokens, text, cells, row, Digits::Runs);
        let unary = if G::config().unary_empty_fen && has_digit_run(text) {
            Some(parse_row(geo, &tokens, text, cells, row, Digits::Unary))
        } else {
            None
        };
        let contents = match (runs, unary) {
            (Ok(a), None) => a,
            (Ok(a), Some(Err(_))) => {
                only_runs.get_or_insert((row, text));
                a
            }
            (Err(_), Some(Ok(b))) => {
                only_unary.get_or_insert((row, text));
                b
            }
            (Ok(_), Some(Ok(_))) => return Err(bad(FenErrorKind::AmbiguousDialect { row })),
            (Err(e), _) => return Err(bad(e)),
        };
        for (cell, piece) in cells.iter().zip(contents) {
            if let Some(sq) = cell {
                board[sq.index()] = piece;
            }
        }
    }
    if let (Some((standard, ra)), Some((app, rb))) = (only_runs, only_unary) {
        return Err(FenError::new(
            FenField::Board,
            text,
            FenErrorKind::MixedDialects {
                app,
                app_text: crate::clip(rb),
                standard,
                standard_text: crate::clip(ra),
            },
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

/// Writes the canonical FEN of a position ([`Position::fen`]): the en passant cell only
/// when a capture there is legal, as shakmaty, python-chess and lichess write it.
///
/// ```
/// use citadel_notation::fen;
/// use citadel_rules::Chess;
/// // Black's d-pawn can take on e3: the cell is written
/// let text = "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1";
/// assert_eq!(fen::write(&fen::parse::<Chess>(text).unwrap()), text);
/// // no pawn can: it is not (the reader accepts it)
/// let pos = fen::parse::<Chess>("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1").unwrap();
/// assert_eq!(fen::write(&pos), "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
/// ```
pub fn write<G: Game>(pos: &Position<G>) -> String {
    pos.fen()
}

/// Writes the FEN of a setup as it stands ([`Config::write_fen`](citadel_rules::Config::write_fen)):
/// its en passant cell is written whether or not a capture there is legal.
pub fn write_setup<G: Game>(setup: &Setup) -> String {
    G::config().write_fen(setup)
}
