//! Piece-square adjustments learnt from games: for each kind of piece and each cell, a
//! middlegame and an endgame number of centipawns added to what the evaluation's
//! piece-square term (derived from the pieces' reach) already gives, tapered by the same
//! phase.
//!
//! A table is fitted by [`crate::tune::fit_psq`] (Texel's method on the residual: the
//! evaluation as it is, plus the table) to games' results or to another engine's
//! evaluations of their positions, and kept as data by the game's rules
//! ([`Config::psq_table`](citadel_rules::Config::psq_table), a JSON file beside the game's
//! module with its provenance: chess's and Shatranj's were fitted to the evaluations of
//! Stockfish and Fairy-Stockfish).
//! [`Evaluator::new`](crate::eval::Evaluator::new) adds the table of its game into the
//! per-piece sums it already keeps, so a table costs nothing per node; a game without a table evaluates as
//! before. The evaluation's `learned` weight scales a table (percent; 0 turns it off).
//!
//! Cells are numbered from White's side: `rank * files + file`, rank 0 being White's first
//! rank. A Black piece reads the cell mirrored across the middle rank, as a game whose
//! armies face each other across the board sees it (tables are made only for such games,
//! [`mirror_symmetric`]).

use citadel_geometry::{BitWord, Coord, Geometry, Square};
use citadel_pieces::Role;
use citadel_rules::{Color, Game, Position};
use serde::{Deserialize, Serialize};

/// One kind's adjustments, by cell (`rank * files + file`, White's side).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LearnedPiece {
    /// The kind's role, written as its key (`"knight"`; files from before roles wrote the
    /// piece's name as `name`, read as a key).
    #[serde(alias = "name")]
    pub role: Role,
    /// Middlegame adjustments, centipawns.
    pub mg: Vec<i32>,
    /// Endgame adjustments, centipawns.
    pub eg: Vec<i32>,
}

/// How a table was made, for the reader of its file.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Provenance {
    /// The commands that made the games and the fit.
    pub commands: Vec<String>,
    /// Finished games the positions came from.
    pub games: usize,
    /// Training positions.
    pub train: usize,
    /// Held-out positions (every tenth game), never fitted.
    pub held_out: usize,
    /// The scale of the prediction, fitted to the evaluation without a table.
    pub k: f64,
    /// The L2 weight of the fit.
    pub l2: f64,
    /// Mean squared error of the training positions without and with the table.
    pub train_error: (f64, f64),
    /// Mean squared error of the held-out positions without and with the table.
    pub held_out_error: (f64, f64),
}

/// A game's learnt piece-square adjustments.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LearnedTable {
    /// The game's id.
    pub game: String,
    /// The board's files.
    pub files: u8,
    /// The board's ranks.
    pub ranks: u8,
    /// How the table was made.
    pub provenance: Provenance,
    /// The adjustments of each kind that has any.
    pub pieces: Vec<LearnedPiece>,
}

/// The table game `G`'s rules keep, if there is one (and it reads).
pub fn table_for<G: Game>() -> Option<LearnedTable> {
    serde_json::from_str(G::config().psq_table?).ok()
}

/// The cell of a table a piece of colour `color` on `sq` reads (`None` off the table's
/// frame).
pub fn cell_index<W: BitWord>(geo: &Geometry<W>, sq: Square, color: Color) -> Option<usize> {
    let Coord { file, rank } = geo.coord(sq);
    let (files, ranks) = (i32::from(geo.files()), i32::from(geo.ranks()));
    let (file, rank) = (i32::from(file), i32::from(rank));
    let rank = match color {
        Color::White => rank,
        Color::Black => ranks - 1 - rank,
    };
    ((0..files).contains(&file) && (0..ranks).contains(&rank))
        .then(|| (rank * files + file) as usize)
}

/// Whether `G`'s start position is the same for both sides mirrored across the middle rank
/// (every White piece has a Black one of its kind on the mirrored cell), and its board does
/// not wrap: the games whose tables one set of numbers serves for both colours.
pub fn mirror_symmetric<G: Game>() -> bool {
    let geo = G::config().geometry();
    if geo.wraps() {
        return false;
    }
    let start = Position::<G>::start();
    let mirror = |sq: Square| {
        let c = geo.coord(sq);
        geo.at(Coord {
            file: c.file,
            rank: geo.ranks() as i8 - 1 - c.rank,
        })
    };
    geo.all().iter().all(|sq| match start.piece_at(sq) {
        None => mirror(sq).is_none_or(|m| start.piece_at(m).is_none()),
        Some(p) => mirror(sq)
            .and_then(|m| start.piece_at(m))
            .is_some_and(|q| q.kind == p.kind && q.color != p.color),
    })
}

