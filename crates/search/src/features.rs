//! The search techniques a match of one change can switch off (`CITADEL_SEARCH_OFF`).

/// Search techniques that can be switched off for a new-against-old match of one change
/// (all on by default): the environment variable `CITADEL_SEARCH_OFF` lists the ones to
/// leave out, comma-separated: `null` (null-move pruning), `lazy` (lazy stand-pat
/// evaluation), `see` (losing captures ordered last and pruned in quiescence), `iir`
/// (internal iterative reduction), `lmr` (reductions
/// growing with depth and move number; off: one or two plies), `lmp` (late quiet moves
/// pruned near the leaves), `malus` (history lowered for the quiet moves that failed before
/// a cut-off), `swap` (the full static exchange evaluation decides which captures lose; off:
/// the one-step estimate). It is read when a searcher is made; no game is ever searched
/// differently from another.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Features {
    pub(crate) null: bool,
    pub(crate) lazy: bool,
    pub(crate) see: bool,
    pub(crate) iir: bool,
    pub(crate) lmr: bool,
    pub(crate) lmp: bool,
    pub(crate) malus: bool,
    pub(crate) swap: bool,
}

impl Features {
    /// The techniques on: all but those `CITADEL_SEARCH_OFF` names.
    pub(crate) fn from_env() -> Features {
        let off = std::env::var("CITADEL_SEARCH_OFF").unwrap_or_default();
        let on = |name: &str| !off.split(',').any(|w| w.trim() == name);
        Features {
            null: on("null"),
            lazy: on("lazy"),
            see: on("see"),
            iir: on("iir"),
            lmr: on("lmr"),
            lmp: on("lmp"),
            malus: on("malus"),
            swap: on("swap"),
        }
    }
}
