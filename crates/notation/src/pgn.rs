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

use crate::record::{GameResult, Line, MoveNode, Record};
use crate::{clip, shorten};
use nom::bytes::complete::{take_till, take_until, take_while, take_while1};
use nom::character::complete::{char, digit1, space0};
use nom::combinator::map_res;
use nom::sequence::{delimited, preceded};
use nom::IResult;
use serde::{Deserialize, Serialize};
use std::cell::Cell;
use std::collections::{HashMap, VecDeque};
use std::io::BufRead;

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

/// The games of a buffered reader, one at a time (see the [module](self) documentation).
///
/// ```
/// use citadel_notation::pgn::Games;
/// let text = "[Variant \"chess\"]\n\n1. e4 e5 *\n\n[Variant \"shatranj\"]\n\n1. e3 1-0\n";
/// let games: Vec<_> = Games::new(text.as_bytes()).collect();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1].as_ref().unwrap().record.tag("Variant"), Some("shatranj"));
/// ```
pub struct Games<R: BufRead> {
    input: R,
    /// Lines consumed before the chunk being read.
    lines_before: usize,
    /// Games numbered so far.
    games: usize,
    /// Games read from the last chunk, not yet handed out.
    ready: VecDeque<Result<SourceGame, PgnError>>,
    /// The first line of the next chunk, read ahead.
    ahead: Option<Vec<u8>>,
    /// Where the movetext being chunked stands (comments, variations).
    scan: MovetextScan,
    /// The longest text of one game: [`MAX_GAME_BYTES`] (smaller in tests).
    limit: usize,
    /// Whether the input is exhausted (or unreadable).
    done: bool,
    /// Whether the input's first line was read (to strip a byte-order mark).
    started: bool,
    /// The line being read (kept to reuse its memory).
    line: Vec<u8>,
}

/// How a line was read into [`Games::line`]: whether it was too long (its bytes skipped),
/// and whether it holds a NUL byte (binary data).
struct RawLine {
    oversize: bool,
    binary: bool,
}

/// Follows the movetext line by line, as far as needed to split a file between games that
/// have no tag pairs: inside a `{comment}` or not, how deep in `(variations)`.
#[derive(Clone, Copy, Default, Debug)]
struct MovetextScan {
    in_comment: bool,
    depth: u32,
}

impl MovetextScan {
    /// Follows one more line of movetext; true when the line ends the game: a result token
    /// at its end, outside comments and variations.
    fn line(&mut self, line: &[u8]) -> bool {
        if line.first() == Some(&b'%') {
            return false; // an escaped line
        }
        let mut end = line.len();
        let mut i = 0;
        while i < line.len() {
            let rest = &line[i..];
            let found = if self.in_comment {
                rest.iter().position(|&b| b == b'}')
            } else {
                rest.iter()
                    .position(|&b| matches!(b, b'{' | b'(' | b')' | b';'))
            };
            let Some(at) = found else { break };
            i += at;
            match line[i] {
                b'}' => self.in_comment = false,
                b'{' => self.in_comment = true,
                b'(' => self.depth += 1,
                b')' => self.depth = self.depth.saturating_sub(1),
                _ => {
                    end = i; // `;`: the rest of the line is a comment
                    break;
                }
            }
            i += 1;
        }
        if self.in_comment || self.depth > 0 {
            return false;
        }
        let text = line[..end].trim_ascii_end();
        let token = text
            .rsplit(|b| b.is_ascii_whitespace() || *b == b')' || *b == b'}')
            .next()
            .unwrap_or_default();
        matches!(token, b"1-0" | b"0-1" | b"1/2-1/2" | b"*")
    }
}

/// Whether a line starts a tag pair (`[` after blanks and a byte-order mark): the reader
/// ends a game's text before such a line that follows one that is not, so a file can be cut
/// there into parts that read alone as they read in the whole.
///
/// ```
/// assert!(citadel_notation::pgn::is_tag_line(b"  [Event \"x\"]\n"));
/// assert!(!citadel_notation::pgn::is_tag_line(b"1. e4 e5 *\n"));
/// ```
pub fn is_tag_line(line: &[u8]) -> bool {
    let head = &line[..line.len().min(64)];
    // ASCII first (`char::is_whitespace` is these among ASCII); other bytes as text below
    if let Some(&b) = head.iter().find(|b| !matches!(b, b'\t'..=b'\r' | b' ')) {
        if b.is_ascii() {
            return b == b'[';
        }
    }
    let text = String::from_utf8_lossy(head);
    text.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}')
        .starts_with('[')
}

