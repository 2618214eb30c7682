//! The Elo difference a match score implies, with its 95 % error margin.

/// Elo difference for a score fraction `p` (0 < p < 1).
fn elo(p: f64) -> f64 {
    -400.0 * (1.0 / p - 1.0).log10()
}

/// A match's Elo difference for the first player and its 95 % confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// Elo difference (infinite for an all-win or all-loss score).
    pub elo: f64,
    /// Lower end of the interval (may be `-inf`).
    pub low: f64,
    /// Upper end of the interval (may be `+inf`).
    pub high: f64,
}

impl Estimate {
    /// Half the interval's width, when both ends are finite.
    pub fn margin(&self) -> Option<f64> {
        (self.low.is_finite() && self.high.is_finite()).then(|| (self.high - self.low) / 2.0)
    }
}

/// Elo for a score fraction, infinite at 0 and 1.
fn elo_or_inf(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        elo(p)
    }
}

/// The first player's Elo difference with its 95 % interval, from wins, draws and losses
/// (normal approximation of the per-game score's spread; an end of the interval beyond a
/// 0 % or 100 % score is infinite). `None` when there are no games.
pub fn difference(wins: u32, draws: u32, losses: u32) -> Option<Estimate> {
    let n = f64::from(wins + draws + losses);
    if n == 0.0 {
        return None;
    }
    let (w, d, l) = (f64::from(wins), f64::from(draws), f64::from(losses));
    let p = (w + d / 2.0) / n;
    let var = (w * (1.0 - p).powi(2) + d * (0.5 - p).powi(2) + l * p.powi(2)) / n;
    let se = (var / n).sqrt();
    Some(Estimate {
        elo: elo_or_inf(p),
        low: elo_or_inf(p - 1.96 * se),
        high: elo_or_inf(p + 1.96 * se),
    })
}

fn signed(x: f64) -> String {
    if x.is_infinite() {
        if x > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        format!("{x:+.0}")
    }
}

/// `Elo +123 ± 45`, with an open interval `Elo +436 (95 %: +264 .. +inf)`, `Elo +inf` for
/// a sweep; empty without games.
pub fn describe(wins: u32, draws: u32, losses: u32) -> String {
    match difference(wins, draws, losses) {
        None => String::new(),
        Some(e) if e.elo.is_infinite() => format!("Elo {}", signed(e.elo)),
        Some(e) => match e.margin() {
            Some(m) => format!("Elo {} ± {m:.0}", signed(e.elo)),
            None => format!(
                "Elo {} (95 %: {} .. {})",
                signed(e.elo),
                signed(e.low),
                signed(e.high)
            ),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_score_is_zero() {
        let e = difference(10, 0, 10).unwrap();
        assert!(e.elo.abs() < 1e-9);
        let m = e.margin().unwrap();
        assert!(m > 100.0 && m < 250.0, "{m}");
    }

    #[test]
    fn three_quarters_is_about_191() {
        let e = difference(75, 0, 25).unwrap();
        assert!((e.elo - 190.8).abs() < 0.5, "{e:?}");
        // more games, narrower margin
        let m = e.margin().unwrap();
        let m2 = difference(750, 0, 250).unwrap().margin().unwrap();
        assert!(m2 < m / 3.0 && m2 > 0.0);
    }

    #[test]
    fn sweeps_open_intervals_and_empty_matches() {
        assert!(difference(0, 0, 0).is_none());
        assert_eq!(describe(5, 0, 0), "Elo +inf");
        assert_eq!(describe(0, 0, 3), "Elo -inf");
        assert_eq!(describe(6, 2, 2), "Elo +147 ± 269");
        assert_eq!(describe(18, 1, 1), "Elo +436 (95 %: +264 .. +inf)");
    }
}
