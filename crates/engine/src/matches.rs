//! Matches: games between two players with alternating colours, counted in a [`Tally`];
//! and a match as a command line describes it ([`MatchSetup`]): the players by name,
//! checked and started, the schedule, and the summary line.
use crate::arbiter::{play_game, Rules};
use crate::clock::TimeControl;
use crate::external::{EngineSpec, External, ExternalError, MoveLimit, Protocol, SpecError};
use crate::overrides::{self, OverrideError};
use crate::player::{Contestant, EngineSetup, ParsePlayerError, Player};
use crate::record::GameRecord;
use crate::sprt::Sprt;
use crate::tally::Tally;
use citadel_nnue::{NetError, Network};
use citadel_rules::{Color, Game, Position};
use citadel_search::eval::Evaluator;
use citadel_search::SearchOptions;
use std::sync::Arc;
use std::time::Duration;

/// A finished game of a match, as the match's progress callback sees it.
pub struct MatchGame<'a, G: Game> {
    /// The game's number, from 0.
    pub number: u32,
    /// Whether the first player had White.
    pub first_white: bool,
    /// The game.
    pub record: &'a GameRecord<G>,
    /// The score so far, from the first player's side.
    pub tally: &'a Tally,
}

impl<G: Game> MatchGame<'_, G> {
    /// The progress line of this game of `games`: `[3/10] chess: Citadel as White 1-0
    /// (checkmate, 57 plies)  +2 =1 -0`; the first player's name `first` and colour are
    /// left out in self-play (`None`).
    pub fn line(&self, games: u32, first: Option<&str>) -> String {
        let side = match first {
            None => String::new(),
            Some(n) => format!(
                " {n} as {}",
                if self.first_white { "White" } else { "Black" }
            ),
        };
        let (r, t) = (self.record, self.tally);
        format!(
            "[{}/{games}] {}:{side} {} ({}, {} plies)  +{} ={} -{}",
            self.number + 1,
            G::config().id,
            r.result(),
            r.how(),
            r.moves.len(),
            t.wins,
            t.draws,
            t.losses
        )
    }
}

/// What a match plays: how many games, by which rules, from which seed, under which
/// `Event` tag.
#[derive(Clone, Debug, PartialEq)]
pub struct Schedule {
    /// The number of the first game played, from 0: a part of a larger match plays games
    /// `first_game ..` exactly as the whole match plays them (the same seeds, colours and
    /// `Round` tags).
    pub first_game: u32,
    /// Number of games.
    pub games: u32,
    /// How each game is played.
    pub rules: Rules,
    /// The seed of the first game (of the first pair of games when `paired`).
    pub seed: u64,
    /// Whether each pair of games shares its seed, and so its random opening, with colours
    /// swapped (game `g` is played from `seed + g / 2`); otherwise game `g` is played from
    /// `seed + g` (self-play, where swapping colours would repeat a game).
    pub paired: bool,
    /// The records' `Event` tag.
    pub event: String,
    /// A test that ends the match early, after a pair of games, once it has its verdict.
    pub stop: Option<Sprt>,
}

/// Plays the games of `schedule` from `start` between `first` and `second`, alternating
/// colours (`first` has White in the even games), from the seeds the schedule gives. The
/// records carry the tags `Event`, `Site`, `Round`, `White` and `Black` (the players'
/// names). `progress` sees every finished game; its error ends the match.
///
/// Every game starts with fresh engines, so a game does not depend on the games before it:
/// between players whose moves do not depend on time (depth or node limits, one thread),
/// a part of the match ([`Schedule::first_game`]) plays the same games as the whole match.
pub fn run_match<G: Game, E>(
    start: &Position<G>,
    [first, second]: [&mut Contestant<G>; 2],
    schedule: &Schedule,
    mut progress: impl FnMut(MatchGame<G>) -> Result<(), E>,
) -> Result<Tally, E> {
    let mut tally = Tally::default();
    let first_game = schedule.first_game;
    for g in first_game..first_game.saturating_add(schedule.games) {
        let first_white = g % 2 == 0;
        let players = if first_white {
            [&mut *first, &mut *second]
        } else {
            [&mut *second, &mut *first]
        };
        let tags = [
            ("Event", schedule.event.clone()),
            ("Site", "citadel".to_string()),
            ("Round", (g + 1).to_string()),
            ("White", players[0].name().to_string()),
            ("Black", players[1].name().to_string()),
        ];
        let step = if schedule.paired { g / 2 } else { g };
        let seed = schedule.seed.wrapping_add(u64::from(step));
        let record = play_game(start, players, &schedule.rules, seed, &tags);
        let first_colour = if first_white {
            Color::White
        } else {
            Color::Black
        };
        tally.add(first_colour, record.winner());
        let (mine, theirs) = (first_colour.index(), (!first_colour).index());
        tally.effort[0].merge(&record.effort[mine]);
        tally.effort[1].merge(&record.effort[theirs]);
        progress(MatchGame {
            number: g,
            first_white,
            record: &record,
            tally: &tally,
        })?;
        let pair_done = g % 2 == 1 || !schedule.paired;
        if pair_done && schedule.stop.is_some_and(|s| s.verdict(&tally).is_some()) {
            break;
        }
    }
    Ok(tally)
}