impl<R: BufRead> Games<R> {
    /// Reads games from `input`.
    pub fn new(input: R) -> Self {
        Games {
            input,
            lines_before: 0,
            games: 0,
            ready: VecDeque::new(),
            ahead: None,
            scan: MovetextScan::default(),
            limit: MAX_GAME_BYTES,
            done: false,
            started: false,
            line: Vec::new(),
        }
    }

    /// Reads one line (with its `\n`) into [`Games::line`], keeping at most `room` bytes of
    /// it; `None` at the end.
    fn raw_line(&mut self, room: usize) -> std::io::Result<Option<RawLine>> {
        let mut line = RawLine {
            oversize: false,
            binary: false,
        };
        self.line.clear();
        let mut any = false;
        loop {
            let buf = match self.input.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                return Ok(any.then_some(line));
            }
            any = true;
            let (take, end) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (buf.len(), false),
            };
            let part = &buf[..take];
            if part.contains(&0) {
                line.binary = true;
            }
            if self.line.len() + take <= room && !line.oversize {
                self.line.extend_from_slice(part);
            } else {
                line.oversize = true;
                self.line.clear();
            }
            self.input.consume(take);
            if end || line.binary {
                return Ok(Some(line));
            }
        }
    }

    /// Reads the next chunk (one game's text, or several games without tag pairs) and parses
    /// it into `ready`.
    fn next_chunk(&mut self) {
        let mut text: Vec<u8> = Vec::new();
        let mut lines = 0;
        let mut oversize = false;
        let mut prev_tag = false;
        // a result ended the movetext: blank lines still belong to the chunk
        let mut ended = false;
        if let Some(first) = self.ahead.take() {
            prev_tag = is_tag_line(&first);
            ended = !prev_tag && self.scan.line(&first);
            text = first;
            lines = 1;
        }
        loop {
            let room = if oversize {
                0
            } else {
                self.limit.saturating_sub(text.len())
            };
            let line = match self.raw_line(room) {
                Ok(Some(l)) => l,
                Ok(None) => {
                    self.done = true;
                    break;
                }
                Err(e) => {
                    self.done = true;
                    self.games += 1;
                    self.ready.push_back(Err(PgnError {
                        game: self.games,
                        loc: Loc {
                            line: self.lines_before + lines + 1,
                            col: 1,
                        },
                        kind: PgnErrorKind::Io(e.into()),
                    }));
                    return;
                }
            };
            if line.binary {
                self.done = true;
                self.games += 1;
                self.ready.push_back(Err(PgnError {
                    game: self.games,
                    loc: Loc {
                        line: self.lines_before + lines + 1,
                        col: 1,
                    },
                    kind: PgnErrorKind::Binary,
                }));
                return;
            }
            let tag = !line.oversize && is_tag_line(&self.line);
            let blank = !line.oversize && self.line.iter().all(u8::is_ascii_whitespace);
            if (tag && !prev_tag && lines > 0) || (ended && !blank) {
                self.scan = MovetextScan::default();
                self.ahead = Some(self.line.clone());
                break;
            }
            if !tag && !line.oversize && self.scan.line(&self.line) {
                ended = true;
            }
            prev_tag = tag;
            lines += 1;
            if line.oversize {
                oversize = true;
                text = Vec::new();
            } else if !oversize {
                text.extend_from_slice(&self.line);
            }
        }
        let base = self.lines_before;
        self.lines_before += lines;
        if oversize {
            self.games += 1;
            self.ready.push_back(Err(PgnError {
                game: self.games,
                loc: Loc {
                    line: base + 1,
                    col: 1,
                },
                kind: PgnErrorKind::GameTooLong,
            }));
            return;
        }
        // checked as UTF-8 first: the common case, and faster than the lossy reading
        let text = match std::str::from_utf8(&text) {
            Ok(t) => std::borrow::Cow::Borrowed(t),
            Err(_) => String::from_utf8_lossy(&text),
        };
        let mut src: &str = &text;
        if !self.started {
            self.started = true;
            src = src.strip_prefix('\u{feff}').unwrap_or(src);
        }
        let before_tags = self.ahead.as_deref().is_some_and(is_tag_line);
        let mut p = Reader::new(src, base, self.games, before_tags);
        loop {
            match p.game() {
                Ok(Some(g)) => self.ready.push_back(Ok(g)),
                Ok(None) => break,
                Err((e, resume)) => {
                    self.ready.push_back(Err(e));
                    // always move past the broken game's first token
                    p.pos = if resume > p.start {
                        resume.min(src.len())
                    } else {
                        p.resync(p.start)
                    };
                }
            }
        }
        self.games = p.game;
    }
}

