//! The vocabulary of a variants file: Fairy-Stockfish's piece names, the built-in templates a
//! section may start from, and the keys Citadel refuses, each with its reason.

use citadel_pieces::Role;

/// A piece Fairy-Stockfish knows by name: its moves in Betza (`None`: the orthodox pawn, with
/// its double step and promotion from the game's keys), and its role where it is a piece of
/// Citadel's own games.
pub(super) struct NamedPiece {
    pub name: &'static str,
    pub betza: Option<&'static str>,
    pub role: Option<Role>,
}

const fn piece(name: &'static str, betza: &'static str, role: Option<Role>) -> NamedPiece {
    NamedPiece {
        name,
        betza: Some(betza),
        role,
    }
}

/// Fairy-Stockfish's named pieces that Citadel's core plays.
pub(super) const PIECES: &[NamedPiece] = &[
    NamedPiece {
        name: "pawn",
        betza: None,
        role: Some(Role::Pawn),
    },
    piece("knight", "N", Some(Role::Knight)),
    piece("bishop", "B", Some(Role::Bishop)),
    piece("rook", "R", Some(Role::Rook)),
    piece("queen", "Q", Some(Role::Queen)),
    piece("king", "K", Some(Role::King)),
    piece("fers", "F", Some(Role::Ferz)),
    piece("alfil", "A", Some(Role::Alfil)),
    piece("wazir", "W", Some(Role::Wazir)),
    piece("fersAlfil", "FA", None),
    piece("silver", "FfW", None),
    piece("gold", "WfF", None),
    piece("aiwok", "RNF", None),
    piece("bers", "RF", None),
    piece("archbishop", "BN", None),
    piece("chancellor", "RN", None),
    piece("amazon", "QN", None),
    piece("knibis", "mNcB", None),
    piece("biskni", "mBcN", None),
    piece("kniroo", "mNcR", None),
    piece("rookni", "mRcN", None),
    piece("shogiPawn", "fW", None),
    piece("lance", "fR", None),
    piece("shogiKnight", "ffN", None),
    piece("euroshogiKnight", "ffNsW", None),
    piece("dragonHorse", "BW", None),
    piece("soldier", "fsW", None),
    piece("commoner", "K", None),
    piece("centaur", "KN", None),
    piece("immobile", "", None),
];

/// Fairy-Stockfish's named pieces that Citadel's core cannot play, with the reason.
pub(super) const REFUSED_PIECES: &[(&str, &str)] = &[
    ("cannon", "a hopper (captures by jumping a screen)"),
    ("janggiCannon", "a hopper (captures by jumping a screen)"),
    ("banner", "a hopper (captures by jumping a screen)"),
    ("horse", "a lame leaper (blocked by a piece beside it)"),
    ("elephant", "a lame leaper (blocked by a piece between)"),
    (
        "janggiElephant",
        "a lame leaper (blocked by a piece between)",
    ),
    ("clobber", "it moves only by capturing onto a neighbour"),
    ("breakthrough", "a pawn with diagonal non-captures"),
    (
        "dragonKing",
        "not known to the Fairy-Stockfish this reader follows",
    ),
];

/// The built-in templates a section may name as its base.
pub(super) const TEMPLATES: &[&str] = &["chess", "shatranj", "courier"];

/// The keys of a built-in template.
pub(super) fn template(name: &str) -> Option<&'static [(&'static str, &'static str)]> {
    const CHESS: &[(&str, &str)] = &[
        ("pawn", "p"),
        ("knight", "n"),
        ("bishop", "b"),
        ("rook", "r"),
        ("queen", "q"),
        ("king", "k"),
        ("promotionPieceTypes", "nbrq"),
    ];
    const SHATRANJ: &[(&str, &str)] = &[
        ("pawn", "p"),
        ("knight", "n"),
        ("alfil", "b"),
        ("rook", "r"),
        ("fers", "q"),
        ("king", "k"),
        (
            "startFen",
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1",
        ),
        ("promotionPieceTypes", "q"),
        ("doubleStep", "false"),
        ("castling", "false"),
        ("extinctionValue", "loss"),
        ("extinctionClaim", "true"),
        ("extinctionPieceTypes", "*"),
        ("extinctionPieceCount", "1"),
        ("extinctionOpponentPieceCount", "2"),
        ("stalemateValue", "loss"),
        ("nMoveRule", "70"),
    ];
    const COURIER: &[(&str, &str)] = &[
        ("maxFile", "12"),
        ("pawn", "p"),
        ("knight", "n"),
        ("bishop", "b"),
        ("rook", "r"),
        ("king", "k"),
        ("alfil", "e"),
        ("fers", "f"),
        ("commoner", "m"),
        ("wazir", "w"),
        (
            "startFen",
            "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1",
        ),
        ("promotionPieceTypes", "f"),
        ("doubleStep", "false"),
        ("castling", "false"),
        ("extinctionValue", "loss"),
        ("extinctionClaim", "true"),
        ("extinctionPieceTypes", "*"),
        ("extinctionPieceCount", "1"),
        ("extinctionOpponentPieceCount", "2"),
        ("stalemateValue", "loss"),
    ];
    match name.to_ascii_lowercase().as_str() {
        "chess" | "fairy" => Some(CHESS),
        "shatranj" => Some(SHATRANJ),
        "courier" => Some(COURIER),
        _ => None,
    }
}

