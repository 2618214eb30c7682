//! `Board`: a position of any game with its moves, in the terms of ffish.js and chess.js
//! (`legalMoves`, `push`, `pop`, `fen`, `turn`, `isCheck`, `outcome`), and the game's record
//! as PGN.

use crate::svg::{self, SvgOptionsArg};
use citadel_engine::GameRecord;
use citadel_notation::record::Record;
use citadel_notation::{position, san, writer, Position as _};
use citadel_rules::{
    with_position, Color, Game, Move, MoveList, Position, Variant, VariantPosition,
};
use serde::Serialize;
use std::collections::HashMap;
use wasm_bindgen::prelude::*;

/// A legal move with the names a page needs: coordinates, SAN, its cells and promotion
/// (a plain object in JavaScript, the `MoveInfo` interface).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveInfo {
    /// In coordinates (`e2e4`, `e9e10q`, `b1c3/xd2e2`), as UCI engines write it.
    pub uci: String,
    /// In SAN with `+` or `#` (`Nf3`, `O-O`, `e10=Q`).
    pub san: String,
    /// The start cell's name.
    pub from: String,
    /// The end cell's name.
    pub to: String,
    /// The letter of the piece promoted to (lowercase), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub promotion: Option<String>,
    /// Whether it takes a piece.
    pub capture: bool,
}

/// How a game ended (a plain object in JavaScript, the `Outcome` interface).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// `"w"` or `"b"`; absent for a draw.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
    /// What ended it: `checkmate`, `stalemate`, `citadel`, `bare king`, `repetition`,
    /// `move limit`, `insufficient material`.
    pub termination: String,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// In words: `White wins by checkmate`, `draw by repetition`.
    pub text: String,
}

impl From<citadel_rules::Outcome> for Outcome {
    fn from(o: citadel_rules::Outcome) -> Self {
        let text = o.to_string();
        let mut chars = text.chars();
        Outcome {
            winner: o.winner.map(|c| side(c).to_string()),
            termination: o.termination.name().to_string(),
            result: o.result().as_str().to_string(),
            text: chars
                .next()
                .map(|c| c.to_uppercase().chain(chars).collect())
                .unwrap_or_default(),
        }
    }
}

/// A move's promotion letter (lowercase) and whether it captures.
fn details<G: Game>(pos: &Position<G>, m: &Move) -> (Option<String>, bool) {
    (
        m.promotion.map(|k| san::letter_of::<G>(k).to_lowercase()),
        san::is_capture(pos, m),
    )
}

/// A side as chess.js names it.
fn side(c: Color) -> &'static str {
    match c {
        Color::White => "w",
        Color::Black => "b",
    }
}

/// A position of any game, with the moves played since it was set up.
///
/// ```js
/// const board = new Board("tamerlane");
/// board.push("f2f3");          // coordinates or SAN
/// board.legalMovesSan();       // ["a3", "b3", ...]
/// board.fen();
/// ```
#[wasm_bindgen]
#[derive(Clone)]
pub struct Board {
    pos: VariantPosition,
    /// The position the board was set up in.
    start: VariantPosition,
    /// The moves played since, each with its SAN.
    played: Vec<(Move, String)>,
    /// The legal moves of `pos`, once asked for.
    legal: Option<Box<MoveList>>,
}

impl Board {
    /// A board at `pos`, with no moves played.
    pub fn from_position(pos: VariantPosition) -> Self {
        Board {
            start: pos.clone(),
            pos,
            played: Vec::new(),
            legal: None,
        }
    }

    /// The position.
    pub fn position(&self) -> &VariantPosition {
        &self.pos
    }

    /// The legal moves, computed once per position.
    fn legal(&mut self) -> &MoveList {
        let pos = &self.pos;
        self.legal
            .get_or_insert_with(|| Box::new(pos.legal_moves()))
    }

    /// The legal moves, each with its SAN.
    fn legal_with_san(&mut self) -> Vec<(Move, String)> {
        let moves: Vec<Move> = self.legal().iter().copied().collect();
        let legal = self.legal().clone();
        with_position!(&self.pos, p => {
            let mut p = p.clone();
            moves
                .into_iter()
                .map(|m| (m, san::write_among(&mut p, &legal, &m)))
                .collect()
        })
    }

    /// Plays a legal move given in coordinates or SAN; returns its SAN.
    pub fn play(&mut self, text: &str) -> Result<String, citadel_rules::IllegalMove> {
        let m = self.pos.parse_move(text)?;
        let legal = self.legal().clone();
        let written = with_position!(&self.pos, p => san::write_among(&mut p.clone(), &legal, &m));
        self.pos.play_unchecked(m);
        self.played.push((m, written.clone()));
        self.legal = None;
        Ok(written)
    }

    /// How the game ended (draws by repetition and the move-count rule included).
    pub fn outcome_of(&mut self) -> Option<citadel_rules::Outcome> {
        self.legal();
        let pos = &self.pos;
        self.legal.as_deref().and_then(|l| pos.outcome_among(l))
    }

