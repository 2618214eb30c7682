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

use crate::record::{GameResult, Line, MoveNode, Record, UnknownVariant};
use crate::{fen, san, FenError};
use citadel_rules::{
    with_game, Claims, Color, Game, IllegalMove, Move, MoveList, Outcome, Position, Variant,
    VariantPosition,
};
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

/// Why a record does not replay, or declares a result the rules contradict: where, the move
/// at fault if a move is, and what is wrong ([`ReplayErrorKind`], which a caller can match).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ReplayError {
    /// Where the error is.
    pub site: Site,
    /// The move at fault (`move 14... Nf9`), if a move is.
    pub mv: Option<MoveAt>,
    /// What is wrong.
    pub kind: ReplayErrorKind,
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(m) = &self.mv {
            write!(f, "{m}: ")?;
        }
        write!(f, "{}", self.kind)
    }
}

impl std::error::Error for ReplayError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        std::error::Error::source(&self.kind)
    }
}

/// What is wrong with a record's replay; its `Display` is the reason part of
/// [`ReplayError`]'s message.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ReplayErrorKind {
    /// The `Variant` tag names no game.
    #[error("{0}")]
    Variant(#[source] UnknownVariant),
    /// The `FEN` tag is not a position of the game (boxed: it is large, and rare).
    #[error("{0}")]
    Fen(#[source] Box<FenError>),
    /// A move text that is no legal move of its position (boxed: it is large, and rare).
    #[error("{0}")]
    Move(#[source] Box<IllegalMove>),
    /// A move after the rules ended the game.
    #[error("the game is already over ({0})")]
    GameOver(Outcome),
    /// The `Result` tag differs from the movetext's result.
    #[error("the Result tag says {tag} but the movetext ends with {declared}")]
    ResultTag {
        /// The tag's value, shortened to [`crate::ECHO_CHARS`].
        tag: String,
        /// The movetext's result.
        declared: GameResult,
    },
    /// The declared result is not the one the rules give.
    #[error("declared result {declared} contradicts the rules: {outcome} ({})", outcome.result())]
    ResultMismatch {
        /// The movetext's result.
        declared: GameResult,
        /// How the rules ended the game.
        outcome: Outcome,
    },
}

impl ReplayError {
    fn at(site: Site, kind: ReplayErrorKind) -> Self {
        ReplayError {
            site,
            mv: None,
            kind,
        }
    }
}

/// A move as messages name it: `move 14. Nf3` (White's) or `move 14... Nf6` (Black's).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MoveAt {
    /// The move number.
    pub number: u32,
    /// The side that makes the move.
    pub side: Color,
    /// The move as written, shortened to [`crate::ECHO_CHARS`].
    pub text: String,
}

impl MoveAt {
    /// The move `text` made in `pos`.
    pub fn new<G: Game>(pos: &Position<G>, text: &str) -> Self {
        MoveAt {
            number: pos.fullmove_number(),
            side: pos.turn(),
            text: crate::clip(text),
        }
    }
}

impl std::fmt::Display for MoveAt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let dots = if self.side == Color::White {
            "."
        } else {
            "..."
        };
        write!(f, "move {}{dots} {}", self.number, self.text)
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

/// The start position of a record for game `G` ([`Record::start_position`]), or an error at
/// its `FEN` tag.
pub fn start_position<G: Game>(record: &Record) -> Result<Position<G>, ReplayError> {
    record.start_position::<G>().map_err(|e| {
        ReplayError::at(
            Site::Tag(record.tag_index("FEN").unwrap_or(0)),
            ReplayErrorKind::Fen(Box::new(e)),
        )
    })
}

/// Plays moves given as text (SAN or coordinates) from `pos`, stopping at the first one that
/// is illegal or comes after the rules ended the game: the error names the move (`move 6.
/// Nc3`, its index in `Site::Move`) and the reason.
pub fn play_moves<'t, G: Game>(
    pos: &mut Position<G>,
    texts: impl IntoIterator<Item = &'t str>,
    mut played: impl FnMut(Move),
) -> Result<(), ReplayError> {
    let mut work = MoveList::new();
    for (i, text) in texts.into_iter().enumerate() {
        let m = next_move(pos, &mut work, i, text)?;
        pos.play_unchecked(m);
        played(m);
    }
    Ok(())
}

