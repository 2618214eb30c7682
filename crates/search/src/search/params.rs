//! The search's numbers: the margins and depths of its pruning, the shape of its reductions,
//! the aspiration window and the factors of its time management. Margins are in centipawns
//! (the evaluation's unit), depths in plies of remaining depth.
//!
//! The numbers that matches tune are the fields of [`SearchParams`] (set by a caller, or by
//! UCI options, e.g. for `cargo xtask spsa`); the others are constants.

use serde::{Deserialize, Serialize};

// Reverse futility pruning (static null move), at a node that is neither a PV node nor in check.

/// Deepest remaining depth at which a node is cut when its static evaluation beats beta by
/// [`SearchParams::reverse_futility_margin`] a ply.
pub(super) const REVERSE_FUTILITY_DEPTH: i32 = 3;

// Razoring, at a node that is neither a PV node nor in check.

/// Deepest remaining depth at which a node far below alpha is razored: searched by
/// quiescence alone, and cut when that fails low too (margin:
/// [`SearchParams::razor_margin`] a ply).
pub(super) const RAZOR_DEPTH: i32 = 3;

// Null-move pruning.

/// Least remaining depth at which a null move is tried.
pub(super) const NULL_MOVE_DEPTH: i32 = 3;
/// See [`SearchParams::null_move_reduction`]: one ply more of reduction per this many plies of depth.
pub(super) const NULL_MOVE_DEPTH_DIVISOR: i32 = 6;

// Futility pruning of quiet moves near the leaves.

/// Deepest remaining depth at which quiet moves may be futile (margins:
/// [`SearchParams::futility_base`] and [`SearchParams::futility_margin`]).
pub(super) const FUTILITY_DEPTH: i32 = 2;

// Internal iterative reduction.

/// Least remaining depth at which a node without a hash move is searched one ply shallower.
pub(super) const IIR_DEPTH: i32 = 4;

// Late-move pruning.

/// Deepest remaining depth at which late quiet moves are pruned (after
/// [`SearchParams::late_move_pruning_base`] + depth² moves).
pub(super) const LMP_DEPTH: i32 = 3;

// Late-move reductions.

/// Least remaining depth at which late quiet moves are reduced.
pub(super) const LMR_DEPTH: i32 = 3;
/// Moves searched in full before the others may be reduced (at a PV node, or always with
/// `lmr` off).
pub(super) const LMR_FIRST: usize = 3;
/// Moves searched in full before the others may be reduced at a node off the PV (with `lmr`).
pub(super) const LMR_FIRST_NON_PV: usize = 2;
/// With `lmr` off, a reduced move loses one ply, or two from this depth on ...
pub(super) const FIXED_REDUCTION_DEEP: i32 = 5;
/// ... and this many moves searched (one ply less at a PV node).
pub(super) const FIXED_REDUCTION_LATE: usize = 8;

// Check extensions.

/// A node in check is searched one ply deeper while its ply is below this many times the
/// iteration's depth (which bounds the extensions of a line of checks).
pub(super) const CHECK_EXTENSION_PLIES: i32 = 2;

// Aspiration windows.

/// First iteration searched with a window around the previous score (earlier ones, and any
/// after a mate score, use the full window).
pub(super) const ASPIRATION_DEPTH: u32 = 4;

// History.

/// Bound of the history scores (the gravity update keeps them within ±this).
pub(super) const HISTORY_MAX: i32 = 1 << 20;
/// The history scores are divided by this at the start of every search.
pub(super) const HISTORY_AGING: i32 = 4;

// Time management.

/// Nodes between two looks at the clock, the stop flags and the shared node count (a power
/// of two).
pub(super) const CHECK_INTERVAL: u64 = 1024;
/// With a soft limit: the share of it after which no new iteration starts when the best move
/// has just changed ...
pub(super) const SOFT_CHANGED: f64 = 1.6;
/// ... when it has stayed the same for one or two iterations ...
pub(super) const SOFT_STEADY: f64 = 1.0;
/// ... and when it has stayed the same for longer.
pub(super) const SOFT_STABLE: f64 = 0.6;

