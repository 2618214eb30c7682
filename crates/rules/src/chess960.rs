//! Chess960 (Fischer random chess): chess from one of 960 start positions, the back rank
//! shuffled with the bishops on cells of both colours and the king between the rooks.
//! Pieces, moves and every rule but castling are chess's ([`fide`], [`chess`](crate::chess));
//! castling is per rook: a right names its rook's file, and the king and rook end where they
//! end in chess (king on g, rook on f toward the h-file; king on c, rook on d toward the
//! a-file), from wherever they stood. The FEN rights field reads X-FEN (`KQkq`: the outermost
//! rook on that side; a file letter otherwise) and Shredder-FEN (file letters), and writes
//! X-FEN.

use crate::castling::CastleSpec;
use crate::fide::{self, kind};
use crate::game::Changes;
use crate::rights::{BoardNames, Right, RightsError};
use crate::{
    Color, Config, Game, Legality, Move, MoveFlag, MoveList, Piece, Position, PositionError, Setup,
};
use citadel_geometry::{boards, Bitboard, Coord, Square};
use std::sync::OnceLock;

/// Chess960 (Fischer random chess). Rights: see [`rights`].
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Chess960;

/// The default start position: number 518, chess's own array.
pub const START: &str = crate::chess::START;

/// The number of start positions.
pub const POSITIONS: u16 = 960;

/// The number of the default start position ([`START`]) in the Scharnagl numbering.
pub const STANDARD_POSITION: u16 = 518;

/// The files of the board, and so of the castling rights of each side.
const FILES: usize = 8;

/// The castling rights: one per side and file of the castling rook, named by the file's
/// letter (Shredder-FEN; uppercase for White). The FEN rights field writes them in this
/// order — White's, then Black's, each from the h-file down — as X-FEN names where it can
/// (`K`, `Q`, `k`, `q`: the outermost rook on that side of the king).
pub mod rights {
    use crate::{Color, Right};

    /// Every castling right, in writing order: White's from the h-file to the a-file, then
    /// Black's. White's right of file `f` (0 for a) is bit `f`, Black's bit `8 + f`.
    pub const ALL: [Right; 16] = [
        Right::bit("H", Color::White, 1 << 7),
        Right::bit("G", Color::White, 1 << 6),
        Right::bit("F", Color::White, 1 << 5),
        Right::bit("E", Color::White, 1 << 4),
        Right::bit("D", Color::White, 1 << 3),
        Right::bit("C", Color::White, 1 << 2),
        Right::bit("B", Color::White, 1 << 1),
        Right::bit("A", Color::White, 1),
        Right::bit("h", Color::Black, 1 << 15),
        Right::bit("g", Color::Black, 1 << 14),
        Right::bit("f", Color::Black, 1 << 13),
        Right::bit("e", Color::Black, 1 << 12),
        Right::bit("d", Color::Black, 1 << 11),
        Right::bit("c", Color::Black, 1 << 10),
        Right::bit("b", Color::Black, 1 << 9),
        Right::bit("a", Color::Black, 1 << 8),
    ];

    /// The right of `color` to castle with the rook of file `file` (0 for a, at most 7).
    pub const fn of(color: Color, file: u8) -> Right {
        let base = match color {
            Color::White => 7,
            Color::Black => 15,
        };
        ALL[base - file as usize]
    }

    /// All rights bits of `color`.
    pub const fn of_side(color: Color) -> u64 {
        match color {
            Color::White => 0xff,
            Color::Black => 0xff00,
        }
    }

    /// The side and file of the rook of a right.
    pub fn rook_of(right: &Right) -> (Color, u8) {
        let bit = right.mask().trailing_zeros() as u8;
        (right.color, bit % 8)
    }
}

