//! `citadel selfplay` and `citadel match`: complete games between engines (or against a
//! random mover), written as PGN records, with progress on stderr.
use crate::{games, Failure};
use citadel_engine::external::{EngineSpec, MoveLimit};
use citadel_engine::matches::{self, MatchSetup};
use citadel_engine::{Player, TimeControl};
use citadel_notation::fen;
use citadel_rules::{with_game, Game, Position, Variant};
use std::io::{IsTerminal, Write};
use std::path::Path;

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
    /// Write training data to this file instead of records: the quiet positions of the games
    /// (not in check, the best move no capture or promotion) with the search's score and the
    /// game's result, in the binary format of docs/nnue.md; the engine searches `--nodes`
    /// nodes a move, and unfinished games are dropped.
    #[arg(long, conflicts_with_all = ["out", "movetime", "depth", "fen"])]
    data: Option<std::path::PathBuf>,
    /// Nodes a move for `--data`.
    #[arg(long, default_value_t = 5000, requires = "data", value_parser = clap::value_parser!(u64).range(1..))]
    nodes: u64,
    /// Threads playing games for `--data` (0: one per core); the file is the same whatever
    /// their number.
    #[arg(long, default_value_t = 0, requires = "data")]
    threads: usize,
    /// The number of the first game for `--data` (from 0): a part of a larger run, whose
    /// games are those of the whole run.
    #[arg(long, default_value_t = 0, requires = "data")]
    first_game: u64,
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
    /// Write each searched move's reported score and depth into its record (`[%eval 0.35,12]`).
    #[arg(long)]
    evals: bool,
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
    #[arg(long, default_value = "movetime:100", value_parser = player)]
    engine: String,
    /// The second player, same forms.
    #[arg(long, default_value = "random", value_parser = player)]
    opponent: String,
    /// A clock for both players, `BASE+INC` in seconds (e.g. `5+0.05`): Citadel engines
    /// without a depth or node limit then take their time from the clock, and a player whose
    /// flag falls loses.
    #[arg(long, value_parser = crate::readable::<TimeControl>())]
    tc: Option<String>,
    /// Milliseconds per move for other engines when there is no clock (XBoard engines get
    /// whole seconds).
    #[arg(long, default_value_t = 100)]
    movetime: u64,
    /// A limit per move for other UCI engines instead of a time: `depth:N` or `nodes:N`
    /// (`go depth N`, `go nodes N`; give Citadel the same with `--engine`).
    #[arg(long, value_parser = crate::readable::<MoveLimit>())]
    limit: Option<String>,
    #[command(flatten)]
    play: PlayArgs,
    /// Write the PGN records here.
    #[arg(long)]
    out: Option<std::path::PathBuf>,
    /// Material values or evaluation weights replaced for the first player:
    /// `key=value,key=value` (pieces by role key, e.g. `giraffe=350,scout=300`,
    /// `pawn-of-rooks=120`; an unknown key's error lists the game's keys; or weight names as
    /// `citadel tune --help` lists them, e.g. `mobility-mg=4`), to measure values by
    /// self-play.
    #[arg(long)]
    engine_values: Option<String>,
    /// Material values or evaluation weights replaced for the second player, same form.
    #[arg(long)]
    opponent_values: Option<String>,
    /// Evaluate with this net for the first player (a `.nnue` file made for the game,
    /// docs/nnue.md) instead of the hand-written evaluation.
    #[arg(long, value_name = "FILE")]
    engine_net: Option<std::path::PathBuf>,
    /// The second player's net, same form.
    #[arg(long, value_name = "FILE")]
    opponent_net: Option<std::path::PathBuf>,
    /// Search threads of the first player when it is Citadel's engine (Lazy SMP).
    #[arg(long, default_value_t = 1, value_parser = crate::in_range::<u32>(1, 256))]
    engine_threads: u32,
    /// Search threads of the second player when it is Citadel's engine.
    #[arg(long, default_value_t = 1, value_parser = crate::in_range::<u32>(1, 256))]
    opponent_threads: u32,
    /// Stop once a sequential probability ratio test has its verdict: `ELO0,ELO1` (error
    /// rates 0.05) or `ELO0,ELO1,ALPHA,BETA`, the first player against the second; `--games`
    /// is then the most played.
    #[arg(long, value_name = "ELO0,ELO1", allow_hyphen_values = true)]
    sprt: Option<citadel_engine::sprt::Sprt>,
    /// The number of the first game (from 0): plays games K+1 to K+N of the match, each as
    /// the whole match plays it (its opening seed, colours and `Round` tag), to split a match
    /// into parts. Between players whose moves do not depend on time (`depth:N`, `nodes:N`)
    /// the parts' games are the whole match's, move for move.
    #[arg(long, value_name = "K", default_value_t = 0, conflicts_with = "sprt")]
    first_game: u32,
    /// Print the per-game lines too.
    #[arg(long)]
    verbose: bool,
}

