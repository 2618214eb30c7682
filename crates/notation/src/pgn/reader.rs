//! The parser of a game's text (nom): tag pairs, then movetext read whole ([`Line`]) or as
//! its main line's move texts borrowed from the input ([`MainLine`]), with the same errors.

use super::{
    Loc, Locations, MainLineGame, PgnError, PgnErrorKind, SourceGame, ANNOTATION_CHARS, MAX_DEPTH,
};
use crate::record::{GameResult, Line, MoveNode, Record};
use crate::{clip, shorten};
use nom::bytes::complete::{take_till, take_until, take_while, take_while1};
use nom::character::complete::{char, digit1, space0};
use nom::combinator::map_res;
use nom::sequence::{delimited, preceded};
use nom::IResult;
use std::cell::Cell;
use std::collections::HashMap;

/// Reads every game of `src` whole (whose first line is the input's line `line` + 1, after
/// `games_before` games; `before_tags`: the next game's tag pairs follow `src`).
pub(super) fn games(
    src: &str,
    line: usize,
    games_before: usize,
    before_tags: bool,
) -> Vec<Result<SourceGame, PgnError>> {
    read_all(src, line, games_before, before_tags, |r| r.game())
}

/// Reads every game of `src` for validation (as [`games`]): its record without movetext and
/// its main line's move texts, borrowed from `src`.
pub(super) fn main_lines(
    src: &str,
    line: usize,
    games_before: usize,
    before_tags: bool,
) -> Vec<Result<MainLineGame<'_>, PgnError>> {
    read_all(src, line, games_before, before_tags, |r| {
        Ok(r.game_as::<MainLine>()?
            .map(|(number, record, main, _)| MainLineGame {
                number,
                record,
                moves: main.0,
            }))
    })
}

/// Reads every game of `src` (whose first line is the input's line `line` + 1, after
/// `games_before` games) with `game`; a broken game is an `Err` and reading resumes at the
/// next game's tag pairs.
fn read_all<'a, T>(
    src: &'a str,
    line: usize,
    games_before: usize,
    before_tags: bool,
    mut game: impl FnMut(&mut Reader<'a>) -> Result<Option<T>, GameErr>,
) -> Vec<Result<T, PgnError>> {
    let mut out = Vec::new();
    let mut p = Reader::new(src, line, games_before, before_tags);
    loop {
        match game(&mut p) {
            Ok(Some(g)) => out.push(Ok(g)),
            Ok(None) => break,
            Err((e, resume)) => {
                out.push(Err(e));
                // always move past the broken game's first token
                p.pos = if resume > p.start {
                    resume.min(src.len())
                } else {
                    p.resync(p.start)
                };
            }
        }
    }
    out
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

    /// The next game as a whole record.
    fn game(&mut self) -> Result<Option<SourceGame>, GameErr> {
        Ok(self
            .game_as::<Line>()?
            .map(|(number, mut record, main, locs)| {
                record.main = main;
                SourceGame {
                    number,
                    record,
                    locations: Some(locs),
                }
            }))
    }

    /// The next game: its number, its record without its movetext (tags and result), its
    /// movetext as `M` makes it, and where its parts stand (its moves' places only if `M`
    /// records them).
    fn game_as<M: Movetext<'a>>(
        &mut self,
    ) -> Result<Option<(usize, Record, M, Locations)>, GameErr> {
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
        let (main, result) = self.line::<M>(0, &mut locs.moves)?;
        let Some((result, at)) = result else {
            return Err(self.fail(
                self.pos,
                PgnErrorKind::NoResult {
                    before_tags: self.before_tags,
                },
            ));
        };
        record.result = result;
        locs.result = self.loc(at);
        Ok(Some((self.game, record, main, locs)))
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
    fn line<M: Movetext<'a>>(
        &mut self,
        depth: usize,
        locs: &mut Vec<Loc>,
    ) -> Result<(M, Option<(GameResult, usize)>), GameErr> {
        let mut line = M::default();
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
                    line.comment(text);
                }
                ';' => {
                    let (r, text) = line_comment(rest).unwrap_or((rest, ""));
                    self.advance(r);
                    line.comment(text);
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
                    if line.is_empty() {
                        return Err(self.fail(start, PgnErrorKind::AnnotationFirst));
                    }
                    line.nag(n);
                    self.advance(r);
                }
                '(' => {
                    if depth + 1 > MAX_DEPTH {
                        return Err(self.fail(start, PgnErrorKind::TooDeep));
                    }
                    if line.is_empty() {
                        return Err(self.fail(start, PgnErrorKind::VariationFirst));
                    }
                    self.pos += 1;
                    let (v, _) = self.line::<M>(depth + 1, &mut Vec::new())?;
                    line.variation(v);
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
                        line.push_move(tok);
                        if depth == 0 && M::LOCATIONS {
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

/// What the reader makes of a line of movetext: the whole of it ([`Line`]: moves, comments,
/// annotations, variations), or only the main line's move texts, borrowed from the input
/// ([`MainLine`]); both read the same syntax and find the same errors.
trait Movetext<'a>: Default {
    /// Whether the main line's moves' places are recorded.
    const LOCATIONS: bool;
    /// Whether the line has no move yet.
    fn is_empty(&self) -> bool;
    /// A move's text.
    fn push_move(&mut self, san: &'a str);
    /// A comment's text, as written.
    fn comment(&mut self, text: &'a str);
    /// An annotation of the last move (there is one).
    fn nag(&mut self, n: u8);
    /// A variation of the last move (there is one).
    fn variation(&mut self, v: Self);
}

impl<'a> Movetext<'a> for Line {
    const LOCATIONS: bool = true;

    fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    fn push_move(&mut self, san: &'a str) {
        self.moves.push(MoveNode {
            san: san.to_string(),
            ..MoveNode::default()
        });
    }

    fn comment(&mut self, text: &'a str) {
        // after the last move, or at the line's start
        let comments = match self.moves.last_mut() {
            Some(m) => &mut m.comments,
            None => &mut self.comments,
        };
        comments.push(clean(text));
    }

    fn nag(&mut self, n: u8) {
        if let Some(last) = self.moves.last_mut() {
            last.nags.push(n);
        }
    }

    fn variation(&mut self, v: Self) {
        if let Some(last) = self.moves.last_mut() {
            last.variations.push(v);
        }
    }
}

/// The move texts of a line, borrowed from the input: all that validating a game needs of
/// its movetext (comments, annotations and variations are read and dropped).
#[derive(Default)]
struct MainLine<'a>(Vec<&'a str>);

impl<'a> Movetext<'a> for MainLine<'a> {
    const LOCATIONS: bool = false;

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    fn push_move(&mut self, san: &'a str) {
        self.0.push(san);
    }

    fn comment(&mut self, _: &'a str) {}

    fn nag(&mut self, _: u8) {}

    fn variation(&mut self, _: Self) {}
}
