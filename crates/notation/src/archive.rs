//! A compact binary game archive that detects corruption, and reading game files of either
//! kind (PGN text or archive) game by game.
//!
//! Layout (format version 4):
//!
//! - a header: the 8 magic bytes `CITADELG` and the format version byte;
//! - one frame per game: its payload's length (LEB128 variable-length integer, never 0), the
//!   game's number in the archive (LEB128, from 1), the CRC-32 of the number's bytes followed
//!   by the payload (4 bytes, little-endian; `crc32fast`), then the payload;
//! - an end marker: a `0` byte, the number of games (LEB128) and the CRC-32 of that number's
//!   bytes.
//!
//! Any changed, missing or moved byte is therefore reported as corruption naming the game
//! ([`ArchiveError`]), never decoded as another game: a changed payload, number or checksum
//! fails the checksum, a changed length makes the checksum cover other bytes (or runs past the
//! end), a frame swapped with another, repeated or removed holds another game's number than
//! its place ([`ArchiveError::Misplaced`]), and a truncated archive lacks its end marker.
//!
//! Archives of format version 2 (frames without their numbers) are still read; their frames
//! are not bound to their places, so reordered frames of such an archive go unnoticed.
//! Versions 2 and 3 stored main-line moves by their rank among the position's legal moves
//! (one byte each); such moves are still read.
//!
//! A payload holds the tags (common names such as `Event` or `Variant` as one byte; a game
//! defined at run time, from a variants file, also its definition, so that the archive reads
//! back without the file), the
//! result and the movetext as a flat list of events (move, NAG, comment, variation start and
//! end), so that decoding never recurses and rebuilding the tree enforces the PGN reader's
//! nesting limit. A main-line move written in canonical SAN (as `citadel convert` writes them)
//! is stored as the move itself — its start and destination cells in two bytes, then its flag,
//! promotion and auxiliary cell in three more for the few moves that have any — and
//! consecutive ones as one run; decoding replays the game and writes each move's SAN.
//! Validation ([`Frame::validate`]) tests each stored move on its own, without generating the
//! position's other moves or writing text. Any other move text (coordinates, non-canonical
//! SAN, moves of a game that does not replay) and every variation move is stored as text.
//! Decoding rewrites exactly the text that was encoded: `read(write(games)) == games`.
//!
//! ```
//! use citadel_notation::{archive, pgn};
//! let games = pgn::parse("1. e4 {best} e5 (1... c5 $1) 2. Nf3 *").unwrap();
//! let bytes = archive::write(&games).unwrap();
//! assert_eq!(archive::read(&bytes).unwrap(), games);
//! let mut bad = bytes.clone();
//! bad[14] ^= 1;
//! assert_eq!(
//!     archive::read(&bad).unwrap_err().to_string(),
//!     "corrupt archive: game 1 fails its checksum (the data was changed)"
//! );
//! ```

use crate::pgn::MAX_DEPTH;
use crate::record::{GameResult, Line, MoveNode, Record};
use crate::replay::{ReplayError, Replayed};
use crate::IoError;
use citadel_rules::{Move, Variant};
use std::io::{BufRead, Read, Write};

mod file_games;
mod main_line;
mod stored_move;
mod validate;

use main_line::{with_main_line, MainLine, Observed};
use stored_move::{by_rank, get_move, put_move, storable, width};

pub use file_games::{load, open, FileGame, FileGames, FilePart, FileParts, Games, ReadError};

/// The first bytes of an archive.
pub const MAGIC: &[u8; 8] = b"CITADELG";
/// The format version written (and the newest read).
pub const VERSION: u8 = 4;
/// The oldest format version read: version 2, whose frames carry no game numbers.
pub const OLDEST_VERSION: u8 = 2;
/// The largest payload of one game read (64 MiB).
const MAX_PAYLOAD: u64 = 64 << 20;

/// The name under which a payload stores the definition of a game defined at run time (a
/// name no PGN tag can have): read back, it registers the game and is not a tag of the
/// record.
const DEFINITION_TAG: &str = "@definition";

