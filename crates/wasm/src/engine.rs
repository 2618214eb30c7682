//! `Engine`: the search crate's engine on a board, reporting each iteration to a callback
//! (run it in a Web Worker: a search holds its thread until it ends).

use crate::board::Board;
use citadel_engine::session::progress;
use citadel_engine::uci::info_lines;
use citadel_notation::{san, Position as _};
use citadel_rules::{with_position, Game, Position, VariantPosition};
use citadel_search::{Limits, Score, SearchResult, Searcher, MAX_PLY};
use serde::{Deserialize, Serialize};
use std::any::Any;
use std::time::Duration;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// The limits object of `Engine.bestMove` (the `SearchLimits` interface).
    #[wasm_bindgen(typescript_type = "SearchLimits")]
    pub type SearchLimitsArg;
    /// The progress callback of `Engine.bestMove`.
    #[wasm_bindgen(typescript_type = "((info: SearchInfo) => void)")]
    pub type InfoCallback;
}

/// The fields of `SearchLimits`.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct SearchLimits {
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Most milliseconds.
    pub movetime: Option<f64>,
    /// Most nodes.
    pub nodes: Option<f64>,
}

/// Why a search's limits are refused.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LimitsError {
    /// No limit at all.
    Missing,
    /// A depth of 0 or beyond the deepest ply.
    Depth(u32),
    /// A time or node count below 1 (or not a number).
    NotPositive(&'static str, f64),
}

impl std::fmt::Display for LimitsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LimitsError::Missing => write!(f, "a search needs a limit: depth, movetime or nodes"),
            LimitsError::Depth(d) => write!(f, "depth must be 1 to {MAX_PLY}, not {d}"),
            LimitsError::NotPositive(name, x) => {
                write!(f, "{name} must be a number of at least 1, not {x}")
            }
        }
    }
}

impl SearchLimits {
    /// The search crate's limits, or why these are none.
    pub fn limits(&self) -> Result<Limits, LimitsError> {
        if self.depth.is_none() && self.movetime.is_none() && self.nodes.is_none() {
            return Err(LimitsError::Missing);
        }
        if let Some(d) = self.depth {
            if d == 0 || d as usize > MAX_PLY {
                return Err(LimitsError::Depth(d));
            }
        }
        let positive = |name: &'static str, v: Option<f64>| match v {
            Some(x) if !(x.is_finite() && x >= 1.0) => Err(LimitsError::NotPositive(name, x)),
            _ => Ok(v),
        };
        Ok(Limits {
            depth: self.depth,
            movetime: positive("movetime", self.movetime)?
                .map(|ms| Duration::from_millis(ms as u64)),
            nodes: positive("nodes", self.nodes)?.map(|n| n as u64),
            ..Limits::default()
        })
    }
}

/// A search's progress or result, as the page sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchInfo {
    /// Deepest completed iteration.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// `{cp}` or `{mate}`.
    pub score: ScoreInfo,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Milliseconds.
    pub time: u64,
    /// The principal variation in coordinates.
    pub pv: Vec<String>,
    /// The principal variation in SAN.
    pub pv_san: Vec<String>,
    /// As a UCI `info` line.
    pub line: String,
    /// The best move in coordinates.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best: Option<String>,
    /// The best move in SAN.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_san: Option<String>,
}

/// A score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ScoreInfo {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (negative: the side to move is mated).
    Mate(i32),
}

impl SearchInfo {
    /// The report of `r`, a search of `pos`: its progress as the UCI server reports it
    /// ([`progress`], [`info_lines`]), with the line in SAN too.
    pub fn of(pos: &VariantPosition, r: &SearchResult) -> Self {
        let p = with_position!(pos, root => progress(root, r));
        let score = match p.score {
            Score::Cp(c) => ScoreInfo::Cp(c),
            Score::Mate(m) => ScoreInfo::Mate(m),
        };
        let mut line = pos.clone();
        let mut pv_san = Vec::with_capacity(r.pv.len());
        for m in &r.pv {
            pv_san.push(with_position!(&mut line, l => san::write_mut(l, m)).unwrap_or_default());
            line.play_unchecked(*m);
        }
        SearchInfo {
            depth: p.depth,
            seldepth: p.seldepth,
            score,
            nodes: p.nodes,
            nps: p.nps,
            time: p.elapsed.as_millis() as u64,
            best: r.best.map(|m| pos.coord(&m)),
            best_san: pv_san.first().cloned().filter(|_| r.best.is_some()),
            line: info_lines(&p).swap_remove(0),
            pv: p.pv,
            pv_san,
        }
    }
}

/// The engine: one searcher per game, whose transposition table lasts across searches.
#[wasm_bindgen]
pub struct Engine {
    hash_mb: usize,
    /// The searcher of the last game searched (a `Searcher<G>`).
    searcher: Option<Box<dyn Any>>,
}