impl<R: BufRead> Iterator for Games<R> {
    type Item = Result<SourceGame, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(g) = self.ready.pop_front() {
                return Some(g);
            }
            if self.done && self.ahead.is_none() {
                return None;
            }
            self.next_chunk();
        }
    }
}

type Res<'a, T> = IResult<&'a str, T>;

/// Characters a move token is made of (all ASCII).
fn is_move_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric()
        || matches!(
            b,
            b'-' | b'=' | b'+' | b'#' | b'@' | b'/' | b'\'' | b':' | b'<' | b'>' | b'_'
        )
}

fn tag_name(i: &str) -> Res<'_, &str> {
    take_while1(|c: char| c.is_ascii_alphanumeric() || c == '_')(i)
}

/// A quoted tag value with `\"` and `\\` escapes, on one line. A carriage return inside
/// the value reads as a space, as the writer writes it (no reader of CRLF files could tell
/// it from a line end).
fn quoted(i: &str) -> Res<'_, String> {
    let (mut rest, _) = char('"')(i)?;
    // mostly a value without escapes: taken whole
    if let Some(end) = rest.find(['"', '\\', '\n', '\r']) {
        if rest.as_bytes()[end] == b'"' {
            return Ok((&rest[end + 1..], rest[..end].to_string()));
        }
    }
    let mut out = String::new();
    loop {
        let mut chars = rest.chars();
        match chars.next() {
            Some('"') => return Ok((chars.as_str(), out)),
            Some('\\') => match chars.next() {
                Some(c @ ('"' | '\\')) => {
                    out.push(c);
                    rest = chars.as_str();
                }
                _ => {
                    out.push('\\');
                    rest = &rest[1..];
                }
            },
            Some('\n') | None => {
                return Err(nom::Err::Error(nom::error::Error::new(
                    rest,
                    nom::error::ErrorKind::Char,
                )))
            }
            Some('\r') => {
                out.push(' ');
                rest = chars.as_str();
            }
            Some(c) => {
                out.push(c);
                rest = chars.as_str();
            }
        }
    }
}

/// The end of a token: end of text, whitespace or a movetext delimiter.
fn boundary(i: &str) -> Res<'_, ()> {
    match i.chars().next() {
        None => Ok((i, ())),
        Some(c) if c.is_whitespace() || "{}();[$!?".contains(c) => Ok((i, ())),
        Some(_) => Err(nom::Err::Error(nom::error::Error::new(
            i,
            nom::error::ErrorKind::Verify,
        ))),
    }
}

fn result_token(i: &str) -> Res<'_, GameResult> {
    let token = ["1-0", "0-1", "1/2-1/2", "*"]
        .into_iter()
        .find(|t| i.starts_with(t));
    let Some((t, result)) = token.and_then(|t| Some((t, GameResult::parse(t)?))) else {
        return Err(not_here(i));
    };
    let rest = &i[t.len()..];
    boundary(rest)?;
    Ok((rest, result))
}

/// A move number indication: digits then periods (`12.`, `12...`), or digits alone before a
/// boundary.
fn move_number(i: &str) -> Res<'_, &str> {
    let digits = i.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return Err(not_here(i));
    }
    let dots = i[digits..].bytes().take_while(|&b| b == b'.').count();
    if dots == 0 {
        boundary(&i[digits..])?;
    }
    // digits and periods are ASCII: the split is on a character boundary
    Ok((&i[digits + dots..], &i[..digits + dots]))
}

/// The error of a token that is not there.
fn not_here(i: &str) -> nom::Err<nom::error::Error<&str>> {
    nom::Err::Error(nom::error::Error::new(i, nom::error::ErrorKind::Tag))
}

fn move_token(i: &str) -> Res<'_, &str> {
    let end = i.bytes().position(|b| !is_move_byte(b)).unwrap_or(i.len());
    if end == 0 {
        return Err(not_here(i));
    }
    // every move byte is ASCII: `end` is a character boundary
    Ok((&i[end..], &i[..end]))
}

fn nag(i: &str) -> Res<'_, u8> {
    preceded(char('$'), map_res(digit1, str::parse::<u8>))(i)
}