    /// The game as a record, as the engine writes its games ([`GameRecord::record`]):
    /// `tags` (in the order given), then `Result`, `Variant`, `SetUp`/`FEN` when the board
    /// was not set up at its game's start, and `Termination` when the game is over.
    pub fn record(&mut self, tags: Vec<(String, String)>) -> Record {
        let outcome = self.outcome_of();
        let tags: Vec<(String, String)> = tags
            .into_iter()
            .filter(|(k, _)| !matches!(k.as_str(), "Result" | "Variant" | "SetUp" | "FEN"))
            .collect();
        let moves: Vec<Move> = self.played.iter().map(|(m, _)| *m).collect();
        with_position!(&self.start, start => GameRecord {
            start: start.clone(),
            moves,
            outcome,
            verdict: None,
            tags,
            effort: Default::default(),
            evals: Vec::new(),
        }
        .record())
    }
}

/// The tag pairs a page passes: an object of names to values, the Seven Tag Roster first.
fn ordered_tags(tags: HashMap<String, String>) -> Vec<(String, String)> {
    const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
    let mut v: Vec<(String, String)> = tags.into_iter().collect();
    v.sort_by_key(|(k, _)| (ROSTER.iter().position(|r| r == k).unwrap_or(7), k.clone()));
    v
}

#[wasm_bindgen]
extern "C" {
    /// PGN tag pairs, `{ White: "Ann", Event: "Club" }`.
    #[wasm_bindgen(typescript_type = "Record<string, string>")]
    pub type TagsArg;
}

#[wasm_bindgen]
impl Board {
    /// The start position of `variant` (an id of `games()`, or one of its aliases), or the
    /// position of `fen` (ring FEN for Byzantine chess). Throws an `Error` naming the fault
    /// of an unknown game or a bad FEN.
    #[wasm_bindgen(constructor)]
    pub fn new(variant: &str, fen: Option<String>) -> Result<Board, JsError> {
        let v: Variant = variant.parse().map_err(crate::js_error)?;
        let pos = match fen {
            None => VariantPosition::start(v),
            Some(f) => position::from_fen(v, &f).map_err(crate::js_error)?,
        };
        Ok(Board::from_position(pos))
    }

    /// The game's id (`tamerlane`).
    #[wasm_bindgen(getter)]
    pub fn variant(&self) -> String {
        self.pos.variant().id().to_string()
    }

    /// The position's FEN.
    pub fn fen(&self) -> String {
        self.pos.fen()
    }

    /// The FEN of the position the board was set up in.
    #[wasm_bindgen(js_name = startFen)]
    pub fn start_fen(&self) -> String {
        self.start.fen()
    }

    /// The side to move: `"w"` or `"b"`.
    #[wasm_bindgen(unchecked_return_type = "\"w\" | \"b\"")]
    pub fn turn(&self) -> String {
        side(self.pos.turn()).to_string()
    }

    /// The legal moves in coordinates (`e2e4`), as UCI engines write them.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&mut self) -> Vec<String> {
        let pos = self.pos.clone();
        self.legal().iter().map(|m| pos.coord(m)).collect()
    }

    /// The legal moves in SAN (`Nf3`).
    #[wasm_bindgen(js_name = legalMovesSan)]
    pub fn legal_moves_san(&mut self) -> Vec<String> {
        self.legal_with_san().into_iter().map(|(_, s)| s).collect()
    }

    /// The legal moves with their cells, SAN and coordinates.
    #[wasm_bindgen(js_name = moves, unchecked_return_type = "MoveInfo[]")]
    pub fn moves_js(&mut self) -> Result<JsValue, JsError> {
        crate::to_js(&self.moves())
    }

    /// How the game ended, or `undefined` while it goes on.
    #[wasm_bindgen(js_name = outcome, unchecked_return_type = "Outcome | undefined")]
    pub fn outcome_js(&mut self) -> Result<JsValue, JsError> {
        match self.outcome() {
            Some(o) => crate::to_js(&o),
            None => Ok(JsValue::UNDEFINED),
        }
    }
}

impl Board {
    /// The legal moves with their cells, SAN and coordinates.
    pub fn moves(&mut self) -> Vec<MoveInfo> {
        let pos = self.pos.clone();
        self.legal_with_san()
            .into_iter()
            .map(|(m, s)| {
                let (promotion, capture) = with_position!(&pos, p => details(p, &m));
                MoveInfo {
                    uci: pos.coord(&m),
                    from: pos.square_name(m.from).to_string(),
                    to: pos.square_name(m.to).to_string(),
                    promotion,
                    capture,
                    san: s,
                }
            })
            .collect()
    }

    /// How the game ended, or `None` while it goes on.
    pub fn outcome(&mut self) -> Option<Outcome> {
        self.outcome_of().map(Outcome::from)
    }
}

