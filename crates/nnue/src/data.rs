//! Training data: positions of one game with the search's score and the game's result, in a
//! compact binary file that [`DataWriter`] writes and [`DataReader`] reads back.
//!
//! A file is a header, then records to its end (all numbers little-endian):
//!
//! | bytes | what |
//! | --- | --- |
//! | 8 | the magic `CITDATA1` |
//! | 4 | `u32`: the length `H` of the header's text |
//! | `H` | the header ([`Header`]) as JSON: format version, game, cells, piece kinds and their letters, and how the data was made |
//! | … | records |
//!
//! A record is `7 + 2n` bytes for a position with `n` pieces:
//!
//! | bytes | what |
//! | --- | --- |
//! | 1 | flags: bit 0 the side to move (0 White, 1 Black); the other bits 0 |
//! | 1 | `n`, the number of pieces |
//! | 2 | `i16`: the search's score in centipawns, from the side to move's point of view (a mate in `p` plies is ±(32000 − `p`); nothing beyond ±[`MATE_SCORE`]) |
//! | 1 | `i8`: the game's result from the side to move's point of view: 1 a win, 0 a draw, −1 a loss |
//! | 2 | `u16`: the position's ply in its game (0 at the start position) |
//! | 2n | each piece: its cell's index (`u8`), then its kind (bits 0–6) and colour (bit 7: Black) |
//!
//! The pieces are in the order of their cells. Cells are the board's dense indices (the
//! geometry's), so the same format holds Tamerlane's 112 cells, the Persian boards' 85 and the
//! round board's 64.
//!
//! ```
//! use citadel_nnue::data::{DataReader, DataWriter, Header, Sample};
//! use citadel_rules::{Color, Position, Shatranj};
//! let pos = Position::<Shatranj>::start();
//! let mut w = DataWriter::new(Vec::new(), &Header::of::<Shatranj>(serde_json::json!({}))).unwrap();
//! w.write(&Sample::of(&pos, 35, 1)).unwrap();
//! let bytes = w.finish().unwrap();
//! let mut r = DataReader::new(&bytes[..]).unwrap();
//! assert_eq!(r.header().variant, "shatranj");
//! let s = r.next().unwrap().unwrap();
//! assert_eq!((s.turn, s.score, s.result, s.pieces.len()), (Color::White, 35, 1, 32));
//! assert!(r.next().is_none());
//! ```

use citadel_rules::{Color, Game, Position};
use serde::{Deserialize, Serialize};
use std::io::{self, Read, Write};

/// The file's first bytes.
pub const MAGIC: &[u8; 8] = b"CITDATA1";
/// The format version the header names.
pub const FORMAT: u32 = 1;
/// The score a mate is clamped to (centipawns).
pub const MATE_SCORE: i16 = 32_000;
/// The longest header read (bytes).
pub const MAX_HEADER: u32 = 1 << 20;

/// What a file holds, and how it was made.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// The format version ([`FORMAT`]).
    pub format: u32,
    /// The game's id.
    pub variant: String,
    /// Cells of its board (every cell index is below).
    pub cells: u32,
    /// Piece kinds of the game (every kind is below).
    pub kinds: u32,
    /// Each kind's letter in FEN (lowercase), in the order of the kinds.
    pub letters: Vec<String>,
    /// How the data was made (the generator's settings), kept as given.
    pub generator: serde_json::Value,
}

impl Header {
    /// The header of data of game `G`, made as `generator` says.
    pub fn of<G: Game>(generator: serde_json::Value) -> Header {
        let cfg = G::config();
        Header {
            format: FORMAT,
            variant: cfg.id.to_string(),
            cells: cfg.geometry().len() as u32,
            kinds: cfg.pieces.defs().len() as u32,
            letters: letters::<G>(),
            generator,
        }
    }
}

/// Each of game `G`'s piece kinds' FEN letter, lowercase, in the kinds' order.
pub fn letters<G: Game>() -> Vec<String> {
    G::config()
        .pieces
        .defs()
        .iter()
        .map(|d| d.letter.to_ascii_lowercase().to_string())
        .collect()
}

