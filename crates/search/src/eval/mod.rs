//! Static evaluation, generic over the games: material (per-game tables by piece name, a
//! mobility model for the rest), piece-square terms derived from each piece's reach on the
//! board, mobility, pawn advancement toward promotion and passed pawns, king safety, a
//! mop-up term for won endgames, and each game's goals as its rules declare them
//! ([`goals`]).
//!
//! Scores are centipawns from the point of view of the side to move.

pub mod goals;
pub mod values;

use citadel_geometry::{BitWord, Bitboard, Square};
use citadel_rules::{Color, Game, Move, Position};
use goals::{king_steps, GoalTerms};

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
    /// Piece-square terms (mg, eg) by `(color * kinds + kind) * 128 + cell`.
    pst: Vec<(i16, i16)>,
    /// Whether each kind counts for mobility (non-pawn, non-royal, not worthless).
    mobile: Vec<bool>,
    /// Average reach of each kind times 16.
    avg_reach16: Vec<i32>,
    /// Pawn kinds (bit per kind).
    pawns: u32,
    /// Royal kinds (bit per kind).
    royal: u32,
    /// Non-capturing moves to the promotion zone, by `(color * kinds + kind) * 128 + cell`
    /// (255: never).
    promo_dist: Vec<u8>,
    /// Value gained by promoting each kind (best option), 0 if it does not promote.
    promo_gain: Vec<i32>,
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
    goals: GoalTerms<W>,
}

const MOB_W: (i32, i32) = (3, 3);
const ADV_MG: [i32; 8] = [0, 20, 12, 6, 3, 1, 0, 0];
const ADV_EG: [i32; 8] = [0, 30, 20, 12, 6, 3, 1, 0];
const PASSED_MG: [i32; 8] = [0, 60, 40, 25, 15, 8, 4, 2];
const PASSED_EG: [i32; 8] = [0, 150, 100, 60, 35, 20, 10, 5];
const TEMPO: i32 = 10;
/// How far [`Evaluator::quick`] may be from [`Evaluator::evaluate`] for a search to trust
/// it outside its window (mobility and king safety rarely sum to more).
pub const LAZY_MARGIN: i32 = 300;

impl<W: BitWord> Evaluator<W> {
    /// Builds the tables for game `G`.
    pub fn new<G: Game<Word = W>>() -> Self {
        Self::with_values::<G>(&[])
    }

