//! Legal move generation, attack detection and the outcome of a position.

use crate::{
    Bitboards, Claims, Color, Game, Move, MoveFlag, MoveList, Outcome, Piece, Position, Termination,
};
use citadel_geometry::{BitWord, Bitboard, Dir, Square};
use citadel_pieces::bent_sources;

mod check;
mod evasion;
mod tactical;

pub use check::CheckHint;

/// What decides the legality of the side to move's moves: its sole royal piece (if it has
/// exactly one), whether that piece is attacked, and the pieces that may be pinned to it.
#[derive(Clone, Copy, Debug)]
pub struct Legality<W: BitWord = u128> {
    /// The sole royal piece, or `None` when the side has several (then nothing is check).
    pub royal: Option<Square>,
    /// Whether the sole royal piece is attacked.
    pub in_check: bool,
    /// Pieces that may be pinned (a superset: each is tested by playing the move).
    pub pinned: Bitboard<W>,
    /// Where a plain move of a piece other than the sole royal one may land to answer the
    /// check (a superset: each such move is still tested): the checking pieces' cells and
    /// the cells in the way of their attacks, those common to every checking piece. Every
    /// cell when not in check, or when the checking pieces or their ways cannot be told
    /// (a game's [`extra_attackers`](Game::extra_attackers), or
    /// [`LOCAL_EVASIONS`](Game::LOCAL_EVASIONS) false).
    pub evasions: Bitboard<W>,
}

impl<W: BitWord> Legality<W> {
    /// Whether the plain moves of the piece on `from` must each be tested: moves of the sole
    /// royal piece, of a piece that may be pinned, and every move while in check (with
    /// several royal pieces, none).
    #[inline(always)]
    pub fn needs_test(&self, from: Square) -> bool {
        self.royal
            .is_some_and(|k| self.in_check || from == k || self.pinned.contains(from))
    }
}

/// What every piece's regular moves depend on in a position.
#[derive(Clone, Copy)]
struct RegularContext<W: BitWord> {
    /// The side to move's index.
    us: usize,
    occ: Bitboard<W>,
    /// The enemy pieces that may be captured.
    enemy: Bitboard<W>,
    inert: Bitboard<W>,
    /// The side to move's pieces that still have their first-move rights.
    unmoved: Bitboard<W>,
    /// The side to move's promotion zone.
    zone: Bitboard<W>,
    ep: Option<Square>,
    /// Whether pawns may double-step or capture en passant at all.
    pawn_extras: bool,
}

/// The regular moves of one piece: its plain targets, and what its pawn moves depend on.
#[derive(Clone, Copy)]
struct Reach<W: BitWord> {
    targets: Bitboard<W>,
    /// The cells it may land on at all.
    land: Bitboard<W>,
    /// The cells that may answer a check.
    evade: Bitboard<W>,
    attacks: Bitboard<W>,
    /// The cells it may not go to (the game's rule).
    forbidden: Bitboard<W>,
}

impl<G: Game> Position<G> {
    /// Whether `target` is attacked by `by` on the current board.
    #[inline(always)]
    pub fn is_attacked(&self, target: Square, by: Color) -> bool {
        self.attacked_in(
            self.bitboards(),
            target,
            by,
            self.bitboards().occupied(),
            Bitboard::EMPTY,
        )
    }

    /// Whether `target` is attacked by `by` in the bitboards `bb`, with `occupied` as the
    /// blocking cells and the pieces on `exclude` left out.
    #[inline(always)]
    pub fn attacked_in(
        &self,
        bb: &Bitboards<G::Word>,
        target: Square,
        by: Color,
        occupied: Bitboard<G::Word>,
        exclude: Bitboard<G::Word>,
    ) -> bool {
        if G::immune(bb).contains(target) {
            return false;
        }
        let attackers = bb.color[by.index()] & !G::inert(bb) & !exclude;
        self.config()
            .pieces
            .attacked_by(target, by.index(), occupied, attackers, |k| {
                bb.kind[k] & attackers
            })
            || G::extra_attackers(bb, target, by, attackers).any()
    }