/// The move `text` (the `i`-th of the line) names in `pos`; an error if the game is over or
/// the move is not legal. `moves` is left holding moves of `pos` that [`san::write_body`]
/// may disambiguate the move against: all the legal ones, or (for an ordinary SAN move)
/// those [`Position::generate_toward`] gives for it.
fn next_move<G: Game>(
    pos: &Position<G>,
    moves: &mut MoveList,
    i: usize,
    text: &str,
) -> Result<Move, ReplayError> {
    let fail = |kind: ReplayErrorKind| ReplayError {
        site: Site::Move(i),
        mv: Some(MoveAt::new(pos, text)),
        kind,
    };
    // a legal move shows that the position has one: the end of the game is decided without
    // generating every move
    if let Ok(m) = san::parse_with(pos, moves, text) {
        return match pos.outcome_given(true) {
            Some(o) => Err(fail(ReplayErrorKind::GameOver(o))),
            None => Ok(m),
        };
    }
    // the game's end comes before the move's fault, as the full list tells
    pos.generate(moves);
    if let Some(o) = pos.outcome_among(moves) {
        return Err(fail(ReplayErrorKind::GameOver(o)));
    }
    san::parse_among(pos, moves, text).map_err(|e| fail(ReplayErrorKind::Move(Box::new(e))))
}

/// Plays the main line of `record` over the rules of `G`.
pub fn play<G: Game>(record: &Record) -> Result<Played<G>, ReplayError> {
    play_texts(record, record.moves(), record.main.moves.len())
}

/// Plays the move texts `texts` (about `len` of them) from the start position of `record`
/// over the rules of `G`.
fn play_texts<'t, G: Game>(
    record: &Record,
    texts: impl IntoIterator<Item = &'t str>,
    len: usize,
) -> Result<Played<G>, ReplayError> {
    let start = start_position::<G>(record)?;
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(len);
    play_moves(&mut pos, texts, |m| moves.push(m))?;
    let outcome = pos.outcome(Claims::Draws);
    Ok(Played {
        start,
        end: pos,
        moves,
        outcome,
    })
}

/// A record played over its game's rules, the game chosen at run time: [`Played`] without
/// the type parameter.
#[derive(Clone, Debug)]
pub struct VariantPlayed {
    /// The game.
    pub variant: Variant,
    /// The start position.
    pub start: VariantPosition,
    /// The position after the last move (its history holds every move, for repetitions).
    pub end: VariantPosition,
    /// The main line's moves.
    pub moves: Vec<Move>,
    /// The result the rules give at the end, if the game is over.
    pub outcome: Option<Outcome>,
}

/// Plays the main line of `record` over the rules of its game (its `Variant` tag), for a
/// program that learns the game at run time.
///
/// ```
/// use citadel_notation::{pgn, replay, Position};
/// let rec = &pgn::parse("[Variant \"chess\"]\n\n1. e4 e5 2. Nf3 *").unwrap()[0];
/// let played = replay::play_variant(rec).unwrap();
/// assert_eq!(played.moves.len(), 3);
/// assert_eq!(played.start.san(&played.moves[0]).unwrap(), "e4");
/// assert_eq!(
///     played.end.fen(),
///     "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
/// );
/// ```
pub fn play_variant(record: &Record) -> Result<VariantPlayed, ReplayError> {
    let variant = variant_of(record)?;
    with_game!(variant, G => play::<G>(record).map(|p| VariantPlayed {
        variant,
        start: p.start.into(),
        end: p.end.into(),
        moves: p.moves,
        outcome: p.outcome,
    }))
}