/// One position with its score and result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The side to move.
    pub turn: Color,
    /// The search's score, centipawns from the side to move's point of view.
    pub score: i16,
    /// The game's result from the side to move's point of view: 1, 0 or −1.
    pub result: i8,
    /// The position's ply in its game.
    pub ply: u16,
    /// The pieces by cell: cell index, kind, colour.
    pub pieces: Vec<(u8, u8, Color)>,
}

impl Sample {
    /// The sample of `pos` with `score` (centipawns, side to move; clamped to
    /// ±[`MATE_SCORE`]) and `result` (side to move: 1, 0, −1).
    pub fn of<G: Game>(pos: &Position<G>, score: i32, result: i8) -> Sample {
        let pieces = G::config()
            .geometry()
            .all()
            .iter()
            .filter_map(|sq| {
                pos.piece_at(sq)
                    .map(|p| (sq.index() as u8, p.kind, p.color))
            })
            .collect();
        Sample {
            turn: pos.turn(),
            score: score.clamp(-(MATE_SCORE as i32), MATE_SCORE as i32) as i16,
            result: result.signum(),
            ply: pos.ply_count().min(u16::MAX as usize) as u16,
            pieces,
        }
    }

    /// Its length in a file.
    pub fn len_bytes(&self) -> usize {
        7 + 2 * self.pieces.len()
    }
}

/// What went wrong reading or writing data.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// Reading or writing failed.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// The file does not start with [`MAGIC`].
    #[error("not a Citadel training data file (it does not start with `CITDATA1`)")]
    Magic,
    /// The header is too long or not the JSON of a [`Header`].
    #[error("the header: {0}")]
    Header(String),
    /// The header names a format this reader does not know.
    #[error("format {0} (this reader knows format {FORMAT})")]
    Format(u32),
    /// A game whose board or pieces do not fit the format.
    #[error("{variant}: {cells} cells and {kinds} piece kinds do not fit (at most 256 and 128)")]
    TooLarge {
        /// The game.
        variant: String,
        /// Its cells.
        cells: u32,
        /// Its kinds.
        kinds: u32,
    },
    /// A record ends before its length.
    #[error("record {record} at byte {offset}: the file ends inside it")]
    Truncated {
        /// The record's number, from 1.
        record: u64,
        /// Its first byte's offset in the file.
        offset: u64,
    },
    /// A record that breaks the format.
    #[error("record {record} at byte {offset}: {reason}")]
    Record {
        /// The record's number, from 1.
        record: u64,
        /// Its first byte's offset in the file.
        offset: u64,
        /// What is wrong.
        reason: String,
    },
}

/// Writes a data file: its header, then one record per [`DataWriter::write`].
pub struct DataWriter<W: Write> {
    out: W,
    records: u64,
    buf: Vec<u8>,
}

impl<W: Write> DataWriter<W> {
    /// Starts a file on `out` with `header`.
    pub fn new(mut out: W, header: &Header) -> Result<Self, DataError> {
        if header.cells > 256 || header.kinds > 128 {
            return Err(DataError::TooLarge {
                variant: header.variant.clone(),
                cells: header.cells,
                kinds: header.kinds,
            });
        }
        let text = serde_json::to_vec(header).map_err(|e| DataError::Header(e.to_string()))?;
        out.write_all(MAGIC)?;
        out.write_all(&(text.len() as u32).to_le_bytes())?;
        out.write_all(&text)?;
        Ok(DataWriter {
            out,
            records: 0,
            buf: Vec::with_capacity(512),
        })
    }

    /// Appends a sample.
    pub fn write(&mut self, s: &Sample) -> Result<(), DataError> {
        let b = &mut self.buf;
        b.clear();
        b.push(u8::from(s.turn == Color::Black));
        b.push(s.pieces.len().min(255) as u8);
        b.extend_from_slice(&s.score.to_le_bytes());
        b.push(s.result as u8);
        b.extend_from_slice(&s.ply.to_le_bytes());
        for &(cell, kind, color) in s.pieces.iter().take(255) {
            b.push(cell);
            b.push(kind & 0x7f | if color == Color::Black { 0x80 } else { 0 });
        }
        self.out.write_all(b)?;
        self.records += 1;
        Ok(())
    }

