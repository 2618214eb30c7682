//! Clocks: time controls (`BASE+INC`) and time management — how long to think on one move
//! from the time left.

use citadel_search::Limits;
use std::time::Duration;

/// The side to move's clock as a protocol reports it, with the time each move loses outside
/// the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left.
    pub remaining: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves until the next time control (`None`: the rest of the game).
    pub moves_to_go: Option<u32>,
    /// The time every move loses outside the search (protocol delays, process switches,
    /// pipes, the GUI's own work): UCI's `Move Overhead`.
    pub overhead: Duration,
}

/// The move overhead unless the GUI sets one (UCI `Move Overhead`).
pub const DEFAULT_OVERHEAD: Duration = Duration::from_millis(30);
/// The largest move overhead a protocol accepts.
pub const MAX_OVERHEAD: Duration = Duration::from_millis(5000);
/// The moves whose overhead is kept in reserve in a game without a move count.
const RESERVE_MOVES: u32 = 200;
/// The moves the time left is shared over in a game without a move count.
const HORIZON: u32 = 30;

impl Default for Clock {
    /// No time, no increment, no move count, the [`DEFAULT_OVERHEAD`].
    fn default() -> Self {
        Clock {
            remaining: Duration::ZERO,
            increment: Duration::ZERO,
            moves_to_go: None,
            overhead: DEFAULT_OVERHEAD,
        }
    }
}

impl Clock {
    /// The time the search may share out: what is left after this move's overhead and a
    /// reserve for the overhead of the moves still to come (those of the move count, or 200
    /// in a game without one) that the increment does not pay for.
    fn usable(&self) -> Duration {
        let unpaid = self.overhead.saturating_sub(self.increment);
        let moves = self.moves_to_go.map_or(RESERVE_MOVES, |m| m.max(1));
        self.remaining
            .saturating_sub(self.overhead)
            .saturating_sub(unpaid.saturating_mul(moves))
    }

    /// The time to spend on this move: an even share of the usable time over the moves
    /// still to play (30 when the control has no move count) plus most of the increment,
    /// never more than two fifths of the usable time — so the clock never runs out while the
    /// increment lasts, and without one the reserve pays every later move's overhead (at
    /// 1 minute + 10 ms: about 1.8 s for the first move).
    pub fn budget(&self) -> Duration {
        let left = self.usable();
        let moves = self.moves_to_go.unwrap_or(HORIZON).clamp(1, 60);
        let share = (left / (moves + 1)).saturating_add(self.increment.saturating_mul(3) / 4);
        share.min(left / 5 * 2).max(Duration::from_millis(1))
    }

    /// The most the search may take on this move when its best move keeps changing: three
    /// budgets, but never more than two fifths of the usable time.
    pub fn hard_limit(&self) -> Duration {
        let budget = self.budget();
        budget
            .saturating_mul(3)
            .min(self.usable() / 5 * 2)
            .max(budget)
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
        // negative, infinite or beyond any clock (`1e300`): not a time
        let secs = |t: &str| Duration::try_from_secs_f64(t.parse::<f64>().ok()?).ok();
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
            ..Clock::default()
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
                ..Clock::default()
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
                ..Clock::default()
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
        for bad in [
            "fast",
            "0+1",
            "-1+0",
            "5+x",
            "inf+0",
            "1e300+1e300",
            "5+1e300",
        ] {
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
            moves_to_go: Some(1),
            ..Clock::default()
        };
        assert!(c.budget() <= ms(400));
    }

    /// Plays `moves` moves on a clock, each taking the whole hard limit plus the overhead
    /// (the worst the engine does); returns the least time left after any move.
    fn least_left(start: Clock, moves: u32, control: Option<u32>) -> Option<Duration> {
        let mut c = start;
        let mut least = c.remaining;
        for n in 0..moves {
            c.moves_to_go = control.map(|m| m - n % m);
            let spent = c.hard_limit() + c.overhead;
            c.remaining = c.remaining.checked_sub(spent)? + c.increment;
            if control.is_some_and(|m| (n + 1) % m == 0) {
                c.remaining += start.remaining;
            }
            least = least.min(c.remaining);
        }
        Some(least)
    }

    #[test]
    fn sudden_death_keeps_the_overhead_of_every_later_move() {
        // 1+0 and 3+0 over 200 moves, the default overhead charged on every move
        for minutes in [1, 3] {
            let c = Clock {
                remaining: ms(minutes * 60_000),
                ..Clock::default()
            };
            let least = least_left(c, 200, None);
            assert!(least.is_some(), "{minutes}+0 flagged");
        }
        // a larger overhead is kept too
        let c = Clock {
            remaining: ms(60_000),
            overhead: ms(100),
            ..Clock::default()
        };
        assert!(
            least_left(c, 200, None).is_some(),
            "100 ms overhead flagged"
        );
        // 40 moves in 1 minute, repeated
        let c = Clock {
            remaining: ms(60_000),
            ..Clock::default()
        };
        assert!(least_left(c, 200, Some(40)).is_some(), "40/1 flagged");
        // with an increment that pays the overhead the clock is spent more freely
        let with_inc = Clock {
            remaining: ms(60_000),
            increment: ms(100),
            ..Clock::default()
        };
        assert!(with_inc.budget() > c.budget());
        assert!(least_left(with_inc, 200, None).is_some());
    }

    #[test]
    fn times_beyond_any_clock_saturate() {
        let max = Clock {
            remaining: Duration::MAX,
            increment: Duration::MAX,
            moves_to_go: Some(u32::MAX),
            overhead: MAX_OVERHEAD,
        };
        assert!(max.budget() <= max.hard_limit());
        let mut l = Limits::default();
        max.apply(&mut l);
        assert!(l.movetime.is_some());
        let zero = Clock {
            overhead: Duration::MAX,
            ..Clock::default()
        };
        assert_eq!(zero.budget(), ms(1));
    }
}
