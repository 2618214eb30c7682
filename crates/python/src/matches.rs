//! Match games in the package: a part of a match as `citadel match --first-game` plays it
//! (which a Dask worker plays), and the sequential test's verdict over a score.

use crate::board::variant_named;
use citadel_engine::matches::{self, MatchSetup};
use citadel_engine::sprt::{Hypothesis, Sprt};
use citadel_engine::{Tally, TimeControl};
use citadel_notation::fen;
use citadel_rules::{with_game, Game};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::path::PathBuf;
use std::time::Duration;

/// Games `first_game` to `first_game + games - 1` of a match of `variant` between
/// `engine` and `opponent` (the forms of `citadel match`: `nodes:N`, `depth:N`,
/// `movetime:MS`, `random`, `uci:PATH`, `xboard:PATH`), as `citadel match --first-game K
/// --games N` plays them with the same settings: a list of `(pgn, points)`, the game's
/// record and the first player's result (1 won, 0 drawn or unfinished, -1 lost). Between
/// players whose moves do not depend on time the games are the whole match's, move for
/// move. `tc` is a clock `BASE+INC` in seconds; `movetime` the milliseconds a move of
/// other engines without one; the nets are `.nnue` files of Citadel's players. The GIL is
/// released meanwhile.
#[pyfunction]
#[pyo3(signature = (variant, engine, opponent, first_game, games, seed = 1, movetime = 100, tc = None, opening_plies = 4, max_plies = 600, engine_net = None, opponent_net = None))]
#[allow(clippy::too_many_arguments)]
pub fn match_games(
    py: Python<'_>,
    variant: &str,
    engine: &str,
    opponent: &str,
    first_game: u32,
    games: u32,
    seed: u64,
    movetime: u64,
    tc: Option<&str>,
    opening_plies: usize,
    max_plies: usize,
    engine_net: Option<PathBuf>,
    opponent_net: Option<PathBuf>,
) -> PyResult<Vec<(String, i8)>> {
    let v = variant_named(variant)?;
    let bad = |e: &dyn std::fmt::Display| PyValueError::new_err(e.to_string());
    let tc = tc
        .map(str::parse::<TimeControl>)
        .transpose()
        .map_err(|e| bad(&e))?;
    let setup = MatchSetup {
        engine: engine.to_string(),
        opponent: opponent.to_string(),
        nets: [engine_net, opponent_net],
        tc,
        movetime: Duration::from_millis(movetime),
        opening_plies,
        max_plies,
        seed,
        first_game,
        games,
        ..MatchSetup::default()
    };
    py.allow_threads(|| with_game!(v, G => play::<G>(&setup)))
        .map_err(|e| bad(&e))
}

/// The games of `setup`, each as its record and the first player's points.
fn play<G: Game>(setup: &MatchSetup) -> Result<Vec<(String, i8)>, matches::MatchError> {
    let [mut first, mut second] = setup.players::<G>()?;
    let names = [first.name().to_string(), second.name().to_string()];
    let schedule = setup.schedule([&names[0], &names[1]], false);
    let mut out = Vec::new();
    let played = matches::run_match(
        &fen::start::<G>(),
        [&mut first, &mut second],
        &schedule,
        |g| {
            let points = match g.record.winner() {
                None => 0,
                Some(c) if (c == citadel_rules::Color::White) == g.first_white => 1,
                Some(_) => -1,
            };
            out.push((g.record.pgn(), points));
            Ok::<(), std::convert::Infallible>(())
        },
    );
    match played {
        Ok(_) => Ok(out),
        Err(never) => match never {},
    }
}

/// A match's score of `wins`, `draws` and `losses` (the first player's), and the sequential
/// probability ratio test `sprt` over it, if any (`ELO0,ELO1` or `ELO0,ELO1,ALPHA,BETA`, as
/// `citadel match --sprt` reads it): `(score, verdict, report)`, the score as `citadel
/// match` prints it (`12 games +5 =4 -3 score 58.3% Elo +58 ± 180`), the verdict `"H0"`,
/// `"H1"` or `None` (no test, or it goes on), and the test's line (`SPRT [0, 10] α 0.05
/// β 0.05: LLR 2.98 (-2.94, 2.94): H1 accepted (keep the change)`) or `None`.
#[pyfunction]
#[pyo3(signature = (wins, draws, losses, sprt = None))]
pub fn match_status(
    wins: u32,
    draws: u32,
    losses: u32,
    sprt: Option<&str>,
) -> PyResult<(String, Option<&'static str>, Option<String>)> {
    let tally = Tally::of(wins, draws, losses);
    let score = format!(
        "{} games +{wins} ={draws} -{losses} score {:.1}% {}",
        tally.games(),
        tally.percent(),
        tally.elo_text()
    )
    .trim_end()
    .to_string();
    let Some(text) = sprt else {
        return Ok((score, None, None));
    };
    let test: Sprt = text
        .parse()
        .map_err(|e: citadel_engine::sprt::SprtError| PyValueError::new_err(e.to_string()))?;
    let verdict = test.verdict(&tally).map(|h| match h {
        Hypothesis::H0 => "H0",
        Hypothesis::H1 => "H1",
    });
    Ok((score, verdict, Some(test.report(&tally))))
}