    /// The cells of the pieces of `by` that attack `target` on the current board, with
    /// `occupied` as the blocking cells: the set whose emptiness
    /// [`attacked_in`](Self::attacked_in) tells (none on an [`immune`](Game::immune) cell,
    /// none from an [`inert`](Game::inert) one), including the game's
    /// [`extra_attackers`](Game::extra_attackers).
    pub fn attackers_of(
        &self,
        target: Square,
        by: Color,
        occupied: Bitboard<G::Word>,
    ) -> Bitboard<G::Word> {
        let bb = self.bitboards();
        if G::immune(bb).contains(target) {
            return Bitboard::EMPTY;
        }
        let attackers = bb.color[by.index()] & !G::inert(bb);
        self.config()
            .pieces
            .attackers(target, by.index(), occupied, attackers, |k| {
                bb.kind[k] & attackers
            })
            | G::extra_attackers(bb, target, by, attackers)
    }

    /// Whether the side to move's sole royal piece is attacked.
    pub fn in_check(&self) -> bool {
        match self.royals(self.turn()).single() {
            Some(k) => self.is_attacked(k, self.turn().other()),
            None => false,
        }
    }

    /// The legality context of the side to move.
    pub fn legality(&self) -> Legality<G::Word> {
        let us = self.turn();
        let them = us.other();
        let Some(k) = self.royals(us).single() else {
            return Legality {
                royal: None,
                in_check: false,
                pinned: Bitboard::EMPTY,
                evasions: self.config().geometry().all(),
            };
        };
        let bb = self.bitboards();
        let occ = bb.occupied();
        let ours = bb.color[us.index()];
        let theirs = bb.color[them.index()] & !G::inert(bb);
        let geo = self.config().geometry();
        let set = &self.config().pieces;
        let mut pinned = Bitboard::EMPTY;
        for d in Dir::ALL {
            if (geo.ray_mask(k, d) & theirs).is_empty() {
                continue;
            }
            let Some(b1) = geo.first_on_ray(k, d, occ) else {
                continue;
            };
            if !ours.contains(b1) {
                continue;
            }
            let Some(b2) = geo.first_on_ray(b1, d, occ) else {
                continue;
            };
            if let Some(p) = self.piece_at(b2) {
                if theirs.contains(b2)
                    && set.piece(them.index(), p.kind as usize).line_dirs() >> d.opposite() as u8
                        & 1
                        != 0
                {
                    pinned.insert(b1);
                }
            }
        }
        let mut bent = set.bent_kinds(them.index());
        while bent != 0 {
            let kind = bent.trailing_zeros() as usize;
            bent &= bent - 1;
            let cp = set.piece(them.index(), kind);
            let Some(min) = cp.bent_min() else {
                continue;
            };
            // only riders that could reach the royal on an empty board may pin
            let riders = bb.kind[kind] & theirs & cp.bent_from(k);
            if riders.is_empty() {
                continue;
            }
            bent_sources(geo, k, min, occ & !ours, |src, path| {
                if riders.contains(src) && (path & ours).count() == 1 {
                    pinned |= path & ours;
                }
                false
            });
        }
        let in_check = self.is_attacked(k, them);
        Legality {
            royal: Some(k),
            in_check,
            pinned,
            evasions: if in_check {
                self.evasions(k)
            } else {
                geo.all()
            },
        }
    }

    /// The legality context without finding the pins, for a caller that tests few moves:
    /// the pieces that may be pinned are all those on a line from the sole royal piece that
    /// holds an enemy piece, and, when an enemy bent rider could reach the royal piece on an
    /// empty board, all those on its orthogonal lines (a bent path to it ends along one of
    /// them, its corner included); a check is answered anywhere (each move is then tested).
    fn quick_legality(&self) -> Legality<G::Word> {
        let us = self.turn();
        let them = us.other();
        let bb = self.bitboards();
        let geo = self.config().geometry();
        let Some(k) = self.royals(us).single() else {
            return Legality {
                royal: None,
                in_check: false,
                pinned: Bitboard::EMPTY,
                evasions: geo.all(),
            };
        };
        let ours = bb.color[us.index()];
        let theirs = bb.color[them.index()];
        let mut pinned = Dir::ALL.into_iter().fold(Bitboard::EMPTY, |p, d| {
            let ray = geo.ray_mask(k, d);
            if (ray & theirs).any() {
                p | (ray & ours)
            } else {
                p
            }
        });
        let set = &self.config().pieces;
        let mut bent = set.bent_kinds(them.index());
        while bent != 0 {
            let kind = bent.trailing_zeros() as usize;
            bent &= bent - 1;
            if (bb.kind[kind] & theirs & set.piece(them.index(), kind).bent_from(k)).any() {
                pinned |= Dir::ORTHOGONAL
                    .into_iter()
                    .fold(Bitboard::EMPTY, |p, d| p | geo.ray_mask(k, d))
                    & ours;
                break;
            }
        }
        Legality {
            royal: Some(k),
            in_check: self.is_attacked(k, them),
            pinned,
            evasions: geo.all(),
        }
    }

