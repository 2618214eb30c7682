//! The position: mailbox + bitboards + Zobrist hash + state, with make/unmake.

use crate::game::Changes;
use crate::{Color, Config, Game, IllegalMove, Move, MoveFlag, Piece};
use citadel_geometry::{BitWord, Bitboard, Square};
use std::marker::PhantomData;

mod null_move;

/// Most kinds a game may have.
pub const MAX_KINDS: usize = 32;

/// The piece bitboards of a position: by colour and by kind (kinds colourless), over the
/// game's bitboard word `W`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bitboards<W: BitWord = u128> {
    /// Cells of each side's pieces.
    pub color: [Bitboard<W>; 2],
    /// Cells of each kind's pieces, both sides.
    pub kind: [Bitboard<W>; MAX_KINDS],
}

impl<W: BitWord> Bitboards<W> {
    /// Every occupied cell.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard<W> {
        self.color[0] | self.color[1]
    }

    /// Cells of `color`'s pieces of `kind`.
    #[inline(always)]
    pub fn pieces(&self, kind: u8, color: Color) -> Bitboard<W> {
        self.kind[kind as usize] & self.color[color.index()]
    }

    #[inline(always)]
    fn toggle(&mut self, sq: Square, code: u8) {
        if let Some(p) = Piece::from_code(code) {
            let b = Bitboard::from_square(sq);
            self.color[p.color.index()] ^= b;
            self.kind[p.kind as usize] ^= b;
        }
    }
}

/// A position's contents before validation: what a FEN describes. It does not depend on
/// the game's bitboard word: its cell sets are `u128` ones, whatever the game.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// The piece on each cell, by dense index.
    pub board: Vec<Option<Piece>>,
    /// Side to move.
    pub turn: Color,
    /// The game's rights bits (castling, rendezvous, swap, ...).
    pub rights: u64,
    /// Cells whose pieces still hold a first-move right.
    pub unmoved: Bitboard,
    /// The en passant cell (passed over by the last double step).
    pub ep: Option<Square>,
    /// Plies since the last capture or pawn move.
    pub halfmove: u16,
    /// Move number, starting at 1.
    pub fullmove: u32,
}

impl Setup {
    /// An empty board of game `G`: White to move, no rights, move 1.
    pub fn empty<G: Game>() -> Self {
        Setup {
            board: vec![None; G::config().geometry().len()],
            turn: Color::White,
            rights: 0,
            unmoved: Bitboard::EMPTY,
            ep: None,
            halfmove: 0,
            fullmove: 1,
        }
    }

    /// Puts `piece` on `sq` (or empties it).
    pub fn put(&mut self, sq: Square, piece: Option<Piece>) {
        if let Some(cell) = self.board.get_mut(sq.index()) {
            *cell = piece;
        }
    }
}