/// The search's tunable numbers: the margins and reductions that matches tune, each with its
/// range ([`SearchParams::SPECS`]). The default is the engine as it plays; a caller sets
/// others through [`SearchOptions::params`](super::SearchOptions::params), and a UCI engine
/// through options of the same names (`setoption name RazorMargin value 240`).
///
/// ```
/// use citadel_search::SearchParams;
///
/// let mut p = SearchParams::default();
/// assert_eq!(p.get("RazorMargin"), Some(250));
/// p.set("razormargin", 240).unwrap(); // names are case-insensitive, as in UCI
/// assert_eq!(p.razor_margin, 240);
/// assert!(p.set("RazorMargin", 10_000).is_err()); // outside its range
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct SearchParams {
    /// Reverse futility pruning (static null move): a node returns its evaluation `e` when
    /// `e - reverse_futility_margin * depth >= beta`.
    pub reverse_futility_margin: i32,
    /// Razoring: a node is razored when `e + razor_margin * depth < alpha`.
    pub razor_margin: i32,
    /// The null move's reduction: `null_move_reduction + depth / 6` plies besides the ply of
    /// the move itself.
    pub null_move_reduction: i32,
    /// Futility pruning: quiet moves that do not give check are pruned, after the first move,
    /// when `e + futility_base + futility_margin * depth <= alpha`.
    pub futility_base: i32,
    /// See [`futility_base`](Self::futility_base): the margin per ply of remaining depth.
    pub futility_margin: i32,
    /// Late-move pruning: moves searched before the late quiet ones are pruned,
    /// `late_move_pruning_base + depth * depth`.
    pub late_move_pruning_base: i32,
    /// Late-move reductions: the reduction of the `n`-th move at depth `d` is `lmr_base + ln d
    /// · ln n / lmr_divisor` plies (rounded down; one less at a PV node, and always leaving
    /// at least one ply), both in hundredths of a ply.
    pub lmr_base: i32,
    /// See [`lmr_base`](Self::lmr_base), in hundredths.
    pub lmr_divisor: i32,
    /// Delta pruning in quiescence: a capture whose material gain cannot lift the stand-pat
    /// score to within this margin of alpha is not searched.
    pub delta_margin: i32,
    /// The aspiration window's first half-width; it doubles on each failure (towards the side
    /// that failed).
    pub aspiration_window: i32,
}

impl Default for SearchParams {
    /// The engine as it plays.
    fn default() -> Self {
        SearchParams {
            reverse_futility_margin: 110,
            razor_margin: 250,
            null_move_reduction: 3,
            futility_base: 100,
            futility_margin: 120,
            late_move_pruning_base: 3,
            lmr_base: 75,
            lmr_divisor: 225,
            delta_margin: 200,
            aspiration_window: 40,
        }
    }
}

/// One tunable number of [`SearchParams`]: its UCI name and range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamSpec {
    /// The name, as UCI options show it (`RazorMargin`).
    pub name: &'static str,
    /// The least value allowed.
    pub min: i32,
    /// The greatest value allowed.
    pub max: i32,
}

impl ParamSpec {
    /// The number called `name`, allowed from `min` to `max`.
    pub const fn new(name: &'static str, min: i32, max: i32) -> ParamSpec {
        ParamSpec { name, min, max }
    }
}

/// A name or value [`SearchParams::set`] refuses.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParamError {
    /// No tunable number has this name.
    #[error("unknown search parameter `{0}`")]
    Unknown(String),
    /// The value is outside the number's range.
    #[error("{name}: {value} is outside {min}..={max}")]
    OutOfRange {
        /// The number's name.
        name: &'static str,
        /// The value refused.
        value: i32,
        /// The least value allowed.
        min: i32,
        /// The greatest value allowed.
        max: i32,
    },
}

