//! Reading PGN-style records (nom): tag pairs, movetext with move numbers, `{comments}`,
//! `; comments`, `(variations)`, NAGs (`$1`, `!?`) and results; many games per file; CRLF
//! line ends, a byte-order mark and `%` escape lines are tolerated.
//!
//! [`Games`] reads the games of any [`BufRead`] one by one, holding one game's text at a time
//! (memory is bounded by the largest game, [`MAX_GAME_BYTES`], not by the file), and keeps
//! going after a broken one: each game is `Ok` or a [`PgnError`] naming its line, column, game
//! number and what is wrong. A game's text runs up to the next line starting with `[` that
//! follows a line that does not (the next game's tag pairs), or up to the end of a line that
//! ends with a result token outside comments and variations (the end of a game without tag
//! pairs); after an error, reading resumes there. Locations are tracked incrementally, so reading is linear in the input on any line
//! length. [`read_games`] and [`parse`] read a whole text.
//!
//! ```
//! use citadel_notation::pgn;
//! let text = "[Variant \"persian-princess\"]\n\n1. Sh2 {rendezvous} g8 (1... g7) 2. g4 $1 *\n";
//! let games = pgn::parse(text).unwrap();
//! assert_eq!(games[0].main.moves.len(), 3);
//! assert_eq!(games[0].main.moves[0].comments, ["rendezvous"]);
//! assert_eq!(games[0].main.moves[1].variations[0].moves[0].san, "g7");
//! let err = pgn::parse("1. e4 e5 2. Nf3").unwrap_err();
//! assert_eq!(err.to_string(), "1:16: game 1: the game ends without a result (`1-0`, `0-1`, `1/2-1/2` or `*`): truncated?");
//! ```

use crate::record::Record;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::io::BufRead;

mod chunks;
mod reader;

pub use chunks::{is_tag_line, Chunk, Chunks, MainLineGame};

/// Deepest nesting of variations accepted.
pub const MAX_DEPTH: usize = 64;

/// Longest annotation echoed in a message, in characters: an annotation is a few
/// characters, so a long run is cut short.
const ANNOTATION_CHARS: usize = 12;

/// The longest text of one game read (64 MiB); a longer one is an error and is skipped.
pub const MAX_GAME_BYTES: usize = 64 << 20;

/// A place in a text: 1-based line and column (in characters).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Loc {
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub col: usize,
}

impl std::fmt::Display for Loc {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// Where the parts of a game stand in its source text.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Locations {
    /// The game's first token.
    pub game: Loc,
    /// Each tag pair, in the record's order.
    pub tags: Vec<Loc>,
    /// Each main-line move.
    pub moves: Vec<Loc>,
    /// The result token.
    pub result: Loc,
}

/// A game read from a file: its number (1-based, counting broken games too), the record, and
/// where its parts stand in the text (`None` for games read from an archive).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SourceGame {
    /// The game's number in its file, from 1.
    pub number: usize,
    /// The record.
    pub record: Record,
    /// Source positions of its parts.
    pub locations: Option<Locations>,
}

/// A syntax error in a record: where, which game, what ([`PgnErrorKind`], which a caller
/// can match).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PgnError {
    /// The game's number in the file, from 1.
    pub game: usize,
    /// Where the error is.
    pub loc: Loc,
    /// What is wrong.
    pub kind: PgnErrorKind,
}

impl std::fmt::Display for PgnError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: game {}: {}", self.loc, self.game, self.kind)
    }
}

impl std::error::Error for PgnError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        std::error::Error::source(&self.kind)
    }
}

