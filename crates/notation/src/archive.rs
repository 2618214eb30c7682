//! A compact binary game archive (bincode 2) and reading game files of either kind.
//!
//! Layout: the 8 magic bytes `CITADELG`, a format version byte, then the bincode encoding
//! (standard configuration: variable-length integers) of the games. Each game keeps its tags,
//! result and movetext exactly; the movetext is stored flat, as a list of events (move,
//! NAG, comment, variation start and end), so that decoding never recurses and rebuilding the
//! tree enforces the same nesting limit as the PGN reader. `read(write(games)) == games`.
//!
//! A main-line move written in canonical SAN (as `citadel convert` writes them) is stored as
//! its rank among the position's legal moves ordered by (from, to, promotion, flag, aux) —
//! one byte for up to 127 legal moves — and decoded by replaying the game; any other move text
//! (coordinates, non-canonical SAN, moves of a game that does not replay) and every variation
//! move is stored as text. Decoding rewrites exactly the text that was encoded.
//!
//! ```
//! use citadel_notation::{archive, pgn};
//! let games = pgn::parse("1. e4 {best} e5 (1... c5 $1) 2. Nf3 *").unwrap();
//! let bytes = archive::write(&games).unwrap();
//! assert_eq!(archive::read(&bytes).unwrap(), games);
//! ```

use crate::pgn::{self, PgnError, SourceGame, MAX_DEPTH};
use crate::record::{GameResult, Line, MoveNode, Record};
use crate::{replay, san, SanDialect};
use citadel_rules::{with_game, Move, MoveFlag, MoveList, Position};
use serde::{Deserialize, Serialize};

/// The first bytes of an archive.
pub const MAGIC: &[u8; 8] = b"CITADELG";
/// The format version written and read.
pub const VERSION: u8 = 1;
/// The most bytes an archive may decode to (guards against corrupt length prefixes).
const LIMIT: usize = 1 << 30;

/// Why an archive cannot be read or written.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ArchiveError {
    /// The data does not start with the archive's magic bytes.
    #[error("not a Citadel game archive")]
    NotAnArchive,
    /// An archive of another format version.
    #[error("archive format version {0}, this program reads version {VERSION}")]
    Version(u8),
    /// The bincode data is corrupt.
    #[error("corrupt archive: {0}")]
    Corrupt(String),
    /// A game's movetext events do not form a tree.
    #[error("corrupt archive: game {0}: malformed movetext")]
    Malformed(usize),
    /// Encoding failed.
    #[error("cannot encode the archive: {0}")]
    Encode(String),
}

/// One movetext event.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
enum Event {
    Move(String),
    Played(u16),
    Nag(u8),
    Comment(String),
    Open,
    Close,
}

#[derive(Serialize, Deserialize)]
struct Game {
    tags: Vec<(String, String)>,
    result: GameResult,
    events: Vec<Event>,
}

/// The order that ranks a position's legal moves, independent of generation order.
fn key(m: &Move) -> (u8, u8, u8, u16, u8) {
    let flag = match m.flag {
        MoveFlag::Normal => 0,
        MoveFlag::DoubleStep => 1,
        MoveFlag::EnPassant => 2,
        MoveFlag::Castle => 3,
        MoveFlag::Special(n) => 4 + u16::from(n),
    };
    (
        m.from.0,
        m.to.0,
        m.promotion.map_or(0, |k| k.saturating_add(1)),
        flag,
        m.aux.map_or(0, |a| a.0.saturating_add(1)),
    )
}

/// Follows a game's main line while it replays, to encode and decode moves by rank.
struct Cursor<G: SanDialect> {
    pos: Option<Position<G>>,
    legal: MoveList,
}

impl<G: SanDialect> Cursor<G> {
    fn new(record: &Record) -> Self {
        let pos = replay::start_position::<G>(record).ok();
        let legal = pos.as_ref().map(Position::legal_moves).unwrap_or_default();
        Cursor { pos, legal }
    }

