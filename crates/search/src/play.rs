//! Playing whole games: engine and random players, self-play, matches, and game records.
//!
//! Games start with a few random plies drawn from a seed (for variety), then the players
//! move until [`Position::outcome_with_draws`] ends the game (every rule of the game,
//! repetition, the move-count rule, insufficient material) or a ply cap is reached
//! (result `*`).
//!
//! Game records as text come from `citadel-notation` (its one PGN writer), behind this
//! crate's `notation` feature: `GameRecord::record`, `GameRecord::pgn`.

use crate::eval::Evaluator;
use crate::{Limits, Searcher};
use citadel_rules::{Color, Game, Move, Outcome, Position};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::str::FromStr;

/// Who chooses the moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Player {
    /// The engine within these limits.
    Engine(Limits),
    /// A uniformly random legal move.
    Random,
}

impl FromStr for Player {
    type Err = String;
    /// `random`, `depth:N`, `movetime:MS` or `nodes:N`.
    fn from_str(s: &str) -> Result<Player, String> {
        if s == "random" {
            return Ok(Player::Random);
        }
        let (kind, n) = s
            .split_once(':')
            .ok_or_else(|| format!("bad player `{s}` (random, depth:N, movetime:MS, nodes:N)"))?;
        let n: u64 = n
            .parse()
            .map_err(|_| format!("bad number in player `{s}`"))?;
        match kind {
            "depth" => Ok(Player::Engine(Limits::depth(n as u32))),
            "movetime" => Ok(Player::Engine(Limits::movetime(n))),
            "nodes" => Ok(Player::Engine(Limits::nodes(n))),
            _ => Err(format!(
                "bad player `{s}` (random, depth:N, movetime:MS, nodes:N)"
            )),
        }
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::Random => write!(f, "random"),
            Player::Engine(l) => {
                if let Some(d) = l.depth {
                    write!(f, "depth {d}")
                } else if let Some(t) = l.movetime {
                    write!(f, "{} ms/move", t.as_millis())
                } else if let Some(n) = l.nodes {
                    write!(f, "{n} nodes/move")
                } else {
                    write!(f, "engine")
                }
            }
        }
    }
}

/// A finished (or capped) game: where it started, the moves, how it ended and the tag
/// pairs it was played with. With the `notation` feature, `GameRecord::record` and
/// `GameRecord::pgn` turn it into a game record of `citadel-notation`.
#[derive(Clone, Debug)]
pub struct GameRecord<G: Game> {
    /// The start position.
    pub start: Position<G>,
    /// The moves played.
    pub moves: Vec<Move>,
    /// How it ended (`None`: stopped at the ply cap).
    pub outcome: Option<Outcome>,
    /// Tag pairs given by the caller (`Event`, `White`, ...), in order.
    pub tags: Vec<(String, String)>,
}

impl<G: Game> GameRecord<G> {
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn result(&self) -> &'static str {
        self.outcome.map_or("*", |o| o.result().as_str())
    }
}

#[cfg(feature = "notation")]
impl<G: citadel_notation::SanDialect> GameRecord<G> {
    /// The game as a record: the caller's tags, then `Result`, `Variant`, `SetUp` and `FEN`
    /// when the start is not the game's start position, and `Termination`; the moves in SAN.
    pub fn record(&self) -> citadel_notation::record::Record {
        self.record_as(self.result(), self.outcome.map(|o| o.termination.name()))
    }

    /// As [`GameRecord::record`], with a result the rules did not decide — e.g. an
    /// arbiter's verdict (`1-0` with `Termination` `time forfeit` or `illegal move`).
    pub fn record_as(
        &self,
        result: &str,
        termination: Option<&str>,
    ) -> citadel_notation::record::Record {
        use citadel_notation::record::{GameResult, Line, MoveNode, Record};
        use citadel_notation::{fen, san};
        let result = GameResult::parse(result).unwrap_or_default();
        let mut tags = self.tags.clone();
        tags.push(("Result".into(), result.as_str().into()));
        tags.push(("Variant".into(), G::config().id.into()));
        let start_fen = fen::write(&self.start);
        if start_fen != G::config().start_fen {
            tags.push(("SetUp".into(), "1".into()));
            tags.push(("FEN".into(), start_fen));
        }
        if let Some(t) = termination {
            tags.push(("Termination".into(), t.into()));
        }
        let mut pos = self.start.clone();
        let mut main = Line::default();
        for m in &self.moves {
            main.moves.push(MoveNode {
                san: san::write_mut(&mut pos, m),
                ..MoveNode::default()
            });
            pos.play_unchecked(*m);
        }
        Record { tags, main, result }
    }

    /// The game as PGN text ([`citadel_notation::writer::write`] of [`GameRecord::record`]).
    pub fn pgn(&self) -> String {
        citadel_notation::writer::write(&self.record())
    }
}