    /// Builds the tables for game `G` with some material values replaced (`(piece name,
    /// centipawns)`; unknown names are ignored) — for measuring values by self-play.
    pub fn with_values<G: Game<Word = W>>(overrides: &[(String, i32)]) -> Self {
        let cfg = G::config();
        let geo = cfg.geometry();
        let set = &cfg.pieces;
        let n = set.len();
        let ncells = geo.len();
        let mut value = values::values(cfg.variant, set, cfg.pawns, cfg.royal);
        for (name, v) in overrides {
            if let Some(k) = cfg.kind_named(name) {
                value[k as usize] = *v;
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
                        (v, v / 2)
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
        let start = Position::<G>::start();
        let start_npm = Self::npm_of(&value, cfg.pawns, cfg.royal, &start).max(1);
        Evaluator {
            kinds: n,
            code_value,
            pst,
            mobile,
            avg_reach16,
            pawns: cfg.pawns,
            royal: cfg.royal,
            promo_dist,
            promo_gain,
            passed,
            zone,
            centrality,
            start_npm,
            wraps,
            goals: GoalTerms::new(cfg),
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

    /// The material value of each kind.
    pub fn values(&self) -> &[i32] {
        &self.value
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
        let ch = pos.changes(m);
        let items = ch.as_slice();
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
        for (i, &(sq, code)) in items.iter().enumerate() {
            let old = items[..i]
                .iter()
                .rev()
                .find(|(s, _)| *s == sq)
                .map_or_else(|| pos.code_at(sq), |&(_, c)| c);
            g += signed(code) - signed(old);
        }
        g
    }

    /// The static evaluation of `pos` for the side to move, in centipawns.
    pub fn evaluate<G: Game<Word = W>>(&self, pos: &Position<G>) -> i32 {
        self.terms(pos, true).unwrap_or(0)
    }

    /// A quick estimate of [`evaluate`](Self::evaluate) without the terms that need each
    /// piece's moves (mobility and king safety, which [`LAZY_MARGIN`] bounds in practice),
    /// or `None` when the game's goals may weigh in (a royal piece near a citadel that
    /// draws, a piece near one that wins): then only the full evaluation will do.
    pub fn quick<G: Game<Word = W>>(&self, pos: &Position<G>) -> Option<i32> {
        self.terms(pos, false)
    }

    fn terms<G: Game<Word = W>>(&self, pos: &Position<G>, full: bool) -> Option<i32> {
        if !full && !self.goals_quiet(pos) {
            return None;
        }
        let cfg = G::config();
        let geo = cfg.geometry();
        let set = &cfg.pieces;
        let bb = pos.bitboards();
        let occ = bb.occupied();
        let n = self.kinds;
        let mut mg = [0i32; 2];
        let mut eg = [0i32; 2];
        let mut mat = [0i32; 2];
        let mut npm = 0;
        let mut units = [0i32; 2];
        let mut attackers = [0i32; 2];
        let mut pawn_bb = [Bitboard::EMPTY; 2];
        for (c, pawns) in pawn_bb.iter_mut().enumerate() {
            for k in 0..n {
                if self.pawns >> k & 1 != 0 {
                    *pawns |= bb.kind[k] & bb.color[c];
                }
            }
        }
        let royal_sq = [
            pos.royals(Color::White).single(),
            pos.royals(Color::Black).single(),
        ];
        for c in 0..2 {
            let them = 1 - c;
            let their_zone = royal_sq[them].map_or(Bitboard::EMPTY, |s| self.zone[s.index()]);
            for sq in bb.color[c] {
                let code = pos.code_at(sq);
                if code == 0 {
                    continue;
                }
                let k = ((code - 1) >> 1) as usize;
                let v = self.value[k];
                mat[c] += v;
                let (pm, pe) = self.pst[(c * n + k) * 128 + sq.index()];
                mg[c] += v + i32::from(pm);
                eg[c] += v + i32::from(pe);
                let cp = set.piece(c, k);
                // only the pieces mobility counts need their moves
                let (quiet, att) = if full && self.mobile[k] {
                    cp.targets(geo, sq, occ)
                } else {
                    (Bitboard::EMPTY, Bitboard::EMPTY)
                };
                let pawn = self.pawns >> k & 1 != 0;
                if !pawn && self.royal >> k & 1 == 0 {
                    npm += v;
                }
                let pd = self.promo_dist[(c * n + k) * 128 + sq.index()];
                if pawn {
                    if pd != u8::MAX {
                        let d = (pd as usize).min(7);
                        mg[c] += ADV_MG[d];
                        eg[c] += ADV_EG[d];
                        let mask = self.passed[(c * n + k) * 128 + sq.index()];
                        if pd > 0 && (mask & pawn_bb[them]).is_empty() {
                            mg[c] += PASSED_MG[d];
                            eg[c] += PASSED_EG[d];
                        }
                    }
                    continue;
                }
                if pd != u8::MAX && self.promo_gain[k] > 0 {
                    let g = self.promo_gain[k];
                    let b = match pd {
                        1 => g / 4,
                        2 => g / 8,
                        3 => g / 16,
                        _ => 0,
                    };
                    mg[c] += b;
                    eg[c] += b;
                }
                if full && self.mobile[k] {
                    let reach = (quiet | (att & bb.color[them])).count() as i32;
                    let d = reach * 16 - self.avg_reach16[k];
                    mg[c] += MOB_W.0 * d / 16;
                    eg[c] += MOB_W.1 * d / 16;
                    let hits = (att & their_zone).count() as i32;
                    if hits > 0 {
                        attackers[c] += 1;
                        units[c] += (v / 100).clamp(1, 9) * hits.min(3);
                    }
                }
            }
        }
        // king safety (middlegame): attacks on the zone, pawn shelter
        for c in (0..2).filter(|_| full) {
            let them = 1 - c;
            if let Some(k) = royal_sq[c] {
                if attackers[them] >= 2 {
                    mg[c] -= (units[them] * units[them] / 16).min(500);
                }
                if !self.wraps {
                    let shelter = (self.zone[k.index()] & pawn_bb[c]).count() as i32;
                    mg[c] += 10 * shelter.min(3);
                }
            }
        }
        let phase = (npm * 256 / self.start_npm).clamp(0, 256);
        let mut white = ((mg[0] - mg[1]) * phase + (eg[0] - eg[1]) * (256 - phase)) / 256;

        // mop-up: drive a lone defender's king to the edge and bring the king closer
        let diff = mat[0] - mat[1];
        if diff.abs() > 250 && phase < 128 {
            let (win, lose) = if diff > 0 { (0, 1) } else { (1, 0) };
            if let (Some(wk), Some(lk)) = (royal_sq[win], royal_sq[lose]) {
                let edge = 8 - self.centrality[lk.index()];
                let a = geo.coord(wk);
                let b = geo.coord(lk);
                let dist = (i32::from(a.file) - i32::from(b.file))
                    .abs()
                    .max((i32::from(a.rank) - i32::from(b.rank)).abs());
                let bonus = (edge * 12 + (14 - dist).max(0) * 4) * (256 - phase) / 256;
                white += if win == 0 { bonus } else { -bonus };
            }
        }
        if full {
            white += self.goal_terms(pos, white);
        } else {
            white += self.strong_point_terms(pos);
        }
        let tempo = TEMPO;
        Some(match pos.turn() {
            Color::White => white + tempo,
            Color::Black => -white + tempo,
        })
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