/// `!`, `?`, `!!`, `??`, `!?`, `?!` as NAGs 1–6.
fn annotation(i: &str) -> Res<'_, u8> {
    map_res(take_while1(|c| c == '!' || c == '?'), |s: &str| match s {
        "!" => Ok(1),
        "?" => Ok(2),
        "!!" => Ok(3),
        "??" => Ok(4),
        "!?" => Ok(5),
        "?!" => Ok(6),
        _ => Err(()),
    })(i)
}

fn brace_comment(i: &str) -> Res<'_, &str> {
    delimited(char('{'), take_until("}"), char('}'))(i)
}

fn line_comment(i: &str) -> Res<'_, &str> {
    preceded(char(';'), take_till(|c| c == '\n'))(i)
}

/// A comment's text with its whitespace collapsed.
fn clean(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The error of a game and where reading resumes.
type GameErr = (PgnError, usize);

struct Reader<'a> {
    src: &'a str,
    pos: usize,
    /// Byte offset of each line's start.
    lines: Vec<usize>,
    /// Lines of the input before `src`.
    base: usize,
    game: usize,
    /// Where the current game starts.
    start: usize,
    /// The last location computed: (offset, line index, column), so that locations asked in
    /// order cost the text between them only.
    last: Cell<(usize, usize, usize)>,
    /// Whether the next game's tag pairs follow `src`.
    before_tags: bool,
}

impl<'a> Reader<'a> {
    fn new(src: &'a str, base: usize, game: usize, before_tags: bool) -> Self {
        let mut lines = vec![0];
        let ends = src.bytes().enumerate().filter(|&(_, b)| b == b'\n');
        lines.extend(ends.map(|(i, _)| i + 1));
        Reader {
            src,
            pos: 0,
            lines,
            base,
            game,
            start: 0,
            last: Cell::new((0, 0, 1)),
            before_tags,
        }
    }

