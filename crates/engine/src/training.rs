//! Training data from self-play: games of the engine against itself at a fixed number of
//! nodes a move, each from its own random opening, whose quiet positions are kept with the
//! search's score and the game's result ([`citadel_nnue::data`]).
//!
//! A position is kept when its side to move is not in check and the search's best move
//! neither captures nor promotes (its score then stands for the position itself, as NNUE
//! trainers want it). Games that reach the ply limit unfinished are dropped: their result is
//! unknown. Game `i` of a run depends only on the seed and `i` (its opening is
//! [`random_opening`] of [`game_seed`]; its searches start from cleared tables), so any
//! range of games, on any number of threads or machines, gives the same samples as the
//! same games of one run.

use crate::arbiter::random_opening;
use citadel_nnue::data::{DataError, DataWriter, Header, Sample};
use citadel_rules::{Claims, Color, Game, Move, Position};
use citadel_search::{Limits, Searcher};
use rayon::prelude::*;
use serde::Serialize;
use std::io::Write;
use std::time::{Duration, Instant};

/// How the data is made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DataSettings {
    /// Nodes searched a move.
    pub nodes: u64,
    /// Random plies at the start of each game.
    pub opening_plies: usize,
    /// Plies after which a game is dropped unfinished.
    pub max_plies: usize,
    /// The seed of the openings.
    pub seed: u64,
    /// The first game's number (a part of a larger run starts later).
    pub first_game: u64,
    /// Games played.
    pub games: u64,
    /// Transposition table per thread, MB.
    pub hash_mb: usize,
}

impl Default for DataSettings {
    /// 5,000 nodes a move, 8 random plies, at most 400 plies, seed 1, one game from game 0,
    /// 16 MB.
    fn default() -> Self {
        DataSettings {
            nodes: 5_000,
            opening_plies: 8,
            max_plies: 400,
            seed: 1,
            first_game: 0,
            games: 1,
            hash_mb: 16,
        }
    }
}

/// The seed of game `game` of a run seeded `seed`: `seed + game`, as `citadel selfplay`
/// numbers its games ([`crate::matches::Schedule::seed`]), so that game `g` of a data run
/// opens as game `g` of a self-play run with the same seed and opening plies.
pub fn game_seed(seed: u64, game: u64) -> u64 {
    seed.wrapping_add(game)
}

/// What one game gave.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameData {
    /// The kept positions.
    pub samples: Vec<Sample>,
    /// Plies played.
    pub plies: usize,
    /// Whether it finished (unfinished games keep no samples).
    pub finished: bool,
}

/// Plays game `game` of a run and keeps its quiet positions.
pub fn play_one<G: Game>(
    start: &Position<G>,
    s: &DataSettings,
    game: u64,
    searcher: &mut Searcher<G>,
) -> GameData {
    searcher.clear();
    let mut pos = start.clone();
    for m in random_opening(start, s.opening_plies, game_seed(s.seed, game)) {
        pos.play_unchecked(m);
    }
    let limits = Limits {
        nodes: Some(s.nodes),
        ..Limits::default()
    };
    // (position, score, side to move) kept until the result is known
    let mut kept: Vec<(Sample, Color)> = Vec::new();
    let outcome = loop {
        if let Some(o) = pos.outcome(Claims::Draws) {
            break Some(o);
        }
        if pos.ply_count() >= s.max_plies {
            break None;
        }
        let found = searcher.search(&pos, &limits);
        let Some(best) = found.best else {
            break pos.outcome(Claims::Draws);
        };
        if !pos.in_check() && is_quiet(&pos, &best) {
            kept.push((Sample::of(&pos, found.score, 0), pos.turn()));
        }
        pos.play_unchecked(best);
    };
    let plies = pos.ply_count();
    let Some(o) = outcome else {
        return GameData {
            samples: Vec::new(),
            plies,
            finished: false,
        };
    };
    let samples = kept
        .into_iter()
        .map(|(mut s, side)| {
            s.result = match o.winner {
                None => 0,
                Some(w) if w == side => 1,
                Some(_) => -1,
            };
            s
        })
        .collect();
    GameData {
        samples,
        plies,
        finished: true,
    }
}

/// Whether `m` neither captures nor promotes.
fn is_quiet<G: Game>(pos: &Position<G>, m: &Move) -> bool {
    m.promotion.is_none() && !citadel_notation::san::is_capture(pos, m)
}

/// What a run made.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct DataReport {
    /// Games played.
    pub games: u64,
    /// Games dropped unfinished.
    pub unfinished: u64,
    /// Plies played.
    pub plies: u64,
    /// Positions written.
    pub positions: u64,
    /// Wall time.
    pub seconds: f64,
    /// Threads used.
    pub threads: usize,
}

