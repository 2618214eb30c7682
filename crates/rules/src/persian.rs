//! Persian Chess: Celtic Citadel, Persian Princess, Egyptian Eye and Oriental Omega.
//!
//! FIDE chess on the 9x9 b2–j10 with four corner citadels, the princess and fortress (or
//! champion and wizard), castling both ways with the king moving 3 or 2 cells, the citadel
//! draw, the rendezvous, the Persian Princess centre cell and the Egyptian Eye.

use crate::castling::{CastleSpec, Castling};
use crate::fide::{self, kind};
use crate::game::Changes;
use crate::{
    Color, Config, Game, Goals, Landmarks, Legality, Move, MoveFlag, MoveList, Outcome, Piece,
    Position, PositionError,
};
use citadel_geometry::{boards, Bitboard, Square};
use citadel_pieces::catalog;
use std::sync::OnceLock;

/// The four sub-variants, as the const parameter of [`Persian`].
pub mod sub {
    /// Celtic Citadel: the basic rules only.
    pub const CELTIC_CITADEL: u8 = 0;
    /// Persian Princess: rendezvous and the centre cell f6.
    pub const PERSIAN_PRINCESS: u8 = 1;
    /// Egyptian Eye: rendezvous and the All Seeing Eye on f6.
    pub const EGYPTIAN_EYE: u8 = 2;
    /// Oriental Omega: champions and wizards, rendezvous with the champion.
    pub const ORIENTAL_OMEGA: u8 = 3;
}

/// A Persian Chess sub-variant; use the aliases [`CelticCitadel`], [`PersianPrincess`],
/// [`EgyptianEye`], [`OrientalOmega`].
///
/// Kinds: K Q R B N P (0–5), then princess S and fortress F (6, 7), or champion C and
/// wizard W in Oriental Omega. Rights: see [`rights`].
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Persian<const SUB: u8>;

/// Persian Chess, Celtic Citadel.
pub type CelticCitadel = Persian<{ sub::CELTIC_CITADEL }>;
/// Persian Chess, Persian Princess.
pub type PersianPrincess = Persian<{ sub::PERSIAN_PRINCESS }>;
/// Persian Chess, Egyptian Eye.
pub type EgyptianEye = Persian<{ sub::EGYPTIAN_EYE }>;
/// Persian Chess, Oriental Omega.
pub type OrientalOmega = Persian<{ sub::ORIENTAL_OMEGA }>;

/// The rights of Persian Chess: castling on both sides and the rendezvous, in FEN order
/// `KQZkqz`.
pub mod rights {
    use crate::{Color, Right};
    /// White castles princess-side, king f2→i2 (`K`, SAN `O-O-O`).
    pub const WHITE_PRINCESS_SIDE: Right = Right::bit("K", Color::White, 1);
    /// White castles queen-side, king f2→d2 (`Q`, SAN `O-O`).
    pub const WHITE_QUEEN_SIDE: Right = Right::bit("Q", Color::White, 2);
    /// Black castles princess-side, king f10→i10 (`k`).
    pub const BLACK_PRINCESS_SIDE: Right = Right::bit("k", Color::Black, 4);
    /// Black castles queen-side, king f10→d10 (`q`).
    pub const BLACK_QUEEN_SIDE: Right = Right::bit("q", Color::Black, 8);
    /// The rendezvous of each side (`Z`, `z`), indexed by colour.
    pub const RENDEZVOUS: [Right; 2] = [
        Right::bit("Z", Color::White, 16),
        Right::bit("z", Color::Black, 32),
    ];
}
/// The `Special` number of the rendezvous move.
pub const RENDEZVOUS_MOVE: u8 = 0;

