//! `citadel selfplay` and `citadel match`: complete games between engines (or against a
//! random mover), written as PGN records, with progress on stderr.

use crate::{games, Failure};
use citadel_engine::external::MoveLimit;
use citadel_engine::matches::{self, MatchSetup};
use citadel_engine::{play_game, Contestant, EngineSetup, MatchGame, Player, Rules, TimeControl};
use citadel_notation::{fen, SanDialect};
use citadel_rules::{with_game, Variant};
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
    /// A limit per move for other UCI engines instead of a time: `depth:N` or `nodes:N`
    /// (`go depth N`, `go nodes N`; give Citadel the same with `--engine`).
    #[arg(long)]
    limit: Option<String>,
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
    let variant: Variant = a.variant.parse()?;
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
    let limits = Limits {
        options: crate::search_options(),
        ..match a.depth {
            Some(d) => Limits::depth(d),
            None => Limits::movetime(a.movetime.unwrap_or(100)),
        }
    };
    let name = format!("citadel ({})", Player::Engine(limits.clone()));
    let mut white = Contestant::engine(EngineSetup::default(), limits.clone(), &name);
    let mut black = Contestant::engine(EngineSetup::default(), limits, &name);
    let rules = a.play.rules();
    let mut out = open_out(&a.out)?;
    let mut results = [0u32; 4];
    for g in 0..a.games {
        let tags = [
            ("Event", "citadel selfplay".to_string()),
            ("Site", "citadel".to_string()),
            ("Round", (g + 1).to_string()),
            ("White", name.clone()),
            ("Black", name.clone()),
        ];
        let seed = a.play.seed.wrapping_add(u64::from(g));
        let rec = play_game(&start, [&mut white, &mut black], &rules, seed, &tags);
        if !write_record(&mut out, &rec.pgn())? {
            return Ok(());
        }
        let i = ["1-0", "0-1", "1/2-1/2"]
            .iter()
            .position(|r| *r == rec.result())
            .unwrap_or(3);
        results[i] += 1;
        errln!(
            "[{}/{}] {} {} ({}, {} plies)  total +{} ={} -{}{}",
            g + 1,
            a.games,
            G::config().id,
            rec.result(),
            rec.how(),
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

impl PlayArgs {
    /// The rules of the games (no clock).
    fn rules(&self) -> Rules {
        Rules {
            opening_plies: self.opening_plies,
            max_plies: self.max_plies,
            ..Rules::default()
        }
    }
}

pub fn run_match(a: &MatchArgs) -> Result<(), Failure> {
    let variant: Variant = a.variant.parse()?;
    with_game!(variant, G => match_in::<G>(a))
}

/// A match between Citadel's players, or judged move by move against other engines and
/// clocks.
fn match_in<G: SanDialect>(a: &MatchArgs) -> Result<(), Failure> {
    let setup = MatchSetup {
        engine: a.engine.clone(),
        opponent: a.opponent.clone(),
        values: [a.engine_values.clone(), a.opponent_values.clone()],
        threads: [a.engine_threads, a.opponent_threads].map(|t| games::threads(t as usize)),
        options: crate::search_options(),
        tc: a.tc.as_deref().map(str::parse::<TimeControl>).transpose()?,
        movetime: std::time::Duration::from_millis(a.movetime),
        limit: a
            .limit
            .as_deref()
            .map(str::parse::<MoveLimit>)
            .transpose()?,
        opening_plies: a.play.opening_plies,
        max_plies: a.play.max_plies,
        seed: a.play.seed,
        games: a.games,
    };
    let [mut first, mut second] = setup.players::<G>()?;
    let (n1, n2) = (first.name().to_string(), second.name().to_string());
    let mut out = match &a.out {
        Some(_) => Some(open_out(&a.out)?),
        None => None,
    };
    let id = G::config().id;
    let t0 = std::time::Instant::now();
    let on_terminal = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let overwrite = !a.verbose && (setup.arbitrated() || on_terminal);
    let played = matches::run_match(
        &fen::start::<G>(),
        [&mut first, &mut second],
        &setup.schedule([&n1, &n2]),
        |g: MatchGame<G>| {
            if let Some(o) = out.as_mut() {
                writeln!(o, "{}", g.record.pgn()).and_then(|_| o.flush())?;
            }
            if let Some(v) = &g.record.verdict {
                errln!("\n[{}/{}] arbiter: {v}", g.number + 1, a.games);
            }
            let line = format!(
                "[{}/{}] {id}: {n1} as {} {} ({}, {} plies)  +{} ={} -{}",
                g.number + 1,
                a.games,
                if g.first_white { "White" } else { "Black" },
                g.record.result(),
                g.record.how(),
                g.record.moves.len(),
                g.tally.wins,
                g.tally.draws,
                g.tally.losses
            );
            if overwrite {
                err!("\r{line}   ");
            } else {
                errln!("{line}");
            }
            Ok::<(), std::io::Error>(())
        },
    );
    if overwrite {
        errln!();
    }
    let tally = match played {
        Ok(tally) => tally,
        // the reader of the games has gone (`--out /dev/stdout | head`): end quietly
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => return Ok(()),
        Err(e) => return Err(Failure(format!("cannot write the games: {e}"))),
    };
    let names = [n1.as_str(), n2.as_str()];
    outln!(
        "{}",
        matches::summary(id, names, &setup.control(), &tally, t0.elapsed())
    );
    Ok(())
}
