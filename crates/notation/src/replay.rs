//! Replaying records over the rules: legality of every main-line move, the result the rules
//! give, the consistency of the declared result, and canonical records.
//!
//! Decisions (also in `docs/rules/records.md`):
//! - The game is the `Variant` tag's ([`Record::variant`]); the start is the `FEN` tag's
//!   position, else the game's start position.
//! - Every main-line move must be legal (SAN or coordinate, see [`crate::san`]); variations
//!   are kept but not played.
//! - A game ends as soon as the rules end it: checkmate, stalemate, a rule's decision
//!   (citadel, bare king), threefold repetition, the move-count rule or insufficient
//!   material. A move after that is an error.
//! - The declared result is the movetext's result token; a `Result` tag, if present, must say
//!   the same. If the rules ended the game, the declared result must be theirs (`*` too is
//!   then an error). If they did not, any result is accepted: `*` (unfinished), a decisive
//!   result (resignation, time) or a draw (agreement).

use crate::pgn::{Loc, PgnError, SourceGame};
use crate::record::{GameResult, Line, Record};
use crate::{fen, san, SanDialect};
use citadel_rules::{with_game, Color, Game, Move, MoveList, Outcome, Position, Variant};
use serde::Serialize;

/// Where in a record a replay error is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Site {
    /// The record as a whole.
    Game,
    /// The tag pair with this index.
    Tag(usize),
    /// The main-line move with this index.
    Move(usize),
    /// The result token.
    Result,
}

/// Why a record does not replay, or declares a result the rules contradict.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{}{reason}", mv.as_ref().map(|m| format!("{m}: ")).unwrap_or_default())]
pub struct ReplayError {
    /// Where the error is.
    pub site: Site,
    /// The move at fault as `move 14... Nf9`, if a move is.
    pub mv: Option<String>,
    /// What is wrong.
    pub reason: String,
}

impl ReplayError {
    fn at(site: Site, reason: impl Into<String>) -> Self {
        ReplayError {
            site,
            mv: None,
            reason: reason.into(),
        }
    }
}

/// A record played over its game's rules.
#[derive(Clone, Debug)]
pub struct Played<G: Game> {
    /// The start position.
    pub start: Position<G>,
    /// The position after the last move (its history holds every move, for repetitions).
    pub end: Position<G>,
    /// The main line's moves.
    pub moves: Vec<Move>,
    /// The result the rules give at the end, if the game is over.
    pub outcome: Option<Outcome>,
}

/// `move 14. Nf3` or `move 14... Nf6`: a move as messages name it.
pub fn move_label<G: Game>(pos: &Position<G>, text: &str) -> String {
    let dots = if pos.turn() == Color::White {
        "."
    } else {
        "..."
    };
    format!("move {}{dots} {text}", pos.fullmove_number())
}

/// The start position of a record for game `G`.
pub fn start_position<G: SanDialect>(record: &Record) -> Result<Position<G>, ReplayError> {
    match record.tag("FEN") {
        None => Ok(fen::start::<G>()),
        Some(f) => fen::parse::<G>(f).map_err(|e| {
            ReplayError::at(
                Site::Tag(record.tag_index("FEN").unwrap_or(0)),
                e.to_string(),
            )
        }),
    }
}

/// Plays moves given as text (SAN or coordinates) from `pos`, stopping at the first one that
/// is illegal or comes after the rules ended the game: the error names the move (`move 6.
/// Nc3`, its index in `Site::Move`) and the reason. `legal` holds the legal moves of `pos`
/// before and after.
pub fn play_moves<'t, G: SanDialect>(
    pos: &mut Position<G>,
    legal: &mut MoveList,
    texts: impl IntoIterator<Item = &'t str>,
    mut played: impl FnMut(Move),
) -> Result<(), ReplayError> {
    for (i, text) in texts.into_iter().enumerate() {
        let fail = |pos: &Position<G>, reason: String| ReplayError {
            site: Site::Move(i),
            mv: Some(move_label(pos, &crate::clip(text))),
            reason,
        };
        if let Some(o) = pos.outcome_among(legal) {
            return Err(fail(pos, format!("the game is already over ({o})")));
        }
        let m = san::parse_among(pos, legal, text).map_err(|e| fail(pos, e.to_string()))?;
        pos.play_unchecked(m);
        played(m);
        legal.clear();
        pos.generate(legal);
    }
    Ok(())
}

/// Plays the main line of `record` over the rules of `G`.
pub fn play<G: SanDialect>(record: &Record) -> Result<Played<G>, ReplayError> {
    let start = start_position::<G>(record)?;
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(record.main.moves.len());
    let mut legal = pos.legal_moves();
    play_moves(&mut pos, &mut legal, record.moves(), |m| moves.push(m))?;
    let outcome = pos.outcome_among(&legal);
    Ok(Played {
        start,
        end: pos,
        moves,
        outcome,
    })
}