/// Start positions of the four sub-variants.
pub const STARTS: [&str; 4] = [
    "f9f/1rnbqkbsnr1/1ppppppppp1/11/11/11/11/11/1PPPPPPPPP1/1RNBQKBSNR1/F9F w KQkq - 0 1",
    "f9f/1rnbqksbnr1/1ppppppppp1/11/11/11/11/11/1PPPPPPPPP1/1RNBQKSBNR1/F9F w KQZkqz - 0 1",
    "f9f/1rnbqksbnr1/1ppppppppp1/11/11/11/11/11/1PPPPPPPPP1/1RNBQKSBNR1/F9F w KQZkqz - 0 1",
    "w9w/1rnbqkcbnr1/1ppppppppp1/11/11/11/11/11/1PPPPPPPPP1/1RNBQKCBNR1/W9W w KQZkqz - 0 1",
];
const VARIANTS: [crate::Variant; 4] = [
    crate::Variant::CelticCitadel,
    crate::Variant::PersianPrincess,
    crate::Variant::EgyptianEye,
    crate::Variant::OrientalOmega,
];

/// The human name of each sub-variant.
const TITLES: [&str; 4] = [
    "Persian Chess: Celtic Citadel",
    "Persian Chess: Persian Princess",
    "Persian Chess: Egyptian Eye",
    "Persian Chess: Oriental Omega",
];

/// The names the Persian Chess app gives each sub-variant (in its records' `Variant` tags).
const ALIASES: [&[&str]; 4] = [&["citadel"], &["persian"], &["pyramid"], &["oriental"]];

/// Material values in centipawns of the orthodox army, by kind: as in chess, adjusted for
/// the 9x9 board (the knight's share of the board shrinks).
const ORTHODOX_VALUES: [(u8, i32); 6] = [
    (kind::PAWN, 100),
    (kind::KNIGHT, 300),
    (kind::BISHOP, 340),
    (kind::ROOK, 525),
    (kind::QUEEN, 1000),
    (kind::KING, 0),
];

/// Material values in centipawns of the princess (B+N) and the fortress (R+N), after H. G.
/// Muller's self-play measurements of the archbishop and chancellor (both close to a queen,
/// the chancellor a little above the archbishop).
const PRINCESS_VALUES: [(u8, i32); 2] = [(PRINCESS, 875), (FORTRESS, 925)];

/// Material values in centipawns of Oriental Omega's champion (WAD) and wizard (NF),
/// measured by self-play: in 40-game depth-4 matches between otherwise equal engines, these
/// values scored 62.5 % against the mobility model's 588/573 and 60 % against 400/380.
const CHAMPION_VALUES: [(u8, i32); 2] = [(PRINCESS, 480), (FORTRESS, 460)];

/// Kind of the princess (or champion in Oriental Omega).
pub const PRINCESS: u8 = 6;
/// Kind of the fortress (or wizard in Oriental Omega).
pub const FORTRESS: u8 = 7;

struct Tables {
    cfg: Config,
    castling: Castling,
    /// Rendezvous cells per side: (princess cell g2, bishop cell h2).
    rendezvous: [(Square, Square); 2],
    /// Cells of the Eye's two diagonals (Egyptian Eye only).
    eye_diagonals: Bitboard,
    centre: Square,
}

