//! The first layer's inputs for any board: which feature a piece is, as each side sees it.
//!
//! A position is seen twice, once by each side (a *perspective*). A piece is a feature of a
//! perspective by its kind, whether it is the perspective's own or the other side's, and its
//! cell *as that side sees it* ([`Layout::view`]): White sees the board as it is; Black sees
//! it through the board's symmetry that swaps the two armies of the start position (the
//! ranks mirrored on a chessboard, the half turn on a board whose armies sit on opposite
//! corners, the half rotation on the round board). Where no symmetry swaps them, Black sees
//! the board as it is and each perspective has its own features ([`Layout::sides`] 2).
//!
//! Where the game has one royal piece a side, a perspective's features also depend on the
//! wing its own royal stands on ([`Layout::buckets`] 2: the viewed file below or above the
//! middle), so the net may weigh pieces differently around a king on either wing. Games
//! with several royals or none use one bucket.
//!
//! All sizes come from the game's data: the 85-cell Persian boards, Tamerlane's 112 cells
//! and the round board need no code of their own.

use citadel_geometry::{Coord, Square};
use citadel_rules::{Color, Game, Position};
use serde::{Deserialize, Serialize};

/// The width of each accumulator (the first layer's outputs per perspective) in this format.
pub const HIDDEN: usize = 128;

/// Which features a game's net reads, and how many: the form the trainer and the engine
/// agree on, written into every net file.
///
/// ```
/// use citadel_nnue::layout::Layout;
/// use citadel_rules::{Byzantine, Chess};
///
/// let chess = Layout::of::<Chess>();
/// assert_eq!((chess.cells, chess.kinds, chess.buckets, chess.sides), (64, 6, 2, 1));
/// assert_eq!(chess.view[1][0], 56); // Black sees a1 as a8
/// assert_eq!(chess.features, 2 * 2 * 6 * 64);
/// let ring = Layout::of::<Byzantine>();
/// assert_eq!(ring.sides, 1); // the half rotation swaps the armies
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Layout {
    /// The format's version (1).
    pub format: u32,
    /// The game's id.
    pub variant: String,
    /// Cells of the board.
    pub cells: usize,
    /// Piece kinds of the game.
    pub kinds: usize,
    /// Each kind's FEN letter, lowercase, in the kinds' order.
    pub letters: Vec<String>,
    /// The width of each accumulator.
    pub hidden: usize,
    /// King buckets: 2 where the game has one royal piece a side, else 1.
    pub buckets: usize,
    /// The kind of the royal piece whose cell picks the bucket, when there are buckets.
    pub royal: Option<usize>,
    /// The bucket of a perspective whose own royal stands on each *viewed* cell.
    pub bucket_of: Vec<u8>,
    /// `view[c][cell]`: the cell as side `c` (0 White, 1 Black) sees it.
    pub view: [Vec<u8>; 2],
    /// 1 when Black's view is a symmetry of the board; 2 when it is not, and the
    /// perspective's colour then picks its own features.
    pub sides: usize,
    /// The number of features: `buckets * sides * 2 * kinds * cells`.
    pub features: usize,
}

impl Layout {
    /// The layout of game `G`'s nets.
    pub fn of<G: Game>() -> Layout {
        let cfg = G::config();
        let geo = cfg.geometry();
        let cells = geo.len();
        let kinds = cfg.pieces.defs().len();
        let start = Position::<G>::start();
        let black = black_view(&start);
        let sides = if black.is_some() { 1 } else { 2 };
        let black = black.unwrap_or_else(|| (0..cells as u8).collect());
        let one_royal = (cfg.royal.count_ones() == 1)
            .then(|| cfg.royal.trailing_zeros() as usize)
            .filter(|_| {
                [Color::White, Color::Black]
                    .iter()
                    .all(|&c| start.royals(c).count() == 1)
            });
        let half = i32::from(geo.files()) / 2;
        let bucket_of = match one_royal {
            Some(_) => geo
                .all()
                .iter()
                .map(|sq| u8::from(i32::from(geo.coord(sq).file) >= half))
                .collect(),
            None => vec![0; cells],
        };
        let buckets = if one_royal.is_some() { 2 } else { 1 };
        Layout {
            format: 1,
            variant: cfg.id.to_string(),
            cells,
            kinds,
            letters: crate::data::letters::<G>(),
            hidden: HIDDEN,
            buckets,
            royal: one_royal,
            bucket_of,
            view: [(0..cells as u8).collect(), black],
            sides,
            features: buckets * sides * 2 * kinds * cells,
        }
    }

    /// The features of one bucket and side: `2 * kinds * cells`.
    pub fn bucket_size(&self) -> usize {
        2 * self.kinds * self.cells
    }

    /// The bucket perspective `c` reads when its own royal stands on cell `royal` (`None`:
    /// no buckets in this game, or no royal on the board).
    pub fn bucket(&self, c: Color, royal: Option<usize>) -> usize {
        let c = c as usize;
        let kb = match (self.royal, royal) {
            (Some(_), Some(cell)) => usize::from(self.bucket_of[usize::from(self.view[c][cell])]),
            _ => 0,
        };
        kb * self.sides + if self.sides == 2 { c } else { 0 }
    }