/// Checks that the `Result` tag, if any, says the movetext's result: a record that
/// contradicts itself is refused by every reader of records (replay, validation,
/// conversion).
pub fn check_result_tag(record: &Record) -> Result<(), ReplayError> {
    let declared = record.result;
    match record.tag("Result") {
        Some(tag) if tag != declared.as_str() => Err(ReplayError::at(
            Site::Tag(record.tag_index("Result").unwrap_or(0)),
            format!("the Result tag says {tag} but the movetext ends with {declared}"),
        )),
        _ => Ok(()),
    }
}

/// Checks the declared result against the `Result` tag ([`check_result_tag`]) and the rules'
/// `outcome`.
pub fn check_result(record: &Record, outcome: Option<Outcome>) -> Result<(), ReplayError> {
    let declared = record.result;
    check_result_tag(record)?;
    if let Some(o) = outcome {
        if declared != o.result() {
            return Err(ReplayError::at(
                Site::Result,
                format!(
                    "declared result {declared} contradicts the rules: {o} ({})",
                    o.result()
                ),
            ));
        }
    }
    Ok(())
}

/// What a replay found, for any game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Replayed {
    /// The game.
    pub variant: Variant,
    /// Main-line moves played.
    pub plies: usize,
    /// The declared result.
    pub declared: GameResult,
    /// The rules' result, if the game is over.
    pub outcome: Option<Outcome>,
    /// FEN of the final position.
    pub final_fen: String,
}

impl Replayed {
    /// The rules' result (`*` when unfinished).
    pub fn result(&self) -> GameResult {
        GameResult::of(self.outcome)
    }

    /// What ended the game (`checkmate`, ..., see `Termination::name`) or `unfinished`.
    pub fn termination(&self) -> &'static str {
        self.outcome.map_or("unfinished", |o| o.termination.name())
    }

    /// The flat summary `citadel replay --json` prints, for game number `game`.
    pub fn summary(&self, game: usize) -> Summary {
        Summary {
            game,
            variant: self.variant.id().to_string(),
            plies: self.plies,
            declared_result: self.declared.as_str().to_string(),
            result: self.result().to_string(),
            termination: self.termination().to_string(),
            final_fen: self.final_fen.clone(),
        }
    }
}

/// One game's replay as `citadel replay --json` prints it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Summary {
    /// The game's number in its file, from 1.
    pub game: usize,
    /// Variant id.
    pub variant: String,
    /// Main-line moves played.
    pub plies: usize,
    /// The result the record declares.
    pub declared_result: String,
    /// The result the rules give (`*` when unfinished).
    pub result: String,
    /// What ended the game, or `unfinished`.
    pub termination: String,
    /// FEN of the final position.
    pub final_fen: String,
}

fn replay_as<G: SanDialect>(variant: Variant, record: &Record) -> Result<Replayed, ReplayError> {
    let p = play::<G>(record)?;
    Ok(Replayed {
        variant,
        plies: p.moves.len(),
        declared: record.result,
        outcome: p.outcome,
        final_fen: fen::write(&p.end),
    })
}

/// The record's game, or an error at its `Variant` tag.
pub fn variant_of(record: &Record) -> Result<Variant, ReplayError> {
    record
        .variant()
        .map_err(|e| ReplayError::at(record.tag_index("Variant").map_or(Site::Game, Site::Tag), e))
}

/// Replays a record over its game's rules: its moves, and its `Result` tag against its
/// movetext ([`check_result_tag`]); see [`validate`] for the result against the rules.
pub fn replay(record: &Record) -> Result<Replayed, ReplayError> {
    let variant = variant_of(record)?;
    let r = with_game!(variant, G => replay_as::<G>(variant, record))?;
    check_result_tag(record)?;
    Ok(r)
}

/// Replays a record and checks its declared result.
pub fn validate(record: &Record) -> Result<Replayed, ReplayError> {
    let r = replay(record)?;
    check_result(record, r.outcome)?;
    Ok(r)
}

/// The Seven Tag Roster, in order, with the values written when a tag is missing.
pub const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

