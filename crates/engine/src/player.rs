//! The players of a game: Citadel's engine within limits, a random mover, or another engine
//! ([`External`]); and the short forms that name Citadel's own players (`depth:4`,
//! `movetime:100`, `nodes:5000`, `random`).

use crate::clock::TimeControl;
use crate::external::{External, ExternalError};
use citadel_rules::{Game, Variant};
use citadel_search::eval::Evaluator;
use citadel_search::{Limits, Searcher};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::str::FromStr;

/// The deepest search a player or a protocol may ask for (plies): deeper iterations would
/// not end in any useful time.
pub const MAX_DEPTH: u32 = 120;

/// One of Citadel's own players, as named on a command line.
#[derive(Clone, Debug, PartialEq)]
pub enum Player {
    /// The engine within these limits.
    Engine(Limits),
    /// A uniformly random legal move.
    Random,
}

/// A player's name that cannot be read; it keeps the text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParsePlayerError {
    /// Not `random` nor `KIND:N` with a known kind.
    #[error("bad player `{0}` (random, depth:N, movetime:MS, nodes:N)")]
    Unknown(String),
    /// The number after the kind is not a number.
    #[error("bad number in player `{0}`")]
    BadNumber(String),
    /// The depth is beyond [`MAX_DEPTH`] (or 0).
    #[error("bad depth in player `{0}` (1 to {MAX_DEPTH})")]
    Depth(String),
}

