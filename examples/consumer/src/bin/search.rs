//! citadel-search alone (over the rules, with notation for the FEN): the best move of a
//! position given as FEN.

use citadel_notation::VariantNotation;
use citadel_rules::{with_position, Variant, VariantPosition};
use citadel_search::{Limits, Searcher};

fn main() {
    // a knight against a rook: the engine looks for the best defence
    let fen = "r3k3/8/8/8/4N3/8/8/4K3 w - - 0 1";
    let pos = VariantPosition::from_fen(Variant::Chess, fen).expect("a valid FEN");
    let (best, score) = with_position!(&pos, p => {
        let mut searcher = Searcher::new(1);
        let result = searcher.search(p, &Limits::depth(5));
        (result.best, result.score)
    });
    let best = best.expect("the position has legal moves");
    println!("best move {} (score {score:?})", pos.write_san(&best));
    assert!(pos.is_legal(best));
}
