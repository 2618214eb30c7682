//! The perft fixtures checked by another engine: a UCI engine (Fairy-Stockfish, Stockfish,
//! `citadel uci`) is told the game (`UCI_Variant`, when it offers the option), the position
//! (`position fen …`) and asked `go perft N` for each depth; its `Nodes searched: N` is
//! compared with the fixture's count ([`citadel_search::suite::compare_counts`]).
//!
//! A position the engine cannot set up — a game it does not offer, a FEN it refuses with an
//! `info string` error — is skipped with the reason, not failed. Each `go perft` has a time
//! limit; an engine that misses it, or exits, is restarted for the next position.

use crate::external::{EngineSpec, External, ExternalError, Protocol};
use crate::xboard::xboard_game;
use citadel_rules::{with_game, Variant, XBoardGame};
use citadel_search::suite::{compare_counts, CheckError, Counts, PerftCase};
use std::time::Duration;

/// The time limit of one `go perft` unless another is given.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

/// The `UCI_Variant` value of a game, as Fairy-Stockfish names the games it shares with
/// Citadel (`chess`, `shatranj`, `courier`: XBoard's names, `normal` being `chess`); the
/// game's id for the others.
pub fn uci_variant_name(v: Variant) -> &'static str {
    match xboard_game(v) {
        XBoardGame::Native("normal") => "chess",
        XBoardGame::Native(name) => name,
        XBoardGame::Setup | XBoardGame::Unsupported => v.id(),
    }
}

/// Whether a game is played under UCI's `UCI_Chess960` option: its castles are written as
/// the king going to its rook ([`Config::castle_to_rook`](citadel_rules::Config::castle_to_rook):
/// Chess960).
pub fn uci_chess960(v: Variant) -> bool {
    with_game!(v, G => <G as citadel_rules::Game>::config().castle_to_rook)
}

/// Another engine that counts perft for the suite.
pub struct PerftEngine {
    spec: EngineSpec,
    timeout: Duration,
    /// The running engine (`None` after it exited or hung: started again when needed).
    engine: Option<External>,
}

/// A `--engine` that cannot count perft.
#[derive(Debug, thiserror::Error)]
pub enum PerftEngineError {
    /// Only UCI has `go perft`.
    #[error("`{0}`: perft needs a UCI engine (uci:PATH)")]
    NotUci(String),
    /// The engine does not start or does not complete the handshake.
    #[error(transparent)]
    Start(#[from] ExternalError),
}

impl PerftEngine {
    /// Starts the engine (a UCI one) once to check that it runs; its handshake, each
    /// `isready` and each `go perft` may take `timeout`.
    pub fn start(spec: &EngineSpec, timeout: Duration) -> Result<PerftEngine, PerftEngineError> {
        if spec.protocol != Protocol::Uci {
            return Err(PerftEngineError::NotUci(spec.path.clone()));
        }
        let engine = External::start_within(spec, timeout)?;
        Ok(PerftEngine {
            spec: spec.clone(),
            timeout,
            engine: Some(engine),
        })
    }

    /// The engine's name (`id name`), or its path before it answered.
    pub fn name(&self) -> String {
        self.engine
            .as_ref()
            .map_or_else(|| self.spec.path.clone(), |e| e.name.clone())
    }

