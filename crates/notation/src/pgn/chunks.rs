//! Cutting a PGN input where games end ([`Chunks`]): the serial part of reading, which
//! only follows lines, comments and variations; each [`Chunk`] is then parsed on any thread.

use super::{reader, Loc, PgnError, PgnErrorKind, SourceGame, MAX_GAME_BYTES};
use crate::record::Record;
use std::io::BufRead;

/// The text of one game, or of several games without tag pairs, cut from a PGN input where
/// a game ends ([`Chunks`]), with what its parsing needs to name lines and games as they
/// are in the whole input: so chunks can be parsed on any thread, in any order.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Chunk {
    body: ChunkBody,
    /// Lines of the input before the chunk.
    line: usize,
    /// Whether this is the input's first chunk (a byte-order mark is dropped).
    first: bool,
    /// Whether the next game's tag pairs follow the chunk.
    before_tags: bool,
}

/// A chunk's contents: its text, or the one error that stands for it.
#[derive(Clone, PartialEq, Eq, Debug)]
enum ChunkBody {
    Text(Vec<u8>),
    /// An error on the chunk's line (`Chunk::line` + 1): reading stops after an unreadable
    /// input or binary data; a game over the size limit is skipped.
    Failed(PgnErrorKind),
}

impl Chunk {
    /// The chunk's size in bytes (0 for an error), to size batches of work.
    pub fn len(&self) -> usize {
        match &self.body {
            ChunkBody::Text(t) => t.len(),
            ChunkBody::Failed(_) => 0,
        }
    }

    /// Whether the chunk holds no text.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Parses the chunk's games, numbered from `games_before + 1` (the games of the input
    /// before it): each game `Ok`, or its error, after which reading resumes at the next
    /// game's tag pairs.
    ///
    /// ```
    /// use citadel_notation::pgn::Chunks;
    /// let text = "1. e4 e5 1-0\n1. d4 *\n";
    /// let chunks: Vec<_> = Chunks::new(text.as_bytes()).collect();
    /// assert_eq!(chunks.len(), 2);
    /// let second = chunks[1].parse(1);
    /// let game = second[0].as_ref().unwrap();
    /// assert_eq!((game.number, game.locations.as_ref().unwrap().game.line), (2, 2));
    /// ```
    pub fn parse(&self, games_before: usize) -> Vec<Result<SourceGame, PgnError>> {
        let text = match &self.body {
            ChunkBody::Text(t) => t,
            ChunkBody::Failed(kind) => {
                return vec![Err(PgnError {
                    game: games_before + 1,
                    loc: Loc {
                        line: self.line + 1,
                        col: 1,
                    },
                    kind: kind.clone(),
                })]
            }
        };
        // checked as UTF-8 first: the common case, and faster than the lossy reading
        let text = match std::str::from_utf8(text) {
            Ok(t) => std::borrow::Cow::Borrowed(t),
            Err(_) => String::from_utf8_lossy(text),
        };
        reader::games(
            self.source(&text),
            self.line,
            games_before,
            self.before_tags,
        )
    }

    /// The chunk's games for validation: each game's number, its record without its
    /// movetext, and its main line's move texts borrowed from the chunk, numbered as by
    /// [`parse`](Self::parse), with the same errors. `None` when the chunk is not UTF-8
    /// text (then [`parse`](Self::parse) reads it with replacement characters).
    ///
    /// ```
    /// use citadel_notation::pgn::Chunks;
    /// let text = "[Variant \"chess\"]\n\n1. e4 {best} e5 (1... c5) 2. Nf3 *\n";
    /// let chunk = Chunks::new(text.as_bytes()).next().unwrap();
    /// let games = chunk.parse_main_lines(0).unwrap();
    /// let game = games[0].as_ref().unwrap();
    /// assert_eq!(game.moves, ["e4", "e5", "Nf3"]);
    /// assert_eq!(game.record.tag("Variant"), Some("chess"));
    /// ```
    pub fn parse_main_lines(
        &self,
        games_before: usize,
    ) -> Option<Vec<Result<MainLineGame<'_>, PgnError>>> {
        let ChunkBody::Text(text) = &self.body else {
            return None;
        };
        let text = std::str::from_utf8(text).ok()?;
        Some(reader::main_lines(
            self.source(text),
            self.line,
            games_before,
            self.before_tags,
        ))
    }

    /// The text to read: the chunk's text without a byte-order mark at the input's start.
    fn source<'t>(&self, text: &'t str) -> &'t str {
        if self.first {
            text.strip_prefix('\u{feff}').unwrap_or(text)
        } else {
            text
        }
    }
}

