//! FIDE chess, the calibration game for the orthodox layer.

use crate::castling::{CastleSpec, Castling};
use crate::fide::{self, kind};
use crate::game::Changes;
use crate::{Config, Game, Legality, Move, MoveList, Position, PositionError};
use citadel_geometry::{boards, Bitboard};
use std::sync::OnceLock;

/// FIDE chess. Rights: see [`rights`].
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Chess;

/// The chess start position.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The castling rights of chess.
pub mod rights {
    use crate::{Color, Right};
    /// White castles king-side (`K`).
    pub const WHITE_KING_SIDE: Right = Right::bit("K", Color::White, 1);
    /// White castles queen-side (`Q`).
    pub const WHITE_QUEEN_SIDE: Right = Right::bit("Q", Color::White, 2);
    /// Black castles king-side (`k`).
    pub const BLACK_KING_SIDE: Right = Right::bit("k", Color::Black, 4);
    /// Black castles queen-side (`q`).
    pub const BLACK_QUEEN_SIDE: Right = Right::bit("q", Color::Black, 8);
}

/// Material values in centipawns, by kind: fitted with the weights ([`WEIGHTS`]) to
/// Stockfish's evaluations, from L. Kaufman, "The Evaluation of Material Imbalances" (1999):
/// P 1, N = B 3.25, R 5, Q 9.75.
const VALUES: [(u8, i32); 6] = [
    (kind::PAWN, 100),
    (kind::KNIGHT, 323),
    (kind::BISHOP, 350),
    (kind::ROOK, 525),
    (kind::QUEEN, 1030),
    (kind::KING, 0),
];

/// The evaluation weights fitted to chess, by `citadel tune --variant chess --evals
/// --skip-plies 10 --weights`: 2,624 games of Stockfish 15.1 against itself at `Skill Level`
/// 10 (6,000 nodes a move, 10 random opening plies, `citadel match --evals`), 189,090
/// positions, error against Stockfish's evaluations 0.019880 → 0.018401. The learnt table's
/// scale is not fitted (the default).
const WEIGHTS: crate::EvalWeights = crate::EvalWeights {
    mobility: (5, 6),
    square: (236, 388),
    advance: (280, 108),
    passed: (30, 98),
    king_attack: 360,
    shelter: 10,
    tempo: 2,
    ..crate::EvalWeights::DEFAULT
};

/// `cfg` with chess's material values and evaluation weights (also Chess960's, the same
/// army on the same board; the learnt piece-square table, fitted to games from chess's own
/// start, is chess's only).
pub(crate) fn values_and_weights(cfg: Config<u64>) -> Config<u64> {
    cfg.values(&VALUES).weights(WEIGHTS)
}

struct Tables {
    cfg: Config<u64>,
    castling: Castling<u64>,
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let cfg = fide::config(
            crate::Variant::Chess,
            boards::standard(),
            vec![],
            START,
            [1, 6],
            [7, 0],
        );
        use rights::*;
        let s = |n: &str| cfg.sq(n);
        let b = |ns: &[&str]| ns.iter().map(|n| s(n)).collect::<Bitboard<u64>>();
        let specs = vec![
            CastleSpec {
                right: WHITE_KING_SIDE,
                san: "O-O",
                king: (s("e1"), s("g1")),
                rook: (s("h1"), s("f1")),
                empty: b(&["f1", "g1"]),
                safe: b(&["e1", "f1", "g1"]),
            },
            CastleSpec {
                right: WHITE_QUEEN_SIDE,
                san: "O-O-O",
                king: (s("e1"), s("c1")),
                rook: (s("a1"), s("d1")),
                empty: b(&["b1", "c1", "d1"]),
                safe: b(&["e1", "d1", "c1"]),
            },
            CastleSpec {
                right: BLACK_KING_SIDE,
                san: "O-O",
                king: (s("e8"), s("g8")),
                rook: (s("h8"), s("f8")),
                empty: b(&["f8", "g8"]),
                safe: b(&["e8", "f8", "g8"]),
            },
            CastleSpec {
                right: BLACK_QUEEN_SIDE,
                san: "O-O-O",
                king: (s("e8"), s("c8")),
                rook: (s("a8"), s("d8")),
                empty: b(&["b8", "c8", "d8"]),
                safe: b(&["e8", "d8", "c8"]),
            },
        ];
        let castling = Castling::new(specs, kind::KING, kind::ROOK, cfg.geometry().len());
        let cfg = cfg
            .rights(castling.rights())
            .rights_in_fixed_order()
            .title("Chess (FIDE, calibration)")
            // PGN's `Standard`, XBoard's `normal`, lichess's `From Position` (chess from a
            // set-up position; its API writes `fromPosition`)
            .aliases(&["standard", "normal", "from position", "fromposition"])
            .xboard(crate::XBoardGame::Native("normal"));
        let cfg = values_and_weights(cfg)
            // fitted to the same games as the weights, with them built in (its file says how)
            .psq_table(include_str!("learned/chess.json"));
        Tables { cfg, castling }
    })
}

impl Chess {
    /// The castling table.
    pub fn castling() -> &'static Castling<u64> {
        &tables().castling
    }
}

impl Game for Chess {
    type Word = u64;

    fn config() -> &'static Config<u64> {
        &tables().cfg
    }

    fn move_name(m: &Move) -> Option<String> {
        tables().castling.name_of(m)
    }

    fn special_moves(pos: &Position<Self>, lg: &Legality<u64>, out: &mut MoveList) {
        tables().castling.generate(pos, lg, out);
    }

    /// None: castling never captures or promotes.
    fn tactical_special_moves(_pos: &Position<Self>, _lg: &Legality<u64>, _out: &mut MoveList) {}

    #[inline(always)]
    fn effect(pos: &Position<Self>, m: &Move, ch: &mut Changes) -> bool {
        tables().castling.effect(pos, m, ch)
    }

    #[inline(always)]
    fn update_rights(pos: &mut Position<Self>, m: &Move) {
        let r = tables().castling.rights_after(pos.rights(), m);
        if r != pos.rights() {
            pos.set_rights(r);
        }
    }

    fn insufficient_material(pos: &Position<Self>) -> bool {
        fide::insufficient_material(pos)
    }

    fn validate(pos: &Position<Self>) -> Result<(), PositionError> {
        fide::one_king_each(pos)?;
        tables().castling.validate(pos)
    }
}
