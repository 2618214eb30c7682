//! The arbiter and its game loop: it draws the random opening, asks each player for a move,
//! judges it by Citadel's own rules, keeps the clocks, and ends the game — by the rules
//! ([`Position::outcome`] with [`Claims::Draws`]: every rule
//! of the game, repetition, the move-count rule), at a ply cap (result `*`), or against a player whose move is illegal, who
//! resigns, fails to answer, or runs out of time ([`Verdict`]).

use crate::clock::{Clock, TimeControl};
use crate::external::{Answer, MoveLimit};
use crate::player::Contestant;
use crate::record::{GameRecord, Infraction, Verdict};
use crate::tally::{Effort, Searched};
use citadel_notation::coord;
use citadel_notation::eval_comment::{Eval, EvalComment};
use citadel_rules::{Claims, Color, Game, Move, Position};
use citadel_search::Score;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

/// How the games are played.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rules {
    /// Random plies at the start of each game, drawn from the game's seed (for variety).
    pub opening_plies: usize,
    /// Plies after which a game stops unfinished (`*`).
    pub max_plies: usize,
    /// The clock, if any.
    pub tc: Option<TimeControl>,
    /// Time per move for other engines when there is no clock.
    pub movetime: Duration,
    /// A depth or node limit per move for other (UCI) engines instead of a time.
    pub limit: Option<MoveLimit>,
    /// Whether the record keeps the score each player reported for its moves
    /// ([`GameRecord::evals`]).
    pub evals: bool,
}

impl Default for Rules {
    /// Four random plies, at most 600 plies, no clock, 100 ms a move for other engines, no
    /// scores in the records.
    fn default() -> Self {
        Rules {
            opening_plies: 4,
            max_plies: 600,
            tc: None,
            movetime: Duration::from_millis(100),
            limit: None,
            evals: false,
        }
    }
}

/// The random opening of a game: `plies` uniformly random legal moves from `start`, drawn
/// from `seed` exactly as [`play_game`] draws them (fewer if the game ends first).
pub fn random_opening<G: Game>(start: &Position<G>, plies: usize, seed: u64) -> Vec<Move> {
    let mut dice = ChaCha8Rng::seed_from_u64(seed);
    let mut pos = start.clone();
    let mut moves = Vec::new();
    while moves.len() < plies && pos.outcome(Claims::Draws).is_none() {
        let m = random_move(&pos, &mut dice);
        pos.play_unchecked(m);
        moves.push(m);
    }
    moves
}

/// A uniformly random legal move (the position has one: it is not finished).
fn random_move<G: Game>(pos: &Position<G>, rng: &mut ChaCha8Rng) -> Move {
    let legal = pos.legal_moves();
    legal[rng.gen_range(0..legal.len())]
}

/// A player's answer to the position after `texts` (the moves in protocol form), with what
/// its search reported (depth and nodes), if it reports them.
fn ask<G: Game>(
    player: &mut Contestant<G>,
    pos: &Position<G>,
    texts: &[String],
    dice: &mut ChaCha8Rng,
    clock: Option<(Duration, Duration, Duration)>,
    movetime: Duration,
    limit: Option<MoveLimit>,
) -> (Answer, Option<Searched>) {
    match player {
        Contestant::Engine {
            searcher, limits, ..
        } => {
            let mut l = limits.clone();
            if let (Some((own, _, inc)), None, None) = (clock, l.depth, l.nodes) {
                l.movetime = None;
                Clock {
                    remaining: own,
                    increment: inc,
                    ..Clock::default()
                }
                .apply(&mut l);
            }
            let r = searcher.search(pos, &l);
            let searched = Searched {
                depth: r.depth,
                nodes: r.nodes,
                score: Some(citadel_search::Score::from_internal(r.score)),
            };
            match r.best {
                Some(m) => (Answer::Move(coord::write(pos, &m)), Some(searched)),
                None => (Answer::Failed("no move".into()), None),
            }
        }
        Contestant::Random { rng, .. } => {
            let m = random_move(pos, rng.as_deref_mut().unwrap_or(dice));
            (Answer::Move(coord::write(pos, &m)), None)
        }
        Contestant::External(e) => {
            let white = pos.turn() == Color::White;
            let answer = e.choose(texts, white, clock, movetime, limit);
            (answer, e.last_search())
        }
    }
}

