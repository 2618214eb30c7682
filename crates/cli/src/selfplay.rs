//! `citadel selfplay` and `citadel match`: complete games between engines (or against a
//! random mover), written as PGN records, with progress on stderr.

use crate::arbiter::{self, Contestant, Rules, TimeControl};
use crate::elo;
use crate::external::{EngineSpec, External};
use crate::Failure;
use citadel_notation::{fen, SanDialect};
use citadel_rules::{with_game, Color, Game, Variant};
use citadel_search::eval::weights::Weights;
use citadel_search::play::{self, GameSettings, Player};
use citadel_search::Limits;
use std::io::Write;

/// Arguments of `citadel selfplay`.
#[derive(clap::Args)]
pub struct SelfplayArgs {
    /// Game id (see `citadel variants`).
    #[arg(long)]
    variant: String,
    /// Number of games.
    #[arg(long, default_value_t = 1)]
    games: u32,
    /// Milliseconds per move (default 100 when no depth is given).
    #[arg(long)]
    movetime: Option<u64>,
    /// Fixed depth per move instead of a time.
    #[arg(long)]
    depth: Option<u32>,
    #[command(flatten)]
    play: PlayArgs,
    /// Start position (default: the game's start).
    #[arg(long)]
    fen: Option<String>,
    /// Write the PGN records here (default: standard output).
    #[arg(long)]
    out: Option<std::path::PathBuf>,
}

/// How each game of `selfplay` and `match` is played.
#[derive(clap::Args)]
pub struct PlayArgs {
    /// Seed for the random opening plies (and a random player).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Random plies at the start of each game.
    #[arg(long, default_value_t = 4)]
    opening_plies: usize,
    /// Plies after which a game stops unfinished (`*`; a draw in a match's score).
    #[arg(long, default_value_t = 600)]
    max_plies: usize,
}

/// Arguments of `citadel match`.
#[derive(clap::Args)]
pub struct MatchArgs {
    /// Game id (see `citadel variants`).
    #[arg(long)]
    variant: String,
    /// Number of games (colours alternate).
    #[arg(long, default_value_t = 10)]
    games: u32,
    /// The first player: `movetime:MS`, `depth:N`, `nodes:N` or `random` (Citadel), or
    /// another engine: `uci:PATH[:name=value,...]`, `xboard:PATH[:name=value,...]`.
    #[arg(long, default_value = "movetime:100")]
    engine: String,
    /// The second player, same forms.
    #[arg(long, default_value = "random")]
    opponent: String,
    /// A clock for both players, `BASE+INC` in seconds (e.g. `5+0.05`): Citadel engines
    /// without a depth or node limit then take their time from the clock, and a player whose
    /// flag falls loses.
    #[arg(long)]
    tc: Option<String>,
    /// Milliseconds per move for other engines when there is no clock (XBoard engines get
    /// whole seconds).
    #[arg(long, default_value_t = 100)]
    movetime: u64,
    #[command(flatten)]
    play: PlayArgs,
    /// Write the PGN records here.
    #[arg(long)]
    out: Option<std::path::PathBuf>,
    /// Material values or evaluation weights replaced for the first player:
    /// `name=value,name=value` (piece names as in the game, e.g. `giraffe=350,scout=300`, or
    /// weight names as `citadel tune --help` lists them, e.g. `mobility-mg=4`), to measure
    /// values by self-play.
    #[arg(long)]
    engine_values: Option<String>,
    /// Material values or evaluation weights replaced for the second player, same form.
    #[arg(long)]
    opponent_values: Option<String>,
    /// Search threads of the first player when it is Citadel's engine (Lazy SMP).
    #[arg(long, default_value_t = 1, value_parser = crate::in_range::<u32>(1, 256))]
    engine_threads: u32,
    /// Search threads of the second player when it is Citadel's engine.
    #[arg(long, default_value_t = 1, value_parser = crate::in_range::<u32>(1, 256))]
    opponent_threads: u32,
    /// Print the per-game lines too.
    #[arg(long)]
    verbose: bool,
}

