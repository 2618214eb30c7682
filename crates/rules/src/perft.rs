//! Perft: counting the leaves of the legal-move tree, the standard check of a move generator,
//! with divide (the count split by first move).

use crate::{Game, Move, MoveList, Position};

/// Leaf count of the legal-move tree of depth `depth` (`perft(0) = 1`); the last ply is
/// counted in bulk from the move list.
///
/// ```
/// use citadel_rules::{perft, Chess, Position};
/// let mut pos = Position::<Chess>::start();
/// assert_eq!(perft(&mut pos, 3), 8902);
/// ```
pub fn perft<G: Game>(pos: &mut Position<G>, depth: u32) -> u64 {
    let mut lists: Vec<MoveList> = (0..depth.max(1)).map(|_| MoveList::new()).collect();
    perft_with(pos, depth, &mut lists)
}

fn perft_with<G: Game>(pos: &mut Position<G>, depth: u32, lists: &mut [MoveList]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (list, rest) = lists.split_first_mut().expect("one list per ply");
    list.clear();
    pos.generate(list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut n = 0;
    for i in 0..list.len() {
        let m = list.as_slice()[i];
        pos.play_unchecked(m);
        n += perft_with(pos, depth - 1, rest);
        pos.undo();
    }
    n
}

/// Perft split by first move: each legal move with its subtree's leaf count, in generation
/// order.
///
/// ```
/// use citadel_rules::{divide, PersianPrincess, Position};
/// let mut pos = Position::<PersianPrincess>::start();
/// let split = divide(&mut pos, 2);
/// assert_eq!(split.len(), 25);
/// assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 625);
/// ```
pub fn divide<G: Game>(pos: &mut Position<G>, depth: u32) -> Vec<(Move, u64)> {
    let moves = pos.legal_moves();
    moves
        .iter()
        .map(|&m| {
            pos.play_unchecked(m);
            let n = if depth <= 1 { 1 } else { perft(pos, depth - 1) };
            pos.undo();
            (m, n)
        })
        .collect()
}