/// Checks that the `Result` tag, if any, says the movetext's result: a record that
/// contradicts itself is refused by every reader of records (replay, validation,
/// conversion).
pub fn check_result_tag(record: &Record) -> Result<(), ReplayError> {
    let declared = record.result;
    match record.tag("Result") {
        Some(tag) if tag != declared.as_str() => Err(ReplayError::at(
            Site::Tag(record.tag_index("Result").unwrap_or(0)),
            ReplayErrorKind::ResultTag {
                tag: crate::clip(tag),
                declared,
            },
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
                ReplayErrorKind::ResultMismatch {
                    declared,
                    outcome: o,
                },
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

impl Summary {
    /// The summary as `citadel replay` prints it for a game of `file`: the game's line, then
    /// its final FEN (two lines, no final newline); a declared result the rules contradict
    /// is pointed out.
    pub fn describe(&self, file: &str) -> String {
        let contradicted =
            self.result != GameResult::Unknown.as_str() && self.result != self.declared_result;
        format!(
            "{file} game {}: {}, {} plies, declared {}, rules {} ({}){}\n  final FEN: {}",
            self.game,
            self.variant,
            self.plies,
            self.declared_result,
            self.result,
            self.termination,
            if contradicted {
                "  (declared result contradicts the rules)"
            } else {
                ""
            },
            self.final_fen
        )
    }
}

fn replay_as<'t, G: Game>(
    variant: Variant,
    record: &Record,
    texts: impl IntoIterator<Item = &'t str>,
    len: usize,
) -> Result<Replayed, ReplayError> {
    let p = play_texts::<G>(record, texts, len)?;
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
    record.variant().map_err(|e| {
        ReplayError::at(
            record.tag_index("Variant").map_or(Site::Game, Site::Tag),
            ReplayErrorKind::Variant(e),
        )
    })
}

/// Replays a record over its game's rules: its moves, and its `Result` tag against its
/// movetext ([`check_result_tag`]); see [`validate`] for the result against the rules.
pub fn replay(record: &Record) -> Result<Replayed, ReplayError> {
    let len = record.main.moves.len();
    let variant = variant_of(record)?;
    let r = with_game!(variant, G => replay_as::<G>(variant, record, record.moves(), len))?;
    check_result_tag(record)?;
    Ok(r)
}

/// Replays a record and checks its declared result.
pub fn validate(record: &Record) -> Result<Replayed, ReplayError> {
    let r = replay(record)?;
    check_result(record, r.outcome)?;
    Ok(r)
}

/// [`validate`] of a record whose main line is given apart, as move texts (`record`'s own
/// movetext is not read): what validating a game read by
/// [`Chunk::parse_main_lines`](crate::pgn::Chunk::parse_main_lines)
/// needs, with the same verdict.
///
/// ```
/// use citadel_notation::{pgn, replay};
/// let rec = &pgn::parse("[Variant \"chess\"]\n\n*").unwrap()[0];
/// let r = replay::validate_main_line(rec, &["f3", "e5", "g4", "Qh4#"]);
/// assert_eq!(r.unwrap_err().to_string(), "declared result * contradicts the rules: Black wins by checkmate (0-1)");
/// ```
pub fn validate_main_line(record: &Record, moves: &[&str]) -> Result<Replayed, ReplayError> {
    let variant = variant_of(record)?;
    let texts = moves.iter().copied();
    let r = with_game!(variant, G => replay_as::<G>(variant, record, texts, moves.len()))?;
    check_result_tag(record)?;
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

/// Replays the main line of `record` from `start` once: each position's moves, generated
/// once, serve reading the move, writing it, and the check mark of the one before. `each`
/// gets every node with its move, and the move's canonical SAN when `wants` asks for it.
fn canonical_line<G: Game>(
    record: &Record,
    start: &Position<G>,
    wants: &mut dyn FnMut(&Move) -> bool,
    each: &mut dyn FnMut(&MoveNode, Move, Option<String>),
) -> Result<(), ReplayError> {
    let mut pos = start.clone();
    let mut moves = MoveList::new();
    for (i, node) in record.main.moves.iter().enumerate() {
        let m = next_move(&pos, &mut moves, i, &node.san)?;
        let mut san = wants(&m).then(|| san::write_body_among(&pos, &moves, &m));
        pos.play_unchecked(m);
        if let Some(san) = san.as_mut().filter(|_| pos.in_check()) {
            // all the moves, only to tell mate from check
            pos.generate(&mut moves);
            san.extend(san::check_mark(&pos, &moves));
        }
        each(node, m, san);
    }
    Ok(())
}

/// The canonical tags of `record` of game `variant` starting at `start` (see
/// [`normalize`]).
fn canonical_tags<G: Game>(
    variant: Variant,
    record: &Record,
    start: &Position<G>,
) -> Vec<(String, String)> {
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
        tags.push(("FEN".into(), fen::write(start)));
    }
    let known =
        |n: &str| ROSTER.iter().any(|(r, _)| *r == n) || matches!(n, "Variant" | "SetUp" | "FEN");
    let mut kept = std::collections::HashSet::new();
    for (n, v) in &record.tags {
        if !known(n) && kept.insert(n.as_str()) {
            tags.push((n.clone(), v.clone()));
        }
    }
    tags
}

/// The canonical form of a record: the Seven Tag Roster first (missing tags as `?`, `Result`
/// the movetext's), then `Variant` (the Citadel id), `SetUp` and `FEN` (canonical) when the
/// game starts from a set-up position, then the other tags in their order; main-line moves in
/// canonical SAN; comments, NAGs and variations as they were. Fails if a move is illegal or
/// the `Result` tag contradicts the movetext ([`check_result_tag`]).
pub fn normalize(record: &Record) -> Result<Record, ReplayError> {
    normalize_with(record, |_| {})
}

/// [`normalize`], calling `observe` with each main-line move as it is played, in order: for
/// a writer that needs more of the replay than the text.
pub fn normalize_with(
    record: &Record,
    mut observe: impl FnMut(&Move),
) -> Result<Record, ReplayError> {
    canonical_with(record, |m| {
        observe(m);
        true
    })
}

/// [`normalize_with`] where `observe` also tells whether the move's canonical text is
/// needed: a main-line move whose text is not keeps an empty text (for a writer that stores
/// the move itself).
fn canonical_with(
    record: &Record,
    observe: impl FnMut(&Move) -> bool,
) -> Result<Record, ReplayError> {
    let mut main = Line {
        comments: record.main.comments.clone(),
        moves: Vec::with_capacity(record.main.moves.len()),
    };
    let tags = canonical_parts(record, observe, |node, _, san| {
        main.moves.push(MoveNode {
            san: san.unwrap_or_default(),
            nags: node.nags.clone(),
            comments: node.comments.clone(),
            variations: node.variations.clone(),
        })
    })?;
    Ok(Record {
        tags,
        main,
        result: record.result,
    })
}

/// The canonical form of `record` in parts, for a writer that needs no canonical record:
/// returns its tags, and calls `each` with every main-line node, its move and (when `wants`
/// asks for it) its canonical SAN. Its other parts — comments, NAGs, variations and result —
/// are the record's own. Fails as [`normalize`] does.
pub(crate) fn canonical_parts(
    record: &Record,
    mut wants: impl FnMut(&Move) -> bool,
    mut each: impl FnMut(&MoveNode, Move, Option<String>),
) -> Result<Vec<(String, String)>, ReplayError> {
    let variant = variant_of(record)?;
    let tags = with_game!(variant, G => {
        let start = start_position::<G>(record)?;
        canonical_line(record, &start, &mut wants, &mut each)?;
        canonical_tags(variant, record, &start)
    });
    check_result_tag(record)?;
    Ok(tags)
}