impl LearnedTable {
    /// The adjustments of kind `kind` of game `G` for a piece of colour `color` on `sq`,
    /// (mg, eg); (0, 0) when the table has none there or is not `G`'s.
    pub fn adjustment<G: Game>(&self, kind: usize, color: Color, sq: Square) -> (i32, i32) {
        let cfg = G::config();
        let geo = cfg.geometry();
        if self.game != cfg.id || self.files != geo.files() || self.ranks != geo.ranks() {
            return (0, 0);
        }
        let Some(role) = cfg.role(kind as u8) else {
            return (0, 0);
        };
        let Some(piece) = self.pieces.iter().find(|p| p.role == role) else {
            return (0, 0);
        };
        let Some(i) = cell_index(geo, sq, color) else {
            return (0, 0);
        };
        (
            piece.mg.get(i).copied().unwrap_or(0),
            piece.eg.get(i).copied().unwrap_or(0),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use citadel_rules::{with_game, Variant};

    #[test]
    fn every_kept_table_reads_and_fits_its_game() {
        let mut kept = Vec::new();
        for v in Variant::ALL {
            with_game!(v, G => {
                let cfg = G::config();
                let id = cfg.id;
                let Some(text) = cfg.psq_table else { continue };
                let t: LearnedTable =
                    serde_json::from_str(text).unwrap_or_else(|e| panic!("{id}: {e}"));
                assert_eq!(table_for::<G>().as_ref(), Some(&t), "{id}");
                assert_eq!(t.game, id);
                assert!(mirror_symmetric::<G>(), "{id}");
                assert_eq!((t.files, t.ranks), (cfg.geometry().files(), cfg.geometry().ranks()));
                let cells = usize::from(t.files) * usize::from(t.ranks);
                for (i, p) in t.pieces.iter().enumerate() {
                    let r = p.role;
                    assert!(cfg.kind_of_role(r).is_some(), "{id}: {r}");
                    assert!(t.pieces[..i].iter().all(|q| q.role != r), "{id}: {r} twice");
                    assert_eq!((p.mg.len(), p.eg.len()), (cells, cells), "{id}: {r}");
                    assert!(p.mg.iter().chain(&p.eg).all(|v| v.abs() <= 400), "{id}: {r}");
                }
                kept.push(id);
            });
        }
        assert_eq!(kept, ["chess", "shatranj"]);
    }

    #[test]
    fn the_ring_board_is_not_mirror_symmetric() {
        assert!(!mirror_symmetric::<citadel_rules::Byzantine>());
        assert!(mirror_symmetric::<citadel_rules::Chess>());
        assert!(mirror_symmetric::<citadel_rules::Shatranj>());
    }

    #[test]
    fn a_table_adds_its_cells_to_the_evaluation_by_colour() {
        use crate::eval::Evaluator;
        use citadel_notation::fen;
        use citadel_rules::Chess;
        // +10 for a pawn on every cell, +40 (endgame) for a king on White's g1 / Black's g8
        let mut king = vec![0; 64];
        king[6] = 40;
        let table = LearnedTable {
            game: "chess".into(),
            files: 8,
            ranks: 8,
            provenance: Provenance::default(),
            pieces: vec![
                LearnedPiece {
                    role: Role::Pawn,
                    mg: vec![10; 64],
                    eg: vec![10; 64],
                },
                LearnedPiece {
                    role: Role::King,
                    mg: vec![0; 64],
                    eg: king,
                },
            ],
        };
        let plain = Evaluator::with_table::<Chess>(&[], None);
        let with = Evaluator::with_table::<Chess>(&[], Some(&table));
        let off = Evaluator::with_table::<Chess>(&[("learned".into(), 0)], Some(&table));
        let pos = |f: &str| fen::parse::<Chess>(f).expect("a legal FEN");
        // an extra White pawn, kings off g1/g8: 10 more
        let p = pos("4k3/pp6/8/8/8/8/PPP5/4K3 w - - 0 1");
        assert_eq!(with.evaluate(&p), plain.evaluate(&p) + 10);
        assert_eq!(off.evaluate(&p), plain.evaluate(&p));
        // Black's king on g8 reads White's g1: the same as White's on g1, mirrored
        let p = pos("6k1/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
        assert_eq!(with.evaluate(&p), plain.evaluate(&p) - 40);
        let p = pos("4k3/pp6/8/8/8/8/PP6/6K1 b - - 0 1");
        assert_eq!(with.evaluate(&p), plain.evaluate(&p) - 40);
        // a table of another game changes nothing
        let other = LearnedTable {
            game: "shatranj".into(),
            ..table
        };
        let p = pos("4k3/pp6/8/8/8/8/PPP5/6K1 w - - 0 1");
        assert_eq!(
            Evaluator::with_table::<Chess>(&[], Some(&other)).evaluate(&p),
            plain.evaluate(&p)
        );
    }
}