/// A match as a command line describes it: the two players by name (`depth:4`,
/// `movetime:100`, `nodes:N`, `random`, `uci:PATH`, `xboard:PATH`) and how they play.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchSetup {
    /// The first player.
    pub engine: String,
    /// The second player.
    pub opponent: String,
    /// Material values or weights replaced for each player (`name=value,...`), between
    /// Citadel's players only.
    pub values: [Option<String>; 2],
    /// A learnt evaluation (net file) for each player when it is Citadel's engine; `None`:
    /// the hand-written evaluation.
    pub nets: [Option<std::path::PathBuf>; 2],
    /// Search threads of each player when it is Citadel's engine.
    pub threads: [usize; 2],
    /// The search techniques Citadel's engines use.
    pub options: SearchOptions,
    /// The clock, if any.
    pub tc: Option<TimeControl>,
    /// Time per move for other engines without a clock.
    pub movetime: Duration,
    /// A depth or node limit per move for other engines (UCI engines only).
    pub limit: Option<MoveLimit>,
    /// Random plies at the start of each game.
    pub opening_plies: usize,
    /// Plies after which a game stops unfinished.
    pub max_plies: usize,
    /// Whether the records carry each searched move's score ([`Rules::evals`]).
    pub evals: bool,
    /// The seed of the first pair of games.
    pub seed: u64,
    /// The number of the first game played (from 0): a part of a larger match, whose games
    /// are the whole match's ([`Schedule::first_game`]).
    pub first_game: u32,
    /// Number of games (at most, with a test).
    pub games: u32,
    /// A test that ends the match once it has its verdict.
    pub sprt: Option<Sprt>,
}

impl Default for MatchSetup {
    /// Citadel's engine at 100 ms a move against the random mover, one game, one thread
    /// each, four random opening plies, at most 600 plies.
    fn default() -> Self {
        MatchSetup {
            engine: "movetime:100".into(),
            opponent: "random".into(),
            values: [None, None],
            nets: [None, None],
            threads: [1, 1],
            options: SearchOptions::default(),
            tc: None,
            movetime: Duration::from_millis(100),
            limit: None,
            opening_plies: 4,
            max_plies: 600,
            evals: false,
            seed: 1,
            first_game: 0,
            games: 1,
            sprt: None,
        }
    }
}

