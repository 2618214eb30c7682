//! Makruk (Thai chess), played as Fairy-Stockfish's `makruk`: the king, the rook and the
//! knight of chess; the met (`M`, a ferz: one diagonal step), the khon (`S`, one diagonal
//! step or one step straight forward); pawns start on the third rank, step one cell (no
//! double step, no en passant) and become a met on the sixth. No castling. Stalemate is a
//! draw. The counting rules are not played (`docs/rules/makruk.md` says what stands in).

use crate::shatranj;
use crate::{Config, Game, Position, PositionError};
use citadel_geometry::boards;
use citadel_pieces::{catalog, Mode, PieceDef, Role};
use std::sync::OnceLock;

/// Makruk. Kinds: see [`kind`]. No rights.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Makruk;

/// The start position: the kings face each other's met (White's king on d1, Black's on e8).
pub const START: &str = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1";

/// Kind indices of the Makruk army.
pub mod kind {
    /// King (khun).
    pub const KING: u8 = 0;
    /// Met, `M`: one diagonal step (the ferz).
    pub const MET: u8 = 1;
    /// Rook (ruea).
    pub const ROOK: u8 = 2;
    /// Khon, `S`: one diagonal step or one step straight forward (Betza `FfW`).
    pub const KHON: u8 = 3;
    /// Knight (ma).
    pub const KNIGHT: u8 = 4;
    /// Pawn (bia): one step forward, diagonal forward captures.
    pub const PAWN: u8 = 5;
}

/// The khon: the ferz's four diagonal steps and one step straight forward (`FfW`).
///
/// ```
/// use citadel_pieces::betza;
/// assert_eq!(betza::describe(&citadel_rules::makruk::khon()).as_deref(), Some("FfW"));
/// ```
pub fn khon() -> PieceDef {
    PieceDef::new("khon", 'S')
        .role(Role::Khon)
        .leap(1, 1, Mode::Any)
        .leap_one(0, 1, Mode::Any)
        .oriented()
}

fn config() -> &'static Config<u64> {
    static T: OnceLock<Config<u64>> = OnceLock::new();
    T.get_or_init(|| {
        use kind::*;
        let defs = vec![
            catalog::king(),
            // a piece of its own (its role), moving as a ferz
            catalog::ferz().named("met", 'M').role(Role::Met),
            catalog::rook(),
            khon(),
            catalog::knight(),
            catalog::shatranj_pawn(),
        ];
        let cfg = Config::new(crate::Variant::Makruk, boards::standard(), defs, START);
        // a pawn becomes a met on reaching its sixth rank
        let white = cfg.rank(5) | cfg.rank(6) | cfg.rank(7);
        let black = cfg.rank(2) | cfg.rank(1) | cfg.rank(0);
        cfg.royal(&[KING])
            .pawns(&[PAWN])
            .promotion_zone(white, black)
            .promotes(PAWN, &[MET])
            .title("Makruk (Thai chess)")
            .aliases(&["thai", "thai chess"])
            .xboard(crate::XBoardGame::Native("makruk"))
    })
}

impl Game for Makruk {
    type Word = u64;

    #[inline(always)]
    fn config() -> &'static Config<u64> {
        config()
    }

    /// Two bare kings: neither side can mate.
    fn insufficient_material(pos: &Position<Self>) -> bool {
        shatranj::both_bare(pos)
    }

    fn validate(pos: &Position<Self>) -> Result<(), PositionError> {
        crate::fide::one_king_each(pos)
    }
}
