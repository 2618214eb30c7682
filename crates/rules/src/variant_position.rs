//! A position whose game is chosen at run time: an enum over the nine [`Position`] types,
//! with the common operations delegated (for callers who pick the game from user input; hot
//! loops should use [`with_game!`](crate::with_game) and the generic `Position<G>`).

use crate::{
    Byzantine, CelticCitadel, Chess, Color, EgyptianEye, IllegalMove, MiniCitadel, Move, MoveList,
    OrientalOmega, Outcome, PersianPrincess, Piece, Position, PositionError, Setup, Shatranj,
    Tamerlane, Variant,
};
use citadel_geometry::Square;

/// A position of any of the games, chosen at run time.
///
/// ```
/// use citadel_rules::{Variant, VariantPosition};
/// let v: Variant = "persian-princess".parse().unwrap();
/// let mut pos = VariantPosition::start(v);
/// assert_eq!(pos.legal_moves().len(), 25);
/// let m = pos.legal_moves()[0];
/// pos.try_play(m).unwrap();
/// assert_eq!(pos.perft(1), 25);
/// assert_eq!(pos.undo(), Some(m));
/// assert_eq!(pos.variant(), Variant::PersianPrincess);
/// ```
#[derive(Clone, Debug, PartialEq)]
#[allow(missing_docs)]
pub enum VariantPosition {
    Chess(Position<Chess>),
    CelticCitadel(Position<CelticCitadel>),
    PersianPrincess(Position<PersianPrincess>),
    EgyptianEye(Position<EgyptianEye>),
    OrientalOmega(Position<OrientalOmega>),
    MiniCitadel(Position<MiniCitadel>),
    Tamerlane(Position<Tamerlane>),
    Byzantine(Position<Byzantine>),
    Shatranj(Position<Shatranj>),
}

/// Runs `$body` with `$p` bound to the [`Position`] inside a [`VariantPosition`], so a
/// caller holding a position of a game chosen at run time can use generic code over
/// `Position<G>` (the body is compiled once per game).
///
/// ```
/// use citadel_rules::{with_position, Game, Position, Variant, VariantPosition};
/// fn kinds<G: Game>(_: &Position<G>) -> usize {
///     G::config().symbols.len()
/// }
/// let pos = VariantPosition::start(Variant::Tamerlane);
/// assert_eq!(with_position!(&pos, p => kinds(p)), 23);
/// ```
#[macro_export]
macro_rules! with_position {
    ($pos:expr, $p:ident => $body:expr) => {
        match $pos {
            $crate::VariantPosition::Chess($p) => $body,
            $crate::VariantPosition::CelticCitadel($p) => $body,
            $crate::VariantPosition::PersianPrincess($p) => $body,
            $crate::VariantPosition::EgyptianEye($p) => $body,
            $crate::VariantPosition::OrientalOmega($p) => $body,
            $crate::VariantPosition::MiniCitadel($p) => $body,
            $crate::VariantPosition::Tamerlane($p) => $body,
            $crate::VariantPosition::Byzantine($p) => $body,
            $crate::VariantPosition::Shatranj($p) => $body,
        }
    };
}
use crate::with_position as each;

macro_rules! from_position {
    ($($game:ident),*) => {
        $(impl From<Position<$game>> for VariantPosition {
            fn from(p: Position<$game>) -> Self {
                VariantPosition::$game(p)
            }
        })*
    };
}
from_position!(
    Chess,
    CelticCitadel,
    PersianPrincess,
    EgyptianEye,
    OrientalOmega,
    MiniCitadel,
    Tamerlane,
    Byzantine,
    Shatranj
);

impl VariantPosition {
    /// The start position of `variant`.
    pub fn start(variant: Variant) -> Self {
        crate::with_game!(variant, G => Position::<G>::start().into())
    }

    /// A position of `variant` from a setup, checked as [`Position::from_setup`] does.
    pub fn from_setup(variant: Variant, setup: &Setup) -> Result<Self, PositionError> {
        crate::with_game!(variant, G => Position::<G>::from_setup(setup).map(Self::from))
    }

    /// The game.
    pub fn variant(&self) -> Variant {
        match self {
            VariantPosition::Chess(_) => Variant::Chess,
            VariantPosition::CelticCitadel(_) => Variant::CelticCitadel,
            VariantPosition::PersianPrincess(_) => Variant::PersianPrincess,
            VariantPosition::EgyptianEye(_) => Variant::EgyptianEye,
            VariantPosition::OrientalOmega(_) => Variant::OrientalOmega,
            VariantPosition::MiniCitadel(_) => Variant::MiniCitadel,
            VariantPosition::Tamerlane(_) => Variant::Tamerlane,
            VariantPosition::Byzantine(_) => Variant::Byzantine,
            VariantPosition::Shatranj(_) => Variant::Shatranj,
        }
    }

