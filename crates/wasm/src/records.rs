//! `readGames` and `validate`: PGN text read game by game, and checked with the command
//! line's verdicts and locations (`citadel validate`).

use citadel_notation::diagnostic::{self, Diagnostic};
use citadel_notation::pgn;
use citadel_rules::VariantPosition;
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_RECORDS: &str = r#"
/** A problem of one game, as `citadel validate` reports it. */
export interface Problem {
  /** The game's number in the text, from 1. */
  game: number;
  /** Line and column (from 1) of the fault. */
  line?: number;
  column?: number;
  /** The move at fault (`move 14... Nf9`). */
  move?: string;
  /** What is wrong. */
  reason: string;
  /** The whole line: `games.pgn:12:7: game 3, move 14... Nf9: no knight can move to f9`. */
  message: string;
}

/** One game of a PGN text. */
export interface GameRecord {
  /** Its number in the text, from 1. */
  number: number;
  /** Its tag pairs in order, each `[name, value]`. */
  tags: [string, string][];
  /** The game's id (`tamerlane`), absent when the `Variant` tag names no game. */
  variant?: string;
  /** The start position's FEN (its `FEN` tag, or the game's start). */
  fen?: string;
  /** The main line in SAN, as written. */
  moves: string[];
  /** The result token (`1-0`, `*`). */
  result: string;
  /** Why the game could not be read (then only `number` is meaningful). */
  error?: Problem;
}

/** The verdicts on a PGN text. */
export interface Validation {
  /** Games read, valid or not. */
  games: number;
  valid: number;
  invalid: number;
  /** Main-line plies of the valid games. */
  plies: number;
  /** The problems, in the text's order. */
  problems: Problem[];
  /** Each valid game's end, as `citadel replay --json` writes it. */
  summaries: { game: number; variant: string; plies: number; declared_result: string;
               result: string; termination: string; final_fen: string }[];
  /** Whether every game is valid (and there is one). */
  ok: boolean;
  /** The report as the command line prints it: a line per problem, then the count. */
  report: string;
}
"#;

/// A problem of one game, located.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// The game's number, from 1.
    pub game: usize,
    /// Line of the fault, from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// Column of the fault, from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// The move at fault.
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pub mv: Option<String>,
    /// What is wrong.
    pub reason: String,
    /// The line the command line prints.
    pub message: String,
}

impl Problem {
    /// The problem a diagnostic tells, in the text called `file`.
    fn of(d: &Diagnostic, file: &str) -> Self {
        Problem {
            game: d.game,
            line: d.loc.map(|l| l.line),
            column: d.loc.map(|l| l.col),
            mv: d.mv.clone(),
            reason: d.reason.clone(),
            message: d.render(file),
        }
    }
}

/// One game of a text.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct GameData {
    /// Its number, from 1.
    pub number: usize,
    /// Its tag pairs in order.
    pub tags: Vec<(String, String)>,
    /// Its game's id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// Its start position's FEN.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// The main line in SAN.
    pub moves: Vec<String>,
    /// The result token.
    pub result: String,
    /// Why it could not be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<Problem>,
}

/// The verdicts on a text.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Validation {
    /// Games read.
    pub games: usize,
    /// Valid games.
    pub valid: usize,
    /// Invalid games.
    pub invalid: usize,
    /// Main-line plies of the valid games.
    pub plies: usize,
    /// The problems in order.
    pub problems: Vec<Problem>,
    /// The valid games' ends.
    pub summaries: Vec<citadel_notation::Summary>,
    /// Whether every game is valid, and there is one.
    pub ok: bool,
    /// The command line's report.
    pub report: String,
}

/// Every game of `text`; a game that cannot be read carries its problem, and reading goes
/// on with the next.
pub fn games_of(text: &str) -> Vec<GameData> {
    pgn::read_games(text)
        .into_iter()
        .map(|g| match g {
            Err(e) => GameData {
                number: e.game,
                error: Some(Problem::of(&Diagnostic::from_pgn(&e), "input.pgn")),
                ..GameData::default()
            },
            Ok(g) => {
                let rec = &g.record;
                let variant = rec.variant().ok();
                let fen = match (rec.tag("FEN"), variant) {
                    (Some(f), _) => Some(f.to_string()),
                    (None, Some(v)) => Some(VariantPosition::start(v).fen()),
                    (None, None) => None,
                };
                GameData {
                    number: g.number,
                    tags: rec.tags.clone(),
                    variant: variant.map(|v| v.id().to_string()),
                    fen,
                    moves: rec.moves().map(str::to_string).collect(),
                    result: rec.result.as_str().to_string(),
                    error: None,
                }
            }
        })
        .collect()
}

/// The verdicts on `text`, its problems located in the text called `file`.
pub fn verdicts(text: &str, file: &str) -> Validation {
    let mut v = Validation::default();
    let mut lines = Vec::new();
    for g in pgn::read_games(text) {
        v.games += 1;
        let checked = match &g {
            Ok(g) => diagnostic::validate_game(g).map(|r| r.summary(g.number)),
            Err(e) => Err(Diagnostic::from_pgn(e)),
        };
        match checked {
            Ok(s) => {
                v.valid += 1;
                v.plies += s.plies;
                v.summaries.push(s);
            }
            Err(d) => {
                v.invalid += 1;
                lines.push(d.render(file));
                v.problems.push(Problem::of(&d, file));
            }
        }
    }
    v.ok = v.invalid == 0 && v.games > 0;
    lines.push(format!(
        "{} game(s) in 1 file(s): {} valid, {} invalid",
        v.games, v.valid, v.invalid
    ));
    v.report = lines.join("\n");
    v
}

/// Reads every game of a PGN text: its tags, game, start position, main line and result.
/// A game that cannot be read carries its problem (`error`), and the others still come.
#[wasm_bindgen(js_name = readGames, unchecked_return_type = "GameRecord[]")]
pub fn read_games(pgn: &str) -> Result<JsValue, JsError> {
    crate::to_js(&games_of(pgn))
}

/// Checks every game of a PGN text as `citadel validate` does (its moves by its game's
/// rules, its result against the rules) and reports the problems with their lines and
/// columns in the text, called `file` in the messages (default `input.pgn`).
#[wasm_bindgen(unchecked_return_type = "Validation")]
pub fn validate(pgn: &str, file: Option<String>) -> Result<JsValue, JsError> {
    crate::to_js(&verdicts(pgn, file.as_deref().unwrap_or("input.pgn")))
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "[Variant \"chess\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
                        [Variant \"chess\"]\n\n1. e4 e5 2. Ke3 *\n";

    #[test]
    fn reports_as_the_command_line() {
        let v = verdicts(TEXT, "g.pgn");
        assert_eq!((v.games, v.valid, v.invalid, v.plies), (2, 1, 1, 7));
        assert!(!v.ok);
        assert_eq!(
            v.problems[0].message,
            "g.pgn:7:13: game 2, move 2. Ke3: no king can move to e3"
        );
        assert_eq!(
            (v.problems[0].line, v.problems[0].column),
            (Some(7), Some(13))
        );
        assert!(v
            .report
            .ends_with("2 game(s) in 1 file(s): 1 valid, 1 invalid"));
    }

    #[test]
    fn reads_games_past_a_broken_one() {
        let games = games_of("1. e4 (( *\n\n[Variant \"shatranj\"]\n\n1. e3 *\n");
        assert!(games[0].error.is_some());
        let last = games.last().unwrap();
        assert_eq!(last.variant.as_deref(), Some("shatranj"));
        assert_eq!(last.moves, ["e3"]);
    }
}
