//! The arbiter of a match that involves another engine (or a clock): it asks each player
//! for a move, judges it by Citadel's own rules, keeps the clocks, and ends the game — by
//! the rules, or against a player whose move is illegal, who resigns, fails to answer, or
//! runs out of time. Every such verdict is logged.

use crate::clock::Clock;
use crate::external::{Answer, External, Protocol};
use crate::session;
use citadel_notation::{coord, SanDialect};
use citadel_rules::{Color, Move, Position, Variant};
use citadel_search::play::{GameRecord, Player};
use citadel_search::{Limits, Searcher};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

/// One side of a match.
pub enum Contestant<G: SanDialect> {
    /// Citadel's engine within these limits (on a clock, its time per move comes from the
    /// clock unless a depth or node limit is set).
    Citadel(Box<Searcher<G>>, Limits, String),
    /// A random mover.
    Random(Box<ChaCha8Rng>),
    /// Another engine.
    External(Box<External>),
}

impl<G: SanDialect> Contestant<G> {
    /// A contestant for a built-in player; `clock`: the match has a clock (which then sets
    /// the time of an engine without a depth or node limit).
    pub fn builtin(p: Player, hash_mb: usize, threads: usize, seed: u64, clock: bool) -> Self {
        match p {
            Player::Engine(l) => {
                let name = if clock && l.depth.is_none() && l.nodes.is_none() {
                    "citadel (clock)".to_string()
                } else {
                    format!("citadel ({p})")
                };
                let mut s = Searcher::new(hash_mb);
                s.set_threads(threads);
                Contestant::Citadel(Box::new(s), l, name)
            }
            Player::Random => {
                Contestant::Random(Box::new(ChaCha8Rng::seed_from_u64(seed ^ 0x5eed)))
            }
        }
    }

    /// The name for game records.
    pub fn name(&self) -> String {
        match self {
            Contestant::Citadel(_, _, n) => n.clone(),
            Contestant::Random(_) => "random".into(),
            Contestant::External(e) => e.name.clone(),
        }
    }

    fn new_game(&mut self, variant: Variant, tc: Option<TimeControl>) -> Result<(), String> {
        match self {
            Contestant::Citadel(s, _, _) => {
                s.clear();
                Ok(())
            }
            Contestant::Random(_) => Ok(()),
            Contestant::External(e) => {
                let name = match e.protocol() {
                    Protocol::Uci => variant.id(),
                    Protocol::Xboard => crate::xboard::xboard_name(variant),
                };
                // CECP `level`: base in minutes:seconds, increment in seconds
                let level = tc.map(|t| {
                    let s = t.base.as_secs();
                    format!(
                        "level 0 {}:{:02} {}",
                        s / 60,
                        s % 60,
                        t.increment.as_secs_f64()
                    )
                });
                e.new_game(name, level)
            }
        }
    }
}

/// A clock for each player: base time and increment per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Time at the start.
    pub base: Duration,
    /// Time added after each move.
    pub increment: Duration,
}

impl std::str::FromStr for TimeControl {
    type Err = String;
    /// `BASE+INC` in seconds, e.g. `5+0.05`, `60+0.01`.
    fn from_str(s: &str) -> Result<Self, String> {
        let (b, i) = s.split_once('+').unwrap_or((s, "0"));
        let secs = |t: &str| {
            t.parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0)
                .map(Duration::from_secs_f64)
        };
        match (secs(b), secs(i)) {
            (Some(base), Some(increment)) if !base.is_zero() => Ok(TimeControl { base, increment }),
            _ => Err(format!(
                "bad time control `{s}` (BASE+INC in seconds, e.g. 5+0.05)"
            )),
        }
    }
}

impl std::fmt::Display for TimeControl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}+{}",
            self.base.as_secs_f64(),
            self.increment.as_secs_f64()
        )
    }
}

/// How the games of a match are played.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// Plies after which a game stops unfinished (`*`).
    pub max_plies: usize,
    /// The clock, if any.
    pub tc: Option<TimeControl>,
    /// Time per move for other engines when there is no clock.
    pub movetime: Duration,
}

/// A finished game.
pub struct Played {
    /// PGN record.
    pub pgn: String,
    /// The winner (`None`: draw or unfinished).
    pub winner: Option<Color>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'static str,
    /// What ended it.
    pub how: String,
    /// Plies played.
    pub plies: usize,
    /// The arbiter's note when a player lost by a verdict (illegal move, time, ...).
    pub verdict: Option<String>,
}