/// Tag names stored as one byte (their index).
const KNOWN_TAGS: [&str; 20] = [
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Result",
    "Variant",
    "SetUp",
    "FEN",
    "Termination",
    "PlyCount",
    "TimeControl",
    "WhiteElo",
    "BlackElo",
    "ECO",
    "Opening",
    "Annotator",
    "Mode",
    "Time",
];

/// Why an archive cannot be read or written.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ArchiveError {
    /// The data does not start with the archive's magic bytes.
    #[error("not a Citadel game archive")]
    NotAnArchive,
    /// The header's magic bytes are damaged.
    #[error("corrupt archive: its header is damaged")]
    Header,
    /// An archive of another format version.
    #[error(
        "archive format version {0}: this program reads versions {OLDEST_VERSION} to {VERSION}"
    )]
    Version(u8),
    /// The data ends inside a game's frame.
    #[error("corrupt archive: it ends inside game {0} (truncated?)")]
    Truncated(usize),
    /// A game's payload does not match its checksum.
    #[error("corrupt archive: game {0} fails its checksum (the data was changed)")]
    Checksum(usize),
    /// A game's length is beyond what an archive holds.
    #[error("corrupt archive: game {0} claims {1} bytes, more than a game may hold")]
    TooLong(usize, u64),
    /// The data ends after a game without the end marker.
    #[error("corrupt archive: it ends after game {0} without its end marker (truncated?)")]
    NoEnd(usize),
    /// The data ends inside the end marker.
    #[error("corrupt archive: its end marker is cut short after game {0} (truncated?)")]
    EndTruncated(usize),
    /// The end marker is damaged or counts other games than were read.
    #[error("corrupt archive: its end marker is damaged (after game {0})")]
    BadEnd(usize),
    /// Bytes follow the end marker.
    #[error("corrupt archive: data after its end marker (after game {0})")]
    Trailing(usize),
    /// A frame that is not in its place: it holds game `.1` where game `.0` belongs.
    #[error(
        "corrupt archive: the frame of game {0} holds game {1} (frames reordered, repeated or removed)"
    )]
    Misplaced(usize, u64),
    /// A game's payload passed its checksum but does not decode (written by a faulty
    /// program).
    #[error("corrupt archive: game {0}: {1}")]
    Malformed(usize, #[source] DecodeError),
    /// Reading failed.
    #[error("cannot read the archive: {0}")]
    Io(#[source] IoError),
    /// Writing failed.
    #[error("cannot write the archive: {0}")]
    Write(#[source] IoError),
}

/// Why a game's payload, though it passed its checksum, does not decode (it was written by a
/// faulty program).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum DecodeError {
    /// The payload ends inside a field.
    #[error("the game's data ends inside a field")]
    Truncated,
    /// A variable-length number of more than 64 bits.
    #[error("a number is too long")]
    BadVarint,
    /// A length beyond the machine's address space.
    #[error("a length is too large")]
    LengthTooLarge,
    /// A text longer than the rest of the payload.
    #[error("a text runs past the end of the game's data")]
    TextPastEnd,
    /// A text that is not UTF-8.
    #[error("a text is not UTF-8")]
    NotUtf8,
    /// A result code other than the four results.
    #[error("unknown result code {0}")]
    UnknownResult(u8),
    /// A movetext event code that names no event.
    #[error("unknown movetext event {0}")]
    UnknownEvent(u8),
    /// A stored move that is not legal in its position.
    #[error("a stored move that is not legal in its position")]
    NotLegal,
    /// A move rank beyond the position's legal moves.
    #[error("a move of rank {rank} among {legal} legal moves")]
    RankOutOfRange {
        /// The rank stored.
        rank: u16,
        /// The legal moves of the position.
        legal: usize,
    },
    /// A move stored as a move (or by rank) where the main line no longer replays.
    #[error("a stored move where the game does not replay")]
    RankWithoutReplay,
    /// A move stored as a move (or by rank) in a game whose `Variant` tag names no game.
    #[error("a stored move in a game of no known variant")]
    RankWithoutVariant,
    /// A move stored as a move (or by rank) inside a variation (only main-line moves are).
    #[error("a stored move inside a variation")]
    RankInVariation,
    /// The stored definition of a game defined at run time does not read.
    #[error("the game's stored definition does not read: {0}")]
    BadDefinition(String),
    /// A NAG before the line's first move.
    #[error("an annotation before any move")]
    AnnotationFirst,
    /// A variation before the line's first move.
    #[error("a variation before any move")]
    VariationFirst,
    /// Variations nested deeper than the PGN reader accepts ([`MAX_DEPTH`]).
    #[error("variations nested too deeply")]
    TooDeep,
    /// A variation end without its start.
    #[error("a variation end without its start")]
    UnmatchedClose,
    /// A variation start without its end.
    #[error("a variation without its end")]
    UnclosedVariation,
}

impl ArchiveError {
    /// The number of the game the error is in or after (0 for the header).
    pub fn game(&self) -> usize {
        match self {
            ArchiveError::Truncated(g)
            | ArchiveError::Checksum(g)
            | ArchiveError::TooLong(g, _)
            | ArchiveError::NoEnd(g)
            | ArchiveError::BadEnd(g)
            | ArchiveError::EndTruncated(g)
            | ArchiveError::Trailing(g)
            | ArchiveError::Misplaced(g, _)
            | ArchiveError::Malformed(g, _) => *g,
            _ => 0,
        }
    }
}

/// One movetext event.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Event {
    Move(String),
    /// A main-line move stored as the move.
    Stored(Move),
    Nag(u8),
    Comment(String),
    Open,
    Close,
}