    /// Whether the regular move `m` leaves the side to move's royalty safe: tested by
    /// playing it only where it may not ([`quick_legality`](Self::quick_legality)).
    pub(crate) fn is_safe(&self, m: &Move) -> bool {
        self.legal(&self.quick_legality(), m)
    }

    /// Whether `m` (generated for the side to move) leaves its royalty safe, decided by
    /// applying its board changes to a copy of the bitboards.
    pub fn is_safe_after(&self, m: &Move) -> bool {
        let ch = self.changes(m);
        let bb = self.bitboards_after(&ch);
        let us = self.turn();
        let mut r = self.config().royal;
        let mut royals = Bitboard::EMPTY;
        while r != 0 {
            royals |= bb.kind[r.trailing_zeros() as usize];
            r &= r - 1;
        }
        match (royals & bb.color[us.index()]).single() {
            Some(k) => !self.attacked_in(&bb, k, us.other(), bb.occupied(), Bitboard::EMPTY),
            None => true,
        }
    }

    #[inline(always)]
    fn legal(&self, lg: &Legality<G::Word>, m: &Move) -> bool {
        let Some(k) = lg.royal else { return true };
        if m.from == k && m.is_plain() {
            let occ = self.bitboards().occupied() & !Bitboard::from_square(k);
            return !self.attacked_in(
                self.bitboards(),
                m.to,
                self.turn().other(),
                occ,
                Bitboard::from_square(m.to),
            );
        }
        if m.is_plain() && !lg.needs_test(m.from) {
            return true;
        }
        self.is_safe_after(m)
    }

    /// Fills `out` with the legal moves of the position (its old contents are dropped, so
    /// that a game's special-move hook sees exactly this position's regular moves).
    pub fn generate(&self, out: &mut MoveList) {
        out.clear();
        if G::decided(self).is_some() {
            return;
        }
        let lg = self.legality();
        self.generate_regular(&lg, out);
        G::special_moves(self, &lg, out);
        if self.config().data_rules.must_capture {
            self.keep_captures(out);
        }
    }

    /// Whether `m` (a move of the side to move) takes a piece: it lands on an enemy piece or
    /// captures en passant.
    #[inline(always)]
    pub fn is_capture(&self, m: &Move) -> bool {
        m.flag == MoveFlag::EnPassant
            || self.bitboards().color[self.turn().other().index()].contains(m.to)
    }

    /// Drops the moves that take nothing from `moves` when one of them takes a piece: the
    /// compulsory capture of a game that has it ([`DataRules::must_capture`](crate::DataRules)).
    pub(crate) fn keep_captures(&self, moves: &mut MoveList) {
        if moves.iter().any(|m| self.is_capture(m)) {
            moves.retain(|m| self.is_capture(m));
        }
    }

    /// The legal moves of the position.
    pub fn legal_moves(&self) -> MoveList {
        let mut out = MoveList::new();
        self.generate(&mut out);
        out
    }

    /// Pushes `m`, or its promotion choices, if legal. Each promotion is tested on its own:
    /// promoting to a royal piece (Tamerlane's prince) can make a move legal. The caller has
    /// left out the game's [`forbidden`](Game::forbidden) cells.
    #[inline(always)]
    fn push_regular(&self, lg: &Legality<G::Word>, kind: u8, m: Move, out: &mut MoveList) {
        let cfg = self.config();
        if cfg.is_promoting(kind) && cfg.promotion_zone[self.turn().index()].contains(m.to) {
            for &p in &cfg.promotions[kind as usize] {
                let pm = Move {
                    promotion: Some(p),
                    ..m
                };
                if self.legal(lg, &pm) {
                    out.push(pm);
                }
            }
        } else if self.legal(lg, &m) {
            out.push(m);
        }
    }

