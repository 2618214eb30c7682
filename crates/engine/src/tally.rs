//! Match statistics: the score of a match and the Elo difference it implies, with its 95 %
//! error margin.

use citadel_rules::Color;
use std::time::Duration;

/// The score of a match from the first player's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Tally {
    /// Games the first player won.
    pub wins: u32,
    /// Drawn (or unfinished) games.
    pub draws: u32,
    /// Games the first player lost.
    pub losses: u32,
    /// What the first and the second player spent on their moves.
    #[serde(default)]
    pub effort: [Effort; 2],
}

/// What a player spent on its moves: how many, how long, and — for engines that report it —
/// how deep and how many nodes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Effort {
    /// Moves made.
    pub moves: u64,
    /// Time spent on them.
    pub time: Duration,
    /// Moves whose search reported its depth and nodes.
    pub searched: u64,
    /// The reported depths, summed.
    pub depth: u64,
    /// The reported nodes, summed.
    pub nodes: u64,
}

/// What a search reported about one move: its depth and nodes, and its score when given.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Searched {
    /// Depth reached.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The score of the position searched, for the side to move (the player).
    pub score: Option<citadel_search::Score>,
}

impl Effort {
    /// Counts one move that took `time`, with what its search reported, if anything.
    pub fn add(&mut self, time: Duration, searched: Option<Searched>) {
        self.moves += 1;
        self.time = self.time.saturating_add(time);
        if let Some(s) = searched {
            self.searched += 1;
            self.depth += u64::from(s.depth);
            self.nodes = self.nodes.saturating_add(s.nodes);
        }
    }

    /// Adds another count.
    pub fn merge(&mut self, other: &Effort) {
        self.moves += other.moves;
        self.time = self.time.saturating_add(other.time);
        self.searched += other.searched;
        self.depth += other.depth;
        self.nodes = self.nodes.saturating_add(other.nodes);
    }

    /// Mean time per move (`None` without moves).
    pub fn mean_time(&self) -> Option<Duration> {
        u32::try_from(self.moves.max(1))
            .ok()
            .filter(|_| self.moves > 0)
            .map(|n| self.time / n)
    }

    /// Mean depth and nodes per searched move (`None` when no search reported them).
    pub fn mean_search(&self) -> Option<(f64, f64)> {
        (self.searched > 0).then(|| {
            let n = self.searched as f64;
            (self.depth as f64 / n, self.nodes as f64 / n)
        })
    }
}

impl std::fmt::Display for Effort {
    /// `depth 7.2, 15301 nodes, 98 ms per move`; `98 ms per move` without search reports,
    /// `no moves` without moves.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Some(t) = self.mean_time() else {
            return write!(f, "no moves");
        };
        if let Some((depth, nodes)) = self.mean_search() {
            write!(f, "depth {depth:.1}, {nodes:.0} nodes, ")?;
        }
        write!(f, "{} ms per move", t.as_millis())
    }
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
fn elo_of(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

fn signed(x: f64) -> String {
    if x.is_infinite() {
        if x > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        format!("{x:+.0}")
    }
}

impl Tally {
    /// A score of `wins`, `draws` and `losses`, with no effort counted.
    pub fn of(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
            ..Tally::default()
        }
    }

    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Counts a game the first player played as `first` and `winner` won (`None`: drawn or
    /// unfinished).
    pub fn add(&mut self, first: Color, winner: Option<Color>) {
        match winner {
            Some(w) if w == first => self.wins += 1,
            Some(_) => self.losses += 1,
            None => self.draws += 1,
        }
    }

    /// The first player's score in percent (a draw counts half; 0 without games).
    pub fn percent(&self) -> f64 {
        if self.games() == 0 {
            return 0.0;
        }
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) * 100.0 / f64::from(self.games())
    }

    /// The first player's Elo difference with its 95 % interval (normal approximation of
    /// the per-game score's spread; an end of the interval beyond a 0 % or 100 % score is
    /// infinite). `None` when there are no games.
    pub fn elo(&self) -> Option<Estimate> {
        let n = f64::from(self.games());
        if n == 0.0 {
            return None;
        }
        let (w, d, l) = (
            f64::from(self.wins),
            f64::from(self.draws),
            f64::from(self.losses),
        );
        let p = (w + d / 2.0) / n;
        let var = (w * (1.0 - p).powi(2) + d * (0.5 - p).powi(2) + l * p.powi(2)) / n;
        let se = (var / n).sqrt();
        Some(Estimate {
            elo: elo_of(p),
            low: elo_of(p - 1.96 * se),
            high: elo_of(p + 1.96 * se),
        })
    }

    /// `Elo +123 ± 45`, with an open interval `Elo +436 (95 %: +264 .. +inf)`, `Elo +inf`
    /// for a sweep; empty without games.
    pub fn elo_text(&self) -> String {
        match self.elo() {
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
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally::of(wins, draws, losses)
    }

    #[test]
    fn effort_is_shown_per_move() {
        let mut e = Effort::default();
        assert_eq!(e.to_string(), "no moves");
        e.add(Duration::from_millis(100), None);
        assert_eq!(e.to_string(), "100 ms per move");
        let s = Searched {
            depth: 6,
            nodes: 1000,
            score: None,
        };
        e.add(Duration::from_millis(300), Some(s));
        let s = Searched {
            depth: 9,
            nodes: 3000,
            score: None,
        };
        e.add(Duration::from_millis(200), Some(s));
        assert_eq!(e.to_string(), "depth 7.5, 2000 nodes, 200 ms per move");
        let mut total = Effort::default();
        total.merge(&e);
        total.merge(&e);
        assert_eq!(total.moves, 6);
        assert_eq!(total.to_string(), e.to_string());
    }

    #[test]
    fn an_even_score_is_zero() {
        let e = tally(10, 0, 10).elo().unwrap();
        assert!(e.elo.abs() < 1e-9);
        let m = e.margin().unwrap();
        assert!(m > 100.0 && m < 250.0, "{m}");
    }

    #[test]
    fn three_quarters_is_about_191() {
        let e = tally(75, 0, 25).elo().unwrap();
        assert!((e.elo - 190.8).abs() < 0.5, "{e:?}");
        // more games, narrower margin
        let m = e.margin().unwrap();
        let m2 = tally(750, 0, 250).elo().unwrap().margin().unwrap();
        assert!(m2 < m / 3.0 && m2 > 0.0);
    }

    #[test]
    fn sweeps_open_intervals_and_empty_matches() {
        assert!(tally(0, 0, 0).elo().is_none());
        assert_eq!(tally(0, 0, 0).elo_text(), "");
        assert_eq!(tally(5, 0, 0).elo_text(), "Elo +inf");
        assert_eq!(tally(0, 0, 3).elo_text(), "Elo -inf");
        assert_eq!(tally(6, 2, 2).elo_text(), "Elo +147 ± 269");
        assert_eq!(tally(18, 1, 1).elo_text(), "Elo +436 (95 %: +264 .. +inf)");
    }

    #[test]
    fn games_count_from_the_first_players_side() {
        let mut t = Tally::default();
        t.add(Color::White, Some(Color::White));
        t.add(Color::Black, Some(Color::White));
        t.add(Color::Black, None);
        assert_eq!(t, tally(1, 1, 1));
        assert_eq!(t.games(), 3);
        assert!((t.percent() - 50.0).abs() < 1e-9);
        assert_eq!(Tally::default().percent(), 0.0);
    }
}
