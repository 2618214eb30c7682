//! Start positions: each game's module owns its start position as a FEN in the standard form
//! ([`Config::start_fen`]); this module reads it into a [`Setup`] with the game's own symbols
//! and named rights, so that [`Position::start`] needs no other crate. The data is the
//! game's definition, so a malformed start FEN is a bug and panics (every game's start is
//! read by the tests); user text goes through the notation crate's FEN reader, which reports
//! errors.

use crate::{Color, Config, Game, Position, Setup};
use citadel_geometry::{BitWord, Bitboard};

/// Reads the start FEN of `cfg`.
pub(crate) fn read<W: BitWord>(cfg: &Config<W>) -> Setup {
    try_read(cfg).unwrap_or_else(|what| panic!("start FEN of {}: {what}", cfg.id))
}

/// What is wrong with a game's start FEN ([`try_read`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum StartFenError {
    /// Not six fields (or four, without the clocks).
    #[error("expected six fields")]
    Fields,
    /// Another number of ranks than the board's.
    #[error("wrong number of ranks")]
    Ranks,
    /// A piece where the board has no cell.
    #[error("a piece on a cell that does not exist")]
    NoCell,
    /// A letter that is no piece of the game.
    #[error("unknown piece `{0}`")]
    UnknownPiece(char),
    /// A rank of another length than the board's.
    #[error("the rank `{text}` has {cells} cells, the board {board}")]
    RankLength {
        /// The rank as written.
        text: String,
        /// The cells it describes.
        cells: usize,
        /// The cells of the board's rank.
        board: usize,
    },
    /// A side to move other than `w` or `b`.
    #[error("bad side to move `{0}`")]
    Side(String),
    /// The rights field.
    #[error(transparent)]
    Rights(#[from] crate::RightsError),
    /// An en passant cell (a start position has none).
    #[error("an en passant cell")]
    EnPassant,
    /// A halfmove clock that is not a number.
    #[error("bad halfmove clock `{0}`")]
    Halfmove(String),
    /// A move number that is not a number.
    #[error("bad move number `{0}`")]
    Fullmove(String),
}

/// Reads the start FEN of `cfg`, or says what is wrong with it (for a game defined at run
/// time, whose start FEN is user text; the halfmove clock and move number may be left out).
pub(crate) fn try_read<W: BitWord>(cfg: &Config<W>) -> Result<Setup, StartFenError> {
    let geo = cfg.geometry();
    let mut fields: Vec<&str> = cfg.start_fen.split_whitespace().collect();
    if fields.len() == 4 {
        fields.extend(["0", "1"]);
    }
    if fields.len() != 6 {
        return Err(StartFenError::Fields);
    }
    let mut setup = Setup {
        board: vec![None; geo.len()],
        turn: Color::White,
        rights: 0,
        unmoved: Bitboard::EMPTY,
        ep: None,
        halfmove: 0,
        fullmove: 1,
    };
    let tokens = cfg.tokens();
    let rows = geo.fen_rows();
    let given: Vec<&str> = fields[0].split('/').collect();
    if given.len() != rows.len() {
        return Err(StartFenError::Ranks);
    }
    for (text, cells) in given.iter().zip(&rows) {
        let mut col = 0usize;
        let mut rest = *text;
        while !rest.is_empty() {
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            if digits > 0 {
                col += rest[..digits].parse::<usize>().unwrap_or(0);
                rest = &rest[digits..];
            } else if let Some((sym, piece)) = tokens.iter().find(|(s, _)| rest.starts_with(s)) {
                match cells.get(col) {
                    Some(Some(sq)) => setup.board[sq.index()] = Some(*piece),
                    _ => return Err(StartFenError::NoCell),
                }
                col += 1;
                rest = &rest[sym.len()..];
            } else {
                let c = rest.chars().next().unwrap_or('?');
                return Err(StartFenError::UnknownPiece(c));
            }
        }
        if col != cells.len() {
            return Err(StartFenError::RankLength {
                text: text.to_string(),
                cells: col,
                board: cells.len(),
            });
        }
    }
    setup.turn = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(StartFenError::Side(other.to_string())),
    };
    cfg.rights.read(fields[2], &mut setup)?;
    if fields[3] != "-" {
        return Err(StartFenError::EnPassant);
    }
    setup.halfmove = fields[4]
        .parse()
        .map_err(|_| StartFenError::Halfmove(fields[4].to_string()))?;
    setup.fullmove = fields[5]
        .parse()
        .map_err(|_| StartFenError::Fullmove(fields[5].to_string()))?;
    Ok(setup)
}

impl<G: Game> Position<G> {
    /// The start position of game `G`.
    ///
    /// ```
    /// use citadel_rules::{Chess, Position};
    /// let pos = Position::<Chess>::start();
    /// assert_eq!(pos.legal_moves().len(), 20);
    /// ```
    pub fn start() -> Self {
        let cfg = G::config();
        Self::from_setup(&cfg.start_setup())
            .unwrap_or_else(|e| panic!("start position of {} is invalid: {e}", cfg.id))
    }
}