pub fn selfplay(a: &SelfplayArgs) -> Result<(), Failure> {
    let variant: Variant = a.variant.parse().map_err(Failure)?;
    with_game!(variant, G => selfplay_in::<G>(a))
}

fn open_out(path: &Option<std::path::PathBuf>) -> Result<Box<dyn Write>, Failure> {
    Ok(match path {
        Some(p) => Box::new(std::io::BufWriter::new(
            std::fs::File::create(p).map_err(|e| Failure(format!("{}: {e}", p.display())))?,
        )),
        None => Box::new(std::io::stdout()),
    })
}

/// Writes one PGN record to the `--out` file: `Ok(false)` when the file is a pipe whose reader
/// has gone (the command then ends quietly, as on a closed standard output), a failure for any
/// other error.
fn write_record(out: &mut dyn Write, pgn: &str) -> Result<bool, Failure> {
    match writeln!(out, "{pgn}").and_then(|_| out.flush()) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(Failure(format!("cannot write the games: {e}"))),
    }
}

fn selfplay_in<G: SanDialect>(a: &SelfplayArgs) -> Result<(), Failure> {
    let start = match &a.fen {
        Some(f) => fen::parse::<G>(f)?,
        None => fen::start::<G>(),
    };
    let limits = match a.depth {
        Some(d) => Limits::depth(d),
        None => Limits::movetime(a.movetime.unwrap_or(100)),
    };
    let engine = Player::Engine(limits);
    let settings = GameSettings {
        opening_plies: a.play.opening_plies,
        max_plies: a.play.max_plies,
        ..GameSettings::default()
    };
    let mut out = open_out(&a.out)?;
    let mut results = [0u32; 4];
    for g in 0..a.games {
        let tags = [
            ("Event", "citadel selfplay".to_string()),
            ("Site", "citadel".to_string()),
            ("Round", (g + 1).to_string()),
            ("White", format!("citadel ({engine})")),
            ("Black", format!("citadel ({engine})")),
        ];
        let seed = a.play.seed.wrapping_add(u64::from(g));
        let rec = play::play_game(&start, [engine, engine], &settings, seed, &tags);
        if !write_record(&mut out, &rec.pgn())? {
            return Ok(());
        }
        let i = match rec.result() {
            "1-0" => 0,
            "0-1" => 1,
            "1/2-1/2" => 2,
            _ => 3,
        };
        results[i] += 1;
        let how = rec
            .outcome
            .map_or("ply cap".to_string(), |o| o.termination.name().to_string());
        errln!(
            "[{}/{}] {} {} ({how}, {} plies)  total +{} ={} -{}{}",
            g + 1,
            a.games,
            G::config().id,
            rec.result(),
            rec.moves.len(),
            results[0],
            results[2],
            results[1],
            if results[3] > 0 {
                format!(" *{}", results[3])
            } else {
                String::new()
            }
        );
    }
    Ok(())
}

pub fn run_match(a: &MatchArgs) -> Result<(), Failure> {
    let variant: Variant = a.variant.parse().map_err(Failure)?;
    with_game!(variant, G => match_in::<G>(a))
}

/// Checks that each name of `values` is a piece of `G` (worth at least 1) or an evaluation
/// weight ([`Weights::NAMES`]).
pub(crate) fn check_values<G: Game>(values: &[(String, i32)]) -> Result<(), Failure> {
    let cfg = G::config();
    for (name, v) in values {
        let shown = citadel_notation::clip(name);
        if cfg.kind_named(name).is_some() {
            if *v < 1 {
                return Err(Failure(format!(
                    "a piece is worth 1 to 10000, not {v} (`{shown}`)"
                )));
            }
        } else if Weights::DEFAULT.get(name).is_none() {
            return Err(Failure(format!(
                "{} has no piece or weight named `{shown}`",
                cfg.id
            )));
        }
    }
    Ok(())
}