    /// Appends the legal regular (atom-generated) moves to `out`, given the position's
    /// [`legality`](Self::legality): no special moves, and no check of the game's
    /// [`decided`](Game::decided) rule (for games that look ahead on a modified copy).
    pub fn generate_regular(&self, lg: &Legality<G::Word>, out: &mut MoveList) {
        let cfg = self.config();
        let ctx = self.regular_context();
        for from in self.bitboards().color[self.turn().index()] {
            let Some(Piece { kind, .. }) = self.piece_at(from) else {
                continue;
            };
            let r = self.reach(ctx, lg, from, kind);
            // the others' plain moves are legal as they stand
            if lg.needs_test(from) || (cfg.is_promoting(kind) && (r.targets & ctx.zone).any()) {
                for to in r.targets {
                    self.push_regular(lg, kind, Move::new(from, to), out);
                }
            } else {
                out.push_targets(from, r.targets);
            }
            if ctx.pawn_extras && cfg.is_pawn(kind) {
                let (double_step, en_passant) = self.pawn_extras(ctx, from, r);
                if let Some(to) = double_step {
                    let m = Move::with_flag(from, to, MoveFlag::DoubleStep);
                    self.push_regular(lg, kind, m, out);
                }
                if let Some(e) = en_passant {
                    let m = Move::with_flag(from, e, MoveFlag::EnPassant);
                    self.push_regular(lg, kind, m, out);
                }
            }
        }
    }

    /// Fills `out` with what a reader of one move text needs, without generating every
    /// move: the legal regular moves of the side to move's pieces on `from` that land on
    /// `to`, then all of the game's special moves. Every move in `out` is one of
    /// [`generate`](Self::generate)'s, and each of `generate`'s moves that is special, or
    /// goes from `from` to `to`, is in `out`.
    ///
    /// Returns `false`, with `out` empty, where that would not hold for certain: when the
    /// game's rule has decided it, or when none of those pieces has a regular move to `to`
    /// (a game's special moves may depend on whether any regular move exists, see
    /// [`Game::special_moves`]). The caller then generates all the legal moves.
    ///
    /// ```
    /// use citadel_rules::{fide::kind::KNIGHT, Chess, Color, Game, MoveList, Position};
    /// let pos = Position::<Chess>::start();
    /// let g = Chess::config().geometry();
    /// let knights = pos.bitboards().pieces(KNIGHT, Color::White);
    /// let mut out = MoveList::new();
    /// assert!(pos.generate_toward(knights, g.parse_square("f3").unwrap(), &mut out));
    /// assert_eq!(out.len(), 1); // Nf3; castling is not possible yet
    /// assert!(!pos.generate_toward(knights, g.parse_square("f4").unwrap(), &mut out));
    /// ```
    pub fn generate_toward(&self, from: Bitboard<G::Word>, to: Square, out: &mut MoveList) -> bool {
        out.clear();
        // under compulsory capture a move's legality depends on every other move
        if G::decided(self).is_some() || self.config().data_rules.must_capture {
            return false;
        }
        let cfg = self.config();
        let lg = self.quick_legality();
        let ctx = self.regular_context();
        for from in from & self.bitboards().color[self.turn().index()] {
            let Some(Piece { kind, .. }) = self.piece_at(from) else {
                continue;
            };
            // a piece that reaches `to` from nowhere near is not asked for its moves
            if !cfg.sources(ctx.us, kind, to).contains(from) {
                continue;
            }
            let r = self.reach(ctx, &lg, from, kind);
            if r.targets.contains(to) {
                self.push_regular(&lg, kind, Move::new(from, to), out);
            }
            if ctx.pawn_extras && cfg.is_pawn(kind) {
                let (double_step, en_passant) = self.pawn_extras(ctx, from, r);
                for (target, flag) in [
                    (double_step, MoveFlag::DoubleStep),
                    (en_passant, MoveFlag::EnPassant),
                ] {
                    if target == Some(to) {
                        self.push_regular(&lg, kind, Move::with_flag(from, to, flag), out);
                    }
                }
            }
        }
        if out.is_empty() {
            return false;
        }
        G::special_moves(self, &lg, out);
        true
    }