    /// Samples written so far.
    pub fn records(&self) -> u64 {
        self.records
    }

    /// Flushes the file and returns its output.
    pub fn finish(mut self) -> Result<W, DataError> {
        self.out.flush()?;
        Ok(self.out)
    }
}

/// Reads a data file: its header, then its samples as an iterator.
pub struct DataReader<R: Read> {
    input: R,
    header: Header,
    record: u64,
    offset: u64,
    failed: bool,
}

/// Reads as many bytes as `buf` holds, or fewer at the end of the input.
fn fill<R: Read>(r: &mut R, buf: &mut [u8]) -> io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match r.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

impl<R: Read> DataReader<R> {
    /// Reads the header of `input`.
    pub fn new(mut input: R) -> Result<Self, DataError> {
        let mut head = [0u8; 12];
        if fill(&mut input, &mut head)? < 12 || &head[..8] != MAGIC {
            return Err(DataError::Magic);
        }
        let len = u32::from_le_bytes([head[8], head[9], head[10], head[11]]);
        if len > MAX_HEADER {
            return Err(DataError::Header(format!(
                "{len} bytes long (at most {MAX_HEADER})"
            )));
        }
        let mut text = vec![0u8; len as usize];
        if fill(&mut input, &mut text)? < text.len() {
            return Err(DataError::Header("the file ends inside it".into()));
        }
        let header: Header =
            serde_json::from_slice(&text).map_err(|e| DataError::Header(e.to_string()))?;
        if header.format != FORMAT {
            return Err(DataError::Format(header.format));
        }
        if header.cells > 256 || header.kinds > 128 {
            return Err(DataError::TooLarge {
                variant: header.variant,
                cells: header.cells,
                kinds: header.kinds,
            });
        }
        Ok(DataReader {
            input,
            header,
            record: 0,
            offset: 12 + len as u64,
            failed: false,
        })
    }

    /// The file's header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    fn read_one(&mut self) -> Option<Result<Sample, DataError>> {
        let mut fixed = [0u8; 7];
        let got = match fill(&mut self.input, &mut fixed) {
            Ok(n) => n,
            Err(e) => return Some(Err(e.into())),
        };
        if got == 0 {
            return None;
        }
        self.record += 1;
        let (record, offset) = (self.record, self.offset);
        let bad = |reason: String| DataError::Record {
            record,
            offset,
            reason,
        };
        if got < fixed.len() {
            return Some(Err(DataError::Truncated { record, offset }));
        }
        if fixed[0] > 1 {
            return Some(Err(bad(format!(
                "flags {:#04x} (only bit 0 is used)",
                fixed[0]
            ))));
        }
        let n = fixed[1] as usize;
        let result = fixed[4] as i8;
        if !(-1..=1).contains(&result) {
            return Some(Err(bad(format!("result {result} (not 1, 0 or -1)"))));
        }
        let mut raw = vec![0u8; 2 * n];
        match fill(&mut self.input, &mut raw) {
            Ok(k) if k == raw.len() => {}
            Ok(_) => return Some(Err(DataError::Truncated { record, offset })),
            Err(e) => return Some(Err(e.into())),
        }
        let mut pieces = Vec::with_capacity(n);
        let mut last: Option<u8> = None;
        for pair in raw.chunks_exact(2) {
            let (cell, kind) = (pair[0], pair[1] & 0x7f);
            if u32::from(cell) >= self.header.cells || u32::from(kind) >= self.header.kinds {
                return Some(Err(bad(format!(
                    "a piece of kind {kind} on cell {cell} (the game has {} cells and {} kinds)",
                    self.header.cells, self.header.kinds
                ))));
            }
            if last.is_some_and(|l| l >= cell) {
                return Some(Err(bad(format!("cell {cell} out of order or twice"))));
            }
            last = Some(cell);
            let color = if pair[1] & 0x80 != 0 {
                Color::Black
            } else {
                Color::White
            };
            pieces.push((cell, kind, color));
        }
        self.offset += 7 + raw.len() as u64;
        Some(Ok(Sample {
            turn: if fixed[0] & 1 == 1 {
                Color::Black
            } else {
                Color::White
            },
            score: i16::from_le_bytes([fixed[2], fixed[3]]),
            result,
            ply: u16::from_le_bytes([fixed[5], fixed[6]]),
            pieces,
        }))
    }
}