    fn play(&mut self, m: Move) {
        if let Some(pos) = &mut self.pos {
            pos.play(m);
            self.legal.clear();
            pos.generate(&mut self.legal);
        }
    }

    /// The move a text names, if the line still replays; the line stops replaying otherwise.
    fn follow(&mut self, text: &str) -> Option<Move> {
        let pos = self.pos.as_ref()?;
        match san::parse_among(pos, &self.legal, text) {
            Ok(m) => Some(m),
            Err(_) => {
                self.pos = None;
                None
            }
        }
    }

    /// The event storing main-line move `text`.
    fn encode(&mut self, text: &str) -> Event {
        let Some(m) = self.follow(text) else {
            return Event::Move(text.to_string());
        };
        let legal = &self.legal;
        let canonical = self
            .pos
            .as_mut()
            .map(|pos| san::write_among(pos, legal, &m));
        let event = if canonical.as_deref() == Some(text) {
            let k = key(&m);
            let rank = self.legal.iter().filter(|o| key(o) < k).count();
            u16::try_from(rank).map_or_else(|_| Event::Move(text.to_string()), Event::Played)
        } else {
            Event::Move(text.to_string())
        };
        self.play(m);
        event
    }

    /// The text of main-line event `e` (`None` if it cannot be decoded).
    fn decode(&mut self, e: &Event) -> Option<String> {
        match e {
            Event::Move(text) => {
                if let Some(m) = self.follow(text) {
                    self.play(m);
                }
                Some(text.clone())
            }
            Event::Played(rank) => {
                let mut moves: Vec<Move> = self.legal.to_vec();
                moves.sort_by_key(key);
                let m = *moves.get(usize::from(*rank))?;
                let text = san::write_among(self.pos.as_mut()?, &moves, &m);
                self.play(m);
                Some(text)
            }
            _ => None,
        }
    }
}

/// How main-line moves are encoded or decoded: by the game's cursor, or as text.
trait MainLine {
    fn encode(&mut self, text: &str) -> Event;
    fn decode(&mut self, e: &Event) -> Option<String>;
}

impl<G: SanDialect> MainLine for Cursor<G> {
    fn encode(&mut self, text: &str) -> Event {
        Cursor::encode(self, text)
    }
    fn decode(&mut self, e: &Event) -> Option<String> {
        Cursor::decode(self, e)
    }
}

/// Main-line moves of a record whose game is unknown: text only.
struct AsText;

impl MainLine for AsText {
    fn encode(&mut self, text: &str) -> Event {
        Event::Move(text.to_string())
    }
    fn decode(&mut self, e: &Event) -> Option<String> {
        match e {
            Event::Move(t) => Some(t.clone()),
            _ => None,
        }
    }
}

/// Runs `f` with the main-line coder of the record's game.
fn with_main_line<T>(record: &Record, f: impl FnOnce(&mut dyn MainLine) -> T) -> T {
    match record.variant() {
        Ok(v) => with_game!(v, G => f(&mut Cursor::<G>::new(record))),
        Err(_) => f(&mut AsText),
    }
}

fn flatten(line: &Line, main: Option<&mut dyn MainLine>, out: &mut Vec<Event>) {
    let mut main = main;
    out.extend(line.comments.iter().cloned().map(Event::Comment));
    for m in &line.moves {
        out.push(match main.as_mut() {
            Some(c) => c.encode(&m.san),
            None => Event::Move(m.san.clone()),
        });
        out.extend(m.nags.iter().copied().map(Event::Nag));
        out.extend(m.comments.iter().cloned().map(Event::Comment));
        for v in &m.variations {
            out.push(Event::Open);
            flatten(v, None, out);
            out.push(Event::Close);
        }
    }
}