/// The back rank of each start position, by its number in the Scharnagl numbering
/// (0 to 959): the kinds on files a to h. `None` for a number from 960 on.
///
/// The number `n` places, in turn: the bishop on a light cell on file b, d, f or h
/// (`n % 4`), the bishop on a dark cell on file a, c, e or g (the next base-4 digit), the
/// queen on one of the six cells left (the next base-6 digit), the knights on two of the
/// five cells left (the remaining number, 0 to 9, in the order ab, ac, ad, ae, bc, bd, be,
/// cd, ce, de of those cells), and rook, king, rook on the three cells left.
///
/// ```
/// use citadel_rules::chess960::{back_rank, STANDARD_POSITION};
/// use citadel_rules::fide::kind::*;
/// assert_eq!(
///     back_rank(STANDARD_POSITION),
///     Some([ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK])
/// );
/// assert_eq!(back_rank(0), Some([BISHOP, BISHOP, QUEEN, KNIGHT, KNIGHT, ROOK, KING, ROOK]));
/// assert_eq!(back_rank(960), None);
/// ```
pub fn back_rank(number: u16) -> Option<[u8; FILES]> {
    use kind::*;
    if number >= POSITIONS {
        return None;
    }
    let mut rank: [Option<u8>; FILES] = [None; FILES];
    let n = usize::from(number);
    rank[1 + 2 * (n % 4)] = Some(BISHOP);
    rank[2 * (n / 4 % 4)] = Some(BISHOP);
    let n = n / 16;
    let empty = |rank: &[Option<u8>; FILES]| -> Vec<usize> {
        (0..FILES).filter(|&f| rank[f].is_none()).collect()
    };
    rank[empty(&rank)[n % 6]] = Some(QUEEN);
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (a, b) = KNIGHTS[n / 6];
    let cells = empty(&rank);
    rank[cells[a]] = Some(KNIGHT);
    rank[cells[b]] = Some(KNIGHT);
    for (cell, k) in empty(&rank).into_iter().zip([ROOK, KING, ROOK]) {
        rank[cell] = Some(k);
    }
    Some(rank.map(|k| k.unwrap_or(PAWN)))
}

/// The FEN of start position `number` (0 to 959, Scharnagl numbering; [`back_rank`]), with
/// both sides' castling rights (`KQkq`); `None` for a number from 960 on.
///
/// ```
/// use citadel_rules::chess960::{start_fen, START, STANDARD_POSITION};
/// assert_eq!(start_fen(STANDARD_POSITION).as_deref(), Some(START));
/// assert_eq!(
///     start_fen(0).as_deref(),
///     Some("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1")
/// );
/// ```
pub fn start_fen(number: u16) -> Option<String> {
    let rank = back_rank(number)?;
    let cfg = Chess960::config();
    let white: String = rank
        .iter()
        .map(|&k| cfg.symbol_of(k, Color::White))
        .collect();
    Some(format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1",
        white.to_lowercase()
    ))
}

impl Chess960 {
    /// Start position `number` (0 to 959, Scharnagl numbering; [`back_rank`]), both sides
    /// holding both castling rights; `None` for a number from 960 on.
    ///
    /// ```
    /// use citadel_rules::{Chess960, Position};
    /// let pos = Chess960::start_position(518).unwrap();
    /// assert_eq!(pos, Position::<Chess960>::start());
    /// assert!(Chess960::start_position(960).is_none());
    /// ```
    pub fn start_position(number: u16) -> Option<Position<Chess960>> {
        let rank = back_rank(number)?;
        let t = tables();
        let mut setup = t.cfg.start_setup();
        setup.rights = 0;
        for c in Color::BOTH {
            for (file, &k) in rank.iter().enumerate() {
                let sq = t.back[c.index()][file];
                setup.board[sq.index()] = Some(Piece::new(k, c));
                if k == kind::ROOK {
                    setup.rights |= rights::of(c, file as u8).mask();
                }
            }
        }
        Position::from_setup(&setup).ok()
    }

    /// The way of castling of `color` whose king starts on `king` with the rook of file
    /// `rook_file`, if there is one (the king on `color`'s back rank, the rook on another file).
    pub fn castle(color: Color, king: Square, rook_file: u8) -> Option<&'static CastleSpec<u64>> {
        tables().spec(color, king, rook_file)
    }
}

struct Tables {
    cfg: Config<u64>,
    /// Each side's back-rank cells, files a to h.
    back: [[Square; FILES]; 2],
    /// Every way of castling, by side, king cell and rook file
    /// (`(side * 64 + king) * 8 + rook file`).
    castles: Vec<Option<CastleSpec<u64>>>,
    /// The castling rights a move from or to each cell ends, besides its king's: the right
    /// of the rook of that back-rank cell.
    lost: Vec<u64>,
}

