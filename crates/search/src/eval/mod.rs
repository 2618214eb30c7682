//! Static evaluation, generic over the games: material (each game's values of its kinds, a
//! mobility model for the rest), piece-square terms derived from each piece's reach on the
//! board, mobility, pawn advancement toward promotion and passed pawns, king safety, a
//! mop-up term for won endgames, and each game's goals as its rules declare them
//! ([`goals`]).
//!
//! Scores are centipawns from the point of view of the side to move.

pub mod goals;
pub mod learned;
pub mod values;

use citadel_geometry::{BitWord, Bitboard, Square};
use citadel_nnue::Network;
use citadel_rules::{Color, EvalWeights, Game, Move, Piece, Position};
use goals::{king_steps, GoalTerms};
use learned::LearnedTable;
use std::sync::Arc;

const MAX_CODES: usize = 64;

/// Per-game evaluation tables, built once per search from the game's configuration (sets
/// of cells over the game's bitboard word `W`).
#[derive(Clone, Debug)]
pub struct Evaluator<W: BitWord = u128> {
    kinds: usize,
    /// Material value of each kind.
    value: Vec<i32>,
    /// Material value by mailbox code (0 for an empty cell).
    code_value: [i32; MAX_CODES],
    /// Everything a piece adds on its own (material, piece-square, promotion bonus), by
    /// `code * 128 + cell`: (mg, eg).
    piece_terms: Vec<(i32, i32)>,
    /// Non-pawn non-royal material by mailbox code.
    code_npm: [i32; MAX_CODES],
    /// The kinds that count for mobility (non-pawn, non-royal, not worthless).
    mobile_kinds: Vec<u8>,
    /// Average reach of each kind times 16.
    avg_reach16: Vec<i32>,
    /// Pawn kinds (bit per kind).
    pawns: u32,
    /// Non-capturing moves to the promotion zone, by `(color * kinds + kind) * 128 + cell`
    /// (255: never).
    promo_dist: Vec<u8>,
    /// Passed-pawn masks by `(color * kinds + kind) * 128 + cell`: enemy pawns there stop it.
    passed: Vec<Bitboard<W>>,
    /// Cells around each cell (king zone).
    zone: Vec<Bitboard<W>>,
    /// King-step reach of each cell (centralisation for the mop-up term).
    centrality: Vec<i32>,
    /// Non-pawn non-royal material of both sides at the start.
    start_npm: i32,
    /// Whether the board wraps (ranks then mean nothing for king shelter).
    wraps: bool,
    /// The positional weights.
    weights: EvalWeights,
    /// The pawns' bonus for nearing promotion by moves to go (0-7), weighted: (mg, eg).
    advance: [(i32, i32); 8],
    /// The passed pawns' bonus by moves to go, weighted: (mg, eg).
    passed_bonus: [(i32, i32); 8],
    goals: GoalTerms<W>,
    /// A learnt evaluation that replaces all of the above, when the game has one in use.
    net: Option<Arc<Network>>,
}

/// The sums of the terms each piece adds on its own (material, piece-square, promotion
/// bonus), by side: kept along the moves of a search ([`Evaluator::psq_after`]) so that an
/// evaluation need not visit every piece for them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Psq {
    mg: [i32; 2],
    eg: [i32; 2],
    mat: [i32; 2],
    npm: i32,
}

/// The evaluation terms summed so far, by side (White 0, Black 1).
#[derive(Clone, Copy)]
struct Base<W: BitWord> {
    mg: [i32; 2],
    eg: [i32; 2],
    mat: [i32; 2],
    /// Non-pawn non-royal material of both sides.
    npm: i32,
    pawn_bb: [Bitboard<W>; 2],
    royal_sq: [Option<Square>; 2],
}

