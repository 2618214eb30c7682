//! The parallel perft driver over the rules' [`perft`] and [`divide`] (which
//! `citadel-rules` owns; re-exported here).

pub use citadel_rules::{divide, perft};
use citadel_rules::{Game, Move, Position};
use rayon::prelude::*;

/// [`divide`] with the first moves' subtrees counted in parallel on `threads` threads
/// (0: rayon's default).
pub fn divide_parallel<G: Game>(pos: &Position<G>, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    let moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
    let work = || {
        moves
            .par_iter()
            .map(|&m| {
                // a game defined at run time is in scope on the pool's threads too
                let _scope = citadel_rules::defined::scope_of(pos);
                let mut p = pos.clone();
                p.play_unchecked(m);
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