const OP_MOVE: u8 = 0;
const OP_NAG: u8 = 1;
const OP_COMMENT: u8 = 2;
const OP_OPEN: u8 = 3;
const OP_CLOSE: u8 = 4;
/// A run of main-line moves by rank (format versions 2 and 3; read, never written).
const OP_PLAYED: u8 = 5;
/// A run of main-line moves stored as moves.
const OP_MOVES: u8 = 6;

/// Hands the events of `line` to `out` in order, its moves encoded by `main` (a variation's
/// as text).
fn flatten(line: &Line, main: Option<&mut dyn MainLine>, out: &mut dyn FnMut(Event)) {
    let mut main = main;
    line.comments
        .iter()
        .cloned()
        .map(Event::Comment)
        .for_each(&mut *out);
    for m in &line.moves {
        out(match main.as_mut() {
            Some(c) => c.encode(&m.san),
            None => Event::Move(m.san.clone()),
        });
        m.nags.iter().copied().map(Event::Nag).for_each(&mut *out);
        m.comments
            .iter()
            .cloned()
            .map(Event::Comment)
            .for_each(&mut *out);
        for v in &m.variations {
            out(Event::Open);
            flatten(v, None, out);
            out(Event::Close);
        }
    }
}

fn put_varint(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

fn put_str(out: &mut Vec<u8>, s: &str) {
    put_varint(out, s.len() as u64);
    out.extend_from_slice(s.as_bytes());
}

fn result_code(r: GameResult) -> u8 {
    match r {
        GameResult::WhiteWins => 0,
        GameResult::BlackWins => 1,
        GameResult::Draw => 2,
        GameResult::Unknown => 3,
    }
}

/// The payload of one game.
fn encode(record: &Record) -> Vec<u8> {
    with_main_line(record, |c| encode_with(record, c))
}

/// The payload of one game, its main-line moves encoded by `main`.
fn encode_with(record: &Record, main: &mut dyn MainLine) -> Vec<u8> {
    encode_parts(&record.tags, record.result, &record.main, main)
}

/// The payload of a game given by its tags, result and main line, its main-line moves
/// encoded by `main`.
fn encode_parts(
    tags: &[(String, String)],
    result: GameResult,
    line: &Line,
    main: &mut dyn MainLine,
) -> Vec<u8> {
    let mut out = Vec::new();
    // a game defined at run time carries its definition, so that it reads back without its file
    let definition = tags
        .iter()
        .find(|(name, _)| name == "Variant")
        .and_then(|(_, v)| Variant::from_name(v))
        .and_then(Variant::definition)
        .map(|d| (DEFINITION_TAG.to_string(), d.to_string()));
    put_varint(
        &mut out,
        (tags.len() + usize::from(definition.is_some())) as u64,
    );
    for (name, value) in tags.iter().chain(definition.as_ref()) {
        match KNOWN_TAGS.iter().position(|k| k == name) {
            Some(i) => put_varint(&mut out, i as u64),
            None => {
                put_varint(&mut out, (KNOWN_TAGS.len() + name.len()) as u64);
                out.extend_from_slice(name.as_bytes());
            }
        }
        put_str(&mut out, value);
    }
    out.push(result_code(result));
    // moves stored as moves go in runs: held until the run ends
    let mut run: Vec<Move> = Vec::with_capacity(line.moves.len());
    let end_run = |out: &mut Vec<u8>, run: &mut Vec<Move>| {
        if !run.is_empty() {
            out.push(OP_MOVES);
            put_varint(out, run.len() as u64);
            run.drain(..).for_each(|m| put_move(out, &m));
        }
    };
    flatten(line, Some(main), &mut |e| {
        if let Event::Stored(m) = e {
            run.push(m);
            return;
        }
        end_run(&mut out, &mut run);
        match e {
            Event::Move(t) => {
                out.push(OP_MOVE);
                put_str(&mut out, &t);
            }
            Event::Nag(n) => {
                out.push(OP_NAG);
                out.push(n);
            }
            Event::Comment(c) => {
                out.push(OP_COMMENT);
                put_str(&mut out, &c);
            }
            Event::Open => out.push(OP_OPEN),
            Event::Close => out.push(OP_CLOSE),
            Event::Stored(_) => {}
        }
    });
    end_run(&mut out, &mut run);
    out
}

/// One game encoded for an archive (its frame's payload), ready for
/// [`Writer::add_payload`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Payload(Vec<u8>);

impl Payload {
    /// The payload of `record`.
    pub fn of(record: &Record) -> Payload {
        Payload(encode(record))
    }

    /// The canonical form of `record` ([`replay::normalize`](crate::replay::normalize)) and
    /// its payload, from one replay: the moves are taken as the canonical text is written,
    /// instead of reading the text back.
    ///
    /// ```
    /// use citadel_notation::{archive::Payload, pgn, replay};
    /// let rec = &pgn::parse("1. e2e4 e7e5 2. g1f3 *").unwrap()[0];
    /// let (canonical, payload) = Payload::of_canonical(rec).unwrap();
    /// assert_eq!(canonical, replay::normalize(rec).unwrap());
    /// assert_eq!(payload, Payload::of(&canonical));
    /// ```
    pub fn of_canonical(record: &Record) -> Result<(Record, Payload), ReplayError> {
        let mut moves = Vec::with_capacity(record.main.moves.len());
        let canonical = crate::replay::normalize_with(record, |m| {
            moves.push(storable(m).then_some(*m));
        })?;
        let events = moves
            .into_iter()
            .zip(&canonical.main.moves)
            .map(|(m, node)| match m {
                Some(m) => Event::Stored(m),
                None => Event::Move(node.san.clone()),
            });
        let payload = encode_with(
            &canonical,
            &mut Observed(events.collect::<Vec<_>>().into_iter()),
        );
        Ok((canonical, Payload(payload)))
    }

    /// The payload of the canonical form of `record`, from one replay that writes no SAN for
    /// the moves it stores as moves: [`of_canonical`](Self::of_canonical) without the
    /// canonical record.
    ///
    /// ```
    /// use citadel_notation::{archive::Payload, pgn, replay};
    /// let rec = &pgn::parse("1. e2e4 e7e5 2. g1f3 *").unwrap()[0];
    /// let payload = Payload::canonical(rec).unwrap();
    /// assert_eq!(payload, Payload::of(&replay::normalize(rec).unwrap()));
    /// ```
    pub fn canonical(record: &Record) -> Result<Payload, ReplayError> {
        let mut events = Vec::with_capacity(record.main.moves.len());
        // the canonical record differs from `record` only in its tags and main-line texts
        let tags = crate::replay::canonical_parts(
            record,
            |m| !storable(m),
            |_, m, san| events.push(san.map_or(Event::Stored(m), Event::Move)),
        )?;
        Ok(Payload(encode_parts(
            &tags,
            record.result,
            &record.main,
            &mut Observed(events.into_iter()),
        )))
    }

    /// Its size in bytes.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether it is empty (never, for a payload of a record).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// Reads a payload's fields.
struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    fn byte(&mut self) -> Result<u8, DecodeError> {
        let (&b, rest) = self.data.split_first().ok_or(DecodeError::Truncated)?;
        self.data = rest;
        Ok(b)
    }

    fn varint(&mut self) -> Result<u64, DecodeError> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            n |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(n);
            }
        }
        Err(DecodeError::BadVarint)
    }

    fn take(&mut self, n: u64) -> Result<&'a [u8], DecodeError> {
        let n = usize::try_from(n).map_err(|_| DecodeError::LengthTooLarge)?;
        if n > self.data.len() {
            return Err(DecodeError::TextPastEnd);
        }
        let (a, b) = self.data.split_at(n);
        self.data = b;
        Ok(a)
    }

    fn text(&mut self, len: u64) -> Result<String, DecodeError> {
        let b = self.take(len)?;
        String::from_utf8(b.to_vec()).map_err(|_| DecodeError::NotUtf8)
    }
}