/// Why a set-up position is not a position of the game: each kind names the cell, piece
/// or right at fault; `Display` gives the readable message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The side that just moved has its (sole) royal piece attacked.
    #[error("the side not to move ({0}) is in check")]
    OppositeCheck(Color),
    /// A side has no royal piece.
    #[error("{0} has no king")]
    NoRoyal(Color),
    /// A side has more royal pieces than the game allows.
    #[error("{0} has too many kings")]
    TooManyRoyals(Color),
    /// A piece stands where the game does not allow it.
    #[error("{piece} cannot stand on {square}")]
    BadSquare {
        /// The piece's symbol.
        piece: String,
        /// The cell's name.
        square: String,
    },
    /// A piece stands where it would already have promoted.
    #[error("{piece} on {square} would have promoted there")]
    Unpromoted {
        /// The piece's symbol.
        piece: String,
        /// The cell's name.
        square: String,
    },
    /// A pawn on a rank no pawn of its side can reach: behind the rank its side's pawns start
    /// on, or beyond its promotion zone ([`Config::pawn_out_of_reach`]).
    #[error("{piece} cannot stand on {square}")]
    PawnOutOfReach {
        /// The piece's symbol.
        piece: String,
        /// The cell's name.
        square: String,
    },
    /// A piece of a kind the game does not have.
    #[error("no piece kind {kind} in this game (on {square})")]
    UnknownKind {
        /// The kind number.
        kind: u8,
        /// The cell's name.
        square: String,
    },
    /// Rights bits that name no right of the game.
    #[error("rights bits {0:#x} name no right of this game")]
    UnknownRights(u64),
    /// A right whose piece is not where the right needs it.
    #[error("right `{right}` needs {needs}")]
    RightWithoutPiece {
        /// The right's FEN text.
        right: &'static str,
        /// What it needs, with the cell (`"White's rook on h1"`).
        needs: String,
    },
    /// Two rights that exclude each other.
    #[error("`{0}` and `{1}` together")]
    RightsTogether(&'static str, &'static str),
    /// A piece's state that needs a right the position lacks.
    #[error("{piece} on {square} needs right `{right}`")]
    MissingRight {
        /// The right's FEN text.
        right: &'static str,
        /// The piece's description.
        piece: String,
        /// Its cell.
        square: String,
    },
    /// A first-move right on a cell where no piece with a first move starts.
    #[error("{0} is no start cell of a piece with a first move")]
    FirstMoveCell(String),
    /// The en passant cell is not one a double step just passed.
    #[error("invalid en passant square {square}: {reason}")]
    BadEnPassant {
        /// The cell's name.
        square: String,
        /// What is wrong with it.
        reason: EnPassantProblem,
    },
    /// A side has more pieces of a kind (or group of kinds) than the game allows.
    #[error("{color} has more than {max} {piece}")]
    TooMany {
        /// The side.
        color: Color,
        /// What there are too many of (`"pawn of pawns (P')"`).
        piece: String,
        /// The most allowed.
        max: u32,
    },
    /// The board has the wrong number of cells for the game.
    #[error("the board has {0} cells, the game {1}")]
    BoardSize(usize, usize),
}

impl PositionError {
    /// Whether the error is about the rights (FEN field 3).
    pub fn is_rights(&self) -> bool {
        matches!(
            self,
            PositionError::UnknownRights(_)
                | PositionError::RightWithoutPiece { .. }
                | PositionError::RightsTogether(..)
                | PositionError::MissingRight { .. }
                | PositionError::FirstMoveCell(_)
        )
    }
}

/// Why an en passant cell cannot be one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EnPassantProblem {
    /// The game has no en passant.
    #[error("this game has no en passant")]
    NoEnPassant,
    /// The cell is occupied.
    #[error("the cell is occupied")]
    Occupied,
    /// No double step of the side that just moved passes over it, or its start cell is not
    /// empty.
    #[error("no double step of the side that just moved passes it")]
    NotPassed,
    /// No pawn of the side that just moved stands right in front of it.
    #[error("no pawn of the side that just moved stands in front of it")]
    NoPawn,
}

/// What `unmake` needs to restore.
#[derive(Clone, Copy, Debug)]
struct Undo<W: BitWord> {
    mv: Move,
    rights: u64,
    unmoved: Bitboard<W>,
    ep: Option<Square>,
    halfmove: u16,
    hash: u64,
    old: [(Square, u8); 8],
    n: u8,
}

/// A position of game `G`.
///
/// Create one from a [`Setup`] (the notation crate parses FEN into one), list its legal moves
/// with [`legal_moves`](Position::legal_moves), and [`play_unchecked`](Position::play_unchecked) /
/// [`undo`](Position::undo) moves.
#[derive(Clone)]
pub struct Position<G: Game> {
    cfg: &'static Config<G::Word>,
    board: [u8; 128],
    bb: Bitboards<G::Word>,
    turn: Color,
    rights: u64,
    unmoved: Bitboard<G::Word>,
    ep: Option<Square>,
    halfmove: u16,
    fullmove: u32,
    hash: u64,
    stack: Vec<Undo<G::Word>>,
    _game: PhantomData<G>,
}

impl<G: Game> std::fmt::Debug for Position<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let g = self.cfg.geometry();
        let pieces: Vec<String> = g
            .all()
            .iter()
            .filter_map(|s| {
                self.piece_at(s)
                    .map(|p| format!("{}{}", self.cfg.symbol_of(p.kind, p.color), g.name_of(s)))
            })
            .collect();
        f.debug_struct("Position")
            .field("game", &self.cfg.id)
            .field("pieces", &pieces.join(" "))
            .field("turn", &self.turn)
            .field("rights", &self.rights)
            .field("ep", &self.ep)
            .finish()
    }
}