    fn rest(&self) -> &'a str {
        &self.src[self.pos..]
    }

    fn advance(&mut self, rest: &str) {
        self.pos = self.src.len() - rest.len();
    }

    fn loc(&self, offset: usize) -> Loc {
        let (last_off, last_line, last_col) = self.last.get();
        // asked in order, the line is mostly the last one's or the next
        let near = (last_line..self.lines.len().min(last_line + 4))
            .take_while(|&l| self.lines[l] <= offset)
            .last()
            .filter(|&l| last_off <= offset && self.lines.get(l + 1).is_none_or(|&s| s > offset));
        let line = near.unwrap_or_else(|| self.lines.partition_point(|&s| s <= offset).max(1) - 1);
        let col = if last_line == line && last_off <= offset {
            last_col
                + self
                    .src
                    .get(last_off..offset)
                    .map_or(0, |s| s.chars().count())
        } else {
            let start = self.lines[line];
            self.src
                .get(start..offset)
                .map_or(1, |s| s.chars().count() + 1)
        };
        self.last.set((offset, line, col));
        Loc {
            line: self.base + line + 1,
            col,
        }
    }

    fn at_line_start(&self, offset: usize) -> bool {
        offset == 0 || self.src.as_bytes().get(offset - 1) == Some(&b'\n')
    }

    /// An error at `offset`; reading resumes at the next game's tag pairs after it.
    fn fail(&self, offset: usize, kind: PgnErrorKind) -> GameErr {
        (
            PgnError {
                game: self.game,
                loc: self.loc(offset),
                kind,
            },
            self.resync(offset),
        )
    }

    /// The start of the first line after the one holding `offset` that starts with `[` and
    /// follows a line that does not.
    fn resync(&self, offset: usize) -> usize {
        let line = self.lines.partition_point(|&s| s <= offset).max(1) - 1;
        let starts_tag = |l: usize| {
            let s = self.lines[l];
            let e = self.lines.get(l + 1).copied().unwrap_or(self.src.len());
            self.src[s..e].trim_start().starts_with('[')
        };
        let mut prev_tag = starts_tag(line);
        for l in line + 1..self.lines.len() {
            let tag_line = starts_tag(l);
            if tag_line && !prev_tag {
                return self.lines[l];
            }
            prev_tag = tag_line;
        }
        self.src.len()
    }

    /// Skips whitespace and `%` escape lines.
    fn skip_ws(&mut self) {
        loop {
            let rest = self.rest();
            let ascii = rest.bytes().take_while(u8::is_ascii_whitespace).count();
            // byte-order marks count as blanks: files joined with `cat` have them inside
            let trimmed =
                rest[ascii..].trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
            self.advance(trimmed);
            if trimmed.starts_with('%') && self.at_line_start(self.pos) {
                let (r, _) = take_while::<_, _, nom::error::Error<&str>>(|c| c != '\n')(trimmed)
                    .unwrap_or((trimmed, ""));
                self.advance(r);
            } else {
                return;
            }
        }
    }

    fn game(&mut self) -> Result<Option<SourceGame>, GameErr> {
        self.skip_ws();
        if self.rest().is_empty() {
            return Ok(None);
        }
        self.game += 1;
        self.start = self.pos;
        let mut locs = Locations {
            game: self.loc(self.pos),
            ..Locations::default()
        };
        let mut record = Record::default();
        // each tag name's index, so that a duplicate is found in constant time
        let mut seen: HashMap<&str, usize> = HashMap::new();
        while self.rest().starts_with('[') {
            let start = self.pos;
            let (name, value) = self.tag_pair()?;
            let at = self.loc(start);
            if let Some(&i) = seen.get(name) {
                let first = locs.tags[i];
                return Err(self.fail(
                    start,
                    PgnErrorKind::DuplicateTag {
                        name: clip(name),
                        first_line: first.line,
                    },
                ));
            }
            seen.insert(name, record.tags.len());
            locs.tags.push(at);
            record.tags.push((name.to_string(), value));
            self.skip_ws();
        }
        let (main, result) = self.line(0, &mut locs.moves)?;
        let Some((result, at)) = result else {
            return Err(self.fail(
                self.pos,
                PgnErrorKind::NoResult {
                    before_tags: self.before_tags,
                },
            ));
        };
        record.main = main;
        record.result = result;
        locs.result = self.loc(at);
        Ok(Some(SourceGame {
            number: self.game,
            record,
            locations: Some(locs),
        }))
    }

    fn tag_pair(&mut self) -> Result<(&'a str, String), GameErr> {
        let start = self.pos;
        let (i, _) = preceded(char::<_, nom::error::Error<&str>>('['), space0)(self.rest())
            .map_err(|_| self.fail(start, PgnErrorKind::TagStart))?;
        let Ok((i, name)) = tag_name(i) else {
            return Err(self.fail(self.src.len() - i.len(), PgnErrorKind::TagName));
        };
        let (i, _) = space0::<_, nom::error::Error<&str>>(i).unwrap_or((i, ""));
        let at = self.src.len() - i.len();
        let (i, value) = match quoted(i) {
            Ok(r) => r,
            Err(_) if i.starts_with('"') => {
                let name = clip(name);
                return Err(self.fail(at, PgnErrorKind::UnterminatedTagValue { name }));
            }
            Err(_) => {
                let name = clip(name);
                return Err(self.fail(at, PgnErrorKind::UnquotedTagValue { name }));
            }
        };
        let (i, _) = space0::<_, nom::error::Error<&str>>(i).unwrap_or((i, ""));
        let Ok((i, _)) = char::<_, nom::error::Error<&str>>(']')(i) else {
            return Err(self.fail(
                self.src.len() - i.len(),
                PgnErrorKind::TagEnd { name: clip(name) },
            ));
        };
        self.advance(i);
        Ok((name, value))
    }

    /// Reads a line of moves up to its `)` (variations) or its result (main line).
    fn line(
        &mut self,
        depth: usize,
        locs: &mut Vec<Loc>,
    ) -> Result<(Line, Option<(GameResult, usize)>), GameErr> {
        let mut line = Line::default();
        loop {
            self.skip_ws();
            let start = self.pos;
            let rest = self.rest();
            let Some(c) = rest.chars().next() else {
                return Err(self.fail(
                    start,
                    if depth > 0 {
                        PgnErrorKind::UnterminatedVariation
                    } else {
                        PgnErrorKind::NoResult {
                            before_tags: self.before_tags,
                        }
                    },
                ));
            };
            match c {
                '{' => {
                    let Ok((r, text)) = brace_comment(rest) else {
                        return Err(self.fail(start, PgnErrorKind::UnterminatedComment));
                    };
                    self.advance(r);
                    comments_of(&mut line).push(clean(text));
                }
                ';' => {
                    let (r, text) = line_comment(rest).unwrap_or((rest, ""));
                    self.advance(r);
                    comments_of(&mut line).push(clean(text));
                }
                '$' | '!' | '?' => {
                    let parsed = if c == '$' {
                        nag(rest)
                    } else {
                        annotation(rest)
                    };
                    let Ok((r, n)) = parsed else {
                        let tok = rest.split(char::is_whitespace).next().unwrap_or(rest);
                        let tok = shorten(tok, ANNOTATION_CHARS);
                        return Err(self.fail(start, PgnErrorKind::BadAnnotation(tok)));
                    };
                    let Some(last) = line.moves.last_mut() else {
                        return Err(self.fail(start, PgnErrorKind::AnnotationFirst));
                    };
                    last.nags.push(n);
                    self.advance(r);
                }
                '(' => {
                    if depth + 1 > MAX_DEPTH {
                        return Err(self.fail(start, PgnErrorKind::TooDeep));
                    }
                    if line.moves.is_empty() {
                        return Err(self.fail(start, PgnErrorKind::VariationFirst));
                    }
                    self.pos += 1;
                    let (v, _) = self.line(depth + 1, &mut Vec::new())?;
                    if let Some(last) = line.moves.last_mut() {
                        last.variations.push(v);
                    }
                }
                ')' => {
                    if depth == 0 {
                        return Err(self.fail(start, PgnErrorKind::UnmatchedClose));
                    }
                    self.pos += 1;
                    return Ok((line, None));
                }
                '[' if depth == 0 && self.at_line_start(start) => {
                    let (e, _) = self.fail(start, PgnErrorKind::NoResult { before_tags: true });
                    return Err((e, start));
                }
                _ => {
                    // results and move numbers start with a digit or `*`
                    let numeric = c.is_ascii_digit() || c == '*';
                    if let Some((r, res)) = numeric.then(|| result_token(rest).ok()).flatten() {
                        if depth > 0 {
                            return Err(self.fail(start, PgnErrorKind::ResultInVariation));
                        }
                        self.advance(r);
                        return Ok((line, Some((res, start))));
                    }
                    if let Some((r, _)) = numeric.then(|| move_number(rest).ok()).flatten() {
                        self.advance(r);
                        continue;
                    }
                    if let Ok((r, tok)) = move_token(rest) {
                        line.moves.push(MoveNode {
                            san: tok.to_string(),
                            ..MoveNode::default()
                        });
                        if depth == 0 {
                            locs.push(self.loc(start));
                        }
                        self.advance(r);
                        continue;
                    }
                    return Err(self.fail(start, PgnErrorKind::UnexpectedChar(c)));
                }
            }
        }
    }
}

