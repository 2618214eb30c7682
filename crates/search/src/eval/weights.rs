//! The weights of the evaluation's positional terms, by name, with each game's own set.
//!
//! Every game starts from [`Weights::DEFAULT`] (the hand-set numbers the engine was built
//! with); a game whose weights were fitted to its self-play games by Texel's method
//! (`cargo xtask tune --weights`) and won a match against the defaults lists them in
//! [`table`], with the provenance of the fit:
//!
//! | game | source |
//! | --- | --- |
//! | `shatranj` | fitted by `cargo xtask tune --variant shatranj --weights --games 2000` (self-play at depth 3, seed 1, the engine's own values and default weights): 1,992 finished games, 324,883 positions, error 0.073463 → 0.071831; the fitted weights scored +85 =85 −30, 63.8 %, Elo +98 ± 37 against the defaults in 200 depth-3 games (seed 1001), and +98 =61 −41, 64.2 %, Elo +102 ± 41 in 200 depth-4 games (seed 7) |
//! | every other game | the defaults (fits that did not win both matches are not adopted: see `docs/engine.md`) |
//!
//! Weights are named like piece values (`mobility-mg=4`), so that a fit, `citadel tune`'s
//! start values and a match's `--engine-values` treat both alike.

use citadel_rules::Variant;

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
    };

    /// The names of the weights, in a fixed order.
    pub const NAMES: [&'static str; 11] = [
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

/// The weights of `variant`: its fitted ones from [`table`] over the defaults.
pub fn weights(variant: Variant) -> Weights {
    let mut w = Weights::DEFAULT;
    for &(name, v) in table(variant) {
        w.set(name, v);
    }
    w
}

/// The weights fitted for `variant` (those that differ from the defaults), `(name, value)`.
pub fn table(variant: Variant) -> &'static [(&'static str, i32)] {
    match variant {
        Variant::Shatranj => &[
            ("mobility-mg", 1),
            ("mobility-eg", 12),
            ("square-mg", 264),
            ("square-eg", 340),
            ("advance-mg", 28),
            ("advance-eg", 28),
            ("passed-mg", 26),
            ("passed-eg", 28),
            ("king-attack", 155),
            ("shelter", 2),
            ("tempo", 6),
        ],
        _ => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_fitted_weight_is_a_weight_within_its_range() {
        for v in Variant::ALL {
            for &(name, value) in table(v) {
                let (lo, hi) = Weights::range(name).unwrap_or_else(|| panic!("{v:?}: {name}"));
                assert!((lo..=hi).contains(&value), "{v:?}: {name}={value}");
                assert_eq!(weights(v).get(name), Some(value));
            }
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