/// Rebuilds the main line from events, without recursion; `None` if they are malformed.
fn unflatten(events: Vec<Event>, main: &mut dyn MainLine) -> Option<Line> {
    let mut stack: Vec<Line> = vec![Line::default()];
    for e in events {
        let depth = stack.len();
        let line = stack.last_mut()?;
        match e {
            Event::Move(_) | Event::Played(_) => {
                let san = match (depth, e) {
                    (1, e) => main.decode(&e)?,
                    (_, Event::Move(s)) => s,
                    _ => return None,
                };
                line.moves.push(MoveNode {
                    san,
                    ..MoveNode::default()
                });
            }
            Event::Nag(n) => line.moves.last_mut()?.nags.push(n),
            Event::Comment(c) => match line.moves.last_mut() {
                Some(m) => m.comments.push(c),
                None => line.comments.push(c),
            },
            Event::Open => {
                if line.moves.is_empty() || stack.len() > MAX_DEPTH {
                    return None;
                }
                stack.push(Line::default());
            }
            Event::Close => {
                if stack.len() < 2 {
                    return None;
                }
                let v = stack.pop()?;
                stack.last_mut()?.moves.last_mut()?.variations.push(v);
            }
        }
    }
    if stack.len() == 1 {
        stack.pop()
    } else {
        None
    }
}

/// Encodes records as an archive.
pub fn write(records: &[Record]) -> Result<Vec<u8>, ArchiveError> {
    let games: Vec<Game> = records
        .iter()
        .map(|r| {
            let mut events = Vec::new();
            with_main_line(r, |c| flatten(&r.main, Some(c), &mut events));
            Game {
                tags: r.tags.clone(),
                result: r.result,
                events,
            }
        })
        .collect();
    let mut out = MAGIC.to_vec();
    out.push(VERSION);
    let body = bincode::serde::encode_to_vec(&games, bincode::config::standard())
        .map_err(|e| ArchiveError::Encode(e.to_string()))?;
    out.extend(body);
    Ok(out)
}

/// Whether `bytes` start like an archive.
pub fn is_archive(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC)
}

/// Decodes an archive.
pub fn read(bytes: &[u8]) -> Result<Vec<Record>, ArchiveError> {
    let body = bytes
        .strip_prefix(MAGIC)
        .ok_or(ArchiveError::NotAnArchive)?;
    let (&version, body) = body.split_first().ok_or(ArchiveError::Version(0))?;
    if version != VERSION {
        return Err(ArchiveError::Version(version));
    }
    let config = bincode::config::standard().with_limit::<LIMIT>();
    let (games, used): (Vec<Game>, usize) = bincode::serde::decode_from_slice(body, config)
        .map_err(|e| ArchiveError::Corrupt(e.to_string()))?;
    if used != body.len() {
        return Err(ArchiveError::Corrupt(format!(
            "{} bytes after the games",
            body.len() - used
        )));
    }
    games
        .into_iter()
        .enumerate()
        .map(|(i, g)| {
            let mut record = Record {
                tags: g.tags,
                result: g.result,
                main: Line::default(),
            };
            let main = with_main_line(&record, |c| unflatten(g.events, c));
            record.main = main.ok_or(ArchiveError::Malformed(i + 1))?;
            Ok(record)
        })
        .collect()
}

/// Reads the games of a file's contents, PGN text or archive (told apart by the magic bytes):
/// each game `Ok` or its syntax error. Text that is not UTF-8 is read with replacement
/// characters.
pub fn load(bytes: &[u8]) -> Result<Vec<Result<SourceGame, PgnError>>, ArchiveError> {
    if is_archive(bytes) {
        return Ok(read(bytes)?
            .into_iter()
            .enumerate()
            .map(|(i, record)| {
                Ok(SourceGame {
                    number: i + 1,
                    record,
                    locations: None,
                })
            })
            .collect());
    }
    Ok(pgn::read_games(&String::from_utf8_lossy(bytes)))
}