const ADV_MG: [i32; 8] = [0, 20, 12, 6, 3, 1, 0, 0];
const ADV_EG: [i32; 8] = [0, 30, 20, 12, 6, 3, 1, 0];
const PASSED_MG: [i32; 8] = [0, 60, 40, 25, 15, 8, 4, 2];
const PASSED_EG: [i32; 8] = [0, 150, 100, 60, 35, 20, 10, 5];
/// How far [`Evaluator::quick`] may be from [`Evaluator::evaluate`] for a search to trust
/// it outside its window (mobility and king safety rarely sum to more).
pub const LAZY_MARGIN: i32 = 300;

impl<W: BitWord> Evaluator<W> {
    /// Builds the tables for game `G` (with its learnt piece-square table,
    /// [`learned::table_for`], if it has one).
    pub fn new<G: Game<Word = W>>() -> Self {
        Self::with_values::<G>(&[])
    }

    /// Builds the tables for game `G` with some material values or positional weights
    /// replaced (`(key, value)`: a piece's role key, [`Config::kind_of_key`], or a weight's
    /// name, [`EvalWeights::NAMES`]; unknown keys are ignored) — for measuring values by
    /// self-play.
    ///
    /// [`Config::kind_of_key`]: citadel_rules::Config::kind_of_key
    pub fn with_values<G: Game<Word = W>>(overrides: &[(String, i32)]) -> Self {
        Self::with_table::<G>(overrides, learned::table_for::<G>().as_ref())
    }