/// Keys that only tell a GUI how to show the game: read, and without effect on the rules.
pub(super) const DISPLAY_ONLY: &[&str] = &["variantTemplate", "pieceToCharTable", "endgameEval"];

/// Why the keys of drops are refused.
const DROPS: &str = "drops (pieces in hand)";
/// Why the keys of gating are refused.
const GATING: &str = "gating (pieces entering behind a moved one)";
/// Why the keys of other pieces' promotion are refused.
const PIECE_PROMOTION: &str = "promotion of pieces other than pawns";

/// Keys of rules Citadel's core does not have: the value that leaves the rule off (which is
/// accepted, `None`: any value is refused), and the reason.
pub(super) const REFUSED: &[(&str, Option<&str>, &str)] = &[
    ("pieceDrops", Some("false"), DROPS),
    ("dropLoop", Some("false"), DROPS),
    ("capturesToHand", Some("false"), DROPS),
    ("firstRankPawnDrops", Some("false"), DROPS),
    ("promotionZonePawnDrops", Some("false"), DROPS),
    ("dropOnTop", Some("false"), DROPS),
    ("whiteDropRegion", None, DROPS),
    ("blackDropRegion", None, DROPS),
    ("sittuyinRookDrop", Some("false"), DROPS),
    ("dropOppositeColoredBishop", Some("false"), DROPS),
    ("dropPromoted", Some("false"), DROPS),
    ("dropChecks", Some("true"), DROPS),
    ("mustDrop", Some("false"), DROPS),
    ("mustDropType", None, DROPS),
    ("shogiDoubledPawn", Some("true"), DROPS),
    ("shogiPawnDropMateIllegal", Some("false"), DROPS),
    ("pocketSize", Some("0"), DROPS),
    ("gating", Some("false"), GATING),
    ("seirawanGating", Some("false"), GATING),
    ("twoBoards", Some("false"), "games over two boards"),
    (
        "chess960",
        Some("false"),
        "Fischer-random castling (use the built-in `chess960`)",
    ),
    (
        "promotedPieceType",
        None,
        "promotion of pieces other than pawns (shogi style)",
    ),
    ("piecePromotionOnCapture", Some("false"), PIECE_PROMOTION),
    ("mandatoryPiecePromotion", Some("false"), PIECE_PROMOTION),
    ("pieceDemotion", Some("false"), PIECE_PROMOTION),
    (
        "promotionLimit",
        None,
        "limits on the number of promoted pieces",
    ),
    (
        "sittuyinPromotion",
        Some("false"),
        "Sittuyin's promotion in place",
    ),
    (
        "mandatoryPawnPromotion",
        Some("true"),
        "a pawn's choice not to promote",
    ),
    (
        "kingType",
        Some("k"),
        "a royal piece that moves as another piece",
    ),
    (
        "checking",
        Some("true"),
        "games in which check may not be given",
    ),
    (
        "immobilityIllegal",
        Some("false"),
        "the ban on moving a piece where it cannot move again",
    ),
    (
        "cambodianMoves",
        Some("false"),
        "Cambodian first moves of the king and queen",
    ),
    ("diagonalLines", None, "diagonal lines of a palace"),
    ("kingPass", Some("false"), "passing"),
    ("kingPassOnStalemate", Some("false"), "passing"),
    ("makpongRule", Some("false"), "Makpong's rule"),
    ("flyingGeneral", Some("false"), "the flying general"),
    ("soldierPromotionRank", None, "the soldier's promotion"),
    (
        "perpetualCheckIllegal",
        Some("false"),
        "the ban on perpetual check",
    ),
    ("shatarMateRule", Some("false"), "Shatar's mating rule"),
    ("bikjangRule", Some("false"), "bikjang (facing generals)"),
    ("checkCounting", Some("false"), "n-check counting"),
    ("connectN", Some("0"), "connect-n wins"),
    ("materialCounting", Some("none"), "material counting"),
    ("countingRule", Some("none"), "Makruk's counting rule"),
    (
        "nFoldValueAbsolute",
        Some("false"),
        "repetition values by colour",
    ),
    ("castlingDroppedPiece", Some("false"), DROPS),
];
