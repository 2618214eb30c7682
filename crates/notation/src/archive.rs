//! A compact binary game archive (bincode 2) and reading game files of either kind.
//!
//! Layout: the 8 magic bytes `CITADELG`, a format version byte, then the bincode encoding
//! (standard configuration: variable-length integers) of the games. Each game keeps its tags,
//! result and movetext exactly; the movetext is stored flat, as a list of events (move,
//! NAG, comment, variation start and end), so that decoding never recurses and rebuilding the
//! tree enforces the same nesting limit as the PGN reader. `read(write(games)) == games`.
//!
//! ```
//! use citadel_notation::{archive, pgn};
//! let games = pgn::parse("1. e4 {best} e5 (1... c5 $1) 2. Nf3 *").unwrap();
//! let bytes = archive::write(&games).unwrap();
//! assert_eq!(archive::read(&bytes).unwrap(), games);
//! ```

use crate::pgn::{self, PgnError, SourceGame, MAX_DEPTH};
use crate::record::{GameResult, Line, MoveNode, Record};
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

fn flatten(line: &Line, out: &mut Vec<Event>) {
    out.extend(line.comments.iter().cloned().map(Event::Comment));
    for m in &line.moves {
        out.push(Event::Move(m.san.clone()));
        out.extend(m.nags.iter().copied().map(Event::Nag));
        out.extend(m.comments.iter().cloned().map(Event::Comment));
        for v in &m.variations {
            out.push(Event::Open);
            flatten(v, out);
            out.push(Event::Close);
        }
    }
}

/// Rebuilds the main line from events, without recursion; `None` if they are malformed.
fn unflatten(events: Vec<Event>) -> Option<Line> {
    let mut stack: Vec<Line> = vec![Line::default()];
    for e in events {
        let line = stack.last_mut()?;
        match e {
            Event::Move(san) => line.moves.push(MoveNode {
                san,
                ..MoveNode::default()
            }),
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
            flatten(&r.main, &mut events);
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
    let body = bytes.strip_prefix(MAGIC).ok_or(ArchiveError::NotAnArchive)?;
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
            Ok(Record {
                tags: g.tags,
                result: g.result,
                main: unflatten(g.events).ok_or(ArchiveError::Malformed(i + 1))?,
            })
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