/// Decodes one game's payload.
fn decode(payload: &[u8]) -> Result<Record, DecodeError> {
    let mut b = Bytes { data: payload };
    let mut record = header(&mut b)?;
    let main = with_main_line(&record, |c| unflatten(&mut b, c))?;
    record.main = main;
    Ok(record)
}

/// Decodes a payload's tags and result: a record without moves, `b` left at the movetext.
fn header(b: &mut Bytes) -> Result<Record, DecodeError> {
    let n = b.varint()?;
    let mut record = Record::default();
    for _ in 0..n {
        let code = b.varint()?;
        let name = match usize::try_from(code).ok().and_then(|c| KNOWN_TAGS.get(c)) {
            Some(k) => k.to_string(),
            None => b.text(code - KNOWN_TAGS.len() as u64)?,
        };
        let len = b.varint()?;
        let value = b.text(len)?;
        if name == DEFINITION_TAG {
            // registers the game (once per definition) before the moves are replayed
            citadel_rules::variants_ini::load_definition(&value)
                .map_err(|e| DecodeError::BadDefinition(e.reason))?;
            continue;
        }
        record.tags.push((name, value));
    }
    record.result = match b.byte()? {
        0 => GameResult::WhiteWins,
        1 => GameResult::BlackWins,
        2 => GameResult::Draw,
        3 => GameResult::Unknown,
        r => return Err(DecodeError::UnknownResult(r)),
    };
    Ok(record)
}

