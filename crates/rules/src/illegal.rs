//! The one error of a refused move, [`IllegalMove`]: what was given, how far it was read,
//! why the position refused it, and the position's FEN. Every entry point that reads or
//! plays a move returns it (SAN, coordinates, [`Position::try_play`]) or wraps it (replay).

use crate::{Game, Move, MoveFlag, Outcome, Position};
use citadel_geometry::{BitWord, Bitboard, Geometry, Square};

/// A move a position refused.
///
/// ```
/// use citadel_rules::{Chess, Game, IllegalMove, Move, Position, Reason};
/// let mut pos = Position::<Chess>::start();
/// let g = Chess::config().geometry();
/// let sq = |n: &str| g.parse_square(n).unwrap();
/// let e = pos.try_play(Move::new(sq("e2"), sq("e5"))).unwrap_err();
/// assert_eq!(e.text, "e2e5");
/// assert!(matches!(e.reason, Reason::NoMoveFrom { .. }));
/// assert_eq!(e.to_string(), "no legal move from e2 to e5");
/// assert_eq!(e.fen, pos.fen());
/// ```
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{reason}")]
pub struct IllegalMove {
    /// The move as given: its text, or the coordinates of a [`Move`] (`e2e5`).
    pub text: String,
    /// The move refused, when it was given as one ([`Position::try_play`]).
    pub mv: Option<Move>,
    /// The move as it was read, as far as reading got.
    pub parsed: ParsedMove,
    /// Why the position refused it.
    pub reason: Reason,
    /// The FEN of the position that refused it ([`Position::fen`]).
    pub fen: String,
}

impl IllegalMove {
    /// Whether the text is no move at all (its syntax, an unknown piece letter or cell), as
    /// opposed to a well-formed move the position refuses. Python's binding raises
    /// `InvalidMoveError` for these.
    pub fn is_invalid(&self) -> bool {
        self.reason.is_invalid()
    }

    /// Whether the text fits several legal moves.
    pub fn is_ambiguous(&self) -> bool {
        matches!(self.reason, Reason::Ambiguous { .. })
    }
}

/// A move as it was read: the parts its text names, by their names on the board. A part
/// the text does not give, or that reading did not reach, is `None`.
#[derive(Clone, Default, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ParsedMove {
    /// The moving piece's name (`knight`), from a SAN letter or the piece on the start cell.
    pub piece: Option<String>,
    /// The start cell, or a SAN disambiguation as written (`b`, `3`).
    pub from: Option<String>,
    /// The destination cell.
    pub to: Option<String>,
    /// The promotion as written (`Q`, `n`).
    pub promotion: Option<String>,
}

/// Why a position refused a move. New reasons may come with new games, so a `match` outside
/// this crate needs a `_` arm.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Reason {
    /// The text is not a move at all.
    #[error("`{0}` is not a move")]
    Syntax(String),
    /// The piece letter is not one of the game's.
    #[error("unknown piece letter `{0}`")]
    UnknownPiece(String),
    /// The text names a cell the board does not have.
    #[error("{0} is not a cell of this board")]
    NoSuchSquare(String),
    /// No piece of that kind can go there, even ignoring its king's safety.
    #[error("no {piece} can move to {to}")]
    NoPiece {
        /// The piece's name (`knight`).
        piece: String,
        /// The destination's name.
        to: String,
    },
    /// Pieces of that kind can go there, but none from the cells the disambiguation names.
    #[error("no {piece} on {from} can move to {to}")]
    NoPieceFrom {
        /// The piece's name.
        piece: String,
        /// The disambiguation as written (`b`, `3`, `b3`).
        from: String,
        /// The destination's name.
        to: String,
    },
    /// The text marks a capture, but the move does not capture.
    #[error("no {piece} can capture on {to}")]
    NoCapture {
        /// The piece's name.
        piece: String,
        /// The destination's name.
        to: String,
    },
    /// The piece could make the move, but it shields its king from an attack.
    #[error("the {piece} on {from} is pinned: moving to {to} would expose the king")]
    Pinned {
        /// The piece's name.
        piece: String,
        /// Its cell.
        from: String,
        /// The destination's name.
        to: String,
    },
    /// The piece could make the move, but the king would be in check after it (the king is
    /// in check and the move does not answer it, or the king would step into check).
    #[error("the {piece} on {from} cannot move to {to}: the king would be in check")]
    KingInCheck {
        /// The piece's name.
        piece: String,
        /// Its cell.
        from: String,
        /// The destination's name.
        to: String,
    },
    /// Several legal moves fit the text.
    #[error("`{text}` is ambiguous: it fits {}", candidates.join(", "))]
    Ambiguous {
        /// The text as given.
        text: String,
        /// The fitting moves in canonical SAN.
        candidates: Vec<String>,
    },
    /// The move promotes with a choice of pieces, and the text names none.
    #[error("`{text}` must name its promotion ({})", choices.join(", "))]
    PromotionRequired {
        /// The text as given.
        text: String,
        /// The choices, as SAN suffixes (`=Q`).
        choices: Vec<String>,
    },
    /// The promotion named is not one of the move's choices.
    #[error("`{0}` is not a promotion choice of this move")]
    BadPromotion(String),
    /// The removal suffix names no removable pawn pair of this move.
    #[error("`{0}`: no such pawn-pair removal with this move")]
    BadRemoval(String),
    /// A special form (castling, ...) that is not legal now.
    #[error("`{0}` is not legal here")]
    Unavailable(String),
    /// No legal move goes from this cell to that one.
    #[error("no legal move from {from} to {to}")]
    NoMoveFrom {
        /// The start cell's name.
        from: String,
        /// The destination's name.
        to: String,
    },
    /// The game is over: no move is legal.
    #[error("the game is over ({0})")]
    GameOver(Outcome),
}

