//! The weights of an evaluation's positional terms, as a game states them
//! ([`Config::weights`](crate::Config::weights)), and their text form.
//!
//! Every game starts from [`EvalWeights::DEFAULT`] (the hand-set numbers the engine was built
//! with); a game whose weights were fitted by Texel's method (`citadel tune --weights`) and
//! won a match against the defaults states them in its module with the provenance of the
//! fit (so far chess and Shatranj, fitted to Stockfish's and Fairy-Stockfish's evaluations).
//! Fits that did not win their matches are not adopted: see `docs/log/tuning.md`.
//!
//! The names (`mobility-mg`) are the text form only, for the command line and tuning files:
//! [`NAMES`](EvalWeights::NAMES), [`get`](EvalWeights::get) and [`set`](EvalWeights::set)
//! are the one place that maps them to the fields.

/// The positional weights of an evaluation (mg: middlegame, eg: endgame).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalWeights {
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
    /// Percent of the game's learnt piece-square table
    /// ([`Config::psq_table`](crate::Config::psq_table); 0: none).
    pub learned: i32,
}

impl Default for EvalWeights {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl EvalWeights {
    /// The hand-set weights the evaluation was built with.
    pub const DEFAULT: EvalWeights = EvalWeights {
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
    /// use citadel_rules::EvalWeights;
    /// assert_eq!(EvalWeights::DEFAULT.get("tempo"), Some(10));
    /// assert_eq!(EvalWeights::DEFAULT.get("knight"), None);
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
    /// use citadel_rules::EvalWeights;
    /// assert_eq!(EvalWeights::range("king-attack"), Some((25, 400)));
    /// ```
    pub fn range(name: &str) -> Option<(i32, i32)> {
        Self::DEFAULT.get(name).map(|d| (d / 4, d * 4))
    }

    /// Sets the weight named `name` to `v`; false (and nothing changed) if no weight has
    /// that name.
    pub fn set(&mut self, name: &str, v: i32) -> bool {
        self.slot(name).map(|s| *s = v).is_some()
    }

    /// The weights as `(name, value)` pairs, in the order of [`NAMES`](Self::NAMES).
    ///
    /// ```
    /// use citadel_rules::EvalWeights;
    /// let w = EvalWeights::DEFAULT.named();
    /// assert_eq!(w[0], ("mobility-mg", 3));
    /// assert_eq!(w.len(), EvalWeights::NAMES.len());
    /// ```
    pub fn named(&self) -> Vec<(&'static str, i32)> {
        Self::NAMES
            .iter()
            .filter_map(|&n| self.get(n).map(|v| (n, v)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, Variant};

    #[test]
    fn every_game_states_weights_within_their_ranges() {
        for v in Variant::ALL {
            with_game!(v, G => {
                for (name, value) in G::config().weights.named() {
                    let (lo, hi) = EvalWeights::range(name).expect("a weight's name");
                    assert!((lo..=hi).contains(&value), "{v:?}: {name}={value}");
                }
            })
        }
    }

    #[test]
    fn every_name_reads_and_writes_its_own_weight() {
        for (i, name) in EvalWeights::NAMES.iter().enumerate() {
            let mut w = EvalWeights::DEFAULT;
            assert!(w.set(name, 1000 + i as i32));
            assert_eq!(w.get(name), Some(1000 + i as i32));
            for (j, other) in EvalWeights::NAMES.iter().enumerate() {
                if j != i {
                    assert_eq!(
                        w.get(other),
                        EvalWeights::DEFAULT.get(other),
                        "{name} {other}"
                    );
                }
            }
        }
        let mut w = EvalWeights::DEFAULT;
        assert!(!w.set("mobility", 1));
        assert_eq!(w, EvalWeights::DEFAULT);
    }
}