    /// What every piece's regular moves depend on, computed once per generation.
    #[inline(always)]
    fn regular_context(&self) -> RegularContext<G::Word> {
        let cfg = self.config();
        let us = self.turn();
        let bb = self.bitboards();
        let ep = if cfg.en_passant {
            self.ep_square()
        } else {
            None
        };
        RegularContext {
            us: us.index(),
            occ: bb.occupied(),
            enemy: bb.color[us.other().index()] & !G::immune(bb),
            inert: G::inert(bb),
            unmoved: self.unmoved() & bb.color[us.index()],
            zone: cfg.promotion_zone[us.index()],
            ep,
            pawn_extras: cfg.double_step[us.index()].any() || ep.is_some(),
        }
    }

    /// Where the side to move's piece on `from` goes by its regular moves, within the cells
    /// that may answer a check (`lg`), before its royalty's safety is tested.
    #[inline(always)]
    fn reach(
        &self,
        ctx: RegularContext<G::Word>,
        lg: &Legality<G::Word>,
        from: Square,
        kind: u8,
    ) -> Reach<G::Word> {
        let cfg = self.config();
        let geo = cfg.geometry();
        let cp = cfg.pieces.piece(ctx.us, kind as usize);
        let forbidden = G::forbidden(self, from);
        let land = cfg.landing[kind as usize] & !forbidden;
        let (mut quiet, attacks) = cp.targets(geo, from, ctx.occ);
        let caps = if ctx.inert.contains(from) {
            Bitboard::EMPTY
        } else {
            attacks & ctx.enemy & land
        };
        if ctx.unmoved.any() && ctx.unmoved.contains(from) {
            quiet |= cp.first_targets(geo, from, ctx.occ);
        }
        let evade = self.evasions_of(lg, from, kind);
        Reach {
            targets: ((quiet & land) | caps) & evade,
            land,
            evade,
            attacks,
            forbidden,
        }
    }

    /// Where the pawn on `from` (whose [`reach`](Self::reach) is `r`) lands with its double
    /// step and with an en passant capture, if it may make them.
    #[inline(always)]
    fn pawn_extras(
        &self,
        ctx: RegularContext<G::Word>,
        from: Square,
        r: Reach<G::Word>,
    ) -> (Option<Square>, Option<Square>) {
        let double_step = self
            .double_step_target(from, ctx.occ)
            .filter(|&to| r.land.contains(to) && r.evade.contains(to));
        let en_passant = if ctx.inert.contains(from) {
            None
        } else {
            self.en_passant_target(ctx.ep, r.attacks, ctx.occ, ctx.enemy)
                .filter(|&e| !r.forbidden.contains(e))
        };
        (double_step, en_passant)
    }

    /// Whether `m` is one of the side to move's regular moves as generation makes them
    /// (flag, promotion and all), its royalty's safety aside.
    pub(crate) fn is_regular(&self, m: &Move) -> bool {
        let cfg = self.config();
        let geo = cfg.geometry();
        if m.aux.is_some()
            || m.from.index() >= geo.len()
            || m.to.index() >= geo.len()
            || !self.bitboards().color[self.turn().index()].contains(m.from)
        {
            return false;
        }
        let Some(Piece { kind, .. }) = self.piece_at(m.from) else {
            return false;
        };
        // every cell answers a check: the caller tests the royalty's safety
        let unchecked = Legality {
            royal: None,
            in_check: false,
            pinned: Bitboard::EMPTY,
            evasions: geo.all(),
        };
        let ctx = self.regular_context();
        let r = self.reach(ctx, &unchecked, m.from, kind);
        let pawn = || {
            if ctx.pawn_extras && cfg.is_pawn(kind) {
                self.pawn_extras(ctx, m.from, r)
            } else {
                (None, None)
            }
        };
        let reached = match m.flag {
            MoveFlag::Normal => r.targets.contains(m.to),
            MoveFlag::DoubleStep => pawn().0 == Some(m.to),
            MoveFlag::EnPassant => pawn().1 == Some(m.to),
            _ => false,
        };
        let promotes = cfg.is_promoting(kind) && ctx.zone.contains(m.to);
        reached
            && match m.promotion {
                Some(p) => promotes && cfg.promotions[kind as usize].contains(&p),
                None => !promotes,
            }
    }