/// Searches `pos` with the searcher in `slot`, made anew for another game.
fn search<G: Game>(
    slot: &mut Option<Box<dyn Any>>,
    hash_mb: usize,
    pos: &Position<G>,
    limits: &Limits,
    on_iteration: &mut dyn FnMut(&SearchResult),
) -> SearchResult {
    if !slot.as_ref().is_some_and(|s| s.is::<Searcher<G>>()) {
        *slot = Some(Box::new(Searcher::<G>::new(hash_mb)));
    }
    match slot.as_mut().and_then(|s| s.downcast_mut::<Searcher<G>>()) {
        Some(s) => s.search_with(pos, limits, on_iteration),
        None => Searcher::<G>::new(hash_mb).search_with(pos, limits, on_iteration),
    }
}

impl Engine {
    /// Searches `board` within `limits`, calling `on_info` after each iteration.
    pub fn think(
        &mut self,
        board: &Board,
        limits: &Limits,
        on_info: &mut dyn FnMut(SearchInfo),
    ) -> SearchInfo {
        let pos = board.position().clone();
        let hash = self.hash_mb;
        let slot = &mut self.searcher;
        let r = with_position!(&pos, p => search(slot, hash, p, limits, &mut |r| on_info(SearchInfo::of(&pos, r))));
        SearchInfo::of(&pos, &r)
    }
}

#[wasm_bindgen]
impl Engine {
    /// An engine with a transposition table of `hashMb` megabytes (default 16, at most 1024).
    #[wasm_bindgen(constructor)]
    pub fn new(#[wasm_bindgen(js_name = hashMb)] hash_mb: Option<u32>) -> Result<Engine, JsError> {
        let hash_mb = hash_mb.unwrap_or(16);
        if !(1..=1024).contains(&hash_mb) {
            return Err(JsError::new("hash must be 1 to 1024 MB"));
        }
        Ok(Engine {
            hash_mb: hash_mb as usize,
            searcher: None,
        })
    }

    /// Searches the board's position (its moves count for repetitions) within `limits` and
    /// returns the result (`best` absent when the side to move has no move); `onInfo`, if
    /// given, receives the progress after every iteration. The search holds the thread
    /// until it ends: run it in a Web Worker (`SearchWorker`).
    #[wasm_bindgen(js_name = bestMove, unchecked_return_type = "SearchInfo")]
    pub fn best_move(
        &mut self,
        board: &Board,
        limits: SearchLimitsArg,
        #[wasm_bindgen(js_name = onInfo)] on_info: Option<InfoCallback>,
    ) -> Result<JsValue, JsError> {
        let asked: SearchLimits = serde_wasm_bindgen::from_value(limits.into())
            .map_err(|e| crate::js_error(format!("search limits: {e}")))?;
        let limits = asked.limits().map_err(crate::js_error)?;
        let callback: Option<js_sys::Function> = on_info.map(|f| JsValue::from(f).into());
        let mut failure = None;
        let found = self.think(board, &limits, &mut |info| {
            if let (Some(f), None) = (&callback, &failure) {
                let sent = crate::to_js(&info).and_then(|v| {
                    f.call1(&JsValue::NULL, &v)
                        .map(drop)
                        .map_err(|e| JsError::new(&format!("onInfo threw: {e:?}")))
                });
                failure = sent.err();
            }
        });
        if let Some(e) = failure {
            return Err(e);
        }
        crate::to_js(&found)
    }

    /// Forgets what earlier searches learnt (a new game).
    pub fn clear(&mut self) {
        self.searcher = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use citadel_rules::Variant;

    #[test]
    fn finds_a_mate_and_reports_its_line() {
        let pos = citadel_notation::position::from_fen(
            Variant::Chess,
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        )
        .unwrap();
        let board = Board::from_position(pos);
        let mut engine = Engine::new(Some(4)).unwrap();
        let mut reports = 0;
        let limits = SearchLimits {
            depth: Some(3),
            ..SearchLimits::default()
        };
        let found = engine.think(&board, &limits.limits().unwrap(), &mut |_| reports += 1);
        assert_eq!(found.best.as_deref(), Some("a1a8"));
        assert_eq!(found.best_san.as_deref(), Some("Ra8#"));
        assert_eq!(found.score, ScoreInfo::Mate(1));
        assert!(reports >= 1);
        assert!(found.line.starts_with("info depth"));
    }

    #[test]
    fn refuses_a_search_without_limits() {
        assert!(SearchLimits::default().limits().is_err());
        let zero = SearchLimits {
            movetime: Some(0.0),
            ..SearchLimits::default()
        };
        assert!(zero.limits().is_err());
    }
}
