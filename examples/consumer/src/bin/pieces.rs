//! citadel-pieces alone (with the geometry under it): pieces as movement atoms, compiled
//! into per-cell tables for a board.

use citadel_geometry::boards;
use citadel_pieces::{catalog, PieceSet};

fn main() {
    let set = PieceSet::<u128>::new(boards::tamerlane(), vec![catalog::giraffe()]);
    let g = set.geometry();
    let f5 = g.parse_square("f5").expect("a cell of the 11x10 board");
    let (quiet, _) = set.piece(0, 0).targets(g, f5, Default::default());
    println!(
        "a Tamerlane giraffe on f5 of the empty board reaches {} cells",
        quiet.count()
    );
    assert!(quiet.count() > 0);
    let names: Vec<&str> = quiet.into_iter().take(4).map(|sq| g.name_of(sq)).collect();
    println!("among them {}", names.join(", "));
}
