//! Shatranj: the calibration game for the Shatranj layer, and the rules that layer shares
//! with Byzantine chess — the army (king, ferz queen, rook, alfil bishop, knight), the
//! bare-king decision, and stalemate as a loss for the stalemated side.
//!
//! Shatranj is played as Fairy-Stockfish's `shatranj`: pawns step one (no double step) and
//! promote to a ferz only, no castling, no en passant, the 70-move rule.

use crate::fide;
use crate::{
    Color, Config, EvalWeights, Game, Outcome, Position, PositionError, Stalemate, Termination,
};
use citadel_geometry::boards;
use citadel_pieces::{catalog, PieceDef};
use std::sync::OnceLock;

/// Kind indices of the Shatranj army, the same in Shatranj and Byzantine chess.
pub mod kind {
    /// King.
    pub const KING: u8 = 0;
    /// Ferz, written `Q`: one diagonal step.
    pub const FERZ: u8 = 1;
    /// Rook.
    pub const ROOK: u8 = 2;
    /// Alfil, written `B`: a leap of exactly two diagonally.
    pub const ALFIL: u8 = 3;
    /// Knight.
    pub const KNIGHT: u8 = 4;
    /// Shatranj pawn (Byzantine chess has two pawn kinds from here on).
    pub const PAWN: u8 = 5;
}

/// The Shatranj army without pawns, as kinds 0–4: king `K`, ferz `Q`, rook `R`, alfil `B`,
/// knight `N`.
pub fn army() -> Vec<PieceDef> {
    vec![
        catalog::king(),
        catalog::ferz().named("ferz", 'Q'),
        catalog::rook(),
        catalog::alfil().named("alfil", 'B'),
        catalog::knight(),
    ]
}

/// Whether `color` has nothing but its king.
#[inline(always)]
pub fn is_bare<G: Game>(pos: &Position<G>, color: Color) -> bool {
    pos.bitboards().color[color.index()].count() <= 1
}

/// Whether both sides have nothing but their kings: neither can mate, stalemate or bare the
/// other (the insufficient material of Shatranj, Courier chess and Makruk).
#[inline(always)]
pub fn both_bare<G: Game>(pos: &Position<G>) -> bool {
    is_bare(pos, Color::White) && is_bare(pos, Color::Black)
}

/// The bare-king rule. A side left with only its king still makes its reply (the position
/// with the bared side to move is not decided); a position in which the side to move has
/// more than its king and the opponent has only its king is won by the side to move. Both
/// kings bare is a draw if `both_bare_draw` (Byzantine chess), otherwise play goes on
/// (Shatranj).
#[inline(always)]
pub fn bare_king<G: Game>(pos: &Position<G>, both_bare_draw: bool) -> Option<Outcome> {
    let us = pos.turn();
    if !is_bare(pos, us.other()) {
        return None;
    }
    if !is_bare(pos, us) {
        Some(Outcome::win(us, Termination::BareKing))
    } else if both_bare_draw {
        Some(Outcome::draw(Termination::BareKing))
    } else {
        None
    }
}

/// Shatranj (calibration). Kinds: K Q(ferz) R B(alfil) N P, see [`kind`]. No rights.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Shatranj;

/// The Shatranj start position (kings on d1 and d8, as in Fairy-Stockfish).
pub const START: &str = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1";

/// Material values in centipawns of the Shatranj army, by kind: al-Adli's values as given
/// by H. J. R. Murray, *A History of Chess* (1913), p. 228, and tabulated by R. Betza: with
/// the knight at 5.25, rook 8.75, ferz 3, alfil 2, pawn 1.75; scaled to pawn = 100.
pub const VALUES: [(u8, i32); 6] = [
    (kind::PAWN, 100),
    (kind::KNIGHT, 381),
    (kind::ROOK, 639),
    (kind::FERZ, 186),
    (kind::ALFIL, 122),
    (kind::KING, 0),
];

/// The evaluation weights fitted to Shatranj, by `citadel tune --variant shatranj --evals
/// --skip-plies 10 --weights`: 1,396 games of Fairy-Stockfish 11.1 against itself at `Skill
/// Level` 10 (6,000 nodes a move, 10 random opening plies, `citadel match --evals`), 175,753
/// positions, error against its evaluations 0.011748 → 0.010227. (Before them: weights
/// fitted to the results of depth-3 self-play, +98 ± 37 Elo against the defaults.) The
/// learnt table's scale is not fitted (the default).
pub const WEIGHTS: EvalWeights = EvalWeights {
    mobility: (3, 7),
    square: (180, 276),
    advance: (234, 28),
    passed: (26, 25),
    king_attack: 100,
    shelter: 9,
    tempo: 2,
    ..EvalWeights::DEFAULT
};

fn config() -> &'static Config<u64> {
    static T: OnceLock<Config<u64>> = OnceLock::new();
    T.get_or_init(|| {
        let mut defs = army();
        defs.push(catalog::shatranj_pawn());
        let cfg = Config::new(crate::Variant::Shatranj, boards::standard(), defs, START);
        let (last, first) = (cfg.rank(7), cfg.rank(0));
        cfg.royal(&[kind::KING])
            .pawns(&[kind::PAWN])
            .promotion_zone(last, first)
            .promotes(kind::PAWN, &[kind::FERZ])
            .move_limit(140)
            .stalemate(Stalemate::Loss)
            .title("Shatranj (calibration)")
            .xboard(crate::XBoardGame::Native("shatranj"))
            .values(&VALUES)
            .weights(WEIGHTS)
            // fitted to the same games as the weights, with them built in (its file says how)
            .psq_table(include_str!("learned/shatranj.json"))
    })
}

impl Game for Shatranj {
    type Word = u64;

    #[inline(always)]
    fn config() -> &'static Config<u64> {
        config()
    }

    #[inline(always)]
    fn decided(pos: &Position<Self>) -> Option<Outcome> {
        bare_king(pos, false)
    }

    /// Two bare kings: neither side can mate, stalemate or bare the other.
    fn insufficient_material(pos: &Position<Self>) -> bool {
        both_bare(pos)
    }

    fn validate(pos: &Position<Self>) -> Result<(), PositionError> {
        fide::one_king_each(pos)
    }
}