/// Where a comment read now belongs: the last move, or the line's start.
fn comments_of(line: &mut Line) -> &mut Vec<String> {
    match line.moves.last_mut() {
        Some(m) => &mut m.comments,
        None => &mut line.comments,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Games without tag pairs are read one at a time, each within the limit of one game's
    /// text, however large the file: 400 games of about 300 bytes with a limit of 4 KiB.
    #[test]
    fn tagless_games_stream_past_the_game_limit() {
        let game = "1. e4 {a comment with 1-0 inside} e5 2. Nf3 (2. f4 exf4) Nc6\n\
                    3. Bb5 a6 ; a line comment 1-0\n4. Ba4 Nf6 5. O-O Be7 1/2-1/2\n\n";
        let text = game.repeat(400);
        assert!(text.len() > 10 * 4096);
        let mut games = Games::new(text.as_bytes());
        games.limit = 4 * 1024;
        let read: Vec<_> = games.collect();
        assert_eq!(read.len(), 400);
        for (i, g) in read.iter().enumerate() {
            let g = g.as_ref().expect("every game reads");
            assert_eq!(g.number, i + 1);
            assert_eq!(g.record.main.moves.len(), 10);
            assert_eq!(g.record.result, GameResult::Draw);
            let at = g.locations.as_ref().map(|l| l.game.line);
            assert_eq!(at, Some(4 * i + 1), "game {} starts on its line", i + 1);
        }
    }

    /// A result at the end of a line ends a game even when the next one starts right after,
    /// with no blank line and no tags; one with a result inside a comment does not.
    #[test]
    fn results_split_games_without_blank_lines() {
        let text = "1. e4 e5 1-0\n1. d4 { 0-1 }\nd5 0-1\n1. c4 *";
        let games: Vec<_> = Games::new(text.as_bytes()).map(Result::unwrap).collect();
        let moves: Vec<usize> = games.iter().map(|g| g.record.main.moves.len()).collect();
        assert_eq!(moves, [2, 2, 1]);
    }
}