/// Rebuilds the main line from the events of a payload, without recursion.
fn unflatten(b: &mut Bytes, main: &mut dyn MainLine) -> Result<Line, DecodeError> {
    // the line being read is `current`; the lines it branches from are on `stack`
    let mut stack: Vec<Line> = Vec::new();
    let mut current = Line::default();
    while !b.data.is_empty() {
        let op = b.byte()?;
        let depth = stack.len() + 1;
        let line = &mut current;
        match op {
            OP_MOVE => {
                let len = b.varint()?;
                let san = b.text(len)?;
                if depth == 1 {
                    main.follow_text(&san);
                }
                line.moves.push(MoveNode {
                    san,
                    ..MoveNode::default()
                });
            }
            OP_PLAYED => {
                if depth != 1 {
                    return Err(DecodeError::RankInVariation);
                }
                let run = b.varint()?;
                for _ in 0..run {
                    let w = main.rank_width().ok_or(DecodeError::RankWithoutReplay)?;
                    let bytes = b.take(u64::from(w))?;
                    let rank = if w == 1 {
                        u16::from(bytes[0])
                    } else {
                        u16::from_le_bytes([bytes[0], bytes[1]])
                    };
                    let san = main.decode_rank(rank)?;
                    line.moves.push(MoveNode {
                        san,
                        ..MoveNode::default()
                    });
                }
            }
            OP_MOVES => {
                if depth != 1 {
                    return Err(DecodeError::RankInVariation);
                }
                let run = b.varint()?;
                for _ in 0..run {
                    let m = get_move(b)?;
                    let san = main.decode_move(m)?;
                    line.moves.push(MoveNode {
                        san,
                        ..MoveNode::default()
                    });
                }
            }
            OP_NAG => {
                let n = b.byte()?;
                line.moves
                    .last_mut()
                    .ok_or(DecodeError::AnnotationFirst)?
                    .nags
                    .push(n);
            }
            OP_COMMENT => {
                let len = b.varint()?;
                let c = b.text(len)?;
                match line.moves.last_mut() {
                    Some(m) => m.comments.push(c),
                    None => line.comments.push(c),
                }
            }
            OP_OPEN => {
                if line.moves.is_empty() {
                    return Err(DecodeError::VariationFirst);
                }
                if depth > MAX_DEPTH {
                    return Err(DecodeError::TooDeep);
                }
                stack.push(std::mem::take(&mut current));
            }
            OP_CLOSE => {
                let Some(parent) = stack.pop() else {
                    return Err(DecodeError::UnmatchedClose);
                };
                let v = std::mem::replace(&mut current, parent);
                // a line is pushed only once it has a move (checked at its start)
                if let Some(m) = current.moves.last_mut() {
                    m.variations.push(v);
                }
            }
            op => return Err(DecodeError::UnknownEvent(op)),
        }
    }
    if !stack.is_empty() {
        return Err(DecodeError::UnclosedVariation);
    }
    Ok(current)
}