impl<G: Game> PartialEq for Position<G> {
    fn eq(&self, o: &Self) -> bool {
        self.board == o.board
            && self.turn == o.turn
            && self.rights == o.rights
            && self.unmoved == o.unmoved
            && self.ep == o.ep
            && self.halfmove == o.halfmove
            && self.fullmove == o.fullmove
    }
}

impl<G: Game> Position<G> {
    /// Builds a position from a setup and checks it against the core's and the game's rules.
    pub fn from_setup(setup: &Setup) -> Result<Self, PositionError> {
        let cfg = G::config();
        let n = cfg.geometry().len();
        if setup.board.len() != n {
            return Err(PositionError::BoardSize(setup.board.len(), n));
        }
        let mut pos = Position {
            cfg,
            board: [0; 128],
            bb: Bitboards {
                color: [Bitboard::EMPTY; 2],
                kind: [Bitboard::EMPTY; MAX_KINDS],
            },
            turn: setup.turn,
            rights: setup.rights,
            unmoved: Bitboard::narrow(setup.unmoved),
            ep: setup.ep,
            halfmove: setup.halfmove,
            fullmove: setup.fullmove.max(1),
            hash: 0,
            stack: Vec::with_capacity(64),
            _game: PhantomData,
        };
        for (i, p) in setup.board.iter().enumerate() {
            if let Some(p) = p {
                if p.kind as usize >= cfg.symbols.len() {
                    return Err(PositionError::UnknownKind {
                        kind: p.kind,
                        square: cfg.geometry().name_of(Square(i as u8)).to_string(),
                    });
                }
                let sq = Square(i as u8);
                pos.board[i] = p.code();
                pos.bb.toggle(sq, p.code());
            }
        }
        let moot = G::moot_rights(&pos);
        pos.rights &= !moot;
        pos.hash = pos.compute_hash();
        pos.validate_core()?;
        for c in Color::BOTH {
            if pos.royals(c).is_empty() && cfg.royal != 0 && cfg.royal_required {
                return Err(PositionError::NoRoyal(c));
            }
        }
        let them = setup.turn.other();
        if let Some(k) = pos.royals(them).single() {
            if pos.is_attacked(k, setup.turn) {
                return Err(PositionError::OppositeCheck(them));
            }
        }
        pos.validate_pawn_ranks()?;
        G::validate(&pos)?;
        Ok(pos)
    }

    /// The game-agnostic checks of a set-up: rights the game has, pieces not where they
    /// would have promoted, the en passant cell.
    fn validate_core(&self) -> Result<(), PositionError> {
        let cfg = self.cfg;
        let geo = cfg.geometry();
        let unknown = self.rights & !cfg.rights.bits();
        if unknown != 0 {
            return Err(PositionError::UnknownRights(unknown));
        }
        for c in Color::BOTH {
            for (k, to) in cfg.promotions.iter().enumerate() {
                if to.is_empty() {
                    continue;
                }
                let on = self.bb.pieces(k as u8, c) & cfg.promotion_zone[c.index()];
                if let Some(sq) = on.first() {
                    return Err(PositionError::Unpromoted {
                        piece: cfg.symbol_of(k as u8, c),
                        square: geo.name_of(sq).to_string(),
                    });
                }
            }
        }
        if let Some(e) = self.ep {
            let bad = |reason| PositionError::BadEnPassant {
                square: geo.name_of(e).to_string(),
                reason,
            };
            if !cfg.en_passant {
                return Err(bad(EnPassantProblem::NoEnPassant));
            }
            if self.bb.occupied().contains(e) {
                return Err(bad(EnPassantProblem::Occupied));
            }
            let mover = self.turn.other();
            let fwd = cfg.forward[mover.index()];
            let from = geo.step(e, 0, -fwd);
            if !from.is_some_and(|f| {
                cfg.double_step[mover.index()].contains(f) && self.piece_at(f).is_none()
            }) {
                return Err(bad(EnPassantProblem::NotPassed));
            }
            let to = geo.step(e, 0, fwd);
            if !to
                .and_then(|t| self.piece_at(t))
                .is_some_and(|p| p.color == mover && cfg.is_pawn(p.kind))
            {
                return Err(bad(EnPassantProblem::NoPawn));
            }
        }
        Ok(())
    }