/// A player's reported score as a record's comment keeps it: White's side, with the depth.
fn eval_comment(mover: Color, s: Searched) -> Option<EvalComment> {
    let white = |n: i32| if mover == Color::White { n } else { -n };
    let eval = match s.score? {
        Score::Cp(c) => Eval::Centipawns(white(c)),
        Score::Mate(n) => Eval::Mate(white(n)),
    };
    Some(EvalComment {
        eval,
        depth: Some(s.depth),
    })
}

/// Plays one game from `start`, `players` by colour (White first): first
/// `rules.opening_plies` random plies drawn from `seed` (the game's dice, which a
/// [`Contestant::dice`] player goes on drawing from), then the players' moves. `tags` go
/// into the record (after them come `Result`, `Variant`, ...).
pub fn play_game<G: Game>(
    start: &Position<G>,
    players: [&mut Contestant<G>; 2],
    rules: &Rules,
    seed: u64,
    tags: &[(&str, String)],
) -> GameRecord<G> {
    let mut players = players;
    let mut dice = ChaCha8Rng::seed_from_u64(seed);
    let mut pos = start.clone();
    let mut moves: Vec<Move> = Vec::new();
    let mut texts: Vec<String> = Vec::new();
    let mut verdict: Option<Verdict> = None;
    let against = |side: Color, player: &Contestant<G>, infraction, detail| Verdict {
        loser: side,
        player: player.name().to_string(),
        infraction,
        detail,
    };
    for (side, p) in [Color::White, Color::Black]
        .into_iter()
        .zip(players.iter_mut())
    {
        let started = p
            .new_game(G::config().variant, rules.tc)
            .map_err(|e| e.to_string());
        if let Err(e) = started {
            let detail = format!("could not start the game: {e}");
            verdict = Some(against(side, p, Infraction::RulesInfraction, detail));
        }
    }
    let mut clocks = [rules.tc.map_or(Duration::ZERO, |t| t.base); 2];
    let mut effort = [Effort::default(); 2];
    let mut evals = Vec::new();
    let mut outcome = None;
    while verdict.is_none() {
        if let Some(o) = pos.outcome(Claims::Draws) {
            outcome = Some(o);
            break;
        }
        if moves.len() >= rules.max_plies {
            break;
        }
        let us = pos.turn();
        let side = us.index();
        let number = pos.fullmove_number();
        let answer = if moves.len() < rules.opening_plies {
            Answer::Move(coord::write(&pos, &random_move(&pos, &mut dice)))
        } else {
            let clock = rules
                .tc
                .map(|t| (clocks[side], clocks[1 - side], t.increment));
            let t0 = Instant::now();
            let (answer, searched) = ask(
                players[side],
                &pos,
                &texts,
                &mut dice,
                clock,
                rules.movetime,
                rules.limit,
            );
            let spent = t0.elapsed();
            effort[side].add(spent, searched);
            if rules.evals {
                evals.resize(moves.len(), None);
                evals.push(searched.and_then(|s| eval_comment(us, s)));
            }
            if let Some(t) = rules.tc {
                if spent > clocks[side] {
                    let detail = format!("used {spent:?} with {:?} left", clocks[side]);
                    verdict = Some(against(us, players[side], Infraction::TimeForfeit, detail));
                    break;
                }
                clocks[side] = (clocks[side] - spent).saturating_add(t.increment);
            }
            answer
        };
        let (infraction, detail) = match answer {
            Answer::Move(text) => match coord::parse_move(&pos, &text) {
                Ok(m) => {
                    texts.push(coord::write(&pos, &m));
                    pos.play_unchecked(m);
                    moves.push(m);
                    continue;
                }
                Err(e) => (Infraction::IllegalMove, format!("move {number}: {e}")),
            },
            Answer::Resign => (
                Infraction::Resignation,
                format!("resigned at move {number}"),
            ),
            Answer::Timeout => (Infraction::TimeForfeit, format!("no move at move {number}")),
            Answer::Failed(m) => (Infraction::RulesInfraction, format!("move {number}: {m}")),
        };
        verdict = Some(against(us, players[side], infraction, detail));
    }
    let record = GameRecord {
        start: start.clone(),
        moves,
        outcome,
        verdict,
        tags: tags
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect(),
        effort,
        evals,
    };
    for p in players.iter_mut() {
        if let Contestant::External(e) = p {
            e.game_over(record.result());
        }
    }
    record
}