/// Writes an archive game by game: the header first, each [`add`](Self::add)ed record as a
/// frame, and the end marker at [`finish`](Self::finish).
pub struct Writer<W: Write> {
    out: W,
    games: u64,
    /// Bytes written so far.
    pub bytes: u64,
}

impl<W: Write> Writer<W> {
    /// Starts an archive on `out`.
    pub fn new(mut out: W) -> Result<Self, ArchiveError> {
        let mut head = MAGIC.to_vec();
        head.push(VERSION);
        out.write_all(&head)
            .map_err(|e| ArchiveError::Write(e.into()))?;
        Ok(Writer {
            out,
            games: 0,
            bytes: head.len() as u64,
        })
    }

    /// Adds a game.
    pub fn add(&mut self, record: &Record) -> Result<(), ArchiveError> {
        self.add_payload(Payload::of(record))
    }

    /// Adds a game encoded beforehand (on any thread: encoding replays the game, writing
    /// does not).
    pub fn add_payload(&mut self, payload: Payload) -> Result<(), ArchiveError> {
        let payload = payload.0;
        let mut number = Vec::new();
        put_varint(&mut number, self.games + 1);
        let mut frame = Vec::with_capacity(payload.len() + 16);
        put_varint(&mut frame, payload.len() as u64);
        frame.extend_from_slice(&number);
        frame.extend_from_slice(&frame_crc(&number, &payload).to_le_bytes());
        frame.extend_from_slice(&payload);
        self.out
            .write_all(&frame)
            .map_err(|e| ArchiveError::Write(e.into()))?;
        self.games += 1;
        self.bytes += frame.len() as u64;
        Ok(())
    }

    /// Writes the end marker and returns the output.
    pub fn finish(mut self) -> Result<W, ArchiveError> {
        let mut count = Vec::new();
        put_varint(&mut count, self.games);
        let mut end = vec![0];
        end.extend_from_slice(&count);
        end.extend_from_slice(&crc32fast::hash(&count).to_le_bytes());
        self.out
            .write_all(&end)
            .and_then(|_| self.out.flush())
            .map_err(|e| ArchiveError::Write(e.into()))?;
        self.bytes += end.len() as u64;
        Ok(self.out)
    }
}

/// The checksum of a frame: its game number's bytes, then its payload.
fn frame_crc(number: &[u8], payload: &[u8]) -> u32 {
    let mut h = crc32fast::Hasher::new();
    h.update(number);
    h.update(payload);
    h.finalize()
}

/// Encodes records as an archive.
pub fn write(records: &[Record]) -> Result<Vec<u8>, ArchiveError> {
    let mut w = Writer::new(Vec::new())?;
    for r in records {
        w.add(r)?;
    }
    w.finish()
}

/// Whether `bytes` start like an archive.
pub fn is_archive(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC)
}

/// Whether the first bytes of a file look like a damaged archive header: at least 6 of the 8
/// magic bytes in place.
fn damaged_magic(bytes: &[u8]) -> bool {
    bytes.len() >= MAGIC.len() && bytes.iter().zip(MAGIC).filter(|(a, b)| a == b).count() >= 6
}