impl Tables {
    #[inline(always)]
    fn spec(&self, color: Color, king: Square, rook_file: u8) -> Option<&CastleSpec<u64>> {
        self.castles
            .get((color.index() * 64 + king.index()) * FILES + usize::from(rook_file))?
            .as_ref()
    }
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let cfg = fide::config(
            crate::Variant::Chess960,
            boards::standard(),
            vec![],
            START,
            [1, 6],
            [7, 0],
        );
        let geo = cfg.geometry();
        let back = [0, 7].map(|rank| {
            std::array::from_fn(|file| {
                geo.at(Coord {
                    file: file as i8,
                    rank,
                })
                .expect("the standard board has 8 files and 8 ranks")
            })
        });
        let mut castles = vec![None; 2 * 64 * FILES];
        let mut lost = vec![0u64; geo.len()];
        for c in Color::BOTH {
            let row = &back[c.index()];
            for (kf, &king) in row.iter().enumerate() {
                for rf in 0..FILES {
                    if rf == kf {
                        continue;
                    }
                    let spec = castle_spec(row, c, kf, rf);
                    castles[(c.index() * 64 + king.index()) * FILES + rf] = Some(spec);
                }
            }
            for (f, sq) in row.iter().enumerate() {
                lost[sq.index()] |= rights::of(c, f as u8).mask();
            }
        }
        let cfg = crate::chess::values_and_weights(cfg)
            .rights(rights::ALL.to_vec())
            .rights_board_names(BoardNames {
                read: read_side_name,
                write: side_name,
            })
            .castle_written_to_rook()
            .title("Chess960")
            // lichess's `Chess960`, python-chess's and PGN's `Fischerandom` and `Fischer
            // Random`, XBoard's and Fairy-Stockfish's `fischerandom`, and shorter forms
            .aliases(&[
                "fischerandom",
                "fischerrandom",
                "fischer random",
                "fischer random chess",
                "chess 960",
                "960",
            ])
            .xboard(crate::XBoardGame::Native("fischerandom"));
        Tables {
            cfg,
            back,
            castles,
            lost,
        }
    })
}

/// The castle of `color` with the king on file `kf` and the rook on file `rf` of the back
/// rank `row`: toward the h-file (`O-O`) the king ends on g and the rook on f, toward the
/// a-file (`O-O-O`) the king on c and the rook on d. Every cell either crosses or lands on
/// must be empty but for the two of them, and every cell of the king's way, its start and
/// end included, must be safe.
fn castle_spec(row: &[Square; FILES], color: Color, kf: usize, rf: usize) -> CastleSpec<u64> {
    let h_side = rf > kf;
    let (kto, rto, san) = if h_side {
        (6, 5, "O-O")
    } else {
        (2, 3, "O-O-O")
    };
    let span = |a: usize, b: usize| -> Bitboard<u64> {
        row[a.min(b)..=a.max(b)].iter().copied().collect()
    };
    let both = Bitboard::from_square(row[kf]) | Bitboard::from_square(row[rf]);
    CastleSpec {
        right: rights::of(color, rf as u8),
        san,
        king: (row[kf], row[kto]),
        rook: (row[rf], row[rto]),
        empty: (span(kf, kto) | span(rf, rto)) & !both,
        safe: span(kf, kto),
    }
}

/// The back-rank file of `color`'s king in `setup`, if it stands there.
fn king_file(setup: &Setup, color: Color) -> Option<usize> {
    let back = &tables().back[color.index()];
    back.iter()
        .position(|sq| setup.board[sq.index()] == Some(Piece::new(kind::KING, color)))
}

/// The files of `color`'s rooks on its back rank in `setup`, from a to h.
fn rook_files(setup: &Setup, color: Color) -> impl Iterator<Item = usize> + '_ {
    let back = &tables().back[color.index()];
    (0..FILES).filter(move |&f| setup.board[back[f].index()] == Some(Piece::new(kind::ROOK, color)))
}

/// X-FEN's `K`, `Q`, `k`, `q` ([`BoardNames::read`]): the right of the outermost rook of the
/// side on the king's h-side (`K`) or a-side (`Q`) of its back rank.
fn read_side_name(setup: &Setup, name: char) -> Result<Option<Right>, RightsError> {
    let (color, h_side) = match name {
        'K' => (Color::White, true),
        'Q' => (Color::White, false),
        'k' => (Color::Black, true),
        'q' => (Color::Black, false),
        _ => return Ok(None),
    };
    let rank = if color == Color::White { 1 } else { 8 };
    let Some(kf) = king_file(setup, color) else {
        return Err(RightsError::NothingOnBoard {
            name,
            needs: format!("{color:?}'s king on rank {rank}"),
        });
    };
    let mut rooks = rook_files(setup, color);
    let outermost = if h_side {
        rooks.filter(|&f| f > kf).last()
    } else {
        rooks.find(|&f| f < kf)
    };
    match outermost {
        Some(f) => Ok(Some(rights::of(color, f as u8))),
        None => Err(RightsError::NothingOnBoard {
            name,
            needs: format!(
                "a {color:?} rook on rank {rank} toward the {}-file from its king",
                if h_side { 'h' } else { 'a' }
            ),
        }),
    }
}