impl<R: Read> Iterator for DataReader<R> {
    type Item = Result<Sample, DataError>;

    /// The next sample; after an error, nothing more (the records' boundaries are lost).
    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let r = self.read_one();
        if matches!(r, Some(Err(_))) {
            self.failed = true;
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use citadel_rules::{Byzantine, Tamerlane};

    fn header<G: Game>() -> Header {
        Header::of::<G>(serde_json::json!({ "nodes": 5000 }))
    }

    #[test]
    fn every_board_round_trips() {
        let t = Position::<Tamerlane>::start();
        let b = Position::<Byzantine>::start();
        let mut w = DataWriter::new(Vec::new(), &header::<Tamerlane>()).unwrap();
        let samples = [Sample::of(&t, -40_000, -1), Sample::of(&t, 12, 0)];
        for s in &samples {
            w.write(s).unwrap();
        }
        let bytes = w.finish().unwrap();
        let r = DataReader::new(&bytes[..]).unwrap();
        assert_eq!(r.header().cells, 112);
        assert_eq!(r.header().generator["nodes"], 5000);
        let back: Vec<Sample> = r.map(Result::unwrap).collect();
        assert_eq!(back, samples);
        assert_eq!(back[0].score, -MATE_SCORE);
        let s = Sample::of(&b, 0, 0);
        assert_eq!(s.len_bytes(), 7 + 2 * 32);
    }

    #[test]
    fn damaged_files_are_refused_with_the_place() {
        let t = Position::<Tamerlane>::start();
        let mut w = DataWriter::new(Vec::new(), &header::<Tamerlane>()).unwrap();
        w.write(&Sample::of(&t, 0, 0)).unwrap();
        w.write(&Sample::of(&t, 0, 0)).unwrap();
        let bytes = w.finish().unwrap();
        let head = bytes.len() - 2 * Sample::of(&t, 0, 0).len_bytes();

        let cut = &bytes[..bytes.len() - 3];
        let errs: Vec<String> = DataReader::new(cut)
            .unwrap()
            .filter_map(Result::err)
            .map(|e| e.to_string())
            .collect();
        let second = head + Sample::of(&t, 0, 0).len_bytes();
        assert_eq!(
            errs,
            [format!(
                "record 2 at byte {second}: the file ends inside it"
            )]
        );

        let mut bad = bytes.clone();
        bad[head + 4] = 7; // the first record's result
        let err = DataReader::new(&bad[..])
            .unwrap()
            .next()
            .unwrap()
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("record 1 at byte {head}: result 7 (not 1, 0 or -1)")
        );

        let mut bad = bytes.clone();
        bad[head + 7] = 200; // the first piece's cell
        let err = DataReader::new(&bad[..])
            .unwrap()
            .next()
            .unwrap()
            .unwrap_err();
        assert!(err
            .to_string()
            .contains("on cell 200 (the game has 112 cells"));

        assert!(matches!(
            DataReader::new(&b"CITDATA2...."[..]),
            Err(DataError::Magic)
        ));
        assert!(matches!(
            DataReader::new(&b"CIT"[..]),
            Err(DataError::Magic)
        ));
        let mut long = MAGIC.to_vec();
        long.extend_from_slice(&u32::MAX.to_le_bytes());
        assert!(DataReader::new(&long[..])
            .err()
            .unwrap()
            .to_string()
            .starts_with("the header: 4294967295 bytes long"));
    }
}
