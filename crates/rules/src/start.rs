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

/// Reads the start FEN of `cfg`, or says what is wrong with it (for a game defined at run
/// time, whose start FEN is user text; the halfmove clock and move number may be left out).
pub(crate) fn try_read<W: BitWord>(cfg: &Config<W>) -> Result<Setup, String> {
    let geo = cfg.geometry();
    let mut fields: Vec<&str> = cfg.start_fen.split_whitespace().collect();
    if fields.len() == 4 {
        fields.extend(["0", "1"]);
    }
    if fields.len() != 6 {
        return Err("expected six fields".into());
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
        return Err("wrong number of ranks".into());
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
                    _ => return Err("a piece on a cell that does not exist".into()),
                }
                col += 1;
                rest = &rest[sym.len()..];
            } else {
                let c = rest.chars().next().unwrap_or('?');
                return Err(format!("unknown piece `{c}`"));
            }
        }
        if col != cells.len() {
            return Err(format!(
                "the rank `{text}` has {col} cells, the board {}",
                cells.len()
            ));
        }
    }
    setup.turn = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(format!("bad side to move `{other}`")),
    };
    cfg.rights
        .read(fields[2], &mut setup)
        .map_err(|e| e.to_string())?;
    if fields[3] != "-" {
        return Err("an en passant cell".into());
    }
    setup.halfmove = fields[4]
        .parse()
        .map_err(|_| format!("bad halfmove clock `{}`", fields[4]))?;
    setup.fullmove = fields[5]
        .parse()
        .map_err(|_| format!("bad move number `{}`", fields[5]))?;
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