/// What is wrong with a record's text; its `Display` is the reason part of [`PgnError`]'s
/// message.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PgnErrorKind {
    /// The input could not be read.
    #[error("cannot read the input: {0}")]
    Io(#[source] crate::IoError),
    /// The input holds a NUL byte: it is not text.
    #[error("binary data (a NUL byte): not a PGN text; reading stops")]
    Binary,
    /// A game's text is longer than [`MAX_GAME_BYTES`].
    #[error("the game's text is longer than {} MiB: skipped", MAX_GAME_BYTES >> 20)]
    GameTooLong,
    /// A tag name given twice in one game.
    #[error("duplicate tag `{name}` (first on line {first_line})")]
    DuplicateTag {
        /// The tag's name, shortened to [`crate::ECHO_CHARS`].
        name: String,
        /// The line of its first occurrence.
        first_line: usize,
    },
    /// A tag pair that does not start with `[`.
    #[error("expected `[`")]
    TagStart,
    /// `[` without a tag name.
    #[error("bad tag pair: expected a tag name after `[`")]
    TagName,
    /// A tag value whose closing quote is missing on its line.
    #[error("bad tag pair: unterminated value of `{name}`")]
    UnterminatedTagValue {
        /// The tag's name, shortened to [`crate::ECHO_CHARS`].
        name: String,
    },
    /// A tag value that is not a quoted string.
    #[error("bad tag pair: the value of `{name}` must be a quoted string")]
    UnquotedTagValue {
        /// The tag's name, shortened to [`crate::ECHO_CHARS`].
        name: String,
    },
    /// A tag pair without its `]`.
    #[error("bad tag pair: expected `]` after the value of `{name}`")]
    TagEnd {
        /// The tag's name, shortened to [`crate::ECHO_CHARS`].
        name: String,
    },
    /// A `{` comment without its `}`.
    #[error("unterminated comment: `{{` without `}}`")]
    UnterminatedComment,
    /// A `(` variation without its `)`.
    #[error("unterminated variation: `(` without `)`")]
    UnterminatedVariation,
    /// A `)` without its `(`.
    #[error("`)` without `(`")]
    UnmatchedClose,
    /// The text of a game ends before its result.
    #[error("{}", if *before_tags {
        "the game ends without a result before the next tag pairs: truncated?"
    } else {
        "the game ends without a result (`1-0`, `0-1`, `1/2-1/2` or `*`): truncated?"
    })]
    NoResult {
        /// Whether the next game's tag pairs follow (rather than the end of the input).
        before_tags: bool,
    },
    /// A `$` or `!`/`?` annotation that is not one.
    #[error("bad annotation `{0}`")]
    BadAnnotation(String),
    /// An annotation before the line's first move.
    #[error("annotation before any move")]
    AnnotationFirst,
    /// A variation before the line's first move.
    #[error("variation before any move")]
    VariationFirst,
    /// Variations nested deeper than [`MAX_DEPTH`].
    #[error("variations nested too deeply")]
    TooDeep,
    /// A result token inside a variation.
    #[error("a result inside a variation")]
    ResultInVariation,
    /// A character that starts no token of movetext.
    #[error("unexpected character `{0}`")]
    UnexpectedChar(char),
}

/// Reads every game of `text`, all or nothing: the first error is returned.
pub fn parse(text: &str) -> Result<Vec<Record>, PgnError> {
    read_games(text)
        .into_iter()
        .map(|g| g.map(|g| g.record))
        .collect()
}

/// Reads every game of `text`; a broken game is an `Err` and reading goes on with the next.
pub fn read_games(text: &str) -> Vec<Result<SourceGame, PgnError>> {
    Games::new(text.as_bytes()).collect()
}

/// The games of a buffered reader, one at a time (see the [module](self) documentation):
/// the texts that [`Chunks`] cuts, each parsed in turn.
///
/// ```
/// use citadel_notation::pgn::Games;
/// let text = "[Variant \"chess\"]\n\n1. e4 e5 *\n\n[Variant \"shatranj\"]\n\n1. e3 1-0\n";
/// let games: Vec<_> = Games::new(text.as_bytes()).collect();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1].as_ref().unwrap().record.tag("Variant"), Some("shatranj"));
/// ```
pub struct Games<R: BufRead> {
    chunks: Chunks<R>,
    /// Games numbered so far.
    games: usize,
    /// Games read from the last chunk, not yet handed out.
    ready: VecDeque<Result<SourceGame, PgnError>>,
}

impl<R: BufRead> Games<R> {
    /// Reads games from `input`.
    pub fn new(input: R) -> Self {
        Games {
            chunks: Chunks::new(input),
            games: 0,
            ready: VecDeque::new(),
        }
    }

    /// The rest of the input as chunks still to parse (the games already parsed and not
    /// handed out are dropped: call it before reading any).
    pub fn into_chunks(self) -> Chunks<R> {
        self.chunks
    }
}

impl<R: BufRead> Iterator for Games<R> {
    type Item = Result<SourceGame, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(g) = self.ready.pop_front() {
                return Some(g);
            }
            let chunk = self.chunks.next()?;
            let games = chunk.parse(self.games);
            self.games += games.len();
            self.ready.extend(games);
        }
    }
}