/// Reads `name=value,name=value` (values 0 to 10000; [`check_values`] tells which names a
/// game knows).
pub(crate) fn parse_values(text: &Option<String>) -> Result<Vec<(String, i32)>, Failure> {
    let Some(t) = text else {
        return Ok(Vec::new());
    };
    t.split(',')
        .filter(|p| !p.trim().is_empty())
        .map(|p| {
            let (n, v) = p
                .split_once('=')
                .ok_or_else(|| Failure(format!("bad value `{p}` (expected name=value)")))?;
            let v: i32 = crate::in_range::<i32>(0, 10_000)(v.trim())
                .map_err(|e| Failure(format!("bad value `{}`: {e}", citadel_notation::clip(p))))?;
            Ok((n.trim().to_string(), v))
        })
        .collect()
}

fn match_in<G: SanDialect>(a: &MatchArgs) -> Result<(), Failure> {
    let external = [&a.engine, &a.opponent]
        .iter()
        .any(|s| EngineSpec::parse(s).is_some());
    if external || a.tc.is_some() {
        return arbitrated_match::<G>(a);
    }
    let p1: Player = a.engine.parse().map_err(Failure)?;
    let p2: Player = a.opponent.parse().map_err(Failure)?;
    let start = fen::start::<G>();
    let values = [
        parse_values(&a.engine_values)?,
        parse_values(&a.opponent_values)?,
    ];
    for v in &values {
        check_values::<G>(v)?;
    }
    let settings = GameSettings {
        opening_plies: a.play.opening_plies,
        max_plies: a.play.max_plies,
        values,
        threads: [a.engine_threads as usize, a.opponent_threads as usize],
        ..GameSettings::default()
    };
    let mut out = match &a.out {
        Some(_) => Some(open_out(&a.out)?),
        None => None,
    };
    let id = G::config().id;
    let t0 = std::time::Instant::now();
    let mut err = None;
    let on_terminal = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let tally = play::run_match(
        &start,
        p1,
        p2,
        a.games,
        &settings,
        a.play.seed,
        |g, a_white, rec, t| {
            if let Some(o) = out.as_mut() {
                match write_record(o, &rec.pgn()) {
                    Ok(true) => {}
                    // the reader has gone: nothing of the match can be shown any more
                    Ok(false) => std::process::exit(0),
                    Err(e) => err = err.take().or(Some(e)),
                }
            }
            let how = rec
                .outcome
                .map_or("ply cap".to_string(), |o| o.termination.name().to_string());
            let line = format!(
                "[{}/{}] {id}: {p1} as {} {} ({how}, {} plies)  +{} ={} -{}",
                g + 1,
                a.games,
                if a_white { "White" } else { "Black" },
                rec.result(),
                rec.moves.len(),
                t.wins,
                t.draws,
                t.losses
            );
            if a.verbose || !on_terminal {
                errln!("{line}");
            } else {
                err!("\r{line}   ");
            }
        },
    );
    if !a.verbose && on_terminal {
        errln!();
    }
    if let Some(e) = err {
        return Err(e);
    }
    outln!(
        "{id}: {p1} vs {p2}: {} games +{} ={} -{} score {:.1}% {} ({:.0} s)",
        tally.games(),
        tally.wins,
        tally.draws,
        tally.losses,
        tally.percent(),
        elo::describe(tally.wins, tally.draws, tally.losses),
        t0.elapsed().as_secs_f64()
    );
    Ok(())
}

/// A player of an arbitrated match.
fn contestant<G: SanDialect>(
    text: &str,
    seed: u64,
    clock: bool,
    threads: u32,
) -> Result<Contestant<G>, Failure> {
    match EngineSpec::parse(text) {
        Some(spec) => {
            let spec = spec.map_err(Failure)?;
            let e = External::start(&spec).map_err(Failure)?;
            Ok(Contestant::External(Box::new(e)))
        }
        None => {
            let p: Player = text.parse().map_err(Failure)?;
            Ok(Contestant::builtin(
                p,
                GameSettings::default().hash_mb,
                threads as usize,
                seed,
                clock,
            ))
        }
    }
}