    /// Builds the tables for game `G` with some values replaced (as
    /// [`with_values`](Self::with_values)) and the learnt piece-square table `table` (scaled
    /// by the `learned` weight) in place of the game's own; `None`: no table.
    pub fn with_table<G: Game<Word = W>>(
        overrides: &[(String, i32)],
        table: Option<&LearnedTable>,
    ) -> Self {
        let cfg = G::config();
        let geo = cfg.geometry();
        let set = &cfg.pieces;
        let n = set.len();
        let ncells = geo.len();
        let mut value = values::values(cfg);
        let mut weights = cfg.weights;
        for (name, v) in overrides {
            if let Ok(k) = cfg.kind_of_key(name) {
                value[k as usize] = *v;
            } else {
                weights.set(name, *v);
            }
        }
        let mut code_value = [0; MAX_CODES];
        for (code, v) in code_value.iter_mut().enumerate().skip(1) {
            let kind = (code - 1) >> 1;
            if kind < n {
                *v = value[kind];
            }
        }
        let is_pawn = |k: usize| cfg.pawns >> k & 1 != 0;
        let is_royal = |k: usize| cfg.royal >> k & 1 != 0;
        let wraps = geo.wraps();
        let ranks = i32::from(geo.ranks());

        // king zone and centrality
        let mut zone = vec![Bitboard::EMPTY; 128];
        let mut centrality = vec![0; 128];
        for s in geo.all() {
            let k = king_steps(geo, s);
            zone[s.index()] = k | Bitboard::from_square(s);
            centrality[s.index()] = k.count() as i32;
        }
        let avg_central = {
            let c = geo.all().count().max(1) as i32;
            geo.all().iter().map(|s| centrality[s.index()]).sum::<i32>() * 16 / c
        };

        let mut pst = vec![(0i16, 0i16); 2 * n * 128];
        let mut mobile = vec![false; n];
        let mut avg_reach16 = vec![0; n];
        let mut promo_dist = vec![u8::MAX; 2 * n * 128];
        let mut promo_gain = vec![0; n];
        let mut passed = vec![Bitboard::EMPTY; 2 * n * 128];
        for k in 0..n {
            let empty_avg = values::empty_mobility(geo, set, k);
            avg_reach16[k] = (values::mobility(set, k) * 16.0).round() as i32;
            mobile[k] = !is_pawn(k) && !is_royal(k) && value[k] > 0;
            let best = cfg.promotions[k]
                .iter()
                .map(|&p| value[p as usize])
                .max()
                .unwrap_or(value[k]);
            promo_gain[k] = (best - value[k]).max(0);
            for c in 0..2 {
                let cp = set.piece(c, k);
                let slider = cp.slide_dirs() != 0 || cp.has_extra_rides() || cp.has_bent();
                for s in geo.all() {
                    let (q, a) = cp.targets(geo, s, Bitboard::EMPTY);
                    let reach = (q | a).count() as f64 - empty_avg;
                    let coord = geo.coord(s);
                    let rel_rank = if c == 0 {
                        i32::from(coord.rank)
                    } else {
                        ranks - 1 - i32::from(coord.rank)
                    };
                    let (mg, eg) = if is_royal(k) {
                        let central = centrality[s.index()] * 16 - avg_central;
                        let shelter = if wraps { 0 } else { -10 * rel_rank.max(0) };
                        (shelter - central / 8, central * 5 / 16)
                    } else if is_pawn(k) {
                        (0, 0)
                    } else {
                        let w = if slider { 2.0 } else { 4.0 };
                        let v = (reach * w).round() as i32;
                        (v * weights.square.0 / 100, v / 2 * weights.square.1 / 100)
                    };
                    pst[(c * n + k) * 128 + s.index()] = (mg as i16, eg as i16);
                }
                // promotion distance: backwards search over non-capturing moves
                let zone_c = cfg.promotion_zone[c];
                if !cfg.promotions[k].is_empty() && zone_c.any() {
                    let mut pred = vec![Bitboard::EMPTY; ncells];
                    for from in geo.all() {
                        let (q, _) = cp.targets(geo, from, Bitboard::EMPTY);
                        for to in q {
                            pred[to.index()].insert(from);
                        }
                    }
                    let mut frontier = zone_c;
                    let mut seen = zone_c;
                    let mut d = 0u8;
                    while frontier.any() && d < 32 {
                        let mut nf = Bitboard::EMPTY;
                        for s in frontier {
                            promo_dist[(c * n + k) * 128 + s.index()] = d;
                            nf |= pred[s.index()];
                        }
                        nf &= !seen;
                        seen |= nf;
                        frontier = nf;
                        d += 1;
                    }
                    if is_pawn(k) {
                        // passed masks: the pawn's path (cells on the way to the zone) and
                        // every cell from which an enemy pawn attacks the pawn or its path
                        let enemy_caps: Vec<(Square, Bitboard<W>)> = geo
                            .all()
                            .iter()
                            .map(|x| {
                                let mut caps = Bitboard::EMPTY;
                                for ek in 0..n {
                                    if is_pawn(ek) {
                                        caps |=
                                            set.piece(1 - c, ek).targets(geo, x, Bitboard::EMPTY).1;
                                    }
                                }
                                (x, caps)
                            })
                            .collect();
                        for s in geo.all() {
                            let i = (c * n + k) * 128 + s.index();
                            let dist = promo_dist[i];
                            if dist == u8::MAX || dist == 0 {
                                continue;
                            }
                            // the path: cells strictly closer to the zone reachable from s
                            let mut path = Bitboard::EMPTY;
                            let mut front = Bitboard::from_square(s);
                            for _ in 0..dist {
                                let mut nf = Bitboard::EMPTY;
                                for f in front {
                                    let (q, _) = cp.targets(geo, f, Bitboard::EMPTY);
                                    nf |= q;
                                }
                                path |= nf;
                                front = nf;
                            }
                            let guarded = path | Bitboard::from_square(s);
                            let mut mask = path;
                            for &(x, caps) in &enemy_caps {
                                if (caps & guarded).any() {
                                    mask.insert(x);
                                }
                            }
                            passed[i] = mask;
                        }
                    }
                }
            }
        }
        let mut piece_terms = vec![(0, 0); MAX_CODES * 128];
        let mut code_npm = [0; MAX_CODES];
        for code in 1..MAX_CODES.min(2 * n + 1) {
            let (k, c) = ((code - 1) >> 1, (code - 1) & 1);
            let v = value[k];
            if !is_pawn(k) && !is_royal(k) {
                code_npm[code] = v;
            }
            for s in geo.all() {
                let i = (c * n + k) * 128 + s.index();
                let (pm, pe) = pst[i];
                let mut bonus = 0;
                if !is_pawn(k) && promo_gain[k] > 0 {
                    let g = promo_gain[k];
                    bonus = match promo_dist[i] {
                        1 => g / 4,
                        2 => g / 8,
                        3 => g / 16,
                        _ => 0,
                    };
                }
                let (lm, le) = table.map_or((0, 0), |t| {
                    let (m, e) = t.adjustment::<G>(k, Color::BOTH[c], s);
                    (m * weights.learned / 100, e * weights.learned / 100)
                });
                piece_terms[code * 128 + s.index()] = (
                    v + i32::from(pm) + bonus + lm,
                    v + i32::from(pe) + bonus + le,
                );
            }
        }
        let start = Position::<G>::start();
        let start_npm = Self::npm_of(&value, cfg.pawns, cfg.royal, &start).max(1);
        Evaluator {
            kinds: n,
            code_value,
            piece_terms,
            code_npm,
            mobile_kinds: (0..n).filter(|&k| mobile[k]).map(|k| k as u8).collect(),
            avg_reach16,
            pawns: cfg.pawns,
            promo_dist,
            passed,
            zone,
            centrality,
            start_npm,
            wraps,
            weights,
            advance: std::array::from_fn(|d| {
                (
                    ADV_MG[d] * weights.advance.0 / 100,
                    ADV_EG[d] * weights.advance.1 / 100,
                )
            }),
            passed_bonus: std::array::from_fn(|d| {
                (
                    PASSED_MG[d] * weights.passed.0 / 100,
                    PASSED_EG[d] * weights.passed.1 / 100,
                )
            }),
            goals: GoalTerms::new(cfg),
            net: None,
            value,
        }
    }