impl Reason {
    /// Whether the text is no move at all: its syntax, an unknown piece letter or cell.
    pub fn is_invalid(&self) -> bool {
        matches!(
            self,
            Reason::Syntax(_) | Reason::UnknownPiece(_) | Reason::NoSuchSquare(_)
        )
    }
}

/// The name of `sq` on `geo`, or `#N` for a cell the board does not have.
fn cell_name<W: BitWord>(geo: &Geometry<W>, sq: Square) -> String {
    if sq.index() < geo.len() {
        geo.name_of(sq).to_string()
    } else {
        format!("#{}", sq.index())
    }
}

impl<G: Game> Position<G> {
    /// Why no legal move takes a piece of the side to move from a cell of `from` to `to`
    /// when one of them could go there by its moves, its king's safety aside:
    /// [`Reason::KingInCheck`] when its king is in check or is the piece,
    /// [`Reason::Pinned`] otherwise. `None` when none of them can go there at all (or a
    /// legal move does).
    ///
    /// ```
    /// use citadel_geometry::Bitboard;
    /// use citadel_rules::{Chess, Game, Position, Reason, Setup, Piece, Color};
    /// // the knight on d2 shields its king on e1 from the bishop on b4
    /// let g = Chess::config().geometry();
    /// let sq = |n: &str| g.parse_square(n).unwrap();
    /// let mut s = Setup::empty::<Chess>();
    /// s.put(sq("e1"), Some(Piece::new(0, Color::White))); // king
    /// s.put(sq("d2"), Some(Piece::new(4, Color::White))); // knight
    /// s.put(sq("b4"), Some(Piece::new(3, Color::Black))); // bishop
    /// s.put(sq("e8"), Some(Piece::new(0, Color::Black)));
    /// let pos = Position::<Chess>::from_setup(&s).unwrap();
    /// let r = pos.refusal(Bitboard::from_square(sq("d2")), sq("f3"));
    /// assert!(matches!(r, Some(Reason::Pinned { .. })));
    /// assert_eq!(pos.refusal(Bitboard::from_square(sq("d2")), sq("d4")), None);
    /// ```
    pub fn refusal(&self, from: Bitboard<G::Word>, to: Square) -> Option<Reason> {
        let cfg = self.config();
        let geo = cfg.geometry();
        if to.index() >= geo.len() {
            return None;
        }
        let ours = from & self.bitboards().color[self.turn().index()];
        let royals = self.royals(self.turn());
        for f in ours {
            let kind = self.piece_at(f)?.kind;
            let promotions = cfg.promotions[kind as usize].iter().map(|&k| Some(k));
            let fits = [MoveFlag::Normal, MoveFlag::DoubleStep, MoveFlag::EnPassant]
                .into_iter()
                .flat_map(|flag| {
                    std::iter::once(None)
                        .chain(promotions.clone())
                        .map(move |promotion| Move {
                            promotion,
                            ..Move::with_flag(f, to, flag)
                        })
                })
                .any(|m| self.is_regular(&m));
            if !fits || self.is_legal_regular_to(f, to) {
                continue;
            }
            let piece = cfg.pieces.defs()[kind as usize].name.clone();
            let (from, to) = (cell_name(geo, f), cell_name(geo, to));
            return Some(if self.in_check() || royals.contains(f) {
                Reason::KingInCheck { piece, from, to }
            } else {
                Reason::Pinned { piece, from, to }
            });
        }
        None
    }

    /// Whether some legal move goes from `from` to `to`.
    fn is_legal_regular_to(&self, from: Square, to: Square) -> bool {
        self.legal_moves()
            .iter()
            .any(|m| m.from == from && m.to == to)
    }

    /// The error for `m`, refused here: its coordinates as the text, the reason from
    /// the rules ([`refusal`](Self::refusal), or the game being over, or no legal move
    /// between its cells).
    pub fn illegal(&self, m: &Move) -> IllegalMove {
        let cfg = self.config();
        let geo = cfg.geometry();
        let (from, to) = (cell_name(geo, m.from), cell_name(geo, m.to));
        let mut text = format!("{from}{to}");
        let promotion = m
            .promotion
            .and_then(|k| cfg.symbols.get(k as usize))
            .map(|s| s.to_lowercase());
        text.push_str(promotion.as_deref().unwrap_or(""));
        let piece = (m.from.index() < geo.len())
            .then(|| self.piece_at(m.from))
            .flatten()
            .and_then(|p| cfg.pieces.defs().get(p.kind as usize))
            .map(|d| d.name.clone());
        let over = self
            .legal_moves()
            .is_empty()
            .then(|| self.outcome_given(false))
            .flatten();
        let reason = if let Some(o) = over {
            Reason::GameOver(o)
        } else if m.from.index() < geo.len() {
            self.refusal(Bitboard::from_square(m.from), m.to)
                .unwrap_or(Reason::NoMoveFrom {
                    from: from.clone(),
                    to: to.clone(),
                })
        } else {
            Reason::NoMoveFrom {
                from: from.clone(),
                to: to.clone(),
            }
        };
        IllegalMove {
            text,
            mv: Some(*m),
            parsed: ParsedMove {
                piece,
                from: Some(from),
                to: Some(to),
                promotion,
            },
            reason,
            fen: self.fen(),
        }
    }
}
