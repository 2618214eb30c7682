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
    let bad = |what: &str| -> ! { panic!("start FEN of {}: {what}", cfg.id) };
    let geo = cfg.geometry();
    let fields: Vec<&str> = cfg.start_fen.split_whitespace().collect();
    if fields.len() != 6 {
        bad("expected six fields");
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
        bad("wrong number of ranks");
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
                    _ => bad("a piece on a cell that does not exist"),
                }
                col += 1;
                rest = &rest[sym.len()..];
            } else {
                bad("unknown piece")
            }
        }
        if col != cells.len() {
            bad("a rank of the wrong length");
        }
    }
    setup.turn = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        _ => bad("bad side to move"),
    };
    if let Err(e) = cfg.rights.read(fields[2], &mut setup) {
        bad(&e.to_string());
    }
    if fields[3] != "-" {
        bad("an en passant cell");
    }
    setup.halfmove = fields[4]
        .parse()
        .unwrap_or_else(|_| bad("bad halfmove clock"));
    setup.fullmove = fields[5].parse().unwrap_or_else(|_| bad("bad move number"));
    setup
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
