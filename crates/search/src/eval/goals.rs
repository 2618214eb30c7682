//! Each game's own goals, keyed by variant id: the citadels (a draw for Persian Chess and
//! Tamerlane, a win for Mini Citadel Chess) and the Persian Princess centre cell.
//!
//! Cells are looked up by name, so a game missing from this build simply gets no special
//! term.

use citadel_geometry::{Bitboard, Geometry, Square};
use citadel_rules::Config;

/// Per enemy citadel: its cell and, by kind, the moves from each cell to it.
pub type CitadelDistances = Vec<(Square, Vec<Vec<u8>>)>;

/// Cell names of each side's goal citadels (White's, Black's).
type Goals = Option<[&'static [&'static str]; 2]>;

/// The special evaluation terms of one game.
#[derive(Clone, Debug, Default)]
pub struct Special {
    /// Citadel draw: per side, the enemy citadels its royal piece draws by entering, and the
    /// king-step distance from every cell to the nearest of them (255: unreachable).
    pub draw_citadels: Option<([Bitboard; 2], [Vec<u8>; 2])>,
    /// Citadel win: per side, each enemy citadel its pieces win by entering, with the number
    /// of (non-capturing) moves from each cell to it, by kind.
    pub win_citadels: Option<[CitadelDistances; 2]>,
    /// Persian Princess: the centre cell only pawns and princesses may enter, and the
    /// princess kind.
    pub centre: Option<(Square, u8)>,
}

fn cells(geo: &Geometry, names: &[&str]) -> Option<Bitboard> {
    let mut b = Bitboard::EMPTY;
    for n in names {
        b.insert(geo.parse_square(n)?);
    }
    Some(b)
}

/// Breadth-first distance from every cell to `goal`, where `next(sq)` lists a cell's
/// neighbours (searched backwards: the moves are symmetric or `next` gives predecessors).
fn distance(geo: &Geometry, goal: Bitboard, next: impl Fn(Square) -> Bitboard) -> Vec<u8> {
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
pub fn king_steps(geo: &Geometry, s: Square) -> Bitboard {
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

impl Special {
    /// The special terms of the game `cfg` describes.
    pub fn new(cfg: &Config) -> Special {
        let geo = cfg.geometry();
        let mut sp = Special::default();
        let (draw, win): (Goals, Goals) = match cfg.id {
            "celtic-citadel" | "persian-princess" | "egyptian-eye" | "oriental-omega" => {
                (Some([&["a11", "k11"], &["a1", "k1"]]), None)
            }
            "tamerlane" => (Some([&["x2"], &["x1"]]), None),
            "mini-citadel" => (None, Some([&["a10", "j10"], &["a1", "j1"]])),
            _ => (None, None),
        };
        if let Some([w, b]) = draw {
            if let (Some(w), Some(b)) = (cells(geo, w), cells(geo, b)) {
                // a royal piece that may never land there (the Egyptian Eye's diagonals)
                // makes no use of a citadel
                let mut land = Bitboard::EMPTY;
                for k in 0..cfg.symbols.len() {
                    if cfg.is_royal(k as u8) {
                        land |= cfg.landing[k];
                    }
                }
                let goals = [w & land, b & land];
                if goals[0].any() || goals[1].any() {
                    let d = goals.map(|g| distance(geo, g, |s| king_steps(geo, s)));
                    sp.draw_citadels = Some((goals, d));
                }
            }
        }
        if let Some([w, b]) = win {
            if let (Some(w), Some(b)) = (cells(geo, w), cells(geo, b)) {
                let goals = [w, b];
                let set = &cfg.pieces;
                let per_side = [0usize, 1].map(|c| {
                    // predecessors of each cell by kind: cells from which one move reaches it
                    let preds: Vec<Vec<Bitboard>> = (0..set.len())
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
                    goals[c]
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
                sp.win_citadels = Some(per_side);
            }
        }
        if cfg.id == "persian-princess" {
            if let (Some(f6), Some(k)) = (geo.parse_square("f6"), cfg.kind_named("princess")) {
                sp.centre = Some((f6, k));
            }
        }
        sp
    }
}
