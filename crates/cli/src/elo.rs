//! The Elo difference a match score implies, with its 95 % error margin.

/// Elo difference for a score fraction `p` (0 < p < 1).
fn elo(p: f64) -> f64 {
    -400.0 * (1.0 / p - 1.0).log10()
}

/// The first player's Elo difference and the half-width of its 95 % confidence interval,
/// from wins, draws and losses (the per-game score's spread, normal approximation).
/// `None` when there are no games; an all-win or all-loss score gives an infinite
/// difference.
pub fn difference(wins: u32, draws: u32, losses: u32) -> Option<(f64, f64)> {
    let n = f64::from(wins + draws + losses);
    if n == 0.0 {
        return None;
    }
    let (w, d, l) = (f64::from(wins), f64::from(draws), f64::from(losses));
    let p = (w + d / 2.0) / n;
    if p <= 0.0 || p >= 1.0 {
        return Some((
            if p <= 0.0 {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            },
            f64::INFINITY,
        ));
    }
    let var = (w * (1.0 - p).powi(2) + d * (0.5 - p).powi(2) + l * p.powi(2)) / n;
    let se = (var / n).sqrt();
    let lo = (p - 1.96 * se).max(1e-6);
    let hi = (p + 1.96 * se).min(1.0 - 1e-6);
    Some((elo(p), (elo(hi) - elo(lo)) / 2.0))
}

/// `Elo +123 ± 45`, `Elo +inf`, or empty without games.
pub fn describe(wins: u32, draws: u32, losses: u32) -> String {
    match difference(wins, draws, losses) {
        None => String::new(),
        Some((e, _)) if e.is_infinite() => format!("Elo {}inf", if e > 0.0 { "+" } else { "-" }),
        Some((e, m)) => format!("Elo {e:+.0} ± {m:.0}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_score_is_zero() {
        let (e, m) = difference(10, 0, 10).unwrap();
        assert!(e.abs() < 1e-9);
        assert!(m > 100.0 && m < 250.0, "{m}");
    }

    #[test]
    fn three_quarters_is_about_191() {
        let (e, m) = difference(75, 0, 25).unwrap();
        assert!((e - 190.8).abs() < 0.5, "{e}");
        // more games, narrower margin
        let (_, m2) = difference(750, 0, 250).unwrap();
        assert!(m2 < m / 3.0 && m2 > 0.0);
    }

    #[test]
    fn sweeps_and_empty_matches() {
        assert!(difference(0, 0, 0).is_none());
        assert_eq!(describe(5, 0, 0), "Elo +inf");
        assert_eq!(describe(0, 0, 3), "Elo -inf");
        assert_eq!(describe(6, 2, 2), "Elo +147 ± 269");
    }
}