    fn npm_of<G: Game<Word = W>>(value: &[i32], pawns: u32, royal: u32, pos: &Position<G>) -> i32 {
        let bb = pos.bitboards();
        (0..value.len())
            .filter(|&k| (pawns | royal) >> k & 1 == 0)
            .map(|k| value[k] * (bb.kind[k] & bb.occupied()).count() as i32)
            .sum()
    }

    /// The game phase of `pos` as the evaluation tapers by it: 256 with all the pieces
    /// (pawns and royals aside) of the start on the board, down to 0 with none.
    pub fn phase<G: Game<Word = W>>(&self, pos: &Position<G>) -> i32 {
        (self.psq_of(pos).npm * 256 / self.start_npm).clamp(0, 256)
    }

    /// This evaluation with `net` in place of the hand-written terms (`None`: without a
    /// net). The net must be made for the game the evaluator is for
    /// ([`Network::fits`]).
    pub fn with_net(mut self, net: Option<Arc<Network>>) -> Self {
        self.net = net;
        self
    }

    /// The learnt evaluation in use, if any.
    pub fn net(&self) -> Option<&Arc<Network>> {
        self.net.as_ref()
    }

    /// The material value of each kind.
    pub fn values(&self) -> &[i32] {
        &self.value
    }

    /// The positional weights.
    pub fn weights(&self) -> &EvalWeights {
        &self.weights
    }

    /// The material value of the piece with mailbox code `code` (0 for empty).
    #[inline(always)]
    pub fn code_value(&self, code: u8) -> i32 {
        self.code_value[code as usize & (MAX_CODES - 1)]
    }

    /// The material the side to move gains by `m` (captures, promotions, removals), read
    /// from the move's board changes.
    #[inline]
    pub fn gain<G: Game<Word = W>>(&self, pos: &Position<G>, m: &Move) -> i32 {
        if m.is_plain() {
            // a regular move captures what stands on `to` (never a friendly piece)
            let mut g = self.code_value(pos.code_at(m.to));
            if let Some(k) = m.promotion {
                g += self.value[k as usize] - self.code_value(pos.code_at(m.from));
            }
            return g;
        }
        let us = pos.turn() as u8;
        let signed = |code: u8| -> i32 {
            if code == 0 {
                0
            } else if (code - 1) & 1 == us {
                self.code_value(code)
            } else {
                -self.code_value(code)
            }
        };
        let mut g = 0;
        each_change(pos, m, |_, old, new| g += signed(new) - signed(old));
        g
    }