    /// The position's setup.
    pub fn to_setup(&self) -> Setup {
        each!(self, p => p.to_setup())
    }

    /// The legal moves.
    pub fn legal_moves(&self) -> MoveList {
        each!(self, p => p.legal_moves())
    }

    /// Whether `m` is legal here ([`Position::is_legal`]).
    pub fn is_legal(&self, m: Move) -> bool {
        each!(self, p => p.is_legal(m))
    }

    /// Plays `m` if it is legal ([`Position::try_play`]).
    pub fn try_play(&mut self, m: Move) -> Result<(), IllegalMove> {
        each!(self, p => p.try_play(m))
    }

    /// Plays `m` unchecked ([`Position::play_unchecked`]): for moves from
    /// [`legal_moves`](Self::legal_moves) of this position.
    ///
    /// # Panics
    ///
    /// As [`Position::play_unchecked`]: never for a legal move.
    pub fn play_unchecked(&mut self, m: Move) {
        each!(self, p => p.play_unchecked(m))
    }

    /// Takes back the last move played.
    pub fn undo(&mut self) -> Option<Move> {
        each!(self, p => p.undo())
    }

    /// The outcome by the rules of play (see [`Position::outcome`]).
    pub fn outcome(&self) -> Option<Outcome> {
        each!(self, p => p.outcome())
    }

    /// The outcome including draws by repetition, move limit and material.
    pub fn outcome_with_draws(&self) -> Option<Outcome> {
        each!(self, p => p.outcome_with_draws())
    }

    /// Side to move.
    pub fn turn(&self) -> Color {
        each!(self, p => p.turn())
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        each!(self, p => p.in_check())
    }

    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        each!(self, p => p.piece_at(sq))
    }

    /// The Zobrist hash.
    pub fn hash(&self) -> u64 {
        each!(self, p => p.hash())
    }

    /// The outcome including draws, for a caller who has the position's legal moves
    /// ([`Position::outcome_among`]).
    pub fn outcome_among(&self, moves: &MoveList) -> Option<Outcome> {
        each!(self, p => p.outcome_among(moves))
    }

    /// The cell named `name` on this game's board (`"e4"`, `"x1"`, `"a1"` of a ring).
    ///
    /// ```
    /// use citadel_rules::{Variant, VariantPosition};
    /// let pos = VariantPosition::start(Variant::Tamerlane);
    /// let x1 = pos.parse_square("x1").unwrap();
    /// assert_eq!(pos.square_name(x1), "x1");
    /// assert_eq!(pos.parse_square("z9"), None);
    /// ```
    pub fn parse_square(&self, name: &str) -> Option<Square> {
        each!(self, p => p.config().geometry().parse_square(name))
    }

    /// The name of `sq` on this game's board.
    ///
    /// # Panics
    ///
    /// If `sq` is not a cell of the board (a square from another game's board).
    pub fn square_name(&self, sq: Square) -> &'static str {
        each!(self, p => p.config().geometry().name_of(sq))
    }

    /// The legal move from `from` to `to` (with promotion kind `promotion`, if the move
    /// promotes), if there is exactly one such move.
    pub fn find_move(&self, from: Square, to: Square, promotion: Option<u8>) -> Option<Move> {
        let moves = self.legal_moves();
        let mut found = moves
            .iter()
            .filter(|m| m.from == from && m.to == to && m.promotion == promotion);
        let first = *found.next()?;
        found.next().is_none().then_some(first)
    }

    /// The number of moves played since the position was set up (what
    /// [`undo`](Self::undo) can take back).
    pub fn ply_count(&self) -> usize {
        each!(self, p => p.ply_count())
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<Move> {
        each!(self, p => p.last_move())
    }

    /// The halfmove clock (plies since the last capture or pawn move).
    pub fn halfmove_clock(&self) -> u16 {
        each!(self, p => p.halfmove_clock())
    }

    /// The fullmove number.
    pub fn fullmove_number(&self) -> u32 {
        each!(self, p => p.fullmove_number())
    }

    /// How many times the current position occurred before in the game.
    pub fn repetitions(&self) -> usize {
        each!(self, p => p.repetitions())
    }

    /// Perft to `depth` ([`crate::perft`]).
    pub fn perft(&mut self, depth: u32) -> u64 {
        each!(self, p => crate::perft(p, depth))
    }

    /// Perft split by first move ([`crate::divide`]).
    pub fn divide(&mut self, depth: u32) -> Vec<(Move, u64)> {
        each!(self, p => crate::divide(p, depth))
    }
}