fn colour_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Plays one game from `start` after the `opening` moves, `players` by colour.
pub fn play_game<G: SanDialect>(
    variant: Variant,
    start: &Position<G>,
    opening: &[Move],
    players: [&mut Contestant<G>; 2],
    rules: &Rules,
    tags: &[(&str, String)],
) -> Played {
    let mut players = players;
    let mut pos = start.clone();
    let mut moves: Vec<Move> = Vec::new();
    let mut texts: Vec<String> = Vec::new();
    for m in opening {
        texts.push(session::protocol_move(&pos, m));
        pos.play_unchecked(*m);
        moves.push(*m);
    }
    let mut verdict: Option<(Color, &str, String)> = None;
    for (c, p) in players.iter_mut().enumerate() {
        if let Err(e) = p.new_game(variant, rules.tc) {
            let c = if c == 0 { Color::White } else { Color::Black };
            verdict = Some((
                c,
                "rules infraction",
                format!("could not start the game: {e}"),
            ));
        }
    }
    let mut clocks = [rules.tc.map_or(Duration::ZERO, |t| t.base); 2];
    let mut outcome = None;
    while verdict.is_none() {
        if let Some(o) = pos.outcome_with_draws() {
            outcome = Some(o);
            break;
        }
        if moves.len() >= rules.max_plies {
            break;
        }
        let us = pos.turn();
        let side = us.index();
        let clock = rules
            .tc
            .map(|t| (clocks[side], clocks[1 - side], t.increment));
        let t0 = Instant::now();
        let answer: Answer = match &mut players[side] {
            Contestant::Citadel(s, limits, _) => {
                let mut l = *limits;
                if let (Some((own, _, inc)), None, None) = (clock, l.depth, l.nodes) {
                    l.movetime = None;
                    Clock {
                        remaining: own,
                        increment: inc,
                        moves_to_go: None,
                    }
                    .apply(&mut l);
                }
                match s.search(&pos, &l).best {
                    Some(m) => Answer::Move(session::protocol_move(&pos, &m)),
                    None => Answer::Failed("no move".into()),
                }
            }
            Contestant::Random(rng) => {
                let legal = pos.legal_moves();
                let m = legal[rng.gen_range(0..legal.len())];
                Answer::Move(session::protocol_move(&pos, &m))
            }
            Contestant::External(e) => e.choose(&texts, us == Color::White, clock, rules.movetime),
        };
        let spent = t0.elapsed();
        if let Some(t) = rules.tc {
            if spent > clocks[side] {
                verdict = Some((
                    us,
                    "time forfeit",
                    format!("used {spent:?} with {:?} left", clocks[side]),
                ));
                break;
            }
            clocks[side] = clocks[side] - spent + t.increment;
        }
        let number = pos.fullmove_number();
        match answer {
            Answer::Move(text) => match coord::parse_move(&pos, &text) {
                Ok(m) => {
                    texts.push(session::protocol_move(&pos, &m));
                    pos.play_unchecked(m);
                    moves.push(m);
                }
                Err(e) => {
                    verdict = Some((us, "illegal move", format!("move {number}: {e}")));
                }
            },
            Answer::Resign => {
                verdict = Some((us, "resignation", format!("resigned at move {number}")))
            }
            Answer::Timeout => {
                verdict = Some((us, "time forfeit", format!("no move at move {number}")))
            }
            Answer::Failed(m) => {
                verdict = Some((us, "rules infraction", format!("move {number}: {m}")))
            }
        }
    }
    let names = [players[0].name(), players[1].name()];
    let mut all_tags: Vec<(&str, String)> = tags.to_vec();
    let (winner, result, how, note) = match (&verdict, outcome) {
        (Some((loser, why, detail)), _) => {
            let note = format!(
                "{} ({}) loses by {why}: {detail}",
                colour_name(*loser),
                names[loser.index()]
            );
            all_tags.push(("TerminationDetails", note.clone()));
            let winner = !*loser;
            let result = if winner == Color::White { "1-0" } else { "0-1" };
            (Some(winner), result, why.to_string(), Some(note))
        }
        (None, Some(o)) => (
            o.winner,
            o.result().as_str(),
            o.termination.name().to_string(),
            None,
        ),
        (None, None) => (None, "*", "ply cap".to_string(), None),
    };
    for p in players.iter_mut() {
        if let Contestant::External(e) = p {
            e.game_over(result);
        }
    }
    let termination = match (&verdict, outcome) {
        (Some(_), _) => Some(how.as_str()),
        (None, Some(_)) => Some(how.as_str()),
        (None, None) => None,
    };
    let record = GameRecord {
        start: start.clone(),
        moves: moves.clone(),
        outcome,
        tags: all_tags
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect(),
    };
    let pgn = citadel_notation::writer::write(&record.record_as(result, termination));
    Played {
        pgn,
        winner,
        result,
        how,
        plies: moves.len(),
        verdict: note,
    }
}