    /// Where the side to move's pawn on `from` lands with its double step, if it may make one
    /// now: `from` is a double-step cell, and the two cells straight ahead exist and are empty.
    #[inline(always)]
    fn double_step_target(&self, from: Square, occ: Bitboard<G::Word>) -> Option<Square> {
        let cfg = self.config();
        let us = self.turn().index();
        if !cfg.double_step[us].contains(from) {
            return None;
        }
        let geo = cfg.geometry();
        let fwd = cfg.forward_dir(us);
        // two steps through an existing middle cell: `step(from, 0, 2 * fwd)`
        let mid = geo.neighbour(from, fwd)?;
        let to = geo.neighbour(mid, fwd)?;
        (!occ.contains(mid) && !occ.contains(to)).then_some(to)
    }

    /// The en passant cell `ep`, if a pawn attacking `attacks` may capture there: the cell is
    /// empty and the pawn that passed it is an enemy (`enemy`) pawn.
    #[inline(always)]
    fn en_passant_target(
        &self,
        ep: Option<Square>,
        attacks: Bitboard<G::Word>,
        occ: Bitboard<G::Word>,
        enemy: Bitboard<G::Word>,
    ) -> Option<Square> {
        let e = ep.filter(|&e| attacks.contains(e) && !occ.contains(e))?;
        let v = self.ep_victim(e)?;
        let is_pawn = self
            .piece_at(v)
            .is_some_and(|p| self.config().is_pawn(p.kind));
        (enemy.contains(v) && is_pawn).then_some(e)
    }

    /// How the game has ended, if it has: by its rules of play (a rule's decision, or no
    /// legal move), and with [`Claims::Draws`] also by threefold repetition, the move-count
    /// rule and insufficient material ([`Claims`] tells who uses which).
    pub fn outcome(&self, claims: Claims) -> Option<Outcome> {
        match claims {
            Claims::None => {
                if let Some(o) = G::decided(self) {
                    return Some(o);
                }
                self.legal_moves().is_empty().then(|| G::no_moves(self))
            }
            Claims::Draws => self.outcome_among(&self.legal_moves()),
        }
    }

    /// [`outcome`](Self::outcome) with [`Claims::Draws`] for a caller who has the position's
    /// legal moves (`moves`, as [`legal_moves`](Self::legal_moves) gives them): the one
    /// definition of how a game ends, used by play, replay and validation alike.
    pub fn outcome_among(&self, moves: &MoveList) -> Option<Outcome> {
        self.outcome_given(!moves.is_empty())
    }

    /// [`outcome_among`](Self::outcome_among) for a caller who knows whether the position
    /// has a legal move without generating them all — one that has just found a move
    /// [`is_legal`](Self::is_legal), say.
    ///
    /// ```
    /// use citadel_rules::{Chess, Game, Move, Position};
    /// let pos = Position::<Chess>::start();
    /// let g = Chess::config().geometry();
    /// let m = Move::new(g.parse_square("g1").unwrap(), g.parse_square("f3").unwrap());
    /// assert!(pos.is_legal(m) && pos.outcome_given(true).is_none());
    /// ```
    pub fn outcome_given(&self, has_moves: bool) -> Option<Outcome> {
        if let Some(o) = G::decided(self) {
            return Some(o);
        }
        if !has_moves {
            return Some(G::no_moves(self));
        }
        if self.repetitions() + 1 >= usize::from(self.config().repetitions) {
            return Some(Outcome::draw(Termination::Repetition));
        }
        if self.halfmove_clock() >= self.config().move_limit {
            return Some(Outcome::draw(Termination::MoveLimit));
        }
        if G::insufficient_material(self) {
            return Some(Outcome::draw(Termination::InsufficientMaterial));
        }
        None
    }
}
