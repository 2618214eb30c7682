//! Clocks: time controls (`BASE+INC`) and time management — how long to think on one move
//! from the time left.

use citadel_search::Limits;
use std::time::Duration;

/// The side to move's clock as a protocol reports it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left.
    pub remaining: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves until the next time control (`None`: the rest of the game).
    pub moves_to_go: Option<u32>,
}

/// Time kept back for the protocol's own delays (process switches, pipes).
const OVERHEAD: Duration = Duration::from_millis(10);

impl Clock {
    /// The time to spend on this move: an even share of the time left over the moves still
    /// to play (30 when the control has no move count) plus most of the increment, never more
    /// than two fifths of what is left after the overhead — so the clock never runs out while
    /// the increment lasts (at 1 minute + 10 ms: about 2 s for the first move).
    pub fn budget(&self) -> Duration {
        let left = self.remaining.saturating_sub(OVERHEAD);
        let moves = self.moves_to_go.unwrap_or(30).clamp(1, 60);
        let share = left / (moves + 1) + self.increment * 3 / 4;
        share.min(left * 2 / 5).max(Duration::from_millis(1))
    }

    /// The most the search may take on this move when its best move keeps changing: three
    /// budgets, but never more than two fifths of what is left after the overhead.
    pub fn hard_limit(&self) -> Duration {
        let left = self.remaining.saturating_sub(OVERHEAD);
        (self.budget() * 3).min(left * 2 / 5).max(self.budget())
    }

    /// Sets the search's time limits from the clock: the budget as the soft limit, the hard
    /// limit as its most (or less, when `limits` already has a shorter fixed time).
    pub fn apply(&self, limits: &mut Limits) {
        let hard = self.hard_limit();
        limits.movetime = Some(limits.movetime.map_or(hard, |m| m.min(hard)));
        limits.soft = Some(self.budget().min(hard));
    }
}

/// A clock for each player: base time and increment per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Time at the start.
    pub base: Duration,
    /// Time added after each move.
    pub increment: Duration,
}

/// A time control that cannot be read; it keeps the text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad time control `{0}` (BASE+INC in seconds, e.g. 5+0.05)")]
pub struct ParseTimeControlError(pub String);

impl std::str::FromStr for TimeControl {
    type Err = ParseTimeControlError;
    /// `BASE+INC` in seconds, e.g. `5+0.05`, `60+0.01` (`BASE` alone: no increment).
    fn from_str(s: &str) -> Result<Self, ParseTimeControlError> {
        let (b, i) = s.split_once('+').unwrap_or((s, "0"));
        let secs = |t: &str| {
            t.parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0)
                .map(Duration::from_secs_f64)
        };
        match (secs(b), secs(i)) {
            (Some(base), Some(increment)) if !base.is_zero() => Ok(TimeControl { base, increment }),
            _ => Err(ParseTimeControlError(s.to_string())),
        }
    }
}

impl std::fmt::Display for TimeControl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}+{}",
            self.base.as_secs_f64(),
            self.increment.as_secs_f64()
        )
    }
}

impl TimeControl {
    /// The control as CECP's `level` command gives it: `level 0 MIN:SS INC` (no move count,
    /// the base in minutes and seconds, the increment in seconds).
    pub fn level_command(&self) -> String {
        let s = self.base.as_secs();
        format!(
            "level 0 {}:{:02} {}",
            s / 60,
            s % 60,
            self.increment.as_secs_f64()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_fresh_clock_allows_a_fair_share() {
        let c = Clock {
            remaining: ms(60_000),
            increment: ms(10),
            moves_to_go: None,
        };
        let b = c.budget();
        assert!(b > ms(1_500) && b < ms(2_500), "{b:?}");
    }

    #[test]
    fn a_nearly_empty_clock_never_spends_more_than_it_has() {
        for left in [0, 1, 5, 11, 20, 50, 200] {
            let c = Clock {
                remaining: ms(left),
                increment: ms(10),
                moves_to_go: None,
            };
            let b = c.budget();
            assert!(b <= ms(left.max(1)), "{left} ms left: {b:?}");
        }
    }

    #[test]
    fn the_hard_limit_is_a_few_budgets_within_what_is_left() {
        for (left, inc) in [(60_000, 10), (1_000, 10), (50, 0), (300_000, 2_000)] {
            let c = Clock {
                remaining: ms(left),
                increment: ms(inc),
                moves_to_go: None,
            };
            let (b, h) = (c.budget(), c.hard_limit());
            assert!(
                h >= b && h <= b * 3 && h <= ms(left.max(1)),
                "{left}: {b:?} {h:?}"
            );
            let mut l = Limits::default();
            c.apply(&mut l);
            assert_eq!((l.soft, l.movetime), (Some(b), Some(h)));
        }
    }

    #[test]
    fn time_controls_read_and_print() {
        let tc: TimeControl = "5+0.05".parse().unwrap();
        assert_eq!((tc.base, tc.increment), (ms(5_000), ms(50)));
        assert_eq!(tc.to_string(), "5+0.05");
        assert_eq!(tc.level_command(), "level 0 0:05 0.05");
        assert_eq!(
            "90".parse::<TimeControl>().unwrap().increment,
            Duration::ZERO
        );
        for bad in ["fast", "0+1", "-1+0", "5+x", "inf+0"] {
            let e = bad.parse::<TimeControl>().unwrap_err();
            assert_eq!(e, ParseTimeControlError(bad.into()));
        }
        assert_eq!(
            "fast".parse::<TimeControl>().unwrap_err().to_string(),
            "bad time control `fast` (BASE+INC in seconds, e.g. 5+0.05)"
        );
    }

    #[test]
    fn the_last_move_before_the_control_keeps_a_margin() {
        let c = Clock {
            remaining: ms(1_000),
            increment: Duration::ZERO,
            moves_to_go: Some(1),
        };
        assert!(c.budget() <= ms(400));
    }
}
