#![doc = include_str!("../README.md")]

mod board;
mod engine;
mod games;
mod records;
mod svg;

pub use board::{Board, MoveInfo, Outcome};
pub use engine::Engine;
pub use games::{games, info, GameInfo};
pub use records::{read_games, validate, GameData, Problem, Validation};

use wasm_bindgen::prelude::*;

/// The TypeScript shapes of the plain objects the package takes and gives (the classes'
/// declarations are generated from the Rust code).
#[wasm_bindgen(typescript_custom_section)]
const TS_SHAPES: &str = r#"
/** A built-in game. */
export interface GameInfo {
  /** What `new Board` takes (`tamerlane`). */
  id: string;
  /** Its name (`Tamerlane chess`). */
  name: string;
  /** Other names `new Board` accepts. */
  aliases: string[];
  /** Files and ranks (the round board: cells around a ring, and rings). */
  files: number;
  ranks: number;
  /** Cells, the citadels included. */
  cells: number;
  /** Whether the board is round. */
  round: boolean;
  startFen: string;
}

/** A legal move. */
export interface MoveInfo {
  /** In coordinates (`e2e4`, `e9e10q`, `b1c3/xd2e2`). */
  uci: string;
  /** In SAN with `+` or `#`. */
  san: string;
  /** Start and end cells. */
  from: string;
  to: string;
  /** The letter of the piece promoted to, if any. */
  promotion?: string;
  /** Whether it takes a piece. */
  capture: boolean;
}

/** How a game ended. */
export interface Outcome {
  /** `"w"` or `"b"`; absent for a draw. */
  winner?: "w" | "b";
  /** `checkmate`, `stalemate`, `citadel`, `bare king`, `repetition`, `move limit`, ... */
  termination: string;
  /** `1-0`, `0-1` or `1/2-1/2`. */
  result: string;
  /** In words: `White wins by checkmate`. */
  text: string;
}

/** What `Board.svg` draws besides the board and its pieces (every field optional). */
export interface SvgOptions {
  /** Seen from Black's side. */
  flipped?: boolean;
  /** File, rank and ring labels (default true). */
  coordinates?: boolean;
  /** Cell names as `data-cell` on each cell and `data-piece` on each piece, for a page
   *  that plays on the picture (default false). */
  interactive?: boolean;
  /** The last move and a royal piece in check marked (default true). */
  highlights?: boolean;
  /** Cells marked with a ring (e.g. a selected piece's targets). */
  marks?: string[];
  /** Arrows, each `[from, to]`. */
  arrows?: [string, string][];
  /** Cells tinted as a last move, instead of the board's own. */
  lastMove?: [string, string];
}

/** The limits of a search: at least one of them. */
export interface SearchLimits {
  /** Deepest iteration, in plies. */
  depth?: number;
  /** Most time, in milliseconds. */
  movetime?: number;
  /** Most nodes. */
  nodes?: number;
}

/** A score from the side to move's point of view. */
export type SearchScore = { cp: number } | { mate: number };

/** A search's progress after an iteration, and its result. */
export interface SearchInfo {
  depth: number;
  seldepth: number;
  score: SearchScore;
  nodes: number;
  /** Nodes per second. */
  nps: number;
  /** Milliseconds since the search started. */
  time: number;
  /** The principal variation in coordinates. */
  pv: string[];
  /** The principal variation in SAN. */
  pvSan: string[];
  /** The report as a UCI `info` line. */
  line: string;
  /** The best move in coordinates (absent when the side to move has no move). */
  best?: string;
  /** The best move in SAN. */
  bestSan?: string;
}
"#;

/// A JavaScript `Error` with the message of a typed error.
fn js_error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

/// A plain JavaScript object (maps as objects, numbers as numbers) of a Rust value.
fn to_js<T: serde::Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(js_error)
}

/// The version of the package (the crate's).
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