    /// The feature of perspective `c` in bucket `bucket` for a piece of kind `kind` and
    /// colour `color` on cell `cell`.
    pub fn feature(
        &self,
        c: Color,
        bucket: usize,
        kind: usize,
        color: Color,
        cell: usize,
    ) -> usize {
        let rel = usize::from(color != c);
        ((bucket * 2 + rel) * self.kinds + kind) * self.cells
            + usize::from(self.view[c as usize][cell])
    }
}

/// The symmetry of the board that swaps the start position's armies (every piece lands on
/// one of its kind and the other colour, every empty cell on an empty one): the ranks
/// mirrored, the half turn, or on a board that wraps, the half rotation (with or without
/// the ranks mirrored); the first that fits.
fn black_view<G: Game>(start: &Position<G>) -> Option<Vec<u8>> {
    let geo = G::config().geometry();
    let (files, ranks) = (geo.files() as i8, geo.ranks() as i8);
    type Map = fn(Coord, i8, i8) -> Coord;
    let mirror: Map = |c, _, r| Coord {
        file: c.file,
        rank: r - 1 - c.rank,
    };
    let half_turn: Map = |c, f, r| Coord {
        file: f - 1 - c.file,
        rank: r - 1 - c.rank,
    };
    let rotate: Map = |c, f, _| Coord {
        file: (c.file + f / 2).rem_euclid(f),
        rank: c.rank,
    };
    let rotate_mirror: Map = |c, f, r| Coord {
        file: (c.file + f / 2).rem_euclid(f),
        rank: r - 1 - c.rank,
    };
    let candidates: &[Map] = if geo.wraps() {
        &[rotate, rotate_mirror, mirror]
    } else {
        &[mirror, half_turn]
    };
    candidates.iter().find_map(|map| {
        let image: Option<Vec<Square>> = geo
            .all()
            .iter()
            .map(|sq| geo.at(map(geo.coord(sq), files, ranks)))
            .collect();
        let image = image?;
        let swaps = geo.all().iter().zip(&image).all(|(sq, &to)| {
            match (start.piece_at(sq), start.piece_at(to)) {
                (None, None) => true,
                (Some(p), Some(q)) => p.kind == q.kind && p.color != q.color,
                _ => false,
            }
        });
        swaps.then(|| image.iter().map(|sq| sq.index() as u8).collect())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use citadel_rules::{with_game, Variant};

    #[test]
    fn every_game_has_a_layout_whose_views_are_permutations() {
        for v in Variant::ALL {
            with_game!(v, G => {
                let l = Layout::of::<G>();
                let id = &l.variant;
                assert_eq!(l.cells, G::config().geometry().len(), "{id}");
                for view in &l.view {
                    let mut seen = vec![false; l.cells];
                    for &c in view {
                        assert!(!std::mem::replace(&mut seen[usize::from(c)], true), "{id}");
                    }
                }
                assert_eq!(l.features, l.buckets * l.sides * l.bucket_size(), "{id}");
                assert_eq!(l.buckets == 2, l.royal.is_some(), "{id}");
                // Black's view of Black's start pieces is White's view of White's
                let start = Position::<G>::start();
                if l.sides == 1 {
                    for sq in G::config().geometry().all() {
                        if let Some(p) = start.piece_at(sq) {
                            let seen = usize::from(l.view[p.color as usize][sq.index()]);
                            let twin = G::config().geometry().all().iter()
                                .find(|&s| s.index() == seen).expect("a cell");
                            let q = start.piece_at(twin).expect("a piece");
                            assert_eq!((q.kind, q.color), (p.kind, Color::White), "{id}");
                        }
                    }
                }
            });
        }
    }

    #[test]
    fn the_games_get_the_views_and_buckets_their_boards_allow() {
        let l = Layout::of::<citadel_rules::Shatranj>();
        assert_eq!((l.buckets, l.sides, l.royal), (2, 1, Some(0)));
        assert_eq!(l.view[1][8], 48); // a2 seen from Black is a7
        assert_eq!(l.bucket_of[3], 0); // d1: the queen's wing
        assert_eq!(l.bucket_of[4], 1); // e1: the king's wing
        let t = Layout::of::<citadel_rules::Tamerlane>();
        assert_eq!((t.cells, t.sides), (112, 1));
        let p = Layout::of::<citadel_rules::PersianPrincess>();
        assert_eq!(p.cells, 85);
    }

    #[test]
    fn features_of_the_two_perspectives_mirror_each_other() {
        let l = Layout::of::<citadel_rules::Chess>();
        // a White knight on b1 for White is a Black knight on b8 for Black
        let w = l.feature(Color::White, 0, 4, Color::White, 1);
        let b = l.feature(Color::Black, 0, 4, Color::Black, 57);
        assert_eq!(w, b);
        let other = l.feature(Color::Black, 0, 4, Color::White, 1);
        assert_eq!(other, l.bucket_size() / 2 + 4 * 64 + 57);
        assert!(l.feature(Color::White, 1, 5, Color::Black, 63) < l.features);
    }
}
