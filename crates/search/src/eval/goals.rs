//! The evaluation of each game's goals, read from the rules ([`citadel_rules::Goals`]), never
//! from the game's name: cells where a royal piece draws (the citadels of Persian Chess and
//! Tamerlane), cells where any piece wins (Mini Citadel's citadels), and strong points only
//! some kinds may hold (the Persian Princess centre). A game gets these terms by declaring
//! its goals; a game without any gets none.

use citadel_geometry::{BitWord, Bitboard, Geometry, Square};
use citadel_rules::Config;

/// Per enemy citadel: its cell and, by kind, the moves from each cell to it.
pub type CitadelDistances = Vec<(Square, Vec<Vec<u8>>)>;

/// Per side: the enemy citadels its royal piece draws by entering, and the king-step
/// distance from every cell to the nearest of them (255: unreachable).
pub type DrawCitadels<W> = ([Bitboard<W>; 2], [Vec<u8>; 2]);

/// The goal terms of one game's evaluation (sets of cells over the game's bitboard word).
#[derive(Clone, Debug, Default)]
pub struct GoalTerms<W: BitWord = u128> {
    /// Citadel draw: per side, the enemy citadels its royal piece draws by entering, and the
    /// king-step distance from every cell to the nearest of them (255: unreachable).
    pub draw_citadels: Option<DrawCitadels<W>>,
    /// Citadel win: per side, each enemy citadel its pieces win by entering, with the number
    /// of (non-capturing) moves from each cell to it, by kind.
    pub win_citadels: Option<[CitadelDistances; 2]>,
    /// Strong points (cells only some kinds may land on), with the kinds that may, as a bit
    /// per kind (Persian Princess: f6, pawns and the princess).
    pub strong_points: Vec<(Square, u32)>,
}

/// Breadth-first distance from every cell to `goal`, where `next(sq)` lists a cell's
/// neighbours (searched backwards: the moves are symmetric or `next` gives predecessors).
fn distance<W: BitWord>(
    geo: &Geometry<W>,
    goal: Bitboard<W>,
    next: impl Fn(Square) -> Bitboard<W>,
) -> Vec<u8> {
    let mut dist = vec![u8::MAX; geo.len()];
    let mut frontier = goal;
    let mut seen = goal;
    let mut d = 0u8;
    while frontier.any() && d < 64 {
        let mut nf = Bitboard::EMPTY;
        for s in frontier {
            dist[s.index()] = d;
            nf |= next(s);
        }
        nf &= !seen;
        seen |= nf;
        frontier = nf;
        d += 1;
    }
    dist
}

/// The king-step neighbours of a cell (eight directions plus links to detached cells).
pub fn king_steps<W: BitWord>(geo: &Geometry<W>, s: Square) -> Bitboard<W> {
    let mut b = geo.links(s);
    for (dx, dy) in [
        (1, 0),
        (1, 1),
        (0, 1),
        (-1, 1),
        (-1, 0),
        (-1, -1),
        (0, -1),
        (1, -1),
    ] {
        if let Some(t) = geo.step(s, dx, dy) {
            b.insert(t);
        }
    }
    b
}

impl<W: BitWord> GoalTerms<W> {
    /// The goal terms of the game `cfg` describes.
    pub fn new(cfg: &Config<W>) -> Self {
        let geo = cfg.geometry();
        let goals = &cfg.goals;
        let mut terms = GoalTerms::default();
        // a royal piece that may never land on a draw cell (the Egyptian Eye's diagonals)
        // makes no use of it
        let mut land = Bitboard::EMPTY;
        for k in 0..cfg.symbols.len() {
            if cfg.is_royal(k as u8) {
                land |= cfg.landing[k];
            }
        }
        let draw = goals.royal_draw.map(|g| g & land);
        if draw[0].any() || draw[1].any() {
            let d = draw.map(|g| distance(geo, g, |s| king_steps(geo, s)));
            terms.draw_citadels = Some((draw, d));
        }
        let win = goals.piece_win;
        if win[0].any() || win[1].any() {
            let set = &cfg.pieces;
            let per_side = [0usize, 1].map(|c| {
                // predecessors of each cell by kind: cells from which one move reaches it
                let preds: Vec<Vec<Bitboard<W>>> = (0..set.len())
                    .map(|k| {
                        let p = set.piece(c, k);
                        let mut pred = vec![Bitboard::EMPTY; geo.len()];
                        for from in geo.all() {
                            let (q, _) = p.targets(geo, from, Bitboard::EMPTY);
                            for to in q {
                                pred[to.index()].insert(from);
                            }
                        }
                        pred
                    })
                    .collect();
                win[c]
                    .iter()
                    .map(|cell| {
                        let by_kind = preds
                            .iter()
                            .map(|pred| {
                                distance(geo, Bitboard::from_square(cell), |s| pred[s.index()])
                            })
                            .collect();
                        (cell, by_kind)
                    })
                    .collect()
            });
            terms.win_citadels = Some(per_side);
        }
        for cell in goals.strong_points {
            let kinds = (0..cfg.landing.len())
                .filter(|&k| cfg.landing[k].contains(cell))
                .fold(0u32, |b, k| b | 1 << k);
            terms.strong_points.push((cell, kinds));
        }
        terms
    }
}