    /// The static evaluation of `pos` for the side to move, in centipawns.
    pub fn evaluate<G: Game<Word = W>>(&self, pos: &Position<G>) -> i32 {
        if let Some(net) = &self.net {
            return net.evaluate_position(pos);
        }
        let mut b = self.base(pos, &self.psq_of(pos));
        self.mobility(pos, &mut b);
        self.finish(pos, &b, true)
    }

    /// A quick estimate of [`evaluate`](Self::evaluate) without the terms that need each
    /// piece's moves (mobility and king safety, which [`LAZY_MARGIN`] bounds in practice),
    /// or `None` when the game's goals may weigh in (a royal piece near a citadel that
    /// draws, a piece near one that wins): then only the full evaluation will do.
    pub fn quick<G: Game<Word = W>>(&self, pos: &Position<G>) -> Option<i32> {
        if let Some(net) = &self.net {
            return Some(net.evaluate_position(pos));
        }
        if !self.goals_quiet(pos) {
            return None;
        }
        Some(self.finish(pos, &self.base(pos, &self.psq_of(pos)), false))
    }

    /// [`evaluate`](Self::evaluate) given the position's [`Psq`] sums.
    #[inline]
    pub(crate) fn evaluate_with<G: Game<Word = W>>(&self, pos: &Position<G>, psq: &Psq) -> i32 {
        debug_assert_eq!(*psq, self.psq_of(pos));
        let mut b = self.base(pos, psq);
        self.mobility(pos, &mut b);
        self.finish(pos, &b, true)
    }

