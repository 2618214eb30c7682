//! The weights of the evaluation's positional terms, by name.
//!
//! Every game starts from [`Weights::DEFAULT`] (the hand-set numbers the engine was built
//! with); a game whose weights were fitted by Texel's method (`citadel tune --weights`) and
//! won a match against the defaults states them in its rules
//! ([`Config::weights`](citadel_rules::Config::weights), with the provenance of the fit; so
//! far chess and Shatranj, fitted to Stockfish's and Fairy-Stockfish's evaluations). Fits
//! that did not win their matches are not adopted: see `docs/log/tuning.md`.
//!
//! Weights are named like piece values (`mobility-mg=4`), so that a fit, `citadel tune`'s
//! start values and a match's `--engine-values` treat both alike.

use citadel_geometry::BitWord;
use citadel_rules::Config;

/// The positional weights of an evaluation (mg: middlegame, eg: endgame).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Centipawns per target cell a piece reaches beyond its kind's average, (mg, eg).
    pub mobility: (i32, i32),
    /// Percent of the piece-square term (a piece's reach from its cell on the empty
    /// board), (mg, eg).
    pub square: (i32, i32),
    /// Percent of the pawns' bonus for nearing promotion, (mg, eg).
    pub advance: (i32, i32),
    /// Percent of the passed pawns' bonus, (mg, eg).
    pub passed: (i32, i32),
    /// Percent of the penalty for enemy pieces attacking the royal piece's zone.
    pub king_attack: i32,
    /// Centipawns per own pawn (up to three) in the royal piece's zone.
    pub shelter: i32,
    /// Centipawns for the side to move.
    pub tempo: i32,
    /// Percent of the game's learnt piece-square table ([`learned`](super::learned); 0:
    /// none).
    pub learned: i32,
}

impl Weights {
    /// The hand-set weights the evaluation was built with.
    pub const DEFAULT: Weights = Weights {
        mobility: (3, 3),
        square: (100, 100),
        advance: (100, 100),
        passed: (100, 100),
        king_attack: 100,
        shelter: 10,
        tempo: 10,
        learned: 100,
    };

    /// The names of the weights, in a fixed order.
    pub const NAMES: [&'static str; 12] = [
        "mobility-mg",
        "mobility-eg",
        "square-mg",
        "square-eg",
        "advance-mg",
        "advance-eg",
        "passed-mg",
        "passed-eg",
        "king-attack",
        "shelter",
        "tempo",
        "learned",
    ];

    fn slot(&mut self, name: &str) -> Option<&mut i32> {
        Some(match name {
            "mobility-mg" => &mut self.mobility.0,
            "mobility-eg" => &mut self.mobility.1,
            "square-mg" => &mut self.square.0,
            "square-eg" => &mut self.square.1,
            "advance-mg" => &mut self.advance.0,
            "advance-eg" => &mut self.advance.1,
            "passed-mg" => &mut self.passed.0,
            "passed-eg" => &mut self.passed.1,
            "king-attack" => &mut self.king_attack,
            "shelter" => &mut self.shelter,
            "tempo" => &mut self.tempo,
            "learned" => &mut self.learned,
            _ => return None,
        })
    }

    /// The weight named `name`, if it is one.
    ///
    /// ```
    /// use citadel_search::eval::weights::Weights;
    /// assert_eq!(Weights::DEFAULT.get("tempo"), Some(10));
    /// assert_eq!(Weights::DEFAULT.get("knight"), None);
    /// ```
    pub fn get(&self, name: &str) -> Option<i32> {
        let mut w = *self;
        w.slot(name).map(|v| *v)
    }

    /// The values a fit may give the weight named `name`: a quarter to four times its
    /// default (the terms' shapes were set by hand; a fit rescales them, it does not drop or
    /// blow one up on the noise of a few thousand games).
    ///
    /// ```
    /// use citadel_search::eval::weights::Weights;
    /// assert_eq!(Weights::range("king-attack"), Some((25, 400)));
    /// ```
    pub fn range(name: &str) -> Option<(i32, i32)> {
        Self::DEFAULT.get(name).map(|d| (d / 4, d * 4))
    }

    /// Sets the weight named `name` to `v`; false (and nothing changed) if no weight has
    /// that name.
    pub fn set(&mut self, name: &str, v: i32) -> bool {
        self.slot(name).map(|s| *s = v).is_some()
    }
}

/// The weights of the game `cfg` describes: its own ([`Config::weights`]) over the
/// defaults.
pub fn weights<W: BitWord>(cfg: &Config<W>) -> Weights {
    let mut w = Weights::DEFAULT;
    for &(name, v) in cfg.weights {
        w.set(name, v);
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;
    use citadel_rules::{with_game, Game, Variant};

    #[test]
    fn every_fitted_weight_is_a_weight_within_its_range() {
        for v in Variant::ALL {
            with_game!(v, G => {
                let cfg = G::config();
                for &(name, value) in cfg.weights {
                    let (lo, hi) =
                        Weights::range(name).unwrap_or_else(|| panic!("{v:?}: {name}"));
                    assert!((lo..=hi).contains(&value), "{v:?}: {name}={value}");
                    assert_eq!(weights(cfg).get(name), Some(value));
                }
            })
        }
    }

    #[test]
    fn every_name_reads_and_writes_its_own_weight() {
        for (i, name) in Weights::NAMES.iter().enumerate() {
            let mut w = Weights::DEFAULT;
            assert!(w.set(name, 1000 + i as i32));
            assert_eq!(w.get(name), Some(1000 + i as i32));
            for (j, other) in Weights::NAMES.iter().enumerate() {
                if j != i {
                    assert_eq!(w.get(other), Weights::DEFAULT.get(other), "{name} {other}");
                }
            }
        }
    }
}
