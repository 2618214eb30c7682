//! A game's goals as data: the cells whose occupation ends the game or that only some pieces
//! may hold. The game's own rules read them (each game's [`Game::decided`](crate::Game)), and
//! so can any generic code, such as an evaluation, without knowing which game it is.

use crate::{Color, Game, Outcome, Position, Termination};
use citadel_geometry::{BitWord, Bitboard};

/// The special cells of a game, per side (index 0 White, 1 Black), over the game's bitboard
/// word `W`. All empty for a game with none (chess, Shatranj, Byzantine).
///
/// ```
/// use citadel_rules::{Game, MiniCitadel, PersianPrincess};
/// let pp = PersianPrincess::config();
/// let geo = pp.geometry();
/// // White's king draws on Black's citadels a11 and k11
/// let a11 = geo.parse_square("a11").unwrap();
/// assert!(pp.goals.royal_draw[0].contains(a11));
/// // only pawns and princesses may hold the centre f6
/// assert!(pp.goals.strong_points.contains(geo.parse_square("f6").unwrap()));
/// // in Mini Citadel any piece wins by entering an enemy citadel
/// let mc = MiniCitadel::config();
/// assert_eq!(mc.goals.piece_win[1].count(), 2);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Goals<W: BitWord = u128> {
    /// Cells where a royal piece of that side ends the game in a draw (Persian Chess: the
    /// enemy citadels; Tamerlane: the opponent's citadel, for the king or a king-less
    /// prince — the game's rules say which royal piece counts).
    pub royal_draw: [Bitboard<W>; 2],
    /// Cells where any piece of that side wins the game by standing there (Mini Citadel: the
    /// enemy citadels).
    pub piece_win: [Bitboard<W>; 2],
    /// Cells only some kinds may end a move on (which ones: [`Config::landing`](crate::Config));
    /// holding one with such a piece is an asset (Persian Princess: the centre f6, for pawns
    /// and princesses).
    pub strong_points: Bitboard<W>,
}

impl<W: BitWord> Goals<W> {
    /// The decision of the goal cells in `pos`, if they have decided the game: a side with
    /// any piece on its [`piece_win`](Self::piece_win) cells wins (Mini Citadel), then a side
    /// with a royal piece on its [`royal_draw`](Self::royal_draw) cells draws (Persian
    /// Chess). The rule of a game defined at run time; Mini Citadel's and Persian Chess's
    /// decisions are made by it.
    #[inline(always)]
    pub fn decided<G: Game<Word = W>>(&self, pos: &Position<G>) -> Option<Outcome> {
        let bb = pos.bitboards();
        for c in Color::BOTH {
            if (bb.color[c.index()] & self.piece_win[c.index()]).any() {
                return Some(Outcome::win(c, Termination::Citadel));
            }
        }
        for c in Color::BOTH {
            if self.royal_draw[c.index()].any()
                && (pos.royals(c) & self.royal_draw[c.index()]).any()
            {
                return Some(Outcome::draw(Termination::Citadel));
            }
        }
        None
    }

    /// The same goals over `u128` bitboards (for code that handles every game alike).
    ///
    /// ```
    /// use citadel_rules::{Chess, Game, Goals};
    /// assert_eq!(Chess::config().goals.widen(), Goals::default());
    /// ```
    pub fn widen(&self) -> Goals {
        Goals {
            royal_draw: self.royal_draw.map(Bitboard::widen),
            piece_win: self.piece_win.map(Bitboard::widen),
            strong_points: self.strong_points.widen(),
        }
    }
}