#[wasm_bindgen]
impl Board {
    /// Plays a legal move given in SAN or coordinates and returns its SAN; throws an `Error`
    /// saying why a move is not legal here.
    pub fn push(&mut self, text: &str) -> Result<String, JsError> {
        self.play(text).map_err(crate::js_error)
    }

    /// Takes back the last move and returns its SAN (`undefined` if there is none).
    pub fn pop(&mut self) -> Option<String> {
        let (_, s) = self.played.pop()?;
        self.pos.undo();
        self.legal = None;
        Some(s)
    }

    /// The moves played since the board was set up, in SAN.
    pub fn history(&self) -> Vec<String> {
        self.played.iter().map(|(_, s)| s.clone()).collect()
    }

    /// The moves played since the board was set up, in coordinates.
    #[wasm_bindgen(js_name = historyUci)]
    pub fn history_uci(&self) -> Vec<String> {
        let mut pos = self.start.clone();
        self.played
            .iter()
            .map(|(m, _)| {
                let c = pos.coord(m);
                pos.play_unchecked(*m);
                c
            })
            .collect()
    }

    /// The last move's start and end cells (`undefined` before the first move).
    #[wasm_bindgen(js_name = lastMove)]
    pub fn last_move(&self) -> Option<Vec<String>> {
        let (m, _) = self.played.last()?;
        let name = |sq| self.pos.square_name(sq).to_string();
        Some(vec![name(m.from), name(m.to)])
    }

    /// Whether the side to move is in check.
    #[wasm_bindgen(js_name = isCheck)]
    pub fn is_check(&self) -> bool {
        self.pos.in_check()
    }

    /// Whether the game is over (by its rules or a draw).
    #[wasm_bindgen(js_name = isGameOver)]
    pub fn is_game_over(&mut self) -> bool {
        self.outcome_of().is_some()
    }

    /// Leaf nodes of the move tree `depth` plies deep (exact up to 2^53).
    pub fn perft(&self, depth: u32) -> f64 {
        let mut pos = self.pos.clone();
        with_position!(&mut pos, p => citadel_search::perft(p, depth)) as f64
    }

    /// The SVG diagram: the board in its true shape (the round board and the citadels too),
    /// the last move and a royal piece in check marked, and what `options` asks for.
    pub fn svg(&self, options: Option<SvgOptionsArg>) -> Result<String, JsError> {
        let o = svg::read(options)?
            .resolve(&self.pos)
            .map_err(crate::js_error)?;
        Ok(with_position!(&self.pos, p => citadel_diagram::svg(p, &o)))
    }

    /// The game as PGN, with the tag pairs of `tags` (an object of names to values) and its
    /// result when it is over.
    pub fn pgn(&mut self, tags: Option<TagsArg>) -> Result<String, JsError> {
        let tags: HashMap<String, String> = match tags {
            Some(t) if !t.is_undefined() && !t.is_null() => {
                serde_wasm_bindgen::from_value(t.into())
                    .map_err(|e| crate::js_error(format!("tags: {e}")))?
            }
            _ => HashMap::new(),
        };
        Ok(writer::write(&self.record(ordered_tags(tags))))
    }

    /// Plies played since the board was set up.
    pub fn ply(&self) -> usize {
        self.played.len()
    }

    /// A copy of the board, its moves included.
    pub fn copy(&self) -> Board {
        self.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plays_takes_back_and_writes_its_record() {
        let mut b = Board::from_position(VariantPosition::start(Variant::Chess));
        assert_eq!(b.play("e2e4").unwrap(), "e4");
        assert_eq!(b.play("e5").unwrap(), "e5");
        assert_eq!(b.history_uci(), ["e2e4", "e7e5"]);
        assert_eq!(b.pop().as_deref(), Some("e5"));
        assert!(b.play("e4e6").is_err());
        let text = writer::write(&b.record(ordered_tags(HashMap::from([(
            "White".to_string(),
            "Ann".to_string(),
        )]))));
        assert!(text.starts_with("[White \"Ann\"]\n[Result \"*\"]\n[Variant \"chess\"]\n"));
        assert!(text.contains("1. e4 *"));
    }

    #[test]
    fn finds_the_end_of_a_game() {
        let mut b = Board::from_position(VariantPosition::start(Variant::Chess));
        for m in ["f3", "e5", "g4", "Qh4#"] {
            b.play(m).unwrap();
        }
        let o = Outcome::from(b.outcome_of().unwrap());
        assert_eq!(o.winner.as_deref(), Some("b"));
        assert_eq!(o.text, "Black wins by checkmate");
        assert!(b.legal_moves().is_empty());
    }

    #[test]
    fn names_the_cells_of_every_move() {
        let mut b = Board::from_position(VariantPosition::start(Variant::Tamerlane));
        let moves = b.moves();
        assert_eq!(moves.len(), b.legal_moves().len());
        assert!(moves.iter().all(|m| !m.from.is_empty() && !m.to.is_empty()));
    }
}
