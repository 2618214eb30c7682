//! A game's landmarks as data: the cells its board marks because a rule or the board's
//! tradition sets them apart (Persian Chess's centre square, the Egyptian Eye and the cells
//! it watches). Pictures of the board read them, so a game's look needs no code of its own.

use citadel_geometry::{BitWord, Bitboard, Square};

/// The marked cells of a game's board, over the game's bitboard word `W`. All empty for a
/// game with none (chess, Shatranj, Mini Citadel, Tamerlane, Byzantine, Courier). Citadels
/// are not listed here: the board's shape shows them (detached cells, cells without
/// orthogonal neighbours).
///
/// ```
/// use citadel_rules::{CelticCitadel, EgyptianEye, Game};
/// let cc = CelticCitadel::config();
/// assert_eq!(cc.landmarks.centre, cc.geometry().parse_square("f6"));
/// let ee = EgyptianEye::config();
/// assert_eq!(ee.landmarks.eye, ee.geometry().parse_square("f6"));
/// assert_eq!(ee.landmarks.centre, None);
/// // its two long diagonals, out to the corner citadels
/// assert_eq!(ee.landmarks.watched.count(), 20);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Landmarks<W: BitWord = u128> {
    /// The centre square the board marks (Persian Chess's f6, which has a rule of its own
    /// in Persian Princess and is only marked in Celtic Citadel and Oriental Omega).
    pub centre: Option<Square>,
    /// The cell of the All Seeing Eye, which no piece may enter (Egyptian Eye's f6).
    pub eye: Option<Square>,
    /// The cells the Eye watches, which a king may not enter (its two long diagonals).
    pub watched: Bitboard<W>,
}