fn build(s: u8) -> Tables {
    let extra = if s == sub::ORIENTAL_OMEGA {
        vec![catalog::champion(), catalog::wizard()]
    } else {
        vec![catalog::princess(), catalog::fortress()]
    };
    let mut cfg = fide::config(
        VARIANTS[s as usize],
        boards::persian(),
        extra,
        STARTS[s as usize],
        [2, 8],
        [9, 1],
    );
    let sq = |cfg: &Config, n: &str| cfg.sq(n);
    let b = |cfg: &Config, ns: &[&str]| ns.iter().map(|n| cfg.sq(n)).collect::<Bitboard>();
    let centre = sq(&cfg, "f6");
    let geo = cfg.geometry();
    let mut eye_diagonals = Bitboard::EMPTY;
    for d in citadel_geometry::Dir::DIAGONAL {
        eye_diagonals |= geo.ray_mask(centre, d);
    }
    let f6 = Bitboard::from_square(centre);
    match s {
        sub::PERSIAN_PRINCESS => {
            for k in [
                kind::KING,
                kind::QUEEN,
                kind::ROOK,
                kind::BISHOP,
                kind::KNIGHT,
                FORTRESS,
            ] {
                cfg = cfg.forbid_landing(k, f6);
            }
        }
        sub::EGYPTIAN_EYE => {
            for k in 0..8 {
                cfg = cfg.forbid_landing(k, f6);
            }
            cfg = cfg.forbid_landing(kind::KING, eye_diagonals);
        }
        _ => {}
    }
    // a king on an enemy citadel draws; Persian Princess: only pawns and princesses hold f6
    let strong_points = if s == sub::PERSIAN_PRINCESS {
        f6
    } else {
        Bitboard::EMPTY
    };
    let goals = Goals {
        royal_draw: [b(&cfg, &["a11", "k11"]), b(&cfg, &["a1", "k1"])],
        strong_points,
        ..Goals::default()
    };
    cfg = cfg.goals(goals);
    let specs = vec![
        CastleSpec {
            right: rights::WHITE_PRINCESS_SIDE,
            san: "O-O-O",
            king: (sq(&cfg, "f2"), sq(&cfg, "i2")),
            rook: (sq(&cfg, "j2"), sq(&cfg, "h2")),
            empty: b(&cfg, &["g2", "h2", "i2"]),
            safe: b(&cfg, &["f2", "g2", "h2", "i2"]),
        },
        CastleSpec {
            right: rights::WHITE_QUEEN_SIDE,
            san: "O-O",
            king: (sq(&cfg, "f2"), sq(&cfg, "d2")),
            rook: (sq(&cfg, "b2"), sq(&cfg, "e2")),
            empty: b(&cfg, &["c2", "d2", "e2"]),
            safe: b(&cfg, &["f2", "e2", "d2"]),
        },
        CastleSpec {
            right: rights::BLACK_PRINCESS_SIDE,
            san: "O-O-O",
            king: (sq(&cfg, "f10"), sq(&cfg, "i10")),
            rook: (sq(&cfg, "j10"), sq(&cfg, "h10")),
            empty: b(&cfg, &["g10", "h10", "i10"]),
            safe: b(&cfg, &["f10", "g10", "h10", "i10"]),
        },
        CastleSpec {
            right: rights::BLACK_QUEEN_SIDE,
            san: "O-O",
            king: (sq(&cfg, "f10"), sq(&cfg, "d10")),
            rook: (sq(&cfg, "b10"), sq(&cfg, "e10")),
            empty: b(&cfg, &["c10", "d10", "e10"]),
            safe: b(&cfg, &["f10", "e10", "d10"]),
        },
    ];
    let castling = Castling::new(specs, kind::KING, kind::ROOK, cfg.geometry().len());
    let mut named = castling.rights();
    if s != sub::CELTIC_CITADEL {
        named.insert(2, rights::RENDEZVOUS[0]);
        named.push(rights::RENDEZVOUS[1]);
    }
    let landmarks = if s == sub::EGYPTIAN_EYE {
        Landmarks {
            eye: Some(centre),
            watched: eye_diagonals,
            ..Landmarks::default()
        }
    } else {
        Landmarks {
            centre: Some(centre),
            ..Landmarks::default()
        }
    };
    let extra_values = if s == sub::ORIENTAL_OMEGA {
        CHAMPION_VALUES
    } else {
        PRINCESS_VALUES
    };
    let cfg = cfg
        .rights(named)
        .with_unary_empty_fen()
        .title(TITLES[s as usize])
        .aliases(ALIASES[s as usize])
        .landmarks(landmarks)
        .values(&ORTHODOX_VALUES)
        .values(&extra_values);
    Tables {
        rendezvous: [
            (sq(&cfg, "g2"), sq(&cfg, "h2")),
            (sq(&cfg, "g10"), sq(&cfg, "h10")),
        ],
        eye_diagonals,
        centre,
        castling,
        cfg,
    }
}