/// X-FEN's name of a held right ([`BoardNames::write`]): `K`/`Q` (`k`/`q`) when its rook is
/// the outermost one of its side on that side of the king, `None` (its file letter) otherwise.
fn side_name(setup: &Setup, right: &Right) -> Option<&'static str> {
    let (color, file) = rights::rook_of(right);
    let file = usize::from(file);
    let kf = king_file(setup, color)?;
    let rooks: Vec<usize> = rook_files(setup, color).collect();
    if !rooks.contains(&file) {
        return None;
    }
    let white = color == Color::White;
    if file > kf && rooks.last() == Some(&file) {
        Some(if white { "K" } else { "k" })
    } else if file < kf && rooks.first() == Some(&file) {
        Some(if white { "Q" } else { "q" })
    } else {
        None
    }
}

impl Game for Chess960 {
    type Word = u64;

    fn config() -> &'static Config<u64> {
        &tables().cfg
    }

    fn move_name(m: &Move) -> Option<String> {
        let (MoveFlag::Castle, Some(rook)) = (m.flag, m.aux) else {
            return None;
        };
        let t = tables();
        let file = t.cfg.geometry().coord(rook).file as u8;
        Color::BOTH
            .into_iter()
            .filter_map(|c| t.spec(c, m.from, file))
            .find(|s| s.rook.0 == rook && s.king.1 == m.to)
            .map(|s| s.san.to_string())
    }

    fn special_moves(pos: &Position<Self>, lg: &Legality<u64>, out: &mut MoveList) {
        if lg.in_check {
            return;
        }
        let us = pos.turn();
        let mut held = (pos.rights() & rights::of_side(us)) >> (8 * us.index());
        if held == 0 {
            return;
        }
        let Some(king) = pos.royals(us).single() else {
            return;
        };
        let t = tables();
        while held != 0 {
            let file = held.trailing_zeros() as u8;
            held &= held - 1;
            if let Some(m) = t
                .spec(us, king, file)
                .and_then(|s| s.legal_move(pos, kind::KING, kind::ROOK))
            {
                out.push(m);
            }
        }
    }

    /// None: castling never captures or promotes.
    fn tactical_special_moves(_pos: &Position<Self>, _lg: &Legality<u64>, _out: &mut MoveList) {}

    #[inline(always)]
    fn effect(pos: &Position<Self>, m: &Move, ch: &mut Changes) -> bool {
        let (MoveFlag::Castle, Some(rook)) = (m.flag, m.aux) else {
            return false;
        };
        let t = tables();
        let file = t.cfg.geometry().coord(rook).file as u8;
        match t.spec(pos.turn(), m.from, file) {
            Some(s) => {
                s.changes(pos, ch);
                true
            }
            None => false,
        }
    }

    /// A move from or to a back-rank cell ends the right of its rook; a king's move (a castle
    /// too) ends both rights of its side.
    #[inline(always)]
    fn update_rights(pos: &mut Position<Self>, m: &Move) {
        let rights = pos.rights();
        if rights == 0 {
            return;
        }
        let t = tables();
        let mut r = rights & !(t.lost[m.from.index()] | t.lost[m.to.index()]);
        let us = pos.turn();
        if m.flag == MoveFlag::Castle || pos.piece_at(m.to) == Some(Piece::new(kind::KING, us)) {
            r &= !rights::of_side(us);
        }
        if r != rights {
            pos.set_rights(r);
        }
    }

    fn insufficient_material(pos: &Position<Self>) -> bool {
        fide::insufficient_material(pos)
    }

    /// One king a side, and every castling right held with its side's king on its back rank
    /// and its rook on the right's file there.
    fn validate(pos: &Position<Self>) -> Result<(), PositionError> {
        fide::one_king_each(pos)?;
        let t = tables();
        let geo = t.cfg.geometry();
        for r in rights::ALL.iter().filter(|r| pos.rights() & r.mask() != 0) {
            let (c, file) = rights::rook_of(r);
            let back = &t.back[c.index()];
            let rook = back[usize::from(file)];
            let king = pos.royals(c).single();
            let needs = if !king.is_some_and(|k| back.contains(&k)) {
                let rank = if c == Color::White { 1 } else { 8 };
                format!("{c:?}'s king on rank {rank}")
            } else if pos.piece_at(rook) != Some(Piece::new(kind::ROOK, c)) {
                format!("{c:?}'s rook on {}", geo.name_of(rook))
            } else {
                continue;
            };
            return Err(PositionError::RightWithoutPiece {
                right: r.fen,
                needs,
            });
        }
        Ok(())
    }
}