/// A game read for validation ([`Chunk::parse_main_lines`]): no string per move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MainLineGame<'a> {
    /// The game's number in its file, from 1.
    pub number: usize,
    /// Its tag pairs and result; no movetext.
    pub record: Record,
    /// Its main line's move texts, as written.
    pub moves: Vec<&'a str>,
}

/// Cuts a PGN input into [`Chunk`]s, one game's text at a time (see the [module](crate::pgn)
/// documentation): the serial part of reading, which only looks for where games end, so
/// that parsing can run on every core.
pub struct Chunks<R: BufRead> {
    input: R,
    /// Lines consumed before the chunk being read.
    lines_before: usize,
    /// The first line of the next chunk, read ahead.
    ahead: Option<Vec<u8>>,
    /// Where the movetext being chunked stands (comments, variations).
    scan: MovetextScan,
    /// The longest text of one game: [`MAX_GAME_BYTES`] (smaller in tests).
    limit: usize,
    /// Whether the input is exhausted (or unreadable).
    done: bool,
    /// Whether the first chunk was handed out.
    started: bool,
    /// The line being read (kept to reuse its memory).
    line: Vec<u8>,
}

/// How a line was read into [`Chunks::line`]: whether it was too long (its bytes skipped),
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
        // the first `;` at or after some earlier `i` (found once, kept while still ahead)
        let mut semicolon: Option<Option<usize>> = None;
        while i < line.len() {
            let found = if self.in_comment {
                memchr::memchr(b'}', &line[i..]).map(|p| i + p)
            } else {
                // the nearest of `{`, `(`, `)` and `;`, by vectorised scans
                let next = match semicolon {
                    Some(Some(p)) if p >= i => Some(p),
                    Some(None) => None,
                    _ => {
                        let p = memchr::memchr(b';', &line[i..]).map(|p| i + p);
                        semicolon = Some(p);
                        p
                    }
                };
                let before = &line[i..next.unwrap_or(line.len())];
                memchr::memchr3(b'{', b'(', b')', before)
                    .map(|p| i + p)
                    .or(next)
            };
            let Some(at) = found else { break };
            i = at;
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

impl<R: BufRead> Chunks<R> {
    /// Cuts the games of `input`.
    pub fn new(input: R) -> Self {
        Chunks {
            input,
            lines_before: 0,
            ahead: None,
            scan: MovetextScan::default(),
            limit: MAX_GAME_BYTES,
            done: false,
            started: false,
            line: Vec::new(),
        }
    }

    /// Reads one line (with its `\n`) into [`Chunks::line`], keeping at most `room` bytes of
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
            let (take, end) = match memchr::memchr(b'\n', buf) {
                Some(i) => (i + 1, true),
                None => (buf.len(), false),
            };
            let part = &buf[..take];
            if memchr::memchr(0, part).is_some() {
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

    /// A chunk for an error on the line after `lines` lines of the chunk being read; reading
    /// stops.
    fn failed(&mut self, lines: usize, kind: PgnErrorKind) -> Chunk {
        self.done = true;
        self.ahead = None;
        Chunk {
            body: ChunkBody::Failed(kind),
            line: self.lines_before + lines,
            first: false,
            before_tags: false,
        }
    }

    /// Reads the next chunk: one game's text, or several games without tag pairs.
    fn next_chunk(&mut self) -> Chunk {
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
                Err(e) => return self.failed(lines, PgnErrorKind::Io(e.into())),
            };
            if line.binary {
                return self.failed(lines, PgnErrorKind::Binary);
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
        let first = !self.started;
        self.started = true;
        Chunk {
            body: if oversize {
                ChunkBody::Failed(PgnErrorKind::GameTooLong)
            } else {
                ChunkBody::Text(text)
            },
            line: base,
            first,
            before_tags: self.ahead.as_deref().is_some_and(is_tag_line),
        }
    }
}

impl<R: BufRead> Iterator for Chunks<R> {
    type Item = Chunk;

    fn next(&mut self) -> Option<Chunk> {
        if self.done && self.ahead.is_none() {
            return None;
        }
        Some(self.next_chunk())
    }
}

#[cfg(test)]
mod tests {
    use crate::pgn::Games;
    use crate::record::GameResult;

    /// Games without tag pairs are read one at a time, each within the limit of one game's
    /// text, however large the file: 400 games of about 300 bytes with a limit of 4 KiB.
    #[test]
    fn tagless_games_stream_past_the_game_limit() {
        let game = "1. e4 {a comment with 1-0 inside} e5 2. Nf3 (2. f4 exf4) Nc6\n\
                    3. Bb5 a6 ; a line comment 1-0\n4. Ba4 Nf6 5. O-O Be7 1/2-1/2\n\n";
        let text = game.repeat(400);
        assert!(text.len() > 10 * 4096);
        let mut games = Games::new(text.as_bytes());
        games.chunks.limit = 4 * 1024;
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