/// Reads a player of `match` (a usage error when it is none): one of Citadel's
/// ([`Player`]) or another engine ([`EngineSpec`]).
fn player(text: &str) -> Result<String, String> {
    match EngineSpec::parse(text) {
        Some(spec) => spec.map(|_| text.to_string()).map_err(|e| e.to_string()),
        None => crate::readable::<Player>()(text),
    }
}

pub fn selfplay(a: &SelfplayArgs, search: citadel_search::SearchOptions) -> Result<(), Failure> {
    let variant: Variant = a.variant.parse()?;
    if let Some(path) = &a.data {
        return with_game!(variant, G => training_data::<G>(a, path));
    }
    let player = match (a.depth, a.movetime) {
        (Some(d), _) => format!("depth:{d}"),
        (None, ms) => format!("movetime:{}", ms.unwrap_or(100)),
    };
    let setup = MatchSetup {
        engine: player.clone(),
        opponent: player,
        ..a.play.setup(a.games, search)
    };
    with_game!(variant, G => {
        let start = match &a.fen {
            Some(f) => fen::parse::<G>(f)?,
            None => fen::start::<G>(),
        };
        let out = a.out.as_deref().unwrap_or(Path::new("-"));
        play::<G>(&setup, &start, Some(out), Style::Selfplay)
    })
}

impl PlayArgs {
    /// A match of `games` games played as these arguments say, between the default players,
    /// searching with `search`.
    fn setup(&self, games: u32, search: citadel_search::SearchOptions) -> MatchSetup {
        MatchSetup {
            options: search,
            opening_plies: self.opening_plies,
            max_plies: self.max_plies,
            evals: self.evals,
            seed: self.seed,
            games,
            ..MatchSetup::default()
        }
    }
}

pub fn run_match(a: &MatchArgs, search: citadel_search::SearchOptions) -> Result<(), Failure> {
    let variant: Variant = a.variant.parse()?;
    let setup = MatchSetup {
        engine: a.engine.clone(),
        opponent: a.opponent.clone(),
        values: [a.engine_values.clone(), a.opponent_values.clone()],
        nets: [a.engine_net.clone(), a.opponent_net.clone()],
        threads: [a.engine_threads, a.opponent_threads].map(|t| games::threads(t as usize)),
        tc: a.tc.as_deref().map(str::parse::<TimeControl>).transpose()?,
        movetime: std::time::Duration::from_millis(a.movetime),
        limit: a.limit.as_deref().map(str::parse).transpose()?,
        sprt: a.sprt,
        first_game: a.first_game,
        ..a.play.setup(a.games, search)
    };
    let style = if a.verbose {
        Style::Verbose
    } else {
        Style::Match
    };
    with_game!(variant, G => play::<G>(&setup, &fen::start::<G>(), a.out.as_deref(), style))
}

/// How [`play`] shows the games.
#[derive(Clone, Copy, PartialEq)]
enum Style {
    /// Self-play: one player on both sides, every game from its own opening, a line per game.
    Selfplay,
    /// A match: each opening played with both colours, a line per game overwritten by the
    /// next on a terminal or when the arbiter judges.
    Match,
    /// A match with every game's line kept.
    Verbose,
}