impl FromStr for Player {
    type Err = ParsePlayerError;
    /// `random`, `depth:N`, `movetime:MS` or `nodes:N`.
    fn from_str(s: &str) -> Result<Player, ParsePlayerError> {
        if s == "random" {
            return Ok(Player::Random);
        }
        let (kind, n) = s
            .split_once(':')
            .ok_or_else(|| ParsePlayerError::Unknown(s.to_string()))?;
        let n: u64 = n
            .parse()
            .map_err(|_| ParsePlayerError::BadNumber(s.to_string()))?;
        match kind {
            "depth" => match u32::try_from(n) {
                Ok(d) if (1..=MAX_DEPTH).contains(&d) => Ok(Player::Engine(Limits::depth(d))),
                _ => Err(ParsePlayerError::Depth(s.to_string())),
            },
            "movetime" => Ok(Player::Engine(Limits::movetime(n))),
            "nodes" => Ok(Player::Engine(Limits::nodes(n))),
            _ => Err(ParsePlayerError::Unknown(s.to_string())),
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

/// How Citadel's engine is set up for a game: table size, threads and evaluation.
#[derive(Clone, Debug)]
pub struct EngineSetup<G: Game> {
    /// Transposition table size in MB.
    pub hash_mb: usize,
    /// Search threads (Lazy SMP; 1 is deterministic).
    pub threads: usize,
    /// The evaluation (e.g. [`Evaluator::with_values`] to measure material values).
    pub evaluator: Evaluator<G::Word>,
}

impl<G: Game> Default for EngineSetup<G> {
    /// 16 MB, one thread, the game's own evaluation.
    fn default() -> Self {
        EngineSetup {
            hash_mb: 16,
            threads: 1,
            evaluator: Evaluator::new::<G>(),
        }
    }
}

/// One side of a game, with the name its records carry.
pub enum Contestant<G: Game> {
    /// Citadel's engine within these limits; every game starts with a fresh engine. On a
    /// clock its time per move comes from the clock unless a depth or node limit is set.
    Engine {
        /// The engine's set-up.
        setup: Box<EngineSetup<G>>,
        /// Its limits per move.
        limits: Limits,
        /// The engine of the current game.
        searcher: Box<Searcher<G>>,
        /// The name for game records.
        name: String,
    },
    /// A random mover: with its own generator, or (`None`) drawing from the game's dice,
    /// which also draw the random opening.
    Random {
        /// The generator, if the player has its own.
        rng: Option<Box<ChaCha8Rng>>,
        /// The name for game records.
        name: String,
    },
    /// Another engine.
    External(Box<External>),
}

impl<G: Game> Contestant<G> {
    /// Citadel's engine with `setup` and `limits`, named `name`.
    pub fn engine(setup: EngineSetup<G>, limits: Limits, name: impl Into<String>) -> Self {
        let searcher = Box::new(Self::fresh(&setup));
        Contestant::Engine {
            setup: Box::new(setup),
            limits,
            searcher,
            name: name.into(),
        }
    }

    /// A random mover that draws from the game's dice (as the random opening does),
    /// named `name`.
    pub fn dice(name: impl Into<String>) -> Self {
        Contestant::Random {
            rng: None,
            name: name.into(),
        }
    }

    /// The player a [`Player`] names, as the arbiter names it: `citadel (depth 4)`, or
    /// `citadel (clock)` for an engine that takes its time from the match's clock (`clock`:
    /// there is one, and the player has no depth or node limit); `random` with its own
    /// generator seeded from `seed`.
    pub fn builtin(p: Player, setup: EngineSetup<G>, seed: u64, clock: bool) -> Self {
        match &p {
            Player::Engine(l) => {
                let name = if clock && l.depth.is_none() && l.nodes.is_none() {
                    "citadel (clock)".to_string()
                } else {
                    format!("citadel ({p})")
                };
                Contestant::engine(setup, l.clone(), name)
            }
            Player::Random => Contestant::Random {
                rng: Some(Box::new(ChaCha8Rng::seed_from_u64(seed ^ 0x5eed))),
                name: "random".into(),
            },
        }
    }

    fn fresh(setup: &EngineSetup<G>) -> Searcher<G> {
        let mut s = Searcher::with_evaluator(setup.hash_mb, setup.evaluator.clone());
        s.set_threads(setup.threads);
        s
    }

    /// The name for game records.
    pub fn name(&self) -> &str {
        match self {
            Contestant::Engine { name, .. } | Contestant::Random { name, .. } => name,
            Contestant::External(e) => &e.name,
        }
    }

    /// Gets ready for a new game of `variant` on the clock `tc`, if any.
    pub(crate) fn new_game(
        &mut self,
        variant: Variant,
        tc: Option<TimeControl>,
    ) -> Result<(), ExternalError> {
        match self {
            Contestant::Engine {
                setup, searcher, ..
            } => {
                **searcher = Self::fresh(setup);
                Ok(())
            }
            Contestant::Random { .. } => Ok(()),
            Contestant::External(e) => e.new_game(variant, tc),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_read_and_print() {
        assert_eq!("random".parse(), Ok(Player::Random));
        let p: Player = "depth:4".parse().unwrap();
        assert_eq!(p, Player::Engine(Limits::depth(4)));
        assert_eq!(p.to_string(), "depth 4");
        assert_eq!(
            "movetime:100".parse::<Player>().unwrap().to_string(),
            "100 ms/move"
        );
        assert_eq!(
            "nodes:500".parse::<Player>().unwrap().to_string(),
            "500 nodes/move"
        );
        assert_eq!(
            "strong".parse::<Player>(),
            Err(ParsePlayerError::Unknown("strong".into()))
        );
        assert_eq!(
            "depth:x".parse::<Player>(),
            Err(ParsePlayerError::BadNumber("depth:x".into()))
        );
        assert_eq!(
            "speed:3".parse::<Player>().unwrap_err().to_string(),
            "bad player `speed:3` (random, depth:N, movetime:MS, nodes:N)"
        );
        // deeper than any search that ends: refused, as `bestmove --depth` refuses it
        assert_eq!(
            "depth:1000".parse::<Player>(),
            Err(ParsePlayerError::Depth("depth:1000".into()))
        );
        assert!("depth:0".parse::<Player>().is_err());
        assert!("depth:120".parse::<Player>().is_ok());
    }

    #[test]
    fn builtin_players_are_named_for_records() {
        use citadel_rules::Chess;
        let c = |p: &str, clock| {
            Contestant::<Chess>::builtin(p.parse().unwrap(), EngineSetup::default(), 1, clock)
                .name()
                .to_string()
        };
        assert_eq!(c("depth:3", false), "citadel (depth 3)");
        assert_eq!(c("depth:3", true), "citadel (depth 3)");
        assert_eq!(c("movetime:50", true), "citadel (clock)");
        assert_eq!(c("movetime:50", false), "citadel (50 ms/move)");
        assert_eq!(c("random", true), "random");
    }
}
