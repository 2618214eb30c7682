//! The FEN a position is written in: ranks from the highest down, runs of empty or
//! non-existent cells as numbers, then side, rights, en passant cell, halfmove clock and move
//! number (over rings for Byzantine). Written here so that a position can name itself
//! ([`Position::fen`], `Display`, the FEN an [`IllegalMove`](crate::IllegalMove) carries);
//! the tolerant reader, with its typed errors, is the notation crate's.
//!
//! The en passant cell is written as shakmaty, python-chess and lichess write it: only when
//! a capture there is legal. A double step that no pawn can answer leaves no mark, so two
//! positions that offer the same moves have the same FEN.

use crate::{Config, Game, MoveFlag, Position, Setup};
use citadel_geometry::BitWord;

impl<W: BitWord> Config<W> {
    /// The FEN of `setup` as it stands: its en passant cell, if any, is written whether or
    /// not a capture there is legal (a setup has no moves; [`Position::fen`] has).
    pub fn write_fen(&self, setup: &Setup) -> String {
        let geo = self.geometry();
        let mut out = String::new();
        for (i, row) in geo.fen_rows().iter().enumerate() {
            if i > 0 {
                out.push('/');
            }
            let mut run = 0;
            for cell in row {
                match cell.and_then(|sq| setup.board.get(sq.index()).copied().flatten()) {
                    Some(p) => {
                        if run > 0 {
                            out.push_str(&run.to_string());
                            run = 0;
                        }
                        out.push_str(&self.symbol_of(p.kind, p.color));
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
            .filter(|e| e.index() < geo.len())
            .map_or("-", |e| geo.name_of(e));
        format!(
            "{out} {} {} {ep} {} {}",
            setup.turn.char(),
            self.rights.write(setup),
            setup.halfmove,
            setup.fullmove
        )
    }
}

impl<G: Game> Position<G> {
    /// The position's FEN, with its en passant cell only when a capture there is legal.
    ///
    /// ```
    /// use citadel_rules::{Chess, Game, Move, MoveFlag, Position};
    /// let mut pos = Position::<Chess>::start();
    /// let g = Chess::config().geometry();
    /// let sq = |n: &str| g.parse_square(n).unwrap();
    /// pos.try_play(Move::with_flag(sq("e2"), sq("e4"), MoveFlag::DoubleStep)).unwrap();
    /// // no black pawn can take on e3: no en passant cell
    /// assert_eq!(pos.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /// assert_eq!(pos.to_string(), pos.fen());
    /// ```
    pub fn fen(&self) -> String {
        let mut setup = self.to_setup();
        setup.ep = self.legal_ep_square();
        self.config().write_fen(&setup)
    }

    /// The en passant cell when a capture there is legal now.
    pub fn legal_ep_square(&self) -> Option<citadel_geometry::Square> {
        let e = self.ep_square()?;
        self.legal_moves()
            .iter()
            .any(|m| m.flag == MoveFlag::EnPassant && m.to == e)
            .then_some(e)
    }
}

impl<G: Game> std::fmt::Display for Position<G> {
    /// The position's [`fen`](Position::fen).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.fen())
    }
}