/// A match that cannot be set up.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// A player's name cannot be read.
    #[error(transparent)]
    Player(#[from] ParsePlayerError),
    /// Another engine's description cannot be read.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// Another engine cannot be started.
    #[error(transparent)]
    External(#[from] ExternalError),
    /// Replaced values cannot be read or do not fit the game.
    #[error(transparent)]
    Values(#[from] OverrideError),
    /// A net that cannot be read or is not for the game.
    #[error("{path}: {source}")]
    Net {
        /// The net's file.
        path: String,
        /// What is wrong.
        source: NetError,
    },
    /// Replaced values with another engine or a clock.
    #[error("--engine-values/--opponent-values work only between Citadel players")]
    ValuesNeedCitadel,
    /// A depth or node limit for an XBoard engine.
    #[error("--limit works only with UCI engines (`{0}` speaks XBoard)")]
    LimitNeedsUci(String),
}

impl MatchSetup {
    /// Whether the arbiter judges every move: another engine plays, or there is a clock.
    pub fn arbitrated(&self) -> bool {
        self.tc.is_some() || self.names().iter().any(|s| EngineSpec::parse(s).is_some())
    }

    fn names(&self) -> [&String; 2] {
        [&self.engine, &self.opponent]
    }

    /// The players, checked and started (other engines complete their handshake): named as
    /// the arbiter names them when the match is [arbitrated](Self::arbitrated), else as
    /// written (`depth 2`), with their replaced values.
    pub fn players<G: Game>(&self) -> Result<[Contestant<G>; 2], MatchError> {
        let arbitrated = self.arbitrated();
        if arbitrated && self.values.iter().any(Option::is_some) {
            return Err(MatchError::ValuesNeedCitadel);
        }
        let mut specs = [None, None];
        for (i, name) in self.names().into_iter().enumerate() {
            match EngineSpec::parse(name) {
                Some(spec) => {
                    let spec = spec?;
                    if self.limit.is_some() && spec.protocol == Protocol::Xboard {
                        return Err(MatchError::LimitNeedsUci(spec.path));
                    }
                    specs[i] = Some(spec);
                }
                // a bad player is reported before bad values
                None => {
                    name.parse::<Player>()?;
                }
            }
        }
        let mut values = [Vec::new(), Vec::new()];
        for (v, text) in values.iter_mut().zip(&self.values) {
            *v = overrides::parse(text.as_deref().unwrap_or(""))?;
            overrides::check::<G>(v)?;
        }
        let [s1, s2] = specs;
        let first = self.player(0, s1, &values[0])?;
        let second = self.player(1, s2, &values[1])?;
        Ok([first, second])
    }

    /// Player `i` (0: the first): another engine started from `spec`, or one of Citadel's.
    fn player<G: Game>(
        &self,
        i: usize,
        spec: Option<EngineSpec>,
        values: &[(String, i32)],
    ) -> Result<Contestant<G>, MatchError> {
        match spec {
            Some(spec) => Ok(Contestant::External(Box::new(External::start(&spec)?))),
            None => {
                let seed = self.seed.wrapping_add(i as u64);
                let net = self.nets[i]
                    .as_deref()
                    .map(|path| {
                        Network::load_for::<G>(path)
                            .map(Arc::new)
                            .map_err(|source| MatchError::Net {
                                path: path.display().to_string(),
                                source,
                            })
                    })
                    .transpose()?;
                self.builtin(self.names()[i], seed, self.threads[i], values, net)
            }
        }
    }

    /// One of Citadel's own players.
    fn builtin<G: Game>(
        &self,
        name: &str,
        seed: u64,
        threads: usize,
        values: &[(String, i32)],
        net: Option<Arc<Network>>,
    ) -> Result<Contestant<G>, MatchError> {
        let mut p: Player = name.parse()?;
        if let Player::Engine(l) = &mut p {
            l.options = self.options;
        }
        let mut setup = EngineSetup {
            threads,
            ..EngineSetup::default()
        };
        if self.arbitrated() {
            setup.evaluator = setup.evaluator.with_net(net);
            return Ok(Contestant::builtin(p, setup, seed, self.tc.is_some()));
        }
        setup.evaluator = Evaluator::with_values::<G>(values).with_net(net);
        Ok(match &p {
            Player::Engine(l) => Contestant::engine(setup, l.clone(), p.to_string()),
            Player::Random => Contestant::dice(p.to_string()),
        })
    }

    /// The rules of the games.
    pub fn rules(&self) -> Rules {
        Rules {
            opening_plies: self.opening_plies,
            max_plies: self.max_plies,
            tc: self.tc,
            movetime: self.movetime.max(Duration::from_millis(1)),
            limit: self.limit,
            evals: self.evals,
        }
    }

    /// How other engines are controlled, for the event and the summary: ` (clock 5+0.05)`,
    /// ` (nodes 5000 a move for other engines)`, ` (100 ms/move for other engines)`; empty
    /// between Citadel's players.
    pub fn control(&self) -> String {
        match (self.arbitrated(), self.tc, self.limit) {
            (false, _, _) => String::new(),
            (true, Some(t), _) => format!(" (clock {t})"),
            (true, None, Some(MoveLimit::Depth(d))) => {
                format!(" (depth {d} a move for other engines)")
            }
            (true, None, Some(MoveLimit::Nodes(n))) => {
                format!(" (nodes {n} a move for other engines)")
            }
            (true, None, None) => format!(
                " ({} ms/move for other engines)",
                self.rules().movetime.as_millis()
            ),
        }
    }

    /// The summary of the finished match of game `id` between players named `names`:
    /// [`summary`], then the test's verdict if there is one.
    pub fn summary(&self, id: &str, names: [&str; 2], tally: &Tally, elapsed: Duration) -> String {
        let text = summary(id, names, &self.control(), tally, elapsed);
        match &self.sprt {
            Some(s) => format!("{text}\n{}", s.report(tally)),
            None => text,
        }
    }

    /// The schedule of the match between players named `names`; with `selfplay`, of
    /// self-play: every game from its own opening, under the event `citadel selfplay`.
    pub fn schedule(&self, names: [&str; 2], selfplay: bool) -> Schedule {
        let event = match selfplay {
            true => "citadel selfplay".to_string(),
            false => format!(
                "citadel match {} vs {}{}",
                names[0],
                names[1],
                self.control()
            ),
        };
        Schedule {
            first_game: self.first_game,
            games: self.games,
            rules: self.rules(),
            seed: self.seed,
            paired: !selfplay,
            stop: self.sprt,
            event,
        }
    }
}

/// The summary of a finished match of game `id`: the score line, then each player's
/// effort per move.
pub fn summary(
    id: &str,
    names: [&str; 2],
    control: &str,
    tally: &Tally,
    elapsed: Duration,
) -> String {
    format!(
        "{id}: {} vs {}{control}: {} games +{} ={} -{} score {:.1}% {} ({:.0} s)\n  {}: {}\n  {}: {}",
        names[0],
        names[1],
        tally.games(),
        tally.wins,
        tally.draws,
        tally.losses,
        tally.percent(),
        tally.elo_text(),
        elapsed.as_secs_f64(),
        names[0],
        tally.effort[0],
        names[1],
        tally.effort[1],
    )
}
