//! citadel-search alone (over the rules, with notation for the FEN): the best move of a
//! position given as FEN.

use citadel_notation::{position, Position};
use citadel_rules::{with_position, Variant};
use citadel_search::{Limits, Searcher};

fn main() {
    // a knight against a rook: the engine looks for the best defence
    let fen = "r3k3/8/8/8/4N3/8/8/4K3 w - - 0 1";
    let pos = position::from_fen(Variant::Chess, fen).expect("a valid FEN");
    let (best, score) = with_position!(&pos, p => {
        let mut searcher = Searcher::new(1);
        let result = searcher.search(p, &Limits::depth(5));
        (result.best, result.score)
    });
    let best = best.expect("the position has legal moves");
    let san = pos.san(&best).expect("the engine's move is legal");
    println!("best move {san} (score {score:?})");
    assert!(pos.is_legal(best));
}