fn tables<const S: u8>() -> &'static Tables {
    static T: [OnceLock<Tables>; 4] = [
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
    ];
    T[S as usize].get_or_init(|| build(S))
}

impl<const S: u8> Persian<S> {
    /// Whether this sub-variant has the rendezvous.
    pub const HAS_RENDEZVOUS: bool = S != sub::CELTIC_CITADEL;

    /// The castling table.
    pub fn castling() -> &'static Castling {
        &tables::<S>().castling
    }

    fn rendezvous(pos: &Position<Self>, lg: &Legality, out: &mut MoveList) {
        let us = pos.turn();
        if lg.in_check || pos.rights() & rights::RENDEZVOUS[us.index()].mask() == 0 {
            return;
        }
        let (g, h) = tables::<S>().rendezvous[us.index()];
        if pos.piece_at(g) == Some(Piece::new(PRINCESS, us))
            && pos.piece_at(h) == Some(Piece::new(kind::BISHOP, us))
        {
            let m = Move::with_flag(g, h, MoveFlag::Special(RENDEZVOUS_MOVE));
            if pos.is_safe_after(&m) {
                out.push(m);
            }
        }
    }
}

impl<const S: u8> Game for Persian<S> {
    type Word = u128;

    #[inline(always)]
    fn config() -> &'static Config {
        &tables::<S>().cfg
    }

    fn move_name(m: &Move) -> Option<String> {
        tables::<S>().castling.name_of(m)
    }

    #[inline(always)]
    fn decided(pos: &Position<Self>) -> Option<Outcome> {
        tables::<S>().cfg.goals.decided(pos)
    }

    fn special_moves(pos: &Position<Self>, lg: &Legality, out: &mut MoveList) {
        tables::<S>().castling.generate(pos, lg, out);
        if Self::HAS_RENDEZVOUS {
            Self::rendezvous(pos, lg, out);
        }
    }

    /// None: castling and the rendezvous (an exchange with an own piece) never capture or
    /// promote.
    fn tactical_special_moves(_pos: &Position<Self>, _lg: &Legality, _out: &mut MoveList) {}

    #[inline(always)]
    fn effect(pos: &Position<Self>, m: &Move, ch: &mut Changes) -> bool {
        match m.flag {
            MoveFlag::Special(RENDEZVOUS_MOVE) => {
                ch.set(m.from, pos.code_at(m.to));
                ch.set(m.to, pos.code_at(m.from));
                true
            }
            MoveFlag::Castle => tables::<S>().castling.effect(pos, m, ch),
            _ => false,
        }
    }

    #[inline(always)]
    fn update_rights(pos: &mut Position<Self>, m: &Move) {
        let mut r = tables::<S>().castling.rights_after(pos.rights(), m);
        if m.flag == MoveFlag::Special(RENDEZVOUS_MOVE) {
            r &= !rights::RENDEZVOUS[pos.turn().index()].mask();
        }
        if r != pos.rights() {
            pos.set_rights(r);
        }
    }

    fn insufficient_material(pos: &Position<Self>) -> bool {
        fide::insufficient_material(pos)
    }

    fn validate(pos: &Position<Self>) -> Result<(), PositionError> {
        fide::one_king_each(pos)?;
        let t = tables::<S>();
        t.castling.validate(pos)?;
        // the rendezvous right holds whatever stands on g2/h2 (RULES.md): nothing to check
        let geo = t.cfg.geometry();
        if S == sub::EGYPTIAN_EYE {
            if let Some(p) = pos.piece_at(t.centre) {
                return Err(PositionError::BadSquare {
                    piece: t.cfg.symbol_of(p.kind, p.color),
                    square: "f6".into(),
                });
            }
            for c in Color::BOTH {
                if let Some(k) = (pos.royals(c) & t.eye_diagonals).first() {
                    return Err(PositionError::BadSquare {
                        piece: t.cfg.symbol_of(kind::KING, c),
                        square: geo.name_of(k).to_string(),
                    });
                }
            }
        }
        Ok(())
    }
}