/// A match judged move by move by [`arbiter`]: other engines, clocks.
fn arbitrated_match<G: SanDialect>(a: &MatchArgs) -> Result<(), Failure> {
    if a.engine_values.is_some() || a.opponent_values.is_some() {
        return Err(Failure(
            "--engine-values/--opponent-values work only between Citadel players".into(),
        ));
    }
    let variant: Variant = a.variant.parse().map_err(Failure)?;
    let tc = match &a.tc {
        Some(t) => Some(t.parse::<TimeControl>().map_err(Failure)?),
        None => None,
    };
    let rules = Rules {
        max_plies: a.play.max_plies,
        tc,
        movetime: std::time::Duration::from_millis(a.movetime.max(1)),
    };
    let mut first = contestant::<G>(&a.engine, a.play.seed, tc.is_some(), a.engine_threads)?;
    let mut second = contestant::<G>(
        &a.opponent,
        a.play.seed.wrapping_add(1),
        tc.is_some(),
        a.opponent_threads,
    )?;
    let (n1, n2) = (first.name(), second.name());
    let start = fen::start::<G>();
    let mut out = match &a.out {
        Some(_) => Some(open_out(&a.out)?),
        None => None,
    };
    let id = G::config().id;
    let t0 = std::time::Instant::now();
    let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
    let control = tc.map_or(
        format!("{} ms/move for other engines", rules.movetime.as_millis()),
        |t| format!("clock {t}"),
    );
    for g in 0..a.games {
        let a_white = g % 2 == 0;
        let opening = play::random_opening(
            &start,
            a.play.opening_plies,
            a.play.seed.wrapping_add(u64::from(g / 2)),
        );
        let names = if a_white {
            [n1.clone(), n2.clone()]
        } else {
            [n2.clone(), n1.clone()]
        };
        let tags = [
            ("Event", format!("citadel match {n1} vs {n2} ({control})")),
            ("Site", "citadel".to_string()),
            ("Round", (g + 1).to_string()),
            ("White", names[0].clone()),
            ("Black", names[1].clone()),
        ];
        let players = if a_white {
            [&mut first, &mut second]
        } else {
            [&mut second, &mut first]
        };
        let game = arbiter::play_game(variant, &start, &opening, players, &rules, &tags);
        let a_color = if a_white { Color::White } else { Color::Black };
        match game.winner {
            Some(w) if w == a_color => wins += 1,
            Some(_) => losses += 1,
            None => draws += 1,
        }
        if let Some(o) = out.as_mut() {
            if !write_record(o, &game.pgn)? {
                // the reader has gone: the engines are told to quit as the players drop
                return Ok(());
            }
        }
        if let Some(v) = &game.verdict {
            errln!("\n[{}/{}] arbiter: {v}", g + 1, a.games);
        }
        let line = format!(
            "[{}/{}] {id}: {n1} as {} {} ({}, {} plies)  +{wins} ={draws} -{losses}",
            g + 1,
            a.games,
            if a_white { "White" } else { "Black" },
            game.result,
            game.how,
            game.plies,
        );
        if a.verbose {
            errln!("{line}");
        } else {
            err!("\r{line}   ");
        }
    }
    if !a.verbose {
        errln!();
    }
    let games = wins + draws + losses;
    let pct = if games == 0 {
        0.0
    } else {
        (f64::from(wins) + f64::from(draws) / 2.0) * 100.0 / f64::from(games)
    };
    outln!(
        "{id}: {n1} vs {n2} ({control}): {games} games +{wins} ={draws} -{losses} score {pct:.1}% {} ({:.0} s)",
        elo::describe(wins, draws, losses),
        t0.elapsed().as_secs_f64()
    );
    Ok(())
}