impl SearchParams {
    /// Every tunable number, in the order of the fields.
    pub const SPECS: [ParamSpec; 10] = [
        ParamSpec::new("ReverseFutilityMargin", 30, 300),
        ParamSpec::new("RazorMargin", 50, 600),
        ParamSpec::new("NullMoveReduction", 1, 6),
        ParamSpec::new("FutilityBase", 0, 400),
        ParamSpec::new("FutilityMargin", 30, 400),
        ParamSpec::new("LateMovePruningBase", 1, 12),
        ParamSpec::new("LmrBase", 0, 250),
        ParamSpec::new("LmrDivisor", 100, 500),
        ParamSpec::new("DeltaMargin", 0, 800),
        ParamSpec::new("AspirationWindow", 5, 300),
    ];

    /// The field of the `i`-th entry of [`SPECS`](Self::SPECS).
    fn field(&mut self, i: usize) -> &mut i32 {
        match i {
            0 => &mut self.reverse_futility_margin,
            1 => &mut self.razor_margin,
            2 => &mut self.null_move_reduction,
            3 => &mut self.futility_base,
            4 => &mut self.futility_margin,
            5 => &mut self.late_move_pruning_base,
            6 => &mut self.lmr_base,
            7 => &mut self.lmr_divisor,
            8 => &mut self.delta_margin,
            _ => &mut self.aspiration_window,
        }
    }

    /// The index in [`SPECS`](Self::SPECS) of the number called `name` (case-insensitive).
    pub fn index(name: &str) -> Option<usize> {
        Self::SPECS
            .iter()
            .position(|s| s.name.eq_ignore_ascii_case(name))
    }

    /// The value of the number called `name` (case-insensitive), if there is one.
    pub fn get(&self, name: &str) -> Option<i32> {
        Self::index(name).map(|i| self.values()[i])
    }

    /// Sets the number called `name` (case-insensitive), within its range.
    pub fn set(&mut self, name: &str, value: i32) -> Result<(), ParamError> {
        let i = Self::index(name).ok_or_else(|| ParamError::Unknown(name.to_string()))?;
        let s = Self::SPECS[i];
        if !(s.min..=s.max).contains(&value) {
            return Err(ParamError::OutOfRange {
                name: s.name,
                value,
                min: s.min,
                max: s.max,
            });
        }
        *self.field(i) = value;
        Ok(())
    }

    /// The numbers, in the order of [`SPECS`](Self::SPECS).
    pub fn values(&self) -> [i32; 10] {
        [
            self.reverse_futility_margin,
            self.razor_margin,
            self.null_move_reduction,
            self.futility_base,
            self.futility_margin,
            self.late_move_pruning_base,
            self.lmr_base,
            self.lmr_divisor,
            self.delta_margin,
            self.aspiration_window,
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_is_within_its_range_and_every_name_reaches_its_own_field() {
        let d = SearchParams::default();
        for (i, (s, v)) in SearchParams::SPECS.iter().zip(d.values()).enumerate() {
            assert!((s.min..=s.max).contains(&v), "{}: {v}", s.name);
            let mut p = d;
            p.set(&s.name.to_uppercase(), s.min).unwrap();
            let changed: Vec<usize> = (0..10)
                .filter(|&j| p.values()[j] != d.values()[j])
                .collect();
            assert!(changed == vec![i] || v == s.min, "{}: {changed:?}", s.name);
            assert_eq!(p.get(s.name), Some(s.min));
        }
        let mut p = d;
        assert_eq!(
            p.set("LmrDivisor", 99),
            Err(ParamError::OutOfRange {
                name: "LmrDivisor",
                value: 99,
                min: 100,
                max: 500
            })
        );
        assert_eq!(
            p.set("Nonsense", 1),
            Err(ParamError::Unknown("Nonsense".into()))
        );
        assert_eq!(p, d);
    }
}