    /// Promoting pawns only on ranks their side's pawns can reach
    /// ([`Config::pawn_out_of_reach`]).
    fn validate_pawn_ranks(&self) -> Result<(), PositionError> {
        let cfg = self.cfg;
        for c in Color::BOTH {
            let out = cfg.pawn_out_of_reach(c);
            for k in 0..cfg.symbols.len() as u8 {
                if !(cfg.is_pawn(k) && cfg.is_promoting(k)) {
                    continue;
                }
                if let Some(sq) = (self.bb.pieces(k, c) & out).first() {
                    return Err(PositionError::PawnOutOfReach {
                        piece: cfg.symbol_of(k, c),
                        square: cfg.geometry().name_of(sq).to_string(),
                    });
                }
            }
        }
        Ok(())
    }

    /// The setup this position was built from, as it stands now.
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self
                .cfg
                .geometry()
                .all()
                .iter()
                .map(|s| self.piece_at(s))
                .collect(),
            turn: self.turn,
            rights: self.rights,
            unmoved: self.unmoved.widen(),
            ep: self.ep,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
        }
    }

    /// The hash computed from scratch (equals [`hash`](Self::hash) at all times).
    pub fn compute_hash(&self) -> u64 {
        let z = &self.cfg.zobrist;
        let mut h = 0;
        for sq in self.bb.occupied() {
            h ^= z.pieces[self.board[sq.index()] as usize][sq.index()];
        }
        if self.turn == Color::Black {
            h ^= z.side;
        }
        if let Some(e) = self.ep {
            h ^= z.ep[e.index()];
        }
        for sq in self.unmoved {
            h ^= z.unmoved[sq.index()];
        }
        h ^ z.rights_key(self.rights)
    }

    /// The game's configuration.
    #[inline(always)]
    pub fn config(&self) -> &'static Config<G::Word> {
        self.cfg
    }

    /// The piece bitboards.
    #[inline(always)]
    pub fn bitboards(&self) -> &Bitboards<G::Word> {
        &self.bb
    }

    /// The piece on `sq`.
    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.board[sq.index()])
    }

    /// The mailbox code on `sq` (0 when empty).
    #[inline(always)]
    pub fn code_at(&self, sq: Square) -> u8 {
        self.board[sq.index()]
    }

    /// Side to move.
    #[inline(always)]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The game's rights bits.
    #[inline(always)]
    pub fn rights(&self) -> u64 {
        self.rights
    }

    /// Sets the rights bits (for the game's `update_rights` hook), keeping the hash right.
    #[inline(always)]
    pub(crate) fn set_rights(&mut self, rights: u64) {
        self.hash ^= self.cfg.zobrist.rights_key(self.rights ^ rights);
        self.rights = rights;
    }

    /// Cells whose pieces hold a first-move right.
    #[inline(always)]
    pub fn unmoved(&self) -> Bitboard<G::Word> {
        self.unmoved
    }

    /// The en passant cell.
    #[inline(always)]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }

    /// Plies since the last capture or pawn move.
    #[inline(always)]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }

    /// The move number.
    #[inline(always)]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The Zobrist hash.
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Moves played on this position object (that [`undo`](Self::undo) can take back).
    pub fn ply_count(&self) -> usize {
        self.stack.len()
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.stack.last().map(|u| u.mv)
    }

    /// Cells of `color`'s royal pieces.
    #[inline(always)]
    pub fn royals(&self, color: Color) -> Bitboard<G::Word> {
        let mut r = self.cfg.royal;
        let mut b = Bitboard::EMPTY;
        while r != 0 {
            b |= self.bb.kind[r.trailing_zeros() as usize];
            r &= r - 1;
        }
        b & self.bb.color[color.index()]
    }

    /// How many times the current position occurred before on this object's history
    /// (same hash, same side to move), looking back no further than the last irreversible move.
    pub fn repetitions(&self) -> usize {
        let n = self.stack.len();
        let back = (self.halfmove as usize).min(n);
        // the same side to move: every second position back, from two plies ago
        self.stack[n - back..]
            .rchunks_exact(2)
            .filter(|pair| pair[0].hash == self.hash)
            .count()
    }

    /// The board changes `m` makes.
    #[inline(always)]
    pub fn changes(&self, m: &Move) -> Changes {
        let mut ch = Changes::default();
        self.changes_into(m, &mut ch);
        ch
    }

    /// [`changes`](Self::changes) written into `ch` (empty), where the caller keeps it: the
    /// list is built in place, not copied out just after its bytes were written (a copy the
    /// processor stalls on, as `play_unchecked` did).
    #[inline(always)]
    fn changes_into(&self, m: &Move, ch: &mut Changes) {
        if G::effect(self, m, ch) {
            return;
        }
        let moved = self.board[m.from.index()];
        if m.flag == MoveFlag::EnPassant {
            if let Some(victim) = self.ep_victim(m.to) {
                ch.set(victim, 0);
            }
        }
        ch.set(m.from, 0);
        let code = match m.promotion {
            Some(k) => Piece::new(k, self.turn).code(),
            None => moved,
        };
        ch.set(m.to, code);
    }

    /// The cell of the pawn an en passant capture to `to` removes.
    #[inline(always)]
    pub fn ep_victim(&self, to: Square) -> Option<Square> {
        let back = self.cfg.forward_dir(self.turn.index()).opposite();
        self.cfg.geometry().neighbour(to, back)
    }

    /// Sets a cell directly (for applying changes), keeping bitboards and hash right.
    #[inline(always)]
    fn set_code(&mut self, sq: Square, code: u8) -> u8 {
        let old = self.board[sq.index()];
        let z = &self.cfg.zobrist;
        if old != 0 {
            self.hash ^= z.pieces[old as usize][sq.index()];
        }
        if code != 0 {
            self.hash ^= z.pieces[code as usize][sq.index()];
        }
        self.bb.toggle(sq, old);
        self.bb.toggle(sq, code);
        self.board[sq.index()] = code;
        old
    }

    /// Whether `m` is one of the position's legal moves (as [`legal_moves`](Self::legal_moves)
    /// gives them: flag, promotion and auxiliary cell included).
    ///
    /// ```
    /// use citadel_geometry::Square;
    /// use citadel_rules::{Chess, Game, Move, Position};
    /// let pos = Position::<Chess>::start();
    /// let g = Chess::config().geometry();
    /// let sq = |n: &str| g.parse_square(n).unwrap();
    /// assert!(pos.is_legal(Move::new(sq("g1"), sq("f3"))));
    /// assert!(!pos.is_legal(Move::new(sq("e4"), sq("e5"))));
    /// ```
    ///
    /// A regular move (no castling or game-specific move) is tested on its own: its piece's
    /// moves from its cell, then its royalty's safety. Any other move, and any move that test
    /// does not accept, is looked up among all the legal moves.
    pub fn is_legal(&self, m: Move) -> bool {
        if G::decided(self).is_some() {
            return false;
        }
        if self.config().data_rules.must_capture {
            return self.legal_moves().contains(&m);
        }
        (self.is_regular(&m) && self.is_safe(&m)) || self.legal_moves().contains(&m)
    }

    /// Plays `m` if it is legal; otherwise returns [`IllegalMove`] and leaves the position
    /// as it was.
    ///
    /// ```
    /// use citadel_rules::{Chess, Game, Move, Position};
    /// let mut pos = Position::<Chess>::start();
    /// let g = Chess::config().geometry();
    /// let sq = |n: &str| g.parse_square(n).unwrap();
    /// // a rook cannot pass through its own pawn
    /// assert!(pos.try_play(Move::new(sq("a1"), sq("a3"))).is_err());
    /// pos.try_play(Move::new(sq("e2"), sq("e3"))).unwrap();
    /// assert_eq!(pos.ply_count(), 1);
    /// ```
    pub fn try_play(&mut self, m: Move) -> Result<(), IllegalMove> {
        if self.is_legal(m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(self.illegal(&m))
        }
    }

    /// Plays `m` without checking it: the fast path for moves that came from
    /// [`legal_moves`](Self::legal_moves) or [`generate`](Self::generate) of this very
    /// position (search, perft, replay after resolving the move).
    ///
    /// # Panics
    ///
    /// Never for a legal move. For any other move the resulting position is unspecified
    /// (it may break the game's invariants, and a later call may panic); use
    /// [`try_play`](Self::try_play) for moves from outside.
    pub fn play_unchecked(&mut self, m: Move) {
        let mut ch = Changes::default();
        self.changes_into(&m, &mut ch);
        let mut undo = self.undo_record(m);
        let moved = Piece::from_code(self.board[m.from.index()]);
        let them = self.turn.other();
        let mut capture = false;
        for &(sq, code) in ch.as_slice() {
            let old = self.set_code(sq, code);
            if let Some(p) = Piece::from_code(old) {
                capture |= p.color == them;
            }
            undo.old[undo.n as usize] = (sq, old);
            undo.n += 1;
        }
        self.clear_ep();
        let z = &self.cfg.zobrist;
        if m.flag == MoveFlag::DoubleStep
            && self.cfg.en_passant_from[self.turn.index()].contains(m.from)
        {
            let fwd = self.cfg.forward_dir(self.turn.index());
            if let Some(e) = self.cfg.geometry().neighbour(m.from, fwd) {
                self.ep = Some(e);
                self.hash ^= z.ep[e.index()];
            }
        }
        let pawn = moved.is_some_and(|p| self.cfg.is_pawn(p.kind));
        self.halfmove = if capture || pawn {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        let touched = Bitboard::from_square(m.from) | Bitboard::from_square(m.to);
        let lost = self.unmoved & touched;
        for sq in lost {
            self.hash ^= z.unmoved[sq.index()];
        }
        self.unmoved ^= lost;
        G::update_rights(self, &m);
        self.pass_turn();
        self.stack.push(undo);
    }

    /// What [`undo`](Self::undo) needs to restore before `mv` is played (no board cells yet).
    #[inline(always)]
    fn undo_record(&self, mv: Move) -> Undo<G::Word> {
        Undo {
            mv,
            rights: self.rights,
            unmoved: self.unmoved,
            ep: self.ep,
            halfmove: self.halfmove,
            hash: self.hash,
            old: [(Square(0), 0); 8],
            n: 0,
        }
    }

    /// Drops the en passant right, if any, from the position and its hash.
    #[inline(always)]
    fn clear_ep(&mut self) {
        if let Some(e) = self.ep.take() {
            self.hash ^= self.cfg.zobrist.ep[e.index()];
        }
    }

    /// Gives the turn to the other side (the move number and the hash follow).
    #[inline(always)]
    fn pass_turn(&mut self) {
        if self.turn == Color::Black {
            self.fullmove += 1;
        }
        self.turn = self.turn.other();
        self.hash ^= self.cfg.zobrist.side;
    }

    /// Takes back the last move played; returns it, or `None` when there is none.
    pub fn undo(&mut self) -> Option<Move> {
        let u = self.stack.pop()?;
        for i in (0..u.n as usize).rev() {
            let (sq, code) = u.old[i];
            self.set_code(sq, code);
        }
        self.turn = self.turn.other();
        if self.turn == Color::Black {
            self.fullmove -= 1;
        }
        self.rights = u.rights;
        self.unmoved = u.unmoved;
        self.ep = u.ep;
        self.halfmove = u.halfmove;
        self.hash = u.hash;
        Some(u.mv)
    }

    /// Puts `piece` on `sq` (or empties it), keeping bitboards and hash right. The change is
    /// not recorded for [`undo`](Self::undo): it is for setting up positions and for a game's
    /// look-ahead on a [`snapshot`](Self::snapshot) (Byzantine pawn-pair removals).
    pub(crate) fn set_piece(&mut self, sq: Square, piece: Option<Piece>) {
        self.set_code(sq, piece.map_or(0, Piece::code));
    }

    /// A copy of the position without its move history (so without allocating): it cannot
    /// [`undo`](Self::undo) the moves played before.
    #[inline]
    pub fn snapshot(&self) -> Self {
        Position {
            cfg: self.cfg,
            board: self.board,
            bb: self.bb,
            turn: self.turn,
            rights: self.rights,
            unmoved: self.unmoved,
            ep: self.ep,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            hash: self.hash,
            stack: Vec::new(),
            _game: PhantomData,
        }
    }

    /// The bitboards after the board changes of `m`, without playing it.
    #[inline(always)]
    pub(crate) fn bitboards_after(&self, ch: &Changes) -> Bitboards<G::Word> {
        let mut bb = self.bb;
        let mut overlay: [(Square, u8); 8] = [(Square(0), 0); 8];
        for (n, &(sq, code)) in ch.as_slice().iter().enumerate() {
            let old = overlay[..n]
                .iter()
                .rev()
                .find(|(s, _)| *s == sq)
                .map(|&(_, c)| c)
                .unwrap_or(self.board[sq.index()]);
            bb.toggle(sq, old);
            bb.toggle(sq, code);
            overlay[n] = (sq, code);
        }
        bb
    }
}