/// Plays the games of `setup` from `start`, the records to `out` (`-`: standard output), a
/// line per game on stderr, then the score and each side's effort (on stderr when the
/// records go to stdout).
fn play<G: Game>(
    setup: &MatchSetup,
    start: &Position<G>,
    out: Option<&Path>,
    style: Style,
) -> Result<(), Failure> {
    let [mut first, mut second] = setup.players::<G>()?;
    let (n1, n2) = (first.name().to_string(), second.name().to_string());
    let mut records: Option<Box<dyn Write>> = match out {
        Some(p) if p == Path::new("-") => Some(Box::new(std::io::stdout())),
        Some(p) => Some(Box::new(std::io::BufWriter::new(
            std::fs::File::create(p).map_err(|e| Failure(format!("{}: {e}", p.display())))?,
        ))),
        None => None,
    };
    let selfplay = style == Style::Selfplay;
    let schedule = setup.schedule([&n1, &n2], selfplay);
    let (id, games) = (G::config().id, setup.first_game.saturating_add(setup.games));
    let t0 = std::time::Instant::now();
    let overwrite =
        style == Style::Match && (setup.arbitrated() || std::io::stderr().is_terminal());
    let played = matches::run_match(start, [&mut first, &mut second], &schedule, |g| {
        if let Some(o) = records.as_mut() {
            writeln!(o, "{}", g.record.pgn()).and_then(|_| o.flush())?;
        }
        if let Some(v) = &g.record.verdict {
            errln!("\n[{}/{games}] arbiter: {v}", g.number + 1);
        }
        let line = g.line(games, (!selfplay).then_some(n1.as_str()));
        if overwrite {
            err!("\r{line}   ");
        } else {
            errln!("{line}");
        }
        Ok::<(), std::io::Error>(())
    });
    if overwrite {
        errln!();
    }
    let tally = match played {
        Ok(tally) => tally,
        // the reader of the games has gone (`--out /dev/stdout | head`): end quietly
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => return Ok(()),
        Err(e) => return Err(Failure(format!("cannot write the games: {e}"))),
    };
    let summary = setup.summary(id, [&n1, &n2], &tally, t0.elapsed());
    if out == Some(Path::new("-")) {
        errln!("{summary}");
    } else {
        outln!("{summary}");
    }
    Ok(())
}

/// `selfplay --data`: the games' quiet positions written as training data, with progress on
/// stderr and the count and speed at the end.
fn training_data<G: Game>(a: &SelfplayArgs, path: &Path) -> Result<(), Failure> {
    use citadel_engine::training::{generate, DataSettings};
    let settings = DataSettings {
        nodes: a.nodes,
        opening_plies: a.play.opening_plies,
        max_plies: a.play.max_plies,
        seed: a.play.seed,
        first_game: a.first_game,
        games: u64::from(a.games),
        ..DataSettings::default()
    };
    let threads = games::threads(a.threads);
    let file =
        std::fs::File::create(path).map_err(|e| Failure(format!("{}: {e}", path.display())))?;
    let terminal = std::io::stderr().is_terminal();
    let (_, report) = generate(
        &fen::start::<G>(),
        &settings,
        threads,
        std::io::BufWriter::new(file),
        &mut |r| {
            if terminal {
                err!(
                    "\r{} of {} games, {} positions   ",
                    r.games,
                    a.games,
                    r.positions
                );
            }
        },
    )
    .map_err(|e| Failure(format!("{}: {e}", path.display())))?;
    if terminal {
        errln!();
    }
    outln!(
        "{}: {} positions from {} games ({} unfinished, dropped), {} plies, {:.1} s on {} thread(s): {:.0} positions per second per thread",
        path.display(),
        report.positions,
        report.games,
        report.unfinished,
        report.plies,
        report.seconds,
        report.threads,
        report.positions_per_core_second()
    );
    Ok(())
}
