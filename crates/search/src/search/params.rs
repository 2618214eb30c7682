//! The search's numbers: the margins and depths of its pruning, the shape of its reductions,
//! the aspiration window and the factors of its time management. Margins are in centipawns
//! (the evaluation's unit), depths in plies of remaining depth.

// Reverse futility pruning (static null move), at a node that is neither a PV node nor in check.

/// Deepest remaining depth at which a node is cut when its static evaluation beats beta by
/// the margin below.
pub(super) const REVERSE_FUTILITY_DEPTH: i32 = 3;
/// Margin per ply of remaining depth: the node returns its evaluation `e` when
/// `e - REVERSE_FUTILITY_MARGIN * depth >= beta`.
pub(super) const REVERSE_FUTILITY_MARGIN: i32 = 110;

// Razoring, at a node that is neither a PV node nor in check.

/// Deepest remaining depth at which a node far below alpha is razored: searched by
/// quiescence alone, and cut when that fails low too.
pub(super) const RAZOR_DEPTH: i32 = 3;
/// Margin per ply of remaining depth: a node is razored when
/// `e + RAZOR_MARGIN * depth < alpha` for its static evaluation `e`.
pub(super) const RAZOR_MARGIN: i32 = 250;

// Null-move pruning.

/// Least remaining depth at which a null move is tried.
pub(super) const NULL_MOVE_DEPTH: i32 = 3;
/// The null move's reduction: `NULL_MOVE_REDUCTION + depth / NULL_MOVE_DEPTH_DIVISOR` plies
/// besides the ply of the move itself.
pub(super) const NULL_MOVE_REDUCTION: i32 = 3;
/// See [`NULL_MOVE_REDUCTION`]: one ply more of reduction per this many plies of depth.
pub(super) const NULL_MOVE_DEPTH_DIVISOR: i32 = 6;

// Futility pruning of quiet moves near the leaves.

/// Deepest remaining depth at which quiet moves may be futile.
pub(super) const FUTILITY_DEPTH: i32 = 2;
/// Margin at any depth: quiet moves (that do not give check) are pruned, after the first
/// move, when `e + FUTILITY_BASE + FUTILITY_MARGIN * depth <= alpha`.
pub(super) const FUTILITY_BASE: i32 = 100;
/// Margin per ply of remaining depth (see [`FUTILITY_BASE`]).
pub(super) const FUTILITY_MARGIN: i32 = 120;

// Internal iterative reduction.

/// Least remaining depth at which a node without a hash move is searched one ply shallower.
pub(super) const IIR_DEPTH: i32 = 4;

// Late-move pruning.

/// Deepest remaining depth at which late quiet moves are pruned.
pub(super) const LMP_DEPTH: i32 = 3;
/// Moves searched before the late quiet ones are pruned: `LMP_BASE + depth * depth`.
pub(super) const LMP_BASE: i32 = 3;

// Late-move reductions.

/// Least remaining depth at which late quiet moves are reduced.
pub(super) const LMR_DEPTH: i32 = 3;
/// Moves searched in full before the others may be reduced (at a PV node, or always with
/// `lmr` off).
pub(super) const LMR_FIRST: usize = 3;
/// Moves searched in full before the others may be reduced at a node off the PV (with `lmr`).
pub(super) const LMR_FIRST_NON_PV: usize = 2;
/// The reduction of the `n`-th move at depth `d` is `LMR_BASE + ln d · ln n / LMR_DIVISOR`
/// plies (rounded down; one less at a PV node, and always leaving at least one ply).
pub(super) const LMR_BASE: f64 = 0.75;
/// See [`LMR_BASE`].
pub(super) const LMR_DIVISOR: f64 = 2.25;
/// With `lmr` off, a reduced move loses one ply, or two from this depth on ...
pub(super) const FIXED_REDUCTION_DEEP: i32 = 5;
/// ... and this many moves searched (one ply less at a PV node).
pub(super) const FIXED_REDUCTION_LATE: usize = 8;

// Check extensions.

/// A node in check is searched one ply deeper while its ply is below this many times the
/// iteration's depth (which bounds the extensions of a line of checks).
pub(super) const CHECK_EXTENSION_PLIES: i32 = 2;

// Quiescence.

/// Delta pruning: a capture whose material gain cannot lift the stand-pat score to within
/// this margin of alpha is not searched.
pub(super) const DELTA_MARGIN: i32 = 200;

// Aspiration windows.

/// First iteration searched with a window around the previous score (earlier ones, and any
/// after a mate score, use the full window).
pub(super) const ASPIRATION_DEPTH: u32 = 4;
/// The window's first half-width; it doubles on each failure (towards the side that failed).
pub(super) const ASPIRATION_WINDOW: i32 = 40;

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
