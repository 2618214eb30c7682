//! Perft: counting the leaves of the legal-move tree, with divide and a parallel version.

use citadel_rules::{Game, Move, MoveList, Position};
use rayon::prelude::*;

/// Leaf count of the legal-move tree of depth `depth` (`perft(0) = 1`); the last ply is
/// counted in bulk from the move list.
///
/// ```
/// use citadel_notation::fen;
/// use citadel_rules::Chess;
/// let mut pos = fen::start::<Chess>();
/// assert_eq!(citadel_search::perft(&mut pos, 3), 8902);
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
        pos.play(m);
        n += perft_with(pos, depth - 1, rest);
        pos.undo();
    }
    n
}

/// Perft split by first move: each legal move with its subtree's leaf count, in generation
/// order.
pub fn divide<G: Game>(pos: &mut Position<G>, depth: u32) -> Vec<(Move, u64)> {
    let moves = pos.legal_moves();
    moves
        .iter()
        .map(|&m| {
            pos.play(m);
            let n = if depth <= 1 { 1 } else { perft(pos, depth - 1) };
            pos.undo();
            (m, n)
        })
        .collect()
}

/// [`divide`] with the first moves' subtrees counted in parallel on `threads` threads
/// (0: rayon's default).
pub fn divide_parallel<G: Game>(pos: &Position<G>, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    let moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
    let work = || {
        moves
            .par_iter()
            .map(|&m| {
                let mut p = pos.clone();
                p.play(m);
                let n = if depth <= 1 {
                    1
                } else {
                    perft(&mut p, depth - 1)
                };
                (m, n)
            })
            .collect()
    };
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(work),
        Err(_) => work(),
    }
}

/// Perft on `threads` threads (1: the single-threaded [`perft`]).
pub fn perft_parallel<G: Game>(pos: &Position<G>, depth: u32, threads: usize) -> u64 {
    if threads == 1 || depth <= 2 {
        return perft(&mut pos.clone(), depth);
    }
    divide_parallel(pos, depth, threads)
        .iter()
        .map(|(_, n)| n)
        .sum()
}