fn normalize_as<G: SanDialect>(variant: Variant, record: &Record) -> Result<Record, ReplayError> {
    let p = play::<G>(record)?;
    let mut tags: Vec<(String, String)> = ROSTER
        .iter()
        .map(|(n, d)| {
            let v = match *n {
                "Result" => record.result.as_str(),
                _ => record.tag(n).unwrap_or(d),
            };
            (n.to_string(), v.to_string())
        })
        .collect();
    tags.push(("Variant".into(), variant.id().into()));
    if record.tag("FEN").is_some() {
        tags.push(("SetUp".into(), "1".into()));
        tags.push(("FEN".into(), fen::write(&p.start)));
    }
    let known =
        |n: &str| ROSTER.iter().any(|(r, _)| *r == n) || matches!(n, "Variant" | "SetUp" | "FEN");
    let mut kept = std::collections::HashSet::new();
    for (n, v) in &record.tags {
        if !known(n) && kept.insert(n.as_str()) {
            tags.push((n.clone(), v.clone()));
        }
    }
    let mut pos = p.start.clone();
    let mut main = Line {
        comments: record.main.comments.clone(),
        moves: Vec::with_capacity(p.moves.len()),
    };
    for (node, m) in record.main.moves.iter().zip(&p.moves) {
        let mut n = node.clone();
        n.san = san::write_mut(&mut pos, m);
        pos.play_unchecked(*m);
        main.moves.push(n);
    }
    Ok(Record {
        tags,
        main,
        result: record.result,
    })
}

/// The canonical form of a record: the Seven Tag Roster first (missing tags as `?`, `Result`
/// the movetext's), then `Variant` (the Citadel id), `SetUp` and `FEN` (canonical) when the
/// game starts from a set-up position, then the other tags in their order; main-line moves in
/// canonical SAN; comments, NAGs and variations as they were. Fails if a move is illegal or
/// the `Result` tag contradicts the movetext ([`check_result_tag`]).
pub fn normalize(record: &Record) -> Result<Record, ReplayError> {
    let variant = variant_of(record)?;
    let r = with_game!(variant, G => normalize_as::<G>(variant, record))?;
    check_result_tag(record)?;
    Ok(r)
}

/// A problem with one game of a file, ready to print as `file:line:col: game N, move ...:
/// reason`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Diagnostic {
    /// Where, if the game came from text.
    pub loc: Option<Loc>,
    /// The game's number in its file.
    pub game: usize,
    /// The move at fault (`move 14... Nf9`), if any.
    pub mv: Option<String>,
    /// What is wrong.
    pub reason: String,
}

impl Diagnostic {
    /// A syntax error.
    pub fn from_pgn(e: &PgnError) -> Self {
        Diagnostic {
            loc: Some(e.loc),
            game: e.game,
            mv: None,
            reason: e.reason.clone(),
        }
    }

    /// A game that could not be read: a syntax error, or a damaged archive.
    pub fn from_read(e: &crate::archive::ReadError) -> Self {
        match e {
            crate::archive::ReadError::Pgn(e) => Diagnostic::from_pgn(e),
            crate::archive::ReadError::Archive(e) => Diagnostic {
                loc: None,
                game: e.game(),
                mv: None,
                reason: e.to_string(),
            },
        }
    }

    /// A replay error of `game`, located with the game's source positions.
    pub fn from_replay(game: &SourceGame, e: &ReplayError) -> Self {
        let loc = game.locations.as_ref().map(|l| match e.site {
            Site::Game => l.game,
            Site::Tag(i) => l.tags.get(i).copied().unwrap_or(l.game),
            Site::Move(i) => l.moves.get(i).copied().unwrap_or(l.game),
            Site::Result => l.result,
        });
        Diagnostic {
            loc,
            game: game.number,
            mv: e.mv.clone(),
            reason: e.reason.clone(),
        }
    }

    /// The line for a file: `games.pgn:12:7: game 3, move 14... Nf9: no knight can move to
    /// f9` (without `line:col` for archived games).
    pub fn render(&self, file: &str) -> String {
        let place = match self.loc {
            Some(l) => format!("{file}:{l}:"),
            None => format!("{file}:"),
        };
        let what = match &self.mv {
            Some(m) => format!(" game {}, {m}:", self.game),
            None if self.game == 0 => String::new(),
            None => format!(" game {}:", self.game),
        };
        format!("{place}{what} {}", self.reason)
    }
}

/// Validates one game as read from a file: its replay, or what is wrong.
pub fn validate_game(game: &SourceGame) -> Result<Replayed, Diagnostic> {
    validate(&game.record).map_err(|e| Diagnostic::from_replay(game, &e))
}

/// Replays one game as read from a file (moves only): its replay, or what is wrong.
pub fn replay_game(game: &SourceGame) -> Result<Replayed, Diagnostic> {
    replay(&game.record).map_err(|e| Diagnostic::from_replay(game, &e))
}

/// The canonical form of one game as read from a file, or what is wrong.
pub fn normalize_game(game: &SourceGame) -> Result<Record, Diagnostic> {
    normalize(&game.record).map_err(|e| Diagnostic::from_replay(game, &e))
}