/// Reads an archive's games one by one (after its header); stops at the first error.
pub struct Reader<R: BufRead> {
    input: R,
    /// The archive's format version.
    version: u8,
    games: usize,
    done: bool,
}

/// Reads one byte; `None` at the end of the input.
fn read_byte<R: BufRead>(r: &mut R) -> Result<Option<u8>, ArchiveError> {
    let mut b = [0u8];
    loop {
        match r.read(&mut b) {
            Ok(0) => return Ok(None),
            Ok(_) => return Ok(Some(b[0])),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(ArchiveError::Io(e.into())),
        }
    }
}

impl<R: BufRead> Reader<R> {
    /// Reads the header of an archive.
    pub fn new(mut input: R) -> Result<Self, ArchiveError> {
        let mut head = [0u8; 9];
        let n = read_full(&mut input, &mut head)?;
        if n < MAGIC.len() || !is_archive(&head) {
            return Err(if damaged_magic(&head[..n]) {
                ArchiveError::Header
            } else {
                ArchiveError::NotAnArchive
            });
        }
        if n < 9 {
            return Err(ArchiveError::NoEnd(0));
        }
        if !(OLDEST_VERSION..=VERSION).contains(&head[8]) {
            return Err(ArchiveError::Version(head[8]));
        }
        Ok(Reader {
            input,
            version: head[8],
            games: 0,
            done: false,
        })
    }

    /// A LEB128 number; `at_end` is the error when the input ends inside it.
    fn varint(&mut self, at_end: ArchiveError) -> Result<Option<u64>, ArchiveError> {
        let mut n = 0u64;
        for (i, shift) in (0..64).step_by(7).enumerate() {
            let Some(b) = read_byte(&mut self.input)? else {
                return if i == 0 { Ok(None) } else { Err(at_end) };
            };
            n |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(Some(n));
            }
        }
        Err(ArchiveError::TooLong(self.games + 1, u64::MAX))
    }

    /// The next game's frame, its checksum and place checked but its payload not decoded
    /// (`None` after the end marker or after an error). [`Frame::decode`] decodes it, on any
    /// thread.
    pub fn next_frame(&mut self) -> Option<Result<Frame, ArchiveError>> {
        if self.done {
            return None;
        }
        match self.frame() {
            Ok(Some(f)) => Some(Ok(f)),
            Ok(None) => {
                self.done = true;
                None
            }
            Err(e) => {
                self.done = true;
                Some(Err(e))
            }
        }
    }

    fn frame(&mut self) -> Result<Option<Frame>, ArchiveError> {
        let g = self.games + 1;
        let Some(len) = self.varint(ArchiveError::Truncated(g))? else {
            return Err(ArchiveError::NoEnd(self.games));
        };
        if len == 0 {
            return self.end().map(|()| None);
        }
        if len > MAX_PAYLOAD {
            return Err(ArchiveError::TooLong(g, len));
        }
        // the frame's game number, as its bytes (version 3 on)
        let mut number = Vec::new();
        if self.version >= 3 {
            loop {
                let b = read_byte(&mut self.input)?.ok_or(ArchiveError::Truncated(g))?;
                number.push(b);
                if b & 0x80 == 0 {
                    break;
                }
                if number.len() >= 10 {
                    return Err(ArchiveError::Checksum(g));
                }
            }
        }
        let mut crc = [0u8; 4];
        if read_full(&mut self.input, &mut crc)? < 4 {
            return Err(ArchiveError::Truncated(g));
        }
        let mut payload = Vec::new();
        (&mut self.input)
            .take(len)
            .read_to_end(&mut payload)
            .map_err(|e| ArchiveError::Io(e.into()))?;
        if (payload.len() as u64) < len {
            return Err(ArchiveError::Truncated(g));
        }
        if frame_crc(&number, &payload) != u32::from_le_bytes(crc) {
            return Err(ArchiveError::Checksum(g));
        }
        if self.version >= 3 {
            let held = Bytes { data: &number }
                .varint()
                .map_err(|_| ArchiveError::Checksum(g))?;
            if held != g as u64 {
                return Err(ArchiveError::Misplaced(g, held));
            }
        }
        self.games = g;
        Ok(Some(Frame { number: g, payload }))
    }

    /// Checks the end marker (after its `0`) and that nothing follows it.
    fn end(&mut self) -> Result<(), ArchiveError> {
        let bad = ArchiveError::BadEnd(self.games);
        let short = ArchiveError::EndTruncated(self.games);
        let mut count = Vec::new();
        loop {
            let b = read_byte(&mut self.input)?.ok_or(short.clone())?;
            count.push(b);
            if b & 0x80 == 0 {
                break;
            }
            if count.len() > 10 {
                return Err(bad);
            }
        }
        let mut crc = [0u8; 4];
        if read_full(&mut self.input, &mut crc)? < 4 {
            return Err(short);
        }
        if crc32fast::hash(&count) != u32::from_le_bytes(crc) {
            return Err(bad);
        }
        let n = Bytes { data: &count }.varint().map_err(|_| bad.clone())?;
        if n != self.games as u64 {
            return Err(bad);
        }
        if read_byte(&mut self.input)?.is_some() {
            return Err(ArchiveError::Trailing(self.games));
        }
        Ok(())
    }
}

