//! The sequential probability ratio test that engine authors use to accept or reject a
//! change: play games until the results show, with error rates `alpha` and `beta`, that the
//! first player is at least `elo1` stronger (H1) or at most `elo0` (H0).
//!
//! The log-likelihood ratio is the generalised SPRT's normal approximation over the
//! game scores (win 1, draw ½, loss 0), as cutechess-cli and early fishtest computed it: with
//! `n` games of mean score `s` and per-game variance `v`, and `s0`, `s1` the scores that
//! `elo0`, `elo1` (logistic Elo) give,
//! `LLR = n (s1 - s0) (2 s - s0 - s1) / (2 v)`. The test stops when the LLR leaves
//! `(ln(beta / (1 - alpha)), ln((1 - beta) / alpha))`.
//!
//! ```
//! use citadel_engine::sprt::{Hypothesis, Sprt};
//! use citadel_engine::Tally;
//! let sprt: Sprt = "0,10".parse().unwrap();
//! let even = Tally::of(1500, 2000, 1500);
//! assert_eq!(sprt.verdict(&even), Some(Hypothesis::H0));
//! let better = Tally::of(420, 400, 280);
//! assert_eq!(sprt.verdict(&better), Some(Hypothesis::H1));
//! ```

use crate::tally::Tally;

/// A test: the two Elo hypotheses and the error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo difference of the null hypothesis (the change gains at most this).
    pub elo0: f64,
    /// Elo difference of the alternative (the change gains at least this).
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// The hypothesis a finished test accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hypothesis {
    /// The change gains at most `elo0`: reject it.
    H0,
    /// The change gains at least `elo1`: keep it.
    H1,
}

/// A test that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad SPRT `{0}`: expected ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA with ELO0 < ELO1 and rates between 0 and 0.5")]
pub struct SprtError(pub String);

impl std::str::FromStr for Sprt {
    type Err = SprtError;

    /// `ELO0,ELO1` (error rates 0.05) or `ELO0,ELO1,ALPHA,BETA`.
    fn from_str(text: &str) -> Result<Self, SprtError> {
        let bad = || SprtError(citadel_notation::clip(text));
        let numbers: Vec<f64> = text
            .split(',')
            .map(|n| n.trim().parse::<f64>().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        let (elo0, elo1, alpha, beta) = match numbers[..] {
            [e0, e1] => (e0, e1, 0.05, 0.05),
            [e0, e1, a, b] => (e0, e1, a, b),
            _ => return Err(bad()),
        };
        let rate = |r: f64| r > 0.0 && r < 0.5;
        let elo = |e: f64| e.is_finite() && e.abs() < 1000.0;
        if !(elo(elo0) && elo(elo1) && elo0 < elo1 && rate(alpha) && rate(beta)) {
            return Err(bad());
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }
}

/// The expected score of a player `elo` logistic Elo stronger.
fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Sprt {
    /// The LLR bounds: H0 is accepted below the first, H1 above the second.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 after the games of `t` (0 without games;
    /// every outcome counts half a game more, so that the variance of a sweep is not 0).
    pub fn llr(&self, t: &Tally) -> f64 {
        if t.games() == 0 {
            return 0.0;
        }
        // half a game of each outcome, so that a sweep has a spread to measure
        let [wins, draws, losses] = [t.wins, t.draws, t.losses].map(|c| f64::from(c) + 0.5);
        let n = wins + draws + losses;
        let (w, d) = (wins / n, draws / n);
        let s = w + d / 2.0;
        let var = w + d / 4.0 - s * s;
        if var <= 1e-12 {
            return 0.0;
        }
        let (s0, s1) = (score_of(self.elo0), score_of(self.elo1));
        n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
    }

    /// The accepted hypothesis once the LLR has left its bounds; `None` while the test goes
    /// on.
    pub fn verdict(&self, t: &Tally) -> Option<Hypothesis> {
        let (low, high) = self.bounds();
        let llr = self.llr(t);
        if llr <= low {
            Some(Hypothesis::H0)
        } else if llr >= high {
            Some(Hypothesis::H1)
        } else {
            None
        }
    }

    /// One line for a person: `SPRT [0, 5] α 0.05 β 0.05: LLR 2.98 (-2.94, 2.94): H1
    /// accepted (keep the change)`.
    pub fn report(&self, t: &Tally) -> String {
        let (low, high) = self.bounds();
        let verdict = match self.verdict(t) {
            Some(Hypothesis::H1) => "H1 accepted (keep the change)",
            Some(Hypothesis::H0) => "H0 accepted (reject the change)",
            None => "no verdict yet",
        };
        format!(
            "SPRT [{}, {}] α {} β {}: LLR {:.2} ({low:.2}, {high:.2}): {verdict}",
            self.elo0,
            self.elo1,
            self.alpha,
            self.beta,
            self.llr(t)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally::of(wins, draws, losses)
    }

    #[test]
    fn bounds_follow_the_error_rates() {
        let s: Sprt = "0,5".parse().unwrap();
        let (low, high) = s.bounds();
        assert!((low + 2.944).abs() < 0.001 && (high - 2.944).abs() < 0.001);
        let s: Sprt = "-3, 1, 0.1, 0.2".parse().unwrap();
        assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (-3.0, 1.0, 0.1, 0.2));
    }

    #[test]
    fn bad_tests_are_refused() {
        for t in [
            "",
            "5",
            "5,0",
            "0,5,0.05",
            "0,5,0,0.05",
            "0,5,0.05,0.6",
            "a,b",
            "0,inf",
        ] {
            assert!(t.parse::<Sprt>().is_err(), "{t}");
        }
    }

    #[test]
    fn the_llr_grows_with_the_evidence() {
        let s: Sprt = "0,10".parse().unwrap();
        assert_eq!(s.llr(&tally(0, 0, 0)), 0.0);
        assert!(s.llr(&tally(0, 10, 0)) < 0.0);
        assert!(s.llr(&tally(30, 0, 0)) > 2.0);
        // a score between s0 and s1 leans neither way at its midpoint
        let mid = tally(507, 0, 493);
        assert!(s.llr(&mid).abs() < 0.5, "{}", s.llr(&mid));
        // the same score over more games is stronger evidence
        let a = s.llr(&tally(60, 20, 40));
        let b = s.llr(&tally(600, 200, 400));
        assert!(a > 0.0 && b > 10.0 * a * 0.99, "{a} {b}");
        assert_eq!(s.verdict(&tally(60, 20, 40)), None);
        assert_eq!(s.verdict(&tally(600, 200, 400)), Some(Hypothesis::H1));
        assert_eq!(s.verdict(&tally(400, 200, 600)), Some(Hypothesis::H0));
        assert!(s
            .report(&tally(600, 200, 400))
            .ends_with("H1 accepted (keep the change)"));
    }
}
