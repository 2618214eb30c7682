//! citadel-rules alone: replay a game given as coordinates, with every move checked, and
//! see an illegal move refused.

use citadel_rules::{Claims, Move, Variant, VariantPosition};

/// The move `from`-`to` (e.g. "e2e4") among the legal moves of `pos`, if any.
fn find(pos: &VariantPosition, text: &str) -> Option<Move> {
    let (from, to) = text.split_at(text.len() / 2);
    pos.find_move(pos.parse_square(from)?, pos.parse_square(to)?, None)
}

fn main() {
    let variant: Variant = "chess".parse().expect("a known game");
    let mut pos = VariantPosition::start(variant);
    // Scholar's mate
    for text in ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"] {
        let m = find(&pos, text).unwrap_or_else(|| panic!("{text} is legal"));
        pos.try_play(m).expect("a move from legal_moves is legal");
    }
    println!("after 4. Qxf7#: {:?}", pos.outcome(Claims::None));
    assert!(pos.outcome(Claims::None).is_some());

    // A move from outside is checked: a rook cannot pass through its own pawn.
    let mut pos = VariantPosition::start(variant);
    let square = |name| pos.parse_square(name).expect("a cell of the 8x8");
    let rook_lift = Move::new(square("a1"), square("a3"));
    let refused = pos.try_play(rook_lift).expect_err("illegal");
    println!("refused: {refused}");
    assert_eq!(pos.ply_count(), 0, "the position is unchanged");
}