/// Reads until `buf` is full or the input ends; the number of bytes read.
fn read_full<R: Read>(r: &mut R, buf: &mut [u8]) -> Result<usize, ArchiveError> {
    let mut n = 0;
    while n < buf.len() {
        match r.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(ArchiveError::Io(e.into())),
        }
    }
    Ok(n)
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<Record, ArchiveError>;

    fn next(&mut self) -> Option<Self::Item> {
        let decoded = self.next_frame()?.and_then(|f| f.decode());
        // a payload that does not decode ends the reading, as any other damage does
        self.done |= decoded.is_err();
        Some(decoded)
    }
}

/// One game of an archive as stored: its number and its payload, checksum and place checked,
/// not yet decoded (decoding replays the game, so a reader hands frames to worker threads).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Frame {
    number: usize,
    payload: Vec<u8>,
}

impl Frame {
    /// The game's number in its archive, from 1.
    pub fn number(&self) -> usize {
        self.number
    }

    /// The size of the payload in bytes (about two bytes per move).
    pub fn len(&self) -> usize {
        self.payload.len()
    }

    /// Whether the payload is empty (never, in a frame read from an archive).
    pub fn is_empty(&self) -> bool {
        self.payload.is_empty()
    }

    /// The game's record, or why its payload does not decode
    /// ([`ArchiveError::Malformed`]).
    pub fn decode(&self) -> Result<Record, ArchiveError> {
        decode(&self.payload).map_err(|e| ArchiveError::Malformed(self.number, e))
    }

    /// Validates the game ([`replay::validate`](crate::replay::validate)) straight from its
    /// payload: stored moves are tested one by one and played without being written as text,
    /// all the legal moves being generated only at the end (and where a move is stored as
    /// text or by rank). `None` when anything is wrong with the game — a payload that does
    /// not decode, an illegal move, a move after the end, a result the rules contradict: then
    /// [`decode`](Self::decode) and validate the record to learn what and where.
    ///
    /// ```
    /// use citadel_notation::{archive, pgn};
    /// let games = pgn::parse("[Variant \"chess\"]\n\n1. f3 e5 2. g4 Qh4# 0-1").unwrap();
    /// let bytes = archive::write(&games).unwrap();
    /// let frame = archive::Reader::new(&bytes[..]).unwrap().next_frame().unwrap().unwrap();
    /// let r = frame.validate().unwrap();
    /// assert_eq!((r.plies, r.termination()), (4, "checkmate"));
    ///
    /// let wrong = pgn::parse("1. f3 e5 2. g4 Qh4# 1-0").unwrap();
    /// let bytes = archive::write(&wrong).unwrap();
    /// let frame = archive::Reader::new(&bytes[..]).unwrap().next_frame().unwrap().unwrap();
    /// assert!(frame.validate().is_none());
    /// ```
    pub fn validate(&self) -> Option<Replayed> {
        validate::validate(&self.payload)
    }
}

/// Decodes a whole archive.
pub fn read(bytes: &[u8]) -> Result<Vec<Record>, ArchiveError> {
    Reader::new(bytes)?.collect()
}