    /// [`quick`](Self::quick) and, unless it settles the matter, [`evaluate`](Self::evaluate),
    /// given the position's [`Psq`] sums and sharing the work the two have in common:
    /// `Err(bound)` when the quick estimate is at least [`LAZY_MARGIN`] above `beta`
    /// (`bound` is the estimate minus the margin) or below `alpha` (plus the margin), else
    /// `Ok` with the full evaluation.
    #[inline]
    pub(crate) fn evaluate_lazy<G: Game<Word = W>>(
        &self,
        pos: &Position<G>,
        psq: &Psq,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, i32> {
        debug_assert_eq!(*psq, self.psq_of(pos));
        let mut b = self.base(pos, psq);
        if self.goals_quiet(pos) {
            let q = self.finish(pos, &b, false);
            if q - LAZY_MARGIN >= beta {
                return Err(q - LAZY_MARGIN);
            }
            if q + LAZY_MARGIN <= alpha {
                return Err(q + LAZY_MARGIN);
            }
        }
        self.mobility(pos, &mut b);
        Ok(self.finish(pos, &b, true))
    }

    /// Adds (`sign` 1) or takes away (`sign` -1) what the piece of mailbox code `code` on
    /// `sq` adds on its own.
    #[inline(always)]
    fn psq_add(&self, psq: &mut Psq, code: u8, sq: Square, sign: i32) {
        if code == 0 {
            return;
        }
        let code = code as usize & (MAX_CODES - 1);
        let c = (code - 1) & 1;
        let (mg, eg) = self.piece_terms[code * 128 + (sq.index() & 127)];
        psq.mg[c] += sign * mg;
        psq.eg[c] += sign * eg;
        psq.mat[c] += sign * self.code_value[code];
        psq.npm += sign * self.code_npm[code];
    }

    /// The [`Psq`] sums of `pos`, from scratch.
    pub(crate) fn psq_of<G: Game<Word = W>>(&self, pos: &Position<G>) -> Psq {
        let mut psq = Psq::default();
        for sq in pos.bitboards().occupied() {
            self.psq_add(&mut psq, pos.code_at(sq), sq, 1);
        }
        psq
    }

    /// The [`Psq`] sums after `m` (legal in `pos`, whose sums are `psq`), from the move's
    /// board changes.
    #[inline]
    pub(crate) fn psq_after<G: Game<Word = W>>(
        &self,
        pos: &Position<G>,
        m: &Move,
        mut psq: Psq,
    ) -> Psq {
        if m.is_plain() {
            // the standard effect: the mover leaves `from`, lands (promoted or not) on `to`,
            // and takes what stood there
            let moved = pos.code_at(m.from);
            let landed = m
                .promotion
                .map_or(moved, |k| Piece::new(k, pos.turn()).code());
            self.psq_add(&mut psq, moved, m.from, -1);
            self.psq_add(&mut psq, pos.code_at(m.to), m.to, -1);
            self.psq_add(&mut psq, landed, m.to, 1);
            return psq;
        }
        each_change(pos, m, |sq, old, new| {
            self.psq_add(&mut psq, old, sq, -1);
            self.psq_add(&mut psq, new, sq, 1);
        });
        psq
    }

    /// The terms that need no piece's moves: the [`Psq`] sums, and the pawns' advancement
    /// and passed pawns.
    #[inline]
    fn base<G: Game<Word = W>>(&self, pos: &Position<G>, psq: &Psq) -> Base<W> {
        let bb = pos.bitboards();
        let n = self.kinds;
        let mut b = Base {
            mg: psq.mg,
            eg: psq.eg,
            mat: psq.mat,
            npm: psq.npm,
            pawn_bb: [Bitboard::EMPTY; 2],
            royal_sq: [
                pos.royals(Color::White).single(),
                pos.royals(Color::Black).single(),
            ],
        };
        let mut pk = self.pawns;
        while pk != 0 {
            let k = pk.trailing_zeros() as usize;
            pk &= pk - 1;
            for c in 0..2 {
                b.pawn_bb[c] |= bb.kind[k] & bb.color[c];
            }
        }
        let mut pk = self.pawns;
        while pk != 0 {
            let k = pk.trailing_zeros() as usize;
            pk &= pk - 1;
            if k >= n {
                break;
            }
            for c in 0..2 {
                let pieces = bb.kind[k] & bb.color[c];
                if pieces.is_empty() {
                    continue;
                }
                let at = (c * n + k) * 128;
                let pdist = &self.promo_dist[at..at + 128];
                let passed = &self.passed[at..at + 128];
                let theirs = b.pawn_bb[1 - c];
                let (mut mg, mut eg) = (0, 0);
                for sq in pieces {
                    let i = sq.index() & 127;
                    let pd = pdist[i];
                    if pd != u8::MAX {
                        let d = (pd as usize).min(7);
                        mg += self.advance[d].0;
                        eg += self.advance[d].1;
                        if pd > 0 && (passed[i] & theirs).is_empty() {
                            mg += self.passed_bonus[d].0;
                            eg += self.passed_bonus[d].1;
                        }
                    }
                }
                b.mg[c] += mg;
                b.eg[c] += eg;
            }
        }
        b
    }

    /// Adds the terms that need the pieces' moves: mobility and attacks on the enemy king's
    /// zone, then king safety.
    #[inline]
    fn mobility<G: Game<Word = W>>(&self, pos: &Position<G>, b: &mut Base<W>) {
        let cfg = G::config();
        let geo = cfg.geometry();
        let set = &cfg.pieces;
        let bb = pos.bitboards();
        let occ = bb.occupied();
        let mut units = [0i32; 2];
        let mut attackers = [0i32; 2];
        for &k in &self.mobile_kinds {
            let k = k as usize;
            let kb = bb.kind[k];
            if kb.is_empty() {
                continue;
            }
            let unit = (self.value[k] / 100).clamp(1, 9);
            let avg = self.avg_reach16[k];
            for c in 0..2 {
                let pieces = kb & bb.color[c];
                if pieces.is_empty() {
                    continue;
                }
                let them = 1 - c;
                let their_pieces = bb.color[them];
                let their_zone = b.royal_sq[them].map_or(Bitboard::EMPTY, |s| self.zone[s.index()]);
                let cp = set.piece(c, k);
                for sq in pieces {
                    let (quiet, att) = cp.targets(geo, sq, occ);
                    let reach = (quiet | (att & their_pieces)).count() as i32;
                    let d = reach * 16 - avg;
                    b.mg[c] += self.weights.mobility.0 * d / 16;
                    b.eg[c] += self.weights.mobility.1 * d / 16;
                    let hits = att & their_zone;
                    if hits.any() {
                        attackers[c] += 1;
                        units[c] += unit * (hits.count() as i32).min(3);
                    }
                }
            }
        }
        // king safety (middlegame): attacks on the zone, pawn shelter
        for c in 0..2 {
            let them = 1 - c;
            if let Some(k) = b.royal_sq[c] {
                if attackers[them] >= 2 {
                    let attack = units[them] * units[them] / 16 * self.weights.king_attack / 100;
                    b.mg[c] -= attack.min(500);
                }
                if !self.wraps {
                    let shelter = (self.zone[k.index()] & b.pawn_bb[c]).count() as i32;
                    b.mg[c] += self.weights.shelter * shelter.min(3);
                }
            }
        }
    }

    /// The score from the terms so far: phase blend, mop-up, the goals (all of them when
    /// `full`, else only the strong points) and the tempo, for the side to move.
    #[inline]
    fn finish<G: Game<Word = W>>(&self, pos: &Position<G>, b: &Base<W>, full: bool) -> i32 {
        let (mg, eg, mat, npm, royal_sq) = (b.mg, b.eg, b.mat, b.npm, b.royal_sq);
        let phase = (npm * 256 / self.start_npm).clamp(0, 256);
        let mut white = ((mg[0] - mg[1]) * phase + (eg[0] - eg[1]) * (256 - phase)) / 256;

        // mop-up: drive a lone defender's king to the edge and bring the king closer
        let diff = mat[0] - mat[1];
        if diff.abs() > 250 && phase < 128 {
            let (win, lose) = if diff > 0 { (0, 1) } else { (1, 0) };
            if let (Some(wk), Some(lk)) = (royal_sq[win], royal_sq[lose]) {
                let geo = G::config().geometry();
                let edge = 8 - self.centrality[lk.index()];
                let (w, l) = (geo.coord(wk), geo.coord(lk));
                let dist = (i32::from(w.file) - i32::from(l.file))
                    .abs()
                    .max((i32::from(w.rank) - i32::from(l.rank)).abs());
                let bonus = (edge * 12 + (14 - dist).max(0) * 4) * (256 - phase) / 256;
                white += if win == 0 { bonus } else { -bonus };
            }
        }
        if full {
            white += self.goal_terms(pos, white);
        } else {
            white += self.strong_point_terms(pos);
        }
        let tempo = self.weights.tempo;
        match pos.turn() {
            Color::White => white + tempo,
            Color::Black => -white + tempo,
        }
    }

    /// Whether no goal term beyond the strong points can apply: no royal piece within four
    /// steps of a citadel it draws in, no piece within three moves of a free citadel it wins
    /// in.
    fn goals_quiet<G: Game<Word = W>>(&self, pos: &Position<G>) -> bool {
        let sp = &self.goals;
        if let Some((_, dist)) = &sp.draw_citadels {
            for c in Color::BOTH {
                if pos
                    .royals(c)
                    .iter()
                    .any(|r| dist[c.index()][r.index()] <= 4)
                {
                    return false;
                }
            }
        }
        if let Some(sides) = &sp.win_citadels {
            let bb = pos.bitboards();
            let occ = bb.occupied();
            for (c, cits) in sides.iter().enumerate() {
                for sq in bb.color[c] {
                    let k = ((pos.code_at(sq).max(1) - 1) >> 1) as usize;
                    for (cell, by_kind) in cits {
                        if !occ.contains(*cell)
                            && by_kind.get(k).map_or(u8::MAX, |v| v[sq.index()]) <= 3
                        {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }

    /// The game's goals (White's point of view), given the score so far.
    fn goal_terms<G: Game<Word = W>>(&self, pos: &Position<G>, score: i32) -> i32 {
        let sp = &self.goals;
        let bb = pos.bitboards();
        let mut t = 0;
        let stm = pos.turn().index();
        if let Some((goals, dist)) = &sp.draw_citadels {
            // the losing side's royal near an enemy citadel the opponent does not guard
            // pulls the score toward the draw (entering it is a quiet move, so the
            // quiescence search does not see it)
            let loser = if score < 0 { 0 } else { 1 };
            if score != 0 {
                let c = Color::BOTH[loser];
                let mut best = u8::MAX;
                for r in pos.royals(c) {
                    best = best.min(dist[loser][r.index()]);
                }
                if best != u8::MAX && best > 0 {
                    // every such citadel attacked by the opponent (its pieces' moves, as the
                    // rules' attack test sees them, without a game's immune cells)
                    let set = &G::config().pieces;
                    let occ = bb.occupied();
                    let theirs = bb.color[1 - loser];
                    let guarded = goals[loser].iter().all(|cell| {
                        set.attacked_by(cell, 1 - loser, occ, theirs, |k| bb.kind[k] & theirs)
                    });
                    let pull = match best {
                        1 if !guarded && stm == loser => 16,
                        1 => 10,
                        2 => 6,
                        3 => 3,
                        4 => 1,
                        _ => 0,
                    };
                    let pull = if guarded { pull / 3 } else { pull };
                    t -= score * pull / 16;
                }
            }
        }
        if let Some(sides) = &sp.win_citadels {
            // pieces one move from a free enemy citadel: the side to move wins by entering
            // (a quiet move the quiescence search does not see); the other side's threats
            // must be parried, two at once cannot be
            let occ = bb.occupied();
            for (c, cits) in sides.iter().enumerate() {
                let mut near = 0;
                let mut bonus = 0;
                for sq in bb.color[c] {
                    let k = ((pos.code_at(sq).max(1) - 1) >> 1) as usize;
                    let mut d = u8::MAX;
                    for (cell, by_kind) in cits {
                        if !occ.contains(*cell) {
                            d = d.min(by_kind.get(k).map_or(u8::MAX, |v| v[sq.index()]));
                        }
                    }
                    match d {
                        1 => near += 1,
                        2 => bonus += 25,
                        3 => bonus += 8,
                        _ => {}
                    }
                }
                bonus += match (c == stm, near) {
                    (_, 0) => 0,
                    (true, _) => 600,
                    (false, 1) => 80,
                    (false, _) => 300,
                };
                t += if c == 0 { bonus } else { -bonus };
            }
        }
        t + self.strong_point_terms(pos)
    }

    /// The strong points' term (White's point of view).
    fn strong_point_terms<G: Game<Word = W>>(&self, pos: &Position<G>) -> i32 {
        let mut t = 0;
        for &(cell, kinds) in &self.goals.strong_points {
            // a piece on a cell only some kinds may hold: a pawn a little, another piece more
            if let Some(p) = pos.piece_at(cell) {
                let b = if kinds >> p.kind & 1 == 0 {
                    0
                } else if self.pawns >> p.kind & 1 != 0 {
                    15
                } else {
                    40
                };
                t += if p.color == Color::White { b } else { -b };
            }
        }
        t
    }
}

/// Calls `f(cell, old code, new code)` for each board change `m` makes in `pos`, `old` being
/// what the cell held just before that change (an earlier change of the same move included).
#[inline(always)]
fn each_change<G: Game>(pos: &Position<G>, m: &Move, mut f: impl FnMut(Square, u8, u8)) {
    for &(sq, old, new) in citadel_nnue::changes(pos, m).as_slice() {
        f(sq, old, new);
    }
}