/// The random opening of a game: `plies` uniformly random legal moves from `start`, drawn
/// from `seed` exactly as [`play_game`] draws them (fewer if the game ends first).
pub fn random_opening<G: Game>(start: &Position<G>, plies: usize, seed: u64) -> Vec<Move> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pos = start.clone();
    let mut moves = Vec::new();
    while moves.len() < plies && pos.outcome_with_draws().is_none() {
        let legal = pos.legal_moves();
        let m = legal[rng.gen_range(0..legal.len())];
        pos.play_unchecked(m);
        moves.push(m);
    }
    moves
}

/// Settings of a game between two players.
#[derive(Clone, Debug)]
pub struct GameSettings {
    /// Random plies played first (from the seed).
    pub opening_plies: usize,
    /// Plies after which the game stops unfinished (`*`).
    pub max_plies: usize,
    /// Transposition table size per engine, in MB.
    pub hash_mb: usize,
    /// Material values replaced for each player (first player, second player), by piece
    /// name — for measuring values by self-play; empty: the game's own values.
    pub values: [Vec<(String, i32)>; 2],
    /// Search threads of each player's engine (first player, second player).
    pub threads: [usize; 2],
}

impl Default for GameSettings {
    fn default() -> Self {
        GameSettings {
            opening_plies: 4,
            max_plies: 600,
            hash_mb: 16,
            values: [Vec::new(), Vec::new()],
            threads: [1, 1],
        }
    }
}

/// Plays one game from `start` (`players` and `values` by colour, White first); `seed`
/// draws the random opening plies and the random player's moves. `tags` go into the record
/// (after them come `Result`, `Variant`, ...).
pub fn play_game<G: Game>(
    start: &Position<G>,
    players: [Player; 2],
    settings: &GameSettings,
    seed: u64,
    tags: &[(&str, String)],
) -> GameRecord<G> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut engines: [Option<Searcher<G>>; 2] = [0, 1].map(|c| match players[c] {
        Player::Engine(_) => {
            let mut s = Searcher::<G>::with_evaluator(
                settings.hash_mb,
                Evaluator::with_values::<G>(&settings.values[c]),
            );
            s.set_threads(settings.threads[c]);
            Some(s)
        }
        Player::Random => None,
    });
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut outcome = None;
    loop {
        if let Some(o) = pos.outcome_with_draws() {
            outcome = Some(o);
            break;
        }
        if moves.len() >= settings.max_plies {
            break;
        }
        let side = pos.turn().index();
        let legal = pos.legal_moves();
        let m = match (&mut engines[side], players[side]) {
            (Some(s), Player::Engine(limits)) if moves.len() >= settings.opening_plies => {
                match s.search(&pos, &limits).best {
                    Some(m) => m,
                    None => break,
                }
            }
            _ => legal[rng.gen_range(0..legal.len())],
        };
        pos.play_unchecked(m);
        moves.push(m);
    }
    GameRecord {
        start: start.clone(),
        moves,
        outcome,
        tags: tags
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect(),
    }
}

/// The score of a match from the first player's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Tally {
    /// Games the first player won.
    pub wins: u32,
    /// Drawn (or unfinished) games.
    pub draws: u32,
    /// Games the first player lost.
    pub losses: u32,
}

impl Tally {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The first player's score in percent (a draw counts half).
    pub fn percent(&self) -> f64 {
        if self.games() == 0 {
            return 0.0;
        }
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) * 100.0 / f64::from(self.games())
    }
}

/// Plays `games` games between `a` and `b`, alternating colours (`a` is White in the even
/// games); each pair of games shares its random opening. `settings.values` and
/// `settings.threads` are `a`'s and `b`'s. `progress` sees every finished
/// game with its number (from 0), whether `a` had White, and the tally so far.
pub fn run_match<G: Game>(
    start: &Position<G>,
    a: Player,
    b: Player,
    games: u32,
    settings: &GameSettings,
    seed: u64,
    mut progress: impl FnMut(u32, bool, &GameRecord<G>, &Tally),
) -> Tally {
    let mut tally = Tally::default();
    for g in 0..games {
        let a_white = g % 2 == 0;
        let players = if a_white { [a, b] } else { [b, a] };
        let names = if a_white {
            [a.to_string(), b.to_string()]
        } else {
            [b.to_string(), a.to_string()]
        };
        let tags = [
            ("Event", format!("citadel match {a} vs {b}")),
            ("Site", "citadel".to_string()),
            ("Round", (g + 1).to_string()),
            ("White", names[0].clone()),
            ("Black", names[1].clone()),
        ];
        let mut by_colour = settings.clone();
        if !a_white {
            by_colour.values.swap(0, 1);
            by_colour.threads.swap(0, 1);
        }
        let rec = play_game(
            start,
            players,
            &by_colour,
            seed.wrapping_add(u64::from(g / 2)),
            &tags,
        );
        let a_color = if a_white { Color::White } else { Color::Black };
        match rec.outcome.and_then(|o| o.winner) {
            Some(w) if w == a_color => tally.wins += 1,
            Some(_) => tally.losses += 1,
            None => tally.draws += 1,
        }
        progress(g, a_white, &rec, &tally);
    }
    tally
}