    /// Checks `case` of `variant` at depths up to `max_depth` with the engine's counts.
    pub fn check(&mut self, variant: Variant, case: &PerftCase, max_depth: u32) -> Counts {
        let failed = |reason: String| CheckError::Engine {
            name: case.name.clone(),
            reason,
        };
        let engine = match self.engine.take() {
            Some(e) => e,
            None => match External::start_within(&self.spec, self.timeout) {
                Ok(e) => e,
                Err(e) => return Counts::failed(failed(e.to_string())),
            },
        };
        let engine = self.engine.insert(engine);
        if let Err(reason) = set_up(engine, variant, &case.fen) {
            return Counts::failed(match reason {
                SetUp::Refused(reason) => CheckError::Skipped {
                    name: case.name.clone(),
                    reason,
                },
                SetUp::Broken(e) => {
                    self.engine = None;
                    failed(e.to_string())
                }
            });
        }
        let timeout = self.timeout;
        let counts = compare_counts(case, max_depth, |depth| {
            count(engine, depth, timeout).map_err(|e| failed(format!("go perft {depth}: {e}")))
        });
        if matches!(counts.error, Some(CheckError::Engine { .. })) {
            // hung or gone: a fresh process for the next position
            self.engine = None;
        }
        counts
    }
}

/// Why a position could not be set up.
enum SetUp {
    /// The engine does not offer the game, or said the position is wrong.
    Refused(String),
    /// The engine stopped answering.
    Broken(ExternalError),
}

/// Tells the engine the game and the position, then waits for `readyok`: an `info string`
/// that reports an error on the way refuses the position.
fn set_up(engine: &mut External, variant: Variant, fen: &str) -> Result<(), SetUp> {
    // the game's id (Citadel), Fairy-Stockfish's name, or `chess` under `UCI_Chess960`
    let name = engine.variant_name(variant);
    let as_chess960 = uci_chess960(variant) && engine.chess960_option;
    match &engine.variants {
        Some(offered) if offered.iter().any(|v| v == name) => engine
            .send(&format!("setoption name UCI_Variant value {name}"))
            .map_err(SetUp::Broken)?,
        Some(_) => {
            return Err(SetUp::Refused(format!(
                "{} does not offer UCI_Variant `{}`",
                engine.name,
                uci_variant_name(variant)
            )))
        }
        None if variant == Variant::Chess || as_chess960 => {}
        None => {
            return Err(SetUp::Refused(format!(
                "{} has no UCI_Variant option (it plays chess only)",
                engine.name
            )))
        }
    }
    engine.send_chess960(variant).map_err(SetUp::Broken)?;
    engine.send("ucinewgame").map_err(SetUp::Broken)?;
    engine
        .send(&format!("position fen {fen}"))
        .map_err(SetUp::Broken)?;
    engine.send("isready").map_err(SetUp::Broken)?;
    let mut complaint = None;
    engine
        .wait_for(
            engine.handshake(),
            |l| l == "readyok",
            |_, l| {
                let lower = l.to_ascii_lowercase();
                if complaint.is_none()
                    && lower.starts_with("info string")
                    && (lower.contains("error") || lower.contains("invalid"))
                {
                    complaint = Some(citadel_notation::clip(l));
                }
            },
        )
        .map_err(SetUp::Broken)?;
    match complaint {
        Some(c) => Err(SetUp::Refused(format!(
            "the engine refused the position: {c}"
        ))),
        None => Ok(()),
    }
}

/// Why an engine's perft count could not be read.
#[derive(Debug, thiserror::Error)]
enum CountError {
    /// The engine stopped answering or timed out.
    #[error(transparent)]
    Engine(#[from] ExternalError),
    /// The answer after `Nodes searched:` is not a number.
    #[error("`{}` is not a count", citadel_notation::clip(.0))]
    NotACount(String),
}

/// `go perft depth` and the engine's `Nodes searched: N`, or what went wrong.
fn count(engine: &mut External, depth: u32, timeout: Duration) -> Result<u64, CountError> {
    engine.send(&format!("go perft {depth}"))?;
    let line = engine.wait_for(timeout, |l| l.starts_with("Nodes searched:"), |_, _| {})?;
    let n = line["Nodes searched:".len()..].trim();
    n.parse::<u64>()
        .map_err(|_| CountError::NotACount(n.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fairy_stockfish_names_of_the_shared_games() {
        assert_eq!(uci_variant_name(Variant::Chess), "chess");
        assert_eq!(uci_variant_name(Variant::Shatranj), "shatranj");
        assert_eq!(uci_variant_name(Variant::Courier), "courier");
        assert_eq!(uci_variant_name(Variant::CelticCitadel), "celtic-citadel");
        assert_eq!(uci_variant_name(Variant::Chess960), "fischerandom");
        assert!(uci_chess960(Variant::Chess960));
        assert!(!uci_chess960(Variant::Chess));
    }

    #[test]
    fn only_uci_engines_count_perft() {
        let spec = EngineSpec::parse("xboard:/bin/true").unwrap().unwrap();
        match PerftEngine::start(&spec, DEFAULT_TIMEOUT) {
            Err(e @ PerftEngineError::NotUci(_)) => assert!(e.to_string().contains("UCI")),
            Err(e) => panic!("{e}"),
            Ok(_) => panic!("started"),
        }
    }
}