impl DataReport {
    /// Positions written per second of each thread.
    pub fn positions_per_core_second(&self) -> f64 {
        self.positions as f64 / (self.seconds * self.threads.max(1) as f64).max(1e-9)
    }
}

/// Plays the run's games on `threads` threads and writes their samples to `out` in the
/// order of the games (the same bytes whatever the number of threads), calling `progress`
/// after each batch with the report so far.
pub fn generate<G: Game, W: Write>(
    start: &Position<G>,
    s: &DataSettings,
    threads: usize,
    out: W,
    progress: &mut dyn FnMut(&DataReport),
) -> Result<(W, DataReport), DataError> {
    let t0 = Instant::now();
    let header = Header::of::<G>(serde_json::to_value(s).unwrap_or_default());
    let mut w = DataWriter::new(out, &header)?;
    let threads = threads.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| DataError::Io(std::io::Error::other(e.to_string())))?;
    let mut report = DataReport {
        threads,
        ..DataReport::default()
    };
    let batch = (threads * 4) as u64;
    let mut next = s.first_game;
    let end = s.first_game + s.games;
    while next < end {
        let upto = (next + batch).min(end);
        let games: Vec<GameData> = pool.install(|| {
            (next..upto)
                .into_par_iter()
                .map_init(
                    || Searcher::<G>::new(s.hash_mb),
                    |searcher, g| play_one(start, s, g, searcher),
                )
                .collect()
        });
        for g in &games {
            report.games += 1;
            report.plies += g.plies as u64;
            report.unfinished += u64::from(!g.finished);
            for sample in &g.samples {
                w.write(sample)?;
            }
            report.positions += g.samples.len() as u64;
        }
        report.seconds = t0.elapsed().as_secs_f64();
        progress(&report);
        next = upto;
    }
    report.seconds = t0.elapsed().max(Duration::from_nanos(1)).as_secs_f64();
    Ok((w.finish()?, report))
}

#[cfg(test)]
mod tests {
    use super::*;
    use citadel_nnue::data::DataReader;
    use citadel_rules::Shatranj;

    fn settings(games: u64) -> DataSettings {
        DataSettings {
            nodes: 300,
            opening_plies: 6,
            max_plies: 600,
            games,
            ..DataSettings::default()
        }
    }

    #[test]
    fn the_same_games_on_any_number_of_threads() {
        let start = Position::<Shatranj>::start();
        let (one, r1) = generate(&start, &settings(4), 1, Vec::new(), &mut |_| {}).unwrap();
        let (two, r2) = generate(&start, &settings(4), 2, Vec::new(), &mut |_| {}).unwrap();
        assert_eq!(one, two);
        assert_eq!((r1.positions, r1.plies), (r2.positions, r2.plies));
        // games 2 and 3 alone are the end of the run of 4
        let part = DataSettings {
            first_game: 2,
            games: 2,
            ..settings(4)
        };
        let (tail, _) = generate(&start, &part, 1, Vec::new(), &mut |_| {}).unwrap();
        let all: Vec<Sample> = DataReader::new(&one[..])
            .unwrap()
            .map(Result::unwrap)
            .collect();
        let end: Vec<Sample> = DataReader::new(&tail[..])
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert!(!end.is_empty());
        assert_eq!(all[all.len() - end.len()..], end[..]);
    }

    #[test]
    fn keeps_quiet_positions_with_their_results() {
        let start = Position::<Shatranj>::start();
        let (bytes, report) = generate(&start, &settings(3), 1, Vec::new(), &mut |_| {}).unwrap();
        let samples: Vec<Sample> = DataReader::new(&bytes[..])
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert_eq!(samples.len() as u64, report.positions);
        assert!(report.positions > 0 && report.positions < report.plies);
        for s in &samples {
            assert!(s.ply >= 6, "an opening ply was kept");
            assert!((-1..=1).contains(&s.result));
        }
        // within a game (its plies grow) each side has one result, the other's opposite
        let mut games: Vec<Vec<&Sample>> = Vec::new();
        for s in &samples {
            match games.last_mut() {
                Some(g) if g.last().is_some_and(|l| l.ply < s.ply) => g.push(s),
                _ => games.push(vec![s]),
            }
        }
        assert!(games.len() <= 3);
        for g in games {
            let of = |c: Color| -> Vec<i8> {
                g.iter().filter(|s| s.turn == c).map(|s| s.result).collect()
            };
            let (w, b) = (of(Color::White), of(Color::Black));
            assert!(w.windows(2).all(|p| p[0] == p[1]) && b.windows(2).all(|p| p[0] == p[1]));
            if let (Some(w), Some(b)) = (w.first(), b.first()) {
                assert_eq!(*w, -*b);
            }
        }
    }
}
